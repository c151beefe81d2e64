//===- ap_int.h - ap_int, ap_uint for C simulation without Vitis -*- C++ -*-===//
//
// T2S's C simulation of AMD Vitis HLS's arbitrary-precision integers
// (UG1399, "C++ Arbitrary Precision Integer Types"), for the C++ that
// 't2s-clang --emit-hls' writes and the hosts that feed it: ap_int<W>
// (signed) and ap_uint<W> (unsigned), so the file Vitis compiles is the
// file this compiles. It is written from UG1399's description of the API,
// for C simulation only: Vitis synthesizes with its own header.
//
// A value is W bits in two's complement and wraps modulo 2^W as the
// hardware does. It is stored as ceil(W / 64) 64-bit words, least
// significant first, always normalized: the bits of the top word above bit
// W-1 are copies of bit W-1 (ap_int) or zeros (ap_uint). sizeof is 8 bytes
// per word, nothing else, and the type is trivially copyable. On a
// little-endian host (the header refuses a big-endian one) the bytes of a
// value are its bits little-endian: bit 0 is the least significant bit of
// byte 0. So when W is a multiple of 64 (ap_uint<512>: 64 bytes) a host may
// fill an array of them through an 'unsigned char *', as it fills an AXI
// buffer. (The promise is this header's; UG1399 makes none about memory.)
//
// What it supports, as UG1399 describes it:
//  - construction and assignment from nothing (zero), every C integer type,
//    bool and unscoped enums, float, double and _Float16 (truncated toward
//    zero, then wrapped; NaN and infinities give 0), any ap_int or ap_uint
//    (truncated, or extended by the source's signedness), a bit, range or
//    concatenation of one, and a string: ap_uint<8>("ff", 16), "0xff",
//    "-12", radix 2, 8, 10 or 16; without a radix a "0x", "0o" or "0b"
//    prefix names one, and decimal is the default;
//  - + - * / % & | ^ between ap types and with C integers (which count as
//    the ap type of their width and signedness: int is ap_int<32>), of
//    AMD's result types, wide enough for the value: + and - give
//    max(E1,E2)+1 bits and & | ^ give max(E1,E2), where Ei is Wi, plus 1
//    for an unsigned operand of a signed one; * gives W1+W2; / gives W1,
//    plus 1 when the divisor is signed; % gives min(W1,W2), the divisor
//    counting 1 more when it is unsigned and the dividend signed. A result
//    is signed when either operand is, except that - is always signed and %
//    is signed when the dividend is. / truncates toward zero and % has the
//    dividend's sign, as in C;
//  - + - * / with float or double, in floating point;
//  - unary - (W+1 bits, signed), + and ~ (same type), !, ++ and -- both
//    ways, and << >> of the left operand's type (>> is arithmetic for
//    ap_int; a negative signed amount shifts the other way; shifting by W or
//    more gives 0, or the sign for ap_int >>);
//  - == != < <= > >= between any of them, by value (ap_int<8>(-1) <
//    ap_uint<8>(1)), and with float or double;
//  - compound assignments += -= *= /= %= &= |= ^= <<= >>=, truncated to the
//    left operand's type;
//  - bits: x[i] and x.bit(i) (a proxy that reads as bool and can be
//    assigned; on a const value, a bool), get_bit, test, set_bit(i, v),
//    set(i), clear(i), invert(i), b_not();
//  - ranges: x.range(hi, lo) and x(hi, lo) (with int or ap indices), and
//    x.range() for every bit: a proxy that reads as ap_uint<W>, the bits
//    hi..lo at the bottom (reversed when hi < lo), converts to any ap type
//    and to unsigned long long, takes part in arithmetic as ap_uint<W>, and
//    can be assigned an integer or an ap value, writing those bits only;
//  - concatenation: (a, b) and a.concat(b) of ap values, bits, ranges and
//    concatenations, a in the high bits: it reads as ap_uint<W1+W2> and,
//    when every part is assignable, can be assigned, as (hi, lo) = x;
//  - to_int to_uint to_long to_ulong to_int64 to_uint64 to_bool to_char
//    to_schar to_uchar to_short to_ushort (the low bits, as C converts),
//    to_double to_float (rounded to nearest), length(), and_reduce
//    or_reduce xor_reduce nand_reduce nor_reduce xnor_reduce, iszero, sign,
//    reverse, lrotate, rrotate, countLeadingZeros, and AMD's
//    to_string(radix = 2, sign = whether the type is signed), with a "0b",
//    "0o" or "0x" prefix (and the digits without leading zeros);
//  - an implicit conversion to a C integer only when W <= 64: to the
//    smallest of (signed or unsigned) char, short, int and long long that
//    holds W bits, unsigned for ap_uint; an explicit one to bool for every
//    W; std::ostream << in decimal (signed for ap_int), or in hex or octal
//    when the stream says so (the bits, without a sign; a prefix only under
//    std::showbase);
//  - ap_slong and ap_ulong, and each type's RType<W2, S2>::plus (minus,
//    mult, div, mod, logic).
//
// Where it differs from AMD's, or leaves AMD's out: no ap_fixed (and none
// of ap_int's conversions to and from it), no volatile overloads, no
// ap_int_base results (operators give ap_int or ap_uint directly), no
// reading ap types from std::istream, no byte(), no concatenation with C
// integers (AMD advises against it anyway), no arithmetic on bit proxies
// (they read as bool, so C's rules apply), no compound assignment from
// float. Comparisons are by value in every case; AMD's C simulation may
// differ in corner cases of mixed signedness. Vitis accepts widths up to
// AP_INT_MAX_W (1024 unless defined, at most 4096); this header takes up to
// 65536 bits and does not check AMD's limit, because the results of
// operators on the widest types are wider still. A bit or range outside
// the value, a division by zero or a malformed string stops the program
// with a message (AMD's simulation warns about some of these and goes on).
//
//===----------------------------------------------------------------------===//

#ifndef T2S_HLS_SIM_AP_INT_H
#define T2S_HLS_SIM_AP_INT_H

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <ostream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) &&                                 \
    __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "t2s/hls-sim/ap_int.h lays values out little-endian: it needs a little-endian host"
#endif

typedef long long ap_slong;
typedef unsigned long long ap_ulong;

template <int W, bool S> class ap_int_base;
template <int W> class ap_int;
template <int W> class ap_uint;
template <int W, bool S> class ap_bit_ref;
template <int W, bool S> class ap_range_ref;
template <class H, class L> class ap_concat_ref;

