// SPDX-License-Identifier: BSL-1.0
// X3-free public header: the export macro of the shared library.
#ifndef URNS_CONFIG_HPP
#define URNS_CONFIG_HPP

/** @def URNS_DECL
    Marks a declaration of the public API that the library defines out of
    line (a non-inline function, or a class with a non-inline member) so
    that the shared library exports it: the shared library is compiled with
    `-fvisibility=hidden -fvisibility-inlines-hidden`, so what does not
    carry it is internal. Empty for the static library.

    URNS_SHARED is defined when the shared library is built and for the
    programs that use it (CMake: urns::urns of a shared build; urns.pc of a
    shared install); URNS_SOURCE only while the library itself is compiled.
    On ELF both give `visibility("default")`; on Windows URNS_SOURCE picks
    `dllexport` over `dllimport`. See docs/building.md, "Static or shared".
*/
#if defined(URNS_SHARED)
#if defined(_WIN32) || defined(__CYGWIN__)
#if defined(URNS_SOURCE)
#define URNS_DECL __declspec(dllexport)
#else
#define URNS_DECL __declspec(dllimport)
#endif
#else
#define URNS_DECL __attribute__((visibility("default")))
#endif
#else
#define URNS_DECL
#endif

#endif
