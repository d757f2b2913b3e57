# SPDX-License-Identifier: BSL-1.0
# Shows that a TIMEOUT fails a hanging test: a scratch project (no compiler)
# with one test that sleeps 60 s under TIMEOUT 2; ctest must report it as a
# timeout and exit non-zero within seconds.
#   cmake -DCTEST=<ctest> -DSCRATCH=<dir> -P a_hang_fails.cmake
file(REMOVE_RECURSE ${SCRATCH})
file(MAKE_DIRECTORY ${SCRATCH}/src)
file(WRITE ${SCRATCH}/src/CMakeLists.txt [[
cmake_minimum_required(VERSION 3.16)
project(hang NONE)
enable_testing()
add_test(NAME sleeper COMMAND ${CMAKE_COMMAND} -E sleep 60)
set_tests_properties(sleeper PROPERTIES TIMEOUT 2)
]])
execute_process(COMMAND ${CMAKE_COMMAND} -S ${SCRATCH}/src -B ${SCRATCH}/build
  OUTPUT_QUIET RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "configuring the scratch project failed")
endif()
string(TIMESTAMP start "%s")
execute_process(COMMAND ${CTEST} --test-dir ${SCRATCH}/build
  OUTPUT_VARIABLE out ERROR_VARIABLE out RESULT_VARIABLE rc)
string(TIMESTAMP end "%s")
math(EXPR took "${end} - ${start}")
file(REMOVE_RECURSE ${SCRATCH})
if(rc EQUAL 0)
  message(FATAL_ERROR "ctest passed a test that hangs:\n${out}")
endif()
if(NOT out MATCHES "Timeout")
  message(FATAL_ERROR "ctest failed, but not by the timeout:\n${out}")
endif()
if(took GREATER 30)
  message(FATAL_ERROR "the timeout took ${took} s to stop a 2 s limit")
endif()
message(STATUS "a 60 s sleep under TIMEOUT 2 failed after ${took} s")
