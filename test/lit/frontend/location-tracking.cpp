// The front end turns on location tracking so the passes can point at source
// lines without -g, but the object gets no debug sections from it.
// RUN: %t2s-clangxx -O2 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// RUN: %t2s-clangxx -O2 -c %s -o %t.o && llvm-readelf -S %t.o | FileCheck %s --check-prefix=OBJ
// IR: !DICompileUnit({{.*}}emissionKind: NoDebug
// IR: !DILocation(line: [[@LINE+5]]
// OBJ-NOT: .debug_info
// OBJ-NOT: .debug_line
int sum(const int *a, int n) {
  int s = 0;
  for (int i = 0; i < n; ++i) s += a[i];
  return s;
}
