//===- DesignAnalysis.cpp - Build a function's Design ---------------------===//

#include "systolic/DesignAnalysis.h"
#include "systolic/StatementRuns.h"
#include "ure/IterationDomain.h"
#include "systolic/ReadPaths.h"
#include "language/LoopMetadata.h"
#include "systolic/Buffers.h"
#include "systolic/ChannelDepths.h"
#include "systolic/StreamChannels.h"
#include "systolic/DesignNames.h"
#include "systolic/GatherWindow.h"
#include "systolic/LiftExpr.h"
#include "systolic/ReuseOrder.h"
#include "systolic/StreamOrder.h"
#include "systolic/lowering/Lowering.h"
#include "ure/RunTimeSizes.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>

namespace t2s {

llvm::AnalysisKey DesignAnalysis::Key;

std::string cannotWriteOpenCL(const std::string &Why) {
  return "cannot write this design as OpenCL: it uses " + Why +
         "; the OpenCL back end prints arithmetic, comparisons, conditionals, "
         "casts and library math over buffers indexed by the loop variables [" +
         ruleName(URERule::OpenCL).str() + "]";
}

namespace {

class DesignBuilder {
  llvm::Function &F;
  const ChannelResult &CR;
  llvm::ArrayRef<KernelUnit> Units;
  llvm::DominatorTree &DT;
  const DesignOptions &Opts;
  DesignResult &R;
  Design &D;
  std::string Function; // the function's design name: its streams' prefix
  // Lifting rejections, per nest, reported after the channels' (the order a
  // reader of the kernels meets them).
  llvm::SmallVector<std::optional<std::pair<SourceLoc, std::string>>, 2> LiftRejections;

public:
  DesignBuilder(llvm::Function &F, const ChannelResult &CR, llvm::ArrayRef<KernelUnit> Units,
                llvm::DominatorTree &DT, const DesignOptions &Opts, DesignResult &R)
      : F(F), CR(CR), Units(Units), DT(DT), Opts(Opts), R(R), D(R.D),
        Function(designName(F, 0)) {}

