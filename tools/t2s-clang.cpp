//===- t2s-clang.cpp - The T2S compiler driver ----------------------------===//
//
// Runs clang++ 19 with both T2S plugins and the runtime headers, forwarding
// every ordinary clang argument. The command line is parsed with clang's own
// option table (so '-o FILE', '-Xclang X' and inputs are what clang takes them
// for); what clang does not know is matched against t2s-clang's table
// (T2SClangOptions.td). The plugins, headers and templates are found
// relative to this executable, so the build tree and an installed tree work
// the same way. What a run does is its mode, a row of modeTable(): what the
// designs are printed as, which options go with it, and for a program the
// recipe of its build, which ProgramBuild runs.
//
//===----------------------------------------------------------------------===//

#include "backends/model/FPGADevices.h"
#include "language/Warnings.h"

#include "clang/Driver/Options.h"
#include "clang/Driver/Types.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Option/Arg.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/OptTable.h"
#include "llvm/Option/Option.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/xxhash.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <optional>
#include <unistd.h> // environ
#include <string>
#include <thread>
#include <vector>

namespace {

namespace own {
enum ID {
  OPT_INVALID = 0,
#define OPTION(...) LLVM_MAKE_OPT_ID(__VA_ARGS__),
#include "T2SClangOptions.inc"
#undef OPTION
};

#define PREFIX(NAME, VALUE)                                                    \
  constexpr llvm::StringLiteral NAME##_init[] = VALUE;                         \
  constexpr llvm::ArrayRef<llvm::StringLiteral> NAME(NAME##_init,              \
                                                     std::size(NAME##_init) - 1);
#include "T2SClangOptions.inc"
#undef PREFIX

using llvm::opt::DefaultVis;
constexpr llvm::opt::OptTable::Info Infos[] = {
#define OPTION(...) LLVM_CONSTRUCT_OPT_INFO(__VA_ARGS__),
#include "T2SClangOptions.inc"
#undef OPTION
};

// t2s-clang's own options.
class Table : public llvm::opt::GenericOptTable {
public:
  Table() : GenericOptTable(Infos) {}
};
} // namespace own

const own::Table &ownOptions() {
  static const own::Table T;
  return T;
}

using namespace clang::driver::options; // clang's option IDs (OPT_o, ...)

constexpr llvm::StringLiteral Overview =
    "t2s-clang - compile C++ with '#pragma t2s' loop nests into systolic arrays\n\n"
    "Every option t2s-clang does not know goes to clang++ 19 unchanged (-O2, -c, -o,\n"
    "-I, -D, -std=..., -Rpass=t2s..., ...). The plugins libT2SClang.so (front end)\n"
    "and libT2S.so (passes) are added, and the T2S runtime headers are on the\n"
    "include path.";

constexpr llvm::StringLiteral Epilogue = R"(
ENVIRONMENT:
  T2S_CLANGXX          clang++ to run instead of the one T2S was built with
  T2S_CACHE_DIR        (--emulate) where the precompiled emulation header and
                       the objects of unchanged kernels are kept (default:
                       the user's cache directory + /t2s; set empty: none)
  T2S_CACHE_OBJECTS    (--emulate) objects kept there at most (200)
  T2S_PROGRESS=1|0     a line as each step starts and ends, with its time (default:
                       when standard error is a terminal)
 Of the programs t2s-clang builds:
  T2S_EMU_STATS=1      (--emulate) after each run, every channel's values,
                       fill and waits (docs/emulation.md)
  T2S_EMU_CLOCK=1      (--emulate) after each run, each kernel's clock cycles,
                       stalls and the run's time at --fmax (docs/estimates.md)
  T2S_EMU_THREADS=N    (--emulate) worker threads that run the kernels'
                       fibers (default: one per core)
  T2S_OPENCL_PROGRAM   (--opencl, host stubs) the program to load instead of
                       the .cl next to the executable (e.g. aoc's .aocx)
  T2S_OPENCL_PLATFORM  (--opencl) the OpenCL platform whose name contains it
  T2S_OPENCL_PROFILE=1 (--opencl) each kernel's device time after each run
  T2S_XCLBIN           (--xrt) the .xclbin to load instead of <program>.xclbin
                       next to the executable
  T2S_XRT_DEVICE       (--xrt) the index of the AMD card to run on (default 0)
  XILINX_XRT           (--xrt) where XRT is installed (its setup.sh sets it)

CLANG'S OPTIONS pass through to clang++ 19 in every mode (-O2, -I, -D, -std=,
  -W..., @file, '-x c++ -', '--'); with --emulate, --opencl, --hls-sim and --xrt,
  -c makes one relocatable object of the program, its kernels and stubs, to
  link with the mode's libraries (t2s-clang says which).

WARNINGS (-W<group>, -Wno-<group>, -Werror=<group>; docs/language.md):
)";

constexpr llvm::StringLiteral Examples = R"(
DOCUMENTATION: docs/ of the T2S sources - first-design.md (a first design,
  step by step), language.md (directives, rules, warnings), emulation.md (the
  verification chain), estimates.md (the report's figures), hls.md (Vitis HLS,
  XRT), README.md.

EXAMPLES:
  t2s-clang -O2 gemm.cpp -o gemm && ./gemm
  t2s-clang --emulate -O2 gemm.cpp -o gemm-emu && ./gemm-emu
  t2s-clang --emit-opencl gemm.cpp -o gemm.cl --host-stub=gemm-host.cpp
  t2s-clang --hls-sim -O2 gemm.cpp -o gemm-hls && ./gemm-hls
  t2s-clang --emit-hls gemm.cpp -o gemm-hls.cpp --host-stub=gemm-xrt.cpp
  t2s-clang -O2 -c kernel.cpp -Rpass=t2s
)";

void printUsage() {
  ownOptions().printHelp(llvm::outs(), "t2s-clang [t2s options] [clang options] <inputs>",
                         Overview.data(), /*ShowHidden=*/false,
                         /*ShowAllAliases=*/false);
  llvm::outs() << Epilogue;
  for (llvm::StringRef G : t2s::WarningGroupNames)
    llvm::outs() << "  -W" << G << "\n";
  llvm::outs() << Examples;
}

// -Wt2s-x, -Wno-t2s-x, -Werror=t2s-x, -Wno-error=t2s-x: the flag without
// its "-W" for the plugin's -t2s-warn (Warnings.h); "" for an unknown T2S
// group; std::nullopt for any other argument (clang's own warnings).
std::optional<std::string> t2sWarningFlag(llvm::StringRef Arg) {
  if (!Arg.consume_front("-W"))
    return std::nullopt;
  llvm::StringRef Group = Arg;
  if (!Group.consume_front("error=") && !Group.consume_front("no-error="))
    Group.consume_front("no-");
  if (!Group.starts_with("t2s-"))
    return std::nullopt;
  return t2s::warningGroupNamed(Group) ? Arg.str() : std::string();
}

std::string t2sWarningList() {
  std::string Out;
  for (llvm::StringRef G : t2s::WarningGroupNames)
    Out += (Out.empty() ? "-W" : ", -W") + G.str();
  return Out;
}

// The formats --report= takes.
constexpr llvm::StringLiteral ReportFormats[] = {"text", "json"};

// An argument starting with "--" that clang does not know: the t2s-clang
// option it misspells, if one is at most two edits away ("--emitopencl" ->
// "--emit-opencl", "--hoststub=x" -> "--host-stub=x"); otherwise nothing, and
// it goes to clang, which says what it makes of it.
std::optional<std::string> misspelledOwnOption(llvm::StringRef Arg) {
  std::string Nearest;
  if (ownOptions().findNearest(Arg, Nearest, llvm::opt::Visibility(),
                               /*MinimumLength=*/4, /*MaximumDistance=*/2) > 2)
    return std::nullopt;
  return Nearest;
}

// One argument for clang as the user wrote it: its option in clang's table
// (OPT_INPUT for an input file, OPT_UNKNOWN for what clang does not know),
// its first value ("x.cl" of "-o x.cl" and of "-ox.cl") and its words.
struct ClangArg {
  unsigned ID;
  std::string Value;
  std::vector<std::string> Words;
};
using ClangArgs = std::vector<ClangArg>;

// The plugin's option \p Opt for the compiler proper only ('-Xclang -mllvm'):
// '-mllvm' reaches every step of a compilation, and with -save-temps the
// assembler's, which has no plugin and refuses the option.
std::vector<std::string> pluginOption(const std::string &Opt) {
  return {"-Xclang", "-mllvm", "-Xclang", Opt};
}

// The words of the arguments, leaving out those of the options \p Except.
std::vector<std::string> wordsOf(const ClangArgs &Args,
                                 std::initializer_list<unsigned> Except = {}) {
  std::vector<std::string> Out;
  for (const ClangArg &A : Args)
    if (!llvm::is_contained(Except, A.ID))
      Out.insert(Out.end(), A.Words.begin(), A.Words.end());
  return Out;
}

// The value of the last \p ID option ("-o"), if any.
std::optional<std::string> lastValue(const ClangArgs &Args, unsigned ID) {
  std::optional<std::string> V;
  for (const ClangArg &A : Args)
    if (A.ID == ID)
      V = A.Value;
  return V;
}

// The first argument that stops a build at an intermediate file (-c, -S,
// -E, -emit-llvm), if any.
const ClangArg *stopsEarly(const ClangArgs &Args) {
  for (const ClangArg &A : Args)
    if (llvm::is_contained({unsigned(OPT_c), unsigned(OPT_S), unsigned(OPT_E),
                            unsigned(OPT_emit_llvm)},
                           A.ID))
      return &A;
  return nullptr;
}

// The user's arguments for a compilation that only runs the passes (the
// report, the kernels): without -o, -c, -S and -emit-llvm, then
// '-S -emit-llvm -o /dev/null'.
std::vector<std::string> passesOnly(const ClangArgs &Args) {
  std::vector<std::string> Out = wordsOf(Args, {OPT_o, OPT_c, OPT_S, OPT_emit_llvm});
  for (const char *W : {"-S", "-emit-llvm", "-o", "/dev/null"})
    Out.push_back(W);
  return Out;
}

// Whether the input \p A is compiled (source or LLVM IR, by its extension or
// the -x before it) rather than only linked.
bool isCompiledInput(const ClangArgs &Args, const ClangArg &A) {
  namespace types = clang::driver::types;
  types::ID ByExtension =
      types::lookupTypeForExtension(llvm::sys::path::extension(A.Value).drop_front());
  types::ID Type = ByExtension;
  for (const ClangArg &B : Args) {
    if (&B == &A)
      break;
    if (B.ID == OPT_x)
      Type = B.Value == "none" ? ByExtension
                               : types::lookupTypeForTypeSpecifier(B.Value.c_str());
  }
  return Type != types::TY_INVALID && (types::isSrcFile(Type) || types::isLLVMIR(Type));
}

struct Layout {
  std::string LibDir;
  std::string IncludeDir;
  std::string PassPlugin;  // LibDir/libT2S.so
  std::string ClangPlugin; // LibDir/libT2SClang.so
  std::string ShareDir;    // share/t2s: the templates of the files builds keep
};

Layout findLayout(const char *Argv0) {
  std::string Exe =
      llvm::sys::fs::getMainExecutable(Argv0, reinterpret_cast<void *>(&findLayout));
  llvm::SmallString<256> BinDir(llvm::sys::path::parent_path(Exe));
  llvm::SmallString<256> Lib(BinDir), Include(BinDir), Share(BinDir);
  llvm::sys::path::append(Lib, T2S_BIN_TO_LIB);
  llvm::sys::path::append(Include, T2S_BIN_TO_INCLUDE);
  llvm::sys::path::append(Share, T2S_BIN_TO_DATA, "t2s");
  for (llvm::SmallString<256> *Dir : {&Lib, &Include, &Share})
    llvm::sys::path::remove_dots(*Dir, /*remove_dot_dot=*/true);
  llvm::SmallString<256> PassPlugin(Lib), ClangPlugin(Lib);
  llvm::sys::path::append(PassPlugin, "libT2S.so");
  llvm::sys::path::append(ClangPlugin, "libT2SClang.so");
  return {std::string(Lib), std::string(Include), std::string(PassPlugin),
          std::string(ClangPlugin), std::string(Share)};
}

std::string clangPath() {
  if (std::optional<std::string> Env = llvm::sys::Process::GetEnv("T2S_CLANGXX"))
    return *Env;
  return T2S_DEFAULT_CLANGXX;
}

// The environment of clang++. In the sanitizer configuration the plugins are
// instrumented but clang++ is not, so the sanitizer runtime must be preloaded.
std::optional<llvm::ArrayRef<llvm::StringRef>> childEnvironment() {
#ifdef T2S_ASAN_RUNTIME
  static std::vector<std::string> Storage;
  static std::vector<llvm::StringRef> Env;
  std::string Preload = T2S_ASAN_RUNTIME;
  bool HasAsanOptions = false;
  for (char **E = environ; *E; ++E) {
    llvm::StringRef Var(*E);
    if (Var.consume_front("LD_PRELOAD=")) {
      if (!Var.contains(T2S_ASAN_RUNTIME))
        Preload += ":" + Var.str();
      continue;
    }
    HasAsanOptions |= Var.starts_with("ASAN_OPTIONS=");
    Storage.push_back(*E);
  }
  Storage.push_back("LD_PRELOAD=" + Preload);
  if (!HasAsanOptions) // clang -cc1 frees nothing on purpose (-disable-free)
    Storage.push_back("ASAN_OPTIONS=detect_leaks=0");
  Env.assign(Storage.begin(), Storage.end());
  return llvm::ArrayRef<llvm::StringRef>(Env);
#else
  return std::nullopt;
#endif
}

int fail(const llvm::Twine &Message) {
  llvm::errs() << "t2s-clang: error: " << Message << "\n";
  return 2;
}

// --dry-run: a command, as it would run.
void printCommand(const std::vector<std::string> &Cmd) {
  for (size_t I = 0; I < Cmd.size(); ++I)
    llvm::outs() << (I ? " " : "") << Cmd[I];
  llvm::outs() << "\n";
}

// A failure inside the files t2s-clang writes itself is T2S's, not the
// design's: say so under the compiler's messages.
int internalError(int RC, llvm::StringRef What) {
  fail("the " + What + " t2s-clang emitted for this program do not compile "
       "(a T2S bug: every refusal should be an error in your file); please "
       "report it with the source");
  return RC;
}

// What --emulate keeps between builds, in a cache directory (T2S_CACHE_DIR,
// else the user's cache directory + /t2s; T2S_CACHE_DIR set empty: none):
//  - the emulation header (t2s/emulation.h) precompiled: parsing it is about
//    a third of compiling the kernels, and the same for every program;
//  - the objects of the kernels and host stubs last compiled from each
//    emitted text: a program whose designs did not change (its main did)
//    does not compile them again.
// Every file is named by a hash of all it depends on: the compiler (its
// path, size and time), the flags, the contents of every runtime header
// and, for the objects, the emitted files. A changed header, compiler or
// design is a new name, never a stale file.
class BuildCache {
public:
  BuildCache(const std::string &Clang, const std::string &IncludeDir,
             const std::vector<std::string> &Flags) {
    if (std::optional<std::string> Env = llvm::sys::Process::GetEnv("T2S_CACHE_DIR")) {
      if (Env->empty())
        return;
      Dir = *Env;
    } else if (llvm::sys::path::cache_directory(Dir)) {
      llvm::sys::path::append(Dir, "t2s");
    } else {
      return;
    }
    Key = Clang;
    llvm::sys::fs::file_status ClangStatus;
    if (!llvm::sys::fs::status(Clang, ClangStatus))
      Key += ";" + std::to_string(ClangStatus.getSize()) + ";" +
             std::to_string(ClangStatus.getLastModificationTime().time_since_epoch().count());
    for (const std::string &F : Flags)
      Key += ";" + F;
    llvm::SmallString<256> Headers(IncludeDir);
    llvm::sys::path::append(Headers, "t2s");
    std::vector<std::string> Files;
    std::error_code EC;
    for (llvm::sys::fs::directory_iterator I(Headers, EC), E; I != E && !EC; I.increment(EC))
      Files.push_back(I->path());
    llvm::sort(Files);
    for (const std::string &F : Files)
      if (llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> B = llvm::MemoryBuffer::getFile(F))
        Key += ";" + F + ";" + (*B)->getBuffer().str();
  }

