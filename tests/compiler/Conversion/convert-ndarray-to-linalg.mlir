// RUN: imex-opt %s -convert-ndarray-to-linalg -split-input-file -verify-diagnostics | FileCheck %s

// copy: identity-layout allocation, memref.copy from a read-only strided
// view of the source inside a "protect_copy_op" region, to_tensor with the
// result encoding.
// CHECK-LABEL: func.func @copy
// CHECK-SAME: (%[[S:.*]]: tensor<?x4xf32>)
// CHECK:      %[[C0:.*]] = arith.constant 0 : index
// CHECK:      %[[D0:.*]] = tensor.dim %[[S]], %[[C0]]
// CHECK:      %[[A:.*]] = memref.alloc(%[[D0]]) {alignment = 8 : i64} : memref<?x4xf32>
// CHECK:      %[[B:.*]] = bufferization.to_buffer %[[S]] read_only : tensor<?x4xf32> to memref<?x4xf32, strided<[?, ?], offset: ?>>
// CHECK:      region.env_region "protect_copy_op" {
// CHECK-NEXT:   memref.copy %[[B]], %[[A]]
// CHECK-NEXT: }
// CHECK:      %[[T:.*]] = bufferization.to_tensor %[[A]] restrict writable : memref<?x4xf32> to tensor<?x4xf32, #ndarray.envs<#region.gpu_env<device = "g">>>
// CHECK:      return %[[T]]
func.func @copy(%s: tensor<?x4xf32>) -> tensor<?x4xf32, #ndarray.envs<#region.gpu_env<device = "g">>> {
  %c = ndarray.copy %s : tensor<?x4xf32> -> tensor<?x4xf32, #ndarray.envs<#region.gpu_env<device = "g">>>
  return %c : tensor<?x4xf32, #ndarray.envs<#region.gpu_env<device = "g">>>
}

// -----

// A copy with a zero-sized dimension allocates but copies nothing.
// CHECK-LABEL: func.func @copy_empty
// CHECK: memref.alloc() {alignment = 8 : i64} : memref<0x3xi8>
// CHECK-NOT: memref.copy
// CHECK: bufferization.to_tensor
func.func @copy_empty(%s: tensor<0x3xi8>) -> tensor<0x3xi8> {
  %c = ndarray.copy %s : tensor<0x3xi8> -> tensor<0x3xi8>
  return %c : tensor<0x3xi8>
}

// -----

// delete: dealloc of the buffer, keeping the op's attributes.
// CHECK-LABEL: func.func @delete
// CHECK: %[[B:.*]] = bufferization.to_buffer %{{.*}} : tensor<?xi64> to memref<?xi64, strided<[?], offset: ?>>
// CHECK: memref.dealloc %[[B]] {note = 1 : i64}
func.func @delete(%a: tensor<?xi64>) {
  ndarray.delete %a {note = 1} : tensor<?xi64>
  return
}

// -----

// reshape: shape as a tensor; with copy, the source is copied first.
// CHECK-LABEL: func.func @reshape
// CHECK-SAME: (%[[S:.*]]: tensor<?xi64>, %[[A:.*]]: index, %[[B:.*]]: index)
// CHECK:      %[[SH:.*]] = tensor.from_elements %[[A]], %[[B]] : tensor<2xindex>
// CHECK:      %[[R:.*]] = tensor.reshape %[[S]](%[[SH]]) : (tensor<?xi64>, tensor<2xindex>) -> tensor<?x?xi64>
// CHECK:      %[[ALLOC:.*]] = memref.alloc
// CHECK:      memref.copy
// CHECK:      %[[CP:.*]] = bufferization.to_tensor %[[ALLOC]]
// CHECK:      %[[SH2:.*]] = tensor.from_elements %[[A]], %[[B]]
// CHECK:      tensor.reshape %[[CP]](%[[SH2]])
func.func @reshape(%s: tensor<?xi64>, %a: index, %b: index) -> (tensor<?x?xi64>, tensor<?x?xi64>) {
  %r = ndarray.reshape %s %a, %b : tensor<?xi64> -> tensor<?x?xi64>
  %c = ndarray.reshape %s %a, %b {copy = true} : tensor<?xi64> -> tensor<?x?xi64>
  return %r, %c : tensor<?x?xi64>, tensor<?x?xi64>
}

