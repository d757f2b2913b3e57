// SPDX-License-Identifier: BSL-1.0
// The WebAssembly module of the JavaScript package (web/package/urns.js):
// a C interface over the library. Strings come in as UTF-8 in one input
// buffer that the JavaScript side fills (urns_input); results go out as a
// vector of 32-bit words and a string of bytes, whose place and sizes the
// four words of urns_header() give after each call. Offsets go out in bytes
// and in UTF-16 code units (JavaScript's string indices), so that the
// JavaScript side never converts them itself.
//
// Compiled grammars and namespaces made from ABNF live in a table of
// handles with a bounded size: past it the least recently used one is
// dropped, and the JavaScript object that named it compiles it again from
// its source on its next use (web/package/urns.js). So the module's memory
// stays bounded whatever the program does, whether or not its garbage
// collector runs.
#include <urns/abnf.hpp>
#include <urns/equivalence.hpp>
#include <urns/error.hpp>
#include <urns/extract.hpp>
#include <urns/nss/abnf.hpp>
#include <urns/nss/equivalence.hpp>
#include <urns/nss/registry.hpp>
#include <urns/nss/shipped.hpp>
#include <urns/parse.hpp>

#include <emscripten/emscripten.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#define URNS_EXPORT extern "C" EMSCRIPTEN_KEEPALIVE

namespace {

// The input buffer: JavaScript writes UTF-8 here.
char* input = nullptr;
std::size_t input_capacity = 0;

// The output of the last call.
std::vector<std::uint32_t> words;
std::string text;
// Where the output is: words' address and count, text's address and size.
std::uint32_t header[4];

void publish()
{
    header[0] = static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(words.data()));
    header[1] = static_cast<std::uint32_t>(words.size());
    header[2] = static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(text.data()));
    header[3] = static_cast<std::uint32_t>(text.size());
}

void reset()
{
    words.clear();
    text.clear();
}

void word(std::size_t w) { words.push_back(static_cast<std::uint32_t>(w)); }

// A string of the output: its offset in `text` and its size.
void string_out(std::string_view s)
{
    word(text.size());
    word(s.size());
    text.append(s.data(), s.size());
}

// UTF-16 code units of well-formed UTF-8 (what TextEncoder writes): one for
// each byte that starts a character, two for a four-byte character.
std::size_t utf16_units(std::string_view s) noexcept
{
    std::size_t n = 0;
    for (unsigned char c : s)
        n += ((c & 0xC0) != 0x80) + (c >= 0xF0);
    return n;
}

// Byte offsets of one text to UTF-16 offsets, moving forwards (and, for
// the occasional step back, from the start).
class utf16_cursor {
public:
    explicit utf16_cursor(std::string_view s) noexcept : s_(s) {}
    std::size_t at(std::size_t byte) noexcept
    {
        if (byte < byte_) {
            byte_ = 0;
            unit_ = 0;
        }
        byte = std::min(byte, s_.size());
        unit_ += utf16_units(s_.substr(byte_, byte - byte_));
        byte_ = byte;
        return unit_;
    }

private:
    std::string_view s_;
    std::size_t byte_ = 0;
    std::size_t unit_ = 0;
};

// An offset both ways.
void offset_out(utf16_cursor& c, std::size_t byte)
{
    word(byte);
    word(c.at(byte));
}

bool valid_utf8(std::string_view s) noexcept
{
    std::size_t i = 0;
    auto const b = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    while (i < s.size()) {
        unsigned char const c = b(i);
        std::size_t n = 0;
        std::uint32_t cp = 0;
        if (c < 0x80) {
            ++i;
            continue;
        } else if (c >= 0xC2 && c <= 0xDF) {
            n = 1;
            cp = c & 0x1F;
        } else if (c >= 0xE0 && c <= 0xEF) {
            n = 2;
            cp = c & 0x0F;
        } else if (c >= 0xF0 && c <= 0xF4) {
            n = 3;
            cp = c & 0x07;
        } else {
            return false;
        }
        if (i + n >= s.size())
            return false;
        for (std::size_t k = 1; k <= n; ++k) {
            if ((b(i + k) & 0xC0) != 0x80)
                return false;
            cp = (cp << 6) | (b(i + k) & 0x3F);
        }
        if ((n == 2 && cp < 0x800) || (n == 3 && (cp < 0x10000 || cp > 0x10FFFF)) ||
            (cp >= 0xD800 && cp <= 0xDFFF))
            return false;
        i += n + 1;
    }
    return true;
}

