// iree_vector_ext.to_simd / to_simt: round trip in custom and generic form for
// vectors of any rank.
// RUN: imex-opt %s | imex-opt | FileCheck %s
// RUN: imex-opt %s --mlir-print-op-generic | imex-opt | FileCheck %s
// RUN: imex-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @to_simt_and_back
// CHECK-SAME:    (%[[V:.*]]: vector<64x64xf16>)
// CHECK:         %[[T:.*]] = iree_vector_ext.to_simt %[[V]] : vector<64x64xf16> -> vector<4x4x4xf16>
// CHECK:         %[[D:.*]] = iree_vector_ext.to_simd %[[T]] {tag} : vector<4x4x4xf16> -> vector<64x64xf16>
// CHECK:         return %[[T]], %[[D]]
// GENERIC-LABEL: sym_name = "to_simt_and_back"
// GENERIC:       "iree_vector_ext.to_simt"(%{{.*}}) : (vector<64x64xf16>) -> vector<4x4x4xf16>
// GENERIC:       "iree_vector_ext.to_simd"(%{{.*}}) {tag} : (vector<4x4x4xf16>) -> vector<64x64xf16>
func.func @to_simt_and_back(%v: vector<64x64xf16>) -> (vector<4x4x4xf16>, vector<64x64xf16>) {
  %0 = iree_vector_ext.to_simt %v : vector<64x64xf16> -> vector<4x4x4xf16>
  %1 = iree_vector_ext.to_simd %0 {tag} : vector<4x4x4xf16> -> vector<64x64xf16>
  return %0, %1 : vector<4x4x4xf16>, vector<64x64xf16>
}

// 0-d and 1-d vectors, and shapes that are not related at all: the ops only
// require the element type to match.
// CHECK-LABEL: func.func @any_rank
// CHECK:         iree_vector_ext.to_simd %{{.*}} : vector<i32> -> vector<1x1xi32>
// CHECK:         iree_vector_ext.to_simt %{{.*}} : vector<8xi32> -> vector<i32>
// CHECK:         iree_vector_ext.to_simt %{{.*}} : vector<[4]xf32> -> vector<3x5xf32>
// GENERIC-LABEL: sym_name = "any_rank"
// GENERIC:       "iree_vector_ext.to_simd"(%{{.*}}) : (vector<i32>) -> vector<1x1xi32>
// GENERIC:       "iree_vector_ext.to_simt"(%{{.*}}) : (vector<8xi32>) -> vector<i32>
// GENERIC:       "iree_vector_ext.to_simt"(%{{.*}}) : (vector<[4]xf32>) -> vector<3x5xf32>
func.func @any_rank(%s: vector<i32>, %v: vector<8xi32>, %w: vector<[4]xf32>)
    -> (vector<1x1xi32>, vector<i32>, vector<3x5xf32>) {
  %0 = iree_vector_ext.to_simd %s : vector<i32> -> vector<1x1xi32>
  %1 = iree_vector_ext.to_simt %v : vector<8xi32> -> vector<i32>
  %2 = iree_vector_ext.to_simt %w : vector<[4]xf32> -> vector<3x5xf32>
  return %0, %1, %2 : vector<1x1xi32>, vector<i32>, vector<3x5xf32>
}
