# SPDX-License-Identifier: BSL-1.0
# Boost for the WebAssembly build: the host's Boost headers (the library
# uses header-only Boost only: Spirit X3, System, Assert), as the target
# Boost::headers that the library links. The host's own BoostConfig.cmake
# would put the host's whole include directory (its C library's headers
# too) on emscripten's include path: this one gives a directory that holds
# only a link to the host's boost/.
find_path(URNS_HOST_BOOST_INCLUDE boost/version.hpp
  PATHS /usr/include /usr/local/include NO_CMAKE_FIND_ROOT_PATH NO_DEFAULT_PATH
  DOC "The directory that holds the host's boost/ headers")
if(NOT URNS_HOST_BOOST_INCLUDE)
  set(Boost_FOUND FALSE)
  return()
endif()
set(URNS_BOOST_LINK_DIR "${CMAKE_BINARY_DIR}/host-boost")
if(NOT EXISTS "${URNS_BOOST_LINK_DIR}/boost/version.hpp")
  file(MAKE_DIRECTORY "${URNS_BOOST_LINK_DIR}")
  file(CREATE_LINK "${URNS_HOST_BOOST_INCLUDE}/boost" "${URNS_BOOST_LINK_DIR}/boost" SYMBOLIC)
endif()
if(NOT TARGET Boost::headers)
  add_library(Boost::headers INTERFACE IMPORTED)
  set_target_properties(Boost::headers PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${URNS_BOOST_LINK_DIR}")
endif()
set(Boost_FOUND TRUE)
