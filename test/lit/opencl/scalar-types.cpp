// Every C scalar type through the OpenCL path: a URE nest over bool, signed
// and unsigned char, short, int and long, _Float16 (half), float and double,
// with the operations whose C spelling depends on the type: unsigned
// division, remainder, shifts and comparisons (casts through uchar, ushort,
// uint, ulong), conversions between the widths, bools compared and used as
// numbers. The file type-checks as OpenCL C (half with cl_khr_fp16), and
// reference = native = emulated at -O0 and -O2 (where comparisons of bools
// become unsigned comparisons of i1: no 'ubool').
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 -w %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -O2 %s -o %t/n2 && %t/n2 > %t/n2.out && diff %t/ref.out %t/n2.out
// RUN: %t2s-clang --emulate -O0 %s -o %t/e0 && %t/e0 > %t/e0.out && diff %t/ref.out %t/e0.out
// RUN: %t2s-clang --emulate -O2 %s -o %t/e2 && %t/e2 > %t/e2.out && diff %t/ref.out %t/e2.out
// RUN: %t2s-clang --emit-opencl -O2 %s -o %t/t.cl
// RUN: %clang -x cl -cl-std=CL2.0 -target spir64 -Xclang -finclude-default-header -fsyntax-only -I%t2s_include %t/t.cl
// RUN: FileCheck %s < %t/t.cl
// CHECK-NOT: ubool
// CHECK: #pragma OPENCL EXTENSION cl_khr_fp16 : enable
// CHECK: void types(
// CHECK-DAG: (uchar)uc[
// CHECK-DAG: (ushort)us[
// CHECK-DAG: (uint)ui[
// CHECK-DAG: (ulong)ul[
#include <cstdint>
#include <cstdio>

constexpr int K = 3, I = 6;

void types(const bool b[I], const signed char sc[I], const unsigned char uc[I],
           const short ss[I], const unsigned short us[I], const unsigned ui[I],
           const long sl[I], const unsigned long ul[I], const _Float16 h[I],
           const double d[I], long out[I], double fout[I], unsigned char bout[I]) {
  static long S[K][I];
  static double F[K][I];
  static unsigned char B[K][I];
  #pragma t2s ure
  #pragma t2s space_time(i)
  for (int k = 0; k < K; ++k)
    for (int i = 0; i < I; ++i) {
      long u = (long)(ui[i] / (unsigned)(k + 1)) + (long)(ul[i] % 7ul) +
               (long)(uc[i] >> 1) + (long)(us[i] / 3) + (ui[i] > 4000000000u ? 5 : 0);
      long s = sc[i] * 3 + ss[i] / 2 + (sl[i] >> 2) + (long)(signed char)(sl[i] + k);
      S[k][i] = (k == 0 ? 0 : S[k - 1][i]) + u + s + (b[i] < (k == 1)) * 11;
      F[k][i] = (k == 0 ? 0.0 : F[k - 1][i]) + (double)(float)h[i] * d[i] +
                (double)(unsigned short)(us[i] + 1) / 2.0;
      B[k][i] = (unsigned char)((k == 0 ? 0 : B[k - 1][i]) + (uc[i] ^ (unsigned char)k));
      if (k == K - 1) {
        out[i] = S[k][i];
        fout[i] = F[k][i];
        bout[i] = B[k][i];
      }
    }
}

int main() {
  bool b[I];
  signed char sc[I];
  unsigned char uc[I];
  short ss[I];
  unsigned short us[I];
  unsigned ui[I];
  long sl[I];
  unsigned long ul[I];
  _Float16 h[I];
  double d[I];
  long out[I] = {0};
  double fout[I] = {0};
  unsigned char bout[I] = {0};
  for (int i = 0; i < I; ++i) {
    b[i] = i % 2;
    sc[i] = (signed char)(-100 + 37 * i);
    uc[i] = (unsigned char)(200 + 11 * i);
    ss[i] = (short)(-30000 + 9000 * i);
    us[i] = (unsigned short)(60000 + 900 * i);
    ui[i] = 4000000000u + 1234567u * i;
    sl[i] = -5000000000L + 3000000000L * i;
    ul[i] = 18000000000000000000ul + 12345ul * i;
    h[i] = (_Float16)(0.5f + 0.25f * i);
    d[i] = 1.5 - 0.75 * i;
  }
  types(b, sc, uc, ss, us, ui, sl, ul, h, d, out, fout, bout);
  for (int i = 0; i < I; ++i)
    std::printf("%ld %.17g %u\n", out[i], fout[i], bout[i]);
}
