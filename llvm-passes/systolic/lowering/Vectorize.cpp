//===- Vectorize.cpp - Vector channels and registers of lanes -------------===//

#include "systolic/DesignAnalysis.h"
#include "systolic/lowering/Lowering.h"

#include <map>

namespace t2s {

namespace {

// The value condition C (true when WhenTrue) pins loop Loop to, if it does:
// 'k == 3', '!(k != 3)', or a conjunction with one of them.
std::optional<int64_t> pinnedBy(const Expr &C, bool WhenTrue, unsigned Loop) {
  switch (C.Kind) {
  case ExprKind::Not:
    return pinnedBy(C.operand(0), !WhenTrue, Loop);
  case ExprKind::And:
  case ExprKind::AllOf:
  case ExprKind::Or: {
    // Both sides hold: an 'and' that holds, an 'or' that does not.
    if ((C.Kind == ExprKind::Or) == WhenTrue)
      return std::nullopt;
    for (const ExprPtr &Op : C.Operands)
      if (std::optional<int64_t> V = pinnedBy(*Op, WhenTrue, Loop))
        return V;
    return std::nullopt;
  }
  case ExprKind::Compare: {
    CompareOp Op = C.compareOp();
    if (!(Op == CompareOp::EQ && WhenTrue) && !(Op == CompareOp::NE && !WhenTrue))
      return std::nullopt;
    for (unsigned I = 0; I < 2; ++I) {
      const Expr &V = C.operand(I), &K = C.operand(1 - I);
      if (V.Kind == ExprKind::LoopVar && V.Index == Loop && K.Kind == ExprKind::IntConst)
        return K.Int;
    }
    return std::nullopt;
  }
  default:
    return std::nullopt;
  }
}

// Per URE read (statement, read) of a nest: the value of loop Loop on every
// path that reaches it, or none where the paths do not pin one. A select's
// arms run under its condition, the right side of '&&' ('||') under its left
// side (negated).
class LanePins {
  unsigned Loop;

public:
  std::map<std::pair<unsigned, unsigned>, std::optional<int64_t>> Pin;

  explicit LanePins(unsigned Loop) : Loop(Loop) {}

  void walk(const ExprPtr &E, std::optional<int64_t> Path) {
    if (!E)
      return;
    auto Under = [&](const ExprPtr &Cond, bool WhenTrue) {
      return Path ? Path : pinnedBy(*Cond, WhenTrue, Loop);
    };
    switch (E->Kind) {
    case ExprKind::Select:
      walk(E->Operands[0], Path);
      walk(E->Operands[1], Under(E->Operands[0], true));
      walk(E->Operands[2], Under(E->Operands[0], false));
      return;
    case ExprKind::And:
    case ExprKind::Or:
      walk(E->Operands[0], Path);
      walk(E->Operands[1], Under(E->Operands[0], E->Kind == ExprKind::And));
      return;
    case ExprKind::UREValue: {
      auto [It, New] = Pin.insert({{E->Index, E->Index2}, Path});
      if (!New && It->second != Path)
        It->second = std::nullopt;
      return;
    }
    default:
      for (const ExprPtr &Op : E->Operands)
        walk(Op, Path);
    }
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
  LanePins Pins(Vec.Loop);
  for (const Design::Statement &St : D.Nests[N].Statements) {
    Pins.walk(St.Guard, std::nullopt);
    Pins.walk(St.Value, St.Guard ? pinnedBy(*St.Guard, true, Vec.Loop) : std::nullopt);
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
