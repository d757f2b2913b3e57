// SPDX-License-Identifier: BSL-1.0
//
// The lexical layer's tables (include/urns/lexical.hpp) against the ABNF of
// grammar/*.abnf: a small ABNF reader computes, for each rule, the set of
// one-octet strings it matches, and each table must be exactly that set.
// The reader is independent of the library: it follows RFC 5234 (char-val
// case-insensitive, num-val ranges and concatenations, repetition, groups
// and options) and knows nothing of X3.
#define BOOST_TEST_MODULE lexical_classes
#include "test_support.hpp"

#include <urns/lexical.hpp>

#include "parse/swar.hpp"
#include "semantic/pct_case.hpp"

#include <bitset>
#include <cstdint>
#include <cctype>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using octets = std::bitset<256>;

/// What a piece of ABNF matches, as far as one-octet strings go.
struct meaning {
    bool nullable = false;   ///< matches the empty string
    octets one;              ///< the one-octet strings it matches
};

/// The rules of some ABNF files, by name (case-insensitive, RFC 5234 section 2.1).
class grammar {
public:
    void add_file(std::string const& text)
    {
        std::istringstream in(text);
        std::string line, name, body;
        auto flush = [&] {
            if (!name.empty())
                rules_[lower(name)] = body;
            name.clear();
            body.clear();
        };
        while (std::getline(in, line)) {
            std::string const code = strip_comment(line);
            if (!line.empty() && (line[0] == ' ' || line[0] == '\t')) {
                if (!name.empty())
                    body += " " + code;
                continue;
            }
            flush();
            auto eq = code.find('=');
            if (eq == std::string::npos)
                continue;
            name = trim(code.substr(0, eq));
            body = code.substr(eq + 1);
        }
        flush();
    }

    /// The meaning of rule `name`.
    meaning rule(std::string const& name)
    {
        auto const key = lower(name);
        auto it = rules_.find(key);
        if (it == rules_.end())
            throw std::runtime_error("no ABNF rule " + name);
        return expression(it->second);
    }