  void build() {
    D.Function = llvm::demangle(F.getName().str());
    D.Name = Function;
    D.Stub = hostStubName(F);
    D.File = Units.front().System->Loc.File;
    D.Line = Units.front().System->Loc.Line;
    D.Column = Units.front().System->Loc.Column;
    for (const llvm::Argument &A : F.args())
      D.Params.push_back({parameterName(&A), A.getType()->isPointerTy(),
                          designType(A.getType()), std::nullopt});
    // Nests that stand in different values for one size: the largest.
    for (const KernelUnit &KU : Units)
      for (auto [A, V] : KU.System->StandIns) {
        std::optional<int64_t> &S = D.Params[A->getArgNo()].StandIn;
        S = std::max(S.value_or(V), V);
      }
    unsigned Scheduled = 0;
    for (const KernelUnit &KU : Units)
      addNest(KU, Scheduled);
    for (const StreamChannel &C : streams())
      addStream(C);
    // What the OpenCL back end cannot write, in the order a reader of the
    // kernels meets it: the nests' streams, the channels' declarations,
    // then (lift) the statements.
    for (unsigned N = 0; N < R.Nests.size(); ++N)
      checkStreamEnds(N);
    for (const Design::Channel &C : D.Channels)
      if (!hasCName(C.Element))
        reject(Units[C.Nest].System->Loc, cannotWriteOpenCL("a channel of a type without a C name"));
    // Every value the kernels print is lifted once, before any prints.
    for (unsigned N = 0; N < R.Nests.size(); ++N)
      lift(N);
    // The lowering steps, in the seeds' order.
    llvm::SmallVector<unsigned, 4> Stages;
    for (unsigned N = 0; N < R.Nests.size(); ++N)
      Stages.push_back(N < CR.StageOf.size() ? CR.StageOf[N] : 0);
    buildKernels(D, R.Nests, Stages);
    dumpAfter(DesignStep::Kernels);
    isolateLoadersAndDrainers(D, R.Nests);
    dumpAfter(DesignStep::Isolate);
    vectorizeChannels(D, R.Nests);
    dumpAfter(DesignStep::Vectorize);
    chainPEs(D, R.Nests);
    dumpAfter(DesignStep::ScatterGather);
    for (unsigned N = 0; N < R.Nests.size(); ++N)
      checkPEChannels(N);
    for (const std::optional<std::pair<SourceLoc, std::string>> &Why : LiftRejections)
      if (Why)
        reject(Why->first, Why->second);
    if (!R.Rejection) {
      for (Design::Kernel &K : D.Kernels)
        K.Params = kernelParams(K);
      D.KernelParamsKnown = true;
      rejectUnconnectedArrays();
      std::optional<std::string> Why = unrollKernels(D, R.Nests);
      if (Why)
        reject(Units.front().System->Loc,
               "internal error: " + *Why + "; please report this with the source");
      dumpAfter(DesignStep::Unroll);
      if (!Why) {
        if (auto Bad = bufferLoaders(D, R.Nests)) {
          R.Rejections.push_back({URERule::Buffer, Bad->first, Bad->second});
          return;
        }
        dumpAfter(DesignStep::Buffer);
        if (std::optional<std::string> Bad = checkReuseBuffers(D)) {
          reject(Units.front().System->Loc,
                 "internal error: " + *Bad + "; please report this with the source");
          return;
        }
        if (std::optional<StreamError> E = checkStreams(D))
          R.Rejections.push_back({URERule::Channel, {D.File, E->At.Line, E->At.Column},
                                  E->Message});
        else
          sizeChannels(D, Opts.ChannelReplay, givenSizes());
        llvm::SmallVector<std::optional<int64_t>, 4> Given = givenSizes();
        for (unsigned P = 0; P < D.Params.size(); ++P)
          D.Params[P].Given = Given[P];
        D.HostLayouts = Opts.HostLayouts;
        D.Split = Opts.Split;
      }
    }
  }

private:
  // An array without parameters runs by itself, forever, and stops only
  // when it waits on a channel once the other kernels are done: one that
  // no loader, drainer or stream connects to would never stop, and nothing
  // it computes would reach the program.
  void rejectUnconnectedArrays() {
    for (const Design::Kernel &K : D.Kernels) {
      if (!K.autorun())
        continue;
      bool Connected = llvm::any_of(D.Channels, [&](const Design::Channel &C) {
        return C.Kind != Design::ChannelKind::Chain &&
               (C.Nest == K.Nest ||
                (C.Kind == Design::ChannelKind::Stream && C.Writer == K.Nest));
      });
      if (!Connected)
        reject(R.Nests[K.Nest]->System->Loc,
               "the systolic array of this nest reads nothing from the program and "
               "writes nothing to it (no parameter, loader, drainer or stream): its "
               "values stay in its URE arrays, which live on chip, and an array "
               "without parameters runs forever, waiting on channels it never "
               "touches; write the nest's results to a parameter of the function "
               "(an array or pointer), or remove the nest [offload]");
    }
  }

  // The sizes -t2s-size= gives, per parameter.
  llvm::SmallVector<std::optional<int64_t>, 4> givenSizes() const {
    llvm::SmallVector<std::optional<int64_t>, 4> Given(D.Params.size());
    for (const auto &[Name, Value] : Opts.Sizes)
      for (unsigned P = 0; P < D.Params.size(); ++P)
        if (D.Params[P].Name == Name && D.Params[P].StandIn)
          Given[P] = Value;
    return Given;
  }

  void dumpAfter(DesignStep Step) {
    if (llvm::is_contained(Opts.DumpAfter, Step)) {
      llvm::outs() << "; after " << stepName(Step) << "\n";
      D.print(llvm::outs());
    }
  }

  void reject(const SourceLoc &Loc, const std::string &Message) {
    if (!R.Rejection)
      R.Rejection = {Loc, Message};
  }

  // The streams between kernel nests, unless the channels were rejected.
  llvm::ArrayRef<StreamChannel> streams() const {
    return CR.Rejections.empty() && !CR.Units.empty()
               ? llvm::ArrayRef<StreamChannel>(CR.Channels)
               : llvm::ArrayRef<StreamChannel>();
  }

  std::string streamName(const StreamChannel &C) const { return Function + "_" + C.Array; }