namespace hls {
namespace sim {
namespace apint {

//===- Words ---------------------------------------------------------------===//
// The arithmetic works on arrays of words and knows nothing of the types.

using Word = uint64_t;
constexpr int WordBits = 64;
constexpr Word AllOnes = ~Word(0);

constexpr int wordsFor(int W) { return (W + WordBits - 1) / WordBits; }

[[noreturn]] inline void fail(const std::string &Message) {
  std::fprintf(stderr, "ap_int: %s\n", Message.c_str());
  std::fflush(stderr);
  std::abort();
}

inline std::string typeName(int W, bool S) {
  return std::string(S ? "ap_int<" : "ap_uint<") + std::to_string(W) + ">";
}

/// A normalized value seen as an integer of any width: its N words, then,
/// past them, copies of its sign.
struct View {
  const Word *P;
  int N;
  bool Neg;
  Word at(int I) const { return I < N ? P[I] : (Neg ? AllOnes : Word(0)); }
};

/// Zero, of any width.
constexpr View Zero{nullptr, 0, false};

/// Makes the bits of the top word above bit W-1 copies of bit W-1 (signed)
/// or zeros.
inline void normalize(Word *P, int N, int W, bool Signed) {
  int Top = W - WordBits * (N - 1); // bits of the value in the top word, 1..64
  if (Top == WordBits)
    return;
  Word Mask = (Word(1) << Top) - 1;
  if (Signed && ((P[N - 1] >> (Top - 1)) & 1))
    P[N - 1] |= ~Mask;
  else
    P[N - 1] &= Mask;
}

inline bool isZeroWords(const Word *P, int N) {
  for (int I = 0; I < N; ++I)
    if (P[I])
      return false;
  return true;
}

/// Two's complement negation modulo 2^(64 N).
inline void negate(Word *P, int N) {
  Word Carry = 1;
  for (int I = 0; I < N; ++I) {
    Word V = ~P[I] + Carry;
    Carry = Carry && V == 0;
    P[I] = V;
  }
}

inline int clz64(Word X) {
  if (!X)
    return 64;
  int N = 0;
  for (int Step = 32; Step; Step /= 2)
    if (!(X >> (64 - Step))) {
      N += Step;
      X <<= Step;
    }
  return N;
}

inline bool parity64(Word X) {
  for (int Step = 32; Step; Step /= 2)
    X ^= X >> Step;
  return X & 1;
}

/// The 64 bits of P (N words, zeros past them) from bit Pos up.
inline Word bitsAt(const Word *P, int N, int Pos) {
  int I = Pos / WordBits, B = Pos % WordBits;
  Word V = I < N ? P[I] >> B : 0;
  if (B && I + 1 < N)
    V |= P[I + 1] << (WordBits - B);
  return V;
}

/// Dst (N words) = bits Low .. Low+Len-1 of Src (N words), at the bottom.
inline void extractBits(Word *Dst, const Word *Src, int N, int Low, int Len) {
  for (int I = 0; I < N; ++I)
    Dst[I] = 0;
  int Used = wordsFor(Len);
  for (int I = 0; I < Used; ++I)
    Dst[I] = bitsAt(Src, N, Low + WordBits * I);
  if (Len % WordBits)
    Dst[Used - 1] &= (Word(1) << (Len % WordBits)) - 1;
}

/// Bits Low .. Low+Len-1 of Dst = the low Len bits of Src (N words each);
/// the other bits of Dst are kept.
inline void insertBits(Word *Dst, const Word *Src, int N, int Low, int Len) {
  for (int K = 0; K < Len;) {
    int Pos = Low + K, I = Pos / WordBits, B = Pos % WordBits;
    int Take = std::min(WordBits - B, Len - K);
    Word Mask = Take == WordBits ? AllOnes : (Word(1) << Take) - 1;
    Dst[I] = (Dst[I] & ~(Mask << B)) | ((bitsAt(Src, N, K) & Mask) << B);
    K += Take;
  }
}

inline bool getBit(const Word *P, int I) { return (P[I / WordBits] >> (I % WordBits)) & 1; }

inline void putBit(Word *P, int I, bool V) {
  Word Mask = Word(1) << (I % WordBits);
  if (V)
    P[I / WordBits] |= Mask;
  else
    P[I / WordBits] &= ~Mask;
}

/// Reverses the order of bits 0 .. Len-1.
inline void reverseBits(Word *P, int Len) {
  for (int I = 0, J = Len - 1; I < J; ++I, --J) {
    bool A = getBit(P, I), B = getBit(P, J);
    putBit(P, I, B);
    putBit(P, J, A);
  }
}

/// Whether bits 0 .. Len-1 are all ones.
inline bool allOnes(const Word *P, int Len) {
  int Full = Len / WordBits;
  for (int I = 0; I < Full; ++I)
    if (P[I] != AllOnes)
      return false;
  if (Len % WordBits) {
    Word Mask = (Word(1) << (Len % WordBits)) - 1;
    return (P[Full] & Mask) == Mask;
  }
  return true;
}

/// The parity of bits 0 .. Len-1.
inline bool parity(const Word *P, int Len) {
  bool Odd = false;
  int Full = Len / WordBits;
  for (int I = 0; I < Full; ++I)
    Odd ^= parity64(P[I]);
  if (Len % WordBits)
    Odd ^= parity64(P[Full] & ((Word(1) << (Len % WordBits)) - 1));
  return Odd;
}

/// The zeros above the highest one among bits 0 .. W-1.
inline int leadingZeros(const Word *P, int N, int W) {
  int Top = W - WordBits * (N - 1);
  Word High = Top == WordBits ? P[N - 1] : P[N - 1] & ((Word(1) << Top) - 1);
  if (High)
    return clz64(High) - (WordBits - Top);
  int Zeros = Top;
  for (int I = N - 2; I >= 0; --I) {
    if (P[I])
      return Zeros + clz64(P[I]);
    Zeros += WordBits;
  }
  return Zeros;
}

/// The index of the highest one of P (N words), -1 when P is zero.
inline int highestOne(const Word *P, int N) {
  for (int I = N - 1; I >= 0; --I)
    if (P[I])
      return WordBits * I + 63 - clz64(P[I]);
  return -1;
}

//===- Arithmetic ----------------------------------------------------------===//
// Each writes the low N words of its result; the caller normalizes them.

inline void add(Word *R, int N, View A, View B) {
  Word Carry = 0;
  for (int I = 0; I < N; ++I) {
    Word X = A.at(I), Sum = X + B.at(I);
    Word Carried = Sum + Carry;
    Carry = (Sum < X) | (Carried < Sum);
    R[I] = Carried;
  }
}

inline void sub(Word *R, int N, View A, View B) {
  Word Borrow = 0;
  for (int I = 0; I < N; ++I) {
    Word X = A.at(I), Y = B.at(I), Diff = X - Y;
    Word Borrowed = Diff - Borrow;
    Borrow = (X < Y) | (Diff < Borrow);
    R[I] = Borrowed;
  }
}

/// The 128-bit product of A and B, without a 128-bit type.
inline void mul64(Word A, Word B, Word &Lo, Word &Hi) {
  const Word Half = 0xFFFFFFFFu;
  Word A0 = A & Half, A1 = A >> 32, B0 = B & Half, B1 = B >> 32;
  Word P00 = A0 * B0, P01 = A0 * B1, P10 = A1 * B0, P11 = A1 * B1;
  Word Mid = (P00 >> 32) + (P01 & Half) + (P10 & Half);
  Lo = (Mid << 32) | (P00 & Half);
  Hi = P11 + (P01 >> 32) + (P10 >> 32) + (Mid >> 32);
}

/// The low N words of A * B: the product of two's complement values
/// modulo 2^(64 N) needs no sign handling.
inline void mul(Word *R, int N, View A, View B) {
  if (N == 1) {
    R[0] = A.at(0) * B.at(0);
    return;
  }
  for (int I = 0; I < N; ++I)
    R[I] = 0;
  for (int I = 0; I < N; ++I) {
    Word X = A.at(I);
    if (!X)
      continue;
    Word Carry = 0;
    for (int J = 0; I + J < N; ++J) {
      Word Lo, Hi;
      mul64(X, B.at(J), Lo, Hi);
      Word Sum = Lo + Carry;
      Hi += Sum < Lo;
      Word Total = R[I + J] + Sum;
      Hi += Total < Sum;
      R[I + J] = Total;
      Carry = Hi;
    }
  }
}

inline void bitAnd(Word *R, int N, View A, View B) {
  for (int I = 0; I < N; ++I)
    R[I] = A.at(I) & B.at(I);
}
inline void bitOr(Word *R, int N, View A, View B) {
  for (int I = 0; I < N; ++I)
    R[I] = A.at(I) | B.at(I);
}
inline void bitXor(Word *R, int N, View A, View B) {
  for (int I = 0; I < N; ++I)
    R[I] = A.at(I) ^ B.at(I);
}

/// R = A << By, for By up to the width of R.
inline void shiftLeft(Word *R, int N, View A, int By) {
  int WS = By / WordBits, BS = By % WordBits;
  for (int I = 0; I < N; ++I) {
    Word V = 0;
    if (I >= WS) {
      int J = I - WS;
      V = A.at(J) << BS;
      if (BS && J > 0)
        V |= A.at(J - 1) >> (WordBits - BS);
    }
    R[I] = V;
  }
}

/// R = A >> By, filling with A's sign, for By up to the width of R.
inline void shiftRight(Word *R, int N, View A, int By) {
  int WS = By / WordBits, BS = By % WordBits;
  for (int I = 0; I < N; ++I) {
    Word V = A.at(I + WS) >> BS;
    if (BS)
      V |= A.at(I + WS + 1) << (WordBits - BS);
    R[I] = V;
  }
}

/// The amount of a shift by A, at most Limit, and whether it goes the other
/// way (a negative amount).
inline int shiftAmount(View A, int Limit, bool &Reverse) {
  Reverse = A.Neg;
  Word Low = A.P[0];
  bool Big = false;
  for (int I = 1; I < A.N; ++I)
    Big |= A.P[I] != (A.Neg ? AllOnes : Word(0));
  if (A.Neg) {
    Big |= !(Low >> 63); // below -2^63
    Low = Word(0) - Low;
  }
  return Big || Low > Word(Limit) ? Limit : int(Low);
}

/// -1, 0 or 1 as A is less than, equal to or greater than B, by value.
inline int compare(View A, View B) {
  if (A.Neg != B.Neg)
    return A.Neg ? -1 : 1;
  for (int I = std::max(A.N, B.N) - 1; I >= 0; --I) {
    Word X = A.at(I), Y = B.at(I);
    if (X != Y)
      return X < Y ? -1 : 1;
  }
  return 0;
}

/// The 32-bit digits of P (N words), without leading zeros.
inline std::vector<uint32_t> digitsOf(const Word *P, int N) {
  std::vector<uint32_t> D(2 * size_t(N));
  for (int I = 0; I < N; ++I) {
    D[2 * I] = uint32_t(P[I]);
    D[2 * I + 1] = uint32_t(P[I] >> 32);
  }
  while (!D.empty() && D.back() == 0)
    D.pop_back();
  return D;
}

/// Q = U / V and R = U % V of numbers in base 2^32, V without leading zeros
/// and at least 2 digits, U at least as long (Knuth's algorithm D, TAOCP
/// 4.3.1).
inline void divideDigits(const std::vector<uint32_t> &U, const std::vector<uint32_t> &V,
                         std::vector<uint32_t> &Q, std::vector<uint32_t> &R) {
  const uint64_t Base = uint64_t(1) << 32;
  int M = int(U.size()), N = int(V.size());
  // Normalize so the divisor's top digit has its high bit set; the
  // estimate of each quotient digit is then at most 2 too big.
  int Shift = clz64(V[N - 1]) - 32;
  auto High = [Shift](uint32_t X) { return Shift ? uint32_t(uint64_t(X) >> (32 - Shift)) : 0u; };
  std::vector<uint32_t> Vn(N), Un(M + 1);
  for (int I = N - 1; I > 0; --I)
    Vn[I] = uint32_t(V[I] << Shift) | High(V[I - 1]);
  Vn[0] = uint32_t(V[0] << Shift);
  Un[M] = High(U[M - 1]);
  for (int I = M - 1; I > 0; --I)
    Un[I] = uint32_t(U[I] << Shift) | High(U[I - 1]);
  Un[0] = uint32_t(U[0] << Shift);

  Q.assign(M - N + 1, 0);
  for (int J = M - N; J >= 0; --J) {
    uint64_t Num = (uint64_t(Un[J + N]) << 32) | Un[J + N - 1];
    uint64_t QHat = Num / Vn[N - 1], RHat = Num % Vn[N - 1];
    while (QHat >= Base || QHat * Vn[N - 2] > ((RHat << 32) | Un[J + N - 2])) {
      --QHat;
      RHat += Vn[N - 1];
      if (RHat >= Base)
        break;
    }
    // Un[J .. J+N] -= QHat * Vn.
    uint64_t Carry = 0, Borrow = 0;
    for (int I = 0; I < N; ++I) {
      uint64_t P = QHat * Vn[I] + Carry;
      Carry = P >> 32;
      uint64_t D = uint64_t(Un[I + J]) - (P & 0xFFFFFFFFu) - Borrow;
      Un[I + J] = uint32_t(D);
      Borrow = D >> 63;
    }
    uint64_t D = uint64_t(Un[J + N]) - Carry - Borrow;
    Un[J + N] = uint32_t(D);
    if (D >> 63) { // QHat was one too big: add Vn back
      --QHat;
      uint64_t C = 0;
      for (int I = 0; I < N; ++I) {
        uint64_t Sum = uint64_t(Un[I + J]) + Vn[I] + C;
        Un[I + J] = uint32_t(Sum);
        C = Sum >> 32;
      }
      Un[J + N] = uint32_t(Un[J + N] + C);
    }
    Q[J] = uint32_t(QHat);
  }
  R.assign(N, 0);
  for (int I = 0; I < N; ++I)
    R[I] = uint32_t(Un[I] >> Shift) | (Shift ? uint32_t(uint64_t(Un[I + 1]) << (32 - Shift)) : 0u);
}

/// Q = A / B and R = A % B of unsigned numbers of N words each, B nonzero.
inline void divideUnsigned(const Word *A, const Word *B, int N, Word *Q, Word *R) {
  std::vector<uint32_t> U = digitsOf(A, N), V = digitsOf(B, N), QD, RD;
  if (U.size() < V.size()) {
    RD = U;
  } else if (V.size() == 1) {
    QD.assign(U.size(), 0);
    uint64_t Rem = 0;
    for (int J = int(U.size()) - 1; J >= 0; --J) {
      uint64_t Cur = (Rem << 32) | U[J];
      QD[J] = uint32_t(Cur / V[0]);
      Rem = Cur % V[0];
    }
    RD.assign(1, uint32_t(Rem));
  } else {
    divideDigits(U, V, QD, RD);
  }
  for (int I = 0; I < N; ++I) {
    auto Digit = [I](const std::vector<uint32_t> &D, int K) {
      size_t At = 2 * size_t(I) + K;
      return At < D.size() ? Word(D[At]) : Word(0);
    };
    Q[I] = Digit(QD, 0) | (Digit(QD, 1) << 32);
    R[I] = Digit(RD, 0) | (Digit(RD, 1) << 32);
  }
}

/// Dst (N words) = the magnitude Mag (M words), negated when Neg.
inline void storeSigned(Word *Dst, int N, const Word *Mag, int M, bool Neg) {
  for (int I = 0; I < N; ++I)
    Dst[I] = I < M ? Mag[I] : 0;
  if (Neg)
    negate(Dst, N);
}

/// The quotient of A / B, truncated toward zero, into Q (NQ words), and the
/// remainder, of A's sign, into R (NR words); either may be null.
inline void divide(Word *Q, int NQ, Word *R, int NR, View A, View B) {
  int N = std::max(A.N, B.N);
  bool QNeg = A.Neg != B.Neg, RNeg = A.Neg;
  if (N == 1) {
    Word X = A.Neg ? Word(0) - A.P[0] : A.P[0], Y = B.Neg ? Word(0) - B.P[0] : B.P[0];
    if (!Y)
      fail("division by zero");
    Word QM = X / Y, RM = X % Y;
    if (Q)
      storeSigned(Q, NQ, &QM, 1, QNeg);
    if (R)
      storeSigned(R, NR, &RM, 1, RNeg);
    return;
  }
  std::vector<Word> X(N), Y(N), QM(N), RM(N);
  for (int I = 0; I < N; ++I) {
    X[I] = A.at(I);
    Y[I] = B.at(I);
  }
  if (A.Neg)
    negate(X.data(), N);
  if (B.Neg)
    negate(Y.data(), N);
  if (isZeroWords(Y.data(), N))
    fail("division by zero");
  divideUnsigned(X.data(), Y.data(), N, QM.data(), RM.data());
  if (Q)
    storeSigned(Q, NQ, QM.data(), N, QNeg);
  if (R)
    storeSigned(R, NR, RM.data(), N, RNeg);
}

inline void quotient(Word *R, int N, View A, View B) { divide(R, N, nullptr, 0, A, B); }
inline void remainder(Word *R, int N, View A, View B) { divide(nullptr, 0, R, N, A, B); }

//===- Text ----------------------------------------------------------------===//

inline bool validRadix(int Radix) { return Radix == 2 || Radix == 8 || Radix == 10 || Radix == 16; }

inline int digitValue(char C) {
  if (C >= '0' && C <= '9')
    return C - '0';
  if (C >= 'a' && C <= 'z')
    return C - 'a' + 10;
  if (C >= 'A' && C <= 'Z')
    return C - 'A' + 10;
  return -1;
}

inline bool isSpace(char C) { return C == ' ' || (C >= '\t' && C <= '\r'); }

/// P (N words) = the number Str writes in Radix, modulo 2^(64 N). A "0x",
/// "0o" or "0b" prefix is skipped when it names Radix, and names the radix
/// when Radix is 10 (the default).
inline void parse(Word *P, int N, const char *Str, int Radix) {
  if (!Str)
    fail("a number from a null string");
  if (!validRadix(Radix))
    fail("a number in radix " + std::to_string(Radix) + " (2, 8, 10 or 16)");
  const char *C = Str;
  while (isSpace(*C))
    ++C;
  bool Minus = *C == '-';
  if (*C == '-' || *C == '+')
    ++C;
  if (C[0] == '0' && C[1]) {
    int Named = 0;
    switch (C[1]) {
    case 'x':
    case 'X':
      Named = 16;
      break;
    case 'o':
    case 'O':
      Named = 8;
      break;
    case 'b':
    case 'B':
      Named = 2;
      break;
    }
    if (Named && (Named == Radix || Radix == 10)) {
      Radix = Named;
      C += 2;
    }
  }
  for (int I = 0; I < N; ++I)
    P[I] = 0;
  int Digits = 0;
  for (; *C && !isSpace(*C); ++C, ++Digits) {
    int D = digitValue(*C);
    if (D < 0 || D >= Radix)
      fail("'" + std::string(Str) + "' is not a number in radix " + std::to_string(Radix));
    Word Carry = Word(D);
    for (int I = 0; I < N; ++I) { // P = P * Radix + D
      Word Lo, Hi;
      mul64(P[I], Word(Radix), Lo, Hi);
      Lo += Carry;
      Hi += Lo < Carry;
      P[I] = Lo;
      Carry = Hi;
    }
  }
  while (isSpace(*C))
    ++C;
  if (*C || !Digits)
    fail("'" + std::string(Str) + "' is not a number in radix " + std::to_string(Radix));
  if (Minus)
    negate(P, N);
}

/// The decimal digits of the unsigned number P (N words).
inline std::string decimal(const Word *P, int N) {
  std::vector<uint32_t> D = digitsOf(P, N), Chunks; // chunks of 9 digits, lowest first
  const uint32_t Billion = 1000000000u;
  while (!D.empty()) {
    uint64_t Rem = 0;
    for (size_t I = D.size(); I-- > 0;) {
      uint64_t Cur = (Rem << 32) | D[I];
      D[I] = uint32_t(Cur / Billion);
      Rem = Cur % Billion;
    }
    Chunks.push_back(uint32_t(Rem));
    while (!D.empty() && D.back() == 0)
      D.pop_back();
  }
  if (Chunks.empty())
    return "0";
  std::string Text = std::to_string(Chunks.back());
  for (size_t I = Chunks.size() - 1; I-- > 0;) {
    std::string Part = std::to_string(Chunks[I]);
    Text += std::string(9 - Part.size(), '0') + Part;
  }
  return Text;
}

/// A W-bit value in Radix: with a minus sign when Signed and it is
/// negative, else its bits as an unsigned number; with AMD's "0b", "0o" or
/// "0x" when Prefix.
inline std::string format(View A, int W, int Radix, bool Signed, bool Prefix) {
  if (!validRadix(Radix))
    fail("to_string in radix " + std::to_string(Radix) + " (2, 8, 10 or 16)");
  std::vector<Word> Bits(A.P, A.P + A.N);
  bool Minus = Signed && A.Neg;
  if (Minus)
    negate(Bits.data(), A.N);
  else
    normalize(Bits.data(), A.N, W, /*Signed=*/false);
  std::string Text = Minus ? "-" : "";
  if (Prefix)
    Text += Radix == 16 ? "0x" : Radix == 8 ? "0o" : Radix == 2 ? "0b" : "";
  if (Radix == 10)
    return Text + decimal(Bits.data(), A.N);
  int Step = Radix == 16 ? 4 : Radix == 8 ? 3 : 1;
  int Count = std::max(1, (highestOne(Bits.data(), A.N) + Step) / Step);
  for (int D = Count - 1; D >= 0; --D)
    Text += "0123456789abcdef"[bitsAt(Bits.data(), A.N, D * Step) & Word(Radix - 1)];
  return Text;
}

//===- Floating point ------------------------------------------------------===//

/// P (N words) = X truncated toward zero, modulo 2^(64 N); 0 for NaN and
/// infinities.
template <class F> void fromFloating(Word *P, int N, F X) {
  for (int I = 0; I < N; ++I)
    P[I] = 0;
  if (!std::isfinite(X))
    return;
  F T = std::trunc(X);
  bool Neg = T < 0;
  F Rest = Neg ? -T : T;
  if (Rest < 1)
    return;
  int Exp;
  std::frexp(Rest, &Exp); // Rest < 2^Exp
  // Peel 32 bits at a time off the top; every step is exact.
  for (int Pos = ((Exp - 1) / 32) * 32; Pos >= 0; Pos -= 32) {
    F Chunk = std::floor(std::ldexp(Rest, -Pos));
    Rest -= std::ldexp(Chunk, Pos);
    if (Pos < WordBits * N)
      P[Pos / WordBits] |= Word(uint32_t(Chunk)) << (Pos % WordBits);
  }
  if (Neg)
    negate(P, N);
}

/// The value of A rounded to the nearest F (float or double).
template <class F> F toFloating(View A) {
  if (A.N == 1)
    return A.Neg ? F(int64_t(A.P[0])) : F(A.P[0]);
  std::vector<Word> M(A.P, A.P + A.N);
  if (A.Neg)
    negate(M.data(), A.N);
  int Top = highestOne(M.data(), A.N);
  F R;
  if (Top < WordBits) {
    R = F(M[0]);
  } else {
    // The top 64 bits, the lowest of them set when any bit below is: F
    // rounds that as it would round the whole number.
    int Low = Top - 63;
    Word Bits = bitsAt(M.data(), A.N, Low);
    bool Sticky = false;
    for (int I = 0; I < Low / WordBits; ++I)
      Sticky |= M[I] != 0;
    if (Low % WordBits)
      Sticky |= (M[Low / WordBits] & ((Word(1) << (Low % WordBits)) - 1)) != 0;
    R = std::ldexp(F(Bits | Word(Sticky)), Low);
  }
  return A.Neg ? -R : R;
}

//===- Types ---------------------------------------------------------------===//

template <int W, bool S> using Type = std::conditional_t<S, ap_int<W>, ap_uint<W>>;

/// What a value of more than 64 bits "converts" to: nothing one can use.
struct NoConversion {};

/// The C integer type an ap type of W <= 64 bits converts to.
template <int W, bool S, class = void> struct RetType {
  using type = NoConversion;
  static type make(Word) { return {}; }
};
template <class T> struct RetTypeOf {
  using type = T;
  static type make(Word X) { return type(std::make_signed_t<Word>(X)); }
};
template <int W, bool S>
struct RetType<W, S, std::enable_if_t<(W <= 8)>>
    : RetTypeOf<std::conditional_t<S, signed char, unsigned char>> {};
template <int W, bool S>
struct RetType<W, S, std::enable_if_t<(W > 8 && W <= 16)>>
    : RetTypeOf<std::conditional_t<S, short, unsigned short>> {};
template <int W, bool S>
struct RetType<W, S, std::enable_if_t<(W > 16 && W <= 32)>>
    : RetTypeOf<std::conditional_t<S, int, unsigned>> {};
template <int W, bool S>
struct RetType<W, S, std::enable_if_t<(W > 32 && W <= 64)>>
    : RetTypeOf<std::conditional_t<S, long long, unsigned long long>> {};

template <class T> struct IsFloatType : std::is_floating_point<T> {};
#ifdef __FLT16_MANT_DIG__
template <> struct IsFloatType<_Float16> : std::true_type {};
#endif

/// What an operand of the operators is: an ap value (ap_int, ap_uint,
/// ap_int_base), a proxy (a range or concatenation, which reads as ap_uint,
/// or a bit), or a C integer, which counts as an ap type of its width and
/// signedness.
enum class Kind { None, Value, Ref, Bit, CInt };

template <class T, class = void> struct HasValueTag : std::false_type {};
template <class T> struct HasValueTag<T, std::void_t<typename T::ap_value_tag>> : std::true_type {};
template <class T, class = void> struct HasRefTag : std::false_type {};
template <class T> struct HasRefTag<T, std::void_t<typename T::ap_ref_tag>> : std::true_type {};

template <class T, class = void> struct Traits { static constexpr Kind K = Kind::None; };
template <class T> struct Traits<T, std::enable_if_t<HasValueTag<T>::value>> {
  static constexpr Kind K = Kind::Value;
  static constexpr int W = T::width;
  static constexpr bool S = T::sign_flag;
  static const ap_int_base<W, S> &read(const T &X) { return X; }
};
template <class T> struct Traits<T, std::enable_if_t<HasRefTag<T>::value>> {
  static constexpr Kind K = T::is_bit ? Kind::Bit : Kind::Ref;
  static constexpr int W = T::width;
  static constexpr bool S = false;
  static ap_uint<W> read(const T &X) { return X.readBits(); }
};
template <class T> struct Traits<T, std::enable_if_t<std::is_integral<T>::value>> {
  static constexpr Kind K = Kind::CInt;
  static constexpr int W = std::is_same<T, bool>::value ? 1 : int(sizeof(T)) * 8;
  static constexpr bool S = std::is_signed<T>::value;
  static ap_int_base<W, S> read(T X) { return ap_int_base<W, S>(X); }
};
/// An unscoped enum counts as its underlying type.
template <class T>
struct Traits<T, std::enable_if_t<std::is_enum<T>::value && std::is_convertible<T, int>::value>> {
  using Underlying = Traits<std::underlying_type_t<T>>;
  static constexpr Kind K = Kind::CInt;
  static constexpr int W = Underlying::W;
  static constexpr bool S = Underlying::S;
  static ap_int_base<W, S> read(T X) { return ap_int_base<W, S>(X); }
};

template <class T> constexpr Kind kindOf = Traits<T>::K;
template <class T> constexpr bool IsValue = kindOf<T> == Kind::Value;
template <class T> constexpr bool IsCInt = kindOf<T> == Kind::CInt;
/// Ap values and the proxies that read as ap_uint.
template <class T> constexpr bool IsAp = IsValue<T> || kindOf<T> == Kind::Ref;
/// What an arithmetic operator takes.
template <class T> constexpr bool IsOperand = IsAp<T> || IsCInt<T>;
/// What an ap value can be made from besides C numbers and strings.
template <class T> constexpr bool IsReadable = IsAp<T> || kindOf<T> == Kind::Bit;
/// What a concatenation is made of.
template <class T> constexpr bool IsPart = IsReadable<T>;
template <class A, class B>
constexpr bool BinaryOk = IsOperand<A> && IsOperand<B> && (IsAp<A> || IsAp<B>);
template <class T> constexpr bool IsFloat = IsFloatType<T>::value;

/// AMD's result types: an unsigned operand with a signed one counts a bit
/// wider, so that the result's type holds its value.
template <int W1, bool S1, int W2, bool S2> struct RType {
  static constexpr int E1 = W1 + (S2 && !S1), E2 = W2 + (S1 && !S2);
  static constexpr int LogicW = E1 > E2 ? E1 : E2;
  static constexpr int ModW = W1 < W2 + (S1 && !S2) ? W1 : W2 + (S1 && !S2);
  using plus = Type<LogicW + 1, S1 || S2>;
  using minus = Type<LogicW + 1, true>;
  using mult = Type<W1 + W2, S1 || S2>;
  using div = Type<W1 + S2, S1 || S2>;
  using mod = Type<ModW, S1>;
  using logic = Type<LogicW, S1 || S2>;
};

template <class A, class B, class = void> struct Binary {};
template <class A, class B>
struct Binary<A, B, std::enable_if_t<BinaryOk<A, B>>>
    : RType<Traits<A>::W, Traits<A>::S, Traits<B>::W, Traits<B>::S> {};

/// The types of unary operators and shifts, which keep the operand's.
template <class A, class = void> struct Unary {};
template <class A> struct Unary<A, std::enable_if_t<IsAp<A>>> {
  using same = Type<Traits<A>::W, Traits<A>::S>;
  using neg = Type<Traits<A>::W + 1, true>;
};
template <class A, class B, class = void> struct Shift {};
template <class A, class B> struct Shift<A, B, std::enable_if_t<IsAp<A> && IsOperand<B>>> {
  using type = Type<Traits<A>::W, Traits<A>::S>;
};

template <class A, class B>
constexpr bool CompoundOk = IsOperand<B> &&
                            ((std::is_lvalue_reference<A>::value &&
                              !std::is_const<std::remove_reference_t<A>>::value &&
                              IsValue<std::remove_reference_t<A>>) ||
                             kindOf<std::remove_cv_t<std::remove_reference_t<A>>> == Kind::Ref);
template <class A> constexpr bool IsMutableValue = IsValue<A> && !std::is_const<A>::value;
template <class H, class L>
constexpr bool IsIndexPair = IsOperand<H> && IsOperand<L> && (IsAp<H> || IsAp<L>);

template <int W, bool S> View view(const ap_int_base<W, S> &X) {
  constexpr int N = wordsFor(W);
  return View{X.Words, N, S && (X.Words[N - 1] >> 63) != 0};
}

inline void checkBit(int I, int W, bool S) {
  if (I < 0 || I >= W)
    fail("bit " + std::to_string(I) + " is outside " + typeName(W, S) + " (bits 0 to " +
         std::to_string(W - 1) + ")");
}

template <class T> int toIndex(const T &X) {
  const auto &V = Traits<T>::read(X);
  View A = view(V);
  bool Fits = true;
  for (int I = 1; I < A.N; ++I)
    Fits &= A.P[I] == (A.Neg ? AllOnes : Word(0));
  int64_t Low = int64_t(A.P[0]);
  return Fits && Low >= -(int64_t(1) << 30) && Low < (int64_t(1) << 30) ? int(Low) : -1;
}

template <class T> bool isZeroOperand(const T &X) {
  const auto &V = Traits<T>::read(X);
  return isZeroWords(V.Words, wordsFor(Traits<T>::W));
}

template <class A, class B> int compareOperands(const A &X, const B &Y) {
  const auto &VX = Traits<A>::read(X);
  const auto &VY = Traits<B>::read(Y);
  return compare(view(VX), view(VY));
}

template <class F, class A> F toFloat(const A &X) {
  using G = std::conditional_t<std::is_same<F, float>::value, float, double>;
  const auto &V = Traits<A>::read(X);
  return F(toFloating<G>(view(V)));
}

using WordOp = void (*)(Word *, int, View, View);

/// The result of type R of a word operation on two operands.
template <class R, WordOp Op, class A, class B> R apply(const A &X, const B &Y) {
  const auto &VX = Traits<A>::read(X);
  const auto &VY = Traits<B>::read(Y);
  R Result;
  Op(Result.Words, R::NumWords, view(VX), view(VY));
  normalize(Result.Words, R::NumWords, R::width, R::sign_flag);
  return Result;
}

template <class R, class A, class B> R shift(const A &X, const B &Y, bool Left) {
  const auto &VX = Traits<A>::read(X);
  const auto &VY = Traits<B>::read(Y);
  bool Reverse;
  int By = shiftAmount(view(VY), R::width, Reverse);
  R Result;
  if (Left != Reverse)
    shiftLeft(Result.Words, R::NumWords, view(VX), By);
  else
    shiftRight(Result.Words, R::NumWords, view(VX), By);
  normalize(Result.Words, R::NumWords, R::width, R::sign_flag);
  return Result;
}

//===- Concatenation -------------------------------------------------------===//
// The parts of a concatenation: ap values it writes to (an lvalue), ap
// values it only reads (a temporary or a const value), and the proxies,
// which it copies (they refer to their value).

template <int W, bool S> struct ValueRef {
  static constexpr int width = W;
  ap_int_base<W, S> *Of;
  int length() const { return W; }
  ap_uint<W> readBits() const { return ap_uint<W>(*Of); }
  void writeBits(const ap_uint<W> &V) const { *Of = ap_int_base<W, S>(V); }
};

template <int W, bool S> struct ValueCopy {
  static constexpr int width = W;
  ap_int_base<W, S> Value;
  int length() const { return W; }
  ap_uint<W> readBits() const { return ap_uint<W>(Value); }
};

template <int W, bool S> ValueRef<W, S> makePart(ap_int_base<W, S> &X) { return {&X}; }
template <int W, bool S> ValueCopy<W, S> makePart(const ap_int_base<W, S> &X) { return {X}; }
template <int W, bool S> ap_bit_ref<W, S> makePart(const ap_bit_ref<W, S> &X) { return X; }
template <int W, bool S> ap_range_ref<W, S> makePart(const ap_range_ref<W, S> &X) { return X; }
template <class H, class L> ap_concat_ref<H, L> makePart(const ap_concat_ref<H, L> &X) { return X; }

template <class A, class B,
          std::enable_if_t<IsPart<std::decay_t<A>> && IsPart<std::decay_t<B>>, int> = 0>
auto concat(A &&X, B &&Y) -> ap_concat_ref<decltype(makePart(std::forward<A>(X))),
                                           decltype(makePart(std::forward<B>(Y)))> {
  return {makePart(std::forward<A>(X)), makePart(std::forward<B>(Y))};
}

} // namespace apint
} // namespace sim
} // namespace hls

