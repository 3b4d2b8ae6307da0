// RUN: imex-opt %s -split-input-file --canonicalize | FileCheck %s --check-prefixes=CHECK,DPS
// RUN: imex-opt %s -split-input-file --canonicalize="disable-patterns=FoldTensorCastProducerOp" | FileCheck %s --check-prefixes=CHECK,OWN

// insert_slice is a destination-style op, so the tensor dialect's generic
// FoldTensorCastProducerOp also applies to it and runs before the ndarray
// patterns (DPS lines). The second RUN line disables it to exercise the
// ndarray cast folder itself (OWN lines). Lines shared by both are CHECK.

// CHECK-LABEL: func.func @subview_fold_constants
// CHECK-SAME: (%[[SRC:.*]]: tensor<?x8xf32, #ndarray.envs<"e">>, %[[O:.*]]: index)
// CHECK: %[[V:.*]] = ndarray.subview %[[SRC]][%[[O]], 1] [2, 4] [1, 2] {a} : tensor<?x8xf32, #ndarray.envs<"e">> to tensor<2x4xf32, #ndarray.envs<"e">>
// CHECK: %[[C:.*]] = tensor.cast %[[V]] : tensor<2x4xf32, #ndarray.envs<"e">> to tensor<?x?xf32>
// CHECK: return %[[C]]
func.func @subview_fold_constants(%src: tensor<?x8xf32, #ndarray.envs<"e">>, %o: index) -> tensor<?x?xf32> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %0 = ndarray.subview %src[%o, %c1] [%c2, %c4] [%c1, %c2] {a} : tensor<?x8xf32, #ndarray.envs<"e">> to tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// A rank-reduced result keeps its shape; the type does not change.
// CHECK-LABEL: func.func @subview_fold_rank_reduced
// CHECK-NEXT: %[[V:.*]] = ndarray.subview %arg0[0, 0] [1, 4] [1, 1] : tensor<?x8xf32> to tensor<?xf32>
// CHECK-NEXT: return %[[V]]
func.func @subview_fold_rank_reduced(%src: tensor<?x8xf32>) -> tensor<?xf32> {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %0 = ndarray.subview %src[0, 0] [%c1, %c4] [1, 1] : tensor<?x8xf32> to tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// CHECK-LABEL: func.func @subview_no_fold_negative
// CHECK: %[[M:.*]] = arith.constant -1 : index
// CHECK: ndarray.subview %arg0[%[[M]], 0] [%[[M]], 4] [1, 1]
func.func @subview_no_fold_negative(%src: tensor<?x8xf32>) -> tensor<?x4xf32> {
  %cm1 = arith.constant -1 : index
  %0 = ndarray.subview %src[%cm1, 0] [%cm1, 4] [1, 1] : tensor<?x8xf32> to tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// Folding would give tensor<3xf32>, which cannot be cast to the stated result
// type; the op is left alone.
// CHECK-LABEL: func.func @subview_no_fold_incompatible_result
// CHECK: %[[C3:.*]] = arith.constant 3 : index
// CHECK: ndarray.subview %arg0[0] [%[[C3]]] [1] : tensor<?xf32> to tensor<4xf32>
func.func @subview_no_fold_incompatible_result(%src: tensor<?xf32>) -> tensor<4xf32> {
  %c3 = arith.constant 3 : index
  %0 = ndarray.subview %src[0] [%c3] [1] : tensor<?xf32> to tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @subview_cast_source
// CHECK-SAME: (%[[SRC:.*]]: tensor<4x8xf32>, %[[O:.*]]: index)
// CHECK-NOT: tensor.cast
// CHECK: %[[V:.*]] = ndarray.subview %[[SRC]][%[[O]], 0] [%[[O]], 4] [1, 1] : tensor<4x8xf32> to tensor<?x4xf32>
// CHECK-NEXT: return %[[V]]
func.func @subview_cast_source(%src: tensor<4x8xf32>, %o: index) -> tensor<?x4xf32> {
  %c = tensor.cast %src : tensor<4x8xf32> to tensor<?x?xf32>
  %0 = ndarray.subview %c[%o, 0] [%o, 4] [1, 1] : tensor<?x?xf32> to tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// A cast that adds static information is kept.
// CHECK-LABEL: func.func @subview_cast_source_more_static
// CHECK: %[[C:.*]] = tensor.cast %arg0 : tensor<?x?xf32> to tensor<4x8xf32>
// CHECK: ndarray.subview %[[C]]
func.func @subview_cast_source_more_static(%src: tensor<?x?xf32>, %o: index) -> tensor<?x4xf32> {
  %c = tensor.cast %src : tensor<?x?xf32> to tensor<4x8xf32>
  %0 = ndarray.subview %c[%o, 0] [%o, 4] [1, 1] : tensor<4x8xf32> to tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// The cast is not bypassed while an operand is a constant index (here one
// that cannot be folded).
// CHECK-LABEL: func.func @subview_cast_source_constant_operand
// CHECK: %[[C:.*]] = tensor.cast %arg0 : tensor<4x8xf32> to tensor<?x?xf32>
// CHECK: ndarray.subview %[[C]]
func.func @subview_cast_source_constant_operand(%src: tensor<4x8xf32>) -> tensor<?x4xf32> {
  %cm1 = arith.constant -1 : index
  %c = tensor.cast %src : tensor<4x8xf32> to tensor<?x?xf32>
  %0 = ndarray.subview %c[%cm1, 0] [1, 4] [1, 1] : tensor<?x?xf32> to tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// The source gets the rank-reduced slice type through a cast, keeping its
// encoding.
// CHECK-LABEL: func.func @insert_slice_fold_constants
// CHECK-SAME: (%[[D:.*]]: tensor<?x8xf32>, %[[S:.*]]: tensor<?xf32, #ndarray.envs<"s">>)
// CHECK: %[[C:.*]] = tensor.cast %[[S]] : tensor<?xf32, #ndarray.envs<"s">> to tensor<4xf32, #ndarray.envs<"s">>
// CHECK: %[[R:.*]] = ndarray.insert_slice %[[C]] into %[[D]][0, 2] [1, 4] [1, 1] {a} : tensor<4xf32, #ndarray.envs<"s">> into tensor<?x8xf32>
// CHECK: return %[[R]]
func.func @insert_slice_fold_constants(%dst: tensor<?x8xf32>, %src: tensor<?xf32, #ndarray.envs<"s">>) -> tensor<?x8xf32> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %0 = ndarray.insert_slice %src into %dst[0, %c2] [%c1, %c4] [%c1, 1] {a} : tensor<?xf32, #ndarray.envs<"s">> into tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}

// -----

// A 0-d source keeps its type when the slice is 1-D after dropping unit sizes.
// CHECK-LABEL: func.func @insert_slice_fold_scalar
// CHECK-NOT: tensor.cast
// CHECK: %[[R:.*]] = ndarray.insert_slice %arg1 into %arg0[0, 0] [1, 4] [1, 1] : tensor<f32> into tensor<?x8xf32>
// CHECK-NEXT: return %[[R]]
func.func @insert_slice_fold_scalar(%dst: tensor<?x8xf32>, %s: tensor<f32>) -> tensor<?x8xf32> {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %0 = ndarray.insert_slice %s into %dst[0, 0] [%c1, %c4] [1, 1] : tensor<f32> into tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}

// -----

// ... but not when it would be 2-D.
// CHECK-LABEL: func.func @insert_slice_no_fold_scalar_2d
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK: ndarray.insert_slice %arg1 into %arg0[0, 0] [%[[C3]], %[[C4]]] [1, 1] : tensor<f32> into tensor<?x8xf32>
func.func @insert_slice_no_fold_scalar_2d(%dst: tensor<?x8xf32>, %s: tensor<f32>) -> tensor<?x8xf32> {
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %0 = ndarray.insert_slice %s into %dst[0, 0] [%c3, %c4] [1, 1] : tensor<f32> into tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}

// -----

// The canonical slice type would be 2-D while the source is 1-D.
// CHECK-LABEL: func.func @insert_slice_no_fold_rank_change
// CHECK: ndarray.insert_slice %arg1 into %arg0[0, 0] [%{{.*}}, %{{.*}}] [1, 1] : tensor<?xf32> into tensor<?x8xf32>
func.func @insert_slice_no_fold_rank_change(%dst: tensor<?x8xf32>, %src: tensor<?xf32>) -> tensor<?x8xf32> {
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %0 = ndarray.insert_slice %src into %dst[0, 0] [%c3, %c4] [1, 1] : tensor<?xf32> into tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}

// -----

// CHECK-LABEL: func.func @insert_slice_no_fold_negative
// CHECK: %[[M:.*]] = arith.constant -1 : index
// CHECK: ndarray.insert_slice %arg1 into %arg0[%[[M]]] [4] [1]
func.func @insert_slice_no_fold_negative(%dst: tensor<?xf32>, %src: tensor<4xf32>) -> tensor<?xf32> {
  %cm1 = arith.constant -1 : index
  %0 = ndarray.insert_slice %src into %dst[%cm1] [4] [1] : tensor<4xf32> into tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// A source cast is bypassed by both patterns alike.
// CHECK-LABEL: func.func @insert_slice_cast_source
// CHECK-SAME: (%[[D:.*]]: tensor<?xf32>, %[[S:.*]]: tensor<4xf32>, %[[O:.*]]: index)
// CHECK-NOT: tensor.cast
// CHECK: %[[R:.*]] = ndarray.insert_slice %[[S]] into %[[D]][%[[O]]] [4] [1] : tensor<4xf32> into tensor<?xf32>
// CHECK-NEXT: return %[[R]]
func.func @insert_slice_cast_source(%dst: tensor<?xf32>, %src: tensor<4xf32>, %o: index) -> tensor<?xf32> {
  %s = tensor.cast %src : tensor<4xf32> to tensor<?xf32>
  %0 = ndarray.insert_slice %s into %dst[%o] [4] [1] : tensor<?xf32> into tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// A destination cast is bypassed too. The ndarray pattern adds no cast for
// the result, whose type changes; the generic DPS pattern casts it back.
// CHECK-LABEL: func.func @insert_slice_cast_destination
// CHECK-SAME: (%[[D:.*]]: tensor<4x8xf32>, %[[S:.*]]: tensor<4xf32>, %[[O:.*]]: index)
// CHECK: %[[R:.*]] = ndarray.insert_slice %[[S]] into %[[D]][%[[O]], 0] [1, 4] [1, 1] : tensor<4xf32> into tensor<4x8xf32>
// DPS-NEXT: %[[RC:.*]] = tensor.cast %[[R]] : tensor<4x8xf32> to tensor<?x?xf32>
// DPS-NEXT: ndarray.delete %[[RC]] : tensor<?x?xf32>
// OWN-NEXT: ndarray.delete %[[R]] : tensor<4x8xf32>
func.func @insert_slice_cast_destination(%dst: tensor<4x8xf32>, %src: tensor<4xf32>, %o: index) {
  %d = tensor.cast %dst : tensor<4x8xf32> to tensor<?x?xf32>
  %s = tensor.cast %src : tensor<4xf32> to tensor<?xf32>
  %0 = ndarray.insert_slice %s into %d[%o, 0] [1, 4] [1, 1] : tensor<?xf32> into tensor<?x?xf32>
  ndarray.delete %0 : tensor<?x?xf32>
  return
}

// -----

// The ndarray pattern waits while an operand is a constant index.
// CHECK-LABEL: func.func @insert_slice_cast_constant_operand
// CHECK: %[[M:.*]] = arith.constant -1 : index
// OWN: %[[S:.*]] = tensor.cast %arg1 : tensor<4xf32> to tensor<?xf32>
// OWN: ndarray.insert_slice %[[S]] into %arg0[%[[M]]] [4] [1] : tensor<?xf32> into tensor<?xf32>
// DPS: ndarray.insert_slice %arg1 into %arg0[%[[M]]] [4] [1] : tensor<4xf32> into tensor<?xf32>
func.func @insert_slice_cast_constant_operand(%dst: tensor<?xf32>, %src: tensor<4xf32>) -> tensor<?xf32> {
  %cm1 = arith.constant -1 : index
  %s = tensor.cast %src : tensor<4xf32> to tensor<?xf32>
  %0 = ndarray.insert_slice %s into %dst[%cm1] [4] [1] : tensor<?xf32> into tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// CHECK-LABEL: func.func @linspace_constant_num
// CHECK-SAME: (%[[X:.*]]: f64, %[[I:.*]]: i64)
// CHECK-DAG: %[[C10:.*]] = arith.constant 10 : i64
// CHECK-DAG: %[[C7:.*]] = arith.constant 7 : index
// CHECK: %[[L0:.*]] = ndarray.linspace %[[X]] %[[X]] %[[C10]] true {a} : (f64, f64, i64) -> tensor<10xf64, #ndarray.envs<"e">>
// CHECK: %[[C0:.*]] = tensor.cast %[[L0]] : tensor<10xf64, #ndarray.envs<"e">> to tensor<?xf64, #ndarray.envs<"e">>
// CHECK: %[[L1:.*]] = ndarray.linspace %[[I]] %[[I]] %[[C7]] false : (i64, i64, index) -> tensor<7xi64>
// CHECK: %[[C1:.*]] = tensor.cast %[[L1]] : tensor<7xi64> to tensor<?xi64>
// CHECK: return %[[C0]], %[[C1]]
func.func @linspace_constant_num(%x: f64, %i: i64) -> (tensor<?xf64, #ndarray.envs<"e">>, tensor<?xi64>) {
  %c10 = arith.constant 10 : i64
  %c7 = arith.constant 7 : index
  %0 = ndarray.linspace %x %x %c10 true {a} : (f64, f64, i64) -> tensor<?xf64, #ndarray.envs<"e">>
  %1 = ndarray.linspace %i %i %c7 false : (i64, i64, index) -> tensor<?xi64>
  return %0, %1 : tensor<?xf64, #ndarray.envs<"e">>, tensor<?xi64>
}

// -----

// Not rewritten: dynamic num, a result that already is [num]. (A negative
// num, or one that differs from a static result size, does not verify.)
// CHECK-LABEL: func.func @linspace_no_rewrite
// CHECK-NOT: tensor.cast
// CHECK: ndarray.linspace %arg0 %arg0 %arg1 true : (f64, f64, index) -> tensor<?xf64>
// CHECK: ndarray.linspace %arg0 %arg0 %{{.*}} true : (f64, f64, index) -> tensor<10xf64>
func.func @linspace_no_rewrite(%x: f64, %n: index) -> (tensor<?xf64>, tensor<10xf64>) {
  %c10 = arith.constant 10 : index
  %0 = ndarray.linspace %x %x %n true : (f64, f64, index) -> tensor<?xf64>
  %2 = ndarray.linspace %x %x %c10 true : (f64, f64, index) -> tensor<10xf64>
  return %0, %2 : tensor<?xf64>, tensor<10xf64>
}

// -----

// The dynamic input comes from a cast of a static tensor: the op uses that
// tensor directly, in place (so it keeps `copy`).
// CHECK-LABEL: func.func @cast_elemtype_static_input
// CHECK-SAME: (%[[A:.*]]: tensor<5x4xi64>)
// CHECK-NOT: tensor.cast
// CHECK: ndarray.cast_elemtype %[[A]] {copy = true} : tensor<5x4xi64> to tensor<5x4xi32>
func.func @cast_elemtype_static_input(%a: tensor<5x4xi64>) -> tensor<5x4xi32> {
  %c = tensor.cast %a : tensor<5x4xi64> to tensor<?x?xi64>
  %0 = ndarray.cast_elemtype %c {copy = true} : tensor<?x?xi64> to tensor<5x4xi32>
  return %0 : tensor<5x4xi32>
}

// -----

// A static input makes the result static; the rebuilt op drops `copy`.
// Both patterns apply in a row here.
// CHECK-LABEL: func.func @cast_elemtype_static_result
// CHECK-SAME: (%[[A:.*]]: tensor<5xi64>)
// CHECK: %[[R:.*]] = ndarray.cast_elemtype %[[A]] {a} : tensor<5xi64> to tensor<5xf32, #ndarray.envs<"e">>
// CHECK: %[[C:.*]] = tensor.cast %[[R]] : tensor<5xf32, #ndarray.envs<"e">> to tensor<?xf32, #ndarray.envs<"e">>
// CHECK: return %[[C]]
func.func @cast_elemtype_static_result(%a: tensor<5xi64>) -> tensor<?xf32, #ndarray.envs<"e">> {
  %c = tensor.cast %a : tensor<5xi64> to tensor<?xi64>
  %0 = ndarray.cast_elemtype %c {a, copy = true} : tensor<?xi64> to tensor<?xf32, #ndarray.envs<"e">>
  return %0 : tensor<?xf32, #ndarray.envs<"e">>
}

// -----

// Not rewritten: the cast source is not static, the input is dynamic, the
// result is already static.
// CHECK-LABEL: func.func @cast_elemtype_no_rewrite
// CHECK: %[[C:.*]] = tensor.cast %arg0 : tensor<?x4xi64> to tensor<?x?xi64>
// CHECK: ndarray.cast_elemtype %[[C]] {copy = true} : tensor<?x?xi64> to tensor<?x?xi32>
// CHECK: ndarray.cast_elemtype %arg1 : tensor<?xi64> to tensor<?xi32>
// CHECK: ndarray.cast_elemtype %arg2 {copy = false} : tensor<3xi64> to tensor<3xi8>
func.func @cast_elemtype_no_rewrite(%a: tensor<?x4xi64>, %b: tensor<?xi64>, %s: tensor<3xi64>) -> (tensor<?x?xi32>, tensor<?xi32>, tensor<3xi8>) {
  %c = tensor.cast %a : tensor<?x4xi64> to tensor<?x?xi64>
  %0 = ndarray.cast_elemtype %c {copy = true} : tensor<?x?xi64> to tensor<?x?xi32>
  %1 = ndarray.cast_elemtype %b : tensor<?xi64> to tensor<?xi32>
  %2 = ndarray.cast_elemtype %s {copy = false} : tensor<3xi64> to tensor<3xi8>
  return %0, %1, %2 : tensor<?x?xi32>, tensor<?xi32>, tensor<3xi8>
}

// -----

// Declared effects: copy only reads its source, so an unused copy is dead.
// insert_slice updates its destination in place, which every other use of
// the destination sees, so it stays even when its result is unused (the
// original declares it Pure, and canonicalization before bufferization then
// drops the update). delete frees and reshape has unknown effects: both stay.
// CHECK-LABEL: func.func @effects
// CHECK-NOT: ndarray.copy
// CHECK: ndarray.insert_slice %arg0 into %arg1[0] [4] [1]
// CHECK: ndarray.reshape %arg0 : tensor<4xf32> -> tensor<2x2xf32>
// CHECK-NEXT: ndarray.delete %arg0 : tensor<4xf32>
// CHECK-NEXT: return
func.func @effects(%a: tensor<4xf32>, %d: tensor<8xf32>) {
  %0 = ndarray.copy %a : tensor<4xf32> -> tensor<4xf32>
  %1 = ndarray.insert_slice %a into %d[0] [4] [1] : tensor<4xf32> into tensor<8xf32>
  %2 = ndarray.reshape %a : tensor<4xf32> -> tensor<2x2xf32>
  ndarray.delete %a : tensor<4xf32>
  return
}
