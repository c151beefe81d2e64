//===- OVLSInstruction.h - The abstract optimized sequence -----*- C++ -*-===//
//
// What getSequence() hands back to the client: contiguous (masked) loads and
// stores, two-source shuffles with a constant lane mask (the semantics of
// LLVM's shufflevector), and placeholders for the values the original
// scatters stored. The client turns each into one IR instruction, in order:
// every operand is defined before its use.
//
// A load or store address is "lane L of memref M, plus B bytes": the client
// computes lane L's pointer of M (e.g. an extractelement of the gather's
// pointer vector) and offsets it.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_OPTVLS_OVLSINSTRUCTION_H
#define T2S_OPTVLS_OVLSINSTRUCTION_H

#include "OVLSTypes.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <memory>
#include <string>

namespace t2s {

class OVLSShuffleGraph;

class OVLSInstruction {
public:
  enum InstKind { Load, Store, Shuffle, ScatterValue };

private:
  InstKind Kind;
  /// Position-independent name, printed as %Id.
  uint32_t Id;
  /// The type of the value this instruction defines (for a store: of the
  /// value it stores).
  OVLSType Type;

protected:
  OVLSInstruction(InstKind Kind, uint32_t Id, OVLSType Type)
      : Kind(Kind), Id(Id), Type(Type) {}

public:
  virtual ~OVLSInstruction();

  InstKind getKind() const { return Kind; }
  uint32_t getId() const { return Id; }
  OVLSType getType() const { return Type; }

  virtual void print(llvm::raw_ostream &OS) const = 0;
  std::string str() const;
};

/// Where a contiguous access starts: lane \p Lane of \p Base, plus ByteOffset.
struct OVLSAddress {
  const OVLSMemref *Base = nullptr;
  uint32_t Lane = 0;
  int64_t ByteOffset = 0;

  void print(llvm::raw_ostream &OS) const;
};

/// A contiguous load of getType() from Address; only elements with a true
/// mask entry are read, the others are undefined.
class OVLSLoad : public OVLSInstruction {
  OVLSAddress Address;
  llvm::SmallVector<bool, 16> Mask;

public:
  OVLSLoad(uint32_t Id, OVLSType Type, OVLSAddress Address,
           llvm::ArrayRef<bool> Mask)
      : OVLSInstruction(Load, Id, Type), Address(Address),
        Mask(Mask.begin(), Mask.end()) {}

  const OVLSAddress &getAddress() const { return Address; }
  llvm::ArrayRef<bool> getMask() const { return Mask; }
  bool isMasked() const { return llvm::is_contained(Mask, false); }

  void print(llvm::raw_ostream &OS) const override;
  static bool classof(const OVLSInstruction *I) { return I->getKind() == Load; }
};

/// A contiguous store of Value to Address; only elements with a true mask
/// entry are written, the bytes of the others stay untouched.
class OVLSStore : public OVLSInstruction {
  const OVLSInstruction *Value;
  OVLSAddress Address;
  llvm::SmallVector<bool, 16> Mask;

public:
  OVLSStore(uint32_t Id, const OVLSInstruction *Value, OVLSAddress Address,
            llvm::ArrayRef<bool> Mask)
      : OVLSInstruction(Store, Id, Value->getType()), Value(Value),
        Address(Address), Mask(Mask.begin(), Mask.end()) {}

  const OVLSInstruction *getValue() const { return Value; }
  const OVLSAddress &getAddress() const { return Address; }
  llvm::ArrayRef<bool> getMask() const { return Mask; }
  bool isMasked() const { return llvm::is_contained(Mask, false); }

  void print(llvm::raw_ostream &OS) const override;
  static bool classof(const OVLSInstruction *I) {
    return I->getKind() == Store;
  }
};

/// shufflevector Op1, Op2, Mask: result lane i is element Mask[i] of the
/// concatenation Op1 ++ Op2, or undefined for -1. Op2 may be null (a
/// single-source shuffle); when present it has Op1's type.
class OVLSShuffle : public OVLSInstruction {
  const OVLSInstruction *Op1;
  const OVLSInstruction *Op2;
  llvm::SmallVector<int, 16> Mask;

public:
  OVLSShuffle(uint32_t Id, const OVLSInstruction *Op1,
              const OVLSInstruction *Op2, llvm::ArrayRef<int> Mask);