// -----

// linspace: step = (stop - start) / max(num - 1, 1) with endpoint, in f32
// for a 32-bit element type; generic fills start + step * i.
// CHECK: #[[MAP:.*]] = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @linspace
// CHECK-SAME: (%[[START:.*]]: i64, %[[STOP:.*]]: f64, %[[N:.*]]: index)
// CHECK-DAG:  %[[STARTF:.*]] = arith.sitofp %[[START]] : i64 to f32
// CHECK-DAG:  %[[STOPF:.*]] = arith.truncf %[[STOP]] : f64 to f32
// CHECK:      %[[NI:.*]] = arith.index_cast %[[N]] : index to i64
// CHECK:      %[[NF:.*]] = arith.sitofp %[[NI]] : i64 to f32
// CHECK:      %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK:      %[[NM1:.*]] = arith.subf %[[NF]], %[[ONE]]
// CHECK:      %[[DIV:.*]] = arith.maximumf %[[NM1]], %[[ONE]]
// CHECK:      %[[RANGE:.*]] = arith.subf %[[STOPF]], %[[STARTF]]
// CHECK:      %[[STEP:.*]] = arith.divf %[[RANGE]], %[[DIV]]
// A num known only at run time is checked to be non-negative.
// CHECK:      %[[NONNEG:.*]] = arith.cmpi sge, %[[N]], %c0
// CHECK:      cf.assert %[[NONNEG]], "linspace: num must be non-negative"
// CHECK:      %[[E:.*]] = tensor.empty(%[[N]]) : tensor<?xi32>
// CHECK:      linalg.generic {indexing_maps = [#[[MAP]]], iterator_types = ["parallel"]} outs(%[[E]] : tensor<?xi32>)
// CHECK:        %[[I:.*]] = linalg.index 0 : index
// CHECK:        %[[MUL:.*]] = arith.mulf %[[STEP]], %{{.*}} : f32
// CHECK:        %[[ADD:.*]] = arith.addf %[[STARTF]], %[[MUL]] : f32
// CHECK:        %[[OUT:.*]] = arith.fptosi %[[ADD]] : f32 to i32
// CHECK:        linalg.yield %[[OUT]] : i32
func.func @linspace(%start: i64, %stop: f64, %n: index) -> tensor<?xi32> {
  %r = ndarray.linspace %start %stop %n true : (i64, f64, index) -> tensor<?xi32>
  return %r : tensor<?xi32>
}

// -----

// Without endpoint the divisor is num; f16 compute for a 16-bit element
// type, f64 for index; a static result shape needs no size operand, but a
// run-time num must match it.
// CHECK-LABEL: func.func @linspace_open
// CHECK-NOT:  arith.maximumf
// CHECK:      arith.divf {{.*}} : f16
// CHECK:      cf.assert %{{.*}}, "linspace: num must be non-negative"
// CHECK:      %[[SAME:.*]] = arith.cmpi eq, %{{.*}}, %c8
// CHECK:      cf.assert %[[SAME]], "linspace: num differs from the result's size"
// CHECK:      tensor.empty() : tensor<8xf16, #ndarray.envs<"e">>
// CHECK-LABEL: func.func @linspace_index
// CHECK:      arith.divf {{.*}} : f64
// CHECK:      arith.fptosi {{.*}} : f64 to i64
// CHECK:      arith.index_cast {{.*}} : i64 to index
func.func @linspace_open(%a: f16, %b: f16, %n: i32) -> tensor<8xf16, #ndarray.envs<"e">> {
  %r = ndarray.linspace %a %b %n false : (f16, f16, i32) -> tensor<8xf16, #ndarray.envs<"e">>
  return %r : tensor<8xf16, #ndarray.envs<"e">>
}
func.func @linspace_index(%a: index, %b: index, %n: index) -> tensor<?xindex> {
  %r = ndarray.linspace %a %b %n true : (index, index, index) -> tensor<?xindex>
  return %r : tensor<?xindex>
}

