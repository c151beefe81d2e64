//===- SplitArray.cpp - An array's PE rows as processes -------------------===//

#include "backends/hls/SplitArray.h"
#include "systolic/StmtWalk.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <map>
#include <set>

namespace t2s {

namespace {

bool isVar(const Expr &E, const std::string &Name, int64_t Offset) {
  return E.Kind == ExprKind::Var && E.Name == Name && E.Int == Offset;
}

bool mentions(const ExprPtr &E, const std::string &Name) {
  return E && anyNode(E, [&](const Expr &X) { return X.Kind == ExprKind::Var && X.Name == Name; });
}

// c of a conjunct 'Var == c' of Cond: the one row that runs under it.
std::optional<int64_t> pinnedRow(const Expr &Cond, const std::string &Var) {
  if (Cond.Kind == ExprKind::And || Cond.Kind == ExprKind::AllOf) {
    for (const ExprPtr &O : Cond.Operands)
      if (std::optional<int64_t> R = pinnedRow(*O, Var))
        return R;
    return std::nullopt;
  }
  if (Cond.Kind != ExprKind::Compare || Cond.compareOp() != CompareOp::EQ)
    return std::nullopt;
  const Expr &A = Cond.operand(0), &B = Cond.operand(1);
  if (isVar(A, Var, 0) && B.Kind == ExprKind::IntConst)
    return B.Int;
  if (isVar(B, Var, 0) && A.Kind == ExprKind::IntConst)
    return A.Int;
  return std::nullopt;
}

int64_t elements(llvm::ArrayRef<int64_t> Dims, int Skip = -1) {
  int64_t N = 1;
  for (size_t I = 0; I < Dims.size(); ++I)
    if (int(I) != Skip)
      N *= Dims[I];
  return N;
}

// Every index of an array of Dims, row-major, Skip's left out (0 there).
std::vector<llvm::SmallVector<int64_t, 4>> indices(llvm::ArrayRef<int64_t> Dims, int Skip = -1) {
  std::vector<llvm::SmallVector<int64_t, 4>> All{llvm::SmallVector<int64_t, 4>(Dims.size(), 0)};
  for (size_t D = 0; D < Dims.size(); ++D) {
    if (int(D) == Skip)
      continue;
    std::vector<llvm::SmallVector<int64_t, 4>> Next;
    for (const auto &I : All)
      for (int64_t V = 0; V < Dims[D]; ++V) {
        Next.push_back(I);
        Next.back()[D] = V;
      }
    All = std::move(Next);
  }
  return All;
}

// What the rows need, found in the kernel's statements; Why says what
// stops the split.
class RowPlan {
public:
  const Design &D;
  const Design::Kernel &K;
  std::string Var;   // the rows' loop variable
  int64_t Rows = 0;
  const Stmts *Step = nullptr; // the statements around the rows' loop
  llvm::StringMap<unsigned> Dim;             // arrays with a row: its dimension
  llvm::StringMap<const Stmt *> Decls;       // the kernel's declarations
  std::set<std::string> Kept;                // arrays with a row not shrunk (bundles)
  std::map<size_t, std::set<std::string>> Ghosts; // statement of Step -> arrays read at row - 1
  std::set<const Stmt *> Scatters;           // channel reads outside the rows' loops
  std::map<const Stmt *, std::string> Carried; // gather writes -> the bundle they send
  std::map<std::string, const Stmt *> CarrierOf; // the bundle -> its write
  std::set<const Stmt *> LastRowOnly;        // writes of no row's values
  std::optional<std::string> Why;

  RowPlan(const Design &D, const Design::Kernel &K, const Stmts &Body) : D(D), K(K) {
    if (!findStep(Body)) {
      Why = "it has no loop over PEs";
      return;
    }
    if (Why)
      return;
    forEachStmt(Body, [&](const Stmt &S) {
      if (S.Kind == StmtKind::Decl && !Decls.count(S.Name))
        Decls[S.Name] = &S;
    });
    findRowArrays(Body);
    if (!Why)
      walk(Body, /*InRows=*/false, /*Top=*/-1, false, {});
    if (!Why)
      checkShapes();
  }

