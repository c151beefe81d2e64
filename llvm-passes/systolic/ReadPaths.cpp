//===- ReadPaths.cpp - Where a nest's URE reads run -----------------------===//

#include "systolic/ReadPaths.h"
#include "ure/IterationDomain.h"
#include "expr/IntEval.h"

#include "llvm/IR/Instructions.h"

#include <functional>
#include <set>
#include <vector>

namespace t2s {

namespace {

// Whether condition C tests values the nest computes or reads (a URE read,
// a load, a floating-point value) rather than only loop variables: it may
// hold at any iteration. '&&', '||' and '!' of conditions are not opaque
// themselves (their operands may decide them).
bool opaque(const ExprPtr &C) {
  if (C->Kind == ExprKind::And || C->Kind == ExprKind::Or || C->Kind == ExprKind::Not ||
      C->Kind == ExprKind::AllOf)
    return false;
  return anyNode(C, [](const Expr &X) {
    return X.Kind == ExprKind::UREValue || X.Kind == ExprKind::Load || X.Type.isFloat();
  });
}

// The paths to the reads of a statement. Opaque conditions are not kept
// (the path then only may be taken where its other conditions hold), so
// paths that differ only in them are one: a chain of locals that each
// select on the one before ('m1 = m0 > v ? m0 : v') has as many paths as
// locals, not two to their number. Each node is walked once per path to
// it that keeps different conditions.
class Walker {
  llvm::SmallVectorImpl<ReadPath> &Out;
  ReadPath Path;
  std::set<std::pair<const Expr *, std::vector<uintptr_t>>> Seen;

public:
  explicit Walker(llvm::SmallVectorImpl<ReadPath> &Out) : Out(Out) {}

  void walk(const ExprPtr &E) {
    if (!E)
      return;
    std::vector<uintptr_t> Key{uintptr_t(Path.Opaque)};
    for (const auto &[C, WhenTrue] : Path.Conditions)
      Key.push_back(uintptr_t(C.get()) | uintptr_t(WhenTrue));
    if (!Seen.insert({E.get(), std::move(Key)}).second)
      return;
    switch (E->Kind) {
    case ExprKind::Select:
      walk(E->Operands[0]);
      under(E->Operands[0], true, E->Operands[1]);
      under(E->Operands[0], false, E->Operands[2]);
      return;
    case ExprKind::And:
    case ExprKind::Or:
      walk(E->Operands[0]);
      under(E->Operands[0], E->Kind == ExprKind::And, E->Operands[1]);
      return;
    case ExprKind::UREValue: {
      ReadPath P = Path;
      P.Statement = E->Index;
      P.Read = E->Index2;
      Out.push_back(std::move(P));
      return;
    }
    default:
      for (const ExprPtr &Op : E->Operands)
        walk(Op);
    }
  }

  // Walks E with Cond (at WhenTrue) on the path.
  void under(const ExprPtr &Cond, bool WhenTrue, const ExprPtr &E) {
    if (opaque(Cond)) {
      bool Was = Path.Opaque;
      Path.Opaque = true;
      walk(E);
      Path.Opaque = Was;
      return;
    }
    Path.Conditions.push_back({Cond, WhenTrue});
    walk(E);
    Path.Conditions.pop_back();
  }

