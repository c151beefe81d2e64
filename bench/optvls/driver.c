/* The OptVLS ratio table's timing program (bench/optvls/run.sh builds and
 * runs it): every build of shapes.c is linked into this one process; for
 * each kernel, table size and index order, the builds run on the same
 * buffers, their outputs are checked bit for bit against plain
 * -march=native, then they are timed in rounds whose order alternates
 * (forward, backward; a plugin build runs next to its plain build, so that
 * their ratio in one round sees the same machine), and every round's time
 * is printed per build:
 *   kernel<TAB>table<TAB>order<TAB>build<TAB>ns per element, one per round
 * Usage: t2s-optvls-ratio [rounds [kernel-prefix]]; 0 rounds: check only. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef void (*Gather)(const void *, const int *, void *, int);
typedef void (*Scatter)(void *, const int *, const void *, int);

#define DECLARE_BUILD(V)                                                       \
  void p2_f32_##V(), p2_f64_##V(), g2_f32_##V(), g3_f32_##V(), g4_f32_##V(),  \
      g2_f64_##V(), g3_f64_##V(), g4_f64_##V(), g4_i16_##V(), g4_i8_##V(),     \
      s2_f32_##V(), s2_f64_##V(), s3_f64_##V(), floor_f64_##V();
DECLARE_BUILD(plain_native)
DECLARE_BUILD(plain_v3)
DECLARE_BUILD(scalar)
DECLARE_BUILD(optvls_native)
DECLARE_BUILD(optvls_v3)
void p2_f64_hand(), g2_f64_hand(), g3_f64_hand(), g2_f32_hand();

enum { Builds = 6 };
static const char *BuildNames[Builds] = {"plain_native", "optvls_native", "scalar",
                                         "hand", "plain_v3", "optvls_v3"};

typedef struct {
  const char *Name;
  int IsScatter;
  int RecordBytes; /* bytes one index addresses (pairs: one element) */
  int ElemBytes;   /* of the scattered stream */
  int OutBytes;    /* of one output element (gathers) */
  int Pair;        /* reads x[j + 1] too */
  void (*F[Builds])();
} Kernel;

#define BUILDS(K, H) {K##_plain_native, K##_optvls_native, K##_scalar, H, K##_plain_v3, K##_optvls_v3}
static Kernel Kernels[] = {
    {"p2_f32", 0, 4, 4, 4, 1, BUILDS(p2_f32, 0)},
    {"p2_f64", 0, 8, 8, 8, 1, BUILDS(p2_f64, p2_f64_hand)},
    {"g2_f32", 0, 8, 4, 4, 0, BUILDS(g2_f32, g2_f32_hand)},
    {"g3_f32", 0, 12, 4, 4, 0, BUILDS(g3_f32, 0)},
    {"g4_f32", 0, 16, 4, 4, 0, BUILDS(g4_f32, 0)},
    {"g2_f64", 0, 16, 8, 8, 0, BUILDS(g2_f64, g2_f64_hand)},
    {"g3_f64", 0, 24, 8, 8, 0, BUILDS(g3_f64, g3_f64_hand)},
    {"g4_f64", 0, 32, 8, 8, 0, BUILDS(g4_f64, 0)},
    {"g4_i16", 0, 8, 2, 4, 0, BUILDS(g4_i16, 0)},
    {"g4_i8", 0, 4, 1, 4, 0, BUILDS(g4_i8, 0)},
    {"s2_f32", 1, 8, 4, 0, 0, BUILDS(s2_f32, 0)},
    {"s2_f64", 1, 16, 8, 0, 0, BUILDS(s2_f64, 0)},
    {"s3_f64", 1, 24, 8, 0, 0, BUILDS(s3_f64, 0)},
    {"floor_f64", 0, 8, 8, 8, 0, BUILDS(floor_f64, 0)},
};

/* Table sizes: resident in L1, L2, L3, or in DRAM only. */
static const struct { const char *Name; size_t Bytes; } Tables[] = {
    {"L1", 16 << 10}, {"L2", 256 << 10}, {"L3", 8 << 20}, {"DRAM", 128 << 20}};

enum { Accesses = 1 << 20, Hand = 3 };

static uint64_t Rng = 0x9E3779B97F4A7C15u;
static uint32_t rnd(void) { /* xorshift64* */
  Rng ^= Rng >> 12, Rng ^= Rng << 25, Rng ^= Rng >> 27;
  return (uint32_t)((Rng * 2685821657736338717u) >> 32);
}

static int cmpInt(const void *A, const void *B) {
  int X = *(const int *)A, Y = *(const int *)B;
  return (X > Y) - (X < Y);
}

static double now(void) {
  struct timespec T;
  clock_gettime(CLOCK_MONOTONIC, &T);
  return T.tv_sec * 1e9 + T.tv_nsec;
}