  bool enabled() const { return !Dir.empty(); }

  // The file for what depends on Key and on Extra, named Stem-<hash>Suffix.
  std::string path(llvm::StringRef Stem, llvm::StringRef Extra, llvm::StringRef Suffix) const {
    llvm::SmallString<256> P(Dir);
    llvm::sys::path::append(P, Stem + "-" +
                                   llvm::utohexstr(llvm::xxh3_64bits(Key + ";" + Extra.str())) +
                                   Suffix);
    return std::string(P);
  }

  // Files enter the cache through a unique temporary (empty if the cache
  // cannot be written) and a rename, so that a concurrent build sees the
  // whole file or none. commit() says whether To is there.
  std::string temporaryFor(const std::string &To) const {
    llvm::sys::fs::create_directories(Dir);
    llvm::SmallString<256> Temp;
    int FD;
    if (llvm::sys::fs::createUniqueFile(To + "-%%%%%%.tmp", FD, Temp))
      return "";
    ::close(FD);
    return std::string(Temp);
  }
  bool commit(const std::string &Temp, const std::string &To) const {
    if (llvm::sys::fs::rename(Temp, To)) {
      llvm::sys::fs::remove(Temp);
      return llvm::sys::fs::exists(To); // another build may have put it there
    }
    return true;
  }

  // Copies the object From into the cache as To. Keeps at most KeptObjects
  // objects (T2S_CACHE_OBJECTS): the oldest go.
  void store(const std::string &From, const std::string &To) const {
    std::string Temp = temporaryFor(To);
    if (Temp.empty())
      return;
    if (llvm::sys::fs::copy_file(From, Temp)) {
      llvm::sys::fs::remove(Temp);
      return;
    }
    if (!commit(Temp, To))
      return;
    std::vector<std::pair<llvm::sys::TimePoint<>, std::string>> Objects;
    std::error_code EC;
    for (llvm::sys::fs::directory_iterator I(Dir, EC), E; I != E && !EC; I.increment(EC)) {
      llvm::sys::fs::file_status St;
      if (llvm::StringRef(I->path()).ends_with(".o") && !llvm::sys::fs::status(I->path(), St))
        Objects.push_back({St.getLastModificationTime(), I->path()});
    }
    size_t Kept = KeptObjects;
    if (std::optional<std::string> Env = llvm::sys::Process::GetEnv("T2S_CACHE_OBJECTS"))
      llvm::StringRef(*Env).getAsInteger(10, Kept);
    if (Objects.size() <= Kept)
      return;
    llvm::sort(Objects);
    for (size_t N = 0; N < Objects.size() - Kept; ++N)
      llvm::sys::fs::remove(Objects[N].second);
  }

