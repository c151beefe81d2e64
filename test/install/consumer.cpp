// A design built by a project that found T2S with find_package(T2S).
#include "consumer-config.h" // CONSUMER_N; the test edits it to see a rebuild
#include <t2s/compare.h>

#include <cstdio>

int main() {
  int S[CONSUMER_N], Prefix[CONSUMER_N], Want[CONSUMER_N];
  // A running sum written as a URE, S(i) = S(i-1) + i, copied out to Prefix.
  #pragma t2s ure
  for (int i = 0; i < CONSUMER_N; ++i) {
    S[i] = (i == 0 ? 0 : S[i - 1]) + i;
    Prefix[i] = S[i];
  }
  for (int i = 0; i < CONSUMER_N; ++i)
    Want[i] = i * (i + 1) / 2;
  if (t2s::countMismatches("Prefix", Prefix, Want, CONSUMER_N))
    return 1;
  std::printf("consumer: %d ok\n", Prefix[CONSUMER_N - 1]);
  return 0;
}
