# SPDX-License-Identifier: BSL-1.0
# CPack pre-build script of the Debian packages (CPACK_PRE_BUILD_SCRIPTS in
# the top-level CMakeLists.txt): what debhelper's dh_strip and dh_compress
# do to a package's files, done on CPack's staging directory after the
# install and before the packages are made.
#   - ELF executables: strip --remove-section=.comment --remove-section=.note
#   - ELF shared objects (the Python module): the same, --strip-unneeded
#   - static libraries: --strip-debug, .comment and .note removed, members
#     with zero time stamps and ids (--enable-deterministic-archives)
#   - manual pages: gzip -9n (Policy 12.1: compressed, no name or time)
# CPACK_URNS_STRIP is the strip program (CMAKE_STRIP of the build).
if(NOT CPACK_URNS_STRIP)
  message(FATAL_ERROR "DebianFinish.cmake: CPACK_URNS_STRIP (the strip program) is not set")
endif()
file(GLOB_RECURSE urns_staged LIST_DIRECTORIES false "${CPACK_TEMPORARY_DIRECTORY}/*")
foreach(f IN LISTS urns_staged)
  if(IS_SYMLINK "${f}")
    continue()
  endif()
  set(args "")
  if(f MATCHES "/share/man/man[0-9]/[^/]+\\.[0-9]$")
    execute_process(COMMAND gzip -9nf "${f}" RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "DebianFinish.cmake: gzip -9n ${f} failed")
    endif()
    continue()
  elseif(f MATCHES "\\.a$")
    set(args --strip-debug --remove-section=.comment --remove-section=.note
      --enable-deterministic-archives -R .gnu.lto_* -R .gnu.debuglto_*)
  else()
    file(READ "${f}" magic LIMIT 4 HEX)
    if(NOT magic STREQUAL "7f454c46")
      continue()
    endif()
    # A program (bin/; a position-independent one is an ELF shared object
    # too) keeps its symbol table for nothing else: as dh_strip does.
    if(f MATCHES "/bin/[^/]+$")
      set(args --remove-section=.comment --remove-section=.note)
    else()
      set(args --remove-section=.comment --remove-section=.note --strip-unneeded)
    endif()
  endif()
  execute_process(COMMAND "${CPACK_URNS_STRIP}" ${args} "${f}" RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "DebianFinish.cmake: strip ${f} failed: ${err}")
  endif()
endforeach()
