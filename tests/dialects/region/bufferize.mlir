// Bufferization of region.env_region / env_region_yield.
// RUN: imex-opt %s -one-shot-bufferize="bufferize-function-boundaries" -split-input-file | FileCheck %s

// Tensor args become buffers; since args count as written, a read-only
// function argument is copied first. Results take the yielded buffer types.
// CHECK-LABEL: func.func @args_and_results
// CHECK-SAME: (%[[T:.*]]: memref<4xf32, strided<[?], offset: ?>>, %[[I:.*]]: index) -> memref<4xf32>
// CHECK:      %[[COPY:.*]] = memref.alloc() {{.*}} : memref<4xf32>
// CHECK:      memref.copy %[[T]], %[[COPY]]
// CHECK:      %[[R:.*]] = region.env_region {tag} #region.gpu_env<device = "g"> %[[COPY]] : memref<4xf32> -> memref<4xf32> {
// CHECK:        %[[BUF:.*]] = memref.alloc() {{.*}} : memref<4xf32>
// CHECK:        linalg.fill {{.*}} outs(%[[BUF]] : memref<4xf32>)
// CHECK:        %[[X:.*]] = memref.load %[[T]][%[[I]]]
// CHECK:        memref.store %[[X]], %[[BUF]][%[[I]]]
// CHECK:        region.env_region_yield %[[BUF]] : memref<4xf32>
// CHECK:      }
// CHECK:      return %[[R]] : memref<4xf32>
func.func @args_and_results(%t: tensor<4xf32>, %i: index) -> tensor<4xf32> {
  %r = region.env_region {tag} #region.gpu_env<device = "g"> %t : tensor<4xf32> -> tensor<4xf32> {
    %e = tensor.empty() : tensor<4xf32>
    %c = arith.constant 1.0 : f32
    %f = linalg.fill ins(%c : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    %x = tensor.extract %t[%i] : tensor<4xf32>
    %g = tensor.insert %x into %f[%i] : tensor<4xf32>
    region.env_region_yield %g : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// A yielded value bufferizes in place: the result is the buffer written inside,
// and non-tensor results pass through unchanged.
// CHECK-LABEL: func.func @in_place_yield
// CHECK-SAME: (%[[B:.*]]: memref<8xi32, strided<[?], offset: ?>>, %[[V:.*]]: i32)
// CHECK:      %[[R:.*]]:2 = region.env_region "e" -> memref<8xi32, strided<[?], offset: ?>>, i32 {
// CHECK:        linalg.fill ins(%[[V]] : i32) outs(%[[B]] : memref<8xi32, strided<[?], offset: ?>>)
// CHECK:        region.env_region_yield %[[B]], %[[V]] : memref<8xi32, strided<[?], offset: ?>>, i32
// CHECK-NOT:  memref.copy
// CHECK:      return %[[R]]#1
func.func @in_place_yield(%b: tensor<8xi32> {bufferization.writable = true}, %v: i32) -> i32 {
  %r:2 = region.env_region "e" -> tensor<8xi32>, i32 {
    %f = linalg.fill ins(%v : i32) outs(%b : tensor<8xi32>) -> tensor<8xi32>
    region.env_region_yield %f, %v : tensor<8xi32>, i32
  }
  return %r#1 : i32
}
