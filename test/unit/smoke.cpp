#define BOOST_TEST_MODULE smoke
#include <boost/test/unit_test.hpp>
#include <urns/urns.hpp>
#include <iostream>

BOOST_AUTO_TEST_CASE(smoke)
{
    for (auto syn : {urns::syntax::rfc2141, urns::syntax::rfc2141bis, urns::syntax::rfc8141}) {
        for (char const* s : {"urn:isbn:0-395-36341-1", "URN:ex:a?+r?=q#f", "urn:ex:a?s=I2L&c=ToC#x", "urn:ex:a b", "urn:ex:a%zz", "urn:a-:x", "urn:urn:x", "urn:ex:a%00", "", "urn:ex:a?b", "urn:ex:a?+", "urn:ex:a?+r?=", "urn:ex:a#f#g"}) {
            auto r = urns::parse_urn(s, syn);
            std::cout << urns::to_string(syn) << " '" << s << "': ";
            if (r) std::cout << "ok nid=" << r->nid() << " nss=" << r->nss() << " q=" << r->has_query() << r->query() << " r=" << r->r_component() << " qc=" << r->q_component() << " f=" << r->has_fragment() << r->fragment() << "\n";
            else std::cout << "\n" << urns::to_string(r.error(), s) << "\n";
        }
    }
    BOOST_TEST(urns::parse_urn("urn:isbn:0-395-36341-1").has_value());
}
