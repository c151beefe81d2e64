// A program that calls a design, forks, and calls it again in the child and
// in the parent: under --hls-sim the child runs the hls::task of the array
// on a thread of its own (fork copies only the calling thread, so the
// parent's task thread is not there), and both processes end with the
// reference's output; under --emulate too.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang --emulate -O2 %s -o %t/emulated 2>&1 | count 0
// RUN: %t/emulated | diff %t/ref.out -
// RUN: %t2s-clang --hls-sim -O2 %s -o %t/hls 2>&1 | count 0
// RUN: %t/hls 2> %t/hls.err | diff %t/ref.out -
// RUN: count 0 < %t/hls.err
// RUN: FileCheck %s < %t/ref.out
// CHECK: parent 12
// CHECK-NEXT: child 12
// CHECK-NEXT: child again 12
// CHECK-NEXT: parent again 12
#include <cstdio>
#include <sys/wait.h>
#include <unistd.h>

constexpr int P = 4, K = 3;

void f(const int x[P][K], int out[P]) {
  static int S[P][K];
#pragma t2s ure
#pragma t2s space_time(p)
#pragma t2s loader(x)
#pragma t2s drainer(out)
  for (int p = 0; p < P; ++p)
    for (int k = 0; k < K; ++k) {
      S[p][k] = (k == 0 ? 0 : S[p][k - 1]) + x[p][k];
      if (k == K - 1)
        out[p] = S[p][k];
    }
}

int main() {
  int x[P][K], out[P];
  for (int p = 0; p < P; ++p)
    for (int k = 0; k < K; ++k)
      x[p][k] = p + k + 2;
  f(x, out);
  std::printf("parent %d\n", out[1]);
  std::fflush(stdout);
  pid_t Child = fork();
  if (Child == 0) {
    f(x, out);
    std::printf("child %d\n", out[1]);
    f(x, out);
    std::printf("child again %d\n", out[1]);
    std::fflush(stdout);
    _exit(0);
  }
  int Status = 0;
  waitpid(Child, &Status, 0);
  f(x, out);
  std::printf("parent again %d\n", out[1]);
}
