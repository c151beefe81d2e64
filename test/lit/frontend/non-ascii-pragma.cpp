// A non-ASCII character in a '#pragma t2s' line is quoted whole in the error
// (it was cut to its first byte, leaving invalid UTF-8 in the message). Found
// by the directive fuzzer (test/fuzz/findings/directive/utf8-character.txt).
// RUN: %not %t2s-clangxx -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error:

void f(int *a) {
  // CHECK: non-ascii-pragma.cpp:[[@LINE+1]]:25: error: unexpected character 'é'; directive arguments are loop or array names and integers
  #pragma t2s loader(x, é)
  for (int i = 0; i < 4; ++i) a[i] = 0;
}
