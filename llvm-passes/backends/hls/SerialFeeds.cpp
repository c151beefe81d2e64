//===- SerialFeeds.cpp - A feeder fed from the host's layout --------------===//

#include "backends/hls/SerialFeeds.h"
#include "backends/c/StubCommon.h"
#include "systolic/StmtWalk.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"

#include <functional>

namespace t2s {

const char *const SerialRecordEnd = "The records of this step, into the layout.";

namespace {

const DType Int = DType::integer(32);

// The base array an assignment's target names, or "".
std::string targetArray(const Stmt &S) {
  if (S.Kind != StmtKind::Assign || !S.Target)
    return "";
  const Expr *B = S.Target.get();
  if (B->Kind == ExprKind::Subscript)
    B = B->Operands[0].get();
  return B->Kind == ExprKind::Var ? B->Name : "";
}

int memoryOf(const Design::ReuseBuffer &R, llvm::StringRef Name) {
  for (unsigned M = 0; M < R.Memories.size(); ++M)
    if (R.Memories[M].Name == Name)
      return int(M);
  return -1;
}

// The feeder's read: the If in its step loop that stores into its memories
// (BufferLoaders: 'if (tile < tiles && step < kept) { read }'), holding one
// Block.
template <typename StmtsT> auto findRead(StmtsT &Body, const Design::ReuseBuffer &R)
    -> decltype(&Body[0]) {
  for (auto &Tile : Body) {
    if (Tile.Kind != StmtKind::Loop || Tile.Name != R.Tile)
      continue;
    for (auto &Step : Tile.Body) {
      if (Step.Kind != StmtKind::Loop || Step.Name != R.Step)
        continue;
      for (auto &If : Step.Body) {
        if (If.Kind != StmtKind::If || !If.Else.empty() || If.Body.size() != 1 ||
            If.Body[0].Kind != StmtKind::Block)
          continue;
        bool Stores = false;
        forEachStmt(If.Body, [&](const Stmt &S) {
          Stores |= memoryOf(R, targetArray(S)) >= 0;
        });
        if (Stores)
          return &If;
      }
    }
  }
  return nullptr;
}

// The elements of memory M one kept step stores: the dimensions after the
// half and the kept loops.
llvm::ArrayRef<int64_t> aroundDims(const Design::ReuseBuffer &R, unsigned M) {
  return llvm::ArrayRef(R.Memories[M].Dims).drop_front(1 + R.KeptLoops.size());
}

int64_t product(llvm::ArrayRef<int64_t> Dims) {
  int64_t N = 1;
  for (int64_t E : Dims)
    N *= E;
  return N;
}



} // namespace

std::optional<SerialFeed> serialFeed(const Design &D, const Design::Kernel &K) {
  if (!D.HostLayouts || K.Role != KernelRole::Loader || !K.Reuse || K.Reuse->Memories.empty() ||
      K.Reuse->Tile.empty() || K.Reuse->Step.empty())
    return std::nullopt;
  const Design::ReuseBuffer &R = *K.Reuse;
  SerialFeed F;
  // The input: read by this kernel alone, written by none, at indices the
  // stub need not measure.
  bool Found = false;
  for (unsigned A : K.Params)
    if (D.Params[A].Pointer && D.Params[A].Name == K.Buffer)
      F.Port = A, Found = true;
  if (!Found || D.writes(F.Port) || measuresReach(D, K.Buffer))
    return std::nullopt;
  for (const Design::Kernel &X : D.Kernels)
    if (&X != &K && llvm::is_contained(X.Params, F.Port))
      return std::nullopt;
  // One kind of scalar of whole bytes in every memory.
  F.Lane = R.Memories.front().Element.element();
  if (F.Lane.isBool() || (F.Lane.isFloat() && F.Lane.Bits == 16) ||
      !llvm::is_contained({8u, 16u, 32u, 64u}, F.Lane.Bits))
    return std::nullopt;
  int64_t Scalars = 0;
  for (unsigned M = 0; M < R.Memories.size(); ++M) {
    const Design::ReuseBuffer::Memory &Mem = R.Memories[M];
    if (Mem.Element.element() != F.Lane || Mem.Dims.size() < 1 + R.KeptLoops.size())
      return std::nullopt;
    F.Offsets.push_back(Scalars);
    Scalars += product(aroundDims(R, M)) * Mem.Element.Lanes;
  }
  unsigned Bytes = F.Lane.Bits / 8;
  F.BeatLanes = SerialBeatBytes / Bytes;
  F.RecordBeats = (Scalars * Bytes + SerialBeatBytes - 1) / SerialBeatBytes;
  F.Records = R.ReadSteps;
  if (F.RecordBeats < 1 || F.RecordBeats > 64 || F.Records < 1 ||
      F.beatsPerTile() > R.SendSteps)
    return std::nullopt;
  F.Tiles = R.tileCount();
  if (!ofParams(F.Tiles) || !findRead(K.Body, R))
    return std::nullopt;
  llvm::StringSet<> Names = designNames(D); // the module's own names avoid them
  F.Channel = freshIn(Names, K.Name + "_beats");
  F.Reader = freshIn(Names, D.Name + "_read_" + K.Buffer);
  F.Packer = freshIn(Names, "t2s_pack_" + K.Name);
  return F;
}

bool namesOnly(const ExprPtr &E, const llvm::StringSet<> &Names) {
  return !anyNode(E, [&](const Expr &X) {
    return (X.Kind == ExprKind::Var && !Names.contains(X.Name)) || X.Kind == ExprKind::LoopVar ||
           X.Kind == ExprKind::Load || X.Kind == ExprKind::ChannelRead;
  });
}

llvm::StringSet<> designNames(const Design &D) {
  llvm::StringSet<> Names;
  for (const Design::Param &P : D.Params)
    Names.insert(P.Name);
  for (const Design::Kernel &X : D.Kernels)
    Names.insert(X.Name);
  for (const Design::Channel &C : D.Channels)
    Names.insert(C.Name);
  return Names;
}

Design::Kernel withSerialFeed(const Design::Kernel &K, const SerialFeed &F) {
  const Design::ReuseBuffer &R = *K.Reuse;
  Design::Kernel Out = K;
  Stmt *Read = findRead(Out.Body, R);
  if (!Read)
    return K;
  llvm::StringSet<> Names;
  addNames(K.Body, Names);
  std::string Beat = freshIn(Names, "t2s_beat"), Record = freshIn(Names, "t2s_record");
  DType BeatT = F.beat();
  ExprPtr Step = var(R.Step);
  auto num = [](int64_t V) { return intConst(Int, V); };

  // The record's record number and beat: step / B and step % B.
  ExprPtr RecordNo = F.RecordBeats > 1 ? binary(BinaryOp::Div, false, Step, num(F.RecordBeats)) : Step;
  // The kept loops' Lets of the read, from the record's number.
  Stmts Store;
  for (const Stmt &S : Read->Body[0].Body)
    if (S.Kind == StmtKind::Let && llvm::is_contained(R.KeptLoops, S.Name)) {
      Stmt L = S;
      L.Value = rewrite(S.Value, [&](const ExprPtr &X) -> ExprPtr {
        return X->Kind == ExprKind::Var && X->Name == R.Step && X->Int == 0 ? RecordNo : nullptr;
      });
      Store.push_back(std::move(L));
    }
  // Scalar O of the record: a lane of the beat just received or of one
  // kept before.
  auto scalar = [&](int64_t O) {
    int64_t B = O / F.BeatLanes;
    ExprPtr Src = B == F.RecordBeats - 1 ? var(Beat, 0, BeatT)
                                         : subscript(BeatT, var(Record, 0, BeatT), {num(B)});
    return lane(Src, unsigned(O % F.BeatLanes));
  };
  ExprPtr Half = binary(BinaryOp::And, false, var(R.Tile), num(1));
  for (unsigned M = 0; M < R.Memories.size(); ++M) {
    const Design::ReuseBuffer::Memory &Mem = R.Memories[M];
    llvm::ArrayRef<int64_t> Around = aroundDims(R, M);
    int64_t Words = product(Around), N = Mem.Element.Lanes;
    for (int64_t W = 0; W < Words; ++W) {
      llvm::SmallVector<ExprPtr, 6> Subs{Half};
      for (unsigned L = 0; L < R.KeptLoops.size(); ++L)
        Subs.push_back(intDifference(var(R.KeptLoops[L]), num(R.KeptFrom[L])));
      int64_t Rest = W;
      llvm::SmallVector<ExprPtr, 4> Consts;
      for (size_t I = Around.size(); I-- > 0;) {
        Consts.insert(Consts.begin(), num(Rest % Around[I]));
        Rest /= Around[I];
      }
      Subs.append(Consts.begin(), Consts.end());
      int64_t O = F.Offsets[M] + W * N;
      ExprPtr Value;
      if (Mem.Element.isVector()) {
        llvm::SmallVector<ExprPtr, 16> Lanes;
        for (int64_t L = 0; L < N; ++L)
          Lanes.push_back(scalar(O + L));
        Value = vectorLiteral(Mem.Element, Lanes);
      } else {
        Value = scalar(O);
      }
      Store.push_back(assign(subscript(Mem.Element, var(Mem.Name, 0, Mem.Element), Subs), Value));
    }
  }

  Stmts Body{comment("Receive a beat of the next tile's records, which the host laid out (" +
                     F.Packer + "); at a record's last beat, store it in half " + R.Tile +
                     " & 1.")};
  Body.push_back(decl(BeatT, Beat, {}, DeclInit::Value, channelRead(BeatT, var(F.Channel, 0, BeatT))));
  if (F.RecordBeats == 1) {
    Body.insert(Body.end(), std::make_move_iterator(Store.begin()),
                std::make_move_iterator(Store.end()));
  } else {
    ExprPtr At = binary(BinaryOp::Rem, false, Step, num(F.RecordBeats));
    Body.push_back(ifElse(compare(CompareOp::EQ, false, At, num(F.RecordBeats - 1)),
                          std::move(Store),
                          {assign(subscript(BeatT, var(Record, 0, BeatT), {At}), var(Beat, 0, BeatT))}));
  }
  // The step's condition: the tile's first Records x RecordBeats steps.
  ExprPtr InTile = Read->Value->Kind == ExprKind::And ? Read->Value->Operands[0] : Read->Value;
  if (F.beatsPerTile() < R.SendSteps)
    InTile = logicalAnd(InTile, compare(CompareOp::LT, false, Step, num(F.beatsPerTile())));
  Read->Value = InTile;
  Read->Body = {block(std::move(Body))};

  if (F.RecordBeats > 1) {
    // The beats of the record so far, kept across steps.
    auto TileLoop = llvm::find_if(Out.Body, [&](const Stmt &S) {
      return S.Kind == StmtKind::Loop && S.Name == R.Tile;
    });
    Stmt Kept = decl(BeatT, Record, {F.RecordBeats - 1});
    Kept.Text = "the beats of the record so far";
    Out.Body.insert(TileLoop, std::move(Kept));
  }
  Out.Params = paramsNamed(Out.Body);
  return Out;
}

std::string serialRecord(const Design::Kernel &K, unsigned M) {
  return K.Reuse->Memories[M].Name + "_record";
}

Design::Kernel serialPacker(const Design::Kernel &K, const SerialFeed &F) {
  const Design::ReuseBuffer &R = *K.Reuse;
  const Stmt *Read = findRead(K.Body, R);
  Design::Kernel Out = K;
  Out.Name = F.Packer;
  Out.Reuse.reset();
  Stmts Step;
  for (unsigned M = 0; M < R.Memories.size(); ++M) {
    llvm::ArrayRef<int64_t> Around = aroundDims(R, M);
    Step.push_back(decl(R.Memories[M].Element, serialRecord(K, M),
                        Around.empty() ? llvm::ArrayRef<int64_t>{1} : Around, DeclInit::Zero));
  }
  Stmts Fill = Read ? Read->Body[0].Body : Stmts{};
  // The stores into half tile & 1 of a memory: into its record.
  std::function<void(Stmts &)> Redirect = [&](Stmts &Body) {
    for (Stmt &S : Body) {
      int M = memoryOf(R, targetArray(S));
      if (M >= 0 && S.Target->Kind == ExprKind::Subscript) {
        const Design::ReuseBuffer::Memory &Mem = R.Memories[M];
        llvm::SmallVector<ExprPtr, 4> Subs;
        for (size_t I = 2 + R.KeptLoops.size(); I < S.Target->Operands.size(); ++I)
          Subs.push_back(S.Target->Operands[I]);
        if (Subs.empty())
          Subs.push_back(intConst(Int, 0));
        S.Target = subscript(Mem.Element, var(serialRecord(K, unsigned(M)), 0, Mem.Element), Subs);
      }
      for (Stmts *L : {&S.Head, &S.Body, &S.Else})
        Redirect(*L);
    }
  };
  Redirect(Fill);
  Step.insert(Step.end(), std::make_move_iterator(Fill.begin()),
              std::make_move_iterator(Fill.end()));
  Step.push_back(comment(SerialRecordEnd));
  Stmt StepLoop = loop(LoopKind::Serial, R.Step, intConst(Int, 0), intConst(Int, F.Records),
                       std::move(Step));
  StepLoop.Text = "the records of the tile: what each kept step stores";
  Stmt TileLoop = loop(LoopKind::Serial, R.Tile, intConst(Int, 0), F.Tiles, {std::move(StepLoop)});
  TileLoop.Text = "the tiles, in the feeder's order";
  Out.Body = {comment("The host's layout of '" + K.Buffer + "' for " + K.Name +
                      ": per tile and kept step, what the step stores, in " +
                      std::to_string(F.RecordBeats) + " beats of " +
                      std::to_string(SerialBeatBytes) + " bytes."),
              std::move(TileLoop)};
  Out.Params = paramsNamed(Out.Body);
  return Out;
}

} // namespace t2s
