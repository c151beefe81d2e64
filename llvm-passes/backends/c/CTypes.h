//===- CTypes.h - C names of a design's types -------------------*- C++ -*-===//
//
// The C names of the types in printed kernels and host stubs, and the
// definitions those names need: a struct for each vector width the dialect
// has no vector type of, and the operators on it, and half. One per
// function's kernels; its definitions go before them (guarded, since the
// kernels of several functions and files share a file). How a dialect
// spells vectors is its CTypeStyle (as Halide's C printers set a
// vector_declaration_style): each target gives its own (opencl/, hls/).
//
//===----------------------------------------------------------------------===//

#ifndef T2S_CTYPES_H
#define T2S_CTYPES_H

#include "expr/Expr.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <map>
#include <string>

namespace t2s {

/// How a C dialect spells vectors.
struct CTypeStyle {
  /// Vectors of 2, 3, 4, 8 and 16 lanes have built-in types ("float4",
  /// OpenCL's and clang's vector extension); other widths are structs.
  /// Without: every vector is a struct.
  bool BuiltinVectors = true;
  /// A struct vector of up to 32 lanes is padded to a power of two lanes,
  /// as large as the vector in memory (LLVM and clang round a vector up),
  /// so that buffers of them keep the host's layout.
  bool PadStructVectors = true;
  /// A vector literal is a braced initializer, 'T{{a, b}}', rather than a
  /// compound literal, '((T){a, b})'.
  bool BracedLiterals = false;
};

class CTypes {
  std::map<std::string, std::string> Definitions;
  bool Half = false;
  CTypeStyle Style;

public:
  /// The names the design's text uses where no target is chosen (reports,
  /// pictures): built-in vector types.
  CTypes() = default;
  explicit CTypes(CTypeStyle Style) : Style(Style) {}

  /// The C name of \p T, or "" if it has none.
  std::string name(DType T);

  /// Whether \p T is printed as a struct (no OpenCL vector type has its width).
  bool isStructVector(DType T) {
    return T.isVector() && llvm::StringRef(name(T)).starts_with("t2s_");
  }

  /// Lane \p L of a vector value printed as \p Text.
  std::string lane(DType VT, const std::string &Text, unsigned L);

  /// A vector of type \p VT from its lanes, as a compound literal (OpenCL C
  /// and, with clang's vector extension, C++), or for C++ a braced
  /// initializer.
  std::string vectorLiteral(DType VT, llvm::ArrayRef<std::string> Lanes);

  /// 'op(A, B)' of a struct vector: a helper function, defined once.
  std::string structOperator(DType VT, llvm::StringRef Op, const std::string &A,
                             const std::string &B);

  /// A helper the printed code needs (a struct, an operator), defined once.
  void define(const std::string &Name, std::string Text) {
    Definitions[Name] = std::move(Text);
  }

  /// The definitions, each guarded by T2S_DEFINED_<name>.
  std::string definitions() const;

  /// Whether a printed name was half, which OpenCL has only with the
  /// extension cl_khr_fp16.
  bool usesHalf() const { return Half; }

private:
  std::string vector(DType VT);
};

} // namespace t2s

#endif // T2S_CTYPES_H
