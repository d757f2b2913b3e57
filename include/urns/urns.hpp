// SPDX-License-Identifier: BSL-1.0
// X3-free public header: everything public in urns, and no X3.
#ifndef URNS_URNS_HPP
#define URNS_URNS_HPP

#include <urns/check.hpp>
#include <urns/config.hpp>
#include <urns/equivalence.hpp>
#include <urns/error.hpp>
#include <urns/extract.hpp>
#include <urns/lexical.hpp>
#include <urns/make_urn.hpp>
#include <urns/parse.hpp>
#include <urns/pct.hpp>
#include <urns/query.hpp>
#include <urns/syntax.hpp>
#include <urns/urn.hpp>
#include <urns/urn_view.hpp>
#include <urns/version.hpp>

/** @namespace urns
    The library: parse_urn() and the views it makes (urn_view, urn), their
    errors (parse_error, to_string()), equivalence (equivalent(),
    canonical(), hash()), checking (check()), extraction from text
    (find_urns()), building (make_urn()), the draft-03 query (directives()),
    percent-encoding (urns::pct) and the character classes of the URN
    documents (urns::lexical). Namespace rules live in urns::nss.

    Include <urns/urns.hpp> for all of it, or the header named in each
    entry; none of these headers includes Boost.Spirit X3.
*/

#endif