// --- handles: compiled grammars and namespaces ------------------------

struct grammar_entry {
    urns::abnf::grammar grammar;
};

struct namespace_entry {
    urns::nss::namespace_rules rules;
};

struct handle_entry {
    std::shared_ptr<grammar_entry> grammar;
    std::shared_ptr<namespace_entry> ns;
    std::uint64_t used = 0;
};

// At most this many handles live; past it the least recently used goes.
constexpr std::size_t handle_limit = 64;
std::map<std::uint32_t, handle_entry> handles;
std::uint32_t next_handle = 1;
std::uint64_t clock_now = 0;

void evict_if_full()
{
    while (handles.size() >= handle_limit) {
        auto oldest = handles.begin();
        for (auto it = handles.begin(); it != handles.end(); ++it)
            if (it->second.used < oldest->second.used)
                oldest = it;
        handles.erase(oldest);
    }
}

std::uint32_t add_handle(handle_entry e)
{
    evict_if_full();
    e.used = ++clock_now;
    std::uint32_t const h = next_handle++;
    handles.emplace(h, std::move(e));
    return h;
}

handle_entry* find_handle(std::uint32_t h)
{
    auto it = handles.find(h);
    if (it == handles.end())
        return nullptr;
    it->second.used = ++clock_now;
    return &it->second;
}

// --- registries ----------------------------------------------------------

// The registry of a call: 0 none, 1 the shipped namespaces, 2 the shipped
// namespaces and those of the handles that urns_set_namespaces named last.
urns::nss::registry custom;
std::vector<std::uint32_t> custom_handles;

urns::nss::registry const* registry_of(int r)
{
    if (r == 1)
        return &urns::nss::builtin();
    if (r == 2)
        return &custom;
    return nullptr;
}

urns::syntax syntax_of(int s)
{
    switch (s) {
    case 1: return urns::syntax::rfc2141;
    case 2: return urns::syntax::rfc8141;
    default: return urns::syntax::rfc2141bis;
    }
}

urns::equivalence_mode mode_of(int m, urns::syntax s)
{
    switch (m) {
    case 0: return urns::equivalence_mode::rfc2141;
    case 1: return urns::equivalence_mode::rfc2141bis_drop_query;
    case 2: return urns::equivalence_mode::rfc2141bis_keep_query;
    case 3: return urns::equivalence_mode::rfc8141;
    default: return urns::default_equivalence(s);
    }
}

// A parse error: [code, offset bytes, offset UTF-16, number of names],
// then each name as a string, then the code's name, the reason and the
// caret text.
void error_out(urns::parse_error const& e, std::string_view in)
{
    utf16_cursor c(in);
    word(static_cast<std::size_t>(e.code.value()));
    offset_out(c, e.offset);
    word(1 + e.also_expected.size());
    string_out(e.expected);
    for (std::string_view n : e.also_expected)
        string_out(n);
    string_out(urns::error_code_name(e.code));
    string_out(e.code.message());
    string_out(urns::to_string(e, in));
}

// The named fields of a valid URN's NSS, as its namespace names them.
void fields_out(urns::urn_view const& v, urns::nss::registry const& reg)
{
    urns::nss::namespace_rules const* rules = reg.find(v.nid());
    std::vector<urns::nss::nss_field> fields;
    if (rules && rules->fields)
        fields = rules->fields_of(v.nss());
    std::size_t const base = static_cast<std::size_t>(v.nss().data() - v.buffer().data());
    word(fields.size());
    for (auto const& f : fields) {
        string_out(f.name);
        word(base + f.begin);
        word(base + f.end);
    }
}