// -----

// cast_elemtype: element-wise generic with the arith cast; booleans extend
// unsigned, integers signed; identical types forward or copy.
// CHECK-LABEL: func.func @casts
// CHECK-SAME: (%[[A:.*]]: tensor<?x2xi1>, %[[B:.*]]: tensor<4xi16>, %[[C:.*]]: tensor<4xf32>)
// CHECK: linalg.generic {{.*}} ins(%[[A]] : tensor<?x2xi1>)
// CHECK:   arith.extui %{{.*}} : i1 to i32
// CHECK: linalg.generic {{.*}} ins(%[[B]] : tensor<4xi16>)
// CHECK:   arith.extsi %{{.*}} : i16 to i64
// CHECK: linalg.generic {{.*}} ins(%[[B]] : tensor<4xi16>)
// CHECK:   arith.sitofp %{{.*}} : i16 to f64
// CHECK: linalg.generic {{.*}} ins(%[[C]] : tensor<4xf32>)
// CHECK:   arith.fptosi %{{.*}} : f32 to i8
// CHECK: linalg.generic {{.*}} ins(%[[C]] : tensor<4xf32>)
// CHECK:   arith.truncf %{{.*}} : f32 to bf16
// CHECK: %[[CP:.*]] = bufferization.to_tensor
// CHECK: return %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[C]], %[[CP]]
func.func @casts(%a: tensor<?x2xi1>, %b: tensor<4xi16>, %c: tensor<4xf32>)
    -> (tensor<?x2xi32>, tensor<4xi64>, tensor<4xf64>, tensor<4xi8>, tensor<4xbf16>, tensor<4xf32>, tensor<4xf32>) {
  %0 = ndarray.cast_elemtype %a : tensor<?x2xi1> to tensor<?x2xi32>
  %1 = ndarray.cast_elemtype %b : tensor<4xi16> to tensor<4xi64>
  %2 = ndarray.cast_elemtype %b : tensor<4xi16> to tensor<4xf64>
  %3 = ndarray.cast_elemtype %c : tensor<4xf32> to tensor<4xi8>
  %4 = ndarray.cast_elemtype %c : tensor<4xf32> to tensor<4xbf16>
  %5 = ndarray.cast_elemtype %c : tensor<4xf32> to tensor<4xf32>
  %6 = ndarray.cast_elemtype %c {copy = true} : tensor<4xf32> to tensor<4xf32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<?x2xi32>, tensor<4xi64>, tensor<4xf64>, tensor<4xi8>, tensor<4xbf16>, tensor<4xf32>, tensor<4xf32>
}

// -----

// subview and insert_slice are kept (bufferization makes them views); a
// constant base gets a private copy first, used by every other use.
// CHECK-LABEL: func.func @views_of_constants
// CHECK:      %[[K:.*]] = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
// CHECK-NEXT: %[[ALLOC:.*]] = memref.alloc
// CHECK:      %[[P:.*]] = bufferization.to_tensor %[[ALLOC]]
// CHECK:      ndarray.insert_slice %{{.*}} into %[[P]][1] [2] [1]
// CHECK:      %[[V:.*]] = ndarray.subview %[[P]][0] [2] [1]
// CHECK:      return %[[V]]
func.func @views_of_constants(%z: tensor<i32>) -> tensor<2xi32> {
  %k = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  ndarray.insert_slice %z into %k[1] [2] [1] : tensor<i32> into tensor<4xi32>
  %v = ndarray.subview %k[0] [2] [1] : tensor<4xi32> to tensor<2xi32>
  return %v : tensor<2xi32>
}

// -----