  // Objects kept at most (T2S_CACHE_OBJECTS): the kernels' and the stubs'
  // of 100 designs, some tens of megabytes.
  static constexpr size_t KeptObjects = 200;

private:
  llvm::SmallString<256> Dir;
  std::string Key;
};

// The whole contents of a file, or empty.
std::string fileText(const std::string &Path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> B = llvm::MemoryBuffer::getFile(Path);
  return B ? (*B)->getBuffer().str() : std::string();
}

// One pass over \p Text: each @NAME@ whose NAME \p Values has becomes its
// value (a value is never read again, so a file name with '@' in it stays).
std::string fillIn(llvm::StringRef Text,
                   llvm::ArrayRef<std::pair<llvm::StringRef, std::string>> Values) {
  std::string Out;
  while (!Text.empty()) {
    size_t At = Text.find('@');
    Out += Text.take_front(At).str();
    if (At == llvm::StringRef::npos)
      break;
    Text = Text.drop_front(At);
    const std::pair<llvm::StringRef, std::string> *Found = nullptr;
    for (const auto &V : Values)
      if (Text.size() > V.first.size() + 1 && Text.drop_front().starts_with(V.first) &&
          Text[V.first.size() + 1] == '@')
        Found = &V;
    Out += Found ? Found->second : "@";
    Text = Text.drop_front(Found ? Found->first.size() + 2 : 1);
  }
  return Out;
}

// What a mode prints the designs as: nothing (the native build, the
// report), OpenCL C for Intel FPGAs, or C++ for AMD Vitis HLS.
enum class Target { None, OpenCL, HLS };

// A target's plugin options and files.
struct TargetFiles {
  const char *KernelsFlag, *HostFlag; // "-t2s-opencl=", "-t2s-opencl-host="
  const char *Toolchain;              // of the device table (FPGADevices.h)
  // The banner t2s-clang starts a kernels file with, after "Generated by
  // t2s-clang --mode: " (--emit-opencl; a build's), or none where the plugin
  // starts the file with its own prelude (HLS).
  const char *EmitBanner, *BuildBanner;
  // A build's kernels: their name in its temporary directory, and their
  // suffix beside the program where the build keeps them.
  const char *Scratch, *Beside;
};

const TargetFiles &filesOf(Target T) {
  static const TargetFiles OpenCL{"-t2s-opencl=", "-t2s-opencl-host=", t2s::IntelToolchain,
                                  "OpenCL C for Intel FPGAs", "the designs' OpenCL kernels",
                                  "design.cl", ".cl"};
  static const TargetFiles HLS{"-t2s-hls=", "-t2s-hls-host=", t2s::AMDToolchain, nullptr,
                               nullptr, "design-hls.cpp", "-hls.cpp"};
  return T == Target::HLS ? HLS : OpenCL;
}

// How a mode that builds a program builds it (ProgramBuild):
//  (1) the plugin writes the kernels and host stubs of every design, with
//      the target's file options and PluginFlags;
//  (2) the kernels are compiled (KernelsStep; none where a device loads
//      them) and the stubs with HostFlags;
//  (3) the program, each nest a call to its stub (-t2s-offload), is linked
//      with (2) and Libraries.
// In the flags, @CONFIG@ is the v++ connectivity, @INCLUDE@ the runtime
// headers, @NAME@ the program's file name and @KERNELS_FILE@ the kernels'.
struct Recipe {
  std::vector<std::string> PluginFlags;
  // The kernels' compile: its step, what a failure of it is called, its
  // options before the file.
  const char *KernelsStep = nullptr, *KernelsWhat = nullptr;
  std::vector<std::string> KernelsFlags;
  std::vector<std::string> HostFlags;
  std::vector<std::string> Libraries;
  // The kernels run as fibers: compiled with the emulation header,
  // precompiled, and their objects kept between builds (BuildCache).
  bool Emulation = false;
  // Kept beside the program: its kernels (it loads them, or v++ builds
  // them), and v++'s build files (.cfg, the connectivity, and .mk, from
  // share/t2s/vitis.mk.in), which a failed build removes with the kernels.
  bool KeepsKernels = false, VitisFiles = false;
};

// What a mode makes: the user's build, files of the plugin (--emit-*), the
// report, or a program built in steps.
enum class Makes { Native, Files, Report, Program };

// What a mode takes of the other options, and what else it does.
enum Traits : unsigned {
  TakesNothing = 0,
  TakesHostStub = 1, // --host-stub=
  TakesSizes = 2,    // --size=
  TakesBoard = 4,    // --device=, --fmax=
  // The plugin is told the toolchain's default device where --device= names
  // none (the Vitis outputs: their timing warnings and build files are a
  // card's).
  NamesDevice = 8,
  // --emit-opencl=aoc: the kernels' file in Intel's own spelling (the
  // channel macros expanded), which aoc then reads by itself.
  InlinesChannels = 16,
};

enum class ModeId {
  Native, EmitOpenCL, EmitOpenCLForAOC, EmitHLS, Report, ReportJSON, EmitDot,
  Emulate, OpenCL, HLSSim, XRT,
};

// One of t2s-clang's modes: one row of modeTable().
struct ModeRow {
  ModeId Id;
  const char *Flag; // as the user spells it; "" for the native build
  Makes What;
  Target T;
  unsigned Has; // Traits
  // Makes::Files: the -o file of the error without one.
  const char *OutputExample;
  // Makes::Report: -t2s-report='s format.
  const char *ReportFormat;
  // Makes::Program: how it is built.
  std::optional<Recipe> Build;

