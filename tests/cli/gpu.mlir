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
// RUNTIME: imexc: error: invalid value 'cuda' for --gpu-runtime (expected auto, level-zero, vulkan)

// --emit=spirv writes the kernel module of one flavour, valid for its client
// API; with both flavours (or several modules) it asks for a choice.
// RUN: imexc %S/../../examples/saxpy/saxpy.mlir --emit=spirv --gpu-runtime=vulkan -o %t/saxpy.spv
// RUN: spirv-val --target-env vulkan1.0 %t/saxpy.spv
// RUN: imexc %S/../../examples/saxpy/saxpy.mlir --emit=spirv --gpu-runtime=level-zero -o %t/saxpy-cl.spv
// RUN: spirv-val --target-env opencl2.0 %t/saxpy-cl.spv
// RUN: not imexc %S/../../examples/saxpy/saxpy.mlir --emit=spirv -o %t/both.spv 2>&1 | FileCheck %s --check-prefix=ONE
// ONE: --emit=spirv needs exactly one kernel module in one flavour (pick one with --gpu-runtime), but the program has 2
// RUN: not test -e %t/both.spv
// RUN: not imexc %S/Inputs/add.mlir --emit=spirv -o %t/host.spv 2>&1 | FileCheck %s --check-prefix=NONE
// NONE: but the program has 0

// --save-temps also keeps every SPIR-V module (here the Vulkan one only).
// RUN: ls %t/temps | FileCheck %s --check-prefix=SPV
// SPV-NOT: opencl.spv
// SPV: saxpy_kernel.vulkan.spv

// A failing pass leaves a crash reproducer when asked for one.
// RUN: not imexc %S/Inputs/gpu-sin-f64.mlir -o %t/sin2.o --mlir-pass-pipeline-crash-reproducer=%t/repro.mlir 2>/dev/null
// RUN: FileCheck %s --check-prefix=REPRO < %t/repro.mlir
// REPRO: {-#
// REPRO: pipeline: "builtin.module(
