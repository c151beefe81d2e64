//===- Vectorize.cpp - Vector channels and registers of lanes -------------===//

#include "systolic/DesignAnalysis.h"
#include "systolic/IntEval.h"
#include "systolic/lowering/Lowering.h"

#include <functional>

#include <map>

namespace t2s {

namespace {

// Above this many combinations of the loops a read's path tests, its lane is
// not looked for.
constexpr int64_t MaxPathPoints = int64_t(1) << 16;

// E with each loop variable as a variable of its name, for IntEval.
ExprPtr withVariables(const ExprPtr &E, const URESystem &S) {
  if (E->Kind == ExprKind::LoopVar)
    return var(S.Loops[E->Index].Name, 0, E->Type);
  if (E->Operands.empty())
    return E;
  auto Copy = std::make_shared<Expr>(*E);
  for (ExprPtr &Op : Copy->Operands)
    Op = withVariables(Op, S);
  return Copy;
}

// Per URE read (statement, read) of a nest: the one value of loop Loop at
// which it can run, where there is one. A select's arms run under its
// condition (or its negation), the right side of '&&' ('||') under its left
// side (negated); at a read, every combination of the loops those
// conditions test is tried (a condition on computed values may hold).
class LanePins {
  const URESystem &S;
  unsigned Loop;
  using Path = llvm::SmallVector<std::pair<ExprPtr, bool>, 4>;

public:
  std::map<std::pair<unsigned, unsigned>, std::optional<int64_t>> Pin;

  LanePins(const URESystem &S, unsigned Loop) : S(S), Loop(Loop) {}

