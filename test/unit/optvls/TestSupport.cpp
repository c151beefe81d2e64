//===- TestSupport.cpp - Test client of the OptVLS server -----------------===//

#include "TestSupport.h"

#include "llvm/Support/Casting.h"

#include <algorithm>
#include <random>
#include <sstream>

namespace t2s {
namespace ovlstest {

namespace {

uint64_t elementMask(uint32_t Bytes) {
  return Bytes >= 8 ? ~uint64_t(0) : (uint64_t(1) << (8 * Bytes)) - 1;
}

llvm::SmallVector<bool, 16> laneMask(const std::vector<bool> &Mask,
                                     size_t NumLanes) {
  if (Mask.empty())
    return llvm::SmallVector<bool, 16>(NumLanes, true);
  return llvm::SmallVector<bool, 16>(Mask.begin(), Mask.end());
}

std::string laneText(const std::optional<uint64_t> &L) {
  return L ? std::to_string(*L) : std::string("undef");
}

} // namespace

TestBase TestBase::strided(int64_t Start, int64_t Stride, uint32_t NumLanes) {
  TestBase B;
  for (uint32_t I = 0; I < NumLanes; ++I)
    B.Lanes.push_back(Start + int64_t(I) * Stride);
  B.Stride = Stride;
  return B;
}

TestBase TestBase::indexed(std::vector<int64_t> Lanes) {
  TestBase B;
  B.Lanes = std::move(Lanes);
  return B;
}

TestMemref::TestMemref(std::string Name, const TestBase *Base, int BaseId,
                       int64_t Offset, uint32_t ElemBytes, bool IsLoad,
                       std::vector<bool> Mask)
    : OVLSMemref(
          OVLSType(uint32_t(Base->Lanes.size()), ElemBytes * 8),
          Base->Stride ? (IsLoad ? OVLSAccessType::StridedLoad
                                 : OVLSAccessType::StridedStore)
                       : (IsLoad ? OVLSAccessType::IndexedLoad
                                 : OVLSAccessType::IndexedStore),
          laneMask(Mask, Base->Lanes.size())),
      Base(Base), BaseId(BaseId), Offset(Offset), Name(std::move(Name)) {}

bool TestMemref::isAConstDistanceFrom(const OVLSMemref &Other,
                                      int64_t *Dist) const {
  const auto &O = static_cast<const TestMemref &>(Other);
  if (O.BaseId != BaseId)
    return false;
  *Dist = Offset - O.Offset;
  return true;
}

bool TestMemref::haveSameNumElements(const OVLSMemref &Other) const {
  return getNumElements() == Other.getNumElements();
}

bool TestMemref::canMoveTo(const OVLSMemref &Other) const {
  return Movable || &Other == this;
}

bool TestMemref::hasAConstStride(int64_t *Stride) const {
  if (!Base->Stride)
    return false;
  *Stride = *Base->Stride;
  return true;
}

bool TestMemref::hasDisjointLaneChunks(uint64_t ChunkBytes) const {
  if (!LanesKnown)
    return false;
  for (size_t I = 0; I < Base->Lanes.size(); ++I)
    for (size_t J = I + 1; J < Base->Lanes.size(); ++J) {
      int64_t D = Base->Lanes[I] - Base->Lanes[J];
      if (uint64_t(D < 0 ? -D : D) < ChunkBytes)
        return false;
    }
  return true;
}

void TestMemref::print(llvm::raw_ostream &OS) const { OS << Name; }

int64_t TestCostModel::getGatherScatterCost(const OVLSMemref &M) const {
  return PerLane * M.getNumElements();
}

int64_t TestCostModel::getContiguousMemOpCost(bool IsLoad, OVLSType,
                                              llvm::ArrayRef<bool> Mask) const {
  bool Masked = llvm::is_contained(Mask, false);
  return MemOp + (!IsLoad && Masked ? MaskedStorePenalty : 0);
}

int64_t TestCostModel::getShuffleCost(OVLSType, llvm::ArrayRef<int>) const {
  ++ShuffleQueries;
  return Shuffle;
}

Memory::Memory(size_t Size, uint32_t Seed) : Bytes(Size) {
  std::mt19937 Rng(Seed);
  for (uint8_t &B : Bytes)
    B = uint8_t(Rng());
}

uint64_t Memory::read(int64_t Addr, uint32_t N) const {
  uint64_t V = 0;
  for (uint32_t I = 0; I < N; ++I)
    V |= uint64_t(Bytes.at(size_t(Addr + I))) << (8 * I);
  return V;
}

void Memory::write(int64_t Addr, uint32_t N, uint64_t Value) {
  for (uint32_t I = 0; I < N; ++I)
    Bytes.at(size_t(Addr + I)) = uint8_t(Value >> (8 * I));
}

Lanes referenceGather(const TestMemref &M, const Memory &Mem) {
  Lanes Result(M.getNumElements());
  for (uint32_t L = 0; L < M.getNumElements(); ++L)
    if (M.isLaneActive(L))
      Result[L] = Mem.read(M.laneAddress(L), M.getElementBytes());
  return Result;
}

void referenceScatter(const TestMemref &M, const Lanes &Value, Memory &Mem) {
  for (uint32_t L = 0; L < M.getNumElements(); ++L)
    if (M.isLaneActive(L))
      Mem.write(M.laneAddress(L), M.getElementBytes(), *Value[L]);
}

const Lanes *Simulator::valueOf(const OVLSInstruction *I) const {
  auto It = Values.find(I);
  return It == Values.end() ? nullptr : &It->second;
}

void Simulator::run(const OVLSSequence &Seq) {
  auto Error = [this](const OVLSInstruction &I, const std::string &What) {
    Errors.push_back(I.str() + ": " + What);
  };
  auto InBounds = [this](int64_t Addr, uint32_t N) {
    return Addr >= 0 && size_t(Addr) + N <= Mem.Bytes.size();
  };
  for (const auto &IPtr : Seq) {
    const OVLSInstruction &I = *IPtr;
    uint32_t EB = I.getType().getElementBytes();
    uint32_t NE = I.getType().getNumElements();
    if (const auto *Load = llvm::dyn_cast<OVLSLoad>(&I)) {
      const auto *Base =
          static_cast<const TestMemref *>(Load->getAddress().Base);
      int64_t Start = Base->laneAddress(Load->getAddress().Lane) +
                      Load->getAddress().ByteOffset;
      Lanes V(NE);
      if (Load->getMask().size() != NE)
        Error(I, "mask size differs from the type");
      for (uint32_t E = 0; E < NE && E < Load->getMask().size(); ++E) {
        if (!Load->getMask()[E])
          continue;
        int64_t Addr = Start + int64_t(E) * EB;
        if (!InBounds(Addr, EB)) {
          Error(I, "reads outside memory");
          continue;
        }
        V[E] = Mem.read(Addr, EB);
        BytesLoaded += EB;
      }
      Values[&I] = V;
    } else if (const auto *SV = llvm::dyn_cast<OVLSScatterValue>(&I)) {
      auto It = ScatterInputs.find(SV->getMemref());
      if (It == ScatterInputs.end()) {
        Error(I, "no input value for the scatter");
        Values[&I] = Lanes(NE);
      } else {
        Values[&I] = It->second;
      }
    } else if (const auto *Sh = llvm::dyn_cast<OVLSShuffle>(&I)) {
      const Lanes *A = valueOf(Sh->getOperand1());
      const Lanes *B = Sh->getOperand2() ? valueOf(Sh->getOperand2()) : nullptr;
      if (!A || (Sh->getOperand2() && !B)) {
        Error(I, "operand used before it is defined");
        Values[&I] = Lanes(NE);
        continue;
      }
      if (B && A->size() != B->size())
        Error(I, "operands of different sizes");
      Lanes V(Sh->getMask().size());
      for (size_t K = 0; K < Sh->getMask().size(); ++K) {
        int M = Sh->getMask()[K];
        if (M < 0)
          continue;
        if (size_t(M) < A->size())
          V[K] = (*A)[M];
        else if (B && size_t(M) - A->size() < B->size())
          V[K] = (*B)[M - A->size()];
        else
          Error(I, "mask index out of range");
      }
      Values[&I] = V;
    } else if (const auto *St = llvm::dyn_cast<OVLSStore>(&I)) {
      const Lanes *V = valueOf(St->getValue());
      if (!V) {
        Error(I, "stored value used before it is defined");
        continue;
      }
      if (V->size() != St->getMask().size())
        Error(I, "mask size differs from the stored value");
      const auto *Base = static_cast<const TestMemref *>(St->getAddress().Base);
      int64_t Start = Base->laneAddress(St->getAddress().Lane) +
                      St->getAddress().ByteOffset;
      for (size_t E = 0; E < V->size() && E < St->getMask().size(); ++E) {
        if (!St->getMask()[E])
          continue;
        int64_t Addr = Start + int64_t(E) * EB;
        if (!(*V)[E]) {
          Error(I, "stores an undefined lane " + std::to_string(E));
          continue;
        }
        if (!InBounds(Addr, EB)) {
          Error(I, "writes outside memory");
          continue;
        }
        Mem.write(Addr, EB, *(*V)[E]);
      }
    }
  }
}

std::string checkSequence(const OVLSGroup &Group, const OVLSSequence &Seq,
                          uint32_t Seed) {
  // Memory large enough for every lane plus whole blocks past the end.
  int64_t MaxAddr = 0;
  for (const OVLSMemref *M : Group.getMembers()) {
    const auto *T = static_cast<const TestMemref *>(M);
    for (uint32_t L = 0; L < T->getNumElements(); ++L)
      MaxAddr = std::max(MaxAddr, T->laneAddress(L));
  }
  size_t Size = size_t(MaxAddr) + 2 * Group.getVectorLengthBytes() + 64;
  std::ostringstream Out;

  if (Group.isLoadGroup()) {
    Memory Mem(Size, Seed);
    Memory Before = Mem;
    Simulator Sim(Mem);
    Sim.run(Seq);
    for (const std::string &E : Sim.Errors)
      Out << E << '\n';
    if (!(Mem == Before))
      Out << "a load sequence changed memory\n";
    for (const OVLSMemref *M : Group.getMembers()) {
      const auto *T = static_cast<const TestMemref *>(M);
      const OVLSInstruction *R = Seq.getResult(M);
      const Lanes *Got = R ? Sim.valueOf(R) : nullptr;
      if (!Got) {
        Out << "no result for " << T->getName() << '\n';
        continue;
      }
      Lanes Want = referenceGather(*T, Mem);
      if (Got->size() != Want.size()) {
        Out << T->getName() << ": result has " << Got->size() << " lanes, want "
            << Want.size() << '\n';
        continue;
      }
      for (size_t L = 0; L < Want.size(); ++L)
        if (Want[L] && Got->at(L) != Want[L])
          Out << T->getName() << " lane " << L << ": got "
              << laneText(Got->at(L)) << ", want " << laneText(Want[L]) << '\n';
    }
    return Out.str();
  }

  Memory Want(Size, Seed);
  Memory Got = Want;
  Simulator Sim(Got);
  std::mt19937_64 Rng(Seed * 7919u + 1);
  for (const OVLSMemref *M : Group.getMembers()) {
    const auto *T = static_cast<const TestMemref *>(M);
    Lanes V(T->getNumElements());
    for (auto &L : V)
      L = Rng() & elementMask(T->getElementBytes());
    Sim.setScatterInput(M, V);
    referenceScatter(*T, V, Want);
  }
  Sim.run(Seq);
  for (const std::string &E : Sim.Errors)
    Out << E << '\n';
  for (size_t B = 0; B < Want.Bytes.size(); ++B)
    if (Want.Bytes[B] != Got.Bytes[B]) {
      Out << "byte " << B << ": got " << int(Got.Bytes[B]) << ", want "
          << int(Want.Bytes[B]) << '\n';
      break;
    }
  return Out.str();
}

int TestProgram::addBase(TestBase B) {
  Bases.push_back(std::make_unique<TestBase>(std::move(B)));
  return int(Bases.size() - 1);
}

TestMemref *TestProgram::add(std::string Name, int BaseId, int64_t Offset,
                             uint32_t ElemBytes, bool IsLoad,
                             std::vector<bool> Mask) {
  Memrefs.push_back(std::make_unique<TestMemref>(
      std::move(Name), Bases[BaseId].get(), BaseId, Offset, ElemBytes, IsLoad,
      std::move(Mask)));
  return Memrefs.back().get();
}

std::vector<OVLSMemref *> TestProgram::memrefs() const {
  std::vector<OVLSMemref *> Result;
  for (const auto &M : Memrefs)
    Result.push_back(M.get());
  return Result;
}

} // namespace ovlstest
} // namespace t2s