urns::result<urns::urn_view> parse_input(std::size_t len, int syn, int reg)
{
    urns::parse_options o;
    o.syntax = syntax_of(syn);
    o.registry = registry_of(reg);
    return urns::parse_urn(std::string_view(input, len), o);
}

void span_out(urns::urn_view const& v, bool present, std::string_view part)
{
    if (!present) {
        word(0xFFFFFFFFu);
        word(0xFFFFFFFFu);
        return;
    }
    word(static_cast<std::size_t>(part.data() - v.buffer().data()));
    word(static_cast<std::size_t>(part.data() - v.buffer().data()) + part.size());
}

void diagnostics_out(std::vector<urns::abnf::diagnostic> const& ds, std::string_view source)
{
    utf16_cursor c(source);
    word(ds.size());
    for (auto const& d : ds) {
        word(d.severity == urns::abnf::diagnostic::level::error ? 1 : 0);
        offset_out(c, d.offset);
        word(d.line);
        word(d.column);
        string_out(d.rule);
        string_out(d.message);
        word(d.expected.size());
        for (auto const& e : d.expected)
            string_out(e);
        string_out(urns::abnf::to_string(d, source));
    }
}

std::vector<std::string> split_names(std::string_view s)
{
    std::vector<std::string> out;
    std::size_t i = 0;
    while (i < s.size()) {
        std::size_t j = s.find(' ', i);
        if (j == std::string_view::npos)
            j = s.size();
        if (j > i)
            out.emplace_back(s.substr(i, j - i));
        i = j + 1;
    }
    return out;
}

} // namespace

// The four words that say where the last call's output is.
URNS_EXPORT std::uint32_t* urns_header() { return header; }

// The input buffer, with room for at least `size` bytes; null without memory.
URNS_EXPORT char* urns_input(std::size_t size)
{
    if (size > input_capacity) {
        std::size_t cap = std::max<std::size_t>(size, input_capacity * 2);
        char* p = static_cast<char*>(std::realloc(input, cap));
        if (!p)
            return nullptr;
        input = p;
        input_capacity = cap;
    }
    return input;
}

// Bytes the module's allocator holds for the input and output buffers and
// the live handles: what the leak tests watch, with the heap's size.
URNS_EXPORT std::uint32_t urns_live_handles() { return static_cast<std::uint32_t>(handles.size()); }

URNS_EXPORT std::uint32_t urns_heap_top() { return static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(sbrk(0))); }

// Gives back the output buffers' memory beyond a small size (after a call
// with a large output).
URNS_EXPORT void urns_trim()
{
    if (words.capacity() > 65536)
        std::vector<std::uint32_t>().swap(words);
    if (text.capacity() > 262144)
        std::string().swap(text);
    if (input_capacity > (std::size_t(4) << 20)) {
        std::free(input);
        input = nullptr;
        input_capacity = 0;
    }
    publish();
}

// 1 if the input is a URN, 0 if not, 2 if its namespace's rule could not
// decide.
URNS_EXPORT int urns_is_valid(std::size_t len, int syn, int reg)
{
    auto const r = parse_input(len, syn, reg);
    if (r)
        return 1;
    return r.error().code == urns::error::nss_undecided ? 2 : 0;
}

// The first "\n" of [p, end), or `end`: eight bytes at a time (the
// module's memchr reads one at a time: with it, and the lines counted
// first, urns_valid_many took a third longer).
char const* next_newline(char const* p, char const* end) noexcept
{
    constexpr std::uint64_t ones = 0x0101010101010101u;
    constexpr std::uint64_t highs = 0x8080808080808080u;
    for (; end - p >= 8; p += 8) {
        std::uint64_t w;
        std::memcpy(&w, p, 8);
        w ^= ones * '\n';
        // A byte of w is 0 where p has "\n"; the lowest such byte is the
        // lowest bit set here (bits above it may be set wrongly).
        std::uint64_t const zero = (w - ones) & ~w & highs;
        if (zero != 0)
            return p + (__builtin_ctzll(zero) >> 3);
    }
    while (p != end && *p != '\n')
        ++p;
    return p;
}

