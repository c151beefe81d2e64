//===- StreamSequence.cpp - A stream's order, read by isl -----------------===//

#include "systolic/StreamSequence.h"
#include "systolic/IslText.h"
#include "systolic/StmtWalk.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"

#include <isl/map.h>
#include <isl/space.h>

#include <utility>
#include <vector>

namespace t2s {
namespace {

bool isInt(DType T) { return T.K == DType::Kind::Int && !T.isVector(); }

bool isChannel(const Expr &Ref, llvm::StringRef Name) {
  return Ref.Kind == ExprKind::Var && Ref.Name == Name;
}

// How many values of the channel Name E receives.
unsigned readsIn(const ExprPtr &E, llvm::StringRef Name) {
  unsigned N = 0;
  anyNode(E, [&](const Expr &X) {
    N += X.Kind == ExprKind::ChannelRead && isChannel(X.operand(0), Name);
    return false;
  });
  return N;
}

class SequenceReader {
  const Design::Channel &C;
  bool Writer;
  llvm::ArrayRef<std::optional<int64_t>> Params;
  // The kernel's variables in scope, innermost last: their value as an
  // affine term over the loops' dimensions, or none (computed).
  std::vector<std::pair<std::string, std::optional<std::string>>> Vars;
  std::vector<std::string> Schedule;    // the components so far
  std::vector<std::string> Constraints; // on the dimensions in scope
  unsigned Dims = 0;
  llvm::DenseMap<const Stmt *, bool> Touches;

public:
  // An access site: the element's variables ("e0, e1"), the loops'
  // dimensions in scope ("d0, d1"), the constraints on them, on the element
  // and on the schedule's components s0.. it has (Length of them).
  struct Site {
    std::string Element, Dimensions;
    std::vector<std::string> Constraints;
    size_t Length = 0;
  };
  std::vector<Site> Sites;
  std::string Why;

  SequenceReader(const Design::Channel &C, bool Writer,
                 llvm::ArrayRef<std::optional<int64_t>> Params)
      : C(C), Writer(Writer), Params(Params) {}

  bool run(const Stmts &Body) {
    for (unsigned I = 0; I < Body.size(); ++I)
      if (!exec(Body[I], I))
        return false;
    return true;
  }

  unsigned dims() const { return Dims; }

private:
  bool fail(std::string Reason) {
    if (Why.empty())
      Why = std::move(Reason);
    return false;
  }

  bool accessesHere(const Stmt &S) const {
    if (Writer)
      return S.Kind == StmtKind::Write && isChannel(*S.Target, C.Name);
    switch (S.Kind) {
    case StmtKind::Decl:
    case StmtKind::Let:
    case StmtKind::Assign:
    case StmtKind::Write:
      return readsIn(S.Value, C.Name) || readsIn(S.Bound, C.Name);
    default:
      return false;
    }
  }

  // Whether S accesses the stream, or holds a counter (as KernelReplay.h).
  bool touches(const Stmt &S) {
    return containsWhere(
        S, [&](const Stmt &X) { return accessesHere(X) || X.Counts; }, Touches);
  }

  const std::optional<std::string> *lookup(llvm::StringRef Name) const {
    for (auto It = Vars.rbegin(); It != Vars.rend(); ++It)
      if (It->first == Name)
        return &It->second;
    return nullptr;
  }

  // E as an affine term over the dimensions, or none.
  std::optional<std::string> affine(const Expr &E) {
    switch (E.Kind) {
    case ExprKind::IntConst:
      return std::to_string(E.Int);
    case ExprKind::Param:
      if (E.Index < Params.size() && Params[E.Index])
        return std::to_string(*Params[E.Index]);
      return std::nullopt;
    case ExprKind::Var: {
      const std::optional<std::string> *V = lookup(E.Name);
      if (!V || !*V)
        return std::nullopt;
      return E.Int ? "(" + **V + " + " + std::to_string(E.Int) + ")" : **V;
    }
    case ExprKind::Neg:
      if (std::optional<std::string> A = affine(E.operand(0)))
        return "(-" + *A + ")";
      return std::nullopt;
    case ExprKind::Cast:
      if (E.castKind() == CastKind::Plain && isInt(E.Type) &&
          isInt(E.operand(0).Type) && !E.Unsigned)
        return affine(E.operand(0));
      return std::nullopt;
    case ExprKind::Binary: {
      if (E.Unsigned)
        return std::nullopt;
      std::optional<std::string> A = affine(E.operand(0)), B = affine(E.operand(1));
      if (!A || !B)
        return std::nullopt;
      switch (E.binaryOp()) {
      case BinaryOp::Add:
        return "(" + *A + " + " + *B + ")";
      case BinaryOp::Sub:
        return "(" + *A + " - " + *B + ")";
      case BinaryOp::Mul: // affine: a constant factor
        if (E.operand(0).Kind == ExprKind::IntConst || E.operand(1).Kind == ExprKind::IntConst)
          return "(" + *A + " * " + *B + ")";
        return std::nullopt;
      case BinaryOp::Shl:
        if (E.operand(1).Kind == ExprKind::IntConst && E.operand(1).Int >= 0 &&
            E.operand(1).Int < 31)
          return "(" + *A + " * " + std::to_string(int64_t(1) << E.operand(1).Int) + ")";
        return std::nullopt;
      default: // C's division truncates, isl's floors: not read here
        return std::nullopt;
      }
    }
    default:
      return std::nullopt;
    }
  }

