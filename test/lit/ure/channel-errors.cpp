// An array written by one kernel nest and read by a later one becomes a
// channel. Each way that cannot work is an error that names both nests.
// RUN: %not %t2s-clang -O0 -c %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:

constexpr int N = 4, M = 3;

void order(const int in[N][M], int out[N][M]) {
  static int mid[N][M];
  #pragma t2s kernel(writer)
  for (int j = 0; j < M; ++j)
    for (int i = 0; i < N; ++i)
      mid[i][j] = in[i][j];
  // CHECK-DAG: channel-errors.cpp:[[@LINE+1]]:15: error: 'mid' becomes a channel from kernel 'writer' (line [[@LINE-4]]) to kernel 'reader' (line [[@LINE+1]]), but they traverse it in different orders: value #1 is mid[1][0] as the writer sends it but mid[0][1] as the reader expects it; make both nests visit the elements in the same order (reorder the loops of kernel 'writer' (line [[@LINE-4]])) [channel]
  #pragma t2s kernel(reader)
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j)
      out[i][j] = mid[i][j];
}

void count(const int in[N][M], int out[N][M]) {
  static int mid[N][M];
  #pragma t2s kernel(writer)
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j)
      mid[i][j] = in[i][j];
  // CHECK-DAG: channel-errors.cpp:[[@LINE+1]]:15: error: 'mid' becomes a channel from kernel 'writer' (line [[@LINE-4]]) to kernel 'reader' (line [[@LINE+1]]), but the writer sends 12 values and the reader takes 6; the reader must read every value written, once [channel]
  #pragma t2s kernel(reader)
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j)
      if (i < 2) out[i][j] = mid[i][j];
}

void readTwice(const int in[N][M], int out[N][M]) {
  static int mid[N][M];
  #pragma t2s kernel(writer)
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j)
      mid[i][j] = in[i][j];
  #pragma t2s kernel(reader)
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j)
      // CHECK-DAG: channel-errors.cpp:[[@LINE+1]]:31: error: 'mid' becomes a channel between kernel 'writer' (line [[@LINE-7]]) and kernel 'reader' (line [[@LINE-3]]), which must read it at one place, but it reads it again here, another element; read it once per iteration into a local variable [channel]
      out[i][j] = mid[i][j] + mid[i][0];
}

// The same element read twice is one read, but only where the first read
// always runs when the second does.
void readInBranches(const int in[N][M], int out[N][M]) {
  static int mid[N][M];
  #pragma t2s kernel(writer)
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j)
      mid[i][j] = in[i][j];
  #pragma t2s kernel(reader)
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j)
      // CHECK-DAG: channel-errors.cpp:[[@LINE+1]]:27: error: 'mid' becomes a channel between kernel 'writer' (line [[@LINE-7]]) and kernel 'reader' (line [[@LINE-3]]), which must read it at one place, but it reads it again here (where the first read does not always run); read it once per iteration into a local variable [channel]
      out[i][j] = i > 0 ? mid[i][j] : 1 + mid[i][j];
}

void writeTwice(const int in[N][M], int out[N][M]) {
  static int mid[N][M];
  #pragma t2s kernel(writer)
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j) {
      mid[i][j] = in[i][j];
      // CHECK-DAG: channel-errors.cpp:[[@LINE+1]]:17: error: 'mid' becomes a channel, which kernel 'writer' (line [[@LINE-4]]) must write at one place, but it writes it a second time here; write it once per iteration [channel]
      mid[i][j] = in[i][j] + 1;
    }
  #pragma t2s kernel(reader)
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j)
      out[i][j] = mid[i][j];
}

void twoReaders(const int in[N][M], int out[N][M], int more[N][M]) {
  static int mid[N][M];
  #pragma t2s kernel(writer)
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j)
      mid[i][j] = in[i][j];
  #pragma t2s kernel(reader)
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j)
      out[i][j] = mid[i][j];
  #pragma t2s kernel(another)
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j)
      // CHECK-DAG: channel-errors.cpp:[[@LINE+1]]:20: error: 'mid' becomes a channel between kernel 'writer' (line [[@LINE-11]]) and kernel 'reader' (line [[@LINE-7]]), but kernel 'another' (line [[@LINE-3]]) reads it too; a channel has one reader: write a second array for this nest [channel]
      more[i][j] = mid[i][j];
}