//===- The types ------------------------------------------------------------===//

/// A W-bit integer, signed when S: what ap_int and ap_uint are.
template <int W, bool S> class ap_int_base {
  static_assert(W >= 1, "ap_int: a width is at least 1");
  static_assert(W <= 65536, "ap_int: a width of more than 65536 bits");

public:
  static constexpr int width = W;
  static constexpr bool sign_flag = S;
  static constexpr int NumWords = hls::sim::apint::wordsFor(W);
  using ap_value_tag = void;
  using RetType = typename hls::sim::apint::RetType<W, S>::type;
  template <int W2, bool S2> struct RType : hls::sim::apint::RType<W, S, W2, S2> {};

  /// The value in two's complement, least significant word first; the bits
  /// of the top word above bit W-1 are copies of it (signed) or zeros.
  uint64_t Words[NumWords];

  ap_int_base() : Words{} {}

  template <class T, std::enable_if_t<hls::sim::apint::IsCInt<T>, int> = 0> ap_int_base(T X) {
    if constexpr (std::is_enum<T>::value) {
      assignInteger(static_cast<std::underlying_type_t<T>>(X));
    } else {
      assignInteger(X);
    }
  }

  template <class F, std::enable_if_t<hls::sim::apint::IsFloat<F>, int> = 0> ap_int_base(F X) {
    using G = std::conditional_t<std::is_floating_point<F>::value, F, float>;
    hls::sim::apint::fromFloating(Words, NumWords, G(X));
    normalize();
  }

  /// From another ap value, truncated or extended by its signedness, or
  /// from the bits of a proxy.
  template <class T, std::enable_if_t<hls::sim::apint::IsReadable<T>, int> = 0>
  ap_int_base(const T &X) {
    const auto &V = hls::sim::apint::Traits<T>::read(X);
    hls::sim::apint::View A = hls::sim::apint::view(V);
    for (int I = 0; I < NumWords; ++I)
      Words[I] = A.at(I);
    normalize();
  }

  ap_int_base(const char *Str) : ap_int_base(Str, 10) {}
  ap_int_base(const char *Str, int Radix) {
    hls::sim::apint::parse(Words, NumWords, Str, Radix);
    normalize();
  }

  //===- Bits -------------------------------------------------------------===//

  ap_bit_ref<W, S> operator[](int I) { return ap_bit_ref<W, S>(this, I); }
  bool operator[](int I) const { return get_bit(I); }
  template <class T, std::enable_if_t<hls::sim::apint::IsAp<T>, int> = 0>
  ap_bit_ref<W, S> operator[](const T &I) {
    return (*this)[hls::sim::apint::toIndex(I)];
  }
  template <class T, std::enable_if_t<hls::sim::apint::IsAp<T>, int> = 0>
  bool operator[](const T &I) const {
    return get_bit(hls::sim::apint::toIndex(I));
  }
  ap_bit_ref<W, S> bit(int I) { return (*this)[I]; }
  bool bit(int I) const { return get_bit(I); }

  bool get_bit(int I) const {
    hls::sim::apint::checkBit(I, W, S);
    return hls::sim::apint::getBit(Words, I);
  }
  bool test(int I) const { return get_bit(I); }
  void set_bit(int I, bool V) {
    hls::sim::apint::checkBit(I, W, S);
    hls::sim::apint::putBit(Words, I, V);
    normalize();
  }
  void set(int I) { set_bit(I, true); }
  void set(int I, bool V) { set_bit(I, V); }
  void clear(int I) { set_bit(I, false); }
  void invert(int I) { set_bit(I, !get_bit(I)); }
  void b_not() {
    for (int I = 0; I < NumWords; ++I)
      Words[I] = ~Words[I];
    normalize();
  }

  //===- Ranges and concatenation -----------------------------------------===//

  ap_range_ref<W, S> range(int Hi, int Lo) { return ap_range_ref<W, S>(this, Hi, Lo); }
  /// As AMD's: the proxy of a const value can be assigned; it must not be.
  ap_range_ref<W, S> range(int Hi, int Lo) const {
    return ap_range_ref<W, S>(const_cast<ap_int_base *>(this), Hi, Lo);
  }
  ap_range_ref<W, S> range() { return range(W - 1, 0); }
  ap_range_ref<W, S> range() const { return range(W - 1, 0); }
  template <class H, class L, std::enable_if_t<hls::sim::apint::IsIndexPair<H, L>, int> = 0>
  ap_range_ref<W, S> range(const H &Hi, const L &Lo) {
    return range(hls::sim::apint::toIndex(Hi), hls::sim::apint::toIndex(Lo));
  }
  template <class H, class L, std::enable_if_t<hls::sim::apint::IsIndexPair<H, L>, int> = 0>
  ap_range_ref<W, S> range(const H &Hi, const L &Lo) const {
    return range(hls::sim::apint::toIndex(Hi), hls::sim::apint::toIndex(Lo));
  }
  ap_range_ref<W, S> operator()(int Hi, int Lo) { return range(Hi, Lo); }
  ap_range_ref<W, S> operator()(int Hi, int Lo) const { return range(Hi, Lo); }
  template <class H, class L, std::enable_if_t<hls::sim::apint::IsIndexPair<H, L>, int> = 0>
  ap_range_ref<W, S> operator()(const H &Hi, const L &Lo) {
    return range(Hi, Lo);
  }
  template <class H, class L, std::enable_if_t<hls::sim::apint::IsIndexPair<H, L>, int> = 0>
  ap_range_ref<W, S> operator()(const H &Hi, const L &Lo) const {
    return range(Hi, Lo);
  }

  /// This value in the high bits, Low in the low bits: (*this, Low).
  template <class L> auto concat(L &&Low) {
    return hls::sim::apint::concat(*this, std::forward<L>(Low));
  }
  template <class L> auto concat(L &&Low) const {
    return hls::sim::apint::concat(*this, std::forward<L>(Low));
  }

  //===- Whole-value operations -------------------------------------------===//

  static constexpr int length() { return W; }
  bool iszero() const { return hls::sim::apint::isZeroWords(Words, NumWords); }
  bool is_zero() const { return iszero(); }
  /// Whether the value is negative (never, for ap_uint).
  bool sign() const { return S && hls::sim::apint::getBit(Words, W - 1); }
  bool and_reduce() const { return hls::sim::apint::allOnes(Words, W); }
  bool or_reduce() const { return !iszero(); }
  bool xor_reduce() const { return hls::sim::apint::parity(Words, W); }
  bool nand_reduce() const { return !and_reduce(); }
  bool nor_reduce() const { return iszero(); }
  bool xnor_reduce() const { return !xor_reduce(); }
  int countLeadingZeros() const { return hls::sim::apint::leadingZeros(Words, NumWords, W); }

  /// Reverses the order of the W bits, in place.
  ap_int_base &reverse() {
    hls::sim::apint::reverseBits(Words, W);
    normalize();
    return *this;
  }
  /// Rotates the W bits toward the high end, in place.
  ap_int_base &lrotate(int By) {
    By %= W;
    if (By < 0)
      By += W;
    if (By) {
      ap_uint<W> Bits(*this);
      ap_uint<W> Rotated = (Bits << By) | (Bits >> (W - By));
      for (int I = 0; I < NumWords; ++I)
        Words[I] = Rotated.Words[I];
      normalize();
    }
    return *this;
  }
  ap_int_base &rrotate(int By) { return lrotate(-(By % W)); }

  //===- Conversions ------------------------------------------------------===//
  // Integers take the low bits of the value, as C converts.

  bool to_bool() const { return !iszero(); }
  char to_char() const { return char(low()); }
  signed char to_schar() const { return static_cast<signed char>(low()); }
  unsigned char to_uchar() const { return static_cast<unsigned char>(low()); }
  short to_short() const { return short(low()); }
  unsigned short to_ushort() const { return static_cast<unsigned short>(low()); }
  int to_int() const { return int(low()); }
  unsigned to_uint() const { return unsigned(Words[0]); }
  long to_long() const { return long(low()); }
  unsigned long to_ulong() const { return static_cast<unsigned long>(Words[0]); }
  ap_slong to_int64() const { return low(); }
  ap_ulong to_uint64() const { return Words[0]; }
  double to_double() const {
    return hls::sim::apint::toFloating<double>(hls::sim::apint::view(*this));
  }
  float to_float() const {
    return hls::sim::apint::toFloating<float>(hls::sim::apint::view(*this));
  }

  /// The value in radix 2, 8, 10 or 16, signed when Sign (never in radix
  /// 2), with AMD's prefix ("0b", "0o", "0x"; none in decimal).
  std::string to_string(int Radix = 2, bool Sign = S) const {
    return hls::sim::apint::format(hls::sim::apint::view(*this), W, Radix, Radix != 2 && Sign,
                                   /*Prefix=*/true);
  }

  /// A C integer, when W <= 64 (otherwise a type nothing converts from).
  operator RetType() const { return hls::sim::apint::RetType<W, S>::make(Words[0]); }
  explicit operator bool() const { return !iszero(); }

private:
  void normalize() { hls::sim::apint::normalize(Words, NumWords, W, S); }
  ap_slong low() const { return static_cast<ap_slong>(Words[0]); }

  template <class T> void assignInteger(T X) {
    bool Neg = false;
    if constexpr (std::is_signed<T>::value)
      Neg = X < T(0);
    for (int I = 0; I < NumWords; ++I) {
      int Shift = hls::sim::apint::WordBits * I;
      if (Shift < int(sizeof(T)) * 8) {
        if constexpr (sizeof(T) > sizeof(uint64_t))
          Words[I] = uint64_t(X >> Shift);
        else
          Words[I] = uint64_t(X);
      } else {
        Words[I] = Neg ? hls::sim::apint::AllOnes : 0;
      }
    }
    normalize();
  }
};