  void walk(const ExprPtr &E, Path &P) {
    if (!E)
      return;
    auto under = [&](const ExprPtr &Cond, bool WhenTrue, const ExprPtr &Op) {
      P.push_back({Cond, WhenTrue});
      walk(Op, P);
      P.pop_back();
    };
    switch (E->Kind) {
    case ExprKind::Select:
      walk(E->Operands[0], P);
      under(E->Operands[0], true, E->Operands[1]);
      under(E->Operands[0], false, E->Operands[2]);
      return;
    case ExprKind::And:
    case ExprKind::Or:
      walk(E->Operands[0], P);
      under(E->Operands[0], E->Kind == ExprKind::And, E->Operands[1]);
      return;
    case ExprKind::UREValue: {
      std::optional<int64_t> Lane = onlyLane(P);
      auto [It, New] = Pin.insert({{E->Index, E->Index2}, Lane});
      if (!New && It->second != Lane)
        It->second = std::nullopt;
      return;
    }
    default:
      for (const ExprPtr &Op : E->Operands)
        walk(Op, P);
    }
  }

private:
  // The one value of Loop at which every condition of P may hold, if one.
  std::optional<int64_t> onlyLane(const Path &P) const {
    llvm::SmallVector<unsigned, 4> Tested{Loop};
    for (const auto &[Cond, _] : P)
      anyNode(Cond, [&](const Expr &X) {
        if (X.Kind == ExprKind::LoopVar && !llvm::is_contained(Tested, X.Index))
          Tested.push_back(X.Index);
        return false;
      });
    int64_t Points = 1;
    for (unsigned L : Tested) {
      Points *= std::max<int64_t>(S.Loops[L].extent(), 1);
      if (Points > MaxPathPoints)
        return std::nullopt;
    }
    Path Conds;
    for (const auto &[Cond, WhenTrue] : P)
      Conds.push_back({withVariables(Cond, S), WhenTrue});
    llvm::SmallVector<std::optional<int64_t>, 4> Value(Tested.size());
    IntEval Eval([&](llvm::StringRef Name) -> const std::optional<int64_t> * {
      for (unsigned I = 0; I < Tested.size(); ++I)
        if (S.Loops[Tested[I]].Name == Name)
          return &Value[I];
      return nullptr;
    });
    std::optional<int64_t> Found;
    std::function<bool(unsigned)> Try = [&](unsigned I) {
      if (I == Tested.size()) {
        for (const auto &[Cond, WhenTrue] : Conds) {
          std::optional<int64_t> V = Eval(*Cond);
          if (V && (*V != 0) != WhenTrue)
            return true; // the path is not taken here
        }
        if (Found && *Found != *Value[0])
          return false; // two lanes
        Found = *Value[0];
        return true;
      }
      const URELoop &L = S.Loops[Tested[I]];
      for (int64_t X = L.Lower; X < L.Upper; ++X) {
        Value[I] = X;
        if (!Try(I + 1))
          return false;
      }
      return true;
    };
    if (!Try(0))
      return std::nullopt;
    return Found;
  }
};

// vectorize keeps every lane of a URE array for as many steps as its oldest
// read goes back. Reads of older steps that want one lane (the reads a
// condition such as 'kkk == 0' pins to lane 'kkk + KKK - 1') get a register
// of that lane alone, so the array's lanes are kept only as long as its
// other reads need them.
void splitLaneRegisters(Design &D, unsigned N, const NestPlan &P) {
  const VectorPlan &Vec = *P.Sch.Vector;
  const URESystem &S = P.Sch.System;
  const URELoop &Loop = S.Loops[Vec.Loop];
  LanePins Pins(S, Vec.Loop);
  for (const Design::Statement &St : D.Nests[N].Statements) {
    llvm::SmallVector<std::pair<ExprPtr, bool>, 4> Path;
    Pins.walk(St.Guard, Path);
    if (St.Guard)
      Path.push_back({St.Guard, true});
    Pins.walk(St.Value, Path);
  }
  for (unsigned A = 0; A < S.Arrays.size(); ++A) {
    auto Full = llvm::find_if(D.Registers, [&](const Design::Register &R) {
      return R.Nest == N && R.Lane < 0 && R.Array == S.Arrays[A].Name;
    });
    if (Full == D.Registers.end())
      continue;
    // The lane (as the loop's value) each read of A wants, where one.
    llvm::SmallVector<std::pair<unsigned, std::optional<int64_t>>, 8> Reads;
    int64_t AllLanes = 1; // words the reads of every lane need
    for (unsigned R = 0; R < P.Sch.Reads.size(); ++R) {
      const ScheduledRead &SR = P.Sch.Reads[R];
      const URERead &Rd = S.Statements[SR.Statement].Reads[SR.Read];
      if (Rd.Array != A)
        continue;
      std::optional<int64_t> Lane;
      auto It = Pins.Pin.find({SR.Statement, SR.Read});
      if (!Rd.NamesNoIteration && It != Pins.Pin.end() && It->second) {
        int64_t L = *It->second - Rd.Distance[Vec.Loop];
        if (L >= Loop.Lower && L < Loop.Upper)
          Lane = L;
      }
      Reads.push_back({R, Lane});
      if (!Lane)
        AllLanes = std::max(AllLanes, Vec.TimeDistance[R] + 1);
    }
    std::map<int64_t, Design::Register> ByLane;
    for (auto [R, Lane] : Reads) {
      if (!Lane || Vec.TimeDistance[R] < AllLanes)
        continue;
      Design::Register &L = ByLane[*Lane];
      L.Array = Full->Array;
      L.Nest = N;
      L.Element = Full->Element;
      L.PEExtents = Full->PEExtents;
      L.Lane = *Lane;
      L.LaneLoop = Loop.Name;
      L.Words = std::max(L.Words, Vec.TimeDistance[R] + 1);
      L.Reads.push_back({P.Sch.Reads[R].Statement, P.Sch.Reads[R].Read});
    }
    if (ByLane.empty())
      continue;
    Full->Words = AllLanes;
    for (auto &[Lane, Reg] : ByLane)
      D.Registers.push_back(std::move(Reg));
  }
}

} // namespace

void vectorizeChannels(Design &D, NestPlans Plans) {
  for (Design::Register &Reg : D.Registers) {
    const NestPlan &P = *Plans[Reg.Nest];
    if (!P.Sch.Vector || P.Sch.Vector->Space)
      continue;
    const VectorPlan &Vec = *P.Sch.Vector;
    for (const RegisterPlan &RP : P.Sch.Registers)
      if (P.Sch.System.Arrays[RP.Array].Name == Reg.Array) {
        Reg.Words = Vec.Words[RP.Array];
        Reg.Lanes = Vec.Lanes + Vec.LanePad[RP.Array];
        Reg.Minimized = false;
      }
  }
  for (unsigned N = 0; N < D.Nests.size(); ++N)
    if (Plans[N]->Sch.Vector && !Plans[N]->Sch.Vector->Space)
      splitLaneRegisters(D, N, *Plans[N]);
  for (Design::Channel &X : D.Channels) {
    const ChannelPlan *C = planOf(X, Plans);
    const NestPlan &P = *Plans[X.Nest];
    if (!C || !P.Sch.Vector)
      continue;
    const URESystem &S = P.Sch.System;
    const VectorPlan &Vec = *P.Sch.Vector;
    X.Element = designType(C->Element);
    if (C->PEVector) {
      // One vector for the PEs along the loop: the channel loses its dimension.
      const std::string &Along = S.Loops[Vec.Loop].Name;
      for (unsigned I = 0; I < X.Along.size(); ++I)
        if (X.Along[I] == Along) {
          X.Used /= uint64_t(X.Extents[I]);
          X.Extents.erase(X.Extents.begin() + I);
          X.Along.erase(X.Along.begin() + I);
          break;
        }
      X.Lanes = "vectors of the " + std::to_string(Vec.Lanes) + " PEs along " + Along;
    } else if (!Vec.Space) {
      const std::string &K = S.Loops[Vec.Loop].Name;
      X.Lanes = C->Lanes.Kind == LaneAccess::Vector
                    ? "vectors of " + std::to_string(Vec.Lanes) + " lanes of " + K
                : C->Lanes.Kind == LaneAccess::Pinned
                    ? "the lane " + K + " = " + std::to_string(C->Lanes.Lane)
                    : "single lanes of " + K + " in order";
    }
  }
}

} // namespace t2s
