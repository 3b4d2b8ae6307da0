// RUN: imex-opt %s -split-input-file -pass-pipeline="builtin.module(func.func(forward-copied-temporaries))" | FileCheck %s

#id = affine_map<(i) -> (i)>

// An array given storage of its own (ndarray.copy after bufferization: a
// new allocation receiving a copy, in a region of its own) from a result
// nothing else uses: the new array is the result's buffer.
// CHECK-LABEL: func.func @forwarded
// CHECK-SAME:    (%[[X:.*]]: memref<4xf32>)
// CHECK:       %[[T:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:  linalg.generic {{.*}} ins(%[[X]] : memref<4xf32>) outs(%[[T]] : memref<4xf32>)
// CHECK-NOT:   memref.alloc
// CHECK-NOT:   memref.copy
// CHECK-NOT:   region.env_region
// CHECK:       memref.store %{{.*}}, %[[T]]
// CHECK-NEXT:  return %[[T]]
func.func @forwarded(%x: memref<4xf32>) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %v = arith.constant 2.0 : f32
  %t = memref.alloc() : memref<4xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : memref<4xf32>) outs(%t : memref<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.mulf %a, %v : f32
    linalg.yield %m : f32
  }
  %own = memref.alloc() : memref<4xf32>
  %cast = memref.cast %t : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
  region.env_region "protect_copy_op" {
    memref.copy %cast, %own : memref<4xf32, strided<[?], offset: ?>> to memref<4xf32>
  }
  memref.store %v, %own[%c0] : memref<4xf32>
  return %own : memref<4xf32>
}

// -----

#id = affine_map<(i) -> (i)>

// The computed buffer is read after the copy (the copy is a second array),
// or the new buffer is written before it, or has another type, or the
// computed buffer has a view: the copies stay.
// CHECK-LABEL: func.func @kept
// CHECK-COUNT-4: memref.copy
func.func @kept(%x: memref<4xf32>) -> (memref<4xf32>, memref<4xf32>, memref<?xf32>, memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %v = arith.constant 2.0 : f32
  %t1 = memref.alloc() : memref<4xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : memref<4xf32>) outs(%t1 : memref<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  }
  %own1 = memref.alloc() : memref<4xf32>
  memref.copy %t1, %own1 : memref<4xf32> to memref<4xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%t1 : memref<4xf32>) outs(%x : memref<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  }

  %t2 = memref.alloc() : memref<4xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : memref<4xf32>) outs(%t2 : memref<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  }
  %own2 = memref.alloc() : memref<4xf32>
  memref.store %v, %own2[%c0] : memref<4xf32>
  memref.copy %t2, %own2 : memref<4xf32> to memref<4xf32>

  %t3 = memref.alloc() : memref<4xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : memref<4xf32>) outs(%t3 : memref<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  }
  %own3 = memref.alloc(%c4) : memref<?xf32>
  memref.copy %t3, %own3 : memref<4xf32> to memref<?xf32>

  %t4 = memref.alloc() : memref<4xf32>
  %view = memref.subview %t4[0] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1]>>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : memref<4xf32>) outs(%t4 : memref<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  }
  %own4 = memref.alloc() : memref<4xf32>
  memref.copy %t4, %own4 : memref<4xf32> to memref<4xf32>
  memref.store %v, %view[%c0] : memref<2xf32, strided<[1]>>
  return %own1, %own2, %own3, %own4 : memref<4xf32>, memref<4xf32>, memref<?xf32>, memref<4xf32>
}

// -----

// A temporary written by a vector transfer (vectorized code) and sized by
// memref.dim before the copy: forwarded too.
// CHECK-LABEL: func.func @vectorized
// CHECK:       %[[T:.*]] = memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK-NOT:   memref.alloc
// CHECK-NOT:   memref.copy
// CHECK:       return %[[T]]
func.func @vectorized(%n: index, %v: vector<4xf32>) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %t = memref.alloc(%n) : memref<?xf32>
  vector.transfer_write %v, %t[%c0] : vector<4xf32>, memref<?xf32>
  %d = memref.dim %t, %c0 : memref<?xf32>
  %own = memref.alloc(%d) : memref<?xf32>
  region.env_region "protect_copy_op" {
    memref.copy %t, %own : memref<?xf32> to memref<?xf32>
  }
  return %own : memref<?xf32>
}
