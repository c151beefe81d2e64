// Which drainers get the HLS target's I/O module (backends/hls/SerialDrains.h):
// a drainer built by hand, its stores in unrolled copies under the pins of
// its step loops, and the shapes that keep a drainer storing itself.

#include "HandBuiltKernels.h"
#include "backends/hls/SerialDrains.h"
#include "systolic/StmtWalk.h"

#include <gtest/gtest.h>

namespace t2s {
namespace {

using test::num;
using test::upTo;

const DType F32 = DType::floating(32);

// for (t = 0; t < 8; t++)        (the step)
//   for (p = 0; p < 4; p++)      (PEs, unrolled)
//     if (t == 7 && p < 3) c[p + 4 * n0] = v[p];   ... with Extra after it
Design drainer(Stmts Extra = {}, ExprPtr Pin = nullptr) {
  if (!Pin)
    Pin = compare(CompareOp::EQ, false, var("t"), num(7));
  ExprPtr Guard = logicalAnd(Pin, compare(CompareOp::LT, false, var("p"), num(3)));
  Stmt Store = assign(bufferElement(F32, 0, {var("p")}, {1}), var("v", 0, F32));
  Stmts PEBody{ifElse(Guard, {Store})};
  Stmts Step{decl(F32, "v"), upTo(LoopKind::PE, "p", 4, std::move(PEBody))};
  Step.insert(Step.end(), Extra.begin(), Extra.end());
  Stmts Body{upTo(LoopKind::Time, "t", 8, std::move(Step))};
  Design D = test::oneKernel(std::move(Body), KernelRole::Drainer);
  D.Name = "f";
  D.Params.push_back({"c", true, F32});
  D.Buffers.push_back({0, "c", 0, F32, false, true, 4});
  D.Kernels[0].Params = {0};
  D.Kernels[0].Buffer = "c";
  return D;
}

TEST(SerialDrainsTest, RecordsOfTheStepsThatWrite) {
  Design D = drainer();
  std::optional<SerialDrain> F = serialDrain(D, D.Kernels[0]);
  ASSERT_TRUE(F);
  EXPECT_EQ(F->Port, 0u);
  EXPECT_EQ(F->Slots, 4);       // a slot per PE copy, p < 3 decided per copy
  EXPECT_EQ(F->RecordBeats, 1); // 16 bytes in a 64-byte beat
  EXPECT_EQ(F->BeatLanes, 16u);
  EXPECT_EQ(intConstant(F->Records), 1); // t pinned: one step of 8 writes
  EXPECT_EQ(F->Depth, 2);
  EXPECT_EQ(F->Channel, "f_records");
  EXPECT_EQ(F->Writer, "f_write_c");
  // The kernel stores into slots and sends the record at t == 7; it no
  // longer names c.
  Design::Kernel K = withSerialDrain(D.Kernels[0], *F);
  EXPECT_TRUE(K.Params.empty());
  bool Sends = false, NamesC = false;
  forEachStmt(K.Body, [&](const Stmt &S) {
    Sends |= S.Kind == StmtKind::Write;
    forEachExpr(S, [&](const ExprPtr &E) {
      NamesC |= anyNode(E, [](const Expr &X) { return X.Kind == ExprKind::BufferElement; });
    });
  });
  EXPECT_TRUE(Sends);
  EXPECT_FALSE(NamesC);
  // The host's replay takes c and the records.
  Design::Kernel Host = serialUnpacker(D.Kernels[0], *F);
  ASSERT_EQ(Host.Params.size(), 1u);
  EXPECT_EQ(Host.Params[0], 0u);
  // Off: the drainer stores c itself.
  D.HostLayouts = false;
  EXPECT_FALSE(serialDrain(D, D.Kernels[0]));
}

TEST(SerialDrainsTest, AStoreUnderOtherPinsKeepsTheDrainer) {
  // A second store at t == 6: the steps that write are not one set of pins.
  Stmt Other = ifElse(compare(CompareOp::EQ, false, var("t"), num(6)),
                      {assign(bufferElement(F32, 0, {num(3)}, {1}), var("v", 0, F32))});
  Design D = drainer({Other});
  EXPECT_FALSE(serialDrain(D, D.Kernels[0]));
}

TEST(SerialDrainsTest, AConditionOnTheStepThatIsNoPinKeepsTheDrainer) {
  // t < 7: which steps write is no equality on a step loop.
  Design D = drainer({}, compare(CompareOp::LT, false, var("t"), num(7)));
  EXPECT_FALSE(serialDrain(D, D.Kernels[0]));
  // t == 9 is outside t's range: no step would write.
  Design Out = drainer({}, compare(CompareOp::EQ, false, var("t"), num(9)));
  EXPECT_FALSE(serialDrain(Out, Out.Kernels[0]));
}

TEST(SerialDrainsTest, AnOutputTheDrainerReadsKeepsIt) {
  Stmt Read = assign(var("v", 0, F32), bufferElement(F32, 0, {num(0)}, {1}));
  Design D = drainer({Read});
  EXPECT_FALSE(serialDrain(D, D.Kernels[0]));
}

TEST(SerialDrainsTest, AnAddressTheHostLeavesOutKeepsTheDrainer) {
  // c[q] with q a temporary of the step: the host's replay keeps loops,
  // conditions and stores, not the step's other statements.
  Stmt Store = ifElse(compare(CompareOp::EQ, false, var("t"), num(7)),
                      {assign(bufferElement(F32, 0, {var("q")}, {1}), var("v", 0, F32))});
  Design D = drainer({decl(DType::integer(32), "q", {}, DeclInit::Value, num(3)), Store});
  EXPECT_FALSE(serialDrain(D, D.Kernels[0]));
}

TEST(SerialDrainsTest, AConditionOnAComputedValueKeepsTheDrainer) {
  Stmt Decided = ifElse(compare(CompareOp::EQ, false, var("t"), num(7)),
                        {ifElse(compare(CompareOp::GT, false, var("v", 0, F32),
                                        floatConst(F32, 0)),
                                {assign(bufferElement(F32, 0, {num(3)}, {1}),
                                        var("v", 0, F32))})});
  Design D = drainer({Decided});
  EXPECT_FALSE(serialDrain(D, D.Kernels[0]));
}

} // namespace
} // namespace t2s
