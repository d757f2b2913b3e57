// SPDX-License-Identifier: BSL-1.0
// libFuzzer target: the plugin loader's check of a plugin's table
// (plugin_detail::table_fault, what load_plugin() runs after dlopen) and,
// when it accepts the table, the guards the rules are called through
// (plugin_detail::guarded). The input builds a urns_plugin_v1 without a
// shared object: its interface version, C++ ABI and sizes, name and error
// texts, count and rules; each rule's NID and reference (pointers into an
// arena of the input's bytes, or null with a size, or longer than the
// checker's limits while the memory behind them is shorter), and rules
// that answer with faults past the NSS, rule names too long or not UTF-8,
// more names than a fault holds, long external lists, folds longer than
// the NSS, fields outside it, or that throw.
//
// The arena and the lists are heap blocks of exactly their size, so ASan
// reports any read past what a plugin owns: the checker must decide from
// the sizes before it reads (no C string past its limit + 1 bytes, no NID
// past 32 bytes, no reference past 4096 bytes, no rule past the count once
// it is within 1024, no external name past the 64th). What the pointers
// hold within what they claim is the plugin's to get right and is not
// fuzzed. Properties: the checker's cause is UTF-8 without control
// characters; an accepted table has 1 to 1024 namespaces with valid NIDs;
// a guarded fault lies inside the NSS, its names are UTF-8 without control
// characters, made of at most 256 bytes of the plugin's (escaped, "..."
// after them when cut), at most
// expected_alternatives::capacity of them; a guarded fold is no longer
// than the NSS; guarded fields lie inside the NSS with safe names.
#include "fuzz_support.hpp"
#include "nss/plugin_table.hpp"

#include <urns/lexical.hpp>
#include <urns/nss/plugin.hpp>
#include <urns/nss/plugin_loader.hpp>

#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace {

namespace nss = urns::nss;

/// The rule names a rule gives are cut from these: the guards keep a copy
/// of each distinct unsafe name for the process (faults point to static
/// storage), so the names come from a bounded set rather than the input.
std::string const& name_pool(std::size_t i)
{
    static std::vector<std::string> const pool = [] {
        std::vector<std::string> p = {
            "digit",
            std::string(300, 'a'),
            std::string(255, 'b') + "\xC3\xA9" + std::string(40, 'c'), // a UTF-8 pair across the cut at 256
            std::string(254, 'd') + "\xE2\x82\xAC" + "e",              // three bytes across the cut
            "\x1B[31mred\x1B[0m\nforged line",
            "\xC2\x85\xC2\x9F next line (C1)",
            "back\\slash and \x7F",
            "\xFF\xFE not UTF-8 \xC0\xAF \xED\xA0\x80",
            "truncated \xE2\x82",
            std::string("nul\0inside", 10),
        };
        return p;
    }();
    return pool[i % pool.size()];
}

std::string_view pool_name(FuzzedDataProvider& in)
{
    std::string const& s = name_pool(in.ConsumeIntegral<std::uint8_t>());
    return std::string_view(s).substr(0, in.ConsumeIntegralInRange<std::size_t>(0, s.size()));
}

/// What a fuzzed rule does when it is called.
struct behaviour {
    std::uint8_t validate_kind = 0; // 0 accept, 1 fault, 2 throw std::runtime_error, 3 throw an int
    std::size_t offset = 0;
    std::string_view expected;
    std::vector<std::string_view> held;           // pushed into the fault's own list
    std::size_t held_size = 0;                    // the list's size as the plugin writes it over (0: as pushed)
    std::unique_ptr<std::string_view[]> external; // 64 names, exactly
    std::size_t external_size = 0;
    bool use_external = false;
    std::size_t dropped = 0;
    std::uint8_t fold_kind = 0; // 0 returns fold_length, 1 throws
    std::size_t fold_length = 0;
    std::uint8_t fields_kind = 0; // 0 fields, 1 throw std::runtime_error, 2 std::bad_alloc, 3 an int
    std::vector<nss::nss_field> fields;
    std::string what; // what the exceptions say
};