  void addNest(const KernelUnit &KU, unsigned &Scheduled) {
    unsigned U = R.Nests.size();
    auto P = std::make_unique<NestPlan>();
    P->System = KU.System;
    P->Original = KU.Schedule;
    for (const UREArray &A : KU.System->Arrays)
      P->ArrayTypes.push_back(designType(A.ElementType));
    Design::Nest N;
    if (KU.Schedule) {
      static_cast<DataPath &>(*P) = *KU.Schedule;
      N.Name = KU.System->KernelName.empty() ? designName(F, Scheduled)
                                             : identifier(KU.System->KernelName);
      N.Scheduled = true;
      ++Scheduled;
      // An OpenCL device without channels (t2s-clang --opencl) runs each
      // design as one kernel that reads and writes its buffers itself.
      P->Channels = planChannels(*P, DT, N.Name, Opts.isolates());
      if (Opts.ForDevice)
        for (const LocatedDirective &LD : KU.System->Directives)
          if (LD.D.Kind == DirectiveKind::Loader || LD.D.Kind == DirectiveKind::Drainer) {
            R.ChannelFreeNests.push_back(LD.Loc);
            break;
          }
      // loader(a) or drainer(a) of an array that is a channel to another
      // kernel nest asks for what the channel has anyway: its loader
      // (drainer) passes the values between that kernel and the PEs.
      if (!streams().empty())
        llvm::erase_if(P->Channels, [&](const ChannelPlan &C) {
          return CR.channelOf(C.Access) != nullptr;
        });
    } else {
      P->Sch.System = *KU.System;
      N.Name = identifier(KU.System->KernelName);
    }
    N.Title = KU.describe();
    N.At = {KU.System->Loc.Line, KU.System->Loc.Column};
    N.KernelName = KU.System->KernelName;
    for (const URELoop &L : KU.System->Loops)
      N.SourceLoops.push_back({L.Name, L.Lower, L.Upper});
    if (!KU.System->WrittenOrder.empty()) {
      std::string Written;
      for (unsigned L : KU.System->WrittenOrder)
        Written += (Written.empty() ? "" : ", ") + KU.System->Loops[L].Name;
      N.WrittenOrder = "(" + Written + ")";
    }
    if (KU.Schedule) {
      const SpaceTimeSchedule &Sch = KU.Schedule->Sch;
      N.PEs = Sch.NumPEs;
      N.Steps = Sch.TotalSteps;
      N.Utilization = Sch.utilization();
      // pad_rounds: the kernels run the padded steps.
      if (Sch.Padding && Sch.NumPEs > 0 && Sch.Padding->Steps > 0) {
        N.Steps = Sch.Padding->Steps;
        N.Utilization = double(Sch.UsefulPESteps) / (double(Sch.NumPEs) * double(N.Steps));
      }
      N.AffineBounds = hasAffineBounds(Sch.System.Loops);
      N.ActivePEs = Sch.ActivePEs;
      for (const ScheduledRead &SR : Sch.Reads)
        if (llvm::any_of(SR.PEDistance, [](int64_t X) { return X != 0; }))
          N.Flows.push_back({KU.System->Arrays[KU.System->Statements[SR.Statement]
                                                   .Reads[SR.Read].Array].Name,
                             SR.PEDistance, Sch.sameStepChainPEs(SR)});
    }
    for (URELoop &L : P->Sch.System.Loops) // printed as variables
      L.Name = kernelLocal(L.Name);
    for (const URELoop &L : P->Sch.System.Loops)
      N.Loops.push_back(L.Name);
    N.PELoops.assign(P->Sch.PELoops.begin(), P->Sch.PELoops.end());
    for (const DesignBuffer &B : findBuffers(P->Sch.System, F.getParent()->getDataLayout()))
      D.Buffers.push_back({B.Arg->getArgNo(), parameterName(B.Arg), U,
                           designType(B.Element), B.Read, B.Written, B.Extent,
                           B.RunTimeExtent, B.Sizes, B.Whole});
    D.Nests.push_back(std::move(N));
    R.Nests.push_back(std::move(P));
  }

