//===- StatementRuns.cpp - How many iterations run each statement ---------===//

#include "systolic/StatementRuns.h"
#include "systolic/IslText.h"
#include "ure/IterationDomain.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Regex.h"

#include <isl/map.h>
#include <isl/space.h>
#include <isl/val.h>

namespace t2s {

namespace {

// Above this many points of the coupled loops' box the count is not tried
// (isl enumerates them).
constexpr uint64_t MaxCoupledPoints = uint64_t(1) << 22;

} // namespace

std::optional<RunCount> countRuns(const URESystem &S, llvm::ArrayRef<Guard> Guards) {
  IslText Text(S);
  // The guards' conditions, to see which loops they name.
  std::string Conditions;
  for (const Guard &G : Guards)
    if (G.Exact)
      if (std::optional<std::string> C = Text.condition(G.Condition, G.WhenTrue, 'a'))
        Conditions += " " + *C;
  const unsigned N = S.Loops.size();
  llvm::SmallVector<bool, 6> Coupled(N, false);
  for (unsigned L = 0; L < N; ++L) {
    const URELoop &Loop = S.Loops[L];
    llvm::Regex Named("(^|[^0-9a-zA-Z_])" + IslText::var('a', L) + "([^0-9]|$)");
    Coupled[L] = Loop.affine() || boundsName(S.Loops, L) || Named.match(Conditions);
  }
  RunCount R;
  llvm::SmallVector<std::string, 6> Kept;
  uint64_t Box = 1;
  for (unsigned L = 0; L < N; ++L) {
    if (!Coupled[L]) {
      R.Free.push_back(L);
      continue;
    }
    if (S.Loops[L].runTime())
      return std::nullopt; // its count would be the stand-in's
    Kept.push_back(IslText::var('a', L));
    Box *= uint64_t(std::max<int64_t>(S.Loops[L].extent(), 0));
    if (Box > MaxCoupledPoints)
      return std::nullopt;
  }
  if (Kept.empty())
    return R;
  std::string Domain = Text.domain('a', Guards);
  // The parameters the guards name (the function's integers), at their
  // stand-ins; the free run-time loops' sizes are projected out with them.
  llvm::SmallVector<std::string, 4> Fixed;
  for (const auto &[Name, Value] : Text.Params)
    Fixed.push_back(Name + " = " + std::to_string(Value));
  llvm::SmallVector<std::string, 8> All;
  for (unsigned L = 0; L < N; ++L)
    All.push_back(IslText::var('a', L));
  std::string SetText = Text.paramList() + " -> { [" + llvm::join(All, ", ") + "] -> [" +
                        llvm::join(Kept, ", ") + "] : " + Domain +
                        (Fixed.empty() ? "" : " and " + llvm::join(Fixed, " and ")) + " }";
  IslCtx C = makeIslCtx();
  isl_map *M = isl_map_read_from_str(C.get(), SetText.c_str());
  if (!M)
    return std::nullopt;
  // The coupled loops' values where some iteration runs: the free loops
  // have constant bounds no guard names, so each such value runs at every
  // value of theirs.
  IslSet Range(isl_map_range(M));
  if (!Range)
    return std::nullopt;
  isl_size Params = isl_set_dim(Range.get(), isl_dim_param);
  if (Params < 0)
    return std::nullopt;
  Range.reset(isl_set_project_out(Range.release(), isl_dim_param, 0, unsigned(Params)));
  if (!Range)
    return std::nullopt;
  isl_val *V = isl_set_count_val(Range.get());
  if (!V)
    return std::nullopt;
  bool OK = isl_val_is_int(V) && !isl_val_is_neg(V);
  long Count = OK ? isl_val_get_num_si(V) : 0;
  isl_val_free(V);
  if (!OK)
    return std::nullopt;
  R.Coupled = uint64_t(Count);
  return R;
}

} // namespace t2s
