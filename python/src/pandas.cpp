// SPDX-License-Identifier: BSL-1.0
// urns.pandas's _column: one value of each text of a column (valid,
// canonical, a component, the error, the fields), computed a chunk at a
// time without the GIL, and no URN object made.
#include "urn.hpp"

#include <array>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace urns_python {

namespace {

/// What _column gives of each text.
enum class column_kind {
    valid,
    canonical,
    nid,
    nss,
    assigned_name,
    query,
    r_component,
    q_component,
    f_component,
    error,
    fields,
    urn
};

column_kind get_column_kind(PyObject* o)
{
    static std::pair<char const*, column_kind> const names[] = {
        {"valid", column_kind::valid},
        {"canonical", column_kind::canonical},
        {"nid", column_kind::nid},
        {"nss", column_kind::nss},
        {"assigned_name", column_kind::assigned_name},
        {"query", column_kind::query},
        {"r_component", column_kind::r_component},
        {"q_component", column_kind::q_component},
        {"f_component", column_kind::f_component},
        {"error", column_kind::error},
        {"fields", column_kind::fields},
        {"urn", column_kind::urn},
    };
    std::string const what = str_arg(o, "what");
    for (auto const& [name, kind] : names)
        if (what == name)
            return kind;
    throw py::value_error("unknown column '" + what + "'");
}

/// The text of a component that may be absent.
std::optional<std::string> component(bool present, std::string_view v)
{
    return present ? std::optional<std::string>(std::string(v)) : std::nullopt;
}

/// The value of a column of str of a URN (canonical, nid, nss,
/// assigned_name, a component): none where the component is absent.
std::optional<std::string> text_value(column_kind kind, urns::urn_view const& u,
                                      std::optional<urns::equivalence_mode> md, ns_arg const& ns)
{
    switch (kind) {
    case column_kind::canonical: return canonical_of(u, mode_for(u, md), ns);
    case column_kind::nid: return std::string(u.nid());
    case column_kind::nss: return std::string(u.nss());
    case column_kind::assigned_name: return std::string(u.assigned_name());
    case column_kind::query: return component(u.has_query(), u.query());
    case column_kind::r_component: return component(u.has_r_component(), u.r_component());
    case column_kind::q_component: return component(u.has_q_component(), u.q_component());
    case column_kind::f_component: return component(u.has_f_component(), u.f_component());
    default: return std::nullopt;
    }
}

/// Row i of the "error" columns (offsets, codes, expected names, messages,
/// other names): a text's parse error, that of a str UTF-8 cannot encode
/// (`unencodable`: the encoder's message), or None in each.
void set_error_row(std::array<py::list, 5>& columns, std::size_t i, bool usable, std::string const& unencodable,
                   std::optional<urns::parse_error> const& failed, std::string_view text)
{
    py::object offset = py::none(), code = py::none(), expected = py::none(), message = py::none(),
               also = py::none();
    if (!usable && !unencodable.empty()) {
        code = py::str("unencodable");
        expected = py::str("");
        message = py::str(unencodable);
        also = py::tuple();
    } else if (failed) {
        offset = py::int_(failed->offset);
        code = py::str(std::string(urns::error_code_name(failed->code)));
        expected = lenient_str(failed->expected);
        message = lenient_str(urns::to_string(*failed, text));
        also = names_tuple(failed->also_expected);
    }
    columns[0][i] = offset;
    columns[1][i] = code;
    columns[2][i] = expected;
    columns[3][i] = message;
    columns[4][i] = also;
}

/** For urns.pandas: one value of each text, computed without the GIL a
    chunk at a time. "valid": bytes, 1 or 0 per
    text (numpy.frombuffer reads it as a bool array); "canonical", "nid",
    "nss", "assigned_name", "query", "r_component", "q_component",
    "f_component": a list of str, None where the text is not a URN (or the
    component is absent); "error": five lists (offsets, codes, expected
    rule names, messages, tuples of the other names expected), None in
    each where the text is a URN; "fields":
    a list of the tuples URN.fields gives (() where the text is not a
    URN); "urn": a list of urns.URN, None where the text is not a URN (the
    one kind that makes an object per URN). None is a missing value: not valid, None in every list (() for
    "fields"), no error. A str that UTF-8 cannot encode is not a URN (its
    error: offset None, code 'unencodable', expected '', the encoder's
    message); any other item that is neither str nor bytes-like raises
    TypeError with its index. */
py::object fn_column(PyObject** a)
{
    column_kind const kind = get_column_kind(a[1]);
    urns::syntax const syn = get_syntax(a[2]);
    ns_arg const ns = get_namespaces(a[3]);
    auto const md = get_mode(a[4]);
    if (kind == column_kind::valid) // as urns.is_valid_many, by the accessor's rule for items
        return valid_bytes(a[0], syn, ns, item_rule::column);
    ns_arg const field_ns = kind == column_kind::fields ? (ns ? ns : default_namespaces()) : ns_arg{};
    py::object seq = batch_items(a[0], "texts");
    auto const n = static_cast<std::size_t>(PySequence_Fast_GET_SIZE(seq.ptr()));
    PyObject** items = PySequence_Fast_ITEMS(seq.ptr());
    py::list out;
    if (kind != column_kind::error)
        out = py::list(n);
    std::array<py::list, 5> error_columns; // "error": offsets, codes, expected names, messages, other names
    if (kind == column_kind::error)
        for (py::list& c : error_columns)
            c = py::list(n);
    std::vector<std::string_view> texts;
    std::vector<char> usable;
    std::vector<std::optional<urns::urn_view>> parsed;
    std::vector<std::optional<std::string>> values;
    std::vector<std::optional<urns::parse_error>> failed;
    std::deque<std::string> copies;
    std::vector<std::string> unencodable;
    urns::parse_options const o{syn, ns.reg};
    for (std::size_t start = 0; start < n; start += chunk_items) {
        std::size_t const end = std::min(n, start + chunk_items);
        std::size_t const m = end - start;
        texts.assign(m, std::string_view());
        usable.assign(m, 1);
        unencodable.assign(m, std::string());
        copies.clear();
        for (std::size_t i = start; i < end; ++i) {
            py::object exc;
            switch (batch_item(item_rule::column, items[i], i, texts[i - start], copies, exc)) {
            case item_is::text: continue;
            case item_is::not_urn: // a str that UTF-8 cannot encode
                unencodable[i - start] = py::str(exc).cast<std::string>();
                break;
            case item_is::missing:
            case item_is::error: break;
            }
            usable[i - start] = 0;
        }
        parsed.assign(m, std::nullopt);
        values.assign(m, std::nullopt);
        failed.assign(m, std::nullopt);
        {
            py::gil_scoped_release nogil;
            for (std::size_t k = 0; k < m; ++k) {
                if (!usable[k])
                    continue;
                auto r = urns::parse_urn(texts[k], o);
                if (!r) {
                    failed[k] = r.error();
                    continue;
                }
                if (kind == column_kind::error || kind == column_kind::fields || kind == column_kind::urn)
                    parsed[k] = *r; // views into texts[k], alive until the chunk is done
                else
                    values[k] = text_value(kind, *r, md, ns);
            }
        }
        for (std::size_t k = 0; k < m; ++k) {
            bool const ok = usable[k] && !failed[k];
            switch (kind) {
            case column_kind::error:
                set_error_row(error_columns, start + k, usable[k], unencodable[k], failed[k], texts[k]);
                continue;
            case column_kind::fields:
                out[start + k] = ok ? fields_of_urn(*parsed[k], field_ns) : py::object(py::tuple());
                continue;
            case column_kind::urn: // None where not a URN, as parse_many(errors='none'): an undecided NSS raises
                out[start + k] = ok          ? make_urn_object(*parsed[k], &urn_type, &ns)
                                 : failed[k] ? failed_item(on_error::none, *failed[k], texts[k], start + k)
                                             : py::object(py::none());
                continue;
            default:
                out[start + k] = values[k] ? ascii_obj(*values[k]) : py::object(py::none());
                continue;
            }
        }
    }
    if (kind == column_kind::error)
        return py::make_tuple(error_columns[0], error_columns[1], error_columns[2], error_columns[3],
                              error_columns[4]);
    return std::move(out);
}

} // namespace

void init_pandas(py::module_& m)
{
    add_function(m, "urns._urns", "_column", {"texts", "what", "syntax='rfc2141bis'", "namespaces=False", "mode=None"},
                 fn_column,
                 "For urns.pandas: one value of each text (valid, canonical, nid, nss,\n"
                 "assigned_name, query, r_component, q_component, f_component, error,\n"
                 "fields or urn), computed with the GIL released; 'valid' gives bytes of 1 and 0.");
}

} // namespace urns_python