  // A stream between kernel nests, and its ends: the channel itself, and in
  // a scheduled nest the PE channel between its loader (drainer) and the PEs.
  void addStream(const StreamChannel &C) {
    Design::Channel S;
    S.Kind = Design::ChannelKind::Stream;
    S.Name = streamName(C);
    S.Array = C.Array;
    S.Nest = C.Consumer;
    S.Writer = C.Producer;
    S.Element = designType(C.Read->getType());
    S.Depth = ChannelDepth;
    S.Used = 1;
    const URESystem &Writer = R.Nests[C.Producer]->Sch.System;
    for (const UREStatement &St : Writer.Statements)
      if (St.Store == C.Write)
        for (const AffineExpr &E : St.OutputSubscripts)
          S.SentElement.push_back(affine(E, Writer.Loops));
    const URESystem &Reader = R.Nests[C.Consumer]->Sch.System;
    for (const InputRead &In : Reader.Inputs)
      if (In.Load == C.Read)
        for (const std::optional<AffineExpr> &E : In.Subscripts)
          S.ReceivedElement.push_back(E ? affine(*E, Reader.Loops) : nullptr);
    SourceLoc W = sourceLocOf(C.Write), Rd = sourceLocOf(C.Read);
    S.SentAt = {W.Line, W.Column};
    S.ReceivedAt = {Rd.Line, Rd.Column};
    D.Channels.push_back(std::move(S));
    for (unsigned U : {C.Producer, C.Consumer}) {
      NestPlan &P = *R.Nests[U];
      const KernelUnit &KU = Units[U];
      ChannelPlan E;
      E.Buffer = C.Array;
      E.Output = C.Producer == U;
      E.Access = E.Output ? static_cast<llvm::Instruction *>(C.Write) : C.Read;
      E.Element = E.Output ? C.Write->getValueOperand()->getType() : C.Read->getType();
      if (!E.Output)
        E.SameReads.assign(C.Reads.begin() + 1, C.Reads.end());
      if (!KU.Schedule) {
        E.Name = streamName(C);
      } else {
        E.Name = D.Nests[U].Name + "_" + C.Array + "_pe";
        E.Stream = streamName(C);
        llvm::SmallVector<Guard, 2> Guards;
        if (E.Output) {
          for (const UREStatement &St : KU.System->Statements)
            if (St.Store == C.Write)
              Guards = St.Guards;
        } else {
          Guards = dominatingGuards(*KU.System, DT, C.Read->getParent());
        }
        E.Dims = channelDims(P.Sch, Guards);
        // Lane matching: the kernel nest sends and receives single values;
        // the stream loader (drainer) concatenates them into the array's
        // vectors (slices the vectors into them).
        if (P.Vector && !P.Vector->Space)
          planLanes(E, *KU.System, *P.Vector, Guards);
      }
      P.Channels.push_back(std::move(E));
    }
  }

  // E over the kernels' names of the loops.
  static ExprPtr affine(const AffineExpr &E, llvm::ArrayRef<URELoop> Loops) {
    const DType I64 = DType::integer(64);
    ExprPtr Sum = intConst(I64, E.Constant);
    for (unsigned L = 0; L < E.Coeffs.size(); ++L)
      if (E.Coeffs[L])
        Sum = binary(BinaryOp::Add, false, Sum,
                     binary(BinaryOp::Mul, false, intConst(I64, E.Coeffs[L]),
                            var(Loops[L].Name, 0, I64)));
    return Sum;
  }

  // A stream needs channels on the device, and its end in a systolic array
  // matches single values to the array's lanes (not yet to its PEs).
  void checkStreamEnds(unsigned U) {
    const NestPlan &P = *R.Nests[U];
    const KernelUnit &KU = Units[U];
    for (const StreamChannel &C : streams()) {
      if (C.Producer != U && C.Consumer != U)
        continue;
      if (Opts.ForDevice)
        reject(KU.System->Loc,
               "this nest passes '" + C.Array + "' to another kernel nest through a "
               "channel, and OpenCL devices without Intel's channel extension (PoCL "
               "here) have no channels [" + ruleName(URERule::OpenCL).str() +
                   "]; run the kernels under 't2s-clang --emulate', or build the FPGA "
                   "image from 't2s-clang --emit-opencl' with Intel's aoc");
      if (P.Vector && P.Vector->Space)
        reject(P.Vector->Loc,
               cannotWriteOpenCL("vectorize(" + KU.System->Loops[P.Vector->Loop].Name +
                           ") of a space loop on an array that exchanges '" + C.Array +
                           "' with another kernel nest (not supported yet: vectorize "
                           "a time loop, or write '" + C.Array + "' through memory)"));
    }
  }

