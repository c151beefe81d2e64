//===- PragmaT2S.cpp - libT2SClang.so: the '#pragma t2s' front end --------===//
//
// Two cooperating pieces, loaded with clang++-19 -fplugin=libT2SClang.so:
//
//  * a pragma handler that parses each '#pragma t2s' line (and each
//    '_Pragma("t2s ...")', which stands where it or its macro is written) with
//    the directive grammar (llvm-passes/language/Directive.h) and reports
//    syntax errors at the offending token; a good pragma is remembered with
//    its position;
//  * an AST consumer, run before code generation, that finds the 'for' loop
//    standing directly below each remembered pragma, checks what the nest's
//    directives say together ('ure' with every directive but 'kernel', all of
//    them above the outermost loop), and marks the loop nest with 'annotate'
//    attributes on its loop variables (llvm-passes/language/Markers.h).
//    Clang emits those as llvm.var.annotation calls, which the pass
//    t2s-attach-pragmas turns into loop metadata.
//
// The plugin also turns on location tracking (like -Rpass does without -g), so
// the passes' errors and remarks point at source lines; no debug sections are
// emitted by it.
//
//===----------------------------------------------------------------------===//

#include "language/Directive.h"
#include "language/Markers.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Pragma.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"

#include <string>
#include <vector>

namespace t2s {

namespace {

/// A parsed '#pragma t2s' line (or '_Pragma("t2s ...")') waiting for its loop.
struct PendingPragma {
  clang::SourceLocation Hash;      // the '#' of the pragma line, or '_Pragma'
  clang::SourceLocation Directive; // the directive's name
  std::string Text;                // canonical directive text
  DirectiveKind Kind = DirectiveKind::URE;
  bool Claimed = false;
};

/// Pragmas seen in this translation unit (pragmas are handled before the
/// consumer sees the function that holds them). Emptied when a translation
/// unit starts: one process may compile several (cc1 given several inputs,
/// tools that embed clang).
std::vector<PendingPragma> &pendingPragmas() {
  static std::vector<PendingPragma> Pragmas;
  return Pragmas;
}

unsigned errorID(clang::DiagnosticsEngine &DE) {
  return DE.getCustomDiagID(clang::DiagnosticsEngine::Error, "%0");
}

unsigned warningID(clang::DiagnosticsEngine &DE) {
  return DE.getCustomDiagID(clang::DiagnosticsEngine::Warning, "%0");
}

/// A range of a file, as byte offsets.
struct FileRange {
  clang::FileID File;
  unsigned Begin, End;
};

/// The ranges '_Pragma("t2s ...")' occupies: the operator itself or the
/// invocation of the macro it comes from.
std::vector<FileRange> &pragmaOperatorRanges() {
  static std::vector<FileRange> Ranges;
  return Ranges;
}

class T2SPragmaHandler : public clang::PragmaHandler {
public:
  T2SPragmaHandler() : clang::PragmaHandler("t2s") {}

