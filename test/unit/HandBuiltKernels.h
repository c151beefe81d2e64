// Kernels built by hand for the unit tests of what reads them (the
// estimates, the timing model): constants, loops from 0, and a Design of
// one scheduled nest whose one kernel runs a body.

#ifndef T2S_TEST_HANDBUILTKERNELS_H
#define T2S_TEST_HANDBUILTKERNELS_H

#include "systolic/Design.h"
#include "systolic/Stmt.h"

namespace t2s::test {

inline ExprPtr num(int64_t V) { return intConst(DType::integer(32), V); }

inline Stmt upTo(LoopKind K, const char *Name, int64_t N, Stmts Body) {
  return loop(K, Name, num(0), num(N), std::move(Body));
}

/// One nest whose one kernel (of Role) runs Body; PE utilization Util.
inline Design oneKernel(Stmts Body, KernelRole Role = KernelRole::Systolic, double Util = 1) {
  Design D;
  Design::Nest N;
  N.Name = "f";
  N.Scheduled = true;
  N.Utilization = Util;
  D.Nests.push_back(N);
  Design::Kernel K;
  K.Name = "f";
  K.Role = Role;
  K.Body = std::move(Body);
  D.Kernels.push_back(std::move(K));
  return D;
}

} // namespace t2s::test

#endif // T2S_TEST_HANDBUILTKERNELS_H
