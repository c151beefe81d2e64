// A design built by a project that found T2S with find_package(T2S).
#include <t2s/compare.h>

#include <cstdio>

int main() {
  int S[8], Prefix[8], Want[8];
  // A running sum written as a URE, S(i) = S(i-1) + i, copied out to Prefix.
  #pragma t2s ure
  for (int i = 0; i < 8; ++i) {
    S[i] = (i == 0 ? 0 : S[i - 1]) + i;
    Prefix[i] = S[i];
  }
  for (int i = 0; i < 8; ++i)
    Want[i] = i * (i + 1) / 2;
  if (t2s::countMismatches("Prefix", Prefix, Want, 8))
    return 1;
  std::printf("consumer: %d ok\n", Prefix[7]);
  return 0;
}
