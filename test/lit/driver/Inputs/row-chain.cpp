// A scatter whose PEs read their input in one row alone (t == 0): the chain
// along kk (a chain of channels between the PEs: kk is vectorized) runs in
// that row, and the picture draws it there only.
void rowchain(const float x[8], float out[8]) {
  static float U[2][4];
  #pragma t2s ure
  #pragma t2s space_time(t, kk)
  #pragma t2s loader(x)
  #pragma t2s scatter(x, kk, up)
  #pragma t2s vectorize(kk)
  for (int t = 0; t < 2; ++t)
    for (int kk = 0; kk < 4; ++kk) {
      U[t][kk] = t == 0 ? x[kk] * 2.f : U[t - 1][kk] + 1.f;
      if (t == 1)
        out[kk] = U[t][kk];
    }
}
