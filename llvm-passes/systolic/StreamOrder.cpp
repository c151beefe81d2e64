//===- StreamOrder.cpp - Whether the two ends of each stream agree --------===//

#include "systolic/StreamOrder.h"
#include "systolic/KernelReplay.h"
#include "systolic/StreamSequence.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <vector>

namespace t2s {
namespace {

bool isChannel(const Expr &Ref, llvm::StringRef Name) {
  return Ref.Kind == ExprKind::Var && Ref.Name == Name;
}

// Whether E receives a value of the channel Name.
bool reads(const ExprPtr &E, llvm::StringRef Name) {
  return anyNode(E, [&](const Expr &X) {
    return X.Kind == ExprKind::ChannelRead && isChannel(X.operand(0), Name);
  });
}

// One end of a stream, replayed: runs a kernel's statements as far as they
// decide when the kernel writes (reads) the stream, and hands the element
// of each access to Visit.
class EndReplay : public KernelReplay {
  const Design::Channel &C;
  bool Writer;
  llvm::function_ref<bool(llvm::ArrayRef<int64_t>)> Visit;
  llvm::SmallVector<int64_t, 4> Element;

public:
  EndReplay(const Design::Channel &C, bool Writer,
            llvm::function_ref<bool(llvm::ArrayRef<int64_t>)> Visit)
      : C(C), Writer(Writer), Visit(Visit) {}

private:
  bool accessesHere(const Stmt &S) const override {
    return Writer ? S.Kind == StmtKind::Write && isChannel(*S.Target, C.Name)
                  : reads(S.Value, C.Name) || reads(S.Bound, C.Name);
  }

