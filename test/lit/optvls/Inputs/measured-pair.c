// Two doubles per record read through an index: the bench's g2_f64 shape.
int idx[1024];
double x[2048], y[1024];
void pair(int n) {
  for (int i = 0; i < n; ++i)
    y[i] = x[2 * idx[i]] + x[2 * idx[i] + 1];
}
