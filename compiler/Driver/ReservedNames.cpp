//===- ReservedNames.cpp - Names a program may not define -----------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "ReservedNames.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;

bool imex::isReservedFunctionName(StringRef name) {
  static const llvm::StringSet<> names = {
      // The C library: allocation, copies, printing and aborting.
      "malloc", "free", "calloc", "realloc", "aligned_alloc", "memcpy",
      "memmove", "memset", "memrefCopy", "abort", "exit", "printf", "puts",
      "putchar", "fflush",
      // libm, which LLVM calls for math it does not expand inline.
      "exp", "expf", "exp2", "exp2f", "expm1", "expm1f", "log", "logf", "log2",
      "log2f", "log10", "log10f", "log1p", "log1pf", "sin", "sinf", "cos",
      "cosf", "tan", "tanf", "asin", "asinf", "acos", "acosf", "atan", "atanf",
      "atan2", "atan2f", "sinh", "sinhf", "cosh", "coshf", "tanh", "tanhf",
      "pow", "powf", "sqrt", "sqrtf", "cbrt", "cbrtf", "erf", "erff", "fmod",
      "fmodf", "fabs", "fabsf", "floor", "floorf", "ceil", "ceilf", "round",
      "roundf", "trunc", "truncf", "rint", "rintf", "fma", "fmaf", "fmin",
      "fminf", "fmax", "fmaxf",
      // The GPU runtime's C ABI (imexrt.h) and upstream's mgpu one.
      "gpuCreateContext", "gpuCreateDevice", "gpuCreateStream",
      "gpuDestroyContext", "gpuDestroyDevice", "gpuKernelGet",
      "gpuLaunchKernel", "gpuMemAlloc", "gpuMemCopy", "gpuMemFree", "gpuMemSet",
      "gpuModuleLoad", "gpuModuleUnload", "gpuStreamDestroy", "gpuWait"};
  static constexpr StringLiteral prefixes[] = {
      "__kmpc_", "omp_", "imexrt", "_mlir_", "mgpu", "printMemref", "llvm."};
  return names.contains(name) ||
         llvm::any_of(prefixes, [&](StringLiteral prefix) {
           return name.starts_with(prefix);
         });
}

LogicalResult imex::checkReservedNames(ModuleOp module) {
  bool clash = false;
  auto check = [&](Operation *fn, StringRef name, bool isDefinition) {
    if (!isDefinition || !isReservedFunctionName(name))
      return;
    fn->emitError() << "the function name '" << name
                    << "' is reserved: generated code calls the C library's, "
                       "libm's, OpenMP's or the imexc runtime's function of "
                       "that name; rename it";
    clash = true;
  };
  for (auto fn : module.getOps<func::FuncOp>())
    check(fn, fn.getSymName(), !fn.isExternal());
  for (auto fn : module.getOps<LLVM::LLVMFuncOp>())
    check(fn, fn.getSymName(), !fn.isExternal());
  return failure(clash);
}
