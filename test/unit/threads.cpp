// SPDX-License-Identifier: BSL-1.0
// The library called from many threads at once, on shared inputs: parsing in
// every syntax (with and without the built-in registry), equivalence,
// canonical forms and hashes, registry lookups, check, find_urns, the
// percent-encoding functions, make_urn and the draft-03 query. The first use
// of nss::builtin() (a function-local static) and parse_urn's first invalid
// input of each kind in each syntax (which learns the grammar's error for
// that kind of fault) happen in the threads, all released together. Each thread's results must equal the ones computed
// afterwards on one thread. tools/test.sh runs this test under
// ThreadSanitizer (clang, -fsanitize=thread), where any data race fails it.
#define BOOST_TEST_MODULE threads
#include <boost/test/unit_test.hpp>

#include <urns/urns.hpp>
#include <urns/nss/builtin.hpp>
#include <urns/nss/equivalence.hpp>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

namespace {

char const* const inputs[] = {
    "urn:isbn:0-395-36341-1",
    "URN:ISBN:0395363411?s=I2L&c=ToC#p5",
    "urn:uuid:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6",
    "urn:ietf:rfc:2648",
    "urn:issn:0259-000x",
    "urn:oid:1.3.6.1",
    "urn:nbn:de:101:1-200910131091",
    "urn:example:a%2c/b?+r?=q=1#f",
    "urn:ex:a?k=1&k=1&j=%2f",
    "urn:x:y",
    "urn:urn:x",
    "urn:ex:a%00",
    "urn:ex:a b",
    "not a urn",
};

constexpr urns::syntax syntaxes[] = {urns::syntax::rfc2141, urns::syntax::rfc2141bis, urns::syntax::rfc8141};
constexpr urns::equivalence_mode modes[] = {
    urns::equivalence_mode::rfc2141, urns::equivalence_mode::rfc2141bis_drop_query,
    urns::equivalence_mode::rfc2141bis_keep_query, urns::equivalence_mode::rfc8141};

std::string const prose = "See urn:isbn:0-395-36341-1 (and urn:ex:a)(b)), 'urn:ietf:rfc:2648'. "
                          "magnet:?xt=urn:btih:c12fe1c06bba254a9dc9f519b335aa7c1367a88a&dn=x urn:urn:x";

/// Everything one round computes, written to one string.
std::string one_round()
{
    std::string out;
    auto const& reg = urns::nss::builtin();
    for (char const* in : inputs) {
        for (urns::syntax syn : syntaxes) {
            auto const r = urns::parse_urn(in, syn);
            urns::parse_options o;
            o.syntax = syn;
            o.registry = &reg;
            auto const rr = urns::parse_urn(in, o);
            out += r ? "ok " : urns::to_string(r.error(), in) + ' ';
            out += rr ? "ok|" : urns::to_string(rr.error(), in) + '|';
            if (!r)
                continue;
            out += std::string(r->nid()) + ' ' + (reg.find(r->nid()) ? "registered " : "- ");
            for (urns::diagnostic const& d : urns::check(*r))
                out += urns::to_string(d, in) + ';';
            for (urns::equivalence_mode m : modes) {
                out += urns::canonical(*r, m) + ' ' + std::to_string(urns::hash(*r, m)) + ' ';
                out += urns::nss::equivalent(*r, *r, m, reg) ? "= " : "! ";
                std::string c;
                urns::nss::canonical(*r, m, reg, c);
                out += c + ' ';
            }
            std::string shown;
            out += urns::pct::display(r->nss(), syn, shown) ? shown : "?";
            auto const raw = urns::pct::decode(r->nss());
            if (raw) {
                auto made = urns::make_urn("ex", *raw, syn);
                out += made ? std::string(made->buffer()) : "refused";
            }
            if (r->has_query()) {
                std::vector<urns::directive> eff;
                if (auto d = urns::directives(*r))
                    urns::effective_directives(*d, eff);
                out += " effective " + std::to_string(eff.size());
            }
            out += '\n';
        }
    }
    for (urns::syntax syn : syntaxes) {
        urns::extract_options o;
        o.syntax = syn;
        for (urns::urn_match const& m : urns::find_urns(prose, o))
            out += std::to_string(m.offset) + '+' + std::to_string(m.length) + ' ';
    }
    return out;
}

} // namespace

BOOST_AUTO_TEST_CASE(many_threads_at_once)
{
    unsigned const n = 8;
    int const rounds = 50;
    std::atomic<unsigned> ready{0};
    std::atomic<bool> go{false};
    std::vector<std::string> results(n);
    std::vector<int> same(n, 0);
    std::vector<std::thread> threads;
    for (unsigned t = 0; t < n; ++t)
        threads.emplace_back([&, t] {
            ++ready;
            while (!go.load(std::memory_order_acquire))
                std::this_thread::yield();
            // The first round includes the first use of nss::builtin().
            results[t] = one_round();
            for (int k = 1; k < rounds; ++k)
                same[t] += one_round() == results[t];
        });
    while (ready.load() < n)
        std::this_thread::yield();
    go.store(true, std::memory_order_release);
    for (auto& th : threads)
        th.join();
    std::string const expected = one_round();
    BOOST_TEST(expected.size() > 2000u);
    for (unsigned t = 0; t < n; ++t) {
        BOOST_TEST(results[t] == expected, "thread " << t);
        BOOST_TEST(same[t] == rounds - 1, "thread " << t);
    }
}