/// A signed W-bit integer.
template <int W> class ap_int : public ap_int_base<W, true> {
  using Base = ap_int_base<W, true>;

public:
  ap_int() = default;
  template <class T, std::enable_if_t<std::is_constructible<Base, const T &>::value, int> = 0>
  ap_int(const T &X) : Base(X) {}
  ap_int(const char *Str, int Radix) : Base(Str, Radix) {}
};

/// An unsigned W-bit integer.
template <int W> class ap_uint : public ap_int_base<W, false> {
  using Base = ap_int_base<W, false>;

public:
  ap_uint() = default;
  template <class T, std::enable_if_t<std::is_constructible<Base, const T &>::value, int> = 0>
  ap_uint(const T &X) : Base(X) {}
  ap_uint(const char *Str, int Radix) : Base(Str, Radix) {}
};

//===- Proxies --------------------------------------------------------------===//

/// Bit I of an ap value: reads as bool, and assigning it writes the bit
/// (an integer or ap value writes 1 when it is nonzero).
template <int W, bool S> class ap_bit_ref {
  ap_int_base<W, S> *Of;
  int Index;

public:
  using ap_ref_tag = void;
  static constexpr int width = 1;
  static constexpr bool is_bit = true;

  ap_bit_ref(ap_int_base<W, S> *Value, int I) : Of(Value), Index(I) {
    hls::sim::apint::checkBit(I, W, S);
  }
  ap_bit_ref(const ap_bit_ref &) = default;

  operator bool() const { return Of->get_bit(Index); }
  bool to_bool() const { return Of->get_bit(Index); }
  bool get() const { return Of->get_bit(Index); }
  bool operator~() const { return !get(); }
  int length() const { return 1; }

  ap_bit_ref &operator=(bool V) {
    Of->set_bit(Index, V);
    return *this;
  }
  ap_bit_ref &operator=(const ap_bit_ref &X) { return *this = X.get(); }
  template <class T, std::enable_if_t<hls::sim::apint::IsOperand<T>, int> = 0>
  ap_bit_ref &operator=(const T &X) {
    return *this = !hls::sim::apint::isZeroOperand(X);
  }

  ap_uint<1> readBits() const { return ap_uint<1>(get()); }
  void writeBits(const ap_uint<1> &V) const { Of->set_bit(Index, V.Words[0] & 1); }
};