  // E (Holds) or its negation as isl constraints, or none.
  std::optional<std::string> condition(const Expr &E, bool Holds) {
    switch (E.Kind) {
    case ExprKind::IntConst:
      return (E.Int != 0) == Holds ? std::string("0 = 0") : std::string("1 = 0");
    case ExprKind::Not:
      return condition(E.operand(0), !Holds);
    case ExprKind::Cast:
      if (E.castKind() == CastKind::BoolToValue || E.castKind() == CastKind::Plain)
        if (E.operand(0).Type.isBool())
          return condition(E.operand(0), Holds);
      return std::nullopt;
    case ExprKind::And:
    case ExprKind::Or:
    case ExprKind::AllOf: {
      bool Conjunction = (E.Kind != ExprKind::Or) == Holds; // De Morgan
      std::string Out;
      for (const ExprPtr &O : E.Operands) {
        std::optional<std::string> T = condition(*O, Holds);
        if (!T)
          return std::nullopt;
        Out += (Out.empty() ? "(" : Conjunction ? " and " : " or ") + *T;
      }
      return Out.empty() ? std::string(Holds ? "0 = 0" : "1 = 0") : Out + ")";
    }
    case ExprKind::Compare: {
      if (E.Unsigned)
        return std::nullopt;
      std::optional<std::string> A = affine(E.operand(0)), B = affine(E.operand(1));
      if (!A || !B)
        return std::nullopt;
      CompareOp Op = E.compareOp();
      if (!Holds)
        Op = Op == CompareOp::EQ   ? CompareOp::NE
             : Op == CompareOp::NE ? CompareOp::EQ
             : Op == CompareOp::LT ? CompareOp::GE
             : Op == CompareOp::LE ? CompareOp::GT
             : Op == CompareOp::GT ? CompareOp::LE
                                   : CompareOp::LT;
      switch (Op) {
      case CompareOp::EQ:
        return *A + " = " + *B;
      case CompareOp::NE:
        return "(" + *A + " < " + *B + " or " + *A + " > " + *B + ")";
      case CompareOp::LT:
        return *A + " < " + *B;
      case CompareOp::LE:
        return *A + " <= " + *B;
      case CompareOp::GT:
        return *A + " > " + *B;
      case CompareOp::GE:
        return *A + " >= " + *B;
      }
      return std::nullopt;
    }
    default:
      if (isInt(E.Type))
        if (std::optional<std::string> A = affine(E))
          return Holds ? "(" + *A + " < 0 or " + *A + " > 0)" : *A + " = 0";
      return std::nullopt;
    }
  }

  // The access site S: its iterations and element.
  bool site(const Stmt &S) {
    if (!Writer && readsIn(S.Value, C.Name) + readsIn(S.Bound, C.Name) != 1)
      return fail("a statement reads the stream more than once");
    // The element's variables e0.., bound inside the existential scope of
    // the loops' dimensions.
    std::string Element;
    std::vector<std::string> All = Constraints;
    unsigned Rank = 0;
    for (const ExprPtr &E : Writer ? C.SentElement : C.ReceivedElement) {
      std::optional<std::string> T = E ? affine(*E) : std::nullopt;
      if (!T)
        return fail("the element an access names is not an affine expression of the loops");
      std::string V = "e" + std::to_string(Rank++);
      Element += (Element.empty() ? "" : ", ") + V;
      All.push_back(V + " = " + *T);
    }
    std::string Dimensions;
    for (unsigned D = 0; D < Dims; ++D)
      Dimensions += (D ? ", d" : "d") + std::to_string(D);
    // The schedule's own variables s0.., bound to its components.
    for (unsigned I = 0; I < Schedule.size(); ++I)
      All.push_back("s" + std::to_string(I) + " = " + Schedule[I]);
    Sites.push_back({Element, Dimensions, std::move(All), Schedule.size()});
    return true;
  }