  bool has(Traits Trait) const { return (Has & Trait) != 0; }
  // The option as messages name it ("--emit-opencl" of "--emit-opencl=aoc").
  std::string named() const { return llvm::StringRef(Flag).split('=').first.str(); }
};

const std::vector<ModeRow> &modeTable() {
  static const std::vector<ModeRow> Rows = [] {
    std::string NoII =
        "-t2s-warn=no-" + t2s::warningGroupName(t2s::WarningGroup::InitiationInterval).str();
    Recipe Emulate, OnDevice, HLSSim, XRT;
    // The clocked emulation's marks, for its FPGA. '#pragma unroll' asks the
    // FPGA compiler for hardware; on the CPU an unroll too large for clang's
    // limits is no problem worth a warning, nor is the ABI of vector types
    // inside one translation unit. The fibers run on worker threads
    // (t2s/fiber.h).
    Emulate.PluginFlags = {"-t2s-clock-marks"};
    Emulate.KernelsStep = "compiling the kernels as C++";
    Emulate.KernelsWhat = "kernels";
    Emulate.KernelsFlags = {"-Wno-pass-failed", "-Wno-psabi"};
    Emulate.HostFlags = {"-DT2S_EMULATE"};
    Emulate.Libraries = {"-lboost_context", "-pthread"};
    Emulate.Emulation = true;
    // What the device stub cannot run is an error in the design. The
    // program finds its kernels by the file's name, next to its executable
    // (t2s/host.h, programPath), wherever the two are moved together.
    OnDevice.PluginFlags = {"-t2s-opencl-device"};
    OnDevice.HostFlags = {"-DT2S_OPENCL_OFFLOAD", "-DT2S_OPENCL_PROGRAM=\"@KERNELS_FILE@\""};
    OnDevice.Libraries = {"-lOpenCL"};
    OnDevice.KeepsKernels = true;
    // A simulation: no warnings about the device's clocks. The HLS C++ as
    // Vitis would compile it for C simulation, against the C simulation
    // headers (hls_stream.h, hls_task.h) in place of AMD's; the tasks run
    // as threads (t2s/hls-sim/hls_task.h).
    HLSSim.PluginFlags = {NoII};
    HLSSim.KernelsStep = "compiling the HLS C++ for C simulation";
    HLSSim.KernelsWhat = "HLS C++";
    HLSSim.KernelsFlags = {"-I@INCLUDE@/t2s/hls-sim", "-include",
                           "@INCLUDE@/t2s/hls-sim/reach_marks.h", "-Wno-unknown-pragmas"};
    HLSSim.HostFlags = {"-DT2S_HLS_SIM"};
    HLSSim.Libraries = {"-pthread"};
    // The connectivity; what XRT cannot run is an error in the design.
    // XRT's headers (Debian: libxrt-dev); the .xclbin beside the program;
    // xrt::uuid's inline functions call libuuid.
    XRT.PluginFlags = {"-t2s-hls-config=@CONFIG@", "-t2s-hls-xrt"};
    XRT.HostFlags = {"-I/usr/include/xrt", "-DT2S_XCLBIN_FILE=\"@NAME@.xclbin\""};
    XRT.Libraries = {"-lxrt_coreutil", "-luuid", "-pthread"};
    XRT.KeepsKernels = XRT.VitisFiles = true;
    const unsigned Emits = TakesHostStub | TakesSizes | TakesBoard, Board = TakesSizes | TakesBoard;
    // clang-format off
    return std::vector<ModeRow>{
    // mode                      flag                 makes           target          traits                   -o example        report   build
      {ModeId::Native,           "",                  Makes::Native,  Target::None,   TakesNothing,            nullptr,          nullptr, std::nullopt},
      {ModeId::EmitOpenCL,       "--emit-opencl",     Makes::Files,   Target::OpenCL, Emits,                   "design.cl",      nullptr, std::nullopt},
      {ModeId::EmitOpenCLForAOC, "--emit-opencl=aoc", Makes::Files,   Target::OpenCL, Emits | InlinesChannels, "design.cl",      nullptr, std::nullopt},
      {ModeId::EmitHLS,          "--emit-hls",        Makes::Files,   Target::HLS,    Emits | NamesDevice,     "design-hls.cpp", nullptr, std::nullopt},
      {ModeId::Report,           "--report",          Makes::Report,  Target::None,   Board,                   nullptr,          "text",  std::nullopt},
      {ModeId::ReportJSON,       "--report=json",     Makes::Report,  Target::None,   Board,                   nullptr,          "json",  std::nullopt},
      {ModeId::EmitDot,          "--emit-dot",        Makes::Report,  Target::None,   TakesNothing,            nullptr,          "dot",   std::nullopt},
      {ModeId::Emulate,          "--emulate",         Makes::Program, Target::OpenCL, Board,                   nullptr,          nullptr, Emulate},
      {ModeId::OpenCL,           "--opencl",          Makes::Program, Target::OpenCL, TakesSizes,              nullptr,          nullptr, OnDevice},
      {ModeId::HLSSim,           "--hls-sim",         Makes::Program, Target::HLS,    TakesSizes,              nullptr,          nullptr, HLSSim},
      {ModeId::XRT,              "--xrt",             Makes::Program, Target::HLS,    Board | NamesDevice,     nullptr,          nullptr, XRT},
    };
    // clang-format on
  }();
  return Rows;
}

const ModeRow &modeRow(ModeId Id) {
  for (const ModeRow &M : modeTable())
    if (M.Id == Id)
      return M;
  llvm_unreachable("every mode has a row");
}

// A build's steps that do not depend on each other: what each is, and its
// clang++ command.
using Step = std::pair<std::string, std::vector<std::string>>;

// Whether to say what each step does as it starts and how long it took, as
// aoc and v++ print their stages: on a terminal, or with T2S_PROGRESS=1
// (T2S_PROGRESS=0: never). -v says more.
bool showsProgress() {
  if (std::optional<std::string> P = llvm::sys::Process::GetEnv("T2S_PROGRESS"))
    return *P == "1";
  return llvm::sys::Process::StandardErrIsDisplayed();
}

void progressStart(llvm::StringRef What) {
  llvm::errs() << "t2s-clang: " << What << "...\n";
}

void progressEnd(llvm::StringRef What, std::chrono::steady_clock::time_point Start) {
  llvm::errs() << llvm::format(
      "t2s-clang: %s: done in %.1f s\n", What.str().c_str(),
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count());
}

// Runs \p Steps side by side (the machine's cores do the work; the kernels
// usually take longest), or prints them (--dry-run): their exit codes.
// \p Verbose: how long each took.
std::vector<int> runAlongside(const std::string &Clang, const std::vector<Step> &Steps,
                              bool DryRun, bool Verbose) {
  std::vector<int> RCs(Steps.size(), 0);
  if (DryRun) {
    for (const Step &S : Steps)
      printCommand(S.second);
    return RCs;
  }
  auto Start = std::chrono::steady_clock::now();
  bool Progress = !Verbose && showsProgress();
  if (Progress)
    for (const Step &S : Steps)
      progressStart(S.first);
  std::vector<std::vector<llvm::StringRef>> Args;
  std::vector<llvm::sys::ProcessInfo> Running(Steps.size());
  std::vector<bool> Done(Steps.size(), false);
  for (size_t I = 0; I < Steps.size(); ++I) {
    Args.emplace_back(Steps[I].second.begin(), Steps[I].second.end());
    std::string ErrMsg;
    bool Failed = false;
    Running[I] = llvm::sys::ExecuteNoWait(Clang, Args.back(), childEnvironment(), {}, 0,
                                          &ErrMsg, &Failed);
    if (Failed) {
      RCs[I] = fail("running " + Clang + " failed: " + ErrMsg);
      Done[I] = true;
    }
  }
  // Each step's time is until it ends, so poll rather than wait in turn.
  for (size_t Left = llvm::count(Done, false); Left;) {
    for (size_t I = 0; I < Steps.size(); ++I) {
      if (Done[I])
        continue;
      std::string ErrMsg;
      llvm::sys::ProcessInfo R = llvm::sys::Wait(Running[I], 0, &ErrMsg);
      if (R.Pid == 0) // still running
        continue;
      Done[I] = true;
      --Left;
      RCs[I] = R.ReturnCode < 0 ? fail("running " + Clang + " failed: " + ErrMsg)
                                : R.ReturnCode;
      if (Progress)
        progressEnd(Steps[I].first, Start);
      if (Verbose)
        llvm::errs() << llvm::format(
            "t2s-clang: %s: %.2f s%s\n", Steps[I].first.c_str(),
            std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count(),
            Steps.size() > 1 ? " (alongside the other compilation)" : "");
    }
    if (Left)
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return RCs;
}

// --xrt: a build file beside the program for a machine with Vitis, from
// the template share/t2s/\p Template for the card \p Device (or the
// toolchain's default card, where the device has none), without its "##"
// notes: vitis.mk.in, the Makefile that builds the program's .xclbin with
// v++ from the HLS C++ and the connectivity beside it, and vitis_hls.tcl.in,
// the script that synthesizes each top with vitis_hls (or runs its C
// simulation and co-simulation), and vitis_tb.cpp.in, their testbench, with
// #include lines of the program's \p Sources.
llvm::Expected<std::string> vitisBuildFile(const Layout &L, const char *Template,
                                           const std::string &Output,
                                           const std::string &Device,
                                           const std::string &Sources) {
  llvm::SmallString<256> Path(L.ShareDir);
  llvm::sys::path::append(Path, Template);
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
      llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return llvm::createStringError("cannot read " + Path + "; is T2S installed completely?");
  std::optional<t2s::FPGADevice> Card = t2s::findFPGADevice(Device);
  if (!Card || Card->VitisPlatform.empty())
    Card = t2s::findFPGADevice(t2s::defaultFPGADevice(t2s::AMDToolchain));
  std::string Text;
  llvm::SmallVector<llvm::StringRef, 32> Lines;
  (*Buffer)->getBuffer().split(Lines, '\n');
  for (llvm::StringRef Line : Lines)
    if (!Line.starts_with("##"))
      Text += Line.str() + "\n";
  if (!Text.empty()) // the split's last line: after the file's last newline
    Text.pop_back();
  return fillIn(Text, {{"STEM", llvm::sys::path::filename(Output).str()},
                       {"PLATFORM", Card ? Card->VitisPlatform : std::string()},
                       {"PART", Card ? Card->VitisPart : std::string()},
                       {"INCLUDE", L.IncludeDir},
                       {"SOURCES", Sources}});
}

// A program mode's build (the row's Recipe), step by step: run() reads like
// the recipe. Every file but those kept beside the program goes in a
// temporary directory, removed at the end.
class ProgramBuild {
public:
  ProgramBuild(const std::string &Clang, const Layout &L,
               const std::vector<std::string> &Plugins, const ModeRow &M,
               const ClangArgs &Forwarded, bool DryRun, std::vector<std::string> Board)
      : Clang(Clang), L(L), Plugins(Plugins), M(M), Rec(*M.Build), Forwarded(Forwarded),
        DryRun(DryRun), Board(std::move(Board)),
        // -v (clang's verbose flag, passed on): also how long each step took.
        Verbose(lastValue(Forwarded, OPT_v).has_value()),
        Output(lastValue(Forwarded, OPT_o).value_or("a.out")),
        PchFlags{"-std=c++17", "-O2", "-I" + L.IncludeDir}, Cache(Clang, L.IncludeDir, PchFlags) {}

  int run() {
    // -c: one relocatable object of the program's code, its kernels and
    // its stubs (clang -r), which the user links with the mode's libraries.
    if (const ClangArg *Early = stopsEarly(Forwarded)) {
      if (Early->ID != OPT_c)
        return fail(M.named() + " builds a program or, with -c, an object; drop '" +
                    Early->Words.front() +
                    "' (to see the kernels, use --emit-opencl or --emit-hls)");
      Relocatable = true;
      if (!lastValue(Forwarded, OPT_o))
        for (const ClangArg &A : Forwarded)
          if (A.ID == OPT_INPUT && isCompiledInput(Forwarded, A)) {
            Output = llvm::sys::path::stem(A.Value).str() + ".o";
            break;
          }
    }
    // make splits words at spaces and reads '$', '#', ':', '%', ';', '='
    // and '\\' itself: the Makefile names its files after the program.
    llvm::StringRef Stem = llvm::sys::path::filename(Output);
    if (Rec.VitisFiles && Stem.find_first_of(" \t$#:%;=\\") != llvm::StringRef::npos)
      return fail("cannot name the v++ build files after '" + Stem +
                  "': make reads spaces and the characters $ # : % ; = \\ in file names "
                  "as its own syntax; name the program without them (-o my_design; its "
                  "directory may have any name, make runs there: make -C <dir> -f " +
                  "<name>.mk)");
    if (std::optional<int> RC = startFiles())
      return *RC;
    if (int RC = emitDesigns())
      return cleanup(RC);
    if (Rec.VitisFiles && !DryRun)
      if (int RC = writeBuildFiles())
        return cleanup(RC);
    if (objectsFromCache())
      return link();
    if (int RC = compile())
      return cleanup(RC);
    return link();
  }

private:
  const std::string &Clang;
  const Layout &L;
  const std::vector<std::string> &Plugins;
  const ModeRow &M;
  const Recipe &Rec;
  const ClangArgs &Forwarded;
  bool DryRun;
  std::vector<std::string> Board; // -t2s-device=, -t2s-fmax=, -t2s-size=
  bool Verbose;
  bool Relocatable = false; // -c
  std::string Output;
  llvm::SmallString<128> Dir;
  std::string Kernels, Host, KernelsObj, HostObj;
  std::string Config, Makefile, Script, Testbench; // v++'s and vitis_hls' build files
  // The precompiled emulation header, and the objects of the kernels and
  // stubs last compiled from the same texts (Recipe::Emulation).
  std::vector<std::string> PchFlags;
  BuildCache Cache;
  std::string Pch, PchTemp, CachedKernels, CachedHost;

  std::vector<int> alongside(const std::vector<Step> &Steps) {
    return runAlongside(Clang, Steps, DryRun, Verbose);
  }
  std::string inDir(llvm::StringRef Name) const {
    llvm::SmallString<128> P(Dir);
    llvm::sys::path::append(P, Name);
    return std::string(P);
  }
  std::string beside(llvm::StringRef Suffix) const {
    llvm::SmallString<256> Abs(Output + Suffix.str());
    llvm::sys::fs::make_absolute(Abs);
    return std::string(Abs);
  }
  std::vector<std::string> filled(const std::vector<std::string> &Flags) const {
    std::vector<std::string> Out;
    for (const std::string &F : Flags)
      Out.push_back(fillIn(F, {{"CONFIG", Config},
                               {"INCLUDE", L.IncludeDir},
                               {"NAME", llvm::sys::path::filename(Output).str()},
                               {"KERNELS_FILE", llvm::sys::path::filename(Kernels).str()}}));
    return Out;
  }

  // The build's files, the kernels' and stubs' empty (the plugin appends
  // each design's): none, or the exit code of the failure.
  std::optional<int> startFiles() {
    if (DryRun)
      Dir = "<tmp>";
    else if (std::error_code EC = llvm::sys::fs::createUniqueDirectory("t2s-emulate", Dir))
      return fail("cannot create a temporary directory: " + EC.message());
    const TargetFiles &F = filesOf(M.T);
    Kernels = Rec.KeepsKernels ? beside(F.Beside) : inDir(F.Scratch);
    Host = inDir("design-host.cpp");
    KernelsObj = inDir("design.o");
    HostObj = inDir("design-host.o");
    if (Rec.VitisFiles) {
      Config = beside(".cfg");
      Makefile = beside(".mk");
      Script = beside("-hls.tcl");
      // The testbench includes the host stubs: they stay beside it.
      Host = beside("-host.cpp");
      Testbench = beside("-tb.cpp");
    }
    if (DryRun)
      return std::nullopt;
    std::error_code EC;
    if (Rec.VitisFiles)
      llvm::sys::fs::remove(Config);
    llvm::raw_fd_ostream Head(Kernels, EC);
    if (EC)
      return cleanup(fail("cannot write " + Kernels + ": " + EC.message()));
    if (F.BuildBanner)
      Head << "// Generated by t2s-clang " << M.Flag << ": " << F.BuildBanner << ".\n";
    llvm::raw_fd_ostream Stubs(Host, EC);
    if (EC)
      return cleanup(fail("cannot write " + Host + ": " + EC.message()));
    return std::nullopt;
  }

  // The end of the build, its exit code \p RC: the temporary files go, and
  // after a failure the v++ build files too.
  int cleanup(int RC) {
    if (DryRun)
      return RC;
    for (const std::string &F : {Kernels, Host, KernelsObj, HostObj})
      if ((!Rec.KeepsKernels || F != Kernels) && (!Rec.VitisFiles || F != Host))
        llvm::sys::fs::remove(F);
    if (RC != 0 && Rec.VitisFiles)
      for (const std::string &F : {Kernels, Config, Makefile, Script, Host, Testbench})
        llvm::sys::fs::remove(F);
    llvm::sys::fs::remove(Dir);
    return RC;
  }

  // Recipe::Emulation: the step that precompiles the emulation header into
  // the cache, where it has none yet (none: it has one, or cannot have).
  std::vector<Step> precompileStep() {
    if (!Rec.Emulation || !Cache.enabled())
      return {};
    Pch = Cache.path("emulation", "", ".pch");
    if (llvm::sys::fs::exists(Pch))
      return {};
    PchTemp = DryRun ? Pch + ".tmp" : Cache.temporaryFor(Pch);
    if (PchTemp.empty()) {
      Pch.clear(); // the cache cannot be written: no header
      return {};
    }
    std::vector<std::string> Build{Clang};
    Build.insert(Build.end(), PchFlags.begin(), PchFlags.end());
    for (const std::string &A :
         {std::string("-x"), std::string("c++-header"), L.IncludeDir + "/t2s/emulation.h",
          std::string("-Xclang"), std::string("-fno-pch-timestamp"), std::string("-o"),
          PchTemp})
      Build.push_back(A);
    return {{"precompiling the emulation header (once, into " + Pch + ")", std::move(Build)}};
  }

  int emitDesigns();
  int writeBuildFiles();
  bool objectsFromCache();
  std::vector<int> compileSteps(const std::string &WithPch);
  int compile();
  int link();
};

// (1) The kernels and stubs: one compilation per compiled input (clang
// writes one -o file at most), each appending its designs' kernels and
// stubs; the other inputs and the link options are left out. The emulation
// header is precompiled alongside the first.
int ProgramBuild::emitDesigns() {
  const TargetFiles &F = filesOf(M.T);
  std::vector<std::string> Tail{"-S",     "-emit-llvm",          "-o",
                                "/dev/null", "-mllvm",           F.KernelsFlag + Kernels,
                                "-mllvm", F.HostFlag + Host};
  for (const std::string &Flag : filled(Rec.PluginFlags)) {
    Tail.push_back("-mllvm");
    Tail.push_back(Flag);
  }
  Tail.insert(Tail.end(), Board.begin(), Board.end());
  std::vector<const ClangArg *> Compiled;
  for (const ClangArg &A : Forwarded)
    if (A.ID == OPT_INPUT && isCompiledInput(Forwarded, A))
      Compiled.push_back(&A);
  std::vector<Step> PchStep = precompileStep();
  for (const ClangArg *Input : Compiled) {
    std::vector<std::string> Emit = Plugins;
    // A program is often files of designs and files without: no warning for
    // those (the user's own -Wt2s-no-design, later, still wins).
    Emit.push_back("-mllvm");
    Emit.push_back("-t2s-warn=no-" +
                   t2s::warningGroupName(t2s::WarningGroup::NoDesign).str());
    for (const ClangArg &A : Forwarded)
      if (A.ID == OPT_INPUT ? &A == Input
                            : !llvm::is_contained({unsigned(OPT_o), unsigned(OPT_l),
                                                   unsigned(OPT_Wl_COMMA)},
                                                  A.ID))
        Emit.insert(Emit.end(), A.Words.begin(), A.Words.end());
    Emit.insert(Emit.end(), Tail.begin(), Tail.end());
    std::vector<Step> Steps{{Compiled.size() > 1
                                 ? "emitting the kernels and host stubs of " + Input->Value
                                 : std::string("emitting the kernels and host stubs"),
                             Emit}};
    Steps.insert(Steps.end(), PchStep.begin(), PchStep.end());
    std::vector<int> RCs = alongside(Steps);
    if (!PchStep.empty() && !DryRun) {
      if (RCs.back())
        llvm::sys::fs::remove(PchTemp);
      else
        Cache.commit(PchTemp, Pch);
      if (!llvm::sys::fs::exists(Pch)) // another build may have made it
        Pch.clear();
    }
    PchStep.clear();
    if (RCs.front())
      return RCs.front();
  }
  return 0;
}

// The Vitis build files (the plugin wrote the connectivity): the Makefile
// and the vitis_hls script, for the card the plugin was told of.
int ProgramBuild::writeBuildFiles() {
  std::string Device;
  for (llvm::StringRef F : Board)
    if (F.consume_front("-t2s-device="))
      Device = F.str();
  // The testbench's #include of each source file of the program.
  std::string Sources;
  for (const ClangArg &A : Forwarded)
    if (A.ID == OPT_INPUT && isCompiledInput(Forwarded, A)) {
      llvm::SmallString<256> Path(A.Value);
      llvm::sys::fs::make_absolute(Path);
      Sources += (Sources.empty() ? "" : "\n") + std::string("#include \"") + std::string(Path) + "\"";
    }
  for (auto [Template, File] : {std::pair<const char *, const std::string *>{"vitis.mk.in", &Makefile},
                                 {"vitis_hls.tcl.in", &Script},
                                 {"vitis_tb.cpp.in", &Testbench}}) {
    llvm::Expected<std::string> Text = vitisBuildFile(L, Template, Output, Device, Sources);
    if (!Text)
      return fail(llvm::toString(Text.takeError()));
    std::error_code EC;
    llvm::raw_fd_ostream Out(*File, EC);
    if (EC)
      return fail("cannot write " + *File + ": " + EC.message());
    Out << *Text;
  }
  return 0;
}

// Recipe::Emulation: the objects of the same kernels and stubs from the
// cache, if it has them (whether it had).
bool ProgramBuild::objectsFromCache() {
  if (!Rec.Emulation || DryRun || !Cache.enabled())
    return false;
  std::string Texts = fileText(Kernels) + ";" + fileText(Host);
  CachedKernels = Cache.path("kernels", Texts, ".o");
  CachedHost = Cache.path("host-stubs", Texts, ".o");
  if (!llvm::sys::fs::exists(CachedKernels) || !llvm::sys::fs::exists(CachedHost) ||
      llvm::sys::fs::copy_file(CachedKernels, KernelsObj) ||
      llvm::sys::fs::copy_file(CachedHost, HostObj))
    return false;
  if (Verbose)
    llvm::errs() << "t2s-clang: the kernels and host stubs are unchanged: their objects "
                    "come from the cache\n";
  return true;
}

// (2) The kernels (as C++ fibers, or for C simulation) and the stubs,
// compiled side by side, with the precompiled emulation header
// \p WithPch if there is one.
std::vector<int> ProgramBuild::compileSteps(const std::string &WithPch) {
  std::vector<std::string> Common{Clang};
  Common.insert(Common.end(), PchFlags.begin(), PchFlags.end());
  Common.push_back("-c");
  std::vector<std::string> Header;
  if (Rec.Emulation)
    Header = WithPch.empty() ? std::vector<std::string>{"-include", "t2s/emulation.h"}
                             : std::vector<std::string>{"-include-pch", WithPch};
  std::vector<Step> Compiles;
  if (Rec.KernelsStep) {
    std::vector<std::string> CompileKernels = Common;
    for (const std::string &A : filled(Rec.KernelsFlags))
      CompileKernels.push_back(A);
    CompileKernels.insert(CompileKernels.end(), Header.begin(), Header.end());
    for (const std::string &A : {std::string("-x"), std::string("c++"), Kernels,
                                 std::string("-o"), KernelsObj})
      CompileKernels.push_back(A);
    Compiles.push_back({Rec.KernelsStep, std::move(CompileKernels)});
  }
  std::vector<std::string> CompileHost = Common;
  for (const std::string &A : filled(Rec.HostFlags))
    CompileHost.push_back(A);
  if (!WithPch.empty())
    CompileHost.insert(CompileHost.end(), Header.begin(), Header.end());
  for (const std::string &A : {Host, std::string("-o"), HostObj})
    CompileHost.push_back(A);
  Compiles.push_back({"compiling the host stubs", std::move(CompileHost)});
  return alongside(Compiles);
}

// (2), and again without the precompiled header if it fails (unreadable or
// from another compiler after all: the cache forgets it). A failure here is
// T2S's: the exit code, with internalError's words.
int ProgramBuild::compile() {
  std::vector<int> RCs = compileSteps(Pch);
  if (!Pch.empty() && !DryRun && llvm::any_of(RCs, [](int RC) { return RC != 0; })) {
    if (Verbose)
      llvm::errs() << "t2s-clang: compiling again without the precompiled header " << Pch
                   << "\n";
    llvm::sys::fs::remove(Pch);
    RCs = compileSteps("");
  }
  if (Rec.KernelsStep && RCs.front())
    return internalError(RCs.front(), Rec.KernelsWhat);
  if (RCs.back())
    return internalError(RCs.back(), "host stubs");
  if (!CachedKernels.empty()) {
    Cache.store(KernelsObj, CachedKernels);
    Cache.store(HostObj, CachedHost);
  }
  return 0;
}

// (3) The program, its nests replaced by calls to the stubs, linked with
// the objects of (2).
int ProgramBuild::link() {
  std::vector<std::string> Link = Plugins;
  for (const std::string &W : wordsOf(Forwarded, {OPT_c}))
    Link.push_back(W);
  if (Relocatable)
    Link.push_back("-r");
  // Step (1) has warned about the designs already.
  std::string Quiet;
  for (llvm::StringRef G : t2s::WarningGroupNames)
    Quiet += (Quiet.empty() ? "no-" : ",no-") + G.str();
  for (const std::string &Opt : {"-t2s-warn=" + Quiet, std::string("-t2s-offload")})
    for (const std::string &W : pluginOption(Opt))
      Link.push_back(W);
  Link.push_back("-x");
  Link.push_back("none");
  if (Rec.KernelsStep)
    Link.push_back(KernelsObj);
  Link.push_back(HostObj);
  if (!Relocatable) // the program that links the object takes them
    for (const std::string &Lib : Rec.Libraries)
      Link.push_back(Lib);
  int RC = alongside({{Relocatable ? "building the object" : "building the program", Link}})
               .front();
  if (RC == 0 && Relocatable && !DryRun)
    llvm::errs() << "t2s-clang: note: " << Output << " holds the program's code, its kernels "
                 << "and their host stubs; link it with "
                 << llvm::join(Rec.Libraries, " ") << "\n";
  return cleanup(RC);
}

// The first input file on the command line that does not exist ("-" is
// standard input).
std::optional<std::string> missingInput(const ClangArgs &Args) {
  for (const ClangArg &A : Args)
    if (A.ID == OPT_INPUT && A.Value != "-" && !llvm::sys::fs::exists(A.Value))
      return A.Value;
  return std::nullopt;
}

// --emit-opencl=aoc: the kernels file in Intel's own spelling, for aoc on a
// machine without T2S: the macros of t2s/channels.h (channels, their reads
// and writes, the kernel and memory attributes) expanded as Intel's FPGA
// SDK spells them (t2s/opencl_intel.h), by clang's preprocessor with only
// those macros defined, the comments of the kernels kept. A file without
// channels is left as it is.
std::optional<std::string> inIntelSpelling(const std::string &Clang, const std::string &File,
                                           llvm::StringRef IncludeDir) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
      llvm::MemoryBuffer::getFile(File);
  if (!Buffer)
    return "cannot read " + File + ": " + Buffer.getError().message();
  llvm::StringRef Text = (*Buffer)->getBuffer();
  constexpr llvm::StringLiteral Include = "#include \"t2s/channels.h\"\n";
  size_t At = Text.find(Include);
  if (At == llvm::StringRef::npos)
    return std::nullopt; // no channels: nothing to write in
  llvm::SmallString<128> Macros, Expanded, Header(IncludeDir);
  llvm::sys::path::append(Header, "t2s", "channels.h");
  for (llvm::SmallString<128> *F : {&Macros, &Expanded})
    if (std::error_code EC = llvm::sys::fs::createTemporaryFile("t2s-aoc", "cl", *F))
      return "cannot create a temporary file: " + EC.message();
  llvm::FileRemover RemoveMacros(Macros), RemoveExpanded(Expanded);
  const std::vector<std::string> OpenCL{Clang, "-x", "cl", "-cl-std=CL1.2", "-cl-no-stdinc",
                                        "-DINTELFPGA_CL"};
  auto run = [&](std::vector<std::string> Cmd, llvm::StringRef Out) -> std::optional<std::string> {
    std::vector<llvm::StringRef> Refs(Cmd.begin(), Cmd.end());
    std::optional<llvm::StringRef> Redirects[] = {std::nullopt, Out, std::nullopt};
    std::string Err;
    if (llvm::sys::ExecuteAndWait(Clang, Refs, childEnvironment(), Redirects, 0, 0, &Err) != 0)
      return "writing " + File + " in Intel's spelling failed (clang's preprocessor" +
             (Err.empty() ? std::string(")") : ": " + Err + ")");
    return std::nullopt;
  };
  // (1) The macros as Intel's SDK spells them.
  std::vector<std::string> Define = OpenCL;
  for (const char *A : {"-E", "-dM"})
    Define.push_back(A);
  Define.push_back(std::string(Header));
  if (std::optional<std::string> Error = run(Define, Macros))
    return Error;
  std::string Defines;
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> All = llvm::MemoryBuffer::getFile(Macros);
  if (!All)
    return "cannot read " + std::string(Macros) + ": " + All.getError().message();
  llvm::SmallVector<llvm::StringRef, 64> Lines;
  (*All)->getBuffer().split(Lines, '\n');
  for (llvm::StringRef Line : Lines)
    if (Line.starts_with("#define T2S_"))
      Defines += Line.str() + "\n";
  // (2) The kernels with them, every include of the header left out.
  std::string Source = Text.take_front(At).str() +
                       "#pragma OPENCL EXTENSION cl_intel_channels : enable\n" + Defines;
  for (Text = Text.drop_front(At + Include.size());
       (At = Text.find(Include)) != llvm::StringRef::npos;
       Text = Text.drop_front(At + Include.size()))
    Source += Text.take_front(At).str();
  Source += Text.str();
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Expanded, EC);
    if (EC)
      return "cannot write " + std::string(Expanded) + ": " + EC.message();
    OS << Source;
  }
  // (3) Expanded, the comments kept (the file written anew: a redirection
  // does not truncate it).
  std::vector<std::string> Expand = OpenCL;
  for (const char *A : {"-E", "-P", "-C"})
    Expand.push_back(A);
  Expand.push_back(std::string(Expanded));
  llvm::sys::fs::remove(File);
  if (std::optional<std::string> Error = run(Expand, Expanded.str().str() + ".out"))
    return Error;
  // (4) A macro's arguments come out on one line: a long line (a wide
  // bundle's literal) goes on lines of eight items again.
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Out =
      llvm::MemoryBuffer::getFile(Expanded.str().str() + ".out");
  if (!Out)
    return "cannot read the preprocessed kernels: " + Out.getError().message();
  llvm::sys::fs::remove(Expanded.str().str() + ".out");
  std::string Wrapped;
  Lines.clear();
  (*Out)->getBuffer().split(Lines, '\n');
  for (llvm::StringRef Line : Lines) {
    size_t Comment = Line.find("//");
    if (Line.size() <= 200 || Comment < 200) {
      Wrapped += Line.str() + "\n";
      continue;
    }
    unsigned Items = 0;
    for (size_t I = 0; I < Line.size(); ++I) {
      Wrapped += Line[I];
      if (I < Comment && Line.substr(I, 2) == ", " && ++Items % 8 == 0) {
        Wrapped += "\n        ";
        ++I; // the space
      }
    }
    Wrapped += "\n";
  }
  if (!Wrapped.empty())
    Wrapped.pop_back(); // the split's last line: after the last newline
  std::error_code EC;
  llvm::raw_fd_ostream OS(File, EC);
  if (EC)
    return "cannot write " + File + ": " + EC.message();
  OS << Wrapped;
  return std::nullopt;
}