  // What t2s/channels.h cannot declare: a channel type without a C name, an
  // array of channels over more than MaxChannelDims PE loops.
  void checkPEChannels(unsigned U) {
    const NestPlan &P = *R.Nests[U];
    if (P.Sch.Steps.empty())
      return;
    for (const ChannelPlan &C : P.Channels) {
      if (!hasCName(designType(C.Element)))
        reject(P.Sch.System.Loc, cannotWriteOpenCL("a channel of a type without a C name"));
      else if (std::max(C.Dims.size(), C.Chain ? C.ChainDims.size() + 1 : 0) > MaxChannelDims)
        reject(P.Sch.System.Loc,
               cannotWriteOpenCL("an array of channels for '" + C.Buffer + "' over more than " +
                                 std::to_string(MaxChannelDims) +
                                 " PE loops (t2s/channels.h declares at most 8 "
                                 "dimensions: give the array fewer space loops)"));
    }
  }

  // The parameters in the expressions a kernel prints: a loader's reads and
  // their conditions, a drainer's writes and their guards, the statements of
  // the array or the kernel nest (a value received from a channel reads no
  // parameter there).
  llvm::SmallVector<unsigned, 4> kernelParams(const Design::Kernel &K) const {
    const NestPlan &P = *R.Nests[K.Nest];
    const Design::Nest &N = D.Nests[K.Nest];
    const URESystem &S = P.Sch.System;
    bool Body = K.Role == KernelRole::Systolic || K.Role == KernelRole::KernelNest;
    auto received = [&](unsigned Load) {
      return llvm::any_of(P.Channels,
                          [&](const ChannelPlan &C) { return llvm::is_contained(C.Loads, Load); });
    };
    llvm::SmallVector<bool, 8> Uses(D.Params.size());
    llvm::SmallPtrSet<const Expr *, 32> Seen; // shared operands once
    std::function<void(const ExprPtr &)> walk = [&](const ExprPtr &E) {
      if (!E || !Seen.insert(E.get()).second)
        return;
      if (E->Kind == ExprKind::Param || E->Kind == ExprKind::BufferElement)
        Uses[E->Index] = true;
      if (E->Kind == ExprKind::Load && Body && received(E->Index))
        return;
      for (const ExprPtr &Op : E->Operands)
        walk(Op);
    };
    for (const ChannelPlan &C : P.Channels) {
      bool Mine = Body ? true : C.Buffer == K.Buffer && C.Output == (K.Role == KernelRole::Drainer);
      if (!Mine)
        continue;
      if (!C.Output) {
        if (!Body || C.InBody)
          walk(C.Condition);
        if (!Body && C.Stream.empty())
          walk(C.Address);
        continue;
      }
      if (C.Statement < 0)
        continue;
      walk(N.Statements[C.Statement].Guard);
      if (!Body && C.Stream.empty())
        walk(N.Statements[C.Statement].Target);
    }
    // Every kernel of the nest runs its loops outside the PEs.
    for (const Design::Nest::SourceLoop &L : N.SourceLoops)
      walk(L.RunTimeUpper);
    if (Body)
      for (unsigned I = 0; I < S.Statements.size(); ++I) {
        walk(N.Statements[I].Value);
        walk(N.Statements[I].Guard);
        if (llvm::none_of(P.Channels, [&](const ChannelPlan &C) {
              return C.Output && C.Statement == int(I);
            }))
          walk(N.Statements[I].Target);
      }
    llvm::SmallVector<unsigned, 4> Params;
    for (unsigned A = 0; A < Uses.size(); ++A)
      if (Uses[A])
        Params.push_back(A);
    return Params;
  }