  void HandlePragma(clang::Preprocessor &PP, clang::PragmaIntroducer Introducer,
                    clang::Token &FirstToken) override {
    // Join the tokens with single spaces, remembering where each one starts,
    // so a grammar error's offset maps back to a source token.
    std::string Text;
    std::vector<std::pair<size_t, clang::SourceLocation>> TokenStarts;
    clang::Token Tok;
    PP.Lex(Tok);
    clang::SourceLocation DirectiveLoc = Tok.getLocation();
    while (Tok.isNot(clang::tok::eod)) {
      if (!Text.empty())
        Text += ' ';
      TokenStarts.push_back({Text.size(), Tok.getLocation()});
      Text += PP.getSpelling(Tok);
      PP.Lex(Tok);
    }
    clang::SourceLocation EndLoc = Tok.getLocation();
    if (TokenStarts.empty())
      DirectiveLoc = FirstToken.getLocation();

    llvm::Expected<Directive> D = parseDirective(Text);
    if (!D) {
      llvm::handleAllErrors(D.takeError(), [&](const DirectiveError &E) {
        clang::SourceLocation Loc = EndLoc;
        for (auto &[Start, TokLoc] : TokenStarts)
          if (Start <= E.Offset)
            Loc = TokLoc;
          else
            break;
        if (E.Offset >= Text.size() && !TokenStarts.empty())
          Loc = EndLoc;
        std::string Msg = E.Message;
        if (!E.Hint.empty())
          Msg += "; " + E.Hint;
        PP.getDiagnostics().Report(Loc, errorID(PP.getDiagnostics()))
            << Msg;
      });
      return;
    }
    if (Introducer.Kind != clang::PIK_HashPragma)
      recordOperatorRange(PP.getSourceManager(), Introducer.Loc, EndLoc);
    pendingPragmas().push_back(
        {Introducer.Loc, DirectiveLoc, D->str(), D->Kind});
  }

private:
  // A '_Pragma' stands where its macro is invoked (or where it is written);
  // the loop below that file range is the pragma's loop.
  static void recordOperatorRange(clang::SourceManager &SM,
                                  clang::SourceLocation Begin,
                                  clang::SourceLocation End) {
    clang::SourceLocation B = SM.getExpansionRange(Begin).getBegin();
    clang::SourceLocation E = SM.getExpansionRange(End).getEnd();
    auto [File, BeginOffset] = SM.getDecomposedLoc(B);
    auto [EndFile, EndOffset] = SM.getDecomposedLoc(E);
    if (File != EndFile || EndOffset < BeginOffset)
      return;
    unsigned Length =
        clang::Lexer::MeasureTokenLength(E, SM, clang::LangOptions());
    pragmaOperatorRanges().push_back({File, BeginOffset, EndOffset + Length});
  }
};

/// The ranges the preprocessor skipped (inactive #if branches).
std::vector<FileRange> &skippedRanges() {
  static std::vector<FileRange> Ranges;
  return Ranges;
}

class RecordSkippedRanges : public clang::PPCallbacks {
  clang::SourceManager &SM;

public:
  explicit RecordSkippedRanges(clang::SourceManager &SM) : SM(SM) {}
  void SourceRangeSkipped(clang::SourceRange Range,
                          clang::SourceLocation EndifLoc) override {
    auto [File, Begin] = SM.getDecomposedLoc(SM.getExpansionLoc(Range.getBegin()));
    unsigned End = SM.getDecomposedLoc(SM.getExpansionLoc(EndifLoc)).second;
    skippedRanges().push_back({File, Begin, End});
  }
};

/// True if the directive line starting after '#' may stand between a pragma and
/// its loop: another '#pragma t2s' or a conditional-compilation line.
bool isTransparentDirective(llvm::StringRef Line) {
  Line = Line.ltrim();
  llvm::StringRef Name = Line.take_while([](char C) { return llvm::isAlpha(C); });
  if (Name == "pragma")
    return Line.drop_front(Name.size()).ltrim().starts_with("t2s");
  return llvm::is_contained({"if", "ifdef", "ifndef", "elif", "elifdef",
                             "elifndef", "else", "endif"},
                            Name);
}

/// True if, from the '#' (or the '_Pragma' or its macro) at \p From to \p To
/// in \p File, the buffer holds only this and further '#pragma t2s' lines and
/// '_Pragma("t2s ...")' operators or the macros that hold them,
/// conditional-compilation lines and the code they exclude, comments and white
/// space.
bool onlyPragmasBetween(clang::FileID File, llvm::StringRef Buf, size_t From,
                        size_t To) {
  auto skipLine = [&](size_t I) {
    while (I < To && Buf[I] != '\n') {
      if (Buf[I] == '\\' && I + 1 < To && Buf[I + 1] == '\n')
        ++I;
      ++I;
    }
    return I;
  };
  size_t I = From;
  while (I < To) {
    char C = Buf[I];
    bool Skipped = false;
    for (const FileRange &R : skippedRanges())
      if (R.File == File && R.Begin <= I && I < R.End) {
        I = skipLine(R.End); // the range ends inside the closing directive
        Skipped = true;
      }
    for (const FileRange &R : pragmaOperatorRanges())
      if (R.File == File && R.Begin <= I && I < R.End) {
        I = R.End;
        Skipped = true;
      }
    if (Skipped)
      continue;
    if (llvm::isSpace(C)) {
      ++I;
    } else if (Buf.substr(I).starts_with("//")) {
      I = skipLine(I);
    } else if (Buf.substr(I).starts_with("/*")) {
      size_t End = Buf.find("*/", I + 2);
      if (End == llvm::StringRef::npos || End >= To)
        return false;
      I = End + 2;
    } else if (C == '#') {
      if (!isTransparentDirective(Buf.slice(I + 1, skipLine(I))))
        return false;
      I = skipLine(I);
    } else {
      return false;
    }
  }
  return true;
}

class NestMarker : public clang::RecursiveASTVisitor<NestMarker> {
  clang::CompilerInstance &CI;

public:
  explicit NestMarker(clang::CompilerInstance &CI) : CI(CI) {}