// The input as items joined by "\n" (only "\n" ends one; the last has
// none), each judged as urns_is_valid judges a whole input: one byte per
// item in the text output, 1, 0 or 2. Returns `count` when the input
// holds that many items; else -1 and no output (an item held a "\n":
// the caller judges the items one by one).
URNS_EXPORT int urns_valid_many(std::size_t len, std::size_t count, int syn, int reg)
{
    reset();
    urns::parse_options o;
    o.syntax = syntax_of(syn);
    o.registry = registry_of(reg);
    text.resize(count);
    char const* p = input;
    char const* const end = input + len;
    // The items read; past `count`: more lines than items.
    std::size_t k = 0;
    while (k < count) {
        char const* const nl = next_newline(p, end);
        auto const r = urns::parse_urn(std::string_view(p, static_cast<std::size_t>(nl - p)), o);
        text[k++] = r ? 1 : r.error().code == urns::error::nss_undecided ? 2 : 0;
        if (nl == end)
            break;
        p = nl + 1;
        if (k == count)
            ++k;
    }
    if (k != count) {
        text.clear();
        publish();
        return -1;
    }
    publish();
    return static_cast<int>(count);
}

// Parses the input. 1: [syntax, nid begin, end, nss begin, end, query,
// r, q and f spans (begin, end; ~0 when absent)], the canonical form in
// the syntax's default mode (string), the fields. 0: the error
// (error_out).
URNS_EXPORT int urns_parse(std::size_t len, int syn, int reg)
{
    reset();
    std::string_view const in(input, len);
    auto const r = parse_input(len, syn, reg);
    if (!r) {
        error_out(r.error(), in);
        publish();
        return 0;
    }
    urns::urn_view const& v = *r;
    word(static_cast<std::size_t>(v.syntax()));
    span_out(v, true, v.nid());
    span_out(v, true, v.nss());
    span_out(v, v.has_query(), v.query());
    span_out(v, v.has_r_component(), v.r_component());
    span_out(v, v.has_q_component(), v.q_component());
    span_out(v, v.has_fragment(), v.fragment());
    std::string canon;
    auto const mode = urns::default_equivalence(v.syntax());
    if (auto const* g = registry_of(reg))
        urns::nss::canonical(v, mode, *g, canon);
    else
        urns::canonical(v, mode, canon);
    string_out(canon);
    fields_out(v, reg ? *registry_of(reg) : urns::nss::builtin());
    publish();
    return 1;
}

// The canonical form of the input in mode `mode` (-1: the syntax's).
URNS_EXPORT int urns_canonical(std::size_t len, int syn, int mode, int reg)
{
    reset();
    std::string_view const in(input, len);
    auto const r = parse_input(len, syn, reg);
    if (!r) {
        error_out(r.error(), in);
        publish();
        return 0;
    }
    std::string canon;
    auto const m = mode_of(mode, r->syntax());
    if (auto const* g = registry_of(reg))
        urns::nss::canonical(*r, m, *g, canon);
    else
        urns::canonical(*r, m, canon);
    string_out(canon);
    publish();
    return 1;
}

