// Runs the GEMM kernel that t2s-clang --emit-opencl wrote for examples/gemm.cpp
// on an OpenCL device (PoCL on the CPU here) and checks it against the triple
// loop. Usage: pocl-gemm gemm.cl
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

constexpr int I = 16, J = 12, K = 20;

static int fail(const char *What, cl_int Err) {
  std::fprintf(stderr, "pocl-gemm: %s failed (%d)\n", What, Err);
  return 2;
}

int main(int Argc, char **Argv) {
  if (Argc != 2)
    return fail("usage: pocl-gemm kernel.cl", 0);
  std::ifstream In(Argv[1]);
  std::stringstream Text;
  Text << In.rdbuf();
  std::string Source = Text.str();

  cl_int Err;
  cl_platform_id Platform;
  cl_device_id Device;
  if ((Err = clGetPlatformIDs(1, &Platform, nullptr)) != CL_SUCCESS)
    return fail("clGetPlatformIDs", Err);
  if ((Err = clGetDeviceIDs(Platform, CL_DEVICE_TYPE_ALL, 1, &Device, nullptr)) != CL_SUCCESS)
    return fail("clGetDeviceIDs", Err);
  cl_context Ctx = clCreateContext(nullptr, 1, &Device, nullptr, nullptr, &Err);
  if (Err != CL_SUCCESS)
    return fail("clCreateContext", Err);
  cl_command_queue Queue = clCreateCommandQueue(Ctx, Device, 0, &Err);
  const char *Src = Source.c_str();
  cl_program Program = clCreateProgramWithSource(Ctx, 1, &Src, nullptr, &Err);
  if (clBuildProgram(Program, 1, &Device, "-cl-std=CL1.2", nullptr, nullptr) != CL_SUCCESS) {
    char Log[16384];
    clGetProgramBuildInfo(Program, Device, CL_PROGRAM_BUILD_LOG, sizeof(Log), Log, nullptr);
    std::fprintf(stderr, "%s\n", Log);
    return fail("clBuildProgram", 0);
  }
  cl_kernel Kernel = clCreateKernel(Program, "gemm", &Err);
  if (Err != CL_SUCCESS)
    return fail("clCreateKernel", Err);

  std::vector<float> A(I * K), B(K * J), C(I * J);
  for (int i = 0; i < I; ++i)
    for (int k = 0; k < K; ++k)
      A[i * K + k] = static_cast<float>((i * 7 + k * 3) % 11 - 5);
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < J; ++j)
      B[k * J + j] = static_cast<float>((k * 5 + j * 2) % 9 - 4);
  cl_mem BufA = clCreateBuffer(Ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                               A.size() * sizeof(float), A.data(), &Err);
  cl_mem BufB = clCreateBuffer(Ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                               B.size() * sizeof(float), B.data(), &Err);
  cl_mem BufC = clCreateBuffer(Ctx, CL_MEM_WRITE_ONLY, C.size() * sizeof(float),
                               nullptr, &Err);
  clSetKernelArg(Kernel, 0, sizeof(cl_mem), &BufA);
  clSetKernelArg(Kernel, 1, sizeof(cl_mem), &BufB);
  clSetKernelArg(Kernel, 2, sizeof(cl_mem), &BufC);
  size_t One = 1; // a single-work-item kernel
  if ((Err = clEnqueueNDRangeKernel(Queue, Kernel, 1, nullptr, &One, &One, 0,
                                    nullptr, nullptr)) != CL_SUCCESS)
    return fail("clEnqueueNDRangeKernel", Err);
  if ((Err = clEnqueueReadBuffer(Queue, BufC, CL_TRUE, 0, C.size() * sizeof(float),
                                 C.data(), 0, nullptr, nullptr)) != CL_SUCCESS)
    return fail("clEnqueueReadBuffer", Err);

  int Bad = 0;
  for (int i = 0; i < I; ++i)
    for (int j = 0; j < J; ++j) {
      float S = 0.f;
      for (int k = 0; k < K; ++k)
        S += A[i * K + k] * B[k * J + j];
      Bad += C[i * J + j] != S;
    }
  std::printf("pocl gemm: %d of %d values differ\n", Bad, I * J);
  clReleaseMemObject(BufA);
  clReleaseMemObject(BufB);
  clReleaseMemObject(BufC);
  clReleaseKernel(Kernel);
  clReleaseProgram(Program);
  clReleaseCommandQueue(Queue);
  clReleaseContext(Ctx);
  return Bad != 0;
}
