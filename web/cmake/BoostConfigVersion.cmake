# SPDX-License-Identifier: BSL-1.0
# The version of the host's Boost headers (boost/version.hpp), for
# BoostConfig.cmake beside this file.
find_path(URNS_HOST_BOOST_INCLUDE boost/version.hpp
  PATHS /usr/include /usr/local/include NO_CMAKE_FIND_ROOT_PATH NO_DEFAULT_PATH)
set(PACKAGE_VERSION "0")
if(URNS_HOST_BOOST_INCLUDE)
  file(STRINGS "${URNS_HOST_BOOST_INCLUDE}/boost/version.hpp" line REGEX "^#define BOOST_VERSION [0-9]+")
  string(REGEX REPLACE ".* ([0-9]+)$" "\\1" v "${line}")
  math(EXPR major "${v} / 100000")
  math(EXPR minor "${v} / 100 % 1000")
  math(EXPR patch "${v} % 100")
  set(PACKAGE_VERSION "${major}.${minor}.${patch}")
endif()
if(PACKAGE_VERSION VERSION_LESS PACKAGE_FIND_VERSION)
  set(PACKAGE_VERSION_COMPATIBLE FALSE)
else()
  set(PACKAGE_VERSION_COMPATIBLE TRUE)
  if(PACKAGE_VERSION VERSION_EQUAL PACKAGE_FIND_VERSION)
    set(PACKAGE_VERSION_EXACT TRUE)
  endif()
endif()
