// RUN: imex-opt %s -split-input-file -pass-pipeline="builtin.module(func.func(elide-temporary-copies))" | FileCheck %s

#id = affine_map<(i) -> (i)>

// A result computed into a temporary and copied into a view of the array
// (x[1:15] = (h[0:14] + h[2:16]) / 2 with h a copy with halos): the op
// writes the view, whose offset it computes after the op (moved before).
// CHECK-LABEL: func.func @written_in_place
// CHECK-SAME:    (%[[X:.*]]: memref<16xf32>, %[[OFF:.*]]: index)
// CHECK:       %[[H:.*]] = memref.alloc() : memref<18xf32>
// CHECK-NOT:   memref.alloc
// CHECK:       %[[O:.*]] = arith.addi %[[OFF]], %c1 : index
// CHECK-NEXT:  %[[V:.*]] = memref.subview %[[X]][%[[O]]] [14] [1]
// CHECK-NEXT:  linalg.generic {{.*}} outs(%[[V]] : memref<14xf32, strided<[1], offset: ?>>)
// CHECK-NOT:   memref.copy
// CHECK:       return
func.func @written_in_place(%x: memref<16xf32>, %off: index) {
  %c1 = arith.constant 1 : index
  %half = arith.constant 0.5 : f32
  %h = memref.alloc() : memref<18xf32>
  %l = memref.subview %h[0] [14] [1] : memref<18xf32> to memref<14xf32, strided<[1]>>
  %r = memref.subview %h[2] [14] [1] : memref<18xf32> to memref<14xf32, strided<[1], offset: 2>>
  %t = memref.alloc() : memref<14xf32>
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%l, %r : memref<14xf32, strided<[1]>>, memref<14xf32, strided<[1], offset: 2>>) outs(%t : memref<14xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    %m = arith.mulf %s, %half : f32
    linalg.yield %m : f32
  }
  %o = arith.addi %off, %c1 : index
  %v = memref.subview %x[%o] [14] [1] : memref<16xf32> to memref<14xf32, strided<[1], offset: ?>>
  memref.copy %t, %v : memref<14xf32> to memref<14xf32, strided<[1], offset: ?>>
  return
}

// -----

#id = affine_map<(i) -> (i)>

// Not where the op reads the array it would write (a stencil on x itself):
// the temporary keeps x's old values until the copy.
// CHECK-LABEL: func.func @reads_the_target
// CHECK:       memref.alloc() : memref<14xf32>
// CHECK:       memref.copy
func.func @reads_the_target(%x: memref<16xf32>) {
  %l = memref.subview %x[0] [14] [1] : memref<16xf32> to memref<14xf32, strided<[1]>>
  %r = memref.subview %x[2] [14] [1] : memref<16xf32> to memref<14xf32, strided<[1], offset: 2>>
  %t = memref.alloc() : memref<14xf32>
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%l, %r : memref<14xf32, strided<[1]>>, memref<14xf32, strided<[1], offset: 2>>) outs(%t : memref<14xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  }
  %v = memref.subview %x[1] [14] [1] : memref<16xf32> to memref<14xf32, strided<[1], offset: 1>>
  memref.copy %t, %v : memref<14xf32> to memref<14xf32, strided<[1], offset: 1>>
  return
}

// -----

#id = affine_map<(i) -> (i)>

// Not where two arguments could be the same array, where the op reads its
// init (an accumulation), or where something in between writes memory.
// CHECK-LABEL: func.func @may_alias
// CHECK:       memref.alloc
// CHECK:       memref.copy
// CHECK-LABEL: func.func @reads_init
// CHECK:       memref.alloc
// CHECK:       memref.copy
// CHECK-LABEL: func.func @store_between
// CHECK:       memref.alloc
// CHECK:       memref.copy
func.func @may_alias(%x: memref<8xf32>, %y: memref<8xf32>) {
  %t = memref.alloc() : memref<8xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%y : memref<8xf32>) outs(%t : memref<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  }
  memref.copy %t, %x : memref<8xf32> to memref<8xf32>
  return
}
func.func @reads_init(%x: memref<8xf32>) {
  %h = memref.alloc() : memref<8xf32>
  %t = memref.alloc() : memref<8xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%h : memref<8xf32>) outs(%t : memref<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %o : f32
    linalg.yield %s : f32
  }
  memref.copy %t, %x : memref<8xf32> to memref<8xf32>
  return
}
func.func @store_between(%x: memref<8xf32>, %f: f32) {
  %c0 = arith.constant 0 : index
  %h = memref.alloc() : memref<8xf32>
  %t = memref.alloc() : memref<8xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%h : memref<8xf32>) outs(%t : memref<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  }
  memref.store %f, %x[%c0] : memref<8xf32>
  memref.copy %t, %x : memref<8xf32> to memref<8xf32>
  return
}