// Whether the input's first `la` bytes and the `lb` after them are
// equivalent: 1 or 0; -1 when the first is not a URN, -2 when the second
// is not (the error as error_out).
URNS_EXPORT int urns_equivalent(std::size_t la, std::size_t lb, int syn, int mode, int reg)
{
    reset();
    urns::parse_options o;
    o.syntax = syntax_of(syn);
    o.registry = registry_of(reg);
    std::string_view const a(input, la), b(input + la, lb);
    auto const ra = urns::parse_urn(a, o);
    if (!ra) {
        error_out(ra.error(), a);
        publish();
        return -1;
    }
    auto const rb = urns::parse_urn(b, o);
    if (!rb) {
        error_out(rb.error(), b);
        publish();
        return -2;
    }
    auto const m = mode_of(mode, o.syntax);
    publish();
    if (auto const* g = registry_of(reg))
        return urns::nss::equivalent(*ra, *rb, m, *g) ? 1 : 0;
    return urns::equivalent(*ra, *rb, m) ? 1 : 0;
}

// The URNs in the input: for each, [offset, length, both in bytes and in
// UTF-16 units, whether a namespace rejects it; if so the fault's offset
// from the match's start in bytes and UTF-16 units and its names]. Returns
// the number of matches.
URNS_EXPORT int urns_find(std::size_t len, int syn, int strict, int uri_context, int reg)
{
    reset();
    std::string_view const in(input, len);
    urns::extract_options o;
    o.syntax = syntax_of(syn);
    o.mode = strict ? urns::extract_mode::strict : urns::extract_mode::prose;
    o.uri_context = uri_context != 0;
    o.registry = registry_of(reg);
    utf16_cursor c(in);
    int n = 0;
    for (urns::urn_match const& m : urns::find_urns(in, o)) {
        std::size_t const u0 = c.at(m.offset);
        std::size_t const u1 = c.at(m.offset + m.length);
        word(m.offset);
        word(m.length);
        word(u0);
        word(u1 - u0);
        if (m.namespace_fault) {
            // A match is ASCII: its UTF-16 offsets are its byte offsets.
            word(1);
            word(m.namespace_fault->offset);
            word(1 + m.namespace_fault->also_expected.size());
            string_out(m.namespace_fault->expected);
            for (std::string_view e : m.namespace_fault->also_expected)
                string_out(e);
        } else {
            word(0);
        }
        ++n;
    }
    publish();
    return n;
}

// The shipped namespaces: their count, then for each its strings (nid,
// title, reference, check, unreadable, root, fields, case-insensitive,
// file, ABNF text).
URNS_EXPORT void urns_shipped()
{
    reset();
    auto const list = urns::nss::shipped();
    word(list.size());
    for (auto const& s : list) {
        string_out(s.nid);
        string_out(s.title);
        string_out(s.reference);
        string_out(urns::nss::to_string(s.check));
        string_out(s.unreadable);
        string_out(s.root);
        string_out(s.fields);
        string_out(s.case_insensitive);
        string_out(s.file);
        string_out(s.abnf);
    }
    publish();
}

// Compiles the input as ABNF. `flags`: 1 core rules, 2 RFC 3986's rules,
// 4 warn about unused rules, 8 automata. Returns the handle (0 if the
// grammar is not ok: then no handle is kept). Output: [ok], the
// diagnostics, the rule names.
URNS_EXPORT std::uint32_t urns_abnf_compile(std::size_t len, int flags, std::size_t step_limit)
{
    reset();
    std::string_view const src(input, len);
    urns::abnf::compile_options o;
    o.core_rules = flags & 1;
    o.rfc3986_rules = flags & 2;
    o.warn_unused = flags & 4;
    o.automata = flags & 8;
    o.step_limit = step_limit;
    auto e = std::make_shared<grammar_entry>();
    e->grammar = urns::abnf::grammar::compile(src, o);
    bool const ok = e->grammar.ok();
    word(ok);
    diagnostics_out(e->grammar.diagnostics(), src);
    word(e->grammar.diagnostics_left_out());
    auto const names = e->grammar.rule_names();
    word(names.size());
    for (auto const& n : names)
        string_out(n);
    std::uint32_t h = 0;
    if (ok) {
        handle_entry he;
        he.grammar = std::move(e);
        h = add_handle(std::move(he));
    }
    publish();
    return h;
}

