//===- TileCounters.cpp - A feeder's tile loops as counters ---------------===//

#include "backends/hls/TileCounters.h"
#include "backends/hls/FlattenTimeLoops.h"
#include "systolic/StmtWalk.h"

#include "llvm/ADT/StringSet.h"

namespace t2s {

namespace {

const DType Int = DType::integer(32);

class Counters {
  const Design::ReuseBuffer &R;
  llvm::StringSet<> Names; // every name of the kernel, for fresh ones
  // Per tile loop: the counter of the tile read, of the tile sent.
  llvm::SmallVector<std::string, 4> Read, Sent;
  llvm::SmallVector<bool, 4> SentUsed;
  bool Any = false;

public:
  Counters(const Design::Kernel &K, const Design::ReuseBuffer &R) : R(R) {
    addNames(K.Body, Names);
    for (const std::string &L : R.TileLoops) {
      Read.push_back(fresh("t2s_tile_" + L));
      Sent.push_back(fresh("t2s_sent_" + L));
      SentUsed.push_back(false);
    }
  }

  // Rewrites the tile loop TileLoop's step; false where it is not laid
  // out as a feeder's.
  bool rewrite(Stmt &TileLoop, Stmts &Decls) {
    Stmt *StepLoop = nullptr;
    for (Stmt &S : TileLoop.Body)
      if (S.Kind != StmtKind::Comment) {
        if (StepLoop)
          return false;
        StepLoop = &S;
      }
    if (!StepLoop || StepLoop->Kind != StmtKind::Loop || StepLoop->Down ||
        !intConstant(StepLoop->Value) || !intConstant(StepLoop->Bound) ||
        *intConstant(StepLoop->Bound) <= *intConstant(StepLoop->Value))
      return false;
    lets(StepLoop->Body, var(R.Tile), R.sentTile());
    if (!Any)
      return false;
    for (unsigned L = 0; L < R.TileLoops.size(); ++L)
      Decls.push_back(decl(Int, Read[L], {}, DeclInit::Value, R.TileRanges[L].first));
    Stmts AtEnd;
    for (unsigned L = 0; L < R.TileLoops.size(); ++L)
      if (SentUsed[L]) {
        Decls.push_back(decl(Int, Sent[L], {}, DeclInit::Value, R.TileRanges[L].first));
        AtEnd.push_back(assign(var(Sent[L]), var(Read[L])));
      }
    AtEnd.push_back(advanceCounters(Read, R.TileRanges));
    Stmt Last = ifElse(compare(CompareOp::EQ, false, var(StepLoop->Name),
                               intConst(Int, *intConstant(StepLoop->Bound) - 1)),
                       std::move(AtEnd));
    StepLoop->Body.push_back(comment("The tile's last step: the next tile's loop variables."));
    StepLoop->Body.push_back(std::move(Last));
    return true;
  }

private:
  std::string fresh(std::string Name) { return freshIn(Names, std::move(Name)); }

  // The Lets of tile loop variables from the tile's number, as counters.
  void lets(Stmts &Body, const ExprPtr &This, const ExprPtr &Before) {
    for (Stmt &S : Body) {
      if (S.Kind == StmtKind::Let && S.Value)
        for (unsigned L = 0; L < R.TileLoops.size(); ++L) {
          if (S.Name != R.TileLoops[L])
            continue;
          if (equal(*S.Value, *R.tileValue(L, This))) {
            S.Value = var(Read[L]);
            Any = true;
          } else if (equal(*S.Value, *R.tileValue(L, Before))) {
            S.Value = var(Sent[L]);
            SentUsed[L] = Any = true;
          }
        }
      for (Stmts *Nested : {&S.Head, &S.Body, &S.Else})
        lets(*Nested, This, Before);
    }
  }
};

} // namespace

Design::Kernel withTileCounters(const Design::Kernel &K) {
  if (!K.Reuse || K.Reuse->TileLoops.size() != K.Reuse->TileRanges.size() ||
      K.Reuse->TileLoops.empty())
    return K;
  Design::Kernel Out = K;
  for (size_t I = 0; I < Out.Body.size(); ++I) {
    Stmt &S = Out.Body[I];
    if (S.Kind != StmtKind::Loop || S.Name != K.Reuse->Tile)
      continue;
    Counters C(K, *K.Reuse);
    Stmts Decls;
    if (!C.rewrite(S, Decls))
      return K;
    Out.Body.insert(Out.Body.begin() + I, std::make_move_iterator(Decls.begin()),
                    std::make_move_iterator(Decls.end()));
    return Out;
  }
  return K;
}

} // namespace t2s
