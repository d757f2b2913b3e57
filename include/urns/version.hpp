// SPDX-License-Identifier: BSL-1.0
//
// The version of urns: the one source that CMake (project(VERSION), the
// package version file, urns.pc), b2, `urn --version`, the Python package
// (setup.py, the module's __version__) and the Debian packages read;
// CHANGELOG.md has a section for each version and says the rule for raising it.
#ifndef URNS_VERSION_HPP
#define URNS_VERSION_HPP

#define URNS_VERSION_MAJOR 0
#define URNS_VERSION_MINOR 5
#define URNS_VERSION_PATCH 1

/// "MAJOR.MINOR.PATCH"
#define URNS_VERSION_STRING "0.5.1"

/// MAJOR * 10000 + MINOR * 100 + PATCH, for comparisons in #if.
#define URNS_VERSION (URNS_VERSION_MAJOR * 10000 + URNS_VERSION_MINOR * 100 + URNS_VERSION_PATCH)

#endif