  bool VisitForStmt(clang::ForStmt *S) {
    llvm::SmallVector<PendingPragma *, 2> Pragmas = pragmasAbove(S);
    if (Pragmas.empty())
      return true;
    if (auto It = NestOf.find(S); It != NestOf.end()) {
      for (PendingPragma *P : Pragmas)
        error(P->Directive,
              "'#pragma t2s " + P->Text + "' stands between the loops of the "
              "nest of loop '" + It->second->getName() + "'; a nest's "
              "directives all stand above its outermost loop: move this line "
              "above 'for (int " + It->second->getName() + " ...'");
      return true;
    }
    checkDirectiveSet(Pragmas);
    clang::VarDecl *Var = markNest(S);
    if (!Var)
      return true;
    clang::SourceManager &SM = CI.getSourceManager();
    for (PendingPragma *P : Pragmas) {
      clang::PresumedLoc PL = SM.getPresumedLoc(P->Directive);
      std::string Marker = (DirectiveMarkerPrefix + llvm::Twine(PL.getLine()) +
                            ":" + llvm::Twine(PL.getColumn()) + ":" + P->Text)
                               .str();
      annotate(Var, Marker, P->Directive);
    }
    return true;
  }

  // Local variables and parameters lose their names in a release clang's IR;
  // the passes need them to talk about arrays, in every nest of a function
  // that has T2S pragmas (merged nests need not be marked to be found), and
  // the kernels name the values of scalar locals after them. Globals and
  // statics keep their names in their symbols. A loop's own variable is
  // named by the loop's marker.
  bool VisitFunctionDecl(clang::FunctionDecl *FD) {
    if (!FD->doesThisDeclarationHaveABody() || !holdsPragma(FD->getBody()))
      return true;
    for (clang::ParmVarDecl *P : FD->parameters()) {
      nameVariable(P);
      markDeclaredExtent(P);
    }
    llvm::SmallVector<clang::Stmt *, 32> Worklist{FD->getBody()};
    llvm::SmallPtrSet<clang::Stmt *, 8> LoopInits;
    while (!Worklist.empty()) {
      clang::Stmt *S = Worklist.pop_back_val();
      if (!S)
        continue;
      if (auto *For = llvm::dyn_cast<clang::ForStmt>(S))
        LoopInits.insert(For->getInit());
      if (auto *DS = llvm::dyn_cast<clang::DeclStmt>(S))
        for (clang::Decl *D : DS->decls())
          if (auto *Var = llvm::dyn_cast<clang::VarDecl>(D))
            nameVariable(Var, /*Scalars=*/!LoopInits.count(S));
      for (clang::Stmt *Child : S->children())
        Worklist.push_back(Child);
    }
    return true;
  }

  bool VisitCXXForRangeStmt(clang::CXXForRangeStmt *S) {
    if (!pragmasAbove(S).empty())
      error(S->getBeginLoc(), CountedLoopsOnly);
    return true;
  }

private:
  // The loops inside marked nests, each with its nest's outermost variable.
  llvm::DenseMap<const clang::Stmt *, const clang::VarDecl *> NestOf;

  // What one nest's directives say together: 'ure' once, one kernel name,
  // and directives that map a URE system only on a 'ure' nest.
  void checkDirectiveSet(llvm::ArrayRef<PendingPragma *> Pragmas) {
    const PendingPragma *URE = nullptr, *Kernel = nullptr;
    for (PendingPragma *P : Pragmas) {
      clang::SourceManager &SM = CI.getSourceManager();
      if (P->Kind == DirectiveKind::URE) {
        if (URE)
          warning(P->Directive,
                  "'#pragma t2s ure' is given twice for this nest (first at "
                  "line " + llvm::Twine(SM.getPresumedLoc(URE->Directive).getLine()) +
                  "); the second one has no effect: remove it");
        else
          URE = P;
      } else if (P->Kind == DirectiveKind::Kernel) {
        if (Kernel)
          error(P->Directive,
                "'#pragma t2s " + P->Text + "' gives this nest a second "
                "kernel name (the first is '" + Kernel->Text + "' at line " +
                llvm::Twine(SM.getPresumedLoc(Kernel->Directive).getLine()) +
                "); a nest is one kernel: keep one 'kernel(...)' line");
        else
          Kernel = P;
      }
    }
    if (URE)
      return;
    for (PendingPragma *P : Pragmas)
      if (P->Kind != DirectiveKind::Kernel)
        error(P->Directive,
              "'#pragma t2s " + P->Text + "' applies to a system of UREs, but "
              "this nest is not marked '#pragma t2s ure'" +
              (Kernel ? " (a 'kernel(...)' nest without 'ure' runs its loops "
                        "as they are)"
                      : "") +
              "; add '#pragma t2s ure' above the nest, or remove this line");
  }

