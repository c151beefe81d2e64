//===- OutputOrder.cpp - One output element, the sequential last write ----===//
//
// The set of pairs (a, b) of iterations, written in isl's notation: both in
// the nest's domain, each under its statement's guards, writing the same
// element, a before b in nest order, and b's time step not after a's; under
// gather(c, i, down), a and b not differing in i alone. The variables are
// a0.. and b0.. (nest order), the run-time loops' bounds N0..
// and the function's integer parameters P0.. (by argument number).
//
//===----------------------------------------------------------------------===//

#include "systolic/OutputOrder.h"

#include "systolic/GatherScatterPlan.h"
#include "systolic/IslText.h"
#include "systolic/SpaceTimeSchedule.h"
#include "systolic/VectorizePlan.h"
#include "ure/RunTimeSizes.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>

#include <isl/point.h>
#include <isl/set.h>
#include <isl/val.h>

namespace t2s {
namespace {

struct PointFree {
  void operator()(isl_point *P) const { isl_point_free(P); }
};

int64_t coordinate(isl_point *P, isl_dim_type Type, unsigned Pos) {
  isl_val *V = isl_point_get_coordinate_val(P, Type, int(Pos));
  int64_t Out = isl_val_get_num_si(V);
  isl_val_free(V);
  return Out;
}

class OutputOrderCheck {
  const SpaceTimeSchedule &Sch;
  const URESystem &S;
  llvm::SmallVectorImpl<URERejection> &Rejections;
  /// Per time dimension, its coefficient on each loop, with a vectorized
  /// time loop left out (its lanes run in one step).
  llvm::SmallVector<llvm::SmallVector<int64_t, 4>, 4> Time;
  llvm::StringRef Lanes; // the vectorized time loop, if any
  llvm::ArrayRef<PEChain> Chains;
  IslCtx C = makeIslCtx();

public:
  OutputOrderCheck(const SpaceTimeSchedule &Sch, const std::optional<VectorPlan> &Vector,
                   llvm::ArrayRef<PEChain> Chains,
                   llvm::SmallVectorImpl<URERejection> &Rejections)
      : Sch(Sch), S(Sch.System), Rejections(Rejections), Time(Sch.TimeCoeffs), Chains(Chains) {
    if (Vector && !Vector->Space) {
      for (auto &Row : Time)
        Row[Vector->Loop] = 0;
      Lanes = S.Loops[Vector->Loop].Name;
    }
  }

  void run() {
    for (unsigned B = 0; B < S.Statements.size(); ++B) {
      const UREStatement &Later = S.Statements[B];
      if (!Later.Extended || !Later.AffineOutput || Later.OutputSubscripts.empty())
        continue;
      // The earlier write of a pair: this statement, or another of the
      // same output (in either source order: a is before b in nest order).
      for (unsigned A = 0; A < S.Statements.size(); ++A) {
        const UREStatement &Earlier = S.Statements[A];
        if (!Earlier.Extended || Earlier.Output != Later.Output || !Earlier.AffineOutput ||
            Earlier.OutputSubscripts.size() != Later.OutputSubscripts.size())
          continue;
        if (check(Earlier, Later))
          break; // one error per statement
      }
    }
  }

private:
  // The gather of the output St writes, if it has one.
  const PEChain *gatherOf(const UREStatement &St) const {
    for (const PEChain &Ch : Chains)
      if (Ch.Gather && Ch.Array == St.OutputName)
        return &Ch;
    return nullptr;
  }

  // Whether the drainer of that gather writes the PEs along its loop of one
  // step in ascending order, the loop's (OutputOrder.h says why).
  static bool drainsInLoopOrder(const PEChain &Ch) { return Ch.Down; }

  std::string timeTerm(unsigned Dim, char X) const {
    std::string Out = "0";
    for (unsigned L = 0; L < Time[Dim].size(); ++L)
      if (Time[Dim][L])
        Out += " + " + std::to_string(Time[Dim][L]) + "*" + IslText::var(X, L);
    return "(" + Out + ")";
  }

  int64_t timeOf(unsigned Dim, llvm::ArrayRef<int64_t> X) const {
    int64_t T = 0;
    for (unsigned L = 0; L < X.size(); ++L)
      T += Time[Dim][L] * X[L];
    return T;
  }

