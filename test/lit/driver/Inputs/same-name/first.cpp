// A file-local design named after its function, 'rowsum'.
static void rowsum(const float (*A)[4], float *y) {
  float S[4][4];
#pragma t2s ure
#pragma t2s space_time(i)
  for (int j = 0; j < 4; ++j)
    for (int i = 0; i < 4; ++i) {
      S[j][i] = (j == 0 ? 0.0f : S[j - 1][i]) + A[i][j];
      if (j == 3) y[i] = S[j][i];
    }
}

void first(const float (*A)[4], float *y) { rowsum(A, y); }