  bool holdsPragma(clang::Stmt *Body) {
    clang::SourceManager &SM = CI.getSourceManager();
    clang::SourceRange R(SM.getExpansionLoc(Body->getBeginLoc()),
                         SM.getExpansionLoc(Body->getEndLoc()));
    return llvm::any_of(pendingPragmas(), [&](const PendingPragma &P) {
      clang::SourceLocation L = SM.getExpansionLoc(P.Hash);
      return SM.isPointWithin(L, R.getBegin(), R.getEnd());
    });
  }

  // Arrays and pointers (and parameters) are what URE nests read and write;
  // with Scalars, numbers too (the values the kernels name).
  void nameVariable(clang::VarDecl *Var, bool Scalars = false) {
    if (!Var->hasLocalStorage() || Var->getName().empty())
      return;
    clang::QualType T = Var->getType();
    if (!llvm::isa<clang::ParmVarDecl>(Var) && !T->isArrayType() &&
        !T->isPointerType() && !(Scalars && T->isArithmeticType()))
      return;
    annotate(Var, (VarMarkerPrefix + Var->getName()).str(), Var->getLocation());
  }

  // A parameter declared as an array of constant extents ('const float
  // x[16]', 'float a[4][8]') keeps how many bytes it holds, which the
  // decayed pointer of the IR no longer says: the loader of a gather streams
  // the elements a computed index may pick and must stay inside them.
  void markDeclaredExtent(clang::ParmVarDecl *P) {
    if (P->getName().empty())
      return;
    clang::ASTContext &Ctx = CI.getASTContext();
    const clang::ConstantArrayType *Outer = Ctx.getAsConstantArrayType(P->getOriginalType());
    if (!Outer)
      return;
    llvm::APInt Elements = Outer->getSize().zextOrTrunc(64);
    clang::QualType Inner = Outer->getElementType();
    while (const clang::ConstantArrayType *A = Ctx.getAsConstantArrayType(Inner)) {
      bool Overflow = false;
      Elements = Elements.umul_ov(A->getSize().zextOrTrunc(64), Overflow);
      if (Overflow)
        return;
      Inner = A->getElementType();
    }
    if (Inner->isArrayType() || Inner->isIncompleteType()) // a variable-length dimension
      return;
    // In a template, the pattern's element type may be a parameter: each
    // instantiation, which the front end hands over as a declaration of its
    // own, is marked with its own size.
    if (Inner->isDependentType())
      return;
    bool Overflow = false;
    llvm::APInt Bytes = Elements.umul_ov(
        llvm::APInt(64, Ctx.getTypeSizeInChars(Inner).getQuantity()), Overflow);
    if (Overflow)
      return;
    annotate(P, (ExtentMarkerPrefix + llvm::Twine(Bytes.getZExtValue())).str(),
             P->getLocation());
  }

  static constexpr llvm::StringLiteral CountedLoopsOnly =
      "a '#pragma t2s' nest may contain only counted 'for' loops; rewrite this "
      "loop as 'for (int i = 0; i < N; ++i)'";

  void error(clang::SourceLocation Loc, const llvm::Twine &Msg) {
    clang::DiagnosticsEngine &DE = CI.getDiagnostics();
    DE.Report(Loc, errorID(DE)) << Msg.str();
  }

  void warning(clang::SourceLocation Loc, const llvm::Twine &Msg) {
    clang::DiagnosticsEngine &DE = CI.getDiagnostics();
    DE.Report(Loc, warningID(DE)) << Msg.str();
  }

  // The unclaimed pragmas that stand directly above S, claimed now.
  llvm::SmallVector<PendingPragma *, 2> pragmasAbove(clang::Stmt *S) {
    llvm::SmallVector<PendingPragma *, 2> Result;
    clang::SourceManager &SM = CI.getSourceManager();
    clang::SourceLocation ForLoc = SM.getExpansionLoc(S->getBeginLoc());
    auto [ForFile, ForOffset] = SM.getDecomposedLoc(ForLoc);
    bool Invalid = false;
    llvm::StringRef Buf = SM.getBufferData(ForFile, &Invalid);
    if (Invalid)
      return Result;
    for (PendingPragma &P : pendingPragmas()) {
      if (P.Claimed)
        continue;
      auto [File, Offset] = SM.getDecomposedLoc(SM.getExpansionLoc(P.Hash));
      if (File != ForFile || Offset >= ForOffset ||
          !onlyPragmasBetween(File, Buf, Offset, ForOffset))
        continue;
      P.Claimed = true;
      Result.push_back(&P);
    }
    return Result;
  }