// One run of t2s-clang, as its command line asks for it.
struct Request {
  // --help, --version: answered without reading the rest of the command line.
  bool Help = false, Version = false;
  bool DryRun = false;
  // The modes the command line names (a later spelling of the same output
  // takes the place of an earlier: --emit-opencl=aoc after --emit-opencl,
  // --emit-dot after --report), and the one checkModes() finds in them.
  std::vector<const ModeRow *> Asked;
  const ModeRow *Mode = &modeRow(ModeId::Native);
  std::string Device, Fmax; // the report's estimates: --device=, --fmax=
  std::vector<std::string> Sizes; // --size NAME=VALUE
  bool DirectIO = false;          // --hls-io=direct
  std::string Split;              // --hls-split=
  std::string HostStub;
  ClangArgs Forwarded;

  void ask(ModeId Id) {
    const ModeRow &M = modeRow(Id);
    llvm::erase_if(Asked, [&](const ModeRow *A) {
      return A == &M || (A->What == M.What && M.What != Makes::Program && A->T == M.T);
    });
    Asked.push_back(&M);
  }
};

// An error in the command line: main() prints it with fail().
llvm::Error commandLineError(const llvm::Twine &Message) {
  return llvm::createStringError(Message);
}

// \p Word, an argument clang does not know, taken into \p R if it is one of
// t2s-clang's own options: whether it is one, or an error for a value the
// option does not take.
llvm::Expected<bool> takeOwnOption(const std::string &Word, Request &R) {
  unsigned MissingIndex = 0, MissingCount = 0;
  const char *One[] = {Word.c_str()};
  llvm::opt::InputArgList Own =
      ownOptions().ParseArgs(One, MissingIndex, MissingCount);
  const llvm::opt::Arg *O = *Own.begin();
  switch (O->getOption().getID()) {
  case own::OPT_dry_run:
    R.DryRun = true;
    return true;
  case own::OPT_report:
    R.ask(ModeId::Report);
    return true;
  case own::OPT_report_EQ:
    if (!llvm::is_contained(ReportFormats, llvm::StringRef(O->getValue())))
      return commandLineError("--report= takes 'text' or 'json', not '" +
                              llvm::Twine(O->getValue()) +
                              "' (the Graphviz picture is --emit-dot)");
    R.ask(llvm::StringRef(O->getValue()) == "json" ? ModeId::ReportJSON : ModeId::Report);
    return true;
  case own::OPT_emit_dot:
    R.ask(ModeId::EmitDot);
    return true;
  case own::OPT_device_EQ: {
    std::vector<std::string> Known = t2s::fpgaDeviceKeys();
    if (!llvm::is_contained(Known, O->getValue()))
      return commandLineError("--device= takes one of " + llvm::join(Known, ", ") +
                              ", not '" + llvm::Twine(O->getValue()) + "'");
    R.Device = O->getValue();
    return true;
  }
  case own::OPT_hls_io_EQ: {
    llvm::StringRef V = O->getValue();
    if (V != "host" && V != "direct")
      return commandLineError("--hls-io= takes host or direct, not '" + llvm::Twine(V) + "'");
    R.DirectIO = V == "direct";
    return true;
  }
  case own::OPT_hls_split_EQ: {
    llvm::StringRef V = O->getValue();
    if (V != "auto" && V != "rows" && V != "none")
      return commandLineError("--hls-split= takes auto, rows or none, not '" + llvm::Twine(V) +
                              "'");
    R.Split = V.str();
    return true;
  }
  case own::OPT_size_EQ: {
    // One size or several (--size=I=2,J=2: what the clocked emulation prints).
    llvm::SmallVector<llvm::StringRef, 4> Items;
    llvm::StringRef(O->getValue()).split(Items, ',');
    for (llvm::StringRef Item : Items) {
      auto [Name, Value] = Item.split('=');
      long long V = 0;
      if (Name.empty() || !(llvm::isAlpha(Name.front()) || Name.front() == '_') ||
          Value.getAsInteger(10, V) || V < 0)
        return commandLineError(
            "--size= takes a parameter's name and a size of at least 0 "
            "(--size=KT=64, or several: --size=I=2,J=2), not '" + llvm::Twine(O->getValue()) +
            "'");
      R.Sizes.push_back(Item.str());
    }
    return true;
  }
  case own::OPT_fmax_EQ: {
    double MHz = 0;
    if (llvm::StringRef(O->getValue()).getAsDouble(MHz) || !(MHz >= 1 && MHz <= 2000))
      return commandLineError(
          "--fmax= takes the clock in MHz, a number from 1 to 2000 (--fmax=250), "
          "not '" + llvm::Twine(O->getValue()) + "'");
    R.Fmax = O->getValue();
    return true;
  }
  case own::OPT_emit_opencl:
    R.ask(ModeId::EmitOpenCL);
    return true;
  case own::OPT_emit_opencl_EQ:
    if (llvm::StringRef(O->getValue()) != "aoc")
      return commandLineError("--emit-opencl= takes 'aoc' (a self-contained file for "
                              "Intel's aoc), not '" + llvm::Twine(O->getValue()) + "'");
    R.ask(ModeId::EmitOpenCLForAOC);
    return true;
  case own::OPT_emulate:
    R.ask(ModeId::Emulate);
    return true;
  case own::OPT_emit_hls:
    R.ask(ModeId::EmitHLS);
    return true;
  case own::OPT_hls_sim:
    R.ask(ModeId::HLSSim);
    return true;
  case own::OPT_xrt:
    R.ask(ModeId::XRT);
    return true;
  case own::OPT_opencl:
    R.ask(ModeId::OpenCL);
    return true;
  case own::OPT_host_stub_EQ:
    if (!*O->getValue())
      return commandLineError(
          "--host-stub= needs a file name: --host-stub=design-host.cpp");
    R.HostStub = O->getValue();
    return true;
  default:
    return false;
  }
}

