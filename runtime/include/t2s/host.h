//===- t2s/host.h - Running emitted kernels on an OpenCL device -*- C++ -*-===//
//
// The host side that the stubs of 't2s-clang --emit-opencl --host-stub=...'
// are written against, usable by hand too:
//
//   t2s::host::Device D;                         // first platform with a device
//   t2s::host::Program P(D, "gemm.cl", "-cl-std=CL1.2");   // or "gemm.aocx"
//   t2s::host::Buffer<float> A(D, n, /*DeviceWrites=*/false, /*DeviceReads=*/true);
//   A.write(a);
//   t2s::host::Kernel K(D, P, "gemm");
//   K.setArgs(A, B, C);                          // buffers and scalars
//   t2s::host::runAll({&K});                     // start all, then wait for all
//   C.read(c);
//
// Every OpenCL call is checked; a failure throws t2s::host::Error, whose
// what() names the call, the error code by name and, for a build, the
// compiler's log. Each kernel has its own in-order queue: kernels that talk
// through channels (Intel FPGAs) must run at the same time. Objects own their
// OpenCL handles (released in the destructor) and are move-only.
//
// Environment: T2S_OPENCL_PLATFORM picks the platform whose name contains it
// (case-insensitive). Link with -lOpenCL.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_HOST_H
#define T2S_HOST_H

#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif
#include <CL/cl.h>

