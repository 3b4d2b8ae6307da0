// imexc on GPU-placed code: the default pipeline is `gpu`, --gpu-runtime
// picks the embedded SPIR-V flavours, --save-temps keeps each SPIR-V module,
// and a kernel that cannot become valid SPIR-V is an error naming it.
// RUN: rm -rf %t && mkdir -p %t

// RUN: imexc %S/../../examples/saxpy/saxpy.mlir --emit=mlir | FileCheck %s --check-prefix=DEFAULT
// DEFAULT: llvm.mlir.global internal constant @saxpy_kernel_spirv_binary
// DEFAULT: llvm.call @gpuLaunchKernel

// RUN: imexc %S/../../examples/saxpy/saxpy.mlir --gpu-runtime=vulkan -o %t/v.o --save-temps=%t/temps
// RUN: imexc %S/../../examples/saxpy/saxpy.mlir --gpu-runtime=level-zero -o %t/l0.o
// RUN: imexc %S/../../examples/saxpy/saxpy.mlir -o %t/both.o
// RUN: ls -R %t/temps | FileCheck %s --check-prefix=TEMPS
// TEMPS: gpu-kernels-to-spirv-binary.mlir

// The IR saved after kernel serialization holds only the Vulkan flavour.
// RUN: imex-kbin-dump `find %t/temps -name '*gpu-kernels-to-spirv-binary.mlir'` | FileCheck %s --check-prefix=VULKAN
// VULKAN: vulkan
// VULKAN-NOT: opencl

// The three objects differ: they embed different flavour sets.
// RUN: not cmp -s %t/v.o %t/l0.o
// RUN: not cmp -s %t/v.o %t/both.o

// RUN: not imexc %S/Inputs/gpu-sin-f64.mlir -o %t/sin.o 2>&1 | FileCheck %s --check-prefix=INVALID
// INVALID: gpu-sin-f64.mlir:{{[0-9]+}}:{{[0-9]+}}: error: kernel 'sines_kernel' in gpu.module @sines_kernel: cannot convert to SPIR-V for the vulkan flavour
// INVALID: compilation of '{{.*}}gpu-sin-f64.mlir' failed; no output written
// RUN: not test -e %t/sin.o
// With only the OpenCL flavour requested, the same kernel compiles.
// RUN: imexc %S/Inputs/gpu-sin-f64.mlir --gpu-runtime=level-zero -o %t/sin-l0.o

// RUN: not imexc %S/Inputs/add.mlir --gpu-runtime=cuda 2>&1 | FileCheck %s --check-prefix=RUNTIME
// RUNTIME: --gpu-runtime: cuda not in {auto,level-zero,vulkan}
