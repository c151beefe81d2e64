#include "answer.h"
#include <cstdio>
#include <t2s/compare.h>

int main() {
  int S[16], last[1];
  #pragma t2s ure
  for (int i = 0; i < 16; ++i) {
    S[i] = (i == 0 ? 0 : S[i - 1]) + i; // a URE: S lives only in the nest
    if (i == 15)
      last[0] = S[i];                   // the output, an extended URE
  }
#if __cplusplus >= 202002L
  const char *std = "c++20";
#else
  const char *std = "c++17";
#endif
  std::printf("ANSWER: %d from a %s build, checksum %d\n", answer(), std, last[0]);
}
