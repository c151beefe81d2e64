//===- CExpr.cpp - Design expressions as C -------------------------------===//

#include "backends/c/CExpr.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>
#include <cstdlib>

namespace t2s {

namespace {

const char *binaryOperator(BinaryOp Op) {
  switch (Op) {
  case BinaryOp::Add: return "+";
  case BinaryOp::Sub: return "-";
  case BinaryOp::Mul: return "*";
  case BinaryOp::Div: return "/";
  case BinaryOp::Rem: return "%";
  case BinaryOp::Shl: return "<<";
  case BinaryOp::Shr: return ">>";
  case BinaryOp::And: return "&";
  case BinaryOp::Or: return "|";
  case BinaryOp::Xor: return "^";
  }
  return "?";
}

const char *compareOperator(CompareOp Op) {
  switch (Op) {
  case CompareOp::EQ: return "==";
  case CompareOp::NE: return "!=";
  case CompareOp::LT: return "<";
  case CompareOp::LE: return "<=";
  case CompareOp::GT: return ">";
  case CompareOp::GE: return ">=";
  }
  return "?";
}

// The shortest decimal that reads back as the same value.
std::string floatText(double V, bool Single) {
  if (std::isinf(V))
    return V > 0 ? "INFINITY" : "(-INFINITY)";
  if (std::isnan(V))
    return "NAN";
  std::string Text;
  for (int Digits = 1; Digits <= 17; ++Digits) {
    Text = llvm::formatv("{0}", llvm::format("%.*g", Digits, V)).str();
    if (Single ? std::strtof(Text.c_str(), nullptr) == float(V)
               : std::strtod(Text.c_str(), nullptr) == V)
      break;
  }
  if (Text.find_first_of(".e") == std::string::npos)
    Text += ".0";
  return Single ? Text + "f" : Text;
}

// The unsigned type of T's width: a bool (an i1 compared or divided as
// unsigned) is 0 or 1 as an uchar; "ubool" is no type.
std::string unsignedName(CTypes &Types, DType T) {
  return T.isBool() ? "uchar" : "u" + Types.name(T);
}

class Printer {
  CTypes &Types;
  ExprNames &Names;

public:
  Printer(CTypes &Types, ExprNames &Names) : Types(Types), Names(Names) {}

