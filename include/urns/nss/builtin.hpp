// SPDX-License-Identifier: BSL-1.0
// X3-free public header: every namespace shipped with urns, and
// urns::nss::builtin(), the registry that holds them.
#ifndef URNS_NSS_BUILTIN_HPP
#define URNS_NSS_BUILTIN_HPP

#include <urns/nss/dev.hpp>
#include <urns/nss/epc.hpp>
#include <urns/nss/epcglobal.hpp>
#include <urns/nss/equivalence.hpp>
#include <urns/nss/example.hpp>
#include <urns/nss/gsma.hpp>
#include <urns/nss/ietf.hpp>
#include <urns/nss/isan.hpp>
#include <urns/nss/isbn.hpp>
#include <urns/nss/iso.hpp>
#include <urns/nss/issn.hpp>
#include <urns/nss/mpeg.hpp>
#include <urns/nss/nbn.hpp>
#include <urns/nss/nfc.hpp>
#include <urns/nss/oasis.hpp>
#include <urns/nss/ogc.hpp>
#include <urns/nss/oid.hpp>
#include <urns/nss/publicid.hpp>
#include <urns/nss/registry.hpp>
#include <urns/nss/uuid.hpp>
#include <urns/nss/xmpp.hpp>

#endif
