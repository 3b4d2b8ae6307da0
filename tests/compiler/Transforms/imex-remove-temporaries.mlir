// RUN: imex-opt %s -split-input-file -allow-unregistered-dialect -imex-remove-temporaries | FileCheck %s
// RUN: imex-opt %s -split-input-file -allow-unregistered-dialect -pass-pipeline="builtin.module(func.func(elide-temporary-copies))" | FileCheck %s --check-prefix=ELIDE

// IMEX's name for elide-temporary-copies, with IMEX's assumption that
// function arguments do not overlap: the sum goes straight into %out, and
// the temporary's deallocation goes with it. elide-temporary-copies keeps
// the temporary (%out could overlap %a).
#id = affine_map<(i) -> (i)>
// CHECK-LABEL: func.func @into_an_argument
// CHECK-SAME:    (%[[A:.*]]: memref{{.*}}, %[[B:.*]]: memref{{.*}}, %[[OUT:.*]]: memref{{.*}})
// CHECK-NEXT:  linalg.generic
// CHECK-SAME:    ins(%[[A]], %[[B]] : {{.*}}) outs(%[[OUT]] : memref<64xi64, strided<[?], offset: ?>>)
// CHECK:       }
// CHECK-NEXT:  return
// ELIDE-LABEL: func.func @into_an_argument
// ELIDE:       memref.alloc
// ELIDE:       memref.copy
// ELIDE:       memref.dealloc
func.func @into_an_argument(%a: memref<64xi64, strided<[?], offset: ?>>, %b: memref<64xi64, strided<[?], offset: ?>>, %out: memref<64xi64, strided<[?], offset: ?>>) {
  %t = memref.alloc() {alignment = 64 : i64} : memref<64xi64>
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%a, %b : memref<64xi64, strided<[?], offset: ?>>, memref<64xi64, strided<[?], offset: ?>>) outs(%t : memref<64xi64>) {
  ^bb0(%x: i64, %y: i64, %o: i64):
    %s = arith.addi %x, %y : i64
    linalg.yield %s : i64
  }
  memref.copy %t, %out : memref<64xi64> to memref<64xi64, strided<[?], offset: ?>>
  memref.dealloc %t : memref<64xi64>
  return
}

// -----

// The op reads exactly the elements it would write, each where it writes
// it (a[2:, 1:11] += 1 through two different chains of views): both passes
// remove the temporary; the target's view moves before the op.
#id2 = affine_map<(i, j) -> (i, j)>
// CHECK-LABEL: func.func @same_elements_in_place
// CHECK-NOT:   memref.alloc
// CHECK:       %[[IN:.*]] = memref.subview %{{.*}}[2, 0] [14, 10] [1, 1]
// CHECK-NEXT:  %[[DEST:.*]] = memref.subview %{{.*}}[2, 1] [14, 10] [1, 1]
// CHECK-NEXT:  linalg.generic {{.*}} ins(%[[IN]] : {{.*}}) outs(%[[DEST]] : {{.*}})
// CHECK-NOT:   memref.copy
// CHECK-NOT:   memref.dealloc
// ELIDE-LABEL: func.func @same_elements_in_place
// ELIDE-NOT:   memref.alloc
// ELIDE-NOT:   memref.copy
func.func @same_elements_in_place(%a: memref<16x16xi64>) {
  %one = arith.constant 1 : i64
  %v = memref.subview %a[0, 1] [16, 10] [1, 1] : memref<16x16xi64> to memref<16x10xi64, strided<[16, 1], offset: 1>>
  %w = memref.subview %v[2, 0] [14, 10] [1, 1] : memref<16x10xi64, strided<[16, 1], offset: 1>> to memref<14x10xi64, strided<[16, 1], offset: 33>>
  %t = memref.alloc() : memref<14x10xi64>
  linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%w : memref<14x10xi64, strided<[16, 1], offset: 33>>) outs(%t : memref<14x10xi64>) {
  ^bb0(%x: i64, %o: i64):
    %s = arith.addi %x, %one : i64
    linalg.yield %s : i64
  }
  %d = memref.subview %a[2, 1] [14, 10] [1, 1] : memref<16x16xi64> to memref<14x10xi64, strided<[16, 1], offset: 33>>
  memref.copy %t, %d : memref<14x10xi64> to memref<14x10xi64, strided<[16, 1], offset: 33>>
  memref.dealloc %t : memref<14x10xi64>
  return
}

// -----

// Not where the buffer may hold an element more than once (a broadcast
// layout, or a dynamic one): the in-place update would add 1 once per
// repetition.
#id = affine_map<(i) -> (i)>
// CHECK-LABEL: func.func @same_value_broadcast
// CHECK:       memref.alloc
// CHECK:       memref.copy
// ELIDE-LABEL: func.func @same_value_broadcast
// ELIDE:       memref.copy
func.func @same_value_broadcast(%a: memref<4xf32, strided<[0]>>) {
  %one = arith.constant 1.0 : f32
  %t = memref.alloc() : memref<4xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : memref<4xf32, strided<[0]>>) outs(%t : memref<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %x, %one : f32
    linalg.yield %s : f32
  }
  memref.copy %t, %a : memref<4xf32> to memref<4xf32, strided<[0]>>
  return
}