  void annotate(clang::VarDecl *Var, llvm::StringRef Text,
                clang::SourceLocation Loc) {
    for (const auto *A : Var->specific_attrs<clang::AnnotateAttr>())
      if (A->getAnnotation() == Text)
        return;
    Var->addAttr(clang::AnnotateAttr::CreateImplicit(
        CI.getASTContext(), Text, nullptr, 0, clang::SourceRange(Loc)));
  }

  // Names every loop of the nest rooted at Root; returns Root's variable.
  clang::VarDecl *markNest(clang::ForStmt *Root) {
    clang::VarDecl *RootVar = nullptr;
    llvm::SmallVector<clang::Stmt *, 16> Worklist{Root};
    while (!Worklist.empty()) {
      clang::Stmt *S = Worklist.pop_back_val();
      if (!S)
        continue;
      if (auto *For = llvm::dyn_cast<clang::ForStmt>(S)) {
        clang::VarDecl *Var = loopVariable(For);
        if (!Var) {
          error(For->getForLoc(),
                "every loop of a '#pragma t2s' nest must declare its loop "
                "variable in the for-init; write it as 'for (int k = 0; k < K; "
                "++k)'");
          return nullptr;
        }
        annotate(Var, (LoopMarkerPrefix + Var->getName()).str(),
                 Var->getLocation());
        if (For == Root)
          RootVar = Var;
        else
          NestOf.try_emplace(For, RootVar);
      } else if (llvm::isa<clang::CXXForRangeStmt, clang::WhileStmt,
                           clang::DoStmt>(S)) {
        error(S->getBeginLoc(), CountedLoopsOnly);
        return nullptr;
      }
      for (clang::Stmt *Child : S->children())
        Worklist.push_back(Child);
    }
    return RootVar;
  }

  static clang::VarDecl *loopVariable(clang::ForStmt *For) {
    auto *Init = llvm::dyn_cast_or_null<clang::DeclStmt>(For->getInit());
    if (!Init || Init->decl_begin() == Init->decl_end())
      return nullptr;
    return llvm::dyn_cast<clang::VarDecl>(*Init->decl_begin());
  }
};

class T2SConsumer : public clang::ASTConsumer {
  clang::CompilerInstance &CI;
  NestMarker Marker;

public:
  explicit T2SConsumer(clang::CompilerInstance &CI) : CI(CI), Marker(CI) {}

  bool HandleTopLevelDecl(clang::DeclGroupRef DG) override {
    for (clang::Decl *D : DG)
      Marker.TraverseDecl(D);
    return true;
  }

  void HandleTranslationUnit(clang::ASTContext &) override {
    clang::DiagnosticsEngine &DE = CI.getDiagnostics();
    for (const PendingPragma &P : pendingPragmas())
      if (!P.Claimed)
        DE.Report(P.Directive, errorID(DE))
            << "'#pragma t2s " + P.Text +
                   "' is not followed by a 'for' loop; put it directly above "
                   "the loop nest it applies to (only other '#pragma t2s' "
                   "lines and comments may stand between)";
  }
};

class T2SAction : public clang::PluginASTAction {
protected:
  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &CI, llvm::StringRef) override {
    // Positions from an earlier translation unit mean nothing in this one.
    pendingPragmas().clear();
    skippedRanges().clear();
    // Code generation reads these options after every consumer is created.
    clang::CodeGenOptions &CG = CI.getCodeGenOpts();
    if (CG.getDebugInfo() == llvm::codegenoptions::NoDebugInfo)
      CG.setDebugInfo(llvm::codegenoptions::LocTrackingOnly);
    CI.getPreprocessor().addPPCallbacks(
        std::make_unique<RecordSkippedRanges>(CI.getSourceManager()));
    return std::make_unique<T2SConsumer>(CI);
  }

  bool ParseArgs(const clang::CompilerInstance &CI,
                 const std::vector<std::string> &Args) override {
    clang::DiagnosticsEngine &DE = CI.getDiagnostics();
    for (const std::string &Arg : Args)
      DE.Report(errorID(DE)) << "unknown argument '" + Arg +
                                    "' for the t2s plugin; it takes none";
    return Args.empty();
  }

  ActionType getActionType() override { return AddBeforeMainAction; }
};

} // namespace

} // namespace t2s

static clang::PragmaHandlerRegistry::Add<t2s::T2SPragmaHandler>
    RegisterPragma("t2s", "T2S systolic-array directives");
static clang::FrontendPluginRegistry::Add<t2s::T2SAction>
    RegisterAction("t2s", "marks '#pragma t2s' loop nests for the T2S passes");