    /// The meaning of an ABNF expression over these rules.
    meaning expression(std::string const& text)
    {
        std::string const saved = text_;
        std::size_t const saved_pos = pos_;
        text_ = text;
        pos_ = 0;
        meaning m = alternation();
        skip();
        if (pos_ != text_.size())
            throw std::runtime_error("cannot read ABNF at: " + text_.substr(pos_));
        text_ = saved;
        pos_ = saved_pos;
        return m;
    }

private:
    static std::string lower(std::string s)
    {
        for (auto& c : s)
            c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        return s;
    }
    static std::string trim(std::string s)
    {
        while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
            s.pop_back();
        std::size_t i = 0;
        while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i])))
            ++i;
        return s.substr(i);
    }
    /// The line without its comment (";" outside a quoted string).
    static std::string strip_comment(std::string const& line)
    {
        bool quoted = false;
        for (std::size_t i = 0; i < line.size(); ++i) {
            if (line[i] == '"')
                quoted = !quoted;
            else if (line[i] == ';' && !quoted)
                return line.substr(0, i);
        }
        return line;
    }

    void skip()
    {
        while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_])))
            ++pos_;
    }
    bool at(char c)
    {
        skip();
        return pos_ < text_.size() && text_[pos_] == c;
    }

    meaning alternation()
    {
        meaning m = concatenation();
        while (at('/')) {
            ++pos_;
            meaning const n = concatenation();
            m.nullable = m.nullable || n.nullable;
            m.one |= n.one;
        }
        return m;
    }

    meaning concatenation()
    {
        std::vector<meaning> parts;
        for (;;) {
            skip();
            if (pos_ == text_.size() || text_[pos_] == '/' || text_[pos_] == ')' || text_[pos_] == ']')
                break;
            parts.push_back(repetition());
        }
        if (parts.empty())
            throw std::runtime_error("empty concatenation in: " + text_);
        // One octet: one part gives it, every other part matches empty.
        meaning m;
        m.nullable = true;
        for (auto const& p : parts)
            m.nullable = m.nullable && p.nullable;
        for (std::size_t i = 0; i < parts.size(); ++i) {
            bool others_empty = true;
            for (std::size_t j = 0; j < parts.size(); ++j)
                if (j != i && !parts[j].nullable)
                    others_empty = false;
            if (others_empty)
                m.one |= parts[i].one;
        }
        return m;
    }

    std::size_t number()
    {
        std::size_t n = 0;
        while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_])))
            n = n * 10 + static_cast<std::size_t>(text_[pos_++] - '0');
        return n;
    }

    meaning repetition()
    {
        skip();
        std::size_t lo = 1, hi = 1;
        std::size_t const start = pos_;
        bool const has_lo = pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]));
        std::size_t const n = has_lo ? number() : 0;
        if (pos_ < text_.size() && text_[pos_] == '*') {
            ++pos_;
            lo = has_lo ? n : 0;
            bool const has_hi = pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]));
            hi = has_hi ? number() : static_cast<std::size_t>(-1);
        } else if (has_lo) {
            lo = hi = n;
        } else {
            pos_ = start;
        }
        meaning const e = element();
        meaning m;
        m.nullable = lo == 0 || e.nullable || hi == 0;
        // One octet: one repeat gives it, the others (if any are required) match empty.
        if (hi >= 1 && (lo <= 1 || e.nullable))
            m.one = e.one;
        return m;
    }

    meaning element()
    {
        skip();
        if (pos_ == text_.size())
            throw std::runtime_error("element expected in: " + text_);
        char const c = text_[pos_];
        if (c == '(' || c == '[') {
            ++pos_;
            meaning m = alternation();
            if (!at(c == '(' ? ')' : ']'))
                throw std::runtime_error("unclosed group in: " + text_);
            ++pos_;
            if (c == '[')
                m.nullable = true;
            return m;
        }
        if (c == '"')
            return char_val();
        if (c == '%')
            return num_val();
        if (std::isalpha(static_cast<unsigned char>(c))) {
            std::size_t const b = pos_;
            while (pos_ < text_.size() &&
                   (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '-'))
                ++pos_;
            return rule(text_.substr(b, pos_ - b));
        }
        throw std::runtime_error("cannot read ABNF element at: " + text_.substr(pos_));
    }

    meaning char_val()
    {
        std::size_t const close = text_.find('"', pos_ + 1);
        std::string const lit = text_.substr(pos_ + 1, close - pos_ - 1);
        pos_ = close + 1;
        meaning m;
        m.nullable = lit.empty();
        if (lit.size() == 1) {
            unsigned char const ch = static_cast<unsigned char>(lit[0]);
            m.one.set(ch);
            // RFC 5234 section 2.3: quoted strings are case-insensitive.
            m.one.set(static_cast<unsigned char>(std::tolower(ch)));
            m.one.set(static_cast<unsigned char>(std::toupper(ch)));
        }
        return m;
    }

    meaning num_val()
    {
        ++pos_;   // "%"
        char const base_char = static_cast<char>(std::tolower(static_cast<unsigned char>(text_[pos_++])));
        int const base = base_char == 'x' ? 16 : base_char == 'd' ? 10 : 2;
        auto value = [&] {
            std::size_t const b = pos_;
            while (pos_ < text_.size() && std::isxdigit(static_cast<unsigned char>(text_[pos_])))
                ++pos_;
            return std::stoul(text_.substr(b, pos_ - b), nullptr, base);
        };
        unsigned long const first = value();
        meaning m;
        if (pos_ < text_.size() && text_[pos_] == '-') {
            ++pos_;
            unsigned long const last = value();
            for (unsigned long v = first; v <= last; ++v)
                m.one.set(v);
        } else if (pos_ < text_.size() && text_[pos_] == '.') {
            while (pos_ < text_.size() && text_[pos_] == '.') {   // two or more octets: no one-octet string
                ++pos_;
                value();
            }
        } else {
            m.one.set(first);
        }
        return m;
    }

    std::map<std::string, std::string> rules_;
    std::string text_;
    std::size_t pos_ = 0;
};

