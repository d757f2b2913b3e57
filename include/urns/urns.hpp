// SPDX-License-Identifier: BSL-1.0
// X3-free public header: everything public in urns, and no X3.
#ifndef URNS_URNS_HPP
#define URNS_URNS_HPP

#include <urns/check.hpp>
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

#endif
