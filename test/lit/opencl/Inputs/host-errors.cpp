// t2s/host.h reports what failed, by name: a kernel that does not compile
// (with the compiler's log), a missing file, an unknown kernel; a kernel
// that ran tells its device time.
#include "t2s/host.h"

#include <cstdio>
#include <fstream>

static void expect(const char *What, void (*F)()) {
  try {
    F();
    std::printf("%s: no error\n", What);
  } catch (const t2s::host::Error &E) {
    std::printf("%s: code %s\n%s\n", What, t2s::host::errorName(E.Code), E.what());
  }
}

int main(int, char **Argv) {
  static std::string Dir = Argv[1];
  std::ofstream(Dir + "/bad.cl") << "__kernel void k(__global int *p) { p[0] = undeclared; }\n";
  std::ofstream(Dir + "/good.cl") << "__kernel void twice(__global int *p, int n) {\n"
                                     "  for (int i = 0; i < n; i++) p[i] *= 2;\n}\n";
  expect("syntax", [] {
    t2s::host::Device D;
    t2s::host::Program P(D, Dir + "/bad.cl");
  });
  expect("missing", [] {
    t2s::host::Device D;
    t2s::host::Program P(D, Dir + "/missing.cl");
  });
  expect("kernel", [] {
    t2s::host::Device D;
    t2s::host::Program P(D, Dir + "/good.cl");
    t2s::host::Kernel K(D, P, "thrice");
  });
  expect("run", [] {
    t2s::host::Device D;
    t2s::host::Program P(D, Dir + "/good.cl");
    int Host[5] = {1, 2, 3, 4, 5};
    t2s::host::Buffer<int> B(D, 5, true, true);
    B.write(Host);
    t2s::host::Kernel K(D, P, "twice");
    K.setArgs(B, 4);
    t2s::host::runAll({&K});
    B.read(Host);
    double Seconds = K.seconds();
    std::printf("twice: %d %d %d %d %d, device time %s\n", Host[0], Host[1], Host[2],
                Host[3], Host[4], Seconds >= 0 && Seconds < 60 ? "measured" : "wrong");
  });
  std::printf("names: %s %s\n", t2s::host::errorName(CL_INVALID_VALUE),
              t2s::host::errorName(-12345));
}