  bool shrunk(const std::string &X) const { return Dim.count(X) && !Kept.count(X); }
  bool ghosted(const std::string &X) const {
    for (const auto &[At, Arrays] : Ghosts)
      if (Arrays.count(X))
        return true;
    return false;
  }

private:
  void refuse(std::string Reason) {
    if (!Why)
      Why = std::move(Reason);
  }

  bool findStep(const Stmts &L) {
    for (const Stmt &S : L) {
      if (S.Kind == StmtKind::Loop && S.Loop == LoopKind::PE) {
        Step = &L;
        Var = S.Name;
        std::optional<int64_t> From = intConstant(S.Value), To = intConstant(S.Bound);
        if (S.Down || !From || *From != 0 || !To || *To < 2)
          refuse("its PE loop '" + Var + "' does not count from 0 to a constant of at least 2");
        else
          Rows = *To;
        return true;
      }
      for (const Stmts *N : nestedLists(S))
        if (findStep(*N))
          return true;
    }
    return false;
  }

  // The arrays a row writes at its own row: each has the row in one
  // dimension.
  void findRowArrays(const Stmts &Body) {
    auto written = [&](const std::string &X, llvm::ArrayRef<ExprPtr> Idx, unsigned First) {
      for (size_t I = 0; I < Idx.size(); ++I) {
        if (!mentions(Idx[I], Var))
          continue;
        if (!isVar(*Idx[I], Var, 0))
          return refuse("it writes '" + X + "' at a PE computed from '" + Var + "'");
        unsigned P = unsigned(I) + First;
        auto [It, New] = Dim.try_emplace(X, P);
        if (!New && It->second != P)
          return refuse("it writes '" + X + "' with '" + Var + "' in two dimensions");
      }
    };
    forEachStmt(Body, [&](const Stmt &S) {
      if (S.Kind == StmtKind::Assign && S.Target && S.Target->Kind == ExprKind::Subscript)
        written(accessedName(*S.Target),
                llvm::ArrayRef<ExprPtr>(S.Target->Operands).drop_front(), 0);
      if (S.Kind == StmtKind::Shift)
        written(S.Name, S.Subscripts, 1);
    });
  }

  bool isRowLoop(const Stmt &S) const { return S.Kind == StmtKind::Loop && S.Name == Var; }

  // Whether one row alone accesses the channel Ref inside the rows' loops:
  // the row's own channel, or one row's by a guard (and no other's).
  bool ownChannel(const Expr &Ref, llvm::ArrayRef<const Expr *> Guards) {
    if (Ref.Kind == ExprKind::Subscript)
      for (size_t I = 1; I < Ref.Operands.size(); ++I)
        if (isVar(Ref.operand(I), Var, 0))
          return true;
    for (const Expr *G : Guards)
      if (std::optional<int64_t> Row = pinnedRow(*G, Var)) {
        auto [It, New] = AccessedBy.try_emplace(accessedName(Ref), *Row);
        return It->second == *Row;
      }
    return false;
  }
  // Channels accessed by one row, or (-1) outside the rows' loops.
  llvm::StringMap<int64_t> AccessedBy;
  bool outsideRows(const Expr &Ref) {
    auto [It, New] = AccessedBy.try_emplace(accessedName(Ref), -1);
    return It->second == -1;
  }

  // The reads of the arrays with a row in S's expressions.
  void reads(const Stmt &S, bool InRows, int Top, bool TopIsRows,
             llvm::SmallVectorImpl<std::string> &Constant) {
    forEachExpr(S, [&](const ExprPtr &E) {
      forEachNode(E, [&](const Expr &X) {
        if (X.Kind != ExprKind::Subscript)
          return;
        std::string Name = accessedName(X);
        auto It = Dim.find(Name);
        if (It == Dim.end() || X.operand(0).Kind != ExprKind::Var)
          return;
        unsigned P = It->second;
        if (P + 1 >= X.Operands.size())
          return refuse("it reads '" + Name + "' whole");
        const Expr &Row = X.operand(P + 1);
        if (isVar(Row, Var, 0)) {
          if (!InRows)
            refuse("it reads '" + Name + "' outside the loops over '" + Var + "'");
        } else if (isVar(Row, Var, -1)) {
          if (!InRows || !TopIsRows)
            refuse("it reads '" + Name + "' of the PE before along '" + Var +
                   "' other than in a step's loop over '" + Var + "'");
          else
            Ghosts[size_t(Top)].insert(Name);
        } else if (Row.Kind == ExprKind::IntConst && !InRows) {
          Constant.push_back(Name);
        } else {
          refuse("it reads '" + Name + "' at a PE along '" + Var +
                 "' other than its own and the one before");
        }
      });
    });
  }