#include "vector_types.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <initializer_list>
#include <iterator>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace t2s {
namespace host {

/// The name of an OpenCL 1.2 error code ("CL_INVALID_VALUE").
inline const char *errorName(cl_int Code) {
  switch (Code) {
#define T2S_CL_ERROR(E) case E: return #E;
    T2S_CL_ERROR(CL_SUCCESS)
    T2S_CL_ERROR(CL_DEVICE_NOT_FOUND)
    T2S_CL_ERROR(CL_DEVICE_NOT_AVAILABLE)
    T2S_CL_ERROR(CL_COMPILER_NOT_AVAILABLE)
    T2S_CL_ERROR(CL_MEM_OBJECT_ALLOCATION_FAILURE)
    T2S_CL_ERROR(CL_OUT_OF_RESOURCES)
    T2S_CL_ERROR(CL_OUT_OF_HOST_MEMORY)
    T2S_CL_ERROR(CL_PROFILING_INFO_NOT_AVAILABLE)
    T2S_CL_ERROR(CL_MEM_COPY_OVERLAP)
    T2S_CL_ERROR(CL_IMAGE_FORMAT_MISMATCH)
    T2S_CL_ERROR(CL_IMAGE_FORMAT_NOT_SUPPORTED)
    T2S_CL_ERROR(CL_BUILD_PROGRAM_FAILURE)
    T2S_CL_ERROR(CL_MAP_FAILURE)
    T2S_CL_ERROR(CL_MISALIGNED_SUB_BUFFER_OFFSET)
    T2S_CL_ERROR(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST)
    T2S_CL_ERROR(CL_COMPILE_PROGRAM_FAILURE)
    T2S_CL_ERROR(CL_LINKER_NOT_AVAILABLE)
    T2S_CL_ERROR(CL_LINK_PROGRAM_FAILURE)
    T2S_CL_ERROR(CL_DEVICE_PARTITION_FAILED)
    T2S_CL_ERROR(CL_KERNEL_ARG_INFO_NOT_AVAILABLE)
    T2S_CL_ERROR(CL_INVALID_VALUE)
    T2S_CL_ERROR(CL_INVALID_DEVICE_TYPE)
    T2S_CL_ERROR(CL_INVALID_PLATFORM)
    T2S_CL_ERROR(CL_INVALID_DEVICE)
    T2S_CL_ERROR(CL_INVALID_CONTEXT)
    T2S_CL_ERROR(CL_INVALID_QUEUE_PROPERTIES)
    T2S_CL_ERROR(CL_INVALID_COMMAND_QUEUE)
    T2S_CL_ERROR(CL_INVALID_HOST_PTR)
    T2S_CL_ERROR(CL_INVALID_MEM_OBJECT)
    T2S_CL_ERROR(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR)
    T2S_CL_ERROR(CL_INVALID_IMAGE_SIZE)
    T2S_CL_ERROR(CL_INVALID_SAMPLER)
    T2S_CL_ERROR(CL_INVALID_BINARY)
    T2S_CL_ERROR(CL_INVALID_BUILD_OPTIONS)
    T2S_CL_ERROR(CL_INVALID_PROGRAM)
    T2S_CL_ERROR(CL_INVALID_PROGRAM_EXECUTABLE)
    T2S_CL_ERROR(CL_INVALID_KERNEL_NAME)
    T2S_CL_ERROR(CL_INVALID_KERNEL_DEFINITION)
    T2S_CL_ERROR(CL_INVALID_KERNEL)
    T2S_CL_ERROR(CL_INVALID_ARG_INDEX)
    T2S_CL_ERROR(CL_INVALID_ARG_VALUE)
    T2S_CL_ERROR(CL_INVALID_ARG_SIZE)
    T2S_CL_ERROR(CL_INVALID_KERNEL_ARGS)
    T2S_CL_ERROR(CL_INVALID_WORK_DIMENSION)
    T2S_CL_ERROR(CL_INVALID_WORK_GROUP_SIZE)
    T2S_CL_ERROR(CL_INVALID_WORK_ITEM_SIZE)
    T2S_CL_ERROR(CL_INVALID_GLOBAL_OFFSET)
    T2S_CL_ERROR(CL_INVALID_EVENT_WAIT_LIST)
    T2S_CL_ERROR(CL_INVALID_EVENT)
    T2S_CL_ERROR(CL_INVALID_OPERATION)
    T2S_CL_ERROR(CL_INVALID_GL_OBJECT)
    T2S_CL_ERROR(CL_INVALID_BUFFER_SIZE)
    T2S_CL_ERROR(CL_INVALID_MIP_LEVEL)
    T2S_CL_ERROR(CL_INVALID_GLOBAL_WORK_SIZE)
    T2S_CL_ERROR(CL_INVALID_PROPERTY)
    T2S_CL_ERROR(CL_INVALID_IMAGE_DESCRIPTOR)
    T2S_CL_ERROR(CL_INVALID_COMPILER_OPTIONS)
    T2S_CL_ERROR(CL_INVALID_LINKER_OPTIONS)
    T2S_CL_ERROR(CL_INVALID_DEVICE_PARTITION_COUNT)
#undef T2S_CL_ERROR
  default:
    return "an unknown OpenCL error";
  }
}

/// A failed OpenCL call.
struct Error : std::runtime_error {
  cl_int Code;
  Error(const std::string &Call, cl_int Code, const std::string &Detail = "")
      : std::runtime_error(Call + " failed: " + errorName(Code) + " (" +
                           std::to_string(Code) + ")" +
                           (Detail.empty() ? "" : "\n" + Detail)),
        Code(Code) {}
};

namespace detail {
inline void check(cl_int Code, const char *Call) {
  if (Code != CL_SUCCESS)
    throw Error(Call, Code);
}

inline std::string lower(std::string S) {
  std::transform(S.begin(), S.end(), S.begin(),
                 [](unsigned char C) { return char(std::tolower(C)); });
  return S;
}

inline std::string platformName(cl_platform_id P) {
  size_t N = 0;
  check(clGetPlatformInfo(P, CL_PLATFORM_NAME, 0, nullptr, &N), "clGetPlatformInfo");
  std::string S(N, '\0');
  check(clGetPlatformInfo(P, CL_PLATFORM_NAME, N, &S[0], nullptr), "clGetPlatformInfo");
  S.resize(S.find('\0') == std::string::npos ? S.size() : S.find('\0'));
  return S;
}

// Owns one OpenCL handle; Release is its clRelease* function.
template <class H, cl_int (*Release)(H)> class Handle {
  H Value = nullptr;

public:
  Handle() = default;
  explicit Handle(H V) : Value(V) {}
  Handle(Handle &&O) noexcept : Value(std::exchange(O.Value, nullptr)) {}
  Handle &operator=(Handle &&O) noexcept {
    if (this != &O) {
      reset();
      Value = std::exchange(O.Value, nullptr);
    }
    return *this;
  }
  Handle(const Handle &) = delete;
  Handle &operator=(const Handle &) = delete;
  ~Handle() { reset(); }
  void reset() {
    if (Value)
      Release(Value);
    Value = nullptr;
  }
  H get() const { return Value; }
};
} // namespace detail

/// One platform, device and context.
class Device {
  cl_platform_id Platform = nullptr;
  cl_device_id Id = nullptr;
  detail::Handle<cl_context, clReleaseContext> Context;
  std::string Name;

public:
  Device() {
    cl_uint N = 0;
    cl_int Err = clGetPlatformIDs(0, nullptr, &N);
    if (Err == CL_PLATFORM_NOT_FOUND_KHR_VALUE() || N == 0)
      throw Error("clGetPlatformIDs", CL_DEVICE_NOT_FOUND,
                  "no OpenCL platform is installed (PoCL: scripts/install-deps.sh)");
    detail::check(Err, "clGetPlatformIDs");
    std::vector<cl_platform_id> Platforms(N);
    detail::check(clGetPlatformIDs(N, Platforms.data(), nullptr), "clGetPlatformIDs");
    const char *Want = std::getenv("T2S_OPENCL_PLATFORM");
    std::string Seen;
    for (cl_platform_id P : Platforms) {
      std::string PName = detail::platformName(P);
      Seen += (Seen.empty() ? "" : ", ") + PName;
      if (Want && detail::lower(PName).find(detail::lower(Want)) == std::string::npos)
        continue;
      cl_device_id D;
      if (clGetDeviceIDs(P, CL_DEVICE_TYPE_ALL, 1, &D, nullptr) != CL_SUCCESS)
        continue;
      Platform = P;
      Id = D;
      Name = PName;
      break;
    }
    if (!Id)
      throw Error("clGetDeviceIDs", CL_DEVICE_NOT_FOUND,
                  Want ? "no platform named like T2S_OPENCL_PLATFORM='" +
                             std::string(Want) + "' has a device; platforms: " + Seen
                       : "no platform has a device; platforms: " + Seen);
    size_t N2 = 0;
    detail::check(clGetDeviceInfo(Id, CL_DEVICE_NAME, 0, nullptr, &N2), "clGetDeviceInfo");
    std::string DName(N2, '\0');
    detail::check(clGetDeviceInfo(Id, CL_DEVICE_NAME, N2, &DName[0], nullptr),
                  "clGetDeviceInfo");
    DName.resize(DName.find('\0') == std::string::npos ? DName.size() : DName.find('\0'));
    Name += " / " + DName;
    cl_int E;
    Context = decltype(Context)(clCreateContext(nullptr, 1, &Id, nullptr, nullptr, &E));
    detail::check(E, "clCreateContext");
  }