  const OVLSInstruction *getOperand1() const { return Op1; }
  const OVLSInstruction *getOperand2() const { return Op2; }
  llvm::ArrayRef<int> getMask() const { return Mask; }

  void print(llvm::raw_ostream &OS) const override;
  static bool classof(const OVLSInstruction *I) {
    return I->getKind() == Shuffle;
  }
};

/// Stands for the value operand of an original scatter; the client maps it
/// to that IR value. Emits no code.
class OVLSScatterValue : public OVLSInstruction {
  const OVLSMemref *Memref;

public:
  OVLSScatterValue(uint32_t Id, const OVLSMemref *Memref)
      : OVLSInstruction(ScatterValue, Id, Memref->getType()), Memref(Memref) {}

  const OVLSMemref *getMemref() const { return Memref; }

  void print(llvm::raw_ostream &OS) const override;
  static bool classof(const OVLSInstruction *I) {
    return I->getKind() == ScatterValue;
  }
};

/// The optimized sequence of one group, topologically ordered, with the
/// instruction computing each gather's result, the costs that justified it
/// and the shuffle graph it came from (for dumps).
class OVLSSequence {
  llvm::SmallVector<std::unique_ptr<OVLSInstruction>, 16> Insts;
  /// Gather memref -> instruction holding its result, in insertion order.
  llvm::MapVector<const OVLSMemref *, const OVLSInstruction *> Results;
  int64_t Cost = 0;
  int64_t OriginalCost = 0;
  /// The parts of Cost: its loads and stores, and its shuffles (unweighted).
  int64_t MemoryCost = 0, ShuffleCost = 0;
  std::unique_ptr<OVLSShuffleGraph> Graph;

public:
  OVLSSequence();
  OVLSSequence(OVLSSequence &&);
  OVLSSequence &operator=(OVLSSequence &&);
  ~OVLSSequence();

  /// Takes ownership of \p I, appends it and returns it.
  template <typename InstT> InstT *append(std::unique_ptr<InstT> I) {
    InstT *Raw = I.get();
    Insts.push_back(std::move(I));
    return Raw;
  }
  void setResult(const OVLSMemref *Gather, const OVLSInstruction *Value) {
    Results[Gather] = Value;
  }
  void setCosts(int64_t NewCost, int64_t OldCost) {
    Cost = NewCost;
    OriginalCost = OldCost;
  }
  void setCostParts(int64_t Memory, int64_t Shuffles) {
    MemoryCost = Memory;
    ShuffleCost = Shuffles;
  }
  void setGraph(std::unique_ptr<OVLSShuffleGraph> G);
  void clear();

  size_t size() const { return Insts.size(); }
  bool empty() const { return Insts.empty(); }
  const OVLSInstruction &operator[](size_t I) const { return *Insts[I]; }
  auto begin() const { return Insts.begin(); }
  auto end() const { return Insts.end(); }
  uint32_t getNextId() const { return uint32_t(Insts.size()); }

  /// The instruction whose value replaces gather \p Gather, or null.
  const OVLSInstruction *getResult(const OVLSMemref *Gather) const {
    return Results.lookup(Gather);
  }
  int64_t getCost() const { return Cost; }
  int64_t getOriginalCost() const { return OriginalCost; }
  int64_t getMemoryCost() const { return MemoryCost; }
  int64_t getShuffleCost() const { return ShuffleCost; }
  /// The final (split and merged) graph, or null.
  const OVLSShuffleGraph *getGraph() const { return Graph.get(); }

  /// How many instructions of each kind the sequence holds.
  size_t count(OVLSInstruction::InstKind Kind) const;

  /// One instruction per line, in order.
  void print(llvm::raw_ostream &OS) const;
  std::string str() const;
};

} // namespace t2s

#endif // T2S_OPTVLS_OVLSINSTRUCTION_H