  // Gathers through a loader (systolic/GatherWindow.h): the window of
  // elements the loader streams for each read, or why it cannot.
  void planWindows(NestPlan &P, const Design::Nest &N) {
    const URESystem &S = P.Sch.System;
    const llvm::DataLayout &DL = F.getParent()->getDataLayout();
    for (ChannelPlan &C : P.Channels) {
      if (C.Output || !C.Address || !C.Stream.empty())
        continue;
      auto *Ld = llvm::cast<llvm::LoadInst>(C.Access);
      llvm::Value *Base = nullptr;
      llvm::SmallVector<llvm::Value *, 4> Subs;
      std::optional<uint64_t> Declared;
      if (decomposeAddress(Ld->getPointerOperand(), Base, Subs))
        if (std::optional<uint64_t> Bytes = getDeclaredExtent(Base))
          Declared = *Bytes / DL.getTypeAllocSize(Ld->getType());
      GatherWindowPlan W = planGatherWindow(C.Address, S, N, Declared, C.Buffer);
      auto reject = [&](const std::string &Why) {
        R.Rejections.push_back({URERule::Isolation, sourceLocOf(C.Access), Why});
      };
      if (!W.Why.empty()) {
        reject(W.Why);
        continue;
      }
      if (!W.Window)
        continue;
      if (W.Window->Width == 1) { // the computed part is a constant: an ordinary read
        C.Address = windowLane(*W.Window, 0);
        continue;
      }
      // What the window's vector cannot travel with yet.
      std::string Window = "the loader of '" + C.Buffer + "' streams a window of " +
                           std::to_string(W.Window->Width) +
                           " elements for this read, from which the PE picks one";
      const LocatedDirective *Other = nullptr;
      for (const LocatedDirective &LD : S.Directives)
        if ((LD.D.Kind == DirectiveKind::Buffer || LD.D.Kind == DirectiveKind::Scatter) &&
            !LD.D.Args.empty() && LD.D.Args[0].Name == C.Buffer)
          Other = &LD;
      if (Other) {
        reject(Window + ", which '" + Other->D.str() + "' (line " +
               std::to_string(Other->Loc.Line) + ") cannot carry; drop that line, or '" +
               C.Buffer + "' from its 'loader(...)' line");
        continue;
      }
      if (P.Vector) {
        reject(Window + ", which a vectorized array cannot carry; drop the 'vectorize' "
               "line, or '" + C.Buffer + "' from its 'loader(...)' line");
        continue;
      }
      if (!C.InBody) {
        reject(Window + ", but the read is not in the body of the innermost loop; move it "
               "there, or drop '" + C.Buffer + "' from its 'loader(...)' line");
        continue;
      }
      C.ElementType = C.ScalarType.withLanes(unsigned(W.Window->Width));
      C.Address = W.Window->First; // what the loader reads names no computed value
      C.Window = std::move(W.Window);
    }
  }

