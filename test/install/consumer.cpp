// A design built by a project that found T2S with find_package(T2S).
#include <t2s/compare.h>

#include <cstdio>

int main() {
  int Prefix[8], Want[8];
  // A running sum written as a URE: S(i) = S(i-1) + i.
  #pragma t2s ure
  for (int i = 0; i < 8; ++i)
    Prefix[i] = (i == 0 ? 0 : Prefix[i - 1]) + i;
  for (int i = 0; i < 8; ++i)
    Want[i] = i * (i + 1) / 2;
  if (t2s::countMismatches("Prefix", Prefix, Want, 8))
    return 1;
  std::printf("consumer: %d ok\n", Prefix[7]);
  return 0;
}