  std::string print(const Expr &E) {
    if (const std::string *Name = Names.temporary(E))
      return *Name;
    auto op = [&](unsigned I) { return print(E.operand(I)); };
    switch (E.Kind) {
    case ExprKind::IntConst:
      if (E.Type.isBool())
        return E.Int ? "true" : "false";
      return std::to_string(E.Int);
    case ExprKind::FloatConst:
      if (E.Type.Bits == 16) // exact as a float
        return "((" + Types.name(E.Type) + ")" + floatText(E.Float, true) + ")";
      return floatText(E.Float, E.Type.Bits == 32);
    case ExprKind::VectorLiteral: {
      llvm::SmallVector<std::string, 16> Lanes;
      for (unsigned L = 0; L < E.Operands.size(); ++L)
        Lanes.push_back(op(L));
      return Types.vectorLiteral(E.Type, Lanes);
    }
    case ExprKind::Param:
      return Names.param(E.Index);
    case ExprKind::LoopVar:
    case ExprKind::UREValue:
    case ExprKind::Load:
      return Names.unresolved(E);
    case ExprKind::BufferElement: {
      std::string Index;
      for (unsigned I = 0; I < E.Operands.size(); ++I) {
        const Expr &X = E.operand(I);
        if (!Index.empty() && X.Kind == ExprKind::IntConst && X.Int < 0 && E.Scales[I] == 1) {
          Index += " - " + std::to_string(-X.Int); // a gather window's first element
          continue;
        }
        std::string Term = op(I);
        if (E.Scales[I] != 1)
          Term += " * " + std::to_string(E.Scales[I]);
        Index += (Index.empty() ? "" : " + ") + Term;
      }
      std::string Buffer = Names.param(E.Index);
      return Names.offchip(Buffer, Buffer + "[" + (Index.empty() ? "0" : Index) + "]");
    }
    case ExprKind::Lane:
      return Types.lane(E.operand(0).Type, op(0), E.Index);
    case ExprKind::Neg:
      return "(-" + op(0) + ")";
    case ExprKind::Not:
      return "!" + op(0);
    case ExprKind::Binary:
      return binary(E);
    case ExprKind::Compare: {
      std::string A = op(0), B = op(1);
      if (E.Unsigned) {
        std::string U = "(" + unsignedName(Types, E.operand(0).Type) + ")";
        A = U + A;
        B = U + B;
      }
      return "(" + A + " " + compareOperator(E.compareOp()) + " " + B + ")";
    }
    case ExprKind::Cast:
      return cast(E);
    case ExprKind::Select:
      return "(" + op(0) + " ? " + op(1) + " : " + op(2) + ")";
    case ExprKind::And:
      return "(" + op(0) + " && " + op(1) + ")";
    case ExprKind::Or:
      return "(" + op(0) + " || " + op(1) + ")";
    case ExprKind::AllOf: {
      std::string Text;
      for (unsigned I = 0; I < E.Operands.size(); ++I)
        Text += (I ? " && " : "") + op(I);
      return Text;
    }
    case ExprKind::MulAdd:
      if (Types.isStructVector(E.Type))
        return Types.structOperator(E.Type, "+",
                                    Types.structOperator(E.Type, "*", op(0), op(1)), op(2));
      return "(" + op(0) + " * " + op(1) + " + " + op(2) + ")";
    case ExprKind::Call: {
      // C promotes a char, short or constant operand to int, and OpenCL's
      // min(short, int) (a template in the emulation) matches no overload:
      // integers other than int go in as the call's type.
      // An unsigned min or max reads its operands as unsigned and gives
      // the design's (signless) type back.
      std::string Conv;
      if (E.Unsigned)
        Conv = "(" + unsignedName(Types, E.Type) + ")";
      else if (E.Type.K == DType::Kind::Int && !E.Type.isVector() && E.Type.Bits != 32)
        Conv = "(" + Types.name(E.Type) + ")";
      std::string Args;
      for (unsigned I = 0; I < E.Operands.size(); ++I)
        Args += (I ? ", " : "") + Conv + op(I);
      // So does an integer abs (OpenCL's returns the unsigned type).
      if (E.Unsigned || (E.Name == "abs" && E.Type.K == DType::Kind::Int))
        return "((" + Types.name(E.Type) + ")" + E.Name + "(" + Args + "))";
      return E.Name + "(" + Args + ")";
    }
    case ExprKind::Var:
      if (E.Int == 0)
        return E.Name;
      return E.Name + (E.Int > 0 ? " + " : " - ") + std::to_string(std::abs(E.Int));
    case ExprKind::Subscript: {
      std::string Text = op(0);
      for (unsigned I = 1; I < E.Operands.size(); ++I)
        Text += "[" + op(I) + "]";
      return Text;
    }
    case ExprKind::ChannelRead:
      return Names.channelRead(E, op(0));
    }
    return "?";
  }

private:
  std::string binary(const Expr &E) {
    std::string A = print(E.operand(0)), B = print(E.operand(1));
    const char *Op = binaryOperator(E.binaryOp());
    if (E.Type.isVector() && Types.isStructVector(E.Type))
      return Types.structOperator(E.Type, Op, A, B);
    if (E.Unsigned) {
      std::string T = Types.name(E.Type), U = "(" + unsignedName(Types, E.Type) + ")";
      return "((" + T + ")(" + U + A + " " + Op + " " + U + B + "))";
    }
    return "(" + A + " " + Op + " " + B + ")";
  }

  std::string cast(const Expr &E) {
    std::string T = Types.name(E.Type), Op = print(E.operand(0));
    switch (E.castKind()) {
    case CastKind::BoolToSigned:
      return "(-(" + T + ")" + Op + ")";
    case CastKind::BoolToValue:
      return "((" + T + ")" + Op + ")";
    case CastKind::ToBool:
      return "((" + T + ")(" + Op + " & 1))";
    case CastKind::FromUnsigned:
      return "((" + T + ")(" + unsignedName(Types, E.operand(0).Type) + ")" + Op + ")";
    case CastKind::Plain:
      return "((" + T + ")" + Op + ")";
    }
    return "?";
  }
};

// Text without one pair of parentheses around all of it.
std::string unwrap(const std::string &Text) {
  if (Text.size() < 2 || Text.front() != '(' || Text.back() != ')')
    return Text;
  int Depth = 0;
  for (size_t I = 0; I + 1 < Text.size(); ++I) {
    Depth += Text[I] == '(' ? 1 : Text[I] == ')' ? -1 : 0;
    if (Depth == 0)
      return Text; // the first '(' closes before the end
  }
  return Text.substr(1, Text.size() - 2);
}

} // namespace

std::string printExpr(const Expr &E, CTypes &Types, ExprNames &Names) {
  return Printer(Types, Names).print(E);
}

std::string printCondition(const Expr &E, CTypes &Types, ExprNames &Names) {
  return unwrap(printExpr(E, Types, Names));
}

} // namespace t2s