// Drops a handle (the JavaScript object that named it was collected).
URNS_EXPORT void urns_release(std::uint32_t h) { handles.erase(h); }

// Matches rule `rule_len` bytes of the input against the `len` after them.
// `tree`: every rule's span; else the spans of the rules named in the
// capture list that follows the input (`capture_len` bytes, names
// separated by spaces). Returns -1 if the handle is gone, else the state
// (0 matched, 1 no_match, 2 undecided, 3 no_rule). Output: [offset both
// ways, the expected names, spans_undecided, steps, the spans: rule,
// begin and end both ways, depth].
URNS_EXPORT int urns_abnf_match(std::uint32_t h, std::size_t rule_len, std::size_t len, int tree,
                                std::size_t capture_len, std::size_t step_limit)
{
    reset();
    handle_entry* e = find_handle(h);
    if (!e || !e->grammar) {
        publish();
        return -1;
    }
    std::string_view const rule(input, rule_len);
    std::string_view const in(input + rule_len, len);
    urns::abnf::match_options o;
    o.tree = tree != 0;
    o.step_limit = step_limit;
    if (capture_len)
        o.capture = split_names(std::string_view(input + rule_len + len, capture_len));
    urns::abnf::match_result const r = urns::abnf::match(e->grammar->grammar, rule, in, o);
    utf16_cursor c(in);
    offset_out(c, r.offset);
    word(r.expected.size());
    for (auto n : r.expected)
        string_out(n);
    word(r.spans_undecided);
    word(r.steps);
    word(r.spans.size());
    for (auto const& s : r.spans) {
        string_out(s.rule);
        offset_out(c, s.begin);
        offset_out(c, s.end);
        word(s.depth);
    }
    publish();
    switch (r.state) {
    case urns::abnf::match_result::status::matched: return 0;
    case urns::abnf::match_result::status::no_match: return 1;
    case urns::abnf::match_result::status::undecided: return 2;
    default: return 3;
    }
}

// Up to `count` strings of rule `rule_len` bytes of the input (near misses
// with `invalid`), those that are UTF-8 (JavaScript's strings). Returns -1
// if the handle is gone, else how many; each is a string of the output.
URNS_EXPORT int urns_abnf_generate(std::uint32_t h, std::size_t rule_len, std::size_t count, std::uint32_t seed_lo,
                                   std::uint32_t seed_hi, std::size_t max_length, int invalid)
{
    reset();
    handle_entry* e = find_handle(h);
    if (!e || !e->grammar) {
        publish();
        return -1;
    }
    urns::abnf::generate_options o;
    o.seed = (std::uint64_t(seed_hi) << 32) | seed_lo;
    o.max_length = max_length;
    o.invalid = invalid != 0;
    auto const out = urns::abnf::generate(e->grammar->grammar, std::string_view(input, rule_len), count, o);
    int n = 0;
    for (auto const& s : out)
        if (valid_utf8(s)) {
            string_out(s);
            ++n;
        }
    publish();
    return n;
}

