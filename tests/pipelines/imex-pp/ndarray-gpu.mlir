// IMEX's GPU pipeline file format runs unchanged: ndarray programs with
// GPU-placed arrays compile through an IMEX-style ndarray-gpu.pp to host
// code that loads an OpenCL-flavoured SPIR-V binary and launches its
// kernels through the runtime. (It is not run: lavapipe takes only the
// Vulkan flavour, and IMEX's SPIR-V pass makes OpenCL kernels.) Programs
// that pass views to kernels (memref arguments with dynamic offsets) stop
// in upstream's SPIR-V conversion, in IMEX as here; imexc's own pipeline
// linearizes those arguments first (linearize-launch-memrefs).
// RUN: %gpu-env %S/../ndarray/subview-2d.mlir | imex-opt --pass-pipeline="$(%imex-pp-pipeline %S/Inputs/ndarray-gpu.pp)" | FileCheck %s
// RUN: %gpu-env %S/../ndarray/linspace-endpoint.mlir | imex-opt --pass-pipeline="$(%imex-pp-pipeline %S/Inputs/ndarray-gpu.pp)" | FileCheck %s --check-prefix=CHECKED
// RUN: %gpu-env %S/../ndarray/cast-float-width.mlir | imex-opt --pass-pipeline="$(%imex-pp-pipeline %S/Inputs/ndarray-gpu.pp)" | FileCheck %s --check-prefix=CASTS

// CHECK: llvm.mlir.global internal constant @main_kernel_main_kernel_kernel_name("main_kernel\00")
// CHECK: llvm.mlir.global internal constant @main_kernel_spirv_binary("\03\02#\07
// CHECK-LABEL: llvm.func @main()
// CHECK: %[[S:.*]] = llvm.call @gpuCreateStream
// CHECK: llvm.call @gpuModuleLoad(%[[S]],
// CHECK: llvm.call @gpuLaunchKernel(%[[S]],
// CHECK: llvm.call @gpuStreamDestroy(%[[S]])
// CHECK-NOT: gpu.module
// CHECK-NOT: gpux.

// Four casts, four kernels.
// CASTS-COUNT-4: llvm.call @gpuLaunchKernel(
// CASTS-NOT: llvm.call @gpuLaunchKernel(

// imexc's linspace checks its count at run time; the check reaches
// convert-gpux-to-llvm in IMEX's pipeline, which lowers it.
// CHECKED-LABEL: llvm.func @with_endpoint
// CHECKED: llvm.call @abort()
// CHECKED: llvm.call @gpuLaunchKernel(