  bool access(const Stmt &) override {
    Element.clear();
    Eval.UnknownLine = 0;
    for (const ExprPtr &E : Writer ? C.SentElement : C.ReceivedElement) {
      std::optional<int64_t> V = E ? Eval(*E) : std::nullopt;
      if (!V)
        return computed();
      Element.push_back(*V);
    }
    return Visit(Element);
  }
};

std::string elementText(llvm::StringRef Array, llvm::ArrayRef<int64_t> Subs) {
  std::string T = Array.str();
  for (int64_t V : Subs)
    T += "[" + std::to_string(V) + "]";
  return T;
}

// The first value of Sent (elements of Rank subscripts each) whose element
// an earlier value has, and that earlier value's number.
std::optional<std::pair<uint64_t, uint64_t>> repeated(const std::vector<int64_t> &Sent,
                                                      size_t Rank) {
  if (!Rank)
    return std::nullopt;
  auto at = [&](uint32_t I) { return llvm::ArrayRef<int64_t>(Sent.data() + I * Rank, Rank); };
  std::vector<uint32_t> Order(Sent.size() / Rank);
  for (uint32_t I = 0; I < Order.size(); ++I)
    Order[I] = I;
  // Equal elements next to each other, each run in the order sent.
  llvm::stable_sort(Order, [&](uint32_t A, uint32_t B) {
    return std::lexicographical_compare(at(A).begin(), at(A).end(), at(B).begin(), at(B).end());
  });
  std::optional<std::pair<uint64_t, uint64_t>> First;
  for (size_t I = 1; I < Order.size(); ++I)
    if (at(Order[I]) == at(Order[I - 1]) && (!First || Order[I] < First->second))
      First = {Order[I - 1], Order[I]};
  return First;
}

// The kernel that accesses C's stream (writes it if Writer), or null.
const Design::Kernel *kernelAt(const Design &D, const Design::Channel &C, bool Writer) {
  for (const Design::Kernel &K : D.Kernels)
    if (EndReplay(C, Writer, [](llvm::ArrayRef<int64_t>) { return true; }).accesses(K.Body))
      return &K;
  return nullptr;
}

// A replay of either end stops after this many statements, or this many
// values sent (which it keeps to compare); beyond, the check is isl's.
constexpr uint64_t ReplayedStatements = uint64_t(1) << 25;
constexpr uint64_t ReplayedValues = uint64_t(1) << 22;

std::optional<StreamError> check(Design &D, Design::Channel &C) {
  const Design::Kernel *WK = kernelAt(D, C, true), *RK = kernelAt(D, C, false);
  if (!WK || !RK)
    return std::nullopt; // a design without kernels
  const Design::Nest &P = D.Nests[C.Writer], &Q = D.Nests[C.Nest];
  auto computed = [&](const EndReplay &E, bool Writer) {
    return StreamError{Writer ? C.SentAt : C.ReceivedAt,
                       "'" + C.Array + "' becomes a channel, so the compiler must know "
                       "from the loop variables when " + (Writer ? P : Q).Title +
                       " accesses it, but this access depends on a computed value" +
                       (*E.Computed ? " (line " + std::to_string(*E.Computed) + ")" : "") +
                       "; make its condition a test of the loop variables"};
  };
  // Kernels too long to replay: the two sequences compared by isl
  // (StreamSequence.h), as loops and affine conditions.
  auto symbolically = [&]() -> std::optional<StreamError> {
    std::string Why;
    std::optional<std::string> W = streamSequence(WK->Body, C, true, D.standIns(), Why);
    std::optional<std::string> R =
        W ? streamSequence(RK->Body, C, false, D.standIns(), Why) : std::nullopt;
    std::string Long = "'" + C.Array + "' becomes a channel from " + P.Title + " to " + Q.Title +
                       ", whose kernels run too long for the compiler to replay them (more "
                       "than " + llvm::formatv("{0:N}", ReplayedStatements).str() +
                       " steps, or " + llvm::formatv("{0:N}", ReplayedValues).str() +
                       " values) to check that they traverse it in the same order; ";
    if (!W || !R)
      return StreamError{Q.At, Long + "it cannot read " + (W ? Q.Title : P.Title) +
                                   " as loops and affine conditions either (" + Why +
                                   "): check the design at a smaller size"};
    switch (sameSequence(*W, *R)) {
    case SequenceMatch::Same:
      C.Values = 0; // not counted
      return std::nullopt;
    case SequenceMatch::Differ:
      return StreamError{Q.At, Long + "read as loops and affine conditions, they do not: they "
                                      "access other elements, or in another order; make "
                                      "both nests visit the elements in the same order "
                                      "(reorder the loops of " +
                                      (P.Scheduled ? Q.Title : P.Title) + ")"};
    case SequenceMatch::Unknown:
      break;
    }
    return StreamError{Q.At, Long + "read as loops and affine conditions, an end accesses an "
                                    "element more than once, which it cannot compare: check "
                                    "the design at a smaller size"};
  };
  std::vector<int64_t> Sent;
  uint64_t NW = 0;
  bool TooLong = false;
  auto Send = [&](llvm::ArrayRef<int64_t> E) {
    if (NW >= ReplayedValues)
      return !(TooLong = true);
    Sent.insert(Sent.end(), E.begin(), E.end());
    ++NW;
    return true;
  };
  EndReplay Write(C, true, Send);
  Write.setParams(D.standIns());
  Write.StatementLimit = ReplayedStatements;
  if (!Write.run(WK->Body))
    return TooLong || Write.Truncated ? symbolically() : computed(Write, true);
  size_t Rank = C.SentElement.size();
  // The reader takes every value sent; the sequential program reads the
  // last value of an element written more than once.
  if (std::optional<std::pair<uint64_t, uint64_t>> Twice = repeated(Sent, Rank)) {
    llvm::ArrayRef<int64_t> E(Sent.data() + Twice->first * Rank, Rank);
    return StreamError{
        C.SentAt, "'" + C.Array + "' becomes a channel from " + P.Title + " to " + Q.Title +
                      ", but the writer sends " + elementText(C.Array, E) +
                      " more than once (values #" + std::to_string(Twice->first) + " and #" +
                      std::to_string(Twice->second) +
                      "): the reader would take each value written, where the sequential "
                      "program reads the element's last; let one iteration write each "
                      "element (guard the write, as 'if (k == K - 1)' keeps the last value "
                      "of a sum over k)"};
  }
  // A nest whose space loops moved inward runs its loops in another order
  // than the source's: say so, since the fix is to write the other nest in
  // the order that runs.
  auto moved = [](const Design::Nest &N) {
    if (N.WrittenOrder.empty())
      return std::string();
    std::string Runs;
    for (const Design::Nest::SourceLoop &L : N.SourceLoops)
      Runs += (Runs.empty() ? "" : ", ") + L.Name;
    return " (which runs its loops as (" + Runs + "), written " + N.WrittenOrder +
           ": its space loops moved inside its time loops)";
  };
  std::string Between = "'" + C.Array + "' becomes a channel from " + P.Title + moved(P) +
                        " to " + Q.Title + moved(Q) + ", but ";
  uint64_t NR = 0;
  std::optional<StreamError> Mismatch;
  auto Receive = [&](llvm::ArrayRef<int64_t> E) {
    if (NR < NW) {
      llvm::ArrayRef<int64_t> Want(Sent.data() + NR * Rank, Rank);
      if (Want != E) {
        Mismatch = StreamError{
            Q.At, Between + "they traverse it in different orders: value #" +
                      std::to_string(NR) + " is " + elementText(C.Array, Want) +
                      " as the writer sends it but " + elementText(C.Array, E) +
                      " as the reader expects it; make both nests visit the elements in "
                      "the same order (reorder the loops of " +
                      (P.Scheduled ? Q.Title : P.Title) + ")"};
        return false;
      }
    }
    ++NR;
    return true;
  };
  EndReplay Read(C, false, Receive);
  Read.setParams(D.standIns());
  Read.StatementLimit = ReplayedStatements;
  if (!Read.run(RK->Body))
    return Mismatch ? *Mismatch : Read.Truncated ? symbolically() : computed(Read, false);
  if (NW != NR)
    return StreamError{Q.At, Between + "the writer sends " + std::to_string(NW) +
                                 " values and the reader takes " + std::to_string(NR) +
                                 "; the reader must read every value written, once"};
  C.Values = NW;
  return std::nullopt;
}

} // namespace

std::optional<StreamError> checkStreams(Design &D) {
  for (Design::Channel &C : D.Channels)
    if (C.Kind == Design::ChannelKind::Stream)
      if (std::optional<StreamError> E = check(D, C))
        return E;
  return std::nullopt;
}

} // namespace t2s
