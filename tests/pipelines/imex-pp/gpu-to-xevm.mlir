// IMEX's XeGPU pipeline files end in upstream's gpu-module-to-binary on the
// XeVM target: imex-opt registers the GPU dialects' LLVM IR translations
// for it, as mlir-opt does.
// REQUIRES: llvm-spirv-backend
// RUN: imex-opt --pass-pipeline="$(%imex-pp-pipeline %S/Inputs/gpu-to-xevm.pp)" %s | FileCheck %s

// CHECK: gpu.binary @k [#gpu.object<#xevm.target, "\03\02#\07
// CHECK-LABEL: llvm.func @double_in_place
// CHECK: gpu.launch_func @k::@double
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @double(%m: memref<16xf32>) kernel {
      %i = gpu.thread_id x
      %v = memref.load %m[%i] : memref<16xf32>
      %w = arith.addf %v, %v : f32
      memref.store %w, %m[%i] : memref<16xf32>
      gpu.return
    }
  }
  func.func @double_in_place(%m: memref<16xf32>) {
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    gpu.launch_func @k::@double blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1) args(%m : memref<16xf32>)
    return
  }
}
