# SPDX-License-Identifier: BSL-1.0
# Test api_docs: runs doxygen with the build's Doxyfile (docs/Doxyfile.in as
# configured) into a scratch directory, so that the result does not depend on
# whether the target `docs` is up to date, and checks that
#   - doxygen exits 0 and prints no warning (the Doxyfile fails the run on any
#     warning, an undocumented public name included; printing none is checked
#     too, so that a doxygen that only warned is caught as well),
#   - the HTML has the main page, the reference of urn_view with its
#     accessors, and parse_urn, find_urns and canonical in the index of the
#     functions of namespace urns.
# Usage: cmake -DDOXYGEN=<doxygen> -DDOXYFILE=<configured Doxyfile>
#              -DSCRATCH=<dir> -P api_docs.cmake
foreach(var DOXYGEN DOXYFILE SCRATCH)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "api_docs: -D${var}=... is required")
  endif()
endforeach()

file(REMOVE_RECURSE ${SCRATCH})
file(MAKE_DIRECTORY ${SCRATCH})
# The build's settings, with only the output directory changed.
file(WRITE ${SCRATCH}/Doxyfile "@INCLUDE = ${DOXYFILE}\nOUTPUT_DIRECTORY = ${SCRATCH}/out\n")
execute_process(COMMAND ${DOXYGEN} ${SCRATCH}/Doxyfile
  WORKING_DIRECTORY ${SCRATCH}
  RESULT_VARIABLE rc
  OUTPUT_VARIABLE out
  ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "api_docs: doxygen exited with ${rc}:\n${out}")
endif()
if(out MATCHES "(warning|error):")
  message(FATAL_ERROR "api_docs: doxygen warned:\n${out}")
endif()

set(html ${SCRATCH}/out/html)
# expect_in <file> <regex> <what>: fails unless the file exists and matches.
function(expect_in file regex what)
  if(NOT EXISTS ${html}/${file})
    message(FATAL_ERROR "api_docs: no ${file} in ${html} (${what})")
  endif()
  file(READ ${html}/${file} text)
  if(NOT text MATCHES "${regex}")
    message(FATAL_ERROR "api_docs: ${file} does not have ${what}")
  endif()
endfunction()

expect_in(index.html "urns" "the main page (README.md)")
# The class list links the page of urn_view; that page shows the accessors
# it inherits (nid() among them).
expect_in(annotated.html "href=\"classurns_1_1urn__view.html\"" "a link to urn_view's page")
expect_in(classurns_1_1urn__view.html ">nid<" "urn_view's accessor nid()")
# The index of the functions of the namespaces: each entry links into the
# page of namespace urns.
foreach(fn parse_urn find_urns canonical)
  expect_in(namespacemembers_func.html "<li>${fn}\\(\\)[^\n]*href=\"namespaceurns.html#"
    "an entry for urns::${fn}")
endforeach()
expect_in(namespaceurns.html "parse_urn" "the documentation of namespace urns")
message(STATUS "api_docs: no warnings; urn_view, parse_urn, find_urns and canonical documented in ${html}")