// CHECK-LABEL: func.func @same_view_dynamic_layout
// CHECK:       memref.alloc
// CHECK:       memref.copy
func.func @same_view_dynamic_layout(%a: memref<4xf32, strided<[?], offset: ?>>) {
  %one = arith.constant 1.0 : f32
  %t = memref.alloc() : memref<4xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : memref<4xf32, strided<[?], offset: ?>>) outs(%t : memref<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %x, %one : f32
    linalg.yield %s : f32
  }
  memref.copy %t, %a : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
  return
}

// -----

// Not where two buffers only look different: arguments of a block other
// than the entry block may be the same buffer (here they are), and so may
// an allocation and a loop-carried buffer.
#tr = affine_map<(i, j) -> (j, i)>
#id2 = affine_map<(i, j) -> (i, j)>
// CHECK-LABEL: func.func @block_arguments
// CHECK:       memref.alloc
// CHECK:       memref.copy
func.func @block_arguments(%a: memref<4x4xf32>) {
  cf.br ^bb1(%a, %a : memref<4x4xf32>, memref<4x4xf32>)
^bb1(%p: memref<4x4xf32>, %q: memref<4x4xf32>):
  %t = memref.alloc() : memref<4x4xf32>
  linalg.generic {indexing_maps = [#tr, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%p : memref<4x4xf32>) outs(%t : memref<4x4xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  }
  memref.copy %t, %q : memref<4x4xf32> to memref<4x4xf32>
  return
}

// CHECK-LABEL: func.func @loop_carried
// CHECK:       scf.for
// CHECK:         memref.alloc
// CHECK:         memref.copy
// ELIDE-LABEL: func.func @loop_carried
// ELIDE:         memref.copy
func.func @loop_carried(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4x4xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%b = %a) -> (memref<4x4xf32>) {
    %t = memref.alloc() : memref<4x4xf32>
    linalg.generic {indexing_maps = [#tr, #id2], iterator_types = ["parallel", "parallel"]}
        ins(%a : memref<4x4xf32>) outs(%t : memref<4x4xf32>) {
    ^bb0(%x: f32, %o: f32):
      linalg.yield %x : f32
    }
    memref.copy %t, %b : memref<4x4xf32> to memref<4x4xf32>
    scf.yield %b : memref<4x4xf32>
  }
  "test.use"(%r) : (memref<4x4xf32>) -> ()
  return
}

// -----

// Not where the op's body reads memory (here the target, backwards).
#id = affine_map<(i) -> (i)>
// CHECK-LABEL: func.func @body_reads_memory
// CHECK:       memref.alloc
// CHECK:       memref.copy
func.func @body_reads_memory(%a: memref<4xf32>, %out: memref<4xf32>) {
  %c3 = arith.constant 3 : index
  %t = memref.alloc() : memref<4xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : memref<4xf32>) outs(%t : memref<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %i = linalg.index 0 : index
    %j = arith.subi %c3, %i : index
    %y = memref.load %out[%j] : memref<4xf32>
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  }
  memref.copy %t, %out : memref<4xf32> to memref<4xf32>
  return
}

// -----

// Not where the elements read are shifted from those written (one row
// down): parallel iterations would read elements others already wrote.
#id2 = affine_map<(i, j) -> (i, j)>
// CHECK-LABEL: func.func @shifted_read
// CHECK:       memref.alloc() : memref<14x10xi64>
// CHECK:       memref.copy
// ELIDE-LABEL: func.func @shifted_read
// ELIDE:       memref.copy
func.func @shifted_read() {
  %one = arith.constant 1 : i64
  %a = memref.alloc() : memref<16x16xi64>
  %in = memref.subview %a[1, 1] [14, 10] [1, 1] : memref<16x16xi64> to memref<14x10xi64, strided<[16, 1], offset: 17>>
  %t = memref.alloc() : memref<14x10xi64>
  linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%in : memref<14x10xi64, strided<[16, 1], offset: 17>>) outs(%t : memref<14x10xi64>) {
  ^bb0(%x: i64, %o: i64):
    %s = arith.addi %x, %one : i64
    linalg.yield %s : i64
  }
  %d = memref.subview %a[2, 1] [14, 10] [1, 1] : memref<16x16xi64> to memref<14x10xi64, strided<[16, 1], offset: 33>>
  memref.copy %t, %d : memref<14x10xi64> to memref<14x10xi64, strided<[16, 1], offset: 33>>
  "test.use"(%a) : (memref<16x16xi64>) -> ()
  return
}

// -----

// Not where the same elements are read through another indexing map (a
// transpose in place).
#id2 = affine_map<(i, j) -> (i, j)>
#tr = affine_map<(i, j) -> (j, i)>
// CHECK-LABEL: func.func @same_elements_other_map
// CHECK:       memref.alloc() : memref<8x8xf32>
// CHECK:       memref.copy
func.func @same_elements_other_map(%a: memref<8x8xf32>) {
  %t = memref.alloc() : memref<8x8xf32>
  linalg.generic {indexing_maps = [#tr, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<8x8xf32>) outs(%t : memref<8x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  }
  memref.copy %t, %a : memref<8x8xf32> to memref<8x8xf32>
  return
}

// -----

// Not where the copy is in a nested region (it may not run), where the
// temporary is returned, or where the op writes only part of it.
#id = affine_map<(i) -> (i)>
// CHECK-LABEL: func.func @copied_conditionally
// CHECK:       memref.alloc
// CHECK:       scf.if
// CHECK-NEXT:    memref.copy
func.func @copied_conditionally(%a: memref<64xi64>, %out: memref<64xi64>, %c: i1) {
  %t = memref.alloc() : memref<64xi64>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : memref<64xi64>) outs(%t : memref<64xi64>) {
  ^bb0(%x: i64, %o: i64):
    linalg.yield %x : i64
  }
  scf.if %c {
    memref.copy %t, %out : memref<64xi64> to memref<64xi64>
  }
  memref.dealloc %t : memref<64xi64>
  return
}

// CHECK-LABEL: func.func @temporary_returned
// CHECK:       memref.alloc
// CHECK:       memref.copy
func.func @temporary_returned(%a: memref<64xi64>, %out: memref<64xi64>) -> memref<64xi64> {
  %t = memref.alloc() : memref<64xi64>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : memref<64xi64>) outs(%t : memref<64xi64>) {
  ^bb0(%x: i64, %o: i64):
    linalg.yield %x : i64
  }
  memref.copy %t, %out : memref<64xi64> to memref<64xi64>
  return %t : memref<64xi64>
}

// CHECK-LABEL: func.func @partly_written
// CHECK:       memref.alloc
// CHECK:       memref.copy
func.func @partly_written(%a: memref<32xi64>, %out: memref<64xi64>) {
  %t = memref.alloc() : memref<64xi64>
  %half = memref.subview %t[32] [32] [1] : memref<64xi64> to memref<32xi64, strided<[1], offset: 32>>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : memref<32xi64>) outs(%half : memref<32xi64, strided<[1], offset: 32>>) {
  ^bb0(%x: i64, %o: i64):
    linalg.yield %x : i64
  }
  memref.copy %t, %out : memref<64xi64> to memref<64xi64>
  memref.dealloc %t : memref<64xi64>
  return
}