octets bits(urns::lexical::charset const& set)
{
    octets b;
    for (unsigned c = 0; c < 256; ++c)
        b[c] = set.contains(static_cast<unsigned char>(c));
    return b;
}

/// The octets where the two sets differ, for the message.
std::string difference(octets const& a, octets const& b)
{
    std::string out;
    for (unsigned c = 0; c < 256; ++c)
        if (a[c] != b[c]) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "%%x%02X ", c);
            out += buf;
        }
    return out;
}

/// The grammar of one document: its file, with the RFC 3986 and RFC 5234
/// rules it borrows after it (its own definitions win).
grammar document(std::string const& file)
{
    grammar g;
    g.add_file(urns_test::read_file("grammar/rfc5234-core.abnf"));
    g.add_file(urns_test::read_file("grammar/rfc3986.abnf"));
    g.add_file(urns_test::read_file(file));
    return g;
}

void check(grammar& g, std::string const& rule, urns::lexical::charset const& table, octets const& except = {})
{
    octets const want = g.rule(rule).one & ~except;
    BOOST_TEST(bits(table) == want, rule << ": table and ABNF differ at " << difference(bits(table), want));
    BOOST_TEST(want.any(), rule << ": no one-octet string (a table must not be empty)");
}

void check_expr(grammar& g, std::string const& expr, urns::lexical::charset const& table)
{
    octets const want = g.expression(expr).one;
    BOOST_TEST(bits(table) == want, expr << ": table and ABNF differ at " << difference(bits(table), want));
}

namespace lex = urns::lexical;

} // namespace

BOOST_AUTO_TEST_CASE(reader_reads_rfc5234_as_written)
{
    // The reader itself, on rules whose one-octet strings are known.
    grammar g;
    g.add_file("a = \"x\"\nb = 2*3\"y\"\nc = *\"z\" \"w\"\nd = %x41.42 / %d48-50\ne = [\"q\"] \"r\"\nf = \"ab\"\n");
    BOOST_TEST(g.rule("a").one.count() == 2u);   // "x" and "X"
    BOOST_TEST(g.rule("b").one.none());
    BOOST_TEST(g.rule("c").one.count() == 2u);   // "w" / "W"
    BOOST_TEST(g.rule("c").one.test('w'));
    BOOST_TEST(g.rule("d").one.count() == 3u);   // %d48-50 = "0" "1" "2"
    BOOST_TEST(g.rule("d").one.test('1'));
    BOOST_TEST(g.rule("e").one.test('r'));
    BOOST_TEST(!g.rule("e").one.test('q'));
    BOOST_TEST(g.rule("f").one.none());
    BOOST_TEST(g.expression("[\"q\"]").nullable);
}

BOOST_AUTO_TEST_CASE(rfc5234_core)
{
    grammar g = document("grammar/rfc5234-core.abnf");
    check(g, "ALPHA", lex::rfc5234::alpha);
    check(g, "CTL", lex::rfc5234::ctl);
    check(g, "DIGIT", lex::rfc5234::digit);
    check(g, "DQUOTE", lex::rfc5234::dquote);
    check(g, "HEXDIG", lex::rfc5234::hexdig);
    check(g, "SP", lex::rfc5234::sp);
}

BOOST_AUTO_TEST_CASE(rfc3986)
{
    grammar g = document("grammar/rfc3986.abnf");
    check(g, "scheme", lex::rfc3986::scheme);
    check(g, "unreserved", lex::rfc3986::unreserved);
    check(g, "gen-delims", lex::rfc3986::gen_delims);
    check(g, "sub-delims", lex::rfc3986::sub_delims);
    check(g, "pchar", lex::rfc3986::pchar);
    check(g, "query", lex::rfc3986::query);
    check(g, "fragment", lex::rfc3986::fragment);
}

