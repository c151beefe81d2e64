//===- CircularDelayLines.cpp - Long delay lines as circular buffers ------===//

#include "backends/hls/CircularDelayLines.h"
#include "systolic/KernelNames.h"
#include "systolic/StmtWalk.h"

namespace t2s {

namespace {

class Rewrite {
  const llvm::StringMap<int64_t> &Lines;
  llvm::StringMap<DType> Types; // of the lines' words

public:
  Rewrite(const Stmts &Body, const llvm::StringMap<int64_t> &Lines) : Lines(Lines) {
    forEachStmt(Body, [&](const Stmt &S) {
      if (S.Kind == StmtKind::Decl && Lines.count(S.Name))
        Types[S.Name] = S.Type;
    });
  }

  // Rewrites the statements of L; the shifts of lines it meets in L, or in
  // loops over PEs and lanes in L, become one advance of their cursors
  // each, where the outermost such loop stands.
  void list(Stmts &L) {
    for (size_t I = 0; I < L.size();) {
      Stmt &S = L[I];
      if (S.Kind == StmtKind::Shift && Lines.count(S.Name)) {
        Stmt Read = readWord(S);
        L[I] = advance(S.Name);
        L.insert(L.begin() + I + 1, std::move(Read));
        I += 2;
        continue;
      }
      if (S.Kind == StmtKind::Decl && Lines.count(S.Name)) {
        int64_t Length = Lines.lookup(S.Name);
        S.Dims.front() = Length;
        S.DelayLine = Length;
        Stmt Word = decl(S.Type, delayLineWord(S.Name), llvm::ArrayRef(S.Dims).drop_front());
        Stmt Cursor = decl(DType::integer(32), delayLineCursor(S.Name), {}, DeclInit::Zero);
        L.insert(L.begin() + I + 1, std::move(Word));
        L.insert(L.begin() + I + 2, std::move(Cursor));
        I += 3;
        continue;
      }
      if (unrolledLoop(S)) {
        llvm::SmallVector<std::string, 2> Shifted;
        unrolled(S, Shifted);
        for (const std::string &Name : Shifted) // before the loop that reads
          L.insert(L.begin() + I++, advance(Name));
        ++I;
        continue;
      }
      other(S);
      ++I;
    }
  }

private:
  // Any other statement: its accesses, and the statements inside it.
  void other(Stmt &S) {
    exprs(S);
    for (Stmts *Nested : {&S.Head, &S.Body, &S.Else})
      list(*Nested);
  }

  // An unrolled loop: the shifts of lines in it (at any depth of unrolled
  // loops) become the reads of their words, the lines named in Shifted.
  void unrolled(Stmt &Loop, llvm::SmallVectorImpl<std::string> &Shifted) {
    exprs(Loop);
    Stmts &B = Loop.Body;
    for (size_t I = 0; I < B.size();) {
      Stmt &S = B[I];
      if (S.Kind == StmtKind::Shift && Lines.count(S.Name)) {
        if (!llvm::is_contained(Shifted, S.Name))
          Shifted.push_back(S.Name);
        B[I] = readWord(S);
        ++I;
        continue;
      }
      if (unrolledLoop(S)) {
        unrolled(S, Shifted);
        ++I;
        continue;
      }
      other(S);
      ++I;
    }
  }

  // The step's one move of a line: its cursor to the next word, round.
  Stmt advance(const std::string &Name) const {
    const DType Int = DType::integer(32);
    std::string C = delayLineCursor(Name);
    ExprPtr Last = intConst(Int, Lines.lookup(Name) - 1);
    Stmt S = assign(var(C), select(compare(CompareOp::EQ, false, var(C), Last),
                                   intConst(Int, 0), var(C, 1)));
    S.Text = "the delay line " + Name + ": the next step's word";
    return S;
  }

  // The shift of a line, in its PE and lane: that word is read once, into
  // the step's register of the line's oldest values.
  Stmt readWord(const Stmt &Shift) const {
    llvm::SmallVector<ExprPtr, 4> At{var(delayLineCursor(Shift.Name))};
    At.append(Shift.Subscripts.begin(), Shift.Subscripts.end());
    DType T = Types.lookup(Shift.Name);
    ExprPtr Word = Shift.Subscripts.empty()
                       ? var(delayLineWord(Shift.Name), 0, T)
                       : subscript(T, var(delayLineWord(Shift.Name)), Shift.Subscripts);
    Stmt S = assign(Word, subscript(T, var(Shift.Name), At));
    return S;
  }

  // Each access of a line: its write (word 0) at the cursor, its reads (the
  // last word) of the step's register of its oldest values.
  ExprPtr access(const ExprPtr &E) const {
    return rewrite(E, [&](const ExprPtr &X) -> ExprPtr {
      if (X->Kind != ExprKind::Subscript || X->Operands.size() < 2 || !X->Operands[0] ||
          X->operand(0).Kind != ExprKind::Var || !Lines.count(X->operand(0).Name))
        return nullptr;
      const std::string &Name = X->operand(0).Name;
      llvm::SmallVector<ExprPtr, 4> Rest;
      for (size_t I = 2; I < X->Operands.size(); ++I)
        Rest.push_back(access(X->Operands[I]));
      bool Write = X->operand(1).Kind == ExprKind::IntConst && X->operand(1).Int == 0;
      if (Write) {
        Rest.insert(Rest.begin(), var(delayLineCursor(Name)));
        return subscript(X->Type, X->Operands[0], Rest);
      }
      if (Rest.empty())
        return var(delayLineWord(Name), 0, X->Type);
      return subscript(X->Type, var(delayLineWord(Name)), Rest);
    });
  }

  void exprs(Stmt &S) const {
    for (ExprPtr *E : {&S.Target, &S.Value, &S.Bound})
      if (*E)
        *E = access(*E);
    for (ExprPtr &E : S.Subscripts)
      if (E)
        E = access(E);
  }
};

} // namespace

Design::Kernel withCircularDelayLines(const Design::Kernel &K,
                                      const llvm::StringMap<int64_t> &Lines) {
  Design::Kernel Out = K;
  if (!Lines.empty())
    Rewrite(Out.Body, Lines).list(Out.Body);
  return Out;
}

} // namespace t2s