// A namespace from its ABNF: the input holds the NID, the ABNF, the root
// rule, the case-insensitive rules, the field rules and the reference, of
// the sizes given (the two lists' names separated by spaces; an empty
// list is the header's). Returns the handle, or 0 with no rules. Output:
// the diagnostics, then [has rules], the root rule, the field rules and
// the case-insensitive rules the namespace took (from the options or the
// header).
URNS_EXPORT std::uint32_t urns_namespace_from_abnf(std::size_t nid_len, std::size_t abnf_len, std::size_t root_len,
                                                   std::size_t ci_len, std::size_t fields_len, std::size_t ref_len)
{
    reset();
    char const* p = input;
    std::string_view const nid(p, nid_len);
    p += nid_len;
    std::string_view const abnf(p, abnf_len);
    p += abnf_len;
    std::string_view const root(p, root_len);
    p += root_len;
    std::string_view const ci(p, ci_len);
    p += ci_len;
    std::string_view const fields(p, fields_len);
    p += fields_len;
    std::string_view const ref(p, ref_len);
    urns::nss::abnf_namespace_options o;
    o.case_insensitive = split_names(ci);
    o.fields = split_names(fields);
    o.reference = std::string(ref);
    urns::nss::abnf_namespace ns = urns::nss::from_abnf(nid, abnf, root, o);
    diagnostics_out(ns.diagnostics, abnf);
    urns::nss::namespace_header const hdr = urns::nss::read_header(abnf);
    // The root the namespace took: the one given, the header's, or the
    // grammar's first rule.
    std::string root_used = !root.empty() ? std::string(root) : hdr.root;
    if (root_used.empty() && ns.rules) {
        auto const names = urns::abnf::grammar::compile(abnf, o.compile).rule_names();
        if (!names.empty())
            root_used = names.front();
    }
    word(ns.rules.has_value());
    string_out(root_used);
    auto const& fl = !o.fields.empty() ? o.fields : hdr.fields;
    word(fl.size());
    for (auto const& f : fl)
        string_out(f);
    auto const& cl = !o.case_insensitive.empty() ? o.case_insensitive : hdr.case_insensitive;
    word(cl.size());
    for (auto const& f : cl)
        string_out(f);
    std::uint32_t h = 0;
    if (ns.rules) {
        handle_entry he;
        he.ns = std::make_shared<namespace_entry>();
        he.ns->rules = std::move(*ns.rules);
        h = add_handle(std::move(he));
    }
    publish();
    return h;
}

// The namespace `h` on an NSS (the input): -1 if the handle is gone, 0
// valid, 1 rejected, 2 undecided. Output: the fault's offset both ways
// and its names, or the fields when valid: [count, then rule, begin and
// end both ways].
URNS_EXPORT int urns_namespace_check(std::uint32_t h, std::size_t len)
{
    reset();
    handle_entry* e = find_handle(h);
    if (!e || !e->ns) {
        publish();
        return -1;
    }
    std::string_view const nss(input, len);
    auto const& rules = e->ns->rules;
    utf16_cursor c(nss);
    if (auto const f = rules.check(nss)) {
        offset_out(c, f->offset);
        word(1 + f->also_expected.size());
        string_out(f->expected);
        for (std::string_view n : f->also_expected)
            string_out(n);
        publish();
        return f->undecided ? 2 : 1;
    }
    auto const fs = rules.fields_of(nss);
    word(fs.size());
    for (auto const& f : fs) {
        string_out(f.name);
        offset_out(c, f.begin);
        offset_out(c, f.end);
    }
    publish();
    return 0;
}

// Room for a list of `count` handles (urns_set_namespaces reads it).
URNS_EXPORT std::uint32_t* urns_list(std::size_t count)
{
    static std::vector<std::uint32_t> list;
    list.resize(std::max<std::size_t>(count, 1));
    return list.data();
}

// Sets registry 2 to the shipped namespaces and those of the `count`
// handles at `hs` (later ones replace earlier ones of the same NID). 1 if
// done, or -1 - i when handle `hs[i]` is gone. Does nothing when the
// handles are the last call's.
URNS_EXPORT int urns_set_namespaces(std::uint32_t const* hs, std::size_t count)
{
    std::vector<std::uint32_t> const want(hs, hs + count);
    bool same = want == custom_handles;
    std::vector<urns::nss::namespace_rules const*> rules;
    for (std::size_t i = 0; i < count; ++i) {
        handle_entry* e = find_handle(hs[i]);
        if (!e || !e->ns) {
            custom_handles.clear();
            custom = urns::nss::registry();
            return -1 - static_cast<int>(i);
        }
        rules.push_back(&e->ns->rules);
    }
    if (same)
        return 1;
    custom = urns::nss::builtin();
    for (auto const* r : rules)
        custom.add(*r);
    custom_handles = want;
    return 1;
}