  // Whether the pairs (a of Earlier, b of Later) are empty; if not, rejects
  // Later with an example and returns true.
  bool check(const UREStatement &Earlier, const UREStatement &Later) {
    const unsigned N = S.Loops.size();
    IslText Text(S);
    llvm::SmallVector<std::string, 8> Terms = Text.sameElement(Earlier, Later);
    // a before b in the order the reference runs the loops (as written,
    // systolic/SpaceLoopsInward.h).
    llvm::SmallVector<std::string, 4> VA, VB, TA, TB;
    for (unsigned L : S.referenceOrder()) {
      VA.push_back(IslText::var('a', L));
      VB.push_back(IslText::var('b', L));
    }
    for (unsigned D = 0; D < Time.size(); ++D) {
      TA.push_back(timeTerm(D, 'a'));
      TB.push_back(timeTerm(D, 'b'));
    }
    Terms.push_back(islLexLess(VA, VB, /*Strict=*/true));
    Terms.push_back(islLexLess(TB, TA, /*Strict=*/false));
    // Iterations that differ only in the gather's loop run in one step (its
    // coefficients are 0): the drainer writes them in the loop's order.
    const PEChain *Ch = gatherOf(Later);
    if (Ch && drainsInLoopOrder(*Ch) &&
        llvm::all_of(Time, [&](llvm::ArrayRef<int64_t> Row) { return Row[Ch->Loop] == 0; })) {
      llvm::SmallVector<std::string, 4> Apart;
      for (unsigned L = 0; L < N; ++L)
        if (L != Ch->Loop)
          Apart.push_back("(" + IslText::var('a', L) + " < " + IslText::var('b', L) + " or " +
                          IslText::var('a', L) + " > " + IslText::var('b', L) + ")");
      if (Apart.empty())
        return false;
      Terms.push_back("(" + llvm::join(Apart, " or ") + ")");
    }
    llvm::SmallVector<std::string, 8> Vars;
    for (char X : {'a', 'b'})
      for (unsigned L = 0; L < N; ++L)
        Vars.push_back(IslText::var(X, L));
    std::string Tuple = "[" + llvm::join(Vars, ", ") + "]";
    std::string Text0 = Text.paramList() + " -> { " + Tuple + " : " +
                        llvm::join(Terms, " and ") + " }";
    IslSet Pairs(isl_set_read_from_str(C.get(), Text0.c_str()));
    if (!Pairs)
      return false; // isl could not read it: nothing is claimed
    isl_bool Empty = isl_set_is_empty(Pairs.get());
    if (Empty != isl_bool_false)
      return false;

    // An example: at the stand-in sizes if there is one there, the first
    // pair in nest order.
    IslSet Example(isl_set_copy(Pairs.get()));
    if (!Text.Params.empty()) {
      llvm::SmallVector<std::string, 4> Fix;
      for (const auto &[Name, Value] : Text.Params)
        Fix.push_back(Name + " = " + std::to_string(Value));
      std::string FixText = Text.paramList() + " -> { : " + llvm::join(Fix, " and ") + " }";
      IslSet AtStandIns(isl_set_intersect_params(isl_set_copy(Pairs.get()),
                                              isl_set_read_from_str(C.get(), FixText.c_str())));
      if (AtStandIns && isl_set_is_empty(AtStandIns.get()) == isl_bool_false)
        Example = std::move(AtStandIns);
    }
    std::unique_ptr<isl_point, PointFree> P(isl_set_sample_point(isl_set_lexmin(Example.release())));
    if (!P || isl_point_is_void(P.get()) != isl_bool_false) {
      reject(Later, "", {}, {});
      return true;
    }
    llvm::SmallVector<int64_t, 8> XA, XB;
    for (unsigned L = 0; L < N; ++L) {
      XA.push_back(coordinate(P.get(), isl_dim_set, L));
      XB.push_back(coordinate(P.get(), isl_dim_set, N + L));
    }
    std::string Sizes;
    for (unsigned L = 0; L < N; ++L)
      if (S.Loops[L].runTime()) {
        auto It = Text.Params.find("N" + std::to_string(L));
        // Not fixed at the stand-ins: the example's own bound.
        int64_t Bound = coordinate(P.get(), isl_dim_param,
                                   unsigned(std::distance(Text.Params.begin(), It)));
        std::optional<int64_t> Upper = exclusiveUpper(S.Loops[L], Bound);
        Sizes += (Sizes.empty() ? "" : ", ") + S.Loops[L].Name + " < " +
                 (Upper ? std::to_string(*Upper) : "?");
      }
    reject(Later, Sizes, XA, XB);
    return true;
  }