// The command line (without the program's name). An error stops the parse
// at the argument that has it; --help and --version stop it too.
llvm::Expected<Request> parseCommandLine(llvm::ArrayRef<const char *> Words) {
  Request R;
  // clang's table first: it knows which words are values of its options.
  unsigned MissingIndex = 0, MissingCount = 0;
  llvm::opt::InputArgList Args = clang::driver::getDriverOptTable().ParseArgs(
      Words, MissingIndex, MissingCount, llvm::opt::Visibility(ClangOption));
  for (auto It = Args.begin(); It != Args.end(); ++It) {
    const llvm::opt::Arg &A = **It;
    // Its words: up to the next argument's first word.
    unsigned End = std::next(It) == Args.end() ? Words.size() : (*std::next(It))->getIndex();
    std::vector<std::string> Spelled(Words.begin() + A.getIndex(), Words.begin() + End);
    llvm::StringRef Arg = Spelled.front();
    unsigned ID = A.getOption().getID();
    if (ID == OPT_help) {
      R.Help = true;
      return R;
    }
    if (ID == OPT__version) {
      R.Version = true;
      return R;
    }
    if (ID == OPT_W_Joined)
      if (std::optional<std::string> Spec = t2sWarningFlag(Arg)) {
        if (Spec->empty())
          return commandLineError("unknown warning option '" + Arg +
                                  "'; T2S's warnings are " + t2sWarningList());
        R.Forwarded.push_back({OPT_Xclang, "-mllvm", pluginOption("-t2s-warn=" + *Spec)});
        continue;
      }
    if (ID == OPT__DASH_DASH) { // what follows '--' is input files, whatever they look like
      for (const char *V : A.getValues()) {
        std::string Name = V;
        if (Name.size() > 1 && Name.front() == '-')
          Name = "./" + Name; // a file named like an option
        R.Forwarded.push_back({OPT_INPUT, Name, {Name}});
      }
      continue;
    }
    if (ID != OPT_UNKNOWN) { // clang's
      R.Forwarded.push_back({ID, A.getNumValues() ? A.getValue(0) : "", Spelled});
      continue;
    }
    // Not clang's: ours, a misspelling of ours, or for clang to refuse.
    llvm::Expected<bool> Own = takeOwnOption(Spelled.front(), R);
    if (!Own)
      return Own.takeError();
    if (*Own)
      continue;
    if (Arg.starts_with("--"))
      if (std::optional<std::string> Near = misspelledOwnOption(Arg))
        return commandLineError("unknown option '" + Arg + "'; did you mean '" +
                                *Near + "'? (see 't2s-clang --help')");
    R.Forwarded.push_back({ID, "", Spelled});
  }
  if (R.Forwarded.empty())
    return commandLineError("no input files; see 't2s-clang --help'");
  return R;
}

