// ap_int and ap_uint of the C simulation headers (runtime/include/t2s/hls-sim/
// ap_int.h): widths around the 64-bit words, carries and borrows across
// them, extension, products and quotients checked against __int128 and
// cases computed by hand, shifts, ranges and concatenations across word
// boundaries, strings, the byte layout a host fills, AMD's result widths,
// C integer operands and comparisons of mixed signedness.

#include "ap_int.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <sstream>
#include <type_traits>
#include <vector>

namespace {

using U128 = unsigned __int128;
using I128 = __int128;

ap_uint<128> fromU128(U128 V) {
  ap_uint<128> X;
  X.range(127, 64) = uint64_t(V >> 64);
  X.range(63, 0) = uint64_t(V);
  return X;
}
ap_int<128> fromI128(I128 V) { return ap_int<128>(fromU128(U128(V))); }

template <int W, bool S> U128 toU128(const ap_int_base<W, S> &X) {
  ap_uint<128> Low = X; // truncated or extended to 128 bits
  return (U128(Low.range(127, 64).to_uint64()) << 64) | Low.range(63, 0).to_uint64();
}
template <int W, bool S> I128 toI128(const ap_int_base<W, S> &X) { return I128(toU128(X)); }

U128 randomU128(std::mt19937_64 &Rand) { return (U128(Rand()) << 64) | Rand(); }

template <int W> ap_uint<W> randomAp(std::mt19937_64 &Rand) {
  ap_uint<W> X;
  for (int Lo = 0; Lo < W; Lo += 64)
    X.range(std::min(W - 1, Lo + 63), Lo) = Rand();
  return X;
}

template <class T, int W, bool S>
constexpr bool IsType = std::is_same<T, std::conditional_t<S, ap_int<W>, ap_uint<W>>>::value;

TEST(ApIntTest, LayoutOf512BitWords) {
  static_assert(sizeof(ap_uint<512>) == 64, "a 512-bit beat is 64 bytes");
  static_assert(sizeof(ap_uint<64>) == 8 && sizeof(ap_int<1024>) == 128, "words only");
  static_assert(std::is_trivially_copyable<ap_uint<512>>::value, "copied as bytes");
  static_assert(std::is_standard_layout<ap_uint<512>>::value, "laid out as its words");

  // A host fills the beats through bytes: byte K holds bits 8K .. 8K+7.
  std::vector<ap_uint<512>> Beats(2);
  unsigned char *Bytes = reinterpret_cast<unsigned char *>(Beats.data());
  for (int K = 0; K < 128; ++K)
    Bytes[K] = static_cast<unsigned char>(K);
  for (int K = 0; K < 64; ++K) {
    EXPECT_EQ(Beats[0].range(8 * K + 7, 8 * K).to_uint(), unsigned(K));
    EXPECT_EQ(Beats[1].range(8 * K + 7, 8 * K).to_uint(), unsigned(64 + K));
  }
  Bytes[0] = 0x01;
  Bytes[1] = 0x80;
  EXPECT_TRUE(Beats[0][0]);
  EXPECT_FALSE(Beats[0][1]);
  EXPECT_TRUE(Beats[0][15]);
  EXPECT_FALSE(Beats[0][14]);
  // A word across the 64-bit boundary reads the bytes in order.
  EXPECT_EQ(Beats[0].range(71, 56).to_uint(), 0x0807u);

  // And the other way: what a design writes, the host reads as bytes.
  ap_uint<512> Out;
  for (int K = 0; K < 64; ++K)
    Out.range(8 * K + 7, 8 * K) = 3 * K;
  unsigned char Read[64];
  std::memcpy(Read, &Out, sizeof Out);
  for (int K = 0; K < 64; ++K)
    EXPECT_EQ(Read[K], static_cast<unsigned char>(3 * K));
  Out = 0;
  Out[511] = 1;
  std::memcpy(Read, &Out, sizeof Out);
  EXPECT_EQ(Read[63], 0x80);
  EXPECT_EQ(Read[0], 0);
}

// The same checks at each width.
template <int W> void checkWidth() {
  SCOPED_TRACE(W);
  EXPECT_EQ(ap_uint<W>::length(), W);
  EXPECT_EQ(ap_int<W>().length(), W);
  ap_uint<W> Ones = -1;
  EXPECT_TRUE(Ones.and_reduce());
  EXPECT_EQ(Ones.countLeadingZeros(), 0);
  std::string Hex((W + 3) / 4, 'f');
  if (W % 4)
    Hex[0] = "0137"[W % 4];
  EXPECT_EQ(Ones.to_string(16), "0x" + Hex);
  EXPECT_EQ(ap_uint<W>(Ones + 1), 0);
  EXPECT_EQ(Ones + 1, ap_uint<W + 1>(1) << W); // the sum is a bit wider
  EXPECT_FALSE(Ones.sign());
  ap_int<W> MinusOne = -1;
  EXPECT_EQ(MinusOne, -1);
  EXPECT_TRUE(MinusOne.sign());
  EXPECT_EQ(MinusOne.to_int64(), -1);
  EXPECT_EQ(ap_uint<W>(MinusOne), Ones); // same bits
  EXPECT_EQ(ap_uint<W>(0).countLeadingZeros(), W);
  EXPECT_EQ(ap_uint<W>(1).countLeadingZeros(), W - 1);
  // The largest and the smallest values, and the wrap between them.
  ap_int<W> Max = Ones >> 1, Min = Max + 1;
  EXPECT_FALSE(Max.sign());
  EXPECT_TRUE(Min.sign());
  EXPECT_LT(Min, Max);
  EXPECT_EQ(ap_int<W>(Min - 1), Max);
  EXPECT_EQ(Min.countLeadingZeros(), 0);
  EXPECT_EQ((-Min).countLeadingZeros(), 1); // -Min has W+1 bits
  EXPECT_EQ(-Min, Max + 1);
  ap_int<W + 1> Twice = Max + Max;
  EXPECT_EQ(Twice + 2, ap_int<W + 2>(1) << W);
}

TEST(ApIntTest, Widths) {
  checkWidth<1>();
  checkWidth<7>();
  checkWidth<32>();
  checkWidth<33>();
  checkWidth<64>();
  checkWidth<65>();
  checkWidth<100>();
  checkWidth<512>();
  checkWidth<1024>();

  EXPECT_EQ(ap_uint<1>(3), 1);
  EXPECT_EQ(ap_int<1>(1), -1);
  EXPECT_EQ(ap_uint<7>(200), 72);
  EXPECT_EQ(ap_int<7>(100), -28);
  EXPECT_EQ(ap_uint<32>(-1), 0xFFFFFFFFu);
  EXPECT_EQ(ap_uint<33>(-1), 0x1FFFFFFFFull);
  EXPECT_EQ(ap_int<33>(0x1FFFFFFFFll), -1);
  EXPECT_EQ(ap_int<33>(0x100000000ll), -(1ll << 32));
  EXPECT_EQ(ap_uint<64>(-1), ~0ull);
  EXPECT_EQ(ap_uint<65>(-1).range(64, 64), 1);
  EXPECT_EQ(ap_uint<65>(-1).to_uint64(), ~0ull);
}

TEST(ApIntTest, CarryAndBorrowAcrossWords) {
  ap_uint<128> A = ~0ull;
  auto Sum = A + 1;
  EXPECT_TRUE(Sum[64]);
  EXPECT_EQ(Sum.range(63, 0), 0);
  EXPECT_EQ(Sum.countLeadingZeros(), Sum.length() - 65);

  ap_uint<129> Carried = fromU128(~U128(0)) + ap_uint<1>(1);
  EXPECT_TRUE(Carried[128]);
  EXPECT_TRUE(Carried.range(127, 0).iszero());

  ap_uint<128> B = fromU128(U128(1) << 64);
  EXPECT_EQ(B - ap_uint<128>(1), ~0ull);
  EXPECT_EQ(ap_uint<128>(0) - ap_uint<128>(1), -1); // minus is signed

  ap_uint<1024> Big = 0;
  Big = ~Big;
  ap_uint<1025> Over = Big + ap_uint<1>(1);
  EXPECT_TRUE(Over[1024]);
  EXPECT_TRUE(Over.range(1023, 0).iszero());
  EXPECT_EQ(ap_uint<1024>(Over - 1), Big);

  std::mt19937_64 Rand(1);
  for (int I = 0; I < 2000; ++I) {
    U128 X = randomU128(Rand), Y = randomU128(Rand);
    EXPECT_EQ(toU128(fromU128(X) + fromU128(Y)), X + Y);
    EXPECT_EQ(toU128(fromU128(X) - fromU128(Y)), X - Y);
    I128 SX = I128(X) >> (I % 100), SY = I128(Y) >> (I % 77);
    auto SSum = fromI128(SX) + fromI128(SY); // 129 bits: no overflow
    EXPECT_EQ(SSum.to_string(10),
              (ap_int<130>(fromI128(SX)) + ap_int<130>(fromI128(SY))).to_string(10));
    EXPECT_EQ(toI128(ap_int<128>(SSum)), I128(U128(SX) + U128(SY)));
  }
}

TEST(ApIntTest, SignedAndUnsignedExtension) {
  EXPECT_EQ(ap_int<100>(ap_int<8>(-1)).to_string(16, false), "0x" + std::string(25, 'f'));
  EXPECT_EQ(ap_uint<100>(ap_int<8>(-1)).to_string(16), "0x" + std::string(25, 'f'));
  EXPECT_EQ(ap_int<100>(ap_uint<8>(255)), 255);
  EXPECT_EQ(ap_uint<100>(-1), ap_uint<100>(ap_int<100>(-1)));
  EXPECT_TRUE(ap_uint<100>(-1).and_reduce());
  EXPECT_EQ(ap_uint<100>(-1).to_string(10), "1267650600228229401496703205375"); // 2^100 - 1

  ap_int<65> Min = ap_int<64>(std::numeric_limits<int64_t>::min());
  EXPECT_TRUE(Min.sign());
  EXPECT_EQ(Min.to_int64(), std::numeric_limits<int64_t>::min());
  EXPECT_EQ(Min.range(64, 63), 3);
  ap_uint<65> Wrapped = ap_int<64>(-2);
  EXPECT_TRUE(Wrapped[64]);
  EXPECT_EQ(Wrapped.to_string(10), "36893488147419103230"); // 2^65 - 2

  EXPECT_EQ(ap_int<8>(ap_int<100>(-129)), 127);
  EXPECT_EQ(ap_uint<8>(ap_uint<100>("0x1ff", 16)), 255);
  EXPECT_EQ(ap_int<70>(ap_uint<8>(200)) - 201, -1);
  // The implicit C integer of a narrow value is extended as C does.
  int I = ap_int<16>(-3);
  unsigned U = ap_uint<16>(65535);
  EXPECT_EQ(I, -3);
  EXPECT_EQ(U, 65535u);
}

TEST(ApIntTest, MultiplyAcrossWords) {
  std::mt19937_64 Rand(2);
  for (int I = 0; I < 2000; ++I) {
    uint64_t X = Rand() >> (I % 64), Y = Rand();
    auto Product = ap_uint<64>(X) * ap_uint<64>(Y);
    static_assert(IsType<decltype(Product), 128, false>, "64 x 64 bits");
    EXPECT_EQ(toU128(Product), U128(X) * Y);
    int64_t SX = int64_t(X), SY = int64_t(Y) >> (I % 64);
    EXPECT_EQ(toI128(ap_int<64>(SX) * ap_int<64>(SY)), I128(SX) * SY);
    U128 A = randomU128(Rand), B = randomU128(Rand) >> (I % 128);
    EXPECT_EQ(toU128(ap_uint<128>(fromU128(A) * fromU128(B))), A * B);
    U128 MinusB = U128(0) - B;
    EXPECT_EQ(toI128(ap_int<128>(fromI128(I128(A)) * fromI128(I128(MinusB)))), I128(A * MinusB));
  }
  // By hand: (2^64 + 1)(2^64 - 1) = 2^128 - 1.
  ap_uint<65> P = ap_uint<65>(1) << 64;
  P += 1;
  ap_uint<129> Q = P * ap_uint<64>(~0ull);
  EXPECT_FALSE(Q[128]);
  EXPECT_TRUE(Q.range(127, 0).and_reduce());
  // (2^512 - 1)^2 = 2^1024 - 2^513 + 1.
  ap_uint<512> Ones = -1;
  ap_uint<1024> Square = Ones * Ones;
  EXPECT_TRUE(Square[0]);
  EXPECT_TRUE(Square.range(512, 1).iszero());
  EXPECT_TRUE(Square.range(1023, 513).and_reduce());
  // Signed across words: -2^100 * 3.
  ap_int<101> M = ap_int<101>(-1) << 100;
  EXPECT_EQ((M * 3).to_string(10), "-3802951800684688204490109616128");
  EXPECT_EQ((M * ap_int<2>(-1)).to_string(10), "1267650600228229401496703205376");
}

TEST(ApIntTest, DivideAcrossWords) {
  std::mt19937_64 Rand(3);
  for (int I = 0; I < 3000; ++I) {
    U128 A = randomU128(Rand) >> (Rand() % 128), B = randomU128(Rand) >> (Rand() % 128);
    if (!B)
      B = 7;
    EXPECT_EQ(toU128(fromU128(A) / fromU128(B)), A / B);
    EXPECT_EQ(toU128(fromU128(A) % fromU128(B)), A % B);
    I128 SA = I128(A >> 1) * (I % 2 ? -1 : 1), SB = I128(B >> 1) * (I % 3 ? -1 : 1);
    if (!SB)
      SB = -3;
    auto Quot = fromI128(SA) / fromI128(SB);
    auto Rem = fromI128(SA) % fromI128(SB);
    static_assert(IsType<decltype(Quot), 129, true>, "W1 + 1: the divisor is signed");
    static_assert(IsType<decltype(Rem), 128, true>, "min(W1, W2)");
    EXPECT_EQ(toI128(Quot), SA / SB);
    EXPECT_EQ(toI128(Rem), SA % SB);
  }
  // Operands that reach the rare step of Knuth's division where a digit of
  // the quotient was estimated one too big.
  const uint64_t AddBack[][4] = {
      {0x0000000200000003, 0xfffffffe80000000, 0x0000000000000003, 0xfffffffffffffffe},
      {0x8000000100000001, 0x2000000000000000, 0x0000000080000001, 0x00000001ffffffff},
      {0xfffffffeffffffff, 0x8000000040000000, 0x00000000ffffffff, 0xffffffff80000001},
      {0x7fffffff00000002, 0x2000000000000001, 0x0000000080000000, 0x000000027fffffff}};
  for (const auto &C : AddBack) {
    U128 A = (U128(C[0]) << 64) | C[1], B = (U128(C[2]) << 64) | C[3];
    EXPECT_EQ(toU128(fromU128(A) / fromU128(B)), A / B);
    EXPECT_EQ(toU128(fromU128(A) % fromU128(B)), A % B);
  }

  // The quotient that needs the extra bit: -2^127 / -1.
  ap_int<128> Min = ap_int<128>(1) << 127;
  EXPECT_EQ((Min / ap_int<128>(-1)).to_string(16), "0x80000000000000000000000000000000");
  EXPECT_EQ(Min % ap_int<128>(-1), 0);

  // A 1024-bit dividend by divisors of every size.
  for (int I = 0; I < 200; ++I) {
    ap_uint<1024> A = randomAp<1024>(Rand);
    ap_uint<300> B = randomAp<300>(Rand) >> (Rand() % 300);
    if (B.iszero())
      B = 12345;
    ap_uint<1024> Q = A / B;
    ap_uint<300> R = A % B;
    EXPECT_LT(R, B);
    EXPECT_EQ(Q * B + R, A);
    ap_int<1024> SA = A;
    ap_int<300> SB = B;
    auto SQ = SA / SB;
    auto SR = SA % SB;
    EXPECT_EQ(SQ * SB + SR, SA);
    EXPECT_TRUE(SR.iszero() || SR.sign() == SA.sign());
  }
  ap_uint<512> Ones = -1;
  EXPECT_EQ((Ones / 3).to_string(16), "0x" + std::string(128, '5'));
  EXPECT_EQ(Ones % 3, 0);
  EXPECT_EQ(ap_uint<8>(200) / ap_int<4>(-2), -100);
  EXPECT_EQ(ap_int<8>(-7) / 2, -3);
  EXPECT_EQ(ap_int<8>(-7) % 2, -1);
  EXPECT_EQ(ap_int<8>(7) % -2, 1);
}

TEST(ApIntTest, ShiftsAcrossWordBoundaries) {
  EXPECT_EQ((ap_uint<128>(1) << 64).range(127, 64), 1);
  EXPECT_EQ((ap_uint<128>(1) << 64).range(63, 0), 0);
  EXPECT_TRUE((ap_uint<128>(1) << 127)[127]);
  EXPECT_EQ(ap_uint<128>(1) << 128, 0);
  EXPECT_EQ((ap_uint<128>(3) << 63).range(64, 63), 3);
  ap_uint<128> Bit100 = ap_uint<128>(1) << 100;
  EXPECT_EQ(Bit100 >> 37, 1ull << 63);
  EXPECT_EQ(Bit100 >> 100, 1);
  EXPECT_EQ(Bit100 >> 101, 0);

  EXPECT_EQ(ap_int<100>(-8) >> 2, -2);
  EXPECT_EQ(ap_int<100>(-1) >> 99, -1);
  EXPECT_EQ(ap_int<100>(-1) >> 200, -1);
  EXPECT_EQ(ap_int<100>(1) << 99, ap_int<100>(-1) << 99); // the sign bit
  EXPECT_EQ(ap_uint<100>(-1) >> 99, 1);
  // A negative signed amount shifts the other way.
  EXPECT_EQ(ap_uint<16>(8) << -3, 1);
  EXPECT_EQ(ap_uint<16>(1) >> ap_int<4>(-2), 4);
  EXPECT_EQ(ap_uint<16>(1) << ap_uint<4>(15), 0x8000);
  EXPECT_EQ(ap_uint<16>(1) >> (ap_int<128>(-1) << 64), 0);  // left by 2^64
  EXPECT_EQ(ap_int<16>(-1) << (ap_int<128>(-1) << 64), -1); // right by 2^64
  EXPECT_EQ(ap_uint<16>(1) << ap_int<64>(std::numeric_limits<int64_t>::min()), 0);
  // The result keeps the left operand's type.
  static_assert(IsType<decltype(ap_uint<8>() << 4), 8, false>, "");
  static_assert(IsType<decltype(ap_int<8>() >> ap_uint<100>()), 8, true>, "");
  EXPECT_EQ(ap_uint<8>(0x81) << 1, 2);

  std::mt19937_64 Rand(4);
  for (int By = 0; By < 128; ++By) {
    U128 X = randomU128(Rand);
    EXPECT_EQ(toU128(fromU128(X) << By), X << By);
    EXPECT_EQ(toU128(fromU128(X) >> By), X >> By);
    EXPECT_EQ(toI128(fromI128(I128(X)) >> By), I128(X) >> By);
  }
  ap_uint<1024> Y = 1;
  Y <<= 1000;
  EXPECT_EQ(Y.countLeadingZeros(), 23);
  Y >>= 999;
  EXPECT_EQ(Y, 2);
}

TEST(ApIntTest, RangeAcrossWordBoundary) {
  ap_uint<128> X;
  X.range(70, 60) = 0x7FF;
  EXPECT_EQ(X.range(63, 0).to_uint64(), 0xF000000000000000ull);
  EXPECT_EQ(X.range(127, 64), 0x7F);
  EXPECT_EQ(X.range(70, 60), 0x7FF);
  EXPECT_EQ(X(71, 59), 0x7FF << 1);
  EXPECT_EQ(X.range(70, 60).length(), 11);
  X.range(70, 60) = ap_int<4>(-2); // extended: 0x7FE
  EXPECT_EQ(X.range(70, 60), 0x7FE);

  ap_uint<128> Y = fromU128(~U128(0));
  Y.range(70, 60) = 0;
  EXPECT_TRUE(Y.range(59, 0).and_reduce());
  EXPECT_TRUE(Y.range(127, 71).and_reduce());
  EXPECT_TRUE(Y.range(70, 60).iszero());
  // A range longer than a word.
  Y.range(127, 1) = Y.range(126, 0);
  EXPECT_EQ(Y.range(71, 61), 0);
  EXPECT_TRUE(Y[60] && Y[72]);

  // Reversed when Hi < Lo: bit Lo is the range's lowest.
  ap_uint<8> Z = 1;
  EXPECT_EQ(Z.range(0, 3), 8);
  Z.range(0, 3) = 1; // bits 0..3 become 1000
  EXPECT_EQ(Z, 8);
  ap_uint<100> R = 0;
  R.range(30, 90) = 1;
  EXPECT_TRUE(R[90]);
  EXPECT_EQ(R.range(90, 30), ap_uint<100>(1) << 60);

  // Writing the top bit of an ap_int sets its sign.
  ap_int<70> S = 0;
  S.range(69, 64) = 0x3F;
  EXPECT_LT(S, 0);
  EXPECT_EQ(S.to_string(10), "-18446744073709551616");

  // The patterns the HLS back end writes.
  const ap_uint<512> Word = fromU128((U128(0x11223344) << 96) | 0xAABBCCDDull);
  EXPECT_EQ(ap_uint<32>(Word.range(31, 0)), 0xAABBCCDDu);
  EXPECT_EQ(ap_uint<32>(Word.range(32 * 3 + 31, 32 * 3)).to_uint(), 0x11223344u);
  unsigned Lane = Word.range(31, 0);
  EXPECT_EQ(Lane, 0xAABBCCDDu);
  ap_uint<512> Beat;
  for (int L = 0; L < 16; ++L)
    Beat.range(32 * L + 31, 32 * L) = ap_uint<32>(L + 1);
  EXPECT_EQ(Beat.range(511, 480), 16);
  EXPECT_EQ(Beat(ap_uint<10>(63), ap_uint<10>(32)), 2);
  EXPECT_TRUE(Beat.range(31, 0).xor_reduce());

  // A range takes part in arithmetic as ap_uint of the value's width.
  ap_uint<16> V = 0x1234;
  EXPECT_EQ(V.range(7, 0) + 1, 0x35);
  EXPECT_EQ(V(15, 8) * V(7, 0), 0x12 * 0x34);
  V.range(3, 0) += 1;
  EXPECT_EQ(V, 0x1235);
  V.range(15, 12) = V.range(3, 0);
  EXPECT_EQ(V, 0x5235);
  ap_uint<16> All = V.range();
  EXPECT_EQ(All, V);
}

TEST(ApIntTest, Concatenation) {
  // UG1399's example.
  ap_int<3> Val1 = -3;
  ap_int<7> Val2 = 54;
  ap_uint<10> Result = (Val2, Val1);
  EXPECT_EQ(Result, 0x1B5);
  Result = Val1.concat(Val2);
  EXPECT_EQ(Result, 0x2B6);
  (Val1, Val2) = 0xAB;
  EXPECT_EQ(Val1, 1);
  EXPECT_EQ(Val2, 43);
  static_assert(decltype((Val1, Val2))::width == 10, "W1 + W2");
  EXPECT_EQ((Val1, Val2).length(), 10);

  uint64_t Hi = 0x0123456789ABCDEFull, Lo = 0xFEDCBA9876543210ull;
  ap_uint<128> Both = (ap_uint<64>(Hi), ap_uint<64>(Lo));
  EXPECT_EQ(toU128(Both), (U128(Hi) << 64) | Lo);
  ap_uint<64> H, L;
  (H, L) = Both;
  EXPECT_EQ(H, Hi);
  EXPECT_EQ(L, Lo);
  EXPECT_EQ((ap_uint<4>(0xA), ap_uint<8>(0xBC), ap_uint<4>(0xD)), 0xABCD);
  // Parts that straddle words.
  ap_uint<100> A = -1;
  ap_uint<30> B = 0;
  ap_uint<130> AB = (A, B);
  EXPECT_TRUE(AB.range(129, 30).and_reduce());
  EXPECT_TRUE(AB.range(29, 0).iszero());

  // A range counts with its length; bits with one.
  ap_uint<4> AA = 0xA;
  ap_uint<8> BB = 0xCB;
  ap_uint<8> Packed = (AA, BB(3, 0));
  EXPECT_EQ(Packed, 0xAB);
  ap_uint<12> Three = (AA, ap_uint<4>(0xB), BB(7, 4));
  EXPECT_EQ(Three, 0xABC);
  EXPECT_EQ((AA[3], BB[0], BB[2]), 0b110);
  (BB(7, 4), AA) = 0x5F;
  EXPECT_EQ(BB, 0x5B);
  EXPECT_EQ(AA, 0xF);
  (AA[0], BB[7]) = 0b01;
  EXPECT_EQ(AA, 0xE);
  EXPECT_EQ(BB, 0xDB);
  EXPECT_EQ((AA, BB) + 1, 0xEDC);
}

TEST(ApIntTest, Strings) {
  EXPECT_EQ(ap_uint<8>("ff", 16), 255);
  EXPECT_EQ(ap_uint<8>("0xff"), 255);
  EXPECT_EQ(ap_uint<8>("0XFF", 16), 255);
  EXPECT_EQ(ap_uint<8>("0b1010"), 10);
  EXPECT_EQ(ap_uint<8>("1010", 2), 10);
  EXPECT_EQ(ap_uint<8>("0b1010", 2), 10);
  EXPECT_EQ(ap_uint<8>("0o17"), 15);
  EXPECT_EQ(ap_uint<8>("777", 8), 255);   // 511, wrapped
  EXPECT_EQ(ap_uint<8>("0b1", 16), 0xB1); // a prefix that names another radix is digits
  EXPECT_EQ(ap_uint<8>("  42 "), 42);
  EXPECT_EQ(ap_int<8>("-5"), -5);
  EXPECT_EQ(ap_int<8>("-0x80"), -128);
  EXPECT_EQ(ap_int<8>("+127"), 127);
  ap_uint<128> Max = "340282366920938463463374607431768211455";
  EXPECT_TRUE(Max.and_reduce());
  ap_uint<16> Assigned;
  Assigned = "0x1234";
  EXPECT_EQ(Assigned, 0x1234);

  EXPECT_EQ(ap_uint<8>(10).to_string(), "0b1010");
  EXPECT_EQ(ap_uint<8>(10).to_string(16), "0xa");
  EXPECT_EQ(ap_uint<8>(10).to_string(8), "0o12");
  EXPECT_EQ(ap_uint<8>(10).to_string(10), "10");
  EXPECT_EQ(ap_uint<8>(0).to_string(16), "0x0");
  EXPECT_EQ(ap_int<8>(-5).to_string(10), "-5");
  EXPECT_EQ(ap_int<8>(-5).to_string(16), "-0x5");
  EXPECT_EQ(ap_int<8>(-5).to_string(16, false), "0xfb");
  EXPECT_EQ(ap_int<8>(-5).to_string(10, false), "251");
  EXPECT_EQ(ap_int<8>(-5).to_string(2), "0b11111011"); // never signed in binary
  EXPECT_EQ(ap_int<8>(-128).to_string(10), "-128");
  EXPECT_EQ(ap_uint<100>(1).to_string(8), "0o1");
  EXPECT_EQ((ap_uint<100>(1) << 99).to_string(8), "0o1" + std::string(33, '0'));

  std::mt19937_64 Rand(5);
  for (int I = 0; I < 50; ++I) {
    ap_uint<1024> X = randomAp<1024>(Rand) >> (Rand() % 1024);
    EXPECT_EQ(ap_uint<1024>(X.to_string(10).c_str()), X);
    EXPECT_EQ(ap_uint<1024>(X.to_string(16).c_str(), 16), X);
    EXPECT_EQ(ap_uint<1024>(X.to_string(8).c_str(), 8), X);
    EXPECT_EQ(ap_uint<1024>(X.to_string(2).c_str()), X);
    ap_int<1024> Neg = -ap_int<1024>(X >> 1);
    EXPECT_EQ(ap_int<1024>(Neg.to_string(10).c_str()), Neg);
  }

  std::ostringstream OS;
  OS << ap_int<100>(-5) << ' ' << ap_uint<8>(200) << ' ' << ap_int<8>(-1) << ' ' << std::hex
     << ap_uint<16>(255) << ' ' << std::showbase << ap_uint<100>(255) << ' ' << std::dec
     << ap_uint<8>(7).range(3, 0);
  EXPECT_EQ(OS.str(), "-5 200 -1 ff 0xff 7");
}

TEST(ApIntTest, ResultWidths) {
  using U8 = ap_uint<8>;
  using I8 = ap_int<8>;
  static_assert(IsType<decltype(U8() + U8()), 9, false>, "");
  static_assert(IsType<decltype(I8() + I8()), 9, true>, "");
  static_assert(IsType<decltype(U8() + I8()), 10, true>, "the unsigned one counts W+1");
  static_assert(IsType<decltype(U8() + ap_uint<20>()), 21, false>, "");
  static_assert(IsType<decltype(U8() - U8()), 9, true>, "minus is signed");
  static_assert(IsType<decltype(U8() * ap_uint<16>()), 24, false>, "");
  static_assert(IsType<decltype(I8() * U8()), 16, true>, "");
  static_assert(IsType<decltype(U8() / ap_uint<4>()), 8, false>, "");
  static_assert(IsType<decltype(U8() / ap_int<4>()), 9, true>, "");
  static_assert(IsType<decltype(U8() % ap_uint<4>()), 4, false>, "");
  static_assert(IsType<decltype(I8() % ap_uint<4>()), 5, true>, "");
  static_assert(IsType<decltype(ap_uint<4>() % I8()), 4, false>, "");
  static_assert(IsType<decltype(U8() & ap_uint<16>()), 16, false>, "");
  static_assert(IsType<decltype(U8() | I8()), 9, true>, "");
  static_assert(IsType<decltype(U8() ^ ap_int<16>()), 16, true>, "");
  static_assert(IsType<decltype(U8() + 1), 33, true>, "an int is ap_int<32>");
  static_assert(IsType<decltype(U8() + 1u), 33, false>, "");
  static_assert(IsType<decltype(1u * ap_int<40>()), 72, true>, "");
  static_assert(IsType<decltype(U8() + true), 9, false>, "");
  static_assert(IsType<decltype(U8() * (long long)1), 72, true>, "");
  static_assert(IsType<decltype(-U8()), 9, true>, "");
  static_assert(IsType<decltype(~I8()), 8, true>, "");
  static_assert(IsType<decltype(+U8()), 8, false>, "");
  static_assert(IsType<decltype(ap_uint<512>().range(7, 0) + 1), 514, true>, "");
  static_assert(IsType<U8::RType<8, true>::plus, 10, true>, "AMD's RType");
  EXPECT_EQ(decltype(U8() + I8())::length(), 10);
  EXPECT_EQ((U8() * ap_uint<100>()).length(), 108);
  EXPECT_EQ((ap_uint<1024>() + ap_uint<1024>()).length(), 1025);

  // The widths hold the values.
  EXPECT_EQ(U8(255) + I8(-128), 127);
  EXPECT_EQ(U8(0) - U8(255), -255);
  EXPECT_EQ(U8(255) - I8(-128), 383);
  EXPECT_EQ(U8(255) * I8(-128), -32640);
  EXPECT_EQ(U8(255) | I8(-128), -1);
  EXPECT_EQ(U8(255) & I8(-128), 128);
}

enum Small { Seven = 7 };

TEST(ApIntTest, MixedCIntegerOperands) {
  EXPECT_EQ(ap_uint<8>(200) + 100, 300);
  EXPECT_EQ(ap_int<8>(-1) * 3u, -3);
  EXPECT_EQ(5 - ap_uint<4>(7), -2);
  EXPECT_EQ(ap_int<70>(-1) + 1ull, 0);
  EXPECT_EQ(ap_uint<8>(3) + true, 4);
  EXPECT_EQ(ap_uint<8>(3) * 'a', 3 * 'a');
  EXPECT_EQ(short(-2) * ap_uint<100>(5), -10);
  EXPECT_EQ(ap_uint<8>(Seven), 7);
  EXPECT_EQ(ap_uint<8>(1) + Seven, 8);
  EXPECT_EQ(1000000 / ap_uint<8>(7), 142857);
  EXPECT_EQ(ap_uint<8>(0xF0) & 0x3C, 0x30);
  EXPECT_EQ(ap_uint<8>(0xF0) ^ -1, ~0xF0);

  ap_uint<8> A = 250;
  A += 10;
  EXPECT_EQ(A, 4);
  A -= 5;
  EXPECT_EQ(A, 255);
  A *= 2;
  EXPECT_EQ(A, 254);
  A /= 3;
  EXPECT_EQ(A, 84);
  A %= 10;
  EXPECT_EQ(A, 4);
  A <<= 6;
  EXPECT_EQ(A, 0);
  A |= 0x81;
  A &= 0x0F;
  A ^= ap_uint<2>(3);
  EXPECT_EQ(A, 2);
  ap_int<8> SA = 100;
  SA += SA;
  EXPECT_EQ(SA, -56);
  SA >>= 2;
  EXPECT_EQ(SA, -14);
  ap_uint<100> B = 1;
  B <<= 99;
  B >>= 98;
  EXPECT_EQ(B, 2);
  (B += 3) *= 2;
  EXPECT_EQ(B, 10);

  // Floating point.
  EXPECT_EQ(ap_int<8>(-3) * 0.5, -1.5);
  EXPECT_EQ(1.0f + ap_uint<4>(2), 3.0f);
  EXPECT_TRUE(ap_int<8>(-3) < 0.5);
  EXPECT_TRUE(0.5 < ap_uint<100>(1));
  EXPECT_EQ((ap_uint<100>(1) << 80).to_double(), std::ldexp(1.0, 80));
  EXPECT_EQ(ap_int<100>(-3).to_double(), -3.0);
  EXPECT_EQ(ap_int<8>(-3.7), -3);
  EXPECT_EQ(ap_uint<8>(300.5), 44);
  EXPECT_EQ(ap_uint<8>(std::nan("")), 0);
  EXPECT_EQ(ap_uint<128>(1e20).to_string(10), "100000000000000000000");
  EXPECT_EQ(ap_int<128>(-1e20).to_string(10), "-100000000000000000000");
  EXPECT_EQ(ap_uint<1024>(std::ldexp(1.0, 1000)), ap_uint<1024>(1) << 1000);
  EXPECT_EQ(ap_uint<16>(_Float16(3.5)), 3);
  // Rounded to nearest, ties to even, from beyond 64 bits.
  ap_uint<128> Tie = (ap_uint<128>(1) << 100) + (ap_uint<128>(1) << 47);
  EXPECT_EQ(Tie.to_double(), std::ldexp(1.0, 100));
  EXPECT_EQ(ap_uint<128>(Tie + 1).to_double(), std::ldexp(1.0, 100) + std::ldexp(1.0, 48));
  ap_uint<128> FTie = (ap_uint<128>(1) << 100) + (ap_uint<128>(1) << 76);
  EXPECT_EQ(FTie.to_float(), std::ldexp(1.0f, 100));
  EXPECT_EQ(ap_uint<128>(FTie + 1).to_float(), std::ldexp(1.0f, 100) + std::ldexp(1.0f, 77));
}

TEST(ApIntTest, ComparisonsOfMixedSignedness) {
  EXPECT_TRUE(ap_int<8>(-1) < ap_uint<8>(1));
  EXPECT_TRUE(ap_int<8>(-1) != ap_uint<8>(255));
  EXPECT_TRUE(ap_uint<64>(~0ull) > ap_int<64>(-1));
  EXPECT_TRUE(ap_uint<8>(255) != -1);
  EXPECT_TRUE(ap_uint<32>(0xFFFFFFFFu) != -1);
  EXPECT_TRUE(ap_int<100>(-1) < 0u);
  EXPECT_TRUE(-1 < ap_uint<100>(0));
  EXPECT_TRUE(ap_uint<100>(5) == 5);
  EXPECT_TRUE(ap_int<100>(-5) <= -5 && ap_int<100>(-5) >= -5);
  EXPECT_FALSE(ap_int<100>(-5) > -5);
  EXPECT_TRUE(ap_uint<1024>(-1) > ap_int<8>(127));
  EXPECT_TRUE(ap_int<1024>(-1) < ap_uint<1>(0));
  EXPECT_TRUE(ap_uint<7>(5) == ap_int<100>(5));
  EXPECT_TRUE(ap_int<65>(-1) < ap_int<64>(0));
  EXPECT_TRUE((ap_uint<65>(1) << 64) > ap_uint<64>(~0ull));
  EXPECT_TRUE(ap_int<3>(-4) < ap_int<200>(-3));
  EXPECT_TRUE(ap_int<200>(-4) < ap_int<3>(-3));
  ap_uint<16> X = 0x1234;
  EXPECT_TRUE(X.range(7, 0) == 0x34);
  EXPECT_TRUE(X.range(15, 8) < X.range(7, 0));
}

TEST(ApIntTest, BitAccess) {
  ap_uint<100> X;
  X[99] = 1;
  X[3] = true;
  X.bit(64) = X[3];
  EXPECT_TRUE(X[64]);
  EXPECT_TRUE(X.get_bit(99));
  EXPECT_TRUE(X.test(3));
  EXPECT_FALSE(X[2]);
  X.set_bit(0, true);
  X.set(1);
  X.clear(0);
  X.invert(2);
  EXPECT_EQ(X.range(3, 0), 0b1110);
  EXPECT_FALSE(~X[2]);
  X[2] = ap_uint<100>(1) << 99; // nonzero: 1
  X[1] = 0;
  EXPECT_EQ(X.range(3, 0), 0b1100);
  const ap_uint<100> C = X;
  bool Top = C[99];
  EXPECT_TRUE(Top);
  EXPECT_FALSE(C.bit(98));
  ap_uint<8> Y = 0;
  Y[1] = X[99]; // across types
  EXPECT_EQ(Y, 2);
  ap_uint<4> FromBit = X[99];
  EXPECT_EQ(FromBit, 1);
  X.b_not();
  EXPECT_FALSE(X[99]);

  ap_int<8> S = 0;
  S[7] = 1;
  EXPECT_EQ(S, -128);
  S[7] = 0;
  EXPECT_EQ(S, 0);
  ap_int<65> T = 0;
  T.set(64);
  EXPECT_EQ(T.to_int64(), 0);
  EXPECT_TRUE(T.sign());
  EXPECT_LT(T, 0);
  EXPECT_EQ(T[ap_uint<7>(64)], true);
}

TEST(ApIntTest, ConversionsAndQueries) {
  ap_int<100> M = -5;
  EXPECT_EQ(M.to_int(), -5);
  EXPECT_EQ(M.to_uint(), 0xFFFFFFFBu);
  EXPECT_EQ(M.to_long(), -5l);
  EXPECT_EQ(M.to_ulong(), ~0ul - 4);
  EXPECT_EQ(M.to_int64(), -5ll);
  EXPECT_EQ(M.to_uint64(), ~0ull - 4);
  EXPECT_EQ(M.to_short(), -5);
  EXPECT_EQ(M.to_uchar(), 251);
  EXPECT_EQ(M.to_double(), -5.0);
  EXPECT_EQ(M.to_float(), -5.0f);
  EXPECT_TRUE(M.to_bool());
  EXPECT_EQ(ap_uint<100>(ap_uint<100>(1) << 70).to_uint64(), 0u);

  static_assert(std::is_same<ap_uint<8>::RetType, unsigned char>::value, "");
  static_assert(std::is_same<ap_int<8>::RetType, signed char>::value, "");
  static_assert(std::is_same<ap_int<12>::RetType, short>::value, "");
  static_assert(std::is_same<ap_uint<17>::RetType, unsigned>::value, "");
  static_assert(std::is_same<ap_int<33>::RetType, long long>::value, "");
  static_assert(std::is_convertible<ap_uint<64>, unsigned long long>::value, "");
  static_assert(!std::is_convertible<ap_uint<65>, unsigned long long>::value, "");
  static_assert(!std::is_convertible<ap_uint<100>, bool>::value, "");
  static_assert(std::is_constructible<bool, ap_uint<100>>::value, "explicitly");
  if (ap_uint<100>(0) || !ap_uint<100>(2))
    ADD_FAILURE() << "a 100-bit value as bool";
  long long L = ap_int<64>(-7);
  EXPECT_EQ(L, -7);

  EXPECT_TRUE(ap_uint<65>(-1).and_reduce());
  EXPECT_FALSE(ap_uint<65>(ap_uint<65>(-1) - 1).and_reduce());
  EXPECT_TRUE(ap_uint<8>(7).xor_reduce());
  EXPECT_FALSE(ap_uint<100>(3).xor_reduce());
  EXPECT_TRUE(ap_uint<100>(0).iszero());
  EXPECT_FALSE(ap_uint<100>(0).or_reduce());
  EXPECT_TRUE(ap_uint<100>(0).nor_reduce());
  EXPECT_TRUE(ap_int<8>(-1).sign());
  EXPECT_FALSE(ap_uint<8>(255).sign());
  EXPECT_EQ(ap_uint<8>(1).reverse(), 128);
  ap_uint<100> R = 1;
  R.reverse();
  EXPECT_TRUE(R[99]);
  EXPECT_EQ(R.countLeadingZeros(), 0);
  EXPECT_EQ(ap_uint<100>(1).countLeadingZeros(), 99);
  EXPECT_EQ((ap_uint<65>(1) << 64).countLeadingZeros(), 0);
  EXPECT_EQ(ap_uint<65>(1).countLeadingZeros(), 64);
  EXPECT_EQ(ap_int<8>(-1).countLeadingZeros(), 0);
  EXPECT_EQ(ap_uint<8>(0x81).lrotate(1), 0x03);
  EXPECT_EQ(ap_uint<8>(0x81).rrotate(1), 0xC0);
  ap_uint<100> Rot = 1;
  Rot.rrotate(1);
  EXPECT_TRUE(Rot[99]);
}

TEST(ApIntTest, IncrementDecrementAndUnary) {
  ap_uint<8> X = 255;
  EXPECT_EQ(X++, 255);
  EXPECT_EQ(X, 0);
  EXPECT_EQ(--X, 255);
  EXPECT_EQ(X--, 255);
  EXPECT_EQ(++X, 255);
  ap_int<65> Y = -1;
  EXPECT_EQ(++Y, 0);
  EXPECT_EQ(--Y, -1);
  ap_uint<128> Z = ~0ull;
  ++Z;
  EXPECT_EQ(Z.range(127, 64), 1);
  --Z;
  EXPECT_EQ(Z, ~0ull);
  ap_int<3> Wrap = 3;
  ++Wrap;
  EXPECT_EQ(Wrap, -4);

  EXPECT_EQ(-ap_uint<8>(5), -5);
  EXPECT_EQ(-ap_int<8>(-128), 128);
  EXPECT_EQ(~ap_uint<4>(5), 10);
  EXPECT_EQ(~ap_int<100>(0), -1);
  EXPECT_TRUE(!ap_uint<100>(0));
  EXPECT_FALSE(!ap_uint<100>(ap_uint<100>(1) << 80));
}

} // namespace
