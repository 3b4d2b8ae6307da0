// RUN: imex-opt %s -split-input-file -isolate-parallel-insert-sources | FileCheck %s

// %o1's old tile goes into %o0 after an insert wrote %o1: the tile is
// copied where it is extracted (one-shot bufferization would read it after
// the other insert's copy). The first insert's source, computed in place in
// %o0's tile, is read before the second insert writes %o0: no copy.
// CHECK-LABEL: func @swap_tiles
// CHECK: scf.forall (%[[I:.*]]) in (2) shared_outs(%[[O0:.*]] = %{{.*}}, %[[O1:.*]] = %{{.*}})
// CHECK: %[[S0:.*]] = tensor.extract_slice %[[O0]]
// CHECK: %[[S1:.*]] = tensor.extract_slice %[[O1]]
// CHECK-NEXT: %[[COPY:.*]] = bufferization.alloc_tensor() copy(%[[S1]]) : tensor<2xf32>
// CHECK: %[[SUM:.*]] = linalg.generic
// CHECK: scf.forall.in_parallel
// CHECK-NEXT: tensor.parallel_insert_slice %[[SUM]] into %[[O1]]
// CHECK-NEXT: tensor.parallel_insert_slice %[[COPY]] into %[[O0]]
func.func @swap_tiles(%a: tensor<2xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %r:2 = scf.forall (%i) in (2) shared_outs(%o0 = %b, %o1 = %b) -> (tensor<4xf32>, tensor<4xf32>) {
    %c2 = arith.constant 2 : index
    %off = arith.muli %i, %c2 : index
    %s0 = tensor.extract_slice %o0[%off] [2] [1] : tensor<4xf32> to tensor<2xf32>
    %s1 = tensor.extract_slice %o1[%off] [2] [1] : tensor<4xf32> to tensor<2xf32>
    %sum = linalg.generic {indexing_maps = [affine_map<(d) -> (d)>, affine_map<(d) -> (d)>], iterator_types = ["parallel"]}
        ins(%a : tensor<2xf32>) outs(%s0 : tensor<2xf32>) {
    ^bb0(%x: f32, %y: f32):
      %t = arith.addf %x, %y : f32
      linalg.yield %t : f32
    } -> tensor<2xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %sum into %o1[%off] [2] [1] : tensor<2xf32> into tensor<4xf32>
      tensor.parallel_insert_slice %s1 into %o0[%off] [2] [1] : tensor<2xf32> into tensor<4xf32>
    }
  }
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// Tiles of a function argument, tiles of a shared output that no other
// insert writes, and tiles read before the insert that writes their output
// need no copy.
// CHECK-LABEL: func @no_copies
// CHECK-NOT: bufferization.alloc_tensor
// CHECK: return
func.func @no_copies(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %r:2 = scf.forall (%i) in (2) shared_outs(%o0 = %b, %o1 = %b) -> (tensor<4xf32>, tensor<4xf32>) {
    %c2 = arith.constant 2 : index
    %off = arith.muli %i, %c2 : index
    %t = tensor.extract_slice %a[%off] [2] [1] : tensor<4xf32> to tensor<2xf32>
    %s0 = tensor.extract_slice %o0[%off] [2] [1] : tensor<4xf32> to tensor<2xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %t into %o1[%off] [2] [1] : tensor<2xf32> into tensor<4xf32>
      tensor.parallel_insert_slice %s0 into %o0[%off] [2] [1] : tensor<2xf32> into tensor<4xf32>
    }
  }
  %s:2 = scf.forall (%i) in (2) shared_outs(%o0 = %b, %o1 = %b) -> (tensor<4xf32>, tensor<4xf32>) {
    %c2 = arith.constant 2 : index
    %off = arith.muli %i, %c2 : index
    %s1 = tensor.extract_slice %o1[%off] [2] [1] : tensor<4xf32> to tensor<2xf32>
    %t = tensor.extract_slice %a[%off] [2] [1] : tensor<4xf32> to tensor<2xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s1 into %o0[%off] [2] [1] : tensor<2xf32> into tensor<4xf32>
      tensor.parallel_insert_slice %t into %o1[%off] [2] [1] : tensor<2xf32> into tensor<4xf32>
    }
  }
  return %r#0, %s#1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// The tile can reach the insert through a cast, or as the result of an op
// computing into it in place: copied too, after that op.
// CHECK-LABEL: func @chains
// CHECK: scf.forall
// CHECK: %[[S1:.*]] = tensor.extract_slice
// CHECK: %[[CAST:.*]] = tensor.cast %[[S1]]
// CHECK-NEXT: %[[COPY1:.*]] = bufferization.alloc_tensor() copy(%[[CAST]])
// CHECK: %[[DOUBLED:.*]] = linalg.generic
// CHECK: %[[COPY2:.*]] = bufferization.alloc_tensor() copy(%[[DOUBLED]])
// CHECK: scf.forall.in_parallel
// CHECK-NEXT: tensor.parallel_insert_slice %{{.*}} into
// CHECK-NEXT: tensor.parallel_insert_slice %[[COPY1]] into
// CHECK-NEXT: tensor.parallel_insert_slice %[[COPY2]] into
func.func @chains(%a: tensor<2xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %r:3 = scf.forall (%i) in (2) shared_outs(%o0 = %b, %o1 = %b, %o2 = %b) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
    %c2 = arith.constant 2 : index
    %off = arith.muli %i, %c2 : index
    %s1 = tensor.extract_slice %o1[%off] [2] [1] : tensor<4xf32> to tensor<2xf32>
    %cast = tensor.cast %s1 : tensor<2xf32> to tensor<?xf32>
    %s1b = tensor.extract_slice %o1[%off] [2] [1] : tensor<4xf32> to tensor<2xf32>
    %doubled = linalg.generic {indexing_maps = [affine_map<(d) -> (d)>], iterator_types = ["parallel"]}
        outs(%s1b : tensor<2xf32>) {
    ^bb0(%y: f32):
      %t = arith.addf %y, %y : f32
      linalg.yield %t : f32
    } -> tensor<2xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %a into %o1[%off] [2] [1] : tensor<2xf32> into tensor<4xf32>
      tensor.parallel_insert_slice %cast into %o0[%off] [%c2] [1] : tensor<?xf32> into tensor<4xf32>
      tensor.parallel_insert_slice %doubled into %o2[%off] [2] [1] : tensor<2xf32> into tensor<4xf32>
    }
  }
  return %r#0, %r#1, %r#2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}
