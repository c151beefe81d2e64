// Two designs in one file, for the reports of the whole file.
constexpr int N = 8;

void rowsum(const int x[N][N], int out[N]) {
  int S[N][N];
  #pragma t2s ure
  #pragma t2s space_time(i)
  for (int j = 0; j < N; ++j)
    for (int i = 0; i < N; ++i) {
      S[j][i] = (j == 0 ? 0 : S[j - 1][i]) + x[i][j];
      if (j == N - 1) out[i] = S[j][i];
    }
}

void colsum(const int x[N][N], int out[N]) {
  int S[N][N];
  #pragma t2s ure
  #pragma t2s space_time(j)
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j) {
      S[i][j] = (i == 0 ? 0 : S[i - 1][j]) + x[i][j];
      if (i == N - 1) out[j] = S[i][j];
    }
}
