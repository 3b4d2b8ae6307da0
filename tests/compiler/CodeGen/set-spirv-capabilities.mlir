// IMEX's set-spirv-capabilities: each gpu.module without a target
// environment, nested ones included, gets IMEX's for the client API
// (SPIR-V 1.4, IMEX's capability and extension lists in IMEX's order); an
// existing one stays; the enclosing module gets nothing.
// RUN: imex-opt --set-spirv-capabilities='client-api=opencl' %s | FileCheck %s --check-prefix=OPENCL
// RUN: imex-opt --set-spirv-capabilities %s | FileCheck %s --check-prefix=OPENCL
// RUN: imex-opt --set-spirv-capabilities='client-api=vulkan' %s | FileCheck %s --check-prefix=VULKAN
// RUN: not imex-opt --set-spirv-capabilities='client-api=cuda' %s 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: Invalid clientAPI: cuda

// OPENCL: module attributes {gpu.container_module} {
// OPENCL: gpu.module @main_kernel attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.4, [Addresses, Bfloat16ConversionINTEL, BFloat16TypeKHR, Float16Buffer, Int64, Int16, Int8, Kernel, Linkage, Vector16, GenericPointer, Groups, Float16, Float64, AtomicFloat32AddEXT, ExpectAssumeKHR, VectorAnyINTEL, VectorComputeINTEL], [SPV_EXT_shader_atomic_float_add, SPV_KHR_bfloat16, SPV_KHR_expect_assume, SPV_INTEL_bfloat16_conversion, SPV_INTEL_vector_compute]>, api=OpenCL, #spirv.resource_limits<>>} {
// OPENCL: gpu.module @nested attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.4, [Addresses,
// OPENCL: gpu.module @given attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Kernel], []>, api=OpenCL, #spirv.resource_limits<>>}
// VULKAN: gpu.module @main_kernel attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.4, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>} {
// VULKAN: gpu.module @nested attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.4, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>} {
// VULKAN: gpu.module @given attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Kernel], []>, api=OpenCL, #spirv.resource_limits<>>}
module attributes {gpu.container_module} {
  gpu.module @main_kernel {
    gpu.func @main_kernel(%arg0: memref<8xf32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<>} {
      gpu.return
    }
  }
  module {
    gpu.module @nested {
    }
  }
  gpu.module @given attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Kernel], []>, api=OpenCL, #spirv.resource_limits<>>} {
  }
}
