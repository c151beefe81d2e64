//===- CTypes.cpp - C names of a design's types ---------------------------===//

#include "backends/c/CTypes.h"

#include "llvm/Support/MathExtras.h"

namespace t2s {

std::string CTypes::name(DType T) {
  if (T.isVector())
    return vector(T);
  switch (T.K) {
  case DType::Kind::Bool:
    return "bool";
  case DType::Kind::Float:
    if (T.Bits == 16) { // _Float16
      Half = true;
      return "half";
    }
    return T.Bits == 32 ? "float" : T.Bits == 64 ? "double" : "";
  case DType::Kind::Int:
    switch (T.Bits) {
    case 8: return "char";
    case 16: return "short";
    case 32: return "int";
    case 64: return "long";
    default: return "";
    }
  }
  return "";
}

// Built-in types for 2, 3, 4, 8 and 16 lanes ("float4"), a struct
// 't2s_float_x5 { float data[5]; }' for other widths up to 32, and for the
// wider transfers of bundled chains (up to MaxWideLanes). The 'x' keeps a
// struct of 32 floats from reading as a 32-bit float.
std::string CTypes::vector(DType VT) {
  std::string E = name(VT.element());
  unsigned N = VT.Lanes;
  if (E.empty() || E == "bool" || N < 2 || N > MaxWideLanes)
    return "";
  if (Style.BuiltinVectors && (N == 2 || N == 3 || N == 4 || N == 8 || N == 16))
    return E + std::to_string(N);
  std::string Name = "t2s_" + E + "_x" + std::to_string(N);
  // As large as the vector in memory (LLVM and clang round a vector up to a
  // power of two lanes), so buffers of them keep the host's layout. Only
  // a bundled chain's transfers are wider than 32 lanes, and they never
  // leave the channels: no padding widens them.
  // A dialect whose buffers never hold such vectors (its target refuses
  // them) pads nothing, which would widen streams and registers.
  unsigned Pad = N <= 32 && Style.PadStructVectors ? llvm::PowerOf2Ceil(N) - N : 0;
  define(Name, "typedef struct { " + E + " data[" + std::to_string(N) + "];" +
                   (Pad ? " " + E + " pad[" + std::to_string(Pad) + "];" : std::string()) +
                   " } " + Name + ";\n");
  return Name;
}

std::string CTypes::lane(DType VT, const std::string &Text, unsigned L) {
  if (isStructVector(VT))
    return Text + ".data[" + std::to_string(L) + "]";
  return Text + ".s" + std::string(1, "0123456789abcdef"[L]);
}

std::string CTypes::vectorLiteral(DType VT, llvm::ArrayRef<std::string> Lanes) {
  std::string T = name(VT), Text;
  // A wide bundle's literal (hundreds of lanes) goes on lines of 8 lanes.
  bool Wrap = Lanes.size() > 16;
  for (unsigned I = 0; I < Lanes.size(); ++I)
    Text += (I == 0 ? "" : Wrap && I % 8 == 0 ? ",\n        " : ", ") + Lanes[I];
  if (Style.BracedLiterals)
    return T + "{{" + Text + "}}";
  return isStructVector(VT) ? "((" + T + "){{" + Text + "}})" : "((" + T + "){" + Text + "})";
}

std::string CTypes::structOperator(DType VT, llvm::StringRef Op, const std::string &A,
                                   const std::string &B) {
  static const std::map<std::string, std::string> Names = {
      {"+", "add"}, {"-", "sub"}, {"*", "mul"}, {"/", "div"}, {"%", "rem"},
      {"<<", "shl"}, {">>", "shr"}, {"&", "and"}, {"|", "or"}, {"^", "xor"}};
  std::string T = name(VT), Fn = T + "_" + Names.at(Op.str());
  define(Fn, "static inline " + T + " " + Fn + "(" + T + " a, " + T + " b) {\n  " + T +
                 " r;\n  for (int l = 0; l < " + std::to_string(VT.Lanes) +
                 "; l++)\n    r.data[l] = a.data[l] " + Op.str() + " b.data[l];\n  return r;\n}\n");
  return Fn + "(" + A + ", " + B + ")";
}

std::string CTypes::definitions() const {
  std::string Defs;
  for (const auto &[Name, Def] : Definitions)
    Defs += "#ifndef T2S_DEFINED_" + Name + "\n#define T2S_DEFINED_" + Name + "\n" + Def +
            "#endif\n";
  return Defs;
}

} // namespace t2s