  /// "platform / device".
  const std::string &name() const { return Name; }
  cl_context context() const { return Context.get(); }
  cl_device_id id() const { return Id; }

private:
  // -1001 (CL_PLATFORM_NOT_FOUND_KHR): the ICD loader found no platform.
  static cl_int CL_PLATFORM_NOT_FOUND_KHR_VALUE() { return -1001; }
};

/// A program from OpenCL C source (.cl), or an offline-compiled binary
/// (.aocx, Intel's FPGA bitstream), built for the device.
class Program {
  detail::Handle<cl_program, clReleaseProgram> Value;

public:
  Program(Device &D, const std::string &Path, const std::string &Options = "") {
    std::ifstream In(Path, std::ios::binary);
    if (!In)
      throw Error("reading " + Path, CL_INVALID_VALUE, "cannot open the file");
    std::string Bytes((std::istreambuf_iterator<char>(In)), std::istreambuf_iterator<char>());
    cl_int E;
    bool Binary = Path.size() > 5 && Path.compare(Path.size() - 5, 5, ".aocx") == 0;
    if (Binary) {
      const unsigned char *Data = reinterpret_cast<const unsigned char *>(Bytes.data());
      size_t Size = Bytes.size();
      cl_device_id Id = D.id();
      cl_int Status;
      Value = decltype(Value)(
          clCreateProgramWithBinary(D.context(), 1, &Id, &Size, &Data, &Status, &E));
      detail::check(E, "clCreateProgramWithBinary");
    } else {
      const char *Src = Bytes.c_str();
      Value = decltype(Value)(clCreateProgramWithSource(D.context(), 1, &Src, nullptr, &E));
      detail::check(E, "clCreateProgramWithSource");
    }
    cl_device_id Id = D.id();
    E = clBuildProgram(Value.get(), 1, &Id, Options.c_str(), nullptr, nullptr);
    std::string Log = buildLog(Id);
    if (E != CL_SUCCESS)
      throw Error("clBuildProgram", E, "building " + Path + ":\n" + Log);
    // A build that succeeded may still have warned: show what it said (some
    // implementations print only the count of warnings themselves).
    if (Log.find_first_not_of(" \t\r\n") != std::string::npos)
      std::fprintf(stderr, "t2s: the OpenCL build log of %s:\n%s%s", Path.c_str(),
                   Log.c_str(), Log.back() == '\n' ? "" : "\n");
  }
  cl_program get() const { return Value.get(); }

private:
  std::string buildLog(cl_device_id Id) const {
    size_t N = 0;
    if (clGetProgramBuildInfo(Value.get(), Id, CL_PROGRAM_BUILD_LOG, 0, nullptr, &N) !=
            CL_SUCCESS ||
        N == 0)
      return std::string();
    std::string Log(N, '\0');
    clGetProgramBuildInfo(Value.get(), Id, CL_PROGRAM_BUILD_LOG, N, &Log[0], nullptr);
    Log.resize(Log.find('\0') == std::string::npos ? Log.size() : Log.find('\0'));
    return Log;
  }

public:
};

/// A device buffer of N elements of T.
template <class T> class Buffer {
  detail::Handle<cl_mem, clReleaseMemObject> Mem;
  detail::Handle<cl_command_queue, clReleaseCommandQueue> Queue;
  size_t N;

public:
  Buffer(Device &D, size_t N, bool DeviceWrites, bool DeviceReads) : N(N) {
    cl_mem_flags Flags = DeviceWrites && DeviceReads ? CL_MEM_READ_WRITE
                         : DeviceWrites              ? CL_MEM_WRITE_ONLY
                                                     : CL_MEM_READ_ONLY;
    cl_int E;
    Mem = decltype(Mem)(clCreateBuffer(D.context(), Flags, N * sizeof(T), nullptr, &E));
    detail::check(E, "clCreateBuffer");
    Queue = decltype(Queue)(clCreateCommandQueue(D.context(), D.id(), 0, &E));
    detail::check(E, "clCreateCommandQueue");
  }
  /// Copies N elements from the host to the device (blocking).
  void write(const T *Host) {
    detail::check(clEnqueueWriteBuffer(Queue.get(), Mem.get(), CL_TRUE, 0,
                                       N * sizeof(T), Host, 0, nullptr, nullptr),
                  "clEnqueueWriteBuffer");
  }
  /// Copies N elements from the device to the host (blocking).
  void read(T *Host) {
    detail::check(clEnqueueReadBuffer(Queue.get(), Mem.get(), CL_TRUE, 0,
                                      N * sizeof(T), Host, 0, nullptr, nullptr),
                  "clEnqueueReadBuffer");
  }
  size_t size() const { return N; }
  cl_mem get() const { return Mem.get(); }
};

/// A single-work-item kernel with its own in-order queue.
class Kernel {
  detail::Handle<cl_kernel, clReleaseKernel> Value;
  detail::Handle<cl_command_queue, clReleaseCommandQueue> Queue;
  std::string Name;