/// The byte offset of expected_alternatives's size in its representation,
/// found once: a plugin's code may write any size there.
std::size_t size_offset()
{
    static std::size_t const at = [] {
        static_assert(std::is_trivially_copyable_v<urns::expected_alternatives>);
        urns::expected_alternatives a;
        for (int i = 0; i < 5; ++i)
            a.push_back("x");
        a.note_dropped(11);
        unsigned char bytes[sizeof a];
        std::memcpy(bytes, &a, sizeof a);
        for (std::size_t o = 0; o + sizeof(std::size_t) <= sizeof a; o += alignof(std::size_t)) {
            std::size_t w;
            std::memcpy(&w, bytes + o, sizeof w);
            if (w == 5)
                return o;
        }
        std::abort();
    }();
    return at;
}

// The rules are declared without noexcept and given through the noexcept
// pointer types, as a plugin whose code throws would give them.
behaviour const* g_plain = nullptr; // the behaviour of rules without a context

urns::nss::verdict answer(behaviour const& b, std::string_view)
{
    if (b.validate_kind == 0)
        return {};
    if (b.validate_kind == 2)
        throw std::runtime_error(b.what);
    if (b.validate_kind == 3)
        throw 42;
    nss::nss_fault f;
    f.offset = b.offset;
    f.expected = b.expected;
    if (b.use_external) {
        f.also_expected = urns::expected_alternatives::external(b.external.get(), b.external_size);
    } else {
        for (std::string_view n : b.held)
            f.also_expected.push_back(n);
        if (b.held_size != 0)
            std::memcpy(reinterpret_cast<unsigned char*>(&f.also_expected) + size_offset(), &b.held_size,
                        sizeof b.held_size);
    }
    f.also_expected.note_dropped(b.dropped);
    return f;
}

urns::nss::verdict validate_plain(std::string_view s)
{
    return answer(*g_plain, s);
}

urns::nss::verdict validate_with(void const* c, std::string_view s)
{
    return answer(*static_cast<behaviour const*>(c), s);
}

std::size_t fold(behaviour const& b, std::string_view s, char* out)
{
    if (b.fold_kind == 1)
        throw std::runtime_error(b.what);
    std::memcpy(out, s.data(), s.size());
    return b.fold_length;
}

std::size_t fold_plain(std::string_view s, char* out)
{
    return fold(*g_plain, s, out);
}

std::size_t fold_with(void const* c, std::string_view s, char* out)
{
    return fold(*static_cast<behaviour const*>(c), s, out);
}

std::vector<nss::nss_field> fields(void const* c, std::string_view)
{
    auto const& b = *static_cast<behaviour const*>(c);
    switch (b.fields_kind) {
    case 1: throw std::runtime_error(b.what);
    case 2: throw std::bad_alloc();
    case 3: throw 7;
    default: return b.fields;
    }
}

/// Printable: UTF-8 without C0 controls or DEL (C1 controls are escaped too).
bool safe_text(std::string_view s)
{
    if (!urns::lexical::valid_utf8(s))
        return false;
    for (std::size_t i = 0; i < s.size(); ++i) {
        auto const c = static_cast<unsigned char>(s[i]);
        if (c < 0x20 || c == 0x7F)
            return false;
        if (c == 0xC2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) <= 0x9F)
            return false;
    }
    return true;
}

/// A rule name as the guards give it: its first 256 bytes, each escaped
/// in at most 4 ("\\xHH"), and "..." when cut.
bool safe_name(std::string_view s)
{
    return s.size() <= 4 * 256 + 3 && safe_text(s);
}

/// The input's bytes the texts point into, in a heap block of exactly its
/// size that ends with a NUL (a plugin's C strings end somewhere).
struct arena {
    std::unique_ptr<char[]> bytes;
    std::size_t size = 0; // with the NUL

    /// A C string: null, the right C++ ABI (when `abi`), or a text of the arena.
    char const* c_string(FuzzedDataProvider& in, bool abi) const
    {
        std::uint8_t const k = in.ConsumeIntegral<std::uint8_t>();
        if (k == 0)
            return nullptr;
        if (abi && k < 0xC0)
            return URNS_PLUGIN_CXX_ABI;
        return bytes.get() + in.ConsumeIntegralInRange<std::size_t>(0, size - 1);
    }

