# SPDX-License-Identifier: BSL-1.0
#
# urns_add_plugin(<name> SOURCES <file>... [PRECOMPILE_SURFACE])
#
# Builds a namespace plugin for the `urn` tool (urns/nss/plugin.hpp): a
# shared module <name>.so, with no "lib" prefix, position-independent, its
# symbols hidden but the entry point (URNS_PLUGIN_EXPORT), linked with
# urns::urns. Load it with `urn check --plugin path/<name>.so` or
# URNS_PLUGINS. PRECOMPILE_SURFACE: as urns_precompile_surface(<name>).
# Installed with the urns CMake package, so a project that calls
# find_package(urns CONFIG) has it.
#
# urns_precompile_surface(<target>)
#
# Precompiles the X3 extension surface <urns/nss/x3.hpp> for <target>
# (target_precompile_headers): most of a namespace TU's compile time is
# the parse of X3's headers, so with the header precompiled, each later
# build of the grammar file costs a fraction of it (tools/bench.sh
# --compile-cost measures it). The precompiled header is built once
# per target, which costs more than one plain compile: worth it from the
# second build of a grammar being written, or with several grammar files.
function(urns_precompile_surface target)
  target_precompile_headers(${target} PRIVATE <urns/nss/x3.hpp>)
endfunction()

function(urns_add_plugin name)
  cmake_parse_arguments(URNS_PLUGIN "PRECOMPILE_SURFACE" "" "SOURCES" ${ARGN})
  if(NOT URNS_PLUGIN_SOURCES)
    message(FATAL_ERROR "urns_add_plugin(${name}): give its SOURCES")
  endif()
  if(URNS_PLUGIN_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "urns_add_plugin(${name}): unknown arguments ${URNS_PLUGIN_UNPARSED_ARGUMENTS}")
  endif()
  add_library(${name} MODULE ${URNS_PLUGIN_SOURCES})
  target_link_libraries(${name} PRIVATE urns::urns)
  set_target_properties(${name} PROPERTIES
    PREFIX ""
    POSITION_INDEPENDENT_CODE ON
    CXX_VISIBILITY_PRESET hidden
    VISIBILITY_INLINES_HIDDEN ON)
  if(URNS_PLUGIN_PRECOMPILE_SURFACE)
    urns_precompile_surface(${name})
  endif()
endfunction()
