// IMEX's imex-convert-gpu-to-spirv: each gpu.module is converted, as a
// clone in front of it, to a spirv.module for its target environment with
// 64-bit indices and OpenCL storage classes; the original stays for the
// launch. An op without a SPIR-V lowering is an error.
// RUN: imex-opt -split-input-file -imex-convert-gpu-to-spirv -verify-diagnostics %s | FileCheck %s

// CHECK-LABEL: module attributes {gpu.container_module
// CHECK:         func.func @load_store
// CHECK:           gpu.launch_func @kernels::@load_store_kernel
// CHECK:         spirv.module @{{.*}} Physical64 OpenCL
// CHECK:           spirv.GlobalVariable @{{.*}} built_in("WorkgroupId") : !spirv.ptr<vector<3xi64>, Input>
// CHECK:           spirv.func @load_store_kernel(%{{.*}}: !spirv.ptr<!spirv.array<12 x f32>, CrossWorkgroup>, %{{.*}}: !spirv.ptr<!spirv.array<12 x f32>, CrossWorkgroup>, %{{.*}}: f32)
// CHECK:             spirv.Load "CrossWorkgroup"
// CHECK:             spirv.FAdd
// CHECK:             spirv.Store "CrossWorkgroup"
// CHECK:         gpu.module @kernels
// CHECK:           gpu.func @load_store_kernel
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Kernel, Addresses, Int64], []>, api=OpenCL, #spirv.resource_limits<>>} {
  func.func @load_store(%a: memref<12xf32>, %b: memref<12xf32>) {
    %c1 = arith.constant 1 : index
    %c12 = arith.constant 12 : index
    %f = arith.constant 1.0 : f32
    gpu.launch_func @kernels::@load_store_kernel blocks in (%c12, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<12xf32>, %b : memref<12xf32>, %f : f32)
    return
  }
  gpu.module @kernels {
    gpu.func @load_store_kernel(%a: memref<12xf32>, %b: memref<12xf32>, %f: f32) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<>} {
      %i = gpu.block_id x
      %x = memref.load %a[%i] : memref<12xf32>
      %y = arith.addf %x, %f : f32
      memref.store %y, %b[%i] : memref<12xf32>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Kernel, Addresses, Int64], []>, api=OpenCL, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @popcount(%a: memref<4xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<>} {
      %i = gpu.block_id x
      %x = memref.load %a[%i] : memref<4xi32>
      // expected-error @+1 {{failed to legalize operation 'math.ctpop'}}
      %y = math.ctpop %x : i32
      memref.store %y, %a[%i] : memref<4xi32>
      gpu.return
    }
  }
}

// -----

// A for loop with results becomes a while loop first: its results are
// stored each time the condition is tested, so a loop that runs no
// iteration yields its initial values (upstream's for loop conversion
// stores them only in the iterations).
// CHECK-LABEL: spirv.func @sum_from
// CHECK:         %[[RESULT:.*]] = spirv.Variable : !spirv.ptr<f32, Function>
// CHECK:         spirv.mlir.loop {
// CHECK:           spirv.Branch ^[[HEADER:.*]](%{{.*}}, %cst_f32 : i64, f32)
// CHECK:         ^[[HEADER]](%{{.*}}: i64, %[[ACC:.*]]: f32):
// CHECK:           spirv.Store "Function" %[[RESULT]], %[[ACC]] : f32
// CHECK:           spirv.BranchConditional
// CHECK:         spirv.Load "Function" %[[RESULT]] : f32
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Kernel, Addresses, Int64], []>, api=OpenCL, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @sum_from(%a: memref<4xf32>, %n: index) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %zero = arith.constant 0.0 : f32
      %i = gpu.block_id x
      %s = scf.for %k = %i to %n step %c1 iter_args(%acc = %zero) -> (f32) {
        %x = memref.load %a[%k] : memref<4xf32>
        %t = arith.addf %acc, %x : f32
        scf.yield %t : f32
      }
      memref.store %s, %a[%c0] : memref<4xf32>
      gpu.return
    }
  }
}

// -----

// maximumf keeps its signed zeros (exact-float-min-max runs first): the
// ogt choice, the anded bits of equal operands, the NaN operand; no CL
// fmax, which leaves equal zeros to the device.
// CHECK-LABEL: spirv.func @max_of
// CHECK-NOT:     spirv.CL.fmax
// CHECK:         spirv.FOrdGreaterThan
// CHECK:         spirv.BitwiseAnd
// CHECK:         spirv.FOrdEqual
// CHECK:         spirv.Unordered
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Kernel, Addresses, Int64], []>, api=OpenCL, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @max_of(%a: memref<2xf32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %x = memref.load %a[%c0] : memref<2xf32>
      %y = memref.load %a[%c1] : memref<2xf32>
      %m = arith.maximumf %x, %y : f32
      memref.store %m, %a[%c0] : memref<2xf32>
      gpu.return
    }
  }
}
