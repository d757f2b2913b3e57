// SPDX-License-Identifier: BSL-1.0
//
// `urn abnf diff`'s judges and report (abnf_diff_report.hpp).
#include "abnf_diff_report.hpp"

#include "out_buffer.hpp"
#include "shown.hpp"

#include <cstdio>
#include <optional>
#include <string>
#include <vector>

namespace urn_tool {

/// `s` with bytes outside printable ASCII (and "\") as \xHH, in quotes.
std::string quoted(std::string_view s)
{
    std::string out = "\"";
    for (unsigned char c : s) {
        if (c >= 0x20 && c < 0x7F && c != '\\' && c != '"') {
            out += static_cast<char>(c);
        } else {
            char buf[5];
            std::snprintf(buf, sizeof buf, "\\x%02X", c);
            out += buf;
        }
    }
    return out + "\"";
}

namespace {

urns::abnf::judgement rejected(std::size_t offset, std::string_view expected,
                               urns::expected_alternatives const& also)
{
    urns::abnf::judgement j{false, offset, {std::string(expected)}};
    for (std::string_view n : also)
        j.expected.emplace_back(n);
    return j;
}

} // namespace

std::function<urns::abnf::judgement(std::string_view)> parse_judge(urns::parse_options const& po)
{
    return [&po](std::string_view s) {
        auto const r = urns::parse_urn(s, po);
        return r ? urns::abnf::judgement{true, 0, {}}
                 : rejected(r.error().offset, r.error().expected, r.error().also_expected);
    };
}

std::function<urns::abnf::judgement(std::string_view)> namespace_judge(urns::nss::namespace_rules const& rules)
{
    return [&rules](std::string_view s) {
        std::optional<urns::nss::nss_fault> const f = rules.check(s);
        return f ? rejected(f->offset, f->expected, f->also_expected) : urns::abnf::judgement{true, 0, {}};
    };
}

void write_diff_report(out_buffer& w, urns::abnf::diff_report const& r, std::string const& judge_name,
                       std::string_view compare)
{
    auto const names = [&w](std::vector<std::string> const& v) {
        if (v.empty())
            w.write("nothing");
        for (std::size_t i = 0; i < v.size(); ++i) {
            if (i > 0)
                w.write(i + 1 == v.size() ? " or " : ", ");
            w.write(v[i]);
        }
    };
    for (urns::abnf::disagreement const& x : r.first) {
        w.write(quoted(x.input));
        using kind = urns::abnf::disagreement::kind;
        if (x.what == kind::verdict) {
            w.write(": ABNF ");
            w.write(x.abnf ? "accepts" : "rejects");
            w.write(", ");
            w.write(judge_name);
            w.write(x.judge ? " accepts" : " rejects");
        } else if (x.what == kind::offset) {
            w.write(": both reject, ABNF at offset ");
            w.number(x.abnf_offset);
            w.write(", ");
            w.write(judge_name);
            if (x.judge_offset == std::size_t(-1)) {
                w.write(" in the prefix");
            } else {
                w.write(" at ");
                w.number(x.judge_offset);
            }
        } else {
            w.write(": both reject at offset ");
            w.number(x.abnf_offset);
            w.write(", ABNF expects ");
            names(x.abnf_expected);
            w.write(", ");
            w.write(judge_name);
            w.write(" ");
            names(x.judge_expected);
        }
        w.put('\n');
    }
    w.number(r.inputs);
    w.write(" inputs (");
    w.number(r.valid);
    w.write(" valid), ");
    w.number(r.disagreements);
    w.write(r.disagreements == 1 ? " disagreement" : " disagreements");
    if (compare != "verdict") {
        w.write(" (");
        w.number(r.disagreements - r.offset_disagreements - r.expected_disagreements);
        w.write(" of verdict, ");
        w.number(r.offset_disagreements);
        w.write(" of offset");
        if (compare == "expected") {
            w.write(", ");
            w.number(r.expected_disagreements);
            w.write(" of names expected");
        }
        w.write(")");
    }
    if (r.undecided > 0) {
        w.write(", ");
        w.number(r.undecided);
        w.write(" without a verdict (step limit)");
    }
    w.put('\n');
}

} // namespace urn_tool