static uint64_t hash(const void *P, size_t N) { /* FNV-1a */
  uint64_t H = 1469598103934665603u;
  for (size_t I = 0; I < N; ++I)
    H = (H ^ ((const unsigned char *)P)[I]) * 1099511628211u;
  return H;
}

static char *Table, *Out, *Stream;
static int *Idx, *Perm;

/* One call of build B, Reps times over the same indices. */
static void run(const Kernel *K, int B, int N, int Reps) {
  for (int R = 0; R < Reps; ++R)
    if (K->IsScatter)
      ((Scatter)K->F[B])(Out, Idx, Stream, N);
    else
      ((Gather)K->F[B])(Table, Idx, Out, N);
}

int main(int Argc, char **Argv) {
  int Rounds = Argc > 1 ? atoi(Argv[1]) : 7;
  const char *Only = Argc > 2 ? Argv[2] : "";
  size_t Max = Tables[sizeof Tables / sizeof *Tables - 1].Bytes;
  int HaveHand = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  Table = malloc(Max + 64), Out = malloc(Max + 64), Stream = malloc(8 * Accesses);
  Idx = malloc(sizeof(int) * Accesses), Perm = malloc(sizeof(int) * (Max / 4));
  /* Floats in [1, 2): read as doubles they are normal numbers too, read as
   * integers anything; no NaN, infinity or subnormal anywhere. */
  for (size_t I = 0; I < Max / 4 + 16; ++I) {
    float V = 1.0f + (float)(rnd() >> 8) / (1 << 24);
    memcpy(Table + 4 * I, &V, 4);
  }
  memcpy(Stream, Table, 8 * Accesses);
  for (unsigned KI = 0; KI < sizeof Kernels / sizeof *Kernels; ++KI) {
    const Kernel *K = &Kernels[KI];
    if (strncmp(K->Name, Only, strlen(Only)))
      continue;
    for (unsigned TI = 0; TI < sizeof Tables / sizeof *Tables; ++TI) {
      size_t Records = Tables[TI].Bytes / K->RecordBytes - (K->Pair ? 1 : 0);
      for (int Sorted = 0; Sorted < 2; ++Sorted) {
        int N = Accesses;
        if (K->IsScatter) {
          /* Distinct records: the first N of a random permutation. */
          N = Records < (size_t)Accesses ? (int)Records : Accesses;
          for (size_t I = 0; I < Records; ++I)
            Perm[I] = (int)I;
          for (size_t I = 0; I < (size_t)N; ++I) {
            size_t J = I + rnd() % (Records - I);
            int T = Perm[I];
            Perm[I] = Perm[J], Perm[J] = T;
          }
          memcpy(Idx, Perm, sizeof(int) * N);
        } else {
          for (int I = 0; I < N; ++I)
            Idx[I] = (int)(rnd() % Records);
        }
        if (Sorted)
          qsort(Idx, N, sizeof(int), cmpInt);
        int Reps = Accesses / N;
        size_t OutBytes = K->IsScatter ? Records * K->RecordBytes : (size_t)N * K->OutBytes;
        /* Every build must produce plain -march=native's bytes. */
        uint64_t Want = 0;
        int Have[Builds];
        for (int B = 0; B < Builds; ++B) {
          Have[B] = K->F[B] && (B != Hand || HaveHand);
          if (!Have[B])
            continue;
          memset(Out, 0, OutBytes);
          run(K, B, N, 1);
          uint64_t H = hash(Out, OutBytes);
          if (B == 0)
            Want = H;
          else if (H != Want) {
            fprintf(stderr, "%s: %s differs from plain_native (%s, %s)\n", K->Name,
                    BuildNames[B], Tables[TI].Name, Sorted ? "sorted" : "random");
            return 1;
          }
        }
        if (Rounds == 0) {
          printf("%s\t%s\t%s\tequal\n", K->Name, Tables[TI].Name, Sorted ? "sorted" : "random");
          continue;
        }
        double T[Builds][64];
        if (Rounds > 64)
          Rounds = 64;
        for (int R = 0; R < Rounds; ++R)
          for (int I = 0; I < Builds; ++I) {
            int B = R % 2 ? Builds - 1 - I : I;
            if (!Have[B])
              continue;
            double T0 = now();
            run(K, B, N, Reps);
            T[B][R] = (now() - T0) / ((double)N * Reps);
          }
        for (int B = 0; B < Builds; ++B) {
          if (!Have[B])
            continue;
          printf("%s\t%s\t%s\t%s", K->Name, Tables[TI].Name,
                 Sorted ? "sorted" : "random", BuildNames[B]);
          for (int R = 0; R < Rounds; ++R)
            printf("%c%.4f", R ? ',' : '\t', T[B][R]);
          printf("\n");
        }
        fflush(stdout);
      }
    }
  }
  return 0;
}
