# SPDX-License-Identifier: BSL-1.0
# The CMake toolchain of the WebAssembly build (web/CMakeLists.txt, the npm
# package urns-wasm): Debian's emscripten (package emscripten), found by
# its em-config on PATH, whose own toolchain file this includes.
#   cmake -S web -B build/web -G Ninja -DCMAKE_TOOLCHAIN_FILE=cmake/wasm.toolchain.cmake
find_program(URNS_EM_CONFIG em-config)
if(NOT URNS_EM_CONFIG)
  message(FATAL_ERROR "wasm.toolchain.cmake: em-config not found (Debian: apt-get install emscripten)")
endif()
execute_process(COMMAND ${URNS_EM_CONFIG} EMSCRIPTEN_ROOT
  OUTPUT_VARIABLE URNS_EMSCRIPTEN_ROOT OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE URNS_EM_RC)
if(NOT URNS_EM_RC EQUAL 0 OR NOT EXISTS "${URNS_EMSCRIPTEN_ROOT}/cmake/Modules/Platform/Emscripten.cmake")
  message(FATAL_ERROR "wasm.toolchain.cmake: em-config gives no emscripten root (${URNS_EMSCRIPTEN_ROOT})")
endif()
include("${URNS_EMSCRIPTEN_ROOT}/cmake/Modules/Platform/Emscripten.cmake")