  // What the kernels of one nest print, lifted in the order they print it
  // (loaders, the array, drainers), so that the first rejection is the one a
  // reader meets first.
  void lift(unsigned U) {
    NestPlan &P = *R.Nests[U];
    const URESystem &S = P.Sch.System;
    llvm::SmallVector<std::pair<unsigned, unsigned>, 8> UREReads;
    for (const ScheduledRead &SR : P.Sch.Reads)
      UREReads.push_back({SR.Statement, SR.Read});
    llvm::SmallVector<const llvm::Instruction *, 4> Streams;
    for (const ChannelPlan &C : P.Channels)
      if (CR.channelOf(C.Access)) {
        Streams.push_back(C.Access);
        Streams.append(C.SameReads.begin(), C.SameReads.end());
      }
    ExprLifter Lift(S, DT, F.getParent()->getDataLayout(), UREReads, Streams);
    auto isStream = [&](const llvm::Instruction *I) { return llvm::is_contained(Streams, I); };
    // What the steps need of each channel's access (they read no IR): an
    // input's read condition and element first, as the loaders print them.
    for (ChannelPlan &C : P.Channels) {
      C.ElementType = designType(C.Element);
      C.ScalarType = C.Scalar ? designType(C.Scalar) : C.ElementType;
      C.InBody = S.innermost()->contains(C.Access);
      if (C.Output)
        continue;
      C.Condition = Lift.readCondition(C.Access);
      if (!isStream(C.Access))
        C.Address = Lift.element(llvm::cast<llvm::LoadInst>(C.Access)->getPointerOperand());
    }
    Design::Nest &N = D.Nests[U];
    for (unsigned L = 0; L < S.Loops.size() && L < N.SourceLoops.size(); ++L)
      if (const URELoop &Loop = S.Loops[L]; Loop.runTime()) {
        // A bound the kernels cannot spell: the lifter rejects it at the
        // instruction that makes it so, as it does any value of the nest.
        const ExprPtr &Bound = Loop.RunTimeBound;
        if (Bound && anyNode(Bound, [](const Expr &X) { return !hasCName(X.Type); }))
          Lift.value(Loop.RunTimeBoundValue);
        // The exclusive bound: the size the URE model lifted, plus the
        // loop's offset.
        N.SourceLoops[L].RunTimeUpper = exclusiveUpper(Loop);
      }
    for (const UREStatement &St : S.Statements) {
      Design::Statement X;
      X.Array = S.Arrays[St.Array].Name;
      X.Extended = St.Extended;
      X.Value = Lift.storedValue(St);
      if (St.Extended)
        X.Guard = Lift.guard(St);
      if (St.Extended && !isStream(St.Store))
        X.Target = Lift.target(St);
      for (const URERead &Rd : St.Reads)
        X.Reads.push_back({S.Arrays[Rd.Array].Name, Rd.Distance});
      if (std::optional<RunCount> Runs = countRuns(S, St.Guards)) {
        X.Runs = Runs->Coupled;
        X.RunsFree = Runs->Free;
      }
      N.Statements.push_back(std::move(X));
    }
    if (std::optional<RunCount> Points = countRuns(S, {})) {
      N.Points = Points->Coupled;
      N.PointsFree = Points->Free;
    }
    // An output's statement, whose guard is when the PEs write it.
    for (ChannelPlan &C : P.Channels)
      for (unsigned I = 0; C.Output && I < S.Statements.size(); ++I)
        if (S.Statements[I].Store == C.Access) {
          C.Statement = I;
          C.Condition = N.Statements[I].Guard;
        }
    if (!Lift.rejection())
      planWindows(P, N);
    // Reads that name no iteration where they run (in the source's names).
    if (P.Original && !Lift.rejection())
      checkReadsInDomain(P.Original->Sch.System, N, R.Rejections);
    LiftRejections.emplace_back();
    // The Load leaves each channel's value stands for (after every lift of
    // the nest; the lifter goes with this function, its numbers stay).
    for (unsigned Load = 0; Load < Lift.loads(); ++Load)
      for (ChannelPlan &C : P.Channels)
        if (C.accesses(Lift.loadOf(Load)))
          C.Loads.push_back(Load);
    if (const std::optional<LiftRejection> &Why = Lift.rejection())
      LiftRejections.back() = {Why->Loc.Line ? Why->Loc : S.Loc, cannotWriteOpenCL(Why->Why)};
  }
};

} // namespace

DesignResult DesignAnalysis::run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM) {
  DesignResult R;
  if (F.isDeclaration() || F.getMetadata(MergeFailedTag))
    return R;
  const ChannelResult &CR = FAM.getResult<ChannelAnalysis>(F);
  // Without the channels (an error elsewhere in the function stopped them),
  // the scheduled designs alone: the report still describes them.
  llvm::SmallVector<KernelUnit, 4> Units(CR.Units.begin(), CR.Units.end());
  if (Units.empty())
    for (const DataPath &P : FAM.getResult<SpaceTimeAnalysis>(F).Schedules)
      Units.push_back({&P.Sch.System, &P});
  if (Units.empty())
    return R;
  DesignBuilder(F, CR, Units, FAM.getResult<llvm::DominatorTreeAnalysis>(F), Opts, R).build();
  return R;
}

bool designsRejected(llvm::Function &F, llvm::FunctionAnalysisManager &FAM) {
  if (F.getMetadata(MergeFailedTag) || !FAM.getResult<UREAnalysis>(F).Rejections.empty() ||
      !FAM.getResult<SpaceTimeAnalysis>(F).Rejections.empty())
    return true;
  const ChannelResult &CR = FAM.getResult<ChannelAnalysis>(F);
  return !CR.Rejections.empty() || !FAM.getResult<DesignAnalysis>(F).Rejections.empty();
}

llvm::PreservedAnalyses DesignPrinterPass::run(llvm::Function &F,
                                               llvm::FunctionAnalysisManager &FAM) {
  const DesignResult &R = FAM.getResult<DesignAnalysis>(F);
  if (!R.empty())
    R.D.print(OS);
  return llvm::PreservedAnalyses::all();
}

} // namespace t2s