BOOST_AUTO_TEST_CASE(rfc2141)
{
    grammar g = document("grammar/rfc2141.abnf");
    check(g, "upper", lex::rfc2141::upper);
    check(g, "lower", lex::rfc2141::lower);
    check(g, "number", lex::rfc2141::number);
    check(g, "let-num", lex::rfc2141::let_num);
    check(g, "let-num-hyp", lex::rfc2141::let_num_hyp);
    check(g, "hex", lex::rfc2141::hex);
    check(g, "other", lex::rfc2141::other);
    check(g, "excluded", lex::rfc2141::excluded);
    // Decision 6 (grammar/README.md, "bare %"): the RFC's <reserved> lists
    // "%", which only starts a "%" hex hex triplet; the tables leave it out,
    // and with it <trans> and <URN-chars>. Exactly that octet differs.
    octets pct;
    pct.set('%');
    check(g, "reserved", lex::rfc2141::reserved, pct);
    check(g, "trans", lex::rfc2141::trans, pct);
    check(g, "URN-chars", lex::rfc2141::urn_chars, pct);
    BOOST_TEST(g.rule("reserved").one.test('%'));
}

BOOST_AUTO_TEST_CASE(rfc2141bis)
{
    grammar g = document("grammar/rfc2141bis-03.abnf");
    check(g, "NSS", lex::rfc2141bis::nss);
    check(g, "keywd", lex::rfc2141bis::keywd);
    check(g, "value", lex::rfc2141bis::value);
    check(g, "v-pchar", lex::rfc2141bis::v_pchar);
    check(g, "v-subdels", lex::rfc2141bis::v_subdels);
    check(g, "excluded", lex::rfc2141bis::excluded);
    // The two groups of section 2.1's NID rule,
    // NID = (ALPHA / DIGIT) 0*30(ALPHA / DIGIT / "-") (ALPHA / DIGIT).
    BOOST_TEST(urns_test::read_file("grammar/rfc2141bis-03.abnf")
                   .find("NID = (ALPHA / DIGIT) 0*30(ALPHA / DIGIT / \"-\") (ALPHA / DIGIT)") != std::string::npos);
    check_expr(g, "ALPHA / DIGIT", lex::rfc2141bis::alnum);
    check_expr(g, "ALPHA / DIGIT / \"-\"", lex::rfc2141bis::ldh);
}

BOOST_AUTO_TEST_CASE(rfc8141)
{
    grammar g = document("grammar/rfc8141.abnf");
    check(g, "alphanum", lex::rfc8141::alphanum);
    check(g, "ldh", lex::rfc8141::ldh);
    check(g, "NSS", lex::rfc8141::nss);
    check(g, "r-component", lex::rfc8141::r_component);
    check(g, "q-component", lex::rfc8141::q_component);
    check(g, "f-component", lex::rfc8141::f_component);
    check(g, "DigitNonZero", lex::rfc8141::digit_non_zero);
    check(g, "Digit", lex::rfc8141::digit);
}

BOOST_AUTO_TEST_CASE(case_and_hex_helpers)
{
    // Against the C library's ASCII tables in the "C" locale, for all 256 octets.
    for (int c = 0; c < 256; ++c) {
        char const ch = static_cast<char>(c);
        bool const ascii_upper = c >= 0x41 && c <= 0x5A, ascii_lower = c >= 0x61 && c <= 0x7A;
        BOOST_TEST(lex::ascii_lower(ch) == (ascii_upper ? static_cast<char>(c + 0x20) : ch), c);
        BOOST_TEST(lex::ascii_upper(ch) == (ascii_lower ? static_cast<char>(c - 0x20) : ch), c);
        int const want = c < 0x80 && std::isxdigit(c) ? static_cast<int>(std::stoi(std::string(1, ch), nullptr, 16)) : -1;
        BOOST_TEST(lex::hex_value(ch) == want, c);
    }
    for (unsigned v = 0; v < 16; ++v)
        BOOST_TEST(lex::hex_value(lex::hex_digit(v)) == static_cast<int>(v));
    BOOST_TEST(lex::iequals("URN-5", "urn-5"));
    BOOST_TEST(!lex::iequals("urn", "urn-"));
    BOOST_TEST(lex::istarts_with("X-abc", "x-"));
    BOOST_TEST(!lex::istarts_with("x", "x-"));
}

