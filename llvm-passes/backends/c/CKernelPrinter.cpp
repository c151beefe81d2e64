//===- CKernelPrinter.cpp - A kernel's statements as C --------------------===//

#include "backends/c/CKernelPrinter.h"
#include "systolic/DesignNames.h"
#include "systolic/StmtWalk.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>

namespace t2s {

namespace {

// The values of E to declare as temporaries before the statement that
// computes E, operands first: those E uses more than once that hold a
// named local of the source, or that are large (so that a chain of locals
// that each use the one before twice prints in linear, not exponential,
// size). A temporary is computed where the statement starts, so a value
// that E computes only under a condition is one only if computing it
// always is harmless: it reads no memory or channel and divides no
// integers.
std::vector<const Expr *> temporariesOf(const ExprPtr &E) {
  constexpr uint64_t Large = 16; // nodes, as a tree
  llvm::DenseMap<const Expr *, unsigned> Uses;
  llvm::DenseMap<const Expr *, uint64_t> Size;
  llvm::DenseMap<const Expr *, bool> Safe, Reads; // Reads: from a channel
  std::vector<const Expr *> Order;
  forEachNode(E, [&](const Expr &X) {
    uint64_t N = 1;
    bool S = X.Kind != ExprKind::ChannelRead && X.Kind != ExprKind::BufferElement &&
             X.Kind != ExprKind::Load &&
             !(X.Kind == ExprKind::Binary && !X.Type.isFloat() &&
               (X.binaryOp() == BinaryOp::Div || X.binaryOp() == BinaryOp::Rem));
    if (X.Kind == ExprKind::Subscript)
      for (unsigned I = 1; I < X.Operands.size(); ++I)
        S = S && (X.operand(I).Kind == ExprKind::Var || X.operand(I).Kind == ExprKind::IntConst);
    bool R = X.Kind == ExprKind::ChannelRead;
    for (const ExprPtr &Op : X.Operands) {
      if (!Op)
        continue;
      ++Uses[Op.get()];
      R = R || Reads.lookup(Op.get());
      N = std::min<uint64_t>(N + Size.lookup(Op.get()), uint64_t(1) << 40);
      S = S && Safe.lookup(Op.get());
    }
    Size[&X] = N;
    Safe[&X] = S;
    Reads[&X] = R;
    Order.push_back(&X);
  });
  // The values computed whenever E is: not only in a select's arm or the
  // right side of '&&' and '||'.
  llvm::SmallPtrSet<const Expr *, 32> Always;
  std::function<void(const Expr &)> always = [&](const Expr &X) {
    if (!Always.insert(&X).second)
      return;
    bool Lazy = X.Kind == ExprKind::Select || X.Kind == ExprKind::And || X.Kind == ExprKind::Or;
    for (unsigned I = 0; I < X.Operands.size() && (!Lazy || I == 0); ++I)
      if (X.Operands[I])
        always(X.operand(I));
  };
  always(*E);
  std::vector<const Expr *> Out;
  for (const Expr *X : Order) {
    if (X == E.get() || X->Operands.empty() || Uses.lookup(X) < 2 || !hasWideCName(X->Type))
      continue;
    switch (X->Kind) {
    case ExprKind::Subscript:
    case ExprKind::ChannelRead:
    case ExprKind::BufferElement:
    case ExprKind::Lane:
      continue; // as cheap to read again as a temporary
    default:
      break;
    }
    if (X->Local.empty() && Size.lookup(X) < Large)
      continue;
    if (Reads.lookup(X) || (!Always.count(X) && !Safe.lookup(X)))
      continue; // a channel's values in their order; no speculation
    Out.push_back(X);
  }
  return Out;
}

} // namespace

std::optional<std::string> CKernelPrinter::print() {
  std::string Body;
  llvm::raw_string_ostream B(Body);
  if (Marks && Marks->Body) // the body is the step
    B << "  T2S_STEP(" << *Marks->Body << ");\n";
  collectNames(K.Body);
  for (const Stmt &S : K.Body)
    emit(B, S, "  ");
  if (!Failure.empty())
    return Failure;
  // The signature is the Design's; the body must use no other parameter.
  llvm::sort(Used);
  Used.erase(std::unique(Used.begin(), Used.end()), Used.end());
  if (Used != K.Params)
    return internalError("the kernel '" + K.Name + "' uses other parameters than its "
                         "design gives it");
  printFrame(Body);
  return std::nullopt;
}

std::string CKernelPrinter::expr(const ExprPtr &E) { return printExpr(*E, Types, *this); }
// An 'if' condition or an initializer: without parentheses around it all.
std::string CKernelPrinter::bare(const ExprPtr &E) { return printCondition(*E, Types, *this); }

// The comment after an assignment, on a line of its own.
std::string CKernelPrinter::trailing(const Stmt &S) const {
  return S.Text.empty() || InLine ? "" : " // " + S.Text;
}

// A statement that fits on one line.
std::string CKernelPrinter::line(const Stmt &S) {
  switch (S.Kind) {
  case StmtKind::Comment:
    return "// " + S.Text;
  case StmtKind::Decl: {
    std::string Text = Types.name(S.Type) + " " +
                       declarationQualifier(S) +
                       S.Name;
    for (int64_t E : S.Dims)
      Text += "[" + std::to_string(E) + "]";
    if (S.Init == DeclInit::Zero)
      Text += S.Dims.empty() ? " = 0" : zeroArray(S);
    else if (S.Init == DeclInit::Value)
      Text += " = " + bare(S.Value);
    return Text + ";" + (S.Text.empty() ? "" : " // " + S.Text);
  }
  case StmtKind::Let:
    return "const int " + S.Name + " = " + expr(S.Value) + ";";
  case StmtKind::Assign:
    return expr(S.Target) + " = " + expr(S.Value) + ";" + trailing(S);
  case StmtKind::Write:
    return channelWrite(expr(S.Target), expr(S.Value)) + trailing(S);
  case StmtKind::If:
    if (S.Inline && S.Body.size() == 1 && S.Else.empty())
      return "if (" + bare(S.Value) + ") " + line(S.Body.front());
    break;
  case StmtKind::Block:
    if (S.Inline) {
      std::string Text;
      bool Was = InLine;
      InLine = true; // no '//' comments inside the line
      // Statements that share a line (a bundle's lanes unpacked), eight to
      // a line, the later lines indented under the first.
      unsigned N = 0;
      for (const Stmt &X : S.Body)
        Text += (Text.empty() ? "" : N++ % 8 == 7 ? "\n" + LineIndent + "    " : " ") + line(X);
      InLine = Was;
      return S.Braces ? "{ " + Text + " }" : Text;
    }
    break;
  default:
    break;
  }
  fail("a statement that does not fit on one line");
  return "";
}

void CKernelPrinter::emitAll(llvm::raw_ostream &B, const Stmts &Body, const std::string &Indent) {
  for (const Stmt &S : Body)
    emit(B, S, Indent);
}

// S at Indent, ending its last line.
void CKernelPrinter::emit(llvm::raw_ostream &B, const Stmt &S, const std::string &Indent) {
  std::string In = Indent + "  ";
  switch (S.Kind) {
  case StmtKind::Loop: {
    printBeforeLoop(B, S, Indent);
    // The dialect's directive for the loop, the first line of its body.
    std::string Pragma = loopDirective(S);
    B << Indent << "for (" << (S.Type.Bits == 32 ? std::string("int") : Types.name(S.Type)) << " "
      << S.Name << " = " << expr(S.Value) << "; " << S.Name
      << (S.Down ? " >= " : " < ") << expr(S.Bound) << "; " << S.Name
      << (S.Down ? "--)" : "++)");
    // A pipelined loop: its iterations start the clocked emulation's.
    const int64_t *II = nullptr;
    if (Marks)
      if (auto It = Marks->Loops.find(&S); It != Marks->Loops.end())
        if (It->second > 0 || &S == Marks->Step) // a loop that only holds loops: none
          II = &It->second;
    if (!S.Braces && !II && !declaresIn(S.Body) && Pragma.empty()) {
      B << "\n";
      emitAll(B, S.Body, In);
      return;
    }
    B << " {" << (S.Text.empty() ? "" : " // " + S.Text) << "\n";
    if (!Pragma.empty())
      B << In << Pragma << "\n";
    printLoopBodyHead(B, S, In);
    if (II)
      B << In << (&S == Marks->Step ? "T2S_STEP(" : "T2S_ITERATION(") << *II << ");\n";
    emitAll(B, S.Body, In);
    B << Indent << "}\n";
    return;
  }
  case StmtKind::If:
    if (S.Inline && S.Body.size() == 1 && S.Else.empty() &&
        S.Body.front().Kind == StmtKind::Block && !S.Body.front().Inline) {
      B << Indent << "if (" << bare(S.Value) << ") ";
      emitBlock(B, S.Body.front(), Indent);
      return;
    }
    if (hoists(S)) { // its one statement's temporaries inside the braces
      B << Indent << "if (" << bare(S.Value) << ") {\n";
      emit(B, S.Body.front(), In);
      B << Indent << "}\n";
      return;
    }
    if (S.Inline)
      break;
  {
    // Braces around an arm of several statements, or one that declares,
    // or an if of its own with an else (which would read as this one's).
    bool ThenBraces = declaresIn(S.Body) || S.Body.size() != 1 ||
                      (S.Body[0].Kind == StmtKind::If && !S.Body[0].Else.empty());
    bool ElseBraces = declaresIn(S.Else) || S.Else.size() != 1;
    B << Indent << "if (" << bare(S.Value) << ")" << (ThenBraces ? " {" : "") << "\n";
    emitAll(B, S.Body, In);
    if (ThenBraces)
      B << Indent << "}\n";
    if (!S.Else.empty()) {
      B << Indent << "else" << (ElseBraces ? " {" : "") << "\n";
      emitAll(B, S.Else, In);
      if (ElseBraces)
        B << Indent << "}\n";
    }
    return;
  }
  case StmtKind::Block:
    if (S.Inline && !hoists(S))
      break;
    if (!S.Braces) { // statements that shared a line, one per line
      emitAll(B, S.Body, Indent);
      return;
    }
    B << Indent;
    emitBlock(B, S, Indent);
    return;
  case StmtKind::Recover: {
    std::string Check;
    for (const Recovery &R : S.Recoveries) {
      B << Indent << "int " << R.Name << " = " << R.Time;
      for (const auto &[Coeff, Space] : R.Terms)
        B << " - " << Coeff << " * " << Space;
      B << ";\n";
      Check += (Check.empty() ? "" : " && ") + R.Name + " >= " + std::to_string(R.Lower) +
               " && " + R.Name + " < " + std::to_string(R.Upper);
    }
    B << Indent << "if (" << Check << ") { // this PE's time step\n";
    emitAll(B, S.Body, In);
    B << Indent << "}\n";
    return;
  }
  case StmtKind::Shift: {
    std::string Subs;
    for (const ExprPtr &E : S.Subscripts)
      Subs += "[" + expr(E) + "]";
    const std::string &X = S.Text;
    std::string Head = "for (int " + X + " = " + std::to_string(S.Words - 1) + "; " + X +
                       " > 0; " + X + "--)";
    std::string Move = S.Name + "[" + X + "]" + Subs + " = " + S.Name + "[" + X + " - 1]" +
                       Subs + ";\n";
    printShift(B, Indent, Head, Move);
    return;
  }
  default:
    break;
  }
  LineIndent = Indent;
  if (!hoists(S)) {
    B << Indent << line(S) << "\n";
    printAfterStatement(B, S, Indent);
    return;
  }
  // The temporaries first, each printed with those before it.
  std::vector<const Expr *> Declared;
  for (const Expr *X : Plans[&S]) {
    std::string Name = temporaryName(*X);
    B << Indent << "const " << Types.name(X->Type) << " " << Name << " = "
      << printCondition(*X, Types, *this) << ";\n";
    Temps[X] = Name;
    Declared.push_back(X);
  }
  B << Indent << line(S) << "\n";
  printAfterStatement(B, S, Indent);
  for (const Expr *X : Declared)
    Temps.erase(X);
}


// Every name the kernel declares or reads, which a temporary must not take.
void CKernelPrinter::collectNames(const Stmts &Body) {
  for (const Design::Param &P : D.Params)
    Names.insert(P.Name);
  forEachStmt(Body, [&](const Stmt &S) {
    if (!S.Name.empty())
      Names.insert(S.Name);
    if (S.Kind == StmtKind::Shift)
      Names.insert(S.Text);
    for (const Recovery &R : S.Recoveries) {
      Names.insert(R.Name);
      Names.insert(R.Time);
      for (const auto &[Coeff, Space] : R.Terms)
        Names.insert(Space);
    }
    forEachExpr(S, [&](const ExprPtr &E) {
      forEachNode(E, [&](const Expr &X) {
        if (X.Kind == ExprKind::Var)
          Names.insert(X.Name);
      });
    });
  });
}

// A name for the temporary of X: its local's in the source, or 'tmp',
// away from every other name of the kernel.
std::string CKernelPrinter::temporaryName(const Expr &X) {
  std::string Base = X.Local.empty() ? "tmp" : identifier(X.Local);
  std::string Name = Base;
  for (unsigned N = 1; Names.count(Name); ++N)
    Name = Base + "_" + std::to_string(N);
  Names.insert(Name);
  return Name;
}

// Whether a body printed without braces would be one statement no more:
// its one statement declares temporaries before it.
bool CKernelPrinter::declaresIn(const Stmts &Body) { return Body.size() == 1 && hoists(Body.front()); }

// Whether S, printed on one line, declares temporaries before it.
bool CKernelPrinter::hoists(const Stmt &S) {
  switch (S.Kind) {
  case StmtKind::Assign:
  case StmtKind::Write:
  case StmtKind::Decl:
    break;
  case StmtKind::If:
    return S.Inline && S.Body.size() == 1 && S.Else.empty() && hoists(S.Body.front());
  case StmtKind::Block:
    return S.Inline && llvm::any_of(S.Body, [&](const Stmt &X) { return hoists(X); });
  default:
    return false;
  }
  auto [It, New] = Plans.try_emplace(&S);
  if (New && S.Value && (S.Kind != StmtKind::Decl || S.Init == DeclInit::Value))
    It->second = temporariesOf(S.Value);
  return !It->second.empty();
}

// A block from the brace on: '{' and its head, its body, '}'.
void CKernelPrinter::emitBlock(llvm::raw_ostream &B, const Stmt &S, const std::string &Indent) {
  B << "{";
  for (const Stmt &H : S.Head)
    B << " " << line(H);
  B << "\n";
  emitAll(B, S.Body, Indent + "  ");
  B << Indent << "}\n";
}

} // namespace t2s