  void walk(const Stmts &L, bool InRows, int Top, bool TopIsRows,
            llvm::SmallVector<const Expr *, 4> Guards) {
    bool IsStep = &L == Step;
    for (size_t I = 0; I < L.size() && !Why; ++I) {
      const Stmt &S = L[I];
      int T = IsStep ? int(I) : Top;
      bool TR = IsStep ? isRowLoop(S) : TopIsRows;
      if (isRowLoop(S)) {
        std::optional<int64_t> From = intConstant(S.Value), To = intConstant(S.Bound);
        if (!unrolledLoop(S) || S.Down || !From || *From != 0 || !To || *To != Rows)
          return refuse("its loops over '" + Var + "' do not all run over its " +
                        std::to_string(Rows) + " PEs");
        if (InRows)
          return refuse("it nests a loop over '" + Var + "' in another");
        if (T < 0)
          return refuse("a loop over '" + Var + "' is outside the step");
        walk(S.Body, true, T, TR, Guards);
        continue;
      }
      if (S.Kind == StmtKind::Loop && !unrolledLoop(S) && InRows)
        return refuse("its loop over '" + Var + "' holds a loop that is not unrolled");
      llvm::SmallVector<std::string, 2> Constant;
      reads(S, InRows, T, TR, Constant);
      if (Why)
        return;
      // Channel reads: a row's own, or one a variable takes outside the rows.
      forEachExpr(S, [&](const ExprPtr &E) {
        forEachNode(E, [&](const Expr &X) {
          if (X.Kind != ExprKind::ChannelRead)
            return;
          if (InRows) {
            if (!ownChannel(X.operand(0), Guards))
              refuse("its PEs along '" + Var + "' read the channel '" + accessedName(X.operand(0)) +
                     "' in turn");
            return;
          }
          bool Initializes = (S.Kind == StmtKind::Decl && S.Value.get() == &X && S.Dims.empty()) ||
                             (S.Kind == StmtKind::Assign && S.Value.get() == &X &&
                              S.Target->Kind == ExprKind::Var && !Dim.count(S.Target->Name));
          if (Initializes && !outsideRows(X.operand(0)))
            refuse("rows along '" + Var + "' and the steps outside them read the channel '" +
                   accessedName(X.operand(0)) + "'");
          else if (!Initializes)
            refuse("it reads the channel '" + accessedName(X.operand(0)) +
                   "' inside an expression outside the loops over '" + Var + "'");
          else
            Scatters.insert(&S);
        });
      });
      if (Why)
        return;
      if (S.Kind == StmtKind::Assign && S.Target) {
        std::string X = accessedName(*S.Target);
        if (InRows && !Dim.count(X) && !Decls.count(X))
          return refuse("internal error: an assignment to an undeclared '" + X + "'");
        if (InRows && !Dim.count(X) && !declaredInRows(X))
          return refuse("its PEs along '" + Var + "' all assign '" + X + "'");
        if (!InRows && Dim.count(X))
          return refuse("it assigns '" + X + "' outside the loops over '" + Var + "'");
      }
      if (S.Kind == StmtKind::Decl && InRows)
        RowLocals.insert(S.Name);
      if (S.Kind == StmtKind::Shift && Dim.count(S.Name) && !InRows)
        return refuse("it shifts the register '" + S.Name + "' of every PE along '" + Var +
                      "' at once");
      if (S.Kind == StmtKind::Write) {
        if (InRows) {
          if (!ownChannel(*S.Target, Guards))
            return refuse("its PEs along '" + Var + "' write the channel '" + accessedName(*S.Target) +
                          "' in turn");
        } else if (!outsideRows(*S.Target)) {
          return refuse("rows along '" + Var + "' and the steps outside them write the channel '" +
                        accessedName(*S.Target) + "'");
        } else if (!Constant.empty()) {
          std::string V = Constant.front();
          if (llvm::any_of(Constant, [&](const std::string &X) { return X != V; }))
            return refuse("the write to '" + accessedName(*S.Target) + "' sends several PEs' arrays");
          bool Before = false;
          for (size_t J = 0; J < I; ++J)
            Before = Before || (L[J].Kind == StmtKind::Decl && L[J].Name == V);
          if (!Before || CarrierOf.count(V))
            return refuse("the write to '" + accessedName(*S.Target) + "' sends '" + V +
                          "', not a bundle declared before it");
          Carried[&S] = V;
          CarrierOf[V] = &S;
          Kept.insert(V);
        } else if (S.Value && anyNode(S.Value, [&](const Expr &X) {
                     return X.Kind == ExprKind::Var && Dim.count(X.Name);
                   })) {
          return refuse("the write to '" + accessedName(*S.Target) + "' reads the PEs' values");
        } else {
          LastRowOnly.insert(&S);
        }
      }
      if (!Constant.empty() && S.Kind != StmtKind::Write)
        return refuse("it reads '" + Constant.front() + "' at a fixed PE along '" + Var + "'");
      llvm::SmallVector<const Expr *, 4> Inner = Guards;
      if (S.Kind == StmtKind::If && S.Value)
        Inner.push_back(S.Value.get());
      walk(S.Head, InRows, T, TR, Guards);
      walk(S.Body, InRows, T, TR, Inner);
      walk(S.Else, InRows, T, TR, Guards);
    }
  }

