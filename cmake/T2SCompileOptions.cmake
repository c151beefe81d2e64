# Compile settings shared by every T2S target that links LLVM or Clang.
# Debian's LLVM is built with RTTI and as one dylib (LLVM_LINK_LLVM_DYLIB=ON).

add_library(t2s_llvm_options INTERFACE)
target_include_directories(t2s_llvm_options SYSTEM INTERFACE ${LLVM_INCLUDE_DIRS} ${CLANG_INCLUDE_DIRS})
separate_arguments(_t2s_llvm_defs NATIVE_COMMAND "${LLVM_DEFINITIONS}")
target_compile_options(t2s_llvm_options INTERFACE ${_t2s_llvm_defs} -Wall -Wextra -Wno-unused-parameter)
if(NOT LLVM_ENABLE_RTTI)
  target_compile_options(t2s_llvm_options INTERFACE -fno-rtti)
endif()

set(T2S_ASAN_RUNTIME "")
if(T2S_SANITIZE)
  # The plugins are instrumented but opt and clang are not: whatever loads them
  # must preload this runtime (the lit config and t2s-clang do).
  execute_process(COMMAND ${CMAKE_CXX_COMPILER} -print-file-name=libasan.so
    OUTPUT_VARIABLE T2S_ASAN_RUNTIME OUTPUT_STRIP_TRAILING_WHITESPACE)
  target_compile_options(t2s_llvm_options INTERFACE -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  target_link_options(t2s_llvm_options INTERFACE -fsanitize=address,undefined)
endif()

# Each plugin keeps its own copy of the shared code (T2SLanguage) to itself, so
# libT2S.so and libT2SClang.so can live in one clang process without clashing.
set(CMAKE_CXX_VISIBILITY_PRESET hidden)
set(CMAKE_VISIBILITY_INLINES_HIDDEN ON)

if(T2S_FUZZ)
  # Coverage for libFuzzer and ASan+UBSan in all T2S code; the fuzz targets
  # link the fuzzer runtime (test/fuzz/). clang only.
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "-DT2S_FUZZ=ON needs clang's libFuzzer: configure with "
      "-DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 (scripts/fuzz.sh does)")
  endif()
  target_compile_options(t2s_llvm_options INTERFACE
    -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all
    -fno-omit-frame-pointer -gline-tables-only)
  target_link_options(t2s_llvm_options INTERFACE -fsanitize=address,undefined)
endif()
