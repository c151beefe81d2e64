//===- TestSupport.h - Test client of the OptVLS server --------*- C++ -*-===//
//
// A concrete client for the server's tests: memrefs whose lane addresses are
// known numbers (a base index vector plus a constant byte offset), a table
// cost model, and a simulator that runs an OVLSSequence on a byte-addressed
// memory image so that tests can compare it with the gathers/scatters it
// replaces, lane by lane and byte by byte.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_TEST_OPTVLS_TESTSUPPORT_H
#define T2S_TEST_OPTVLS_TESTSUPPORT_H

#include "OVLS.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace t2s {
namespace ovlstest {

/// The address vector of one or more memrefs: lane i is at Lanes[i]. A
/// strided base also reports its stride to the server.
struct TestBase {
  std::vector<int64_t> Lanes;
  std::optional<int64_t> Stride;

  static TestBase strided(int64_t Start, int64_t Stride, uint32_t NumLanes);
  static TestBase indexed(std::vector<int64_t> Lanes);
};

/// Memref: lane i accesses ElemBytes bytes at Base.Lanes[i] + Offset.
class TestMemref : public OVLSMemref {
  const TestBase *Base;
  int BaseId;
  int64_t Offset;
  std::string Name;
  /// canMoveTo answers false for any other memref when this is false.
  bool Movable = true;
  /// hasDisjointLaneChunks answers false when this is false (a client that
  /// cannot show this memref's lanes apart).
  bool LanesKnown = true;

public:
  TestMemref(std::string Name, const TestBase *Base, int BaseId,
             int64_t Offset, uint32_t ElemBytes, bool IsLoad,
             std::vector<bool> Mask = {});

  int64_t getOffset() const { return Offset; }
  int64_t laneAddress(uint32_t Lane) const { return Base->Lanes[Lane] + Offset; }
  const std::string &getName() const { return Name; }
  void setMovable(bool M) { Movable = M; }
  void setLanesKnown(bool K) { LanesKnown = K; }

  bool isAConstDistanceFrom(const OVLSMemref &Other,
                            int64_t *Dist) const override;
  bool haveSameNumElements(const OVLSMemref &Other) const override;
  bool canMoveTo(const OVLSMemref &Other) const override;
  bool hasAConstStride(int64_t *Stride) const override;
  /// The test client knows its addresses, so it answers exactly (unless
  /// told it does not know them).
  bool hasDisjointLaneChunks(uint64_t ChunkBytes) const override;
  void print(llvm::raw_ostream &OS) const override;
};

/// Table costs: a gather/scatter costs PerLane per lane; a contiguous access
/// costs MemOp (plus MaskedStorePenalty for a store with a false mask entry);
/// any shuffle costs Shuffle. Calls are counted.
class TestCostModel : public OVLSCostModel {
public:
  int64_t PerLane = 2;
  int64_t MemOp = 1;
  int64_t MaskedStorePenalty = 0;
  int64_t Shuffle = 1;
  mutable unsigned ShuffleQueries = 0;

  int64_t getGatherScatterCost(const OVLSMemref &M) const override;
  int64_t getContiguousMemOpCost(bool IsLoad, OVLSType Ty,
                                 llvm::ArrayRef<bool> Mask) const override;
  int64_t getShuffleCost(OVLSType SrcTy,
                         llvm::ArrayRef<int> Mask) const override;
};

/// One vector value: a lane is nullopt when undefined.
using Lanes = std::vector<std::optional<uint64_t>>;

/// Byte-addressed memory, little endian.
struct Memory {
  std::vector<uint8_t> Bytes;

  explicit Memory(size_t Size, uint32_t Seed);
  uint64_t read(int64_t Addr, uint32_t Bytes) const;
  void write(int64_t Addr, uint32_t Bytes, uint64_t Value);
  bool operator==(const Memory &O) const { return Bytes == O.Bytes; }
};

/// What the original gather returns (nullopt in masked-off lanes).
Lanes referenceGather(const TestMemref &M, const Memory &Mem);
/// What the original scatter writes.
void referenceScatter(const TestMemref &M, const Lanes &Value, Memory &Mem);

/// Runs an OVLSSequence. Scatter values come from \p ScatterInputs. Any
/// problem (operand not yet defined, out-of-range access, storing an
/// undefined lane, type mismatch) is recorded in Errors.
class Simulator {
  Memory &Mem;
  std::map<const OVLSMemref *, Lanes> ScatterInputs;
  std::map<const OVLSInstruction *, Lanes> Values;

public:
  std::vector<std::string> Errors;
  /// Bytes read and written by the sequence's loads and stores.
  uint64_t BytesLoaded = 0;

  explicit Simulator(Memory &Mem) : Mem(Mem) {}
  void setScatterInput(const OVLSMemref *M, Lanes V) {
    ScatterInputs[M] = std::move(V);
  }
  void run(const OVLSSequence &Seq);
  const Lanes *valueOf(const OVLSInstruction *I) const;
};

/// Checks that \p Seq computes, for every gather of \p Group, exactly the
/// active lanes the gather would, or, for a scatter group, that the memory
/// afterwards equals what the scatters (in group order) would leave. Returns
/// a description of the first difference, or an empty string.
std::string checkSequence(const OVLSGroup &Group, const OVLSSequence &Seq,
                          uint32_t Seed = 1);

/// Owns bases and memrefs for one test.
class TestProgram {
  std::vector<std::unique_ptr<TestBase>> Bases;
  std::vector<std::unique_ptr<TestMemref>> Memrefs;

public:
  int addBase(TestBase B);
  const TestBase &getBase(int Id) const { return *Bases[Id]; }
  TestMemref *add(std::string Name, int BaseId, int64_t Offset,
                  uint32_t ElemBytes, bool IsLoad, std::vector<bool> Mask = {});
  /// All memrefs, in the order they were added (program order).
  std::vector<OVLSMemref *> memrefs() const;
};

} // namespace ovlstest
} // namespace t2s

#endif // T2S_TEST_OPTVLS_TESTSUPPORT_H