  std::set<std::string> RowLocals;
  bool declaredInRows(const std::string &X) const { return RowLocals.count(X); }

  void checkShapes() {
    for (const auto &[At, Arrays] : Ghosts)
      for (const std::string &X : Arrays) {
        auto It = Decls.find(X);
        if (It == Decls.end() || RowLocals.count(X))
          return refuse("internal error: the PEs' array '" + X + "' is not declared");
        const Stmt &S = *It->second;
        if (S.Type.isVector() || S.DelayLine || S.PEBuffer || Kept.count(X))
          return refuse("it reads the array '" + X + "' of the PE before along '" + Var +
                        "', which is no register of scalars");
        if (elements(S.Dims, int(Dim.lookup(X))) > int64_t(MaxWideLanes))
          return refuse("a PE row's '" + X + "' has more than " + std::to_string(MaxWideLanes) +
                        " values to pass on");
      }
    for (const auto &[V, W] : CarrierOf) {
      const Stmt &S = *Decls.lookup(V);
      if (S.Type.isVector() || S.Dims.empty() || elements(S.Dims) > int64_t(MaxWideLanes))
        return refuse("the bundle '" + V + "' is no array of at most " +
                      std::to_string(MaxWideLanes) + " scalars");
    }
    for (const auto &[X, P] : Dim)
      if (!Decls.count(X.str()))
        return refuse("internal error: the PEs' array '" + X.str() + "' is not declared");
  }
};

// The statements of the rows' process, a template over its row t2s_row:
// what differs between rows is under a condition on it, which Vitis (and
// the C++ compiler) folds in each instance.
class RowWriter {
  const RowPlan &P;
  const std::map<const Stmt *, std::string> &Forward; // scatter or gather -> its streams
  const std::map<std::string, std::string> &GhostStream; // array -> its streams
  llvm::StringSet<> &Names;

public:
  RowWriter(const RowPlan &P, const std::map<const Stmt *, std::string> &Forward,
            const std::map<std::string, std::string> &GhostStream, llvm::StringSet<> &Names)
      : P(P), Forward(Forward), GhostStream(GhostStream), Names(Names) {}