/// Bits Hi..Lo of an ap value, reversed when Hi < Lo: reads as ap_uint<W>
/// with those bits at the bottom, and assigning it writes them only.
template <int W, bool S> class ap_range_ref {
  ap_int_base<W, S> *Of;
  int Hi, Lo;

public:
  using ap_ref_tag = void;
  static constexpr int width = W;
  static constexpr bool is_bit = false;

  ap_range_ref(ap_int_base<W, S> *Value, int High, int Low) : Of(Value), Hi(High), Lo(Low) {
    if (High < 0 || Low < 0 || High >= W || Low >= W)
      hls::sim::apint::fail("range(" + std::to_string(High) + ", " + std::to_string(Low) +
                            ") is outside " + hls::sim::apint::typeName(W, S) + " (bits 0 to " +
                            std::to_string(W - 1) + ")");
  }
  ap_range_ref(const ap_range_ref &) = default;

  int length() const { return Hi >= Lo ? Hi - Lo + 1 : Lo - Hi + 1; }

  ap_uint<W> readBits() const {
    ap_uint<W> Bits;
    hls::sim::apint::extractBits(Bits.Words, Of->Words, Bits.NumWords, std::min(Hi, Lo), length());
    if (Hi < Lo)
      hls::sim::apint::reverseBits(Bits.Words, length());
    return Bits;
  }
  /// Writes the low length() bits of V.
  void writeBits(const ap_uint<W> &V) const {
    ap_uint<W> Bits = V;
    if (Hi < Lo)
      hls::sim::apint::reverseBits(Bits.Words, length());
    hls::sim::apint::insertBits(Of->Words, Bits.Words, Bits.NumWords, std::min(Hi, Lo), length());
    hls::sim::apint::normalize(Of->Words, Bits.NumWords, W, S);
  }
  ap_uint<W> get() const { return readBits(); }

  ap_range_ref &operator=(const ap_range_ref &X) {
    writeBits(X.readBits());
    return *this;
  }
  /// From an integer or ap value, truncated or extended by its signedness.
  template <class T,
            std::enable_if_t<hls::sim::apint::IsReadable<T> || hls::sim::apint::IsCInt<T>, int> = 0>
  ap_range_ref &operator=(const T &X) {
    writeBits(ap_uint<W>(X));
    return *this;
  }

  operator ap_ulong() const { return readBits().to_uint64(); }
  int to_int() const { return readBits().to_int(); }
  unsigned to_uint() const { return readBits().to_uint(); }
  long to_long() const { return readBits().to_long(); }
  unsigned long to_ulong() const { return readBits().to_ulong(); }
  ap_slong to_int64() const { return readBits().to_int64(); }
  ap_ulong to_uint64() const { return readBits().to_uint64(); }
  bool and_reduce() const { return hls::sim::apint::allOnes(readBits().Words, length()); }
  bool or_reduce() const { return !readBits().iszero(); }
  bool xor_reduce() const { return hls::sim::apint::parity(readBits().Words, length()); }
  bool iszero() const { return readBits().iszero(); }
  std::string to_string(int Radix = 2) const { return readBits().to_string(Radix); }
};