  std::string iteration(llvm::ArrayRef<int64_t> X) const {
    std::string Out;
    for (unsigned L = 0; L < X.size(); ++L)
      Out += (L ? ", " : "") + S.Loops[L].Name + " = " + std::to_string(X[L]);
    return "(" + Out + ")";
  }

  std::string step(llvm::ArrayRef<int64_t> X) const {
    std::string Out;
    for (unsigned D = 0; D < Time.size(); ++D)
      Out += (D ? ", " : "") + Sch.Time[D].Name + " = " + std::to_string(timeOf(D, X));
    return "(" + Out + ")";
  }

  std::string element(const UREStatement &St, llvm::ArrayRef<int64_t> X) const {
    std::string Out = St.OutputName;
    for (const AffineExpr &E : St.OutputSubscripts) {
      int64_t V = E.Constant;
      for (unsigned L = 0; L < E.Coeffs.size(); ++L)
        V += E.Coeffs[L] * X[L];
      Out += "[" + std::to_string(V) + "]";
    }
    return Out;
  }

  void reject(const UREStatement &St, const std::string &Sizes, llvm::ArrayRef<int64_t> XA,
              llvm::ArrayRef<int64_t> XB) {
    std::string Msg;
    llvm::raw_string_ostream OS(Msg);
    OS << "more than one iteration writes an element of '" << St.OutputName << "'";
    if (!XA.empty()) {
      bool SameStep = llvm::all_of(llvm::seq<unsigned>(0, Time.size()), [&](unsigned D) {
        return timeOf(D, XA) == timeOf(D, XB);
      });
      OS << ": iterations " << iteration(XA) << " and " << iteration(XB) << " both write "
         << element(St, XB);
      if (!Sizes.empty())
        OS << " (at " << Sizes << ")";
      OS << "; the sequential program keeps the value of " << iteration(XB)
         << ", which it runs last, but the systolic array runs it ";
      if (SameStep)
        OS << "in the same time step " << step(XB) << " as the other"
           << (Lanes.empty() ? "" : " (the lanes of '" + Lanes.str() + "' run in one step)")
           << ", and writes the two in an order of its own";
      else
        OS << "at time step " << step(XB) << ", before the other's " << step(XA);
    }
    std::string Differ;
    for (unsigned L = 0; L < XA.size(); ++L)
      if (XA[L] != XB[L])
        Differ += (Differ.empty() ? "'" : ", '") + S.Loops[L].Name + "'";
    OS << ": let one iteration write each element (guard the write on "
       << (Differ.empty() ? std::string("the loops") : Differ)
       << ", as 'if (k == K - 1)' keeps the last value of a sum over k), or schedule "
          "the iterations that write one element at different time steps, in the order "
          "of the loops";
    // PEs along a gather that write one element in a step: 'down' writes
    // them in the loop's order.
    const PEChain *Ch = gatherOf(St);
    if (Ch && !drainsInLoopOrder(*Ch) && !XA.empty() &&
        Differ == "'" + S.Loops[Ch->Loop].Name + "'") {
      const std::string &I = S.Loops[Ch->Loop].Name;
      OS << ", or write 'gather(" << St.OutputName << ", " << I
         << ", down)': its drainer writes the values of the PEs along '" << I
         << "' in one step in ascending '" << I << "', and the last PE's value stays";
    }
    Rejections.push_back({URERule::LastWrite, St.Loc, OS.str()});
  }
};

} // namespace

void checkOutputOrder(const SpaceTimeSchedule &Sch, const std::optional<VectorPlan> &Vector,
                      llvm::ArrayRef<PEChain> Chains,
                      llvm::SmallVectorImpl<URERejection> &Rejections) {
  OutputOrderCheck(Sch, Vector, Chains, Rejections).run();
}

} // namespace t2s