  Stmts list(const Stmts &L) {
    bool IsStep = &L == P.Step;
    Stmts Out;
    for (size_t I = 0; I < L.size(); ++I) {
      auto G = IsStep ? P.Ghosts.find(I) : P.Ghosts.end();
      if (G != P.Ghosts.end())
        for (const std::string &X : G->second)
          Out.push_back(guarded(notFirst(), receiveGhost(X)));
      stmt(L[I], Out);
      if (G != P.Ghosts.end())
        for (const std::string &X : G->second)
          Out.push_back(guarded(notLast(), sendGhost(X)));
    }
    return Out;
  }

private:
  static ExprPtr row(int64_t Offset = 0) { return var(RowParameter, Offset); }
  static ExprPtr rowIs(CompareOp Op, int64_t V) {
    return compare(Op, false, row(), intConst(DType::integer(32), V));
  }
  ExprPtr notFirst() const { return rowIs(CompareOp::GT, 0); }
  ExprPtr notLast() const { return rowIs(CompareOp::LT, P.Rows - 1); }

  const Stmt &declOf(const std::string &X) const { return *P.Decls.lookup(X); }

  // The row's own slot of a shrunk array, and the one before.
  ExprPtr rowIndex(const std::string &X, int64_t Offset) const {
    return intConst(DType::integer(32), P.ghosted(X) ? 1 + Offset : 0);
  }

  ExprPtr expr(const ExprPtr &E) const {
    if (!E)
      return E;
    return rewrite(E, [&](const ExprPtr &X) -> ExprPtr {
      if (X->Kind != ExprKind::Subscript)
        return nullptr;
      std::string Name = accessedName(*X);
      if (!P.shrunk(Name) || X->operand(0).Kind != ExprKind::Var)
        return nullptr;
      unsigned D = P.Dim.lookup(Name);
      llvm::SmallVector<ExprPtr, 4> Idx;
      for (size_t I = 1; I < X->Operands.size(); ++I) {
        const ExprPtr &O = X->Operands[I];
        if (I == D + 1)
          Idx.push_back(rowIndex(Name, O->Int));
        else
          Idx.push_back(expr(O));
      }
      return subscript(X->Type, X->Operands[0], Idx);
    });
  }

  // The stream Name at row Row for channel reference Ref (its indices kept).
  static ExprPtr streamRef(const std::string &Name, ExprPtr Row, const Expr *Ref) {
    llvm::SmallVector<ExprPtr, 4> Idx{std::move(Row)};
    if (Ref && Ref->Kind == ExprKind::Subscript)
      Idx.append(Ref->Operands.begin() + 1, Ref->Operands.end());
    return subscript(Ref ? Ref->Type : DType::integer(32), var(Name), Idx);
  }

  ExprPtr element(const std::string &X, llvm::ArrayRef<int64_t> At) const {
    const Stmt &S = declOf(X);
    llvm::SmallVector<ExprPtr, 4> Idx;
    for (int64_t V : At)
      Idx.push_back(intConst(DType::integer(32), V));
    return subscript(S.Type, var(X), Idx);
  }

  // An array's values as one vector, and back.
  ExprPtr pack(const std::string &X, const std::vector<llvm::SmallVector<int64_t, 4>> &At) const {
    if (At.size() == 1) // one value: a scalar
      return element(X, At.front());
    llvm::SmallVector<ExprPtr, 16> Lanes;
    for (const auto &I : At)
      Lanes.push_back(element(X, I));
    return vectorLiteral(declOf(X).Type.withLanes(unsigned(At.size())), Lanes);
  }

  Stmt unpack(const std::string &X, const std::vector<llvm::SmallVector<int64_t, 4>> &At,
              ExprPtr Stream) {
    DType T = declOf(X).Type.withLanes(unsigned(At.size()));
    std::string Tmp = freshIn(Names, X + "_rows_in");
    Stmts Body{decl(T, Tmp, {}, DeclInit::Value, channelRead(T, std::move(Stream)))};
    for (size_t L = 0; L < At.size(); ++L)
      Body.push_back(assign(element(X, At[L]), At.size() == 1 ? var(Tmp, 0, T)
                                                              : lane(var(Tmp, 0, T), unsigned(L))));
    return block(std::move(Body));
  }

  // A row's slot of a shrunk array: index At over the other dimensions.
  std::vector<llvm::SmallVector<int64_t, 4>> slot(const std::string &X, int64_t Index) const {
    unsigned D = P.Dim.lookup(X);
    llvm::SmallVector<int64_t, 4> Dims(declOf(X).Dims.begin(), declOf(X).Dims.end());
    Dims[D] = 2;
    auto All = indices(Dims, int(D));
    for (auto &I : All)
      I[D] = Index;
    return All;
  }

