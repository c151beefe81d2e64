# Compile settings shared by every T2S target that links LLVM or Clang.
# Debian's LLVM is built with RTTI and as one dylib (LLVM_LINK_LLVM_DYLIB=ON).

add_library(t2s_llvm_options INTERFACE)
target_include_directories(t2s_llvm_options SYSTEM INTERFACE ${LLVM_INCLUDE_DIRS} ${CLANG_INCLUDE_DIRS})
separate_arguments(_t2s_llvm_defs NATIVE_COMMAND "${LLVM_DEFINITIONS}")
target_compile_options(t2s_llvm_options INTERFACE ${_t2s_llvm_defs} -Wall -Wextra -Wno-unused-parameter)
if(NOT LLVM_ENABLE_RTTI)
  target_compile_options(t2s_llvm_options INTERFACE -fno-rtti)
endif()

if(T2S_SANITIZE)
  target_compile_options(t2s_llvm_options INTERFACE -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  target_link_options(t2s_llvm_options INTERFACE -fsanitize=address,undefined)
endif()
