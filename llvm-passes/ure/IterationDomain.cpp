//===- IterationDomain.cpp - The iterations of a nest with affine bounds -===//

#include "ure/IterationDomain.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

namespace t2s {

namespace {

int64_t evaluate(const AffineExpr &E, llvm::ArrayRef<int64_t> Values) {
  int64_t V = E.Constant;
  for (unsigned D = 0; D < E.Coeffs.size(); ++D)
    if (E.Coeffs[D])
      V += E.Coeffs[D] * Values[D];
  return V;
}

bool names(const AffineExpr &E, unsigned D) {
  return D < E.Coeffs.size() && E.Coeffs[D] != 0;
}

// The least (greatest) value of E over the boxes of the loops it names.
int64_t boxMin(const AffineExpr &E, llvm::ArrayRef<URELoop> Loops) {
  int64_t V = E.Constant;
  for (unsigned D = 0; D < E.Coeffs.size(); ++D)
    V += E.Coeffs[D] * (E.Coeffs[D] > 0 ? Loops[D].Lower : Loops[D].Upper - 1);
  return V;
}
int64_t boxMax(const AffineExpr &E, llvm::ArrayRef<URELoop> Loops) {
  int64_t V = E.Constant;
  for (unsigned D = 0; D < E.Coeffs.size(); ++D)
    V += E.Coeffs[D] * (E.Coeffs[D] > 0 ? Loops[D].Upper - 1 : Loops[D].Lower);
  return V;
}

class Counter {
  llvm::ArrayRef<URELoop> Loops;
  llvm::ArrayRef<std::optional<int64_t>> Pins;
  llvm::SmallVector<unsigned, 8> Enumerated; // loops visited one value at a time
  llvm::SmallVector<int64_t, 8> Values;
  uint64_t Budget;

public:
  Counter(llvm::ArrayRef<URELoop> Loops, llvm::ArrayRef<std::optional<int64_t>> Pins,
          uint64_t Budget)
      : Loops(Loops), Pins(Pins), Values(Loops.size(), 0), Budget(Budget) {}

  std::optional<uint64_t> run() {
    uint64_t Factor = 1;
    for (unsigned D = 0; D < Loops.size(); ++D) {
      if (pinned(D) || Loops[D].affine() || boundsName(Loops, D)) {
        Enumerated.push_back(D);
        continue;
      }
      if (Loops[D].extent() <= 0)
        return 0;
      if (__builtin_mul_overflow(Factor, uint64_t(Loops[D].extent()), &Factor))
        return std::nullopt;
    }
    std::optional<uint64_t> N = count(0);
    if (!N || __builtin_mul_overflow(*N, Factor, &*N))
      return std::nullopt;
    return N;
  }

private:
  bool pinned(unsigned D) const { return D < Pins.size() && Pins[D].has_value(); }

  std::optional<uint64_t> count(unsigned I) {
    if (I == Enumerated.size())
      return 1;
    const URELoop &L = Loops[Enumerated[I]];
    int64_t Lo = lowerAt(L, Values), Hi = upperAt(L, Values);
    if (pinned(Enumerated[I])) {
      int64_t V = *Pins[Enumerated[I]];
      if (V < Lo || V >= Hi)
        return 0;
      Values[Enumerated[I]] = V;
      return count(I + 1);
    }
    if (I + 1 == Enumerated.size())
      return uint64_t(std::max<int64_t>(0, Hi - Lo));
    uint64_t Sum = 0;
    for (int64_t V = Lo; V < Hi; ++V) {
      if (Budget-- == 0)
        return std::nullopt;
      Values[Enumerated[I]] = V;
      std::optional<uint64_t> N = count(I + 1);
      if (!N || __builtin_add_overflow(Sum, *N, &Sum))
        return std::nullopt;
    }
    return Sum;
  }
};

} // namespace

bool hasAffineBounds(llvm::ArrayRef<URELoop> Loops) {
  return llvm::any_of(Loops, [](const URELoop &L) { return L.affine(); });
}

const URELoop *loopNaming(llvm::ArrayRef<URELoop> Loops, unsigned D) {
  for (const URELoop &L : Loops)
    if (names(L.LowerBound, D) || names(L.UpperBound, D))
      return &L;
  return nullptr;
}

std::string rangeText(const URELoop &L, llvm::ArrayRef<URELoop> Loops) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << L.Name << " in [";
  if (L.LowerBound.isConstant())
    OS << L.Lower;
  else
    L.LowerBound.print(OS, Loops);
  OS << ", ";
  if (L.UpperBound.isConstant())
    OS << L.Upper;
  else
    L.UpperBound.print(OS, Loops);
  OS << ")";
  return Out;
}

