//===- OutputOrder.h - One output element, the sequential last write -*- C++ -*-===//
//
// Rule 'last write': an element of an output that several iterations of a
// scheduled nest write keeps, in the sequential program, the value of the
// last of them in nest order. The systolic array runs the iterations of one
// time step together (its PEs, the lanes of vectorize) and writes their
// values in an order of its own (PE order in the native build, chain order
// through a gather, lane order through a drainer), and a schedule vector can
// run an iteration that comes later in nest order at an earlier step. So
// any two iterations that may write one element must run at different time
// steps, the later one in nest order at the later step; a statement that
// breaks this is refused at its line with two such iterations, the element
// and the fix. One order is known: the drainer of gather(c, i, down) writes
// the values of the PEs along i in one step in ascending i, whether the
// chain's end sends them in one transfer (the drainer's loop over i counts
// up, lowering/LoaderDrainer.cpp drainBundle) or one after another (the
// first PE sends its own value first, then those behind it in order;
// LoaderDrainerKernel::passOrder visits them ascending), and the native
// build runs the PEs of a step in ascending order too; a gather along a
// vectorized space loop merges the PEs' values into one vector, whose lanes
// the drainer writes in ascending i. So two iterations that differ only in
// i write in nest order there, as the reference keeps the last PE's value.
// Through a chain, 'up' sends the last PE's value first: refused, the
// message proposing 'down'.
//
// The pairs of iterations are an integer set over the nest's domain (its
// constant, affine and run-time bounds) and the writes' guards, where these
// compare loop variables and the function's integer parameters; isl decides
// whether it is empty (for every run-time size at once) and gives the
// example. A guard it cannot read counts as true: the check then asks more
// than the program needs, never less. Writes whose subscripts are not
// affine in the loops (a run-time stride, 'i * n + j') are not checked.
//
// Preconditions: Sch is a schedule computeSpaceTimeSchedule accepted,
// Vector the vectorize plan of it (if any) and Chains its gathers and
// scatters (planChains).
//
//===----------------------------------------------------------------------===//

#ifndef T2S_OUTPUTORDER_H
#define T2S_OUTPUTORDER_H

#include "ure/UREModel.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace t2s {

struct PEChain;
struct SpaceTimeSchedule;
struct VectorPlan;

/// Adds a rejection (rule 'last write') for each output statement whose
/// writes to one element the array would run out of the sequential order.
void checkOutputOrder(const SpaceTimeSchedule &Sch, const std::optional<VectorPlan> &Vector,
                      llvm::ArrayRef<PEChain> Chains,
                      llvm::SmallVectorImpl<URERejection> &Rejections);

} // namespace t2s

#endif // T2S_OUTPUTORDER_H
