// SPDX-License-Identifier: BSL-1.0
//
// The second grammar file of test/unit/nss_surface.cpp (X3-free declaration).
#ifndef URNS_TEST_NSS_SURFACE_OTHER_HPP
#define URNS_TEST_NSS_SURFACE_OTHER_HPP

#include <urns/nss/registry.hpp>

namespace nss_surface_other {

/// The validator of this file's rule "code" (2ALPHA).
urns::nss::validator code_validator() noexcept;

} // namespace nss_surface_other

#endif