// --version: T2S's version and where its pieces are, then clang's.
int printVersion(const Layout &L, const std::string &Clang) {
  llvm::outs() << "t2s-clang " << T2S_VERSION_STRING << " (T2S on LLVM)\n"
               << "  plugins: " << L.LibDir << "\n"
               << "  clang:   " << Clang << "\n";
  llvm::outs().flush(); // before clang's lines
  std::vector<llvm::StringRef> Cmd{Clang, "--version"};
  return llvm::sys::ExecuteAndWait(Clang, Cmd) == 0 ? 0 : 1;
}

// What this run cannot do without, if it is missing: the plugins and, unless
// it only prints its commands, clang++ and the input files.
std::optional<std::string> missingPrerequisite(const Layout &L,
                                               const std::string &Clang,
                                               const Request &R) {
  for (const std::string &P : {L.PassPlugin, L.ClangPlugin})
    if (!llvm::sys::fs::exists(P))
      return "cannot find the plugin " + P + "; is T2S installed completely?";
  if (!R.DryRun && !llvm::sys::fs::can_execute(Clang))
    return "cannot run clang++ at '" + Clang +
           "'; install clang-19 (scripts/install-deps.sh) or set "
           "T2S_CLANGXX";
  if (std::optional<std::string> Missing = missingInput(R.Forwarded); Missing && !R.DryRun)
    return "no such file: '" + *Missing + "'";
  return std::nullopt;
}

// The names, as messages give them, of the modes that make \p What, in the
// table's order, each once, joined by ", " and \p Last before the last.
std::string modesMaking(std::initializer_list<Makes> What, llvm::StringRef Last,
                        llvm::StringRef Between = ", ") {
  std::vector<std::string> Names;
  for (const ModeRow &M : modeTable())
    if (llvm::is_contained(What, M.What) && !llvm::is_contained(Names, M.named()))
      Names.push_back(M.named());
  std::string Out;
  for (size_t I = 0; I < Names.size(); ++I)
    Out += (I == 0 ? "" : I + 1 == Names.size() ? Last : Between).str() + Names[I];
  return Out;
}

// The error of modes that do not go together, if \p Asked has any: two
// modes that write files, two programs, a program with anything else, files
// with the report.
// The modes that take what \p T names, in the table's order, as a message
// lists them: "--report, --emulate or --xrt".
std::string modesTaking(Traits T) {
  std::vector<std::string> Names;
  for (const ModeRow &M : modeTable())
    if (M.has(T) && !llvm::is_contained(Names, M.named()))
      Names.push_back(M.named());
  std::string Text;
  for (size_t I = 0; I < Names.size(); ++I)
    Text += (I == 0 ? "" : I + 1 == Names.size() ? " or " : ", ") + Names[I];
  return Text;
}

std::optional<std::string> modesApart(const std::vector<const ModeRow *> &Asked) {
  auto first = [&](Makes What) -> const ModeRow * {
    for (const ModeRow *M : Asked)
      if (M->What == What)
        return M;
    return nullptr;
  };
  auto count = [&](Makes What) {
    return llvm::count_if(Asked, [&](const ModeRow *M) { return M->What == What; });
  };
  if (count(Makes::Files) > 1)
    return modesMaking({Makes::Files}, " and ") + " write different files; choose one";
  if (count(Makes::Program) > 1)
    return modesMaking({Makes::Program}, " and ") + " build different programs; choose one";
  if (const ModeRow *Program = first(Makes::Program); Program && Asked.size() > 1)
    return Program->named() + " builds a program; it does not go together with " +
           modesMaking({Makes::Files, Makes::Report}, " or ");
  if (const ModeRow *Files = first(Makes::Files); Files && first(Makes::Report))
    return Files->named() + " and " + modesMaking({Makes::Report}, "/", "/") +
           " do not go together";
  return std::nullopt;
}

// The one mode \p R asks for, or the error in its modes: modes that do not
// go together, an option the mode does not take, or a mode without what it
// needs.
llvm::Expected<const ModeRow *> checkModes(const Request &R) {
  if (!R.HostStub.empty() &&
      llvm::none_of(R.Asked, [](const ModeRow *M) { return M->has(TakesHostStub); }))
    return commandLineError("--host-stub goes with --emit-opencl or --emit-hls: t2s-clang "
                            "--emit-opencl design.cpp -o design.cl --host-stub=design-host.cpp");
  if (std::optional<std::string> Apart = modesApart(R.Asked))
    return commandLineError(*Apart);
  const ModeRow &M = R.Asked.empty() ? modeRow(ModeId::Native) : *R.Asked.front();
  if (!R.Sizes.empty() && !M.has(TakesSizes))
    return commandLineError(
        "--size= gives the run-time sizes a design is built for (the report's "
        "estimates, channels whose depth grows with them); it goes with " +
        modesTaking(TakesSizes) + " (t2s-clang --report --size=KT=64 design.cpp)");
  if ((!R.Device.empty() || !R.Fmax.empty()) && !M.has(TakesBoard))
    return commandLineError(
        "--device= and --fmax= choose the FPGA of the report's estimates and "
        "of the clocked emulation; they go with " +
        modesTaking(TakesBoard) +
        " (t2s-clang --report --device=arria10 --fmax=215 design.cpp)");
  // The kernels go to the -o file; nothing else is produced.
  if (M.OutputExample && lastValue(R.Forwarded, OPT_o).value_or("").empty())
    return commandLineError(M.named() + " needs the output file: -o " + M.OutputExample);
  return &M;
}

// The start of every clang++ command: both plugins and the runtime headers.
std::vector<std::string> clangWithPlugins(const std::string &Clang, const Layout &L) {
  return {
      Clang,
      "-fplugin=" + L.ClangPlugin,
      // Also loaded as a plugin so that -mllvm -t2s-* options exist.
      "-fplugin=" + L.PassPlugin,
      "-fpass-plugin=" + L.PassPlugin,
      "-I" + L.IncludeDir,
  };
}

// The files of a run that does not build a program that clang itself does
// not write (with --emit-* or --report, clang's output is /dev/null and the
// -o file is one of them); a failed run leaves none of them behind.
struct Outputs {
  std::string Kernels;  // --emit-*: the kernels, in the -o file
  std::string HostStub; // --host-stub=
  std::string Report;   // --report/--emit-dot with -o FILE (else standard output)
};

Outputs outputsOf(const Request &R) {
  Outputs Out;
  Out.HostStub = R.HostStub;
  std::string O = lastValue(R.Forwarded, OPT_o).value_or("");
  if (R.Mode->What == Makes::Files)
    Out.Kernels = O;
  else if (R.Mode->What == Makes::Report && O != "-") // '-o -': standard output, as clang
    Out.Report = O;
  return Out;
}

// --emit-*: the kernels file, new, with its banner where the plugin writes
// no prelude (it appends each design's kernels to it, and its host stubs to
// the stub file, which must not keep an earlier run's).
std::optional<std::string> startKernelsFiles(const Outputs &Out, const ModeRow &M) {
  if (M.What != Makes::Files)
    return std::nullopt;
  llvm::sys::fs::remove(Out.Kernels);
  if (const char *Banner = filesOf(M.T).EmitBanner) {
    std::error_code EC;
    llvm::raw_fd_ostream Head(Out.Kernels, EC);
    if (EC)
      return "cannot write " + Out.Kernels + ": " + EC.message();
    Head << "// Generated by t2s-clang " << M.named() << ": " << Banner << ".\n";
  }
  if (!Out.HostStub.empty())
    llvm::sys::fs::remove(Out.HostStub);
  return std::nullopt;
}

// The plugin's options for --device=, --fmax= and --size=, where given.
std::vector<std::string> boardFlags(const Request &R) {
  std::vector<std::string> Flags;
  for (const auto &[Flag, Value] : {std::pair{"-t2s-device=", &R.Device}, {"-t2s-fmax=", &R.Fmax}})
    if (!Value->empty()) {
      Flags.push_back("-mllvm");
      Flags.push_back(Flag + *Value);
    }
  if (!R.Sizes.empty()) {
    Flags.push_back("-mllvm");
    Flags.push_back("-t2s-size=" + llvm::join(R.Sizes, ","));
  }
  if (R.DirectIO) {
    Flags.push_back("-mllvm");
    Flags.push_back("-t2s-hls-host-layouts=false");
  }
  if (!R.Split.empty()) {
    Flags.push_back("-mllvm");
    Flags.push_back("-t2s-hls-split=" + R.Split);
  }
  return Flags;
}

// The one clang++ command of a run that does not build a program, after
// \p Cmd (clangWithPlugins()): the user's build as it is, or, for --emit-*
// and --report/--emit-dot, a compilation that only runs the passes.
std::vector<std::string> clangCommand(std::vector<std::string> Cmd, const Request &R,
                                      const Outputs &Out) {
  const ModeRow &M = *R.Mode;
  if (M.What == Makes::Native) {
    for (const std::string &W : wordsOf(R.Forwarded))
      Cmd.push_back(W);
    return Cmd;
  }
  for (const std::string &W : passesOnly(R.Forwarded))
    Cmd.push_back(W);
  if (M.What == Makes::Report) {
    // The report goes to standard output, which runClang() sends to the -o
    // file if there is one.
    Cmd.push_back("-mllvm");
    Cmd.push_back(std::string("-t2s-report=") + M.ReportFormat);
  }
  for (const std::string &W : boardFlags(R))
    Cmd.push_back(W);
  if (M.What == Makes::Files) {
    const TargetFiles &F = filesOf(M.T);
    Cmd.push_back("-mllvm");
    Cmd.push_back(F.KernelsFlag + Out.Kernels);
    if (!Out.HostStub.empty()) {
      Cmd.push_back("-mllvm");
      Cmd.push_back(F.HostFlag + Out.HostStub);
    }
  }
  return Cmd;
}