// -----

// Not where something writes the target between the op and the copy (the
// copy's values must win).
#id = affine_map<(i) -> (i)>
// CHECK-LABEL: func.func @target_written_before_copy
// CHECK:       memref.alloc
// CHECK:       linalg.fill
// CHECK:       memref.copy
func.func @target_written_before_copy(%a: memref<64xi64>) {
  %zero = arith.constant 0 : i64
  %out = memref.alloc() : memref<64xi64>
  %t = memref.alloc() : memref<64xi64>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : memref<64xi64>) outs(%t : memref<64xi64>) {
  ^bb0(%x: i64, %o: i64):
    linalg.yield %x : i64
  }
  linalg.fill ins(%zero : i64) outs(%out : memref<64xi64>)
  memref.copy %t, %out : memref<64xi64> to memref<64xi64>
  "test.use"(%out) : (memref<64xi64>) -> ()
  return
}

// -----

// Not where something reads the target between the op and the copy (it
// must see the old values), or where the temporary is freed before the
// copy (the copy reads freed memory; nothing to repair).
#id = affine_map<(i) -> (i)>
// CHECK-LABEL: func.func @target_read_before_copy
// CHECK:       memref.alloc
// CHECK:       memref.copy
func.func @target_read_before_copy(%a: memref<64xi64>, %out: memref<64xi64>, %saved: memref<64xi64>) {
  %t = memref.alloc() : memref<64xi64>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : memref<64xi64>) outs(%t : memref<64xi64>) {
  ^bb0(%x: i64, %o: i64):
    linalg.yield %x : i64
  }
  memref.copy %out, %saved : memref<64xi64> to memref<64xi64>
  memref.copy %t, %out : memref<64xi64> to memref<64xi64>
  return
}

// CHECK-LABEL: func.func @freed_before_copy
// CHECK:       memref.alloc
// CHECK:       memref.dealloc
// CHECK:       memref.copy
func.func @freed_before_copy(%a: memref<64xi64>, %out: memref<64xi64>) {
  %t = memref.alloc() : memref<64xi64>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : memref<64xi64>) outs(%t : memref<64xi64>) {
  ^bb0(%x: i64, %o: i64):
    linalg.yield %x : i64
  }
  memref.dealloc %t : memref<64xi64>
  memref.copy %t, %out : memref<64xi64> to memref<64xi64>
  return
}