  bool exec(const Stmt &S, unsigned Position) {
    switch (S.Kind) {
    case StmtKind::Comment:
    case StmtKind::Shift:
      return true;
    case StmtKind::Decl:
    case StmtKind::Let:
    case StmtKind::Assign:
    case StmtKind::Write:
      if (S.Counts)
        return fail("a counter of the step loop decides what the steps run");
      if (accessesHere(S)) {
        Schedule.push_back(std::to_string(Position));
        bool Ok = site(S);
        Schedule.pop_back();
        if (!Ok)
          return false;
      }
      if (S.Kind == StmtKind::Decl || S.Kind == StmtKind::Let) {
        // As KernelScope::assign: a Let's value is known; a Decl's is the
        // kernel's computation (it may change as the kernel runs).
        std::optional<std::string> V;
        if (S.Kind == StmtKind::Let && S.Value)
          V = affine(*S.Value);
        Vars.emplace_back(S.Name, V);
      } else if (S.Kind == StmtKind::Assign && S.Target &&
                 S.Target->Kind == ExprKind::Var) {
        if (std::optional<std::string> *V = const_cast<std::optional<std::string> *>(
                lookup(S.Target->Name)))
          *V = std::nullopt; // its value changes as the kernel runs
      }
      return true;
    default:
      break;
    }
    if (!touches(S))
      return true;
    size_t OpenVars = Vars.size(), OpenConstraints = Constraints.size();
    Schedule.push_back(std::to_string(Position));
    bool Ok = true;
    switch (S.Kind) {
    case StmtKind::If: {
      std::optional<std::string> Holds = condition(*S.Value, true),
                                 Fails = condition(*S.Value, false);
      if (!Holds || !Fails) {
        Ok = fail("a condition is not a comparison of affine expressions of the loops");
        break;
      }
      // The two branches: one more component apart (0 then, 1 else).
      for (auto [List, Cond, Branch] :
           {std::tuple<const Stmts *, std::string *, const char *>{&S.Body, &*Holds, "0"},
            {&S.Else, &*Fails, "1"}}) {
        if (List->empty())
          continue;
        Constraints.push_back(*Cond);
        Schedule.push_back(Branch);
        Ok = run(*List);
        Schedule.pop_back();
        Constraints.pop_back();
        Vars.resize(OpenVars);
        if (!Ok)
          break;
      }
      break;
    }
    case StmtKind::Block: {
      unsigned I = 0;
      for (const Stmts *L : {&S.Head, &S.Body}) // one scope
        for (const Stmt &X : *L)
          if (Ok && !exec(X, I++))
            Ok = false;
      break;
    }
    case StmtKind::Loop: {
      std::optional<std::string> From = affine(*S.Value), Bound = affine(*S.Bound);
      if (!From || !Bound) {
        Ok = fail("a loop's bounds are not affine expressions of the loops outside it");
        break;
      }
      std::string D = "d" + std::to_string(Dims++);
      Constraints.push_back(S.Down ? *Bound + " <= " + D + " <= " + *From
                                   : *From + " <= " + D + " < " + *Bound);
      Schedule.push_back(S.Down ? "-" + D : D);
      Vars.emplace_back(S.Name, D);
      Ok = run(S.Body);
      Schedule.pop_back();
      break;
    }
    case StmtKind::Recover: {
      for (const Recovery &R : S.Recoveries) {
        const std::optional<std::string> *T = lookup(R.Time);
        if (!T || !*T) {
          Ok = fail("a recovered loop variable's time is not a loop of the kernel");
          break;
        }
        std::string V = **T;
        for (const auto &[Coeff, Space] : R.Terms) {
          const std::optional<std::string> *X = lookup(Space);
          if (!X || !*X) {
            Ok = fail("a recovered loop variable's PE is not a loop of the kernel");
            break;
          }
          V = "(" + V + " - " + std::to_string(Coeff) + " * " + **X + ")";
        }
        if (!Ok)
          break;
        Constraints.push_back(std::to_string(R.Lower) + " <= " + V + " < " +
                              std::to_string(R.Upper));
        Vars.emplace_back(R.Name, V);
      }
      if (Ok)
        Ok = run(S.Body);
      break;
    }
    default:
      Ok = fail("a statement the compiler does not read as loops and conditions");
      break;
    }
    Schedule.pop_back();
    Vars.resize(OpenVars);
    Constraints.resize(OpenConstraints);
    return Ok;
  }
};

struct MapFree {
  void operator()(isl_map *M) const { isl_map_free(M); }
};
using IslMap = std::unique_ptr<isl_map, MapFree>;

} // namespace

std::optional<std::string> streamSequence(const Stmts &Body, const Design::Channel &C,
                                          bool Writer,
                                          llvm::ArrayRef<std::optional<int64_t>> Params,
                                          std::string &Why) {
  SequenceReader R(C, Writer, Params);
  if (!R.run(Body)) {
    Why = R.Why;
    return std::nullopt;
  }
  if (R.Sites.empty()) {
    Why = "the kernel does not access the stream";
    return std::nullopt;
  }
  // One length for every site's schedule: the components past its own are 0.
  size_t Length = 0;
  for (const SequenceReader::Site &X : R.Sites)
    Length = std::max(Length, X.Length);
  std::string Sched;
  for (size_t K = 0; K < Length; ++K)
    Sched += (K ? ", s" : "s") + std::to_string(K);
  std::string Map = "{ ";
  for (SequenceReader::Site &X : R.Sites) {
    for (size_t K = X.Length; K < Length; ++K)
      X.Constraints.push_back("s" + std::to_string(K) + " = 0");
    Map += (&X == &R.Sites.front() ? "" : "; ") + std::string("[") + Sched + "] -> [" +
           X.Element + "] : exists (" + (X.Dimensions.empty() ? "z" : X.Dimensions) + " : " +
           llvm::join(X.Constraints, " and ") + ")";
  }
  return Map + " }";
}

SequenceMatch sameSequence(const std::string &Writes, const std::string &Reads) {
  IslCtx Ctx = makeIslCtx();
  IslMap W(isl_map_read_from_str(Ctx.get(), Writes.c_str()));
  IslMap R(isl_map_read_from_str(Ctx.get(), Reads.c_str()));
  if (!W || !R)
    return SequenceMatch::Unknown;
  // Each end accesses every element once.
  if (isl_map_is_injective(W.get()) != isl_bool_true ||
      isl_map_is_injective(R.get()) != isl_bool_true)
    return SequenceMatch::Unknown;
  isl_set *WElements = isl_map_range(isl_map_copy(W.get()));
  isl_set *RElements = isl_map_range(isl_map_copy(R.get()));
  isl_bool SameElements = isl_set_is_equal(WElements, RElements);
  isl_set_free(WElements);
  isl_set_free(RElements);
  if (SameElements == isl_bool_error)
    return SequenceMatch::Unknown;
  if (SameElements == isl_bool_false)
    return SequenceMatch::Differ;
  // A write before another is read before it: the writes' order, carried
  // to the reads of their elements, lies within the reads' order.
  IslMap ToRead(isl_map_apply_range(isl_map_copy(W.get()), isl_map_reverse(isl_map_copy(R.get()))));
  isl_set *WDom = isl_map_domain(isl_map_copy(W.get()));
  isl_set *RDom = isl_map_domain(isl_map_copy(R.get()));
  isl_map *Before = isl_map_lex_lt(isl_set_get_space(WDom));
  Before = isl_map_intersect_range(isl_map_intersect_domain(Before, isl_set_copy(WDom)), WDom);
  isl_map *Carried = isl_map_apply_range(
      isl_map_apply_range(isl_map_reverse(isl_map_copy(ToRead.get())), Before),
      isl_map_copy(ToRead.get()));
  isl_map *ReadBefore = isl_map_lex_lt(isl_set_get_space(RDom));
  isl_set_free(RDom);
  isl_bool Ordered = isl_map_is_subset(Carried, ReadBefore);
  isl_map_free(Carried);
  isl_map_free(ReadBefore);
  if (Ordered == isl_bool_error)
    return SequenceMatch::Unknown;
  return Ordered == isl_bool_true ? SequenceMatch::Same : SequenceMatch::Differ;
}

} // namespace t2s
