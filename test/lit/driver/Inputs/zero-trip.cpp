// A URE nest whose loop runs no iteration: no PEs, no utilization.
void none(const float in[4], float out[4]) {
  static float A[4];
  #pragma t2s ure
  #pragma t2s space_time(i)
  for (int i = 0; i < 0; ++i) {
    A[i] = i == 0 ? in[0] : A[i - 1] + in[i];
    out[i] = A[i];
  }
}