  template <class T> void setArg(cl_uint I, const Buffer<T> &B) {
    cl_mem M = B.get();
    detail::check(clSetKernelArg(Value.get(), I, sizeof(cl_mem), &M), "clSetKernelArg");
  }
  template <class T> void setArg(cl_uint I, const T &V) {
    static_assert(std::is_trivially_copyable<T>::value, "kernel arguments are plain values");
    detail::check(clSetKernelArg(Value.get(), I, sizeof(T), &V), "clSetKernelArg");
  }

public:
  Kernel(Device &D, Program &P, const std::string &Name) : Name(Name) {
    cl_int E;
    Value = decltype(Value)(clCreateKernel(P.get(), Name.c_str(), &E));
    if (E != CL_SUCCESS)
      throw Error("clCreateKernel", E, "no kernel '" + Name + "' in the program");
    Queue = decltype(Queue)(clCreateCommandQueue(D.context(), D.id(), 0, &E));
    detail::check(E, "clCreateCommandQueue");
  }
  /// Sets the arguments in order: buffers by their cl_mem, scalars by value.
  template <class... Args> void setArgs(const Args &...A) {
    cl_uint I = 0;
    (setArg(I++, A), ...);
  }
  /// Starts the kernel (one work-item) without waiting for it.
  void start() {
    size_t One = 1;
    detail::check(clEnqueueNDRangeKernel(Queue.get(), Value.get(), 1, nullptr, &One,
                                         &One, 0, nullptr, nullptr),
                  "clEnqueueNDRangeKernel");
    detail::check(clFlush(Queue.get()), "clFlush");
  }
  /// Waits until the kernel has finished.
  void finish() { detail::check(clFinish(Queue.get()), "clFinish"); }
  const std::string &name() const { return Name; }
};

/// The program a host stub loads: $T2S_OPENCL_PROGRAM if set (e.g. the
/// .aocx that Intel's aoc made of the .cl file), else \p Default.
inline std::string programPath(const char *Default) {
  const char *Env = std::getenv("T2S_OPENCL_PROGRAM");
  return Env && *Env ? Env : Default;
}

/// Reports a failure of the kernels that replace a design and exits: the
/// design's function has no way to return an error.
[[noreturn]] inline void fatal(const char *Where, const Error &E) {
  std::fprintf(stderr, "%s: %s\n", Where, E.what());
  std::exit(1);
}

/// Starts every kernel, then waits for every kernel.
inline void runAll(std::initializer_list<Kernel *> Kernels) {
  for (Kernel *K : Kernels)
    K->start();
  for (Kernel *K : Kernels)
    K->finish();
}

} // namespace host
} // namespace t2s

#endif // T2S_HOST_H
