// T2S's C simulation headers (t2s/hls-sim) on HLS C++ written by hand, as
// Vitis users write it: a task doubles each value; the caller's processes
// run one after the other, and the caller waits for the task's values.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -std=c++17 -Wall -Werror -Wno-unknown-pragmas -I%t2s_include/t2s/hls-sim %s -o %t/ok -pthread
// RUN: %t/ok 2> %t/ok.err | FileCheck %s
// RUN: test ! -s %t/ok.err
// CHECK: sum 112 size 0 empty 1 nb 0
// CHECK-NEXT: again 112
//
// A process that reads more values than its writer sends: every thread
// waits and none can send; the simulation says so and stops, never hangs.
// RUN: %clangxx -std=c++17 -Wno-unknown-pragmas -DSTARVE -I%t2s_include/t2s/hls-sim %s -o %t/starve -pthread
// RUN: %not %t/starve 2>&1 | FileCheck %s --check-prefix=DEADLOCK
// DEADLOCK: hls::stream: deadlock: every process waits for a value that none can send
// DEADLOCK-DAG: the design's caller waits on 'out' (empty)
// DEADLOCK-DAG: a task waits on 'in' (empty)
//
// Values left in a stream when it is destroyed are reported, as AMD's
// simulation reports leftover data.
// RUN: %clangxx -std=c++17 -Wno-unknown-pragmas -DLEFTOVER -I%t2s_include/t2s/hls-sim %s -o %t/left -pthread
// RUN: %t/left 2>&1 | FileCheck %s --check-prefix=LEFT
// LEFT: hls::stream: 'spare' is destroyed with 3 values left in it
#include "hls_stream.h"
#include "hls_task.h"

#include <cstdio>

static void twice(hls::stream<int, 2> &in, hls::stream<int, 2> &out) {
#pragma HLS PIPELINE II=1
  out.write(2 * in.read());
}

static void send(const int *a, int n, hls::stream<int, 2> &in) {
  for (int i = 0; i < n; i++)
    in << a[i];
}

static void take(int *sum, int n, hls::stream<int, 2> &out) {
  int s = 0;
  for (int i = 0; i < n; i++)
    s += out.read();
  *sum = s;
}

extern "C" void top(const int *a, int *sum, int n) {
#pragma HLS DATAFLOW
  hls_thread_local hls::stream<int, 2> in("in");
  hls_thread_local hls::stream<int, 2> out("out");
  hls_thread_local hls::task twice_task(twice, in, out);
  send(a, n, in);
#ifdef STARVE
  take(sum, n + 1, out);
#else
  take(sum, n, out);
#endif
}

int main() {
  int a[7] = {1, 2, 3, 5, 8, 13, 24}, sum = 0;
  top(a, &sum, 7);
  hls::stream<int> probe("probe");
  int v = 0;
  std::printf("sum %d size %zu empty %d nb %d\n", sum, probe.size(), int(probe.empty()),
              int(probe.read_nb(v)));
  top(a, &sum, 7); // the task still runs, waiting for the next values
  std::printf("again %d\n", sum);
#ifdef LEFTOVER
  hls::stream<int> spare("spare");
  for (int i = 0; i < 3; i++)
    spare.write(i);
#endif
  return 0;
}
