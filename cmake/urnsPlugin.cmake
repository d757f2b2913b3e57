# SPDX-License-Identifier: BSL-1.0
#
# urns_add_plugin(<name> SOURCES <file>...)
#
# Builds a namespace plugin for the `urn` tool (urns/nss/plugin.hpp): a
# shared module <name>.so, with no "lib" prefix, position-independent, its
# symbols hidden but the entry point (URNS_PLUGIN_EXPORT), linked with
# urns::urns. Load it with `urn check --namespaces --plugin path/<name>.so`
# or URNS_PLUGINS. Installed with the urns CMake package, so a project that
# calls find_package(urns CONFIG) has it.
function(urns_add_plugin name)
  cmake_parse_arguments(URNS_PLUGIN "" "" "SOURCES" ${ARGN})
  if(NOT URNS_PLUGIN_SOURCES)
    message(FATAL_ERROR "urns_add_plugin(${name}): give its SOURCES")
  endif()
  add_library(${name} MODULE ${URNS_PLUGIN_SOURCES})
  target_link_libraries(${name} PRIVATE urns::urns)
  set_target_properties(${name} PROPERTIES
    PREFIX ""
    POSITION_INDEPENDENT_CODE ON
    CXX_VISIBILITY_PRESET hidden
    VISIBILITY_INLINES_HIDDEN ON)
endfunction()