/// The concatenation of two parts, High in the high bits: reads as
/// ap_uint<width> (the parts take their length(): a range its hi-lo+1
/// bits), and assigning it writes the parts when each can be written.
template <class H, class L> class ap_concat_ref {
  H High;
  L Low;

public:
  using ap_ref_tag = void;
  static constexpr int width = H::width + L::width;
  static constexpr bool is_bit = false;

  ap_concat_ref(const H &Hi, const L &Lo) : High(Hi), Low(Lo) {}
  ap_concat_ref(const ap_concat_ref &) = default;

  int length() const { return High.length() + Low.length(); }

  ap_uint<width> readBits() const {
    ap_uint<width> Bits(High.readBits());
    Bits <<= Low.length();
    Bits |= ap_uint<width>(Low.readBits());
    return Bits;
  }
  void writeBits(const ap_uint<width> &V) const {
    Low.writeBits(ap_uint<L::width>(V));
    High.writeBits(ap_uint<H::width>(V >> Low.length()));
  }
  ap_uint<width> get() const { return readBits(); }

  ap_concat_ref &operator=(const ap_concat_ref &X) {
    writeBits(X.readBits());
    return *this;
  }
  template <class T,
            std::enable_if_t<hls::sim::apint::IsReadable<T> || hls::sim::apint::IsCInt<T>, int> = 0>
  ap_concat_ref &operator=(const T &X) {
    writeBits(ap_uint<width>(X));
    return *this;
  }

  operator ap_ulong() const { return readBits().to_uint64(); }
  int to_int() const { return readBits().to_int(); }
  unsigned to_uint() const { return readBits().to_uint(); }
  ap_slong to_int64() const { return readBits().to_int64(); }
  ap_ulong to_uint64() const { return readBits().to_uint64(); }
  std::string to_string(int Radix = 2) const { return readBits().to_string(Radix); }
};