  // Statement St's reads: of its guard, and of its value under the guard.
  void statement(const Design::Statement &St) {
    Path = ReadPath();
    walk(St.Guard);
    if (St.Guard)
      under(St.Guard, true, St.Value);
    else
      walk(St.Value);
  }
};

// E with each loop variable as a variable of its name, for IntEval.
ExprPtr withVariables(const ExprPtr &E, const URESystem &S) {
  return rewrite(E, [&](const ExprPtr &X) -> ExprPtr {
    if (X->Kind == ExprKind::LoopVar)
      return var(S.Loops[X->Index].Name, 0, X->Type);
    return nullptr;
  });
}

} // namespace

llvm::SmallVector<ReadPath, 8> readPaths(const Design::Nest &N) {
  llvm::SmallVector<ReadPath, 8> Out;
  Walker W(Out);
  for (const Design::Statement &St : N.Statements)
    W.statement(St);
  return Out;
}

llvm::SmallVector<unsigned, 4> testedLoops(const ReadPath &P) {
  llvm::SmallVector<unsigned, 4> Loops;
  for (const auto &[Cond, WhenTrue] : P.Conditions)
    anyNode(Cond, [&](const Expr &X) {
      if (X.Kind == ExprKind::LoopVar && !llvm::is_contained(Loops, X.Index))
        Loops.push_back(X.Index);
      return false;
    });
  return Loops;
}

bool forEachPoint(const URESystem &S, llvm::ArrayRef<unsigned> Loops, const ReadPath &P,
                  llvm::function_ref<bool(llvm::ArrayRef<int64_t>, PathAt)> Visit,
                  int64_t MaxPoints) {
  int64_t Points = 1;
  for (unsigned L : Loops) {
    Points *= std::max<int64_t>(S.Loops[L].extent(), 1);
    if (Points > MaxPoints)
      return false;
  }
  llvm::SmallVector<std::pair<ExprPtr, bool>, 4> Conds;
  for (const auto &[Cond, WhenTrue] : P.Conditions)
    Conds.push_back({withVariables(Cond, S), WhenTrue});
  // Every loop is bound: one the caller does not enumerate is computed.
  llvm::SmallVector<std::optional<int64_t>, 8> Value(S.Loops.size());
  IntEval Eval([&](llvm::StringRef Name) -> const std::optional<int64_t> * {
    for (unsigned L = 0; L < S.Loops.size(); ++L)
      if (S.Loops[L].Name == Name)
        return &Value[L];
    return nullptr;
  });
  llvm::SmallVector<int64_t, 8> Point(Loops.size());
  std::function<bool(unsigned)> Try = [&](unsigned I) {
    if (I == Loops.size()) {
      PathAt At = P.Opaque ? PathAt::MayBeTaken : PathAt::Taken;
      for (const auto &[Cond, WhenTrue] : Conds) {
        std::optional<int64_t> V = Eval(*Cond);
        if (!V)
          At = PathAt::MayBeTaken;
        else if ((*V != 0) != WhenTrue)
          return Visit(Point, PathAt::NotTaken);
      }
      return Visit(Point, At);
    }
    const URELoop &L = S.Loops[Loops[I]];
    for (int64_t X = L.Lower; X < L.Upper; ++X) {
      Value[Loops[I]] = X;
      Point[I] = X;
      if (!Try(I + 1))
        return false;
    }
    Value[Loops[I]] = std::nullopt;
    return true;
  };
  Try(0);
  return true;
}

bool forEachIteration(const URESystem &S, llvm::SmallVectorImpl<unsigned> &Loops,
                      const ReadPath &P,
                      llvm::function_ref<bool(llvm::ArrayRef<int64_t>, PathAt)> Visit,
                      int64_t MaxPoints) {
  for (unsigned L = 0; L < S.Loops.size(); ++L)
    if ((S.Loops[L].affine() || boundsName(S.Loops, L)) && !llvm::is_contained(Loops, L))
      Loops.push_back(L);
  llvm::sort(Loops);
  llvm::SmallVector<int64_t, 6> Point;
  for (const URELoop &L : S.Loops)
    Point.push_back(L.Lower);
  return forEachPoint(
      S, Loops, P,
      [&](llvm::ArrayRef<int64_t> At, PathAt Taken) {
        for (unsigned I = 0; I < Loops.size(); ++I)
          Point[Loops[I]] = At[I];
        return !inDomain(S.Loops, Point) || Visit(Point, Taken);
      },
      MaxPoints);
}

void checkReadsInDomain(const URESystem &S, const Design::Nest &N,
                        llvm::SmallVectorImpl<URERejection> &Rejections) {
  llvm::SmallVector<std::pair<unsigned, unsigned>, 4> Reported;
  for (const ReadPath &P : readPaths(N)) {
    if (P.Statement >= S.Statements.size() ||
        P.Read >= S.Statements[P.Statement].Reads.size() ||
        llvm::is_contained(Reported, std::make_pair(P.Statement, P.Read)))
      continue;
    const URERead &Rd = S.Statements[P.Statement].Reads[P.Read];
    llvm::SmallVector<unsigned, 4> Loops = testedLoops(P);
    for (unsigned L = 0; L < Rd.Distance.size(); ++L)
      if (Rd.Distance[L] != 0 && !llvm::is_contained(Loops, L))
        Loops.push_back(L);
    llvm::SmallVector<int64_t, 6> Named;
    // Only the nest's iterations count, and the one named must be one.
    forEachIteration(S, Loops, P, [&](llvm::ArrayRef<int64_t> Point, PathAt Taken) {
      if (Taken != PathAt::Taken)
        return true;
      // 'v - 1', 'v + 2' or 'v': loop X's variable at distance DX.
      auto named = [&](unsigned X, int64_t DX) {
        return S.Loops[X].Name + (DX > 0   ? " - " + std::to_string(DX)
                                  : DX < 0 ? " + " + std::to_string(-DX)
                                           : "");
      };
      std::string Read = S.Arrays[Rd.Array].Name, Where;
      for (unsigned X = 0; X < S.Loops.size(); ++X)
        Read += "[" + named(X, Rd.Distance[X]) + "]";
      for (unsigned J = 0; J < Loops.size(); ++J)
        Where += (J ? ", " : "") + S.Loops[Loops[J]].Name + " = " + std::to_string(Point[Loops[J]]);
      Named.assign(Point.begin(), Point.end());
      for (unsigned X = 0; X < S.Loops.size(); ++X)
        Named[X] -= Rd.Distance[X];
      bool InBox = llvm::all_of(Loops, [&](unsigned X) {
        return Named[X] >= S.Loops[X].Lower && Named[X] < S.Loops[X].Upper;
      });
      if (InBox && !inDomain(S.Loops, Named)) {
        // The first loop whose bounds leave the named point out.
        unsigned X = 0;
        while (Named[X] >= lowerAt(S.Loops[X], Named) && Named[X] < upperAt(S.Loops[X], Named))
          ++X;
        std::string NamedText = "(";
        for (unsigned Y = 0; Y < S.Loops.size(); ++Y)
          NamedText += (Y ? ", " : "") + S.Loops[Y].Name + " = " + std::to_string(Named[Y]);
        NamedText += ")";
        Rejections.push_back(
            {URERule::InitialValue,
             Rd.Loads.empty() ? S.Loc : sourceLocOf(Rd.Loads.front()),
             "the read " + Read + " runs at " + Where + ", where it names the point " +
                 NamedText + ", which is not an iteration of the nest (" +
                 rangeText(S.Loops[X], S.Loops) +
                 "): no iteration computes that value; give the URE its value there "
                 "without the read (a condition on the loop variables that is false "
                 "at that point)"});
        Reported.push_back({P.Statement, P.Read});
        return false;
      }
      for (unsigned I = 0; I < Loops.size(); ++I) {
        const URELoop &L = S.Loops[Loops[I]];
        int64_t D = Rd.Distance[Loops[I]], Named = Point[Loops[I]] - D;
        if (D == 0 || (Named >= L.Lower && Named < L.Upper))
          continue;
        std::string Offset = named(Loops[I], D);
        Rejections.push_back(
            {URERule::InitialValue,
             Rd.Loads.empty() ? S.Loc : sourceLocOf(Rd.Loads.front()),
             "the read " + Read + " runs at " + Where + ", where it names " + Offset +
                 " = " + std::to_string(Named) + ", outside loop '" + L.Name + "' ([" +
                 std::to_string(L.Lower) + ", " + std::to_string(L.Upper) +
                 ")): no iteration computes that value; give the URE its value there "
                 "without the read, e.g. '" + L.Name + (D > 0 ? " < " : " >= ") +
                 std::to_string(D > 0 ? L.Lower + D : L.Upper + D) + " ? <value> : " + Read +
                 "'"});
        Reported.push_back({P.Statement, P.Read});
        return false;
      }
      return true;
    });
  }
}

} // namespace t2s
