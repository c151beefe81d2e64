// One process compiling several translation units (cc1 given several inputs,
// as tools that embed clang do) checks each one's pragmas on their own: an
// earlier file's misplaced pragma is not reported again at a meaningless place
// in the next file, and an earlier file's '#if 0' block does not hide code that
// stands between a pragma and its loop in the next. Found with the design
// fuzzer (test/fuzz/DesignFuzzer.cpp), which compiles every input twice in one
// process and checks that both compiles say the same thing.
// RUN: rm -rf %t && split-file --leading-lines %s %t
// RUN: %not %clang -cc1 -load %t2s_clang_plugin -fsyntax-only %t/misplaced.cpp %t/good.cpp 2>&1 | FileCheck %s --check-prefix=AGAIN --implicit-check-not=error:
// RUN: %not %clang -cc1 -load %t2s_clang_plugin -fsyntax-only %t/skipped.cpp %t/between.cpp 2>&1 | FileCheck %s --check-prefix=SKIPPED --implicit-check-not=error:

//--- misplaced.cpp
void f(int *a) {
  int x = 0;
  // AGAIN: misplaced.cpp:[[@LINE+1]]:15: error: '#pragma t2s ure' is not followed by a 'for' loop
  #pragma t2s ure
  x = 1;
  a[0] = x;
}

//--- good.cpp
void g(int *a) {
  #pragma t2s ure
  for (int i = 0; i < 4; ++i) a[i] = 0;
}

//--- skipped.cpp
#if 0
xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
#endif
void f() {}

//--- between.cpp
void g(int *a) {
  // SKIPPED: between.cpp:[[@LINE+1]]:15: error: '#pragma t2s ure' is not followed by a 'for' loop
  #pragma t2s ure
  a[0] = 1;
  for (int i = 0; i < 4; ++i) a[i] = 0;
}