//===- Operators ------------------------------------------------------------===//
// Templates over every operand kind (hls::sim::apint::Traits), so an ap
// value, a range or concatenation and a C integer mix freely; each is
// removed from overload resolution unless one operand is an ap type.

#define T2S_AP_BINARY(OP, RESULT, WORDOP)                                                          \
  template <class A, class B>                                                                      \
  inline typename hls::sim::apint::Binary<A, B>::RESULT operator OP(const A &X, const B &Y) {      \
    return hls::sim::apint::apply<typename hls::sim::apint::Binary<A, B>::RESULT, WORDOP>(X, Y);   \
  }
T2S_AP_BINARY(+, plus, hls::sim::apint::add)
T2S_AP_BINARY(-, minus, hls::sim::apint::sub)
T2S_AP_BINARY(*, mult, hls::sim::apint::mul)
T2S_AP_BINARY(/, div, hls::sim::apint::quotient)
T2S_AP_BINARY(%, mod, hls::sim::apint::remainder)
T2S_AP_BINARY(&, logic, hls::sim::apint::bitAnd)
T2S_AP_BINARY(|, logic, hls::sim::apint::bitOr)
T2S_AP_BINARY(^, logic, hls::sim::apint::bitXor)
#undef T2S_AP_BINARY

#define T2S_AP_COMPARE(OP)                                                                         \
  template <class A, class B>                                                                      \
  inline std::enable_if_t<hls::sim::apint::BinaryOk<A, B>, bool> operator OP(const A &X,           \
                                                                             const B &Y) {         \
    return hls::sim::apint::compareOperands(X, Y) OP 0;                                            \
  }