int64_t lowerAt(const URELoop &L, llvm::ArrayRef<int64_t> Outer) {
  return L.LowerBound.isConstant() ? L.Lower : evaluate(L.LowerBound, Outer);
}

int64_t upperAt(const URELoop &L, llvm::ArrayRef<int64_t> Outer) {
  return L.UpperBound.isConstant() ? L.Upper : evaluate(L.UpperBound, Outer);
}

bool inDomain(llvm::ArrayRef<URELoop> Loops, llvm::ArrayRef<int64_t> Point) {
  for (unsigned D = 0; D < Loops.size(); ++D)
    if (Point[D] < lowerAt(Loops[D], Point) || Point[D] >= upperAt(Loops[D], Point))
      return false;
  return true;
}

std::optional<uint64_t> countIterations(llvm::ArrayRef<URELoop> Loops,
                                        llvm::ArrayRef<std::optional<int64_t>> Pins,
                                        uint64_t Budget) {
  return Counter(Loops, Pins, Budget).run();
}

bool computeBoxes(llvm::MutableArrayRef<URELoop> Loops) {
  for (unsigned D = 0; D < Loops.size(); ++D) {
    URELoop &L = Loops[D];
    if (!L.affine())
      continue;
    // The interval of the bounds over the outer boxes, then each end moved
    // in while no iteration has the loop at that value.
    if (!L.LowerBound.isConstant())
      L.Lower = boxMin(L.LowerBound, Loops);
    if (!L.UpperBound.isConstant())
      L.Upper = boxMax(L.UpperBound, Loops) + 1;
    llvm::SmallVector<std::optional<int64_t>, 8> Pins(D + 1);
    auto runs = [&](int64_t V) {
      Pins[D] = V;
      std::optional<uint64_t> N = countIterations(Loops.take_front(D + 1), Pins);
      return !N || *N > 0; // unknown: keep the value
    };
    while (L.Lower < L.Upper && !runs(L.Lower))
      ++L.Lower;
    while (L.Upper > L.Lower && !runs(L.Upper - 1))
      --L.Upper;
  }
  // Inner loops may run no iteration at some of those values: the ends
  // again, over the whole nest (the counts need no box but of the loops
  // with constant bounds).
  // (A loop with constant bounds, too: its box is then the values at which
  // the nest runs an iteration, and the loop runs no other.)
  llvm::SmallVector<std::optional<int64_t>, 8> Pins(Loops.size());
  bool Affine = hasAffineBounds(Loops);
  for (unsigned D = 0; D < Loops.size() && Affine; ++D) {
    URELoop &L = Loops[D];
    if (L.runTime())
      continue; // its range is a stand-in for a size known at run time
    auto runs = [&](int64_t V) {
      Pins[D] = V;
      std::optional<uint64_t> N = countIterations(Loops, Pins);
      Pins[D] = std::nullopt;
      return !N || *N > 0;
    };
    while (L.Lower < L.Upper && !runs(L.Lower))
      ++L.Lower;
    while (L.Upper > L.Lower && !runs(L.Upper - 1))
      --L.Upper;
  }
  std::optional<uint64_t> N = countIterations(Loops);
  return !N || *N > 0;
}

} // namespace t2s