BOOST_AUTO_TEST_CASE(word_at_a_time_helpers_agree_with_the_tables)
{
    // The SWAR helpers of src/parse/swar.hpp fold and find eight octets
    // at once with arithmetic; for every octet, in every lane, they must
    // give what the one-octet helpers give.
    namespace d = urns::detail;
    for (unsigned c = 0; c < 256; ++c) {
        for (unsigned lane = 0; lane < 8; ++lane) {
            std::uint64_t const w = std::uint64_t(c) << (8 * lane) | (0x41ULL << (8 * ((lane + 1) % 8)));
            std::uint64_t const folded = d::lower8(w);
            auto const out = static_cast<unsigned char>(folded >> (8 * lane));
            BOOST_TEST(out == static_cast<unsigned char>(lex::ascii_lower(static_cast<char>(c))), c << " lane " << lane);
            bool const pct = (d::pct_bytes(w) >> (8 * lane + 7)) & 1;
            BOOST_TEST(pct == (c == '%'), c << " lane " << lane);
        }
    }
}

BOOST_AUTO_TEST_CASE(fold_mul_is_the_128_bit_product_folded)
{
    // The hashes' mixing step: the xor of the two halves of a 64 x 64-bit
    // product. The 32-bit-halves version (for compilers without a 128-bit
    // integer) must give the same value as the one built on it, and both
    // what schoolbook multiplication by bytes gives, carries and all.
    namespace d = urns::detail;
    auto by_bytes = [](std::uint64_t a, std::uint64_t b) {
        unsigned r[16] = {};   // the product's bytes, lowest first
        for (int i = 0; i < 8; ++i) {
            unsigned carry = 0;
            for (int j = 0; j < 8; ++j) {
                unsigned const t = r[i + j] + unsigned((a >> (8 * i)) & 0xff) * unsigned((b >> (8 * j)) & 0xff) + carry;
                r[i + j] = t & 0xff;
                carry = t >> 8;
            }
            for (int k = i + 8; carry && k < 16; ++k) {
                unsigned const t = r[k] + carry;
                r[k] = t & 0xff;
                carry = t >> 8;
            }
        }
        std::uint64_t lo = 0, hi = 0;
        for (int k = 0; k < 8; ++k) {
            lo |= std::uint64_t(r[k]) << (8 * k);
            hi |= std::uint64_t(r[k + 8]) << (8 * k);
        }
        return lo ^ hi;
    };
    std::uint64_t x = 0x243f6a8885a308d3ULL;   // a splitmix64 walk from the digits of pi
    auto next = [&x] {
        std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    };
    std::uint64_t const edges[] = {0, 1, 0xffffffffULL, 0x100000000ULL, ~std::uint64_t(0), 0x8000000000000000ULL};
    for (std::uint64_t a : edges)
        for (std::uint64_t b : edges) {
            BOOST_TEST(d::fold_mul_portable(a, b) == by_bytes(a, b), a << " * " << b);
            BOOST_TEST(d::fold_mul(a, b) == by_bytes(a, b), a << " * " << b);
        }
    for (int i = 0; i < 20000; ++i) {
        std::uint64_t const a = next(), b = next();
        BOOST_TEST(d::fold_mul_portable(a, b) == by_bytes(a, b), a << " * " << b);
        BOOST_TEST(d::fold_mul(a, b) == by_bytes(a, b), a << " * " << b);
    }
}

