// IMEX's set-spirv-abi-attrs: kernels of every gpu.module, nested ones
// included, without an entry point ABI get IMEX's: empty for OpenCL,
// one-invocation workgroups for Vulkan; existing ones and non-kernel
// functions are left alone.
// RUN: imex-opt --split-input-file --set-spirv-abi-attrs='client-api=opencl' %s | FileCheck %s --check-prefix=OPENCL
// RUN: imex-opt --split-input-file --set-spirv-abi-attrs %s | FileCheck %s --check-prefix=OPENCL
// RUN: imex-opt --split-input-file --set-spirv-abi-attrs='client-api=vulkan' %s | FileCheck %s --check-prefix=VULKAN
// RUN: not imex-opt --set-spirv-abi-attrs='client-api=metal' %s 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: Invalid clientAPI: metal

// OPENCL-LABEL: gpu.func @main_kernel(%arg0: memref<8xf32>, %arg1: memref<8xf32>, %arg2: memref<8xf32>) kernel attributes
// OPENCL-SAME:    {spirv.entry_point_abi = #spirv.entry_point_abi<>} {
// OPENCL-LABEL: gpu.func @helper()
// OPENCL-NOT:     spirv.entry_point_abi
// OPENCL-LABEL: gpu.func @given() kernel
// OPENCL-SAME:    {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [8, 1, 1]>}
// VULKAN-LABEL: gpu.func @main_kernel(
// VULKAN-SAME:    {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [1, 1, 1]>} {
// VULKAN-LABEL: gpu.func @given() kernel
// VULKAN-SAME:    {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [8, 1, 1]>}
gpu.module @main_kernel {
  gpu.func @main_kernel(%arg0: memref<8xf32>, %arg1: memref<8xf32>, %arg2: memref<8xf32>) kernel {
    gpu.return
  }
  gpu.func @helper() {
    gpu.return
  }
  gpu.func @given() kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [8, 1, 1]>} {
    gpu.return
  }
}

// -----

// OPENCL-LABEL: gpu.func @run_kernel() kernel attributes
// OPENCL-SAME:    {known_block_size = array<i32: 1, 1, 1>, known_grid_size = array<i32: 1, 1, 1>, spirv.entry_point_abi = #spirv.entry_point_abi<>} {
// VULKAN-LABEL: gpu.func @run_kernel() kernel attributes
// VULKAN-SAME:    {known_block_size = array<i32: 1, 1, 1>, known_grid_size = array<i32: 1, 1, 1>, spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [1, 1, 1]>} {
module {
  module attributes {gpu.container_module} {
    gpu.module @run_kernel {
      gpu.func @run_kernel() kernel attributes {known_block_size = array<i32: 1, 1, 1>, known_grid_size = array<i32: 1, 1, 1>} {
        gpu.return
      }
    }
  }
}
