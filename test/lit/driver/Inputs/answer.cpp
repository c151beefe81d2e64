#include "answer.h"
#include <cstdio>
#include <t2s/compare.h>

int main() {
  int s[16];
  #pragma t2s ure
  for (int i = 0; i < 16; ++i)
    s[i] = (i == 0 ? 0 : s[i - 1]) + i;
#if __cplusplus >= 202002L
  const char *std = "c++20";
#else
  const char *std = "c++17";
#endif
  std::printf("ANSWER: %d from a %s build, checksum %d\n", answer(), std, s[15]);
}