BOOST_AUTO_TEST_CASE(percent_bit_masks)
{
    // byte_bits turns 0x80-per-byte masks into one bit per byte (every one
    // of the 256 masks); pct_bits16 (SSE2 here, SWAR elsewhere) finds the
    // "%"s of sixteen bytes as a byte loop does, on strings drawn from "%",
    // its neighbours "$" and "&", "e" (0x65) and bytes above 0x7f.
    namespace d = urns::detail;
    for (unsigned bits = 0; bits < 256; ++bits) {
        std::uint64_t m = 0;
        for (unsigned k = 0; k < 8; ++k)
            if (bits >> k & 1)
                m |= std::uint64_t(0x80) << (8 * k);
        BOOST_TEST(d::byte_bits(m) == bits);
    }
    static char const alphabet[] = {'%', '$', '&', 'e', '\xa5', '\xe5', '5', '%'};
    std::uint64_t x = 0x243f6a8885a308d3ULL;
    for (int round = 0; round < 20000; ++round) {
        char s[16];
        unsigned want = 0;
        for (unsigned k = 0; k < 16; ++k) {
            x = x * 6364136223846793005ULL + 1442695040888963407ULL;
            s[k] = alphabet[(x >> 61) & 7];
            want |= (s[k] == '%' ? 1u : 0u) << k;
        }
        BOOST_TEST(d::pct_bits16(s) == want);
        BOOST_TEST((d::byte_bits(d::pct_bytes(d::load8_le(s))) | d::byte_bits(d::pct_bytes(d::load8_le(s + 8))) << 8) == want);
    }
}

BOOST_AUTO_TEST_CASE(pct_fold_word_agrees_with_the_byte_rule)
{
    // The word-at-a-time fold of percent-encoding case (canonical form and
    // equivalence use it) against pct_case_folded, one byte at a time, and
    // the hash's cheaper fold against its own rule, on every string of 24 bytes over an alphabet of "%", letters
    // of both cases in and out of the hex range, a digit and a byte above
    // 0x7f, drawn by a fixed walk: "%"s at every offset of a word, runs of
    // them, and "%" in the last two bytes of a word.
    namespace d = urns::detail;
    static char const alphabet[] = {'%', 'a', 'F', 'f', 'z', 'Z', '0', '\xe9'};
    std::uint64_t x = 0x6a09e667f3bcc908ULL;
    for (int round = 0; round < 200000; ++round) {
        char s[24];
        for (char& c : s) {
            x = x * 6364136223846793005ULL + 1442695040888963407ULL;
            c = alphabet[(x >> 61) & 7];
        }
        std::string_view const v(s, sizeof s);
        std::uint64_t last = 0;
        for (std::size_t i = 0; i < sizeof s; i += 8) {
            std::uint64_t const w = d::load8_le(s + i);
            std::uint64_t const pct = d::pct_bytes(w);
            std::uint64_t const folded = d::pct_fold_word(w, pct, last);
            std::uint64_t const cleared = d::pct_clear_case(w, pct, last);
            last = pct;
            for (std::size_t j = 0; j < 8; ++j) {
                std::size_t const k = i + j;
                auto const got = static_cast<char>(static_cast<unsigned char>(folded >> (8 * j)));
                BOOST_TEST(got == d::pct_case_folded(v, k), std::string(v) << " at " << k);
                // The hash's cheaper fold: the 0x20 bit of a byte cleared
                // when one of the two bytes before it is "%", by the bytes.
                bool const marked = (k >= 1 && s[k - 1] == '%') || (k >= 2 && s[k - 2] == '%');
                auto const want = static_cast<char>(marked ? s[k] & ~0x20 : s[k]);
                auto const got_cleared = static_cast<char>(static_cast<unsigned char>(cleared >> (8 * j)));
                BOOST_TEST(got_cleared == want, std::string(v) << " at " << k);
            }
        }
    }
}