    /// A view: null with a size, a text of the arena, one that claims more
    /// than `limit` bytes while fewer are behind it, or one of `literals`.
    std::string_view view(FuzzedDataProvider& in, std::size_t limit,
                          std::vector<std::string_view> const& literals) const
    {
        std::uint8_t const k = in.ConsumeIntegral<std::uint8_t>();
        std::size_t const at = in.ConsumeIntegralInRange<std::size_t>(0, size - 1);
        switch (k % 8) {
        case 0: return std::string_view(nullptr, in.ConsumeIntegralInRange<std::size_t>(0, limit + 2));
        case 1: return std::string_view(bytes.get() + at, limit + 1 + in.ConsumeIntegral<std::uint16_t>());
        case 2:
        case 3:
        case 4:
            if (!literals.empty())
                return literals[in.ConsumeIntegral<std::uint8_t>() % literals.size()];
            [[fallthrough]];
        default: return std::string_view(bytes.get() + at, in.ConsumeIntegralInRange<std::size_t>(0, size - at));
        }
    }
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(std::uint8_t const* data, std::size_t size)
{
    std::string_view const input(reinterpret_cast<char const*>(data), size);
    FuzzedDataProvider in(data, size);

    // The arena: some of the input's bytes, then a run of one byte (long
    // texts), then a NUL.
    arena a;
    std::vector<char> raw = in.ConsumeBytes<char>(in.ConsumeIntegralInRange<std::size_t>(0, 512));
    std::size_t const run = in.ConsumeIntegralInRange<std::size_t>(0, 600);
    char const fill = in.ConsumeIntegral<char>();
    a.size = raw.size() + run + 1;
    a.bytes = std::make_unique<char[]>(a.size);
    std::copy(raw.begin(), raw.end(), a.bytes.get());
    std::fill_n(a.bytes.get() + raw.size(), run, fill);
    a.bytes[a.size - 1] = '\0';

    std::uint8_t const flags = in.ConsumeIntegral<std::uint8_t>();
    urns_plugin_v1 t{};
    t.abi = (flags & 1) ? in.ConsumeIntegral<unsigned>() : URNS_PLUGIN_ABI;
    t.cxx_abi = a.c_string(in, true);
    t.sizeof_rules = (flags & 2) ? in.ConsumeIntegral<std::size_t>() : sizeof(nss::namespace_rules);
    t.sizeof_fault = (flags & 4) ? in.ConsumeIntegral<std::size_t>() : sizeof(nss::nss_fault);
    t.name = a.c_string(in, false);
    t.error = (flags & 8) ? a.c_string(in, false) : nullptr;

    static std::vector<std::string_view> const nids = {
        "example", "EXAMPLE", "x-fuzz", "isbn", "a1", "urn", "-bad", "ab", "Ab", std::string_view("a\0b", 3)};
    static std::vector<std::string_view> const references = {"RFC 8141", ""};
    std::size_t const n = in.ConsumeIntegralInRange<std::size_t>(1, 6);
    std::vector<behaviour> behaviours(n);
    auto rules = std::make_unique<nss::namespace_rules[]>(n); // exactly n: no read past them
    for (std::size_t i = 0; i < n; ++i) {
        behaviour& b = behaviours[i];
        nss::namespace_rules& r = rules[i];
        r.nid = a.view(in, 32, nids);
        r.reference = a.view(in, 4096, references);
        std::uint8_t const kinds = in.ConsumeIntegral<std::uint8_t>();
        switch (kinds & 3) {
        case 1: r.validate = reinterpret_cast<nss::validator>(&validate_plain); break;
        case 2:
        case 3: r.validate_with = reinterpret_cast<nss::context_validator>(&validate_with); break;
        default: break;
        }
        switch ((kinds >> 2) & 3) {
        case 1: r.fold = reinterpret_cast<nss::folder>(&fold_plain); break;
        case 2: r.fold_with = reinterpret_cast<nss::context_folder>(&fold_with); break;
        default: break;
        }
        if (kinds & 0x10)
            r.fields = &fields;
        r.context = &b;

        b.validate_kind = in.ConsumeIntegralInRange<std::uint8_t>(0, 3);
        b.offset = (kinds & 0x20) ? in.ConsumeIntegral<std::size_t>() : in.ConsumeIntegralInRange<std::size_t>(0, 40);
        b.expected = pool_name(in);
        b.use_external = (kinds & 0x40) != 0;
        if (b.use_external) {
            b.external = std::make_unique<std::string_view[]>(64); // as many as the guard may read
            for (std::size_t k = 0, m = in.ConsumeIntegralInRange<std::size_t>(0, 64); k < m; ++k)
                b.external[k] = pool_name(in);
            b.external_size =
                in.ConsumeBool() ? in.ConsumeIntegral<std::size_t>() : in.ConsumeIntegralInRange<std::size_t>(0, 64);
        } else {
            for (std::size_t k = 0, m = in.ConsumeIntegralInRange<std::size_t>(0, 9); k < m; ++k)
                b.held.push_back(pool_name(in));
            if (kinds & 0x80)
                b.held_size = in.ConsumeIntegral<std::size_t>();
        }
        b.dropped = in.ConsumeIntegralInRange<std::size_t>(0, 1000);
        b.fold_kind = in.ConsumeIntegralInRange<std::uint8_t>(0, 1);
        b.fold_length =
            in.ConsumeBool() ? in.ConsumeIntegral<std::size_t>() : in.ConsumeIntegralInRange<std::size_t>(0, 40);
        b.fields_kind = in.ConsumeIntegralInRange<std::uint8_t>(0, 3);
        for (std::size_t k = 0, m = in.ConsumeIntegralInRange<std::size_t>(0, 4); k < m; ++k) {
            std::size_t const begin = in.ConsumeIntegralInRange<std::size_t>(0, 40);
            std::size_t const end = in.ConsumeIntegralInRange<std::size_t>(0, 40);
            b.fields.push_back({pool_name(in), begin, end});
        }
        if (std::string_view const what = a.view(in, 300, {}); what.data() && what.size() <= 300)
            b.what = std::string(what);
    }
    g_plain = &behaviours[0];

    switch (in.ConsumeIntegralInRange<int>(0, 7)) {
    case 0: t.count = 0; break;
    case 1:
        t.count = std::size_t{1025} + in.ConsumeIntegral<std::uint32_t>(); // past the limit: never read
        break;
    case 2: t.count = in.ConsumeIntegralInRange<std::size_t>(1, n); break;
    default: t.count = n; break;
    }
    t.rules = (flags & 16) ? nullptr : rules.get();

    std::string const fault = nss::plugin_detail::table_fault(t);
    URNS_FUZZ_CHECK(safe_text(fault), input);
    if (!fault.empty())
        return 0;
    URNS_FUZZ_CHECK(t.rules && t.count >= 1 && t.count <= n && t.error == nullptr, input);

    std::string_view const nss_texts[] = {"", "a", "0123456789", std::string_view(a.bytes.get(), a.size - 1)};
    for (std::size_t i = 0; i < t.count; ++i) {
        nss::plugin_detail::guarded_rules const g{t.rules[i], "/fuzz/plugin.so"};
        nss::namespace_rules const r = nss::plugin_detail::guarded(g);
        URNS_FUZZ_CHECK(r.context == &g && r.nid == t.rules[i].nid, input);
        URNS_FUZZ_CHECK(r.has_validator() == t.rules[i].has_validator() && r.has_fold() == t.rules[i].has_fold(),
                        input);
        for (std::string_view s : nss_texts) {
            if (auto const f = r.check(s)) {
                URNS_FUZZ_CHECK(f->offset <= s.size(), input);
                URNS_FUZZ_CHECK(safe_name(f->expected), input);
                URNS_FUZZ_CHECK(f->also_expected.size() <= urns::expected_alternatives::capacity, input);
                for (std::string_view name : f->also_expected)
                    URNS_FUZZ_CHECK(!name.empty() && safe_name(name), input);
            }
            std::string out(s.size(), '\0');
            URNS_FUZZ_CHECK(r.fold_nss(s, out.data()) <= s.size(), input);
            try {
                for (nss::nss_field const& f : r.fields_of(s))
                    URNS_FUZZ_CHECK(f.begin <= f.end && f.end <= s.size() && safe_name(f.name), input);
            } catch (std::bad_alloc const&) {
                // a field lister's std::bad_alloc reaches the caller
            }
        }
    }
    URNS_FUZZ_CHECK(safe_text(nss::plugin_failure()), input);
    return 0;
}