  Stmt receiveGhost(const std::string &X) {
    Stmt S = unpack(X, slot(X, 0), streamRef(GhostStream.at(X), row(-1), nullptr));
    S.Body.insert(S.Body.begin(),
                  comment("The PE row before's '" + X + "', as it left this step's PEs."));
    return S;
  }

  Stmt sendGhost(const std::string &X) {
    return write(streamRef(GhostStream.at(X), row(), nullptr), pack(X, slot(X, 1)));
  }

  void stmt(const Stmt &S, Stmts &Out) {
    if (S.Kind == StmtKind::Loop && S.Name == P.Var) {
      Stmts Body = list(S.Body);
      // The row's PE index, where the body still names it.
      if (anyExprNode(Body, [&](const Expr &X) {
            return X.Kind == ExprKind::Var && X.Name == P.Var;
          }))
        Body.insert(Body.begin(), let(P.Var, row()));
      Out.push_back(block(std::move(Body)));
      return;
    }
    Stmt C = S;
    C.Target = expr(S.Target);
    C.Value = expr(S.Value);
    C.Bound = expr(S.Bound);
    for (ExprPtr &E : C.Subscripts)
      if (E && S.Kind == StmtKind::Shift && P.shrunk(S.Name) &&
          &E - C.Subscripts.data() + 1 == P.Dim.lookup(S.Name))
        E = rowIndex(S.Name, E->Int);
    if (S.Kind == StmtKind::Decl && P.shrunk(S.Name))
      C.Dims[P.Dim.lookup(S.Name)] = P.ghosted(S.Name) ? 2 : 1;
    C.Head = list(S.Head);
    C.Body = list(S.Body);
    C.Else = list(S.Else);
    if (P.LastRowOnly.count(&S)) { // the last row writes it
      Out.push_back(guarded(rowIs(CompareOp::EQ, P.Rows - 1), std::move(C)));
      return;
    }
    if (P.Scatters.count(&S)) { // row 0 reads the channel, each row passes it on
      const Expr &Read = *S.Value;
      const std::string &Stream = Forward.at(&S);
      ExprPtr Held = S.Kind == StmtKind::Decl ? var(S.Name, 0, S.Type) : S.Target;
      ExprPtr Passed = channelRead(Read.Type, streamRef(Stream, row(-1), &Read.operand(0)));
      if (S.Kind == StmtKind::Decl) {
        C.Init = DeclInit::None;
        C.Value = nullptr;
        Out.push_back(std::move(C));
      }
      Out.push_back(ifElse(rowIs(CompareOp::EQ, 0), {assign(Held, S.Value)},
                           {assign(Held, Passed)}));
      Out.push_back(guarded(notLast(), write(streamRef(Stream, row(), &Read.operand(0)), Held)));
      return;
    }
    if (auto It = P.Carried.find(&S); It != P.Carried.end()) {
      // The bundle goes on to the next row, this row's slot filled; the
      // last row sends it on the channel.
      const std::string &V = It->second;
      Out.push_back(ifElse(notLast(),
                           {write(streamRef(Forward.at(&S), row(), S.Target.get()),
                                  pack(V, indices(declOf(V).Dims)))},
                           {std::move(C)}));
      return;
    }
    bool Carrier = S.Kind == StmtKind::Decl && P.CarrierOf.count(S.Name);
    Out.push_back(std::move(C));
    if (Carrier) { // the slots of the rows before
      const Stmt *W = P.CarrierOf.at(S.Name);
      Out.push_back(guarded(notFirst(), unpack(S.Name, indices(S.Dims),
                                               streamRef(Forward.at(W), row(-1),
                                                         W->Target.get()))));
    }
  }
};

} // namespace

std::optional<std::string> splitRefusal(const Design &D, const Design::Kernel &K) {
  if (K.Role != KernelRole::Systolic)
    return std::string("it is no systolic array");
  for (unsigned A : K.Params)
    if (D.Params[A].Pointer)
      return "its PEs access the buffer '" + D.Params[A].Name +
             "' themselves, and a DATAFLOW region gives each m_axi port to one process (its "
             "loaders and drainers would)";
  RowPlan P(D, K, K.Body);
  return P.Why;
}

namespace {

struct Streams {
  std::map<const Stmt *, std::string> Forward;
  std::map<std::string, std::string> Ghost;
  llvm::SmallVector<Design::Channel, 4> Channels;
};

Streams streamsOf(const Design &D, const RowPlan &P, llvm::StringSet<> &Names) {
  Streams S;
  auto add = [&](std::string Base, DType Element, llvm::ArrayRef<int64_t> Extents,
                 const std::string &Array) {
    Design::Channel C;
    C.Kind = Design::ChannelKind::Chain;
    C.Name = freshIn(Names, std::move(Base));
    C.Array = Array;
    C.Nest = P.K.Nest;
    C.Element = Element;
    C.Depth = 2;
    C.Extents.push_back(P.Rows - 1);
    C.Extents.append(Extents.begin(), Extents.end());
    C.Used = uint64_t(elements(C.Extents));
    S.Channels.push_back(std::move(C));
    return S.Channels.back().Name;
  };
  auto channel = [&](const Expr &Ref) -> const Design::Channel * {
    for (const Design::Channel &C : D.Channels)
      if (C.Name == accessedName(Ref))
        return &C;
    return nullptr;
  };
  for (const Stmt *Sc : P.Scatters) {
    const Design::Channel *C = channel(Sc->Value->operand(0));
    S.Forward[Sc] = add((C ? C->Name : std::string("t2s")) + "_rows", Sc->Value->Type,
                        C ? llvm::ArrayRef<int64_t>(C->Extents) : llvm::ArrayRef<int64_t>(),
                        C ? C->Array : std::string());
  }
  for (const auto &[W, V] : P.Carried) {
    const Design::Channel *C = channel(*W->Target);
    const Stmt &Decl = *P.Decls.lookup(V);
    S.Forward[W] = add((C ? C->Name : std::string("t2s")) + "_rows",
                       Decl.Type.withLanes(unsigned(elements(Decl.Dims))),
                       C ? llvm::ArrayRef<int64_t>(C->Extents) : llvm::ArrayRef<int64_t>(),
                       C ? C->Array : std::string());
  }
  for (const auto &[At, Arrays] : P.Ghosts)
    for (const std::string &X : Arrays) {
      if (S.Ghost.count(X))
        continue;
      const Stmt &Decl = *P.Decls.lookup(X);
      S.Ghost[X] = add(P.K.Name + "_" + X + "_rows",
                       Decl.Type.withLanes(unsigned(elements(Decl.Dims, int(P.Dim.lookup(X))))),
                       {}, X);
    }
  return S;
}

} // namespace

Design withArrayRows(const Design &D, size_t At, const Design::Kernel &Prepared) {
  const Design::Kernel &K = Prepared;
  RowPlan P(D, K, K.Body);
  llvm::StringSet<> Names;
  addNames(K.Body, Names);
  for (const Design::Channel &C : D.Channels)
    Names.insert(C.Name);
  for (const Design::Kernel &X : D.Kernels)
    Names.insert(X.Name);
  Streams S = streamsOf(D, P, Names);
  Design Out = D;
  Design::Kernel &Rows = Out.Kernels[At];
  Rows = K;
  Rows.Name = freshIn(Names, K.Name + "_row");
  Rows.RowProcesses = P.Rows;
  Rows.Body = RowWriter(P, S.Forward, S.Ghost, Names).list(Prepared.Body);
  for (Design::Channel &C : S.Channels)
    Out.Channels.push_back(std::move(C));
  return Out;
}

std::optional<RowSplitShape> rowSplitShape(const Design &D, const Design::Kernel &K) {
  RowPlan P(D, K, K.Body);
  if (P.Why)
    return std::nullopt;
  llvm::StringSet<> Names;
  Streams S = streamsOf(D, P, Names);
  RowSplitShape Shape;
  Shape.Rows = P.Rows;
  for (const Design::Channel &C : S.Channels)
    Shape.BitsBetweenRows +=
        C.Element.storageBits() * uint64_t(elements(llvm::ArrayRef<int64_t>(C.Extents).drop_front()));
  return Shape;
}

} // namespace t2s