// A view of a non-constant is left as it is.
// CHECK-LABEL: func.func @view_of_argument
// CHECK-NEXT: %[[V:.*]] = ndarray.subview %arg0[1] [2] [1]
// CHECK-NEXT: return %[[V]]
func.func @view_of_argument(%a: tensor<4xi32>) -> tensor<2xi32> {
  %v = ndarray.subview %a[1] [2] [1] : tensor<4xi32> to tensor<2xi32>
  return %v : tensor<2xi32>
}

// -----

// Signed and unsigned integers (si32, ui32, as IMEX's programs use them)
// compute as signless ones, reinterpreted on the way in and out; their
// signedness chooses the conversion (extui, uitofp, fptoui for unsigned).
// CHECK-LABEL: func.func @signedness
// CHECK:       ^bb0(%[[IN:.*]]: ui16, %{{.*}}: si64):
// CHECK-NEXT:    %[[S:.*]] = builtin.unrealized_conversion_cast %[[IN]] : ui16 to i16
// CHECK-NEXT:    %[[E:.*]] = arith.extui %[[S]] : i16 to i64
// CHECK-NEXT:    %[[R:.*]] = builtin.unrealized_conversion_cast %[[E]] : i64 to si64
// CHECK-NEXT:    linalg.yield %[[R]] : si64
// CHECK:       ^bb0(%[[IN2:.*]]: si8, %{{.*}}: f32):
// CHECK-NEXT:    %[[S2:.*]] = builtin.unrealized_conversion_cast %[[IN2]] : si8 to i8
// CHECK-NEXT:    arith.sitofp %[[S2]] : i8 to f32
// CHECK:       ^bb0(%[[IN3:.*]]: f32, %{{.*}}: ui32):
// CHECK-NEXT:    %[[U:.*]] = arith.fptoui %[[IN3]] : f32 to i32
// CHECK-NEXT:    builtin.unrealized_conversion_cast %[[U]] : i32 to ui32
// CHECK:       ^bb0(%[[IN4:.*]]: i32, %{{.*}}: ui32):
// CHECK-NEXT:    builtin.unrealized_conversion_cast %[[IN4]] : i32 to ui32
// CHECK-NOT:     arith
// CHECK-LABEL: func.func @linspace_unsigned
// CHECK:         arith.fptoui %{{.*}} : f32 to i8
// CHECK-NEXT:    builtin.unrealized_conversion_cast %{{.*}} : i8 to ui8
func.func @signedness(%a: tensor<4xui16>, %b: tensor<4xsi8>, %c: tensor<4xf32>, %d: tensor<4xi32>)
    -> (tensor<4xsi64>, tensor<4xf32>, tensor<4xui32>, tensor<4xui32>) {
  %0 = ndarray.cast_elemtype %a : tensor<4xui16> to tensor<4xsi64>
  %1 = ndarray.cast_elemtype %b : tensor<4xsi8> to tensor<4xf32>
  %2 = ndarray.cast_elemtype %c : tensor<4xf32> to tensor<4xui32>
  %3 = ndarray.cast_elemtype %d : tensor<4xi32> to tensor<4xui32>
  return %0, %1, %2, %3 : tensor<4xsi64>, tensor<4xf32>, tensor<4xui32>, tensor<4xui32>
}
func.func @linspace_unsigned(%a: f32, %b: f32) -> tensor<5xui8> {
  %n = arith.constant 5 : index
  %r = ndarray.linspace %a %b %n true : (f32, f32, index) -> tensor<5xui8>
  return %r : tensor<5xui8>
}

// -----

// Unsupported operand types make the conversion fail with a diagnostic.
func.func @linspace_vector(%a: vector<2xf32>, %n: index) -> tensor<?xf32> {
  // expected-error @+1 {{failed to legalize operation 'ndarray.linspace' that was explicitly marked illegal}}
  %r = ndarray.linspace %a %a %n true : (vector<2xf32>, vector<2xf32>, index) -> tensor<?xf32>
  return %r : tensor<?xf32>
}