int usedElsewhere(const int in[N][M], int out[N][M]) {
  static int mid[N][M];
  #pragma t2s kernel(writer)
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j)
      mid[i][j] = in[i][j];
  #pragma t2s kernel(reader)
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j)
      out[i][j] = mid[i][j];
  // CHECK-DAG: channel-errors.cpp:[[@LINE+1]]:10: error: 'mid' is written by kernel 'writer' (line [[@LINE-8]]) and read by kernel 'reader' (line [[@LINE-4]]), so it becomes a channel between them, but it is also used here; a channel's values exist only between the two kernels: use another array here [channel]
  return mid[0][0];
}

void computedCondition(const int in[N][M], int out[N][M]) {
  static int mid[N][M];
  #pragma t2s kernel(writer)
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j)
      mid[i][j] = in[i][j];
  #pragma t2s kernel(reader)
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j)
      // CHECK-DAG: channel-errors.cpp:[[@LINE+1]]:34: error: 'mid' becomes a channel, so the compiler must know from the loop variables when kernel 'reader' (line [[@LINE-3]]) accesses it, but this access depends on a computed value (line [[@LINE+1]]); make its condition a test of the loop variables [channel]
      out[i][j] = in[i][j] > 0 ? mid[i][j] : 0;
}

void computedIndex(const int in[N][M], const int idx[N], int out[N][M]) {
  static int mid[N][M];
  #pragma t2s kernel(writer)
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j)
      mid[i][j] = in[i][j];
  #pragma t2s kernel(reader)
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j)
      // CHECK-DAG: channel-errors.cpp:[[@LINE+1]]:19: error: 'mid' becomes a channel, but kernel 'reader' (line [[@LINE-3]]) reads it at an index that is not an affine expression of the loop variables; index it with loop variables and constants [channel]
      out[i][j] = mid[idx[i]][j];
}

// Too long to replay (134,234,112 values), and the reader's condition is not
// affine (j % 2), so isl cannot compare the two orders either. (Without the
// condition, isl finds them the same and the design builds: before, any
// nest of more than 2^26 iterations was refused; e2e/long-streams.cpp.)
void tooLong(const int *in, int *out) {
  static int mid[16384][8193];
  #pragma t2s kernel(writer)
  for (int i = 0; i < 16384; ++i)
    for (int j = 0; j < 8193; ++j)
      mid[i][j] = in[i];
  // CHECK-DAG: channel-errors.cpp:[[@LINE+1]]:{{[0-9]+}}: error: 'mid' becomes a channel from kernel 'writer' (line [[@LINE-4]]) to kernel 'reader' (line [[@LINE+1]]), whose kernels run too long for the compiler to replay them (more than 33,554,432 steps, or 4,194,304 values) to check that they traverse it in the same order; it cannot read kernel 'reader' (line [[@LINE+1]]) as loops and affine conditions either (a condition is not a comparison of affine expressions of the loops): check the design at a smaller size [channel]
  #pragma t2s kernel(reader)
  for (int i = 0; i < 16384; ++i)
    for (int j = 0; j < 8193; ++j)
      if (j % 2 == 0 || j % 2 == 1)
        out[i] = mid[i][j];
}

void localArray(const int in[N][M], int out[N][M]) {
  int tmp[N][M];
  #pragma t2s kernel(alone)
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j) {
      // CHECK-DAG: channel-errors.cpp:[[@LINE+1]]:17: error: the kernel nest 'alone' writes 'tmp', an array no later nest reads: a kernel nest without 'ure' only reads inputs and writes outputs; add '#pragma t2s ure' to compute with URE arrays, or write a parameter or an array a later nest reads [kernel nest]
      tmp[i][j] = in[i][j];
      out[i][j] = tmp[i][j];
    }
}

// An element written more than once: the reader would take every value
// sent, the sequential program the last. Before, a reader that reads it as
// often in the same order ran and printed the writes' values one by one
// under --emulate (e2e/gather-one-element.cpp has the array's case).
void twice(const int in[N], int out[N][M]) {
  static int mid[N];
  #pragma t2s kernel(writer)
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j)
      // CHECK-DAG: channel-errors.cpp:[[@LINE+1]]:14: error: 'mid' becomes a channel from kernel 'writer' (line [[@LINE-3]]) to kernel 'reader' (line [[@LINE+2]]), but the writer sends mid[0] more than once (values #0 and #1): the reader would take each value written, where the sequential program reads the element's last; let one iteration write each element (guard the write, as 'if (k == K - 1)' keeps the last value of a sum over k) [channel]
      mid[i] = in[i] * (j + 1);
  #pragma t2s kernel(reader)
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j)
      out[i][j] = mid[i];
}