// Runs \p Cmd, one clang++ command (--dry-run: prints it), its standard
// output to Out.Report if that is set; a failure leaves none of Out's files.
// The compiled inputs of a command line, for what a step says it does.
std::string inputNames(const ClangArgs &Args) {
  std::string Names;
  for (const ClangArg &A : Args)
    if (A.ID == OPT_INPUT && isCompiledInput(Args, A))
      Names += (Names.empty() ? "" : ", ") + llvm::sys::path::filename(A.Value).str();
  return Names.empty() ? "the inputs" : Names;
}

int runOnce(const std::string &Clang, const std::vector<std::string> &Cmd,
            const Outputs &Out, const Request &R) {
  if (R.DryRun) {
    printCommand(Cmd);
    return 0;
  }
  std::vector<llvm::StringRef> CmdRefs(Cmd.begin(), Cmd.end());
  std::string ErrMsg;
  std::optional<llvm::StringRef> Redirects[] = {std::nullopt, std::nullopt,
                                                std::nullopt};
  if (!Out.Report.empty()) {
    llvm::sys::fs::remove(Out.Report); // written anew, never over an old file
    Redirects[1] = Out.Report;
  }
  // The report and the kernels of a large design take a while: say so.
  std::string What = R.Mode->named() + " of " + inputNames(R.Forwarded);
  bool Progress = R.Mode->What != Makes::Native && showsProgress();
  auto Start = std::chrono::steady_clock::now();
  if (Progress)
    progressStart(What);
  int RC = llvm::sys::ExecuteAndWait(Clang, CmdRefs, childEnvironment(), Redirects,
                                     0, 0, &ErrMsg);
  if (Progress && RC == 0)
    progressEnd(What, Start);
  if (RC != 0) // no output a failed step leaves half written
    for (const std::string &F : {Out.Kernels, Out.HostStub, Out.Report})
      if (!F.empty())
        llvm::sys::fs::remove(F);
  if (RC < 0)
    return fail("running " + Clang + " failed: " + ErrMsg);
  return RC;
}

// After the last command: --emit-opencl=aoc writes the kernels' file in
// Intel's spelling.
int finishOutputs(const Outputs &Out, const Request &R, const Layout &L) {
  if (R.DryRun || !R.Mode->has(InlinesChannels))
    return 0;
  if (std::optional<std::string> Error = inIntelSpelling(clangPath(), Out.Kernels, L.IncludeDir)) {
    llvm::sys::fs::remove(Out.Kernels);
    return fail(*Error);
  }
  return 0;
}

// Runs \p Cmd, the one clang++ command of a run that builds no program
// (--dry-run: prints it), and finishes its outputs.
int runClang(const std::string &Clang, const std::vector<std::string> &Cmd,
             const Outputs &Out, const Request &R, const Layout &L) {
  if (int RC = runOnce(Clang, Cmd, Out, R))
    return RC;
  return finishOutputs(Out, R, L);
}

} // namespace

// The reports of several inputs as one: texts and graphs one after the
// other, JSON documents merged (each list of the first gains the others').
std::string joinReports(const std::vector<std::string> &Parts, bool Json) {
  if (!Json) {
    std::string All;
    for (const std::string &P : Parts)
      All += P;
    return All;
  }
  std::optional<llvm::json::Object> Merged;
  for (const std::string &P : Parts) {
    llvm::Expected<llvm::json::Value> V = llvm::json::parse(P);
    if (!V) {
      llvm::consumeError(V.takeError());
      continue; // a compilation that failed printed none
    }
    llvm::json::Object *O = V->getAsObject();
    if (!O)
      continue;
    if (!Merged) {
      Merged = std::move(*O);
      continue;
    }
    for (auto &[Key, Value] : *O)
      if (llvm::json::Array *To = Merged->getArray(Key))
        if (llvm::json::Array *From = Value.getAsArray())
          for (llvm::json::Value &X : *From)
            To->push_back(std::move(X));
  }
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  OS << llvm::formatv("{0:2}", llvm::json::Value(Merged ? std::move(*Merged)
                                                        : llvm::json::Object()))
     << "\n";
  return Text;
}

// --emit-opencl and --report/--emit-dot of several compiled inputs: clang
// writes one -o file at most, so one compilation per input, each with the
// other inputs left out; the kernels and stubs are appended by the passes,
// the reports joined here.
int runPerInput(const std::string &Clang, const std::vector<std::string> &Plugins,
                const Request &R, const Outputs &Out, const Layout &L,
                const std::vector<const ClangArg *> &Compiled) {
  std::vector<std::string> Parts;
  for (const ClangArg *Input : Compiled) {
    Request One = R;
    One.Forwarded.clear();
    for (const ClangArg &A : R.Forwarded)
      if (&A == Input || !llvm::is_contained(Compiled, &A))
        One.Forwarded.push_back(A);
    Outputs Each = Out; // the report of each to a file of its own
    Each.Report.clear();
    llvm::SmallString<128> Captured;
    if (R.Mode->What == Makes::Report && !R.DryRun) {
      if (std::error_code EC = llvm::sys::fs::createTemporaryFile("t2s-report", "txt", Captured))
        return fail("cannot create a temporary file: " + EC.message());
      Each.Report = std::string(Captured);
    }
    int RC = runOnce(Clang, clangCommand(Plugins, One, Each), Each, R);
    if (!Captured.empty()) {
      if (auto Buf = llvm::MemoryBuffer::getFile(Captured))
        Parts.push_back((*Buf)->getBuffer().str());
      llvm::sys::fs::remove(Captured);
    }
    if (RC != 0)
      return RC;
  }
  if (R.DryRun)
    return 0;
  if (R.Mode->What == Makes::Report) {
    std::string Joined = joinReports(Parts, llvm::StringRef(R.Mode->ReportFormat) == "json");
    if (Out.Report.empty()) {
      llvm::outs() << Joined;
    } else {
      std::error_code EC;
      llvm::raw_fd_ostream OS(Out.Report, EC);
      if (EC)
        return fail("cannot write " + Out.Report + ": " + EC.message());
      OS << Joined;
    }
  }
  return finishOutputs(Out, R, L);
}

// A file the build writes (-o, --host-stub=) in a directory that is not
// there: said before any step runs, naming the directory.
std::optional<std::string> missingOutputDirectory(const Request &R) {
  std::vector<std::string> Files;
  if (std::optional<std::string> O = lastValue(R.Forwarded, OPT_o))
    Files.push_back(*O);
  if (!R.HostStub.empty())
    Files.push_back(R.HostStub);
  for (const std::string &F : Files) {
    llvm::StringRef Parent = llvm::sys::path::parent_path(F);
    if (F != "-" && !Parent.empty() && !llvm::sys::fs::is_directory(Parent))
      return "cannot write '" + F + "': the directory '" + Parent.str() +
             "' does not exist; create it first";
  }
  return std::nullopt;
}

// Standard input ('-') as the source of a mode that builds in steps, each
// of which reads the source: its text, read once, in a file that lives as
// long as the build. Returns why not, or none.
std::optional<std::string> stdinToFile(ClangArgs &Args, llvm::SmallString<128> &Path) {
  for (ClangArg &A : Args) {
    if (A.ID != OPT_INPUT || A.Value != "-")
      continue;
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> In = llvm::MemoryBuffer::getSTDIN();
    if (!In)
      return "cannot read standard input: " + In.getError().message();
    int FD = -1;
    if (std::error_code EC = llvm::sys::fs::createTemporaryFile("t2s-stdin", "cpp", FD, Path))
      return "cannot keep standard input in a file: " + EC.message();
    llvm::raw_fd_ostream Out(FD, /*shouldClose=*/true);
    Out << (*In)->getBuffer();
    A.Value = std::string(Path);
    A.Words = {A.Value};
    return std::nullopt;
  }
  return std::nullopt;
}

int main(int Argc, char **Argv) {
  llvm::InitLLVM X(Argc, Argv);
  Layout L = findLayout(Argv[0]);
  std::string Clang = clangPath();

  // (1) The command line (@file response files expanded, as clang does):
  // what it asks for, and whether this run can do it.
  llvm::SmallVector<const char *, 64> Words(Argv + 1, Argv + Argc);
  llvm::BumpPtrAllocator Alloc;
  llvm::cl::ExpansionContext Expand(Alloc, llvm::cl::TokenizeGNUCommandLine);
  if (llvm::Error E = Expand.expandResponseFiles(Words))
    return fail(llvm::toString(std::move(E)));
  llvm::Expected<Request> R = parseCommandLine(Words);
  if (!R)
    return fail(llvm::toString(R.takeError()));
  if (R->Help) {
    printUsage();
    return 0;
  }
  if (R->Version)
    return printVersion(L, Clang);
  if (lastValue(R->Forwarded, OPT_v)) // clang's -v names clang; this names T2S
    llvm::errs() << "t2s-clang " << T2S_VERSION_STRING << " (T2S on LLVM), plugins in "
                 << L.LibDir << "\n";
  if (std::optional<std::string> Error = missingPrerequisite(L, Clang, *R))
    return fail(*Error);
  if (std::optional<std::string> Error = missingOutputDirectory(*R))
    return fail(*Error);
  llvm::Expected<const ModeRow *> Mode = checkModes(*R);
  if (!Mode)
    return fail(llvm::toString(Mode.takeError()));
  R->Mode = *Mode;
  // The Vitis HLS outputs are for AMD's cards: their timing warnings and
  // build files are the toolchain's default card's unless --device= names
  // another.
  if (R->Mode->has(NamesDevice) && R->Device.empty())
    R->Device = t2s::defaultFPGADevice(filesOf(R->Mode->T).Toolchain);

  // (2) The clang++ commands, and (3) running them: --emulate, --opencl,
  // --hls-sim and --xrt build the program in steps; every other mode is one
  // command.
  std::vector<std::string> Plugins = clangWithPlugins(Clang, L);
  if (R->Mode->Build) {
    llvm::SmallString<128> Stdin;
    if (std::optional<std::string> Error = stdinToFile(R->Forwarded, Stdin))
      return fail(*Error);
    int RC = ProgramBuild(Clang, L, Plugins, *R->Mode, R->Forwarded, R->DryRun, boardFlags(*R))
                 .run();
    if (!Stdin.empty())
      llvm::sys::fs::remove(Stdin);
    return RC;
  }
  Outputs Out = outputsOf(*R);
  if (std::optional<std::string> Error = startKernelsFiles(Out, *R->Mode))
    return fail(*Error);
  std::vector<const ClangArg *> Compiled;
  for (const ClangArg &A : R->Forwarded)
    if (A.ID == OPT_INPUT && isCompiledInput(R->Forwarded, A))
      Compiled.push_back(&A);
  if (Compiled.size() > 1 && R->Mode->What != Makes::Native)
    return runPerInput(Clang, Plugins, *R, Out, L, Compiled);
  return runClang(Clang, clangCommand(Plugins, *R, Out), Out, *R, L);
}