T2S_AP_COMPARE(==)
T2S_AP_COMPARE(!=)
T2S_AP_COMPARE(<)
T2S_AP_COMPARE(<=)
T2S_AP_COMPARE(>)
T2S_AP_COMPARE(>=)
#undef T2S_AP_COMPARE

// With float and double: in floating point.
#define T2S_AP_FLOAT(OP, RESULT)                                                                   \
  template <class A, class F>                                                                      \
  inline std::enable_if_t<hls::sim::apint::IsAp<A> && std::is_floating_point<F>::value, RESULT>    \
  operator OP(const A &X, F Y) {                                                                   \
    return hls::sim::apint::toFloat<F>(X) OP Y;                                                    \
  }                                                                                                \
  template <class F, class A>                                                                      \
  inline std::enable_if_t<hls::sim::apint::IsAp<A> && std::is_floating_point<F>::value, RESULT>    \
  operator OP(F X, const A &Y) {                                                                   \
    return X OP hls::sim::apint::toFloat<F>(Y);                                                    \
  }
T2S_AP_FLOAT(+, F)
T2S_AP_FLOAT(-, F)
T2S_AP_FLOAT(*, F)
T2S_AP_FLOAT(/, F)
T2S_AP_FLOAT(==, bool)
T2S_AP_FLOAT(!=, bool)
T2S_AP_FLOAT(<, bool)
T2S_AP_FLOAT(<=, bool)
T2S_AP_FLOAT(>, bool)
T2S_AP_FLOAT(>=, bool)
#undef T2S_AP_FLOAT

template <class A, class B>
inline typename hls::sim::apint::Shift<A, B>::type operator<<(const A &X, const B &Y) {
  return hls::sim::apint::shift<typename hls::sim::apint::Shift<A, B>::type>(X, Y, true);
}
template <class A, class B>
inline typename hls::sim::apint::Shift<A, B>::type operator>>(const A &X, const B &Y) {
  return hls::sim::apint::shift<typename hls::sim::apint::Shift<A, B>::type>(X, Y, false);
}

// Compound assignments: on an ap lvalue, truncated to its type, or on a
// range or concatenation, writing its bits.
#define T2S_AP_COMPOUND(OP)                                                                        \
  template <class A, class B>                                                                      \
  inline std::enable_if_t<hls::sim::apint::CompoundOk<A, B>, A &&> operator OP##=(A &&X,           \
                                                                                  const B &Y) {    \
    X = X OP Y;                                                                                    \
    return static_cast<A &&>(X);                                                                   \
  }
T2S_AP_COMPOUND(+)
T2S_AP_COMPOUND(-)
T2S_AP_COMPOUND(*)
T2S_AP_COMPOUND(/)
T2S_AP_COMPOUND(%)
T2S_AP_COMPOUND(&)
T2S_AP_COMPOUND(|)
T2S_AP_COMPOUND(^)
T2S_AP_COMPOUND(<<)
T2S_AP_COMPOUND(>>)
#undef T2S_AP_COMPOUND

template <class A> inline typename hls::sim::apint::Unary<A>::neg operator-(const A &X) {
  using R = typename hls::sim::apint::Unary<A>::neg;
  const auto &V = hls::sim::apint::Traits<A>::read(X);
  R Result;
  hls::sim::apint::sub(Result.Words, R::NumWords, hls::sim::apint::Zero, hls::sim::apint::view(V));
  hls::sim::apint::normalize(Result.Words, R::NumWords, R::width, R::sign_flag);
  return Result;
}
template <class A> inline typename hls::sim::apint::Unary<A>::same operator+(const A &X) {
  return typename hls::sim::apint::Unary<A>::same(X);
}
template <class A> inline typename hls::sim::apint::Unary<A>::same operator~(const A &X) {
  typename hls::sim::apint::Unary<A>::same Result(X);
  Result.b_not();
  return Result;
}
template <class A> inline std::enable_if_t<hls::sim::apint::IsAp<A>, bool> operator!(const A &X) {
  return hls::sim::apint::isZeroOperand(X);
}

template <class A>
inline std::enable_if_t<hls::sim::apint::IsMutableValue<A>, A &> operator++(A &X) {
  uint64_t Carry = 1;
  for (int I = 0; I < A::NumWords; ++I) {
    X.Words[I] += Carry;
    Carry = Carry && X.Words[I] == 0;
  }
  hls::sim::apint::normalize(X.Words, A::NumWords, A::width, A::sign_flag);
  return X;
}
template <class A>
inline std::enable_if_t<hls::sim::apint::IsMutableValue<A>, A &> operator--(A &X) {
  uint64_t Borrow = 1;
  for (int I = 0; I < A::NumWords; ++I) {
    uint64_t Old = X.Words[I];
    X.Words[I] -= Borrow;
    Borrow = Borrow && Old == 0;
  }
  hls::sim::apint::normalize(X.Words, A::NumWords, A::width, A::sign_flag);
  return X;
}
template <class A>
inline std::enable_if_t<hls::sim::apint::IsMutableValue<A>, A> operator++(A &X, int) {
  A Old = X;
  ++X;
  return Old;
}
template <class A>
inline std::enable_if_t<hls::sim::apint::IsMutableValue<A>, A> operator--(A &X, int) {
  A Old = X;
  --X;
  return Old;
}

/// (High, Low): a concatenation, High in the high bits.
template <class A, class B>
inline auto operator,(A &&X, B &&Y) -> decltype(hls::sim::apint::concat(std::forward<A>(X),
                                                                        std::forward<B>(Y))) {
  return hls::sim::apint::concat(std::forward<A>(X), std::forward<B>(Y));
}

/// Decimal, signed for ap_int; under std::hex or std::oct the bits (with
/// "0x" or "0" under std::showbase).
template <class T>
inline std::enable_if_t<hls::sim::apint::IsAp<T>, std::ostream &> operator<<(std::ostream &OS,
                                                                             const T &X) {
  using Traits = hls::sim::apint::Traits<T>;
  const auto &V = Traits::read(X);
  std::ios_base::fmtflags Base = OS.flags() & std::ios_base::basefield;
  int Radix = Base == std::ios_base::hex ? 16 : Base == std::ios_base::oct ? 8 : 10;
  std::string Text = hls::sim::apint::format(hls::sim::apint::view(V), Traits::W, Radix,
                                             Radix == 10 && Traits::S, /*Prefix=*/false);
  if (Radix != 10 && (OS.flags() & std::ios_base::showbase) && Text != "0")
    Text = (Radix == 16 ? "0x" : "0") + Text;
  return OS << Text;
}

#endif // T2S_HLS_SIM_AP_INT_H
