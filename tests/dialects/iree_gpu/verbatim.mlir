// IREE's GPU attributes parse without --allow-unregistered-dialect and
// print back as written, in custom and generic form, wherever IREE's IR puts
// them: to_layout's shared_memory_conversion, and discardable attributes.
// RUN: imex-opt %s | FileCheck %s
// RUN: imex-opt %s | imex-opt | FileCheck %s
// RUN: imex-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: imex-opt %s --mlir-print-op-generic | imex-opt | FileCheck %s

#layout = #iree_vector_ext.nested_layout<subgroup_tile = [1], batch_tile = [1], outer_tile = [1], thread_tile = [64], element_tile = [1], subgroup_strides = [0], thread_strides = [1]>

// CHECK-LABEL: func.func @promoted
// CHECK:       iree_vector_ext.to_layout %{{.*}} to layout(#{{.*}}) {shared_memory_conversion = #iree_gpu.promote_with_cache_swizzle<#iree_gpu.derived_thread_config>} : vector<64xf16>
// CHECK:       return {iree_gpu.config = #iree_gpu.lowering_config<{workgroup = [64, 0], reduction = [0, 8]}>}
// GENERIC:     "iree_vector_ext.to_layout"(%{{.*}}) <{layout = #{{.*}}, shared_memory_conversion = #iree_gpu.promote_with_cache_swizzle<#iree_gpu.derived_thread_config>}>
func.func @promoted(%v: vector<64xf16>) -> vector<64xf16> {
  %0 = iree_vector_ext.to_layout %v to layout(#layout) {shared_memory_conversion = #iree_gpu.promote_with_cache_swizzle<#iree_gpu.derived_thread_config>} : vector<64xf16>
  return {iree_gpu.config = #iree_gpu.lowering_config<{workgroup = [64, 0], reduction = [0, 8]}>} %0 : vector<64xf16>
}

// CHECK-LABEL: func.func @mma
// CHECK:       attributes {mma_kind = #iree_gpu.mma_layout<MFMA_F32_16x16x4_F32>}
func.func @mma() attributes {mma_kind = #iree_gpu.mma_layout<MFMA_F32_16x16x4_F32>} {
  return
}