namespace {

/// The UTF-8 encoding of a code point by RFC 3629 section 3's table,
/// without any check: the oracle a sequence is compared with.
std::string encode_utf8(std::uint32_t cp)
{
    std::size_t const n = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    std::string out(n, '\0');
    for (std::size_t i = n - 1; i > 0; --i, cp >>= 6)
        out[i] = static_cast<char>(0x80 | (cp & 0x3F)); // the continuation octets, last first
    static constexpr unsigned lead[] = {0, 0x00, 0xC0, 0xE0, 0xF0};
    out[0] = static_cast<char>(lead[n] | cp);
    return out;
}

/// Whether `s` is the encoding of one Unicode scalar value (not a
/// surrogate, at most U+10FFFF): its lead octet's count of payload bits
/// read without checks, then encoded back and compared.
bool one_scalar_value(std::string const& s)
{
    auto const* p = reinterpret_cast<unsigned char const*>(s.data());
    std::size_t const n = s.size();
    std::size_t const want = p[0] < 0x80 ? 1 : p[0] >= 0xF0 ? 4 : p[0] >= 0xE0 ? 3 : p[0] >= 0xC0 ? 2 : 0;
    if (want != n)
        return false;
    std::uint32_t cp = n == 1 ? p[0] : p[0] & (0xFFu >> (n + 1));
    for (std::size_t i = 1; i < n; ++i)
        cp = cp << 6 | (p[i] & 0x3F);
    return cp <= 0x10FFFF && !(cp >= 0xD800 && cp <= 0xDFFF) && encode_utf8(cp) == s;
}

} // namespace

// RFC 3629 section 4 (UTF8-char): every sequence of one to three octets,
// and the four-octet ones around each bound, against the oracle above.
BOOST_AUTO_TEST_CASE(utf8_sequence_length_is_rfc3629)
{
    namespace lx = urns::lexical;
    auto check = [](std::string const& s) {
        auto const* p = reinterpret_cast<unsigned char const*>(s.data());
        std::size_t const got = lx::utf8_sequence_length(p, s.size());
        // The longest prefix that is one scalar value is the sequence.
        std::size_t want = 0;
        for (std::size_t k = 1; k <= s.size(); ++k)
            if (one_scalar_value(s.substr(0, k)))
                want = k;
        if (got != want)
            BOOST_ERROR("utf8_sequence_length of " << std::hex << std::uint32_t(p[0]) << "... ("
                                                   << std::dec << s.size() << " octets): " << got << ", not " << want);
    };
    std::string s;
    for (std::uint32_t a = 0; a < 256; ++a) {
        check(std::string(1, static_cast<char>(a)));
        for (std::uint32_t b = 0; b < 256; ++b) {
            s = {static_cast<char>(a), static_cast<char>(b)};
            check(s);
            if (a < 0xE0 || a > 0xF4)
                continue;
            for (std::uint32_t c = 0; c < 256; c += (c == 0x7E || c == 0x7F || c == 0xBE || c == 0xBF) ? 1 : 0x3F) {
                s = {static_cast<char>(a), static_cast<char>(b), static_cast<char>(c)};
                check(s);
                if (a >= 0xF0)
                    for (std::uint32_t d : {0x00u, 0x7Fu, 0x80u, 0xBFu, 0xC0u})
                        check(s + static_cast<char>(d));
            }
        }
    }
    // The examples of RFC 3629 section 7, and its bounds.
    BOOST_TEST(lx::valid_utf8("\x41\xE2\x89\xA2\xCE\x91\x2E"));                 // "A<NOT IDENTICAL TO><ALPHA>."
    BOOST_TEST(lx::valid_utf8("\xED\x95\x9C\xEA\xB5\xAD\xEC\x96\xB4"));         // Korean "hangugeo"
    BOOST_TEST(lx::valid_utf8("\xE6\x97\xA5\xE6\x9C\xAC\xE8\xAA\x9E"));         // Japanese "nihongo"
    BOOST_TEST(lx::valid_utf8("\xEF\xBB\xBF\xF0\xA3\x8E\xB4"));                 // BOM, U+233B4
    BOOST_TEST(lx::valid_utf8("\xF4\x8F\xBF\xBF"));                             // U+10FFFF
    BOOST_TEST(!lx::valid_utf8("\xF4\x90\x80\x80"));                            // U+110000
    BOOST_TEST(!lx::valid_utf8("\xED\xA0\x80"));                                // U+D800, a surrogate
    BOOST_TEST(!lx::valid_utf8("\xC0\xAF"));                                    // an overlong "/"
    BOOST_TEST(!lx::valid_utf8("\xE2\x89"));                                    // cut short
    BOOST_TEST(lx::valid_utf8(""));
}
