// Verifier and property-conversion diagnostics. gpux has no custom verifier:
// the rules are ODS operand/result constraints, operandSegmentSizes checks,
// and two declarative predicates (create_stream arity, single segments).
// RUN: imex-opt %s -split-input-file -verify-diagnostics

//===----------------------------------------------------------------------===//
// operandSegmentSizes
//===----------------------------------------------------------------------===//

func.func @alloc_segments_wrong_length(%s: !gpux.StreamType) {
  // expected-error @+1 {{size mismatch in attribute conversion: 3 vs 4}}
  %m = "gpux.alloc"(%s) <{operandSegmentSizes = array<i32: 0, 1, 0>}> : (!gpux.StreamType) -> memref<8xf32>
  return
}

// -----

func.func @launch_segments_wrong_length(%s: !gpux.StreamType, %c: index) {
  // expected-error @+1 {{size mismatch in attribute conversion: 8 vs 10}}
  "gpux.launch_func"(%s, %c, %c, %c, %c, %c, %c) <{kernel = @K::@k, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 0>}> : (!gpux.StreamType, index, index, index, index, index, index) -> ()
  return
}

// -----

func.func @alloc_segments_not_i32_array(%s: !gpux.StreamType) {
  // expected-error @+1 {{expected DenseI32ArrayAttr}}
  %m = "gpux.alloc"(%s) <{operandSegmentSizes = dense<[0, 1, 0, 0]> : vector<4xi32>}> : (!gpux.StreamType) -> memref<8xf32>
  return
}

// -----

func.func @alloc_segments_wrong_total(%s: !gpux.StreamType) {
  // expected-error @+1 {{'gpux.alloc' op operand count (1) does not match with the total size (2) specified in attribute 'operandSegmentSizes'}}
  %m = "gpux.alloc"(%s) <{operandSegmentSizes = array<i32: 0, 1, 1, 0>}> : (!gpux.StreamType) -> memref<8xf32>
  return
}

// -----

// Same rule with the segments in the trailing dictionary.
func.func @alloc_trailing_segments_wrong_total(%s: !gpux.StreamType) {
  // expected-error @+1 {{'gpux.alloc' op operand count (1) does not match with the total size (2) specified in attribute 'operandSegmentSizes'}}
  %m = "gpux.alloc"(%s) {operandSegmentSizes = array<i32: 0, 1, 0, 1>} : (!gpux.StreamType) -> memref<8xf32>
  return
}

// -----

func.func @alloc_segments_missing(%s: !gpux.StreamType) {
  // expected-error @+1 {{'gpux.alloc' op operand count (1) does not match with the total size (0) specified in attribute 'operandSegmentSizes'}}
  %m = "gpux.alloc"(%s) : (!gpux.StreamType) -> memref<8xf32>
  return
}

// -----

func.func @launch_segments_wrong_total(%s: !gpux.StreamType, %c: index) {
  // expected-error @+1 {{'gpux.launch_func' op operand count (7) does not match with the total size (8) specified in attribute 'operandSegmentSizes'}}
  "gpux.launch_func"(%s, %c, %c, %c, %c, %c, %c) <{kernel = @K::@k, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 1, 0, 1>}> : (!gpux.StreamType, index, index, index, index, index, index) -> ()
  return
}

// -----

func.func @alloc_segments_negative(%s: !gpux.StreamType) {
  // expected-error @+1 {{'gpux.alloc' op 'operandSegmentSizes' attribute cannot have negative elements}}
  %m = "gpux.alloc"(%s) <{operandSegmentSizes = array<i32: -1, 2, 0, 0>}> : (!gpux.StreamType) -> memref<8xf32>
  return
}

// -----

// The total matches, but the stream segment is empty.
func.func @alloc_stream_segment_empty(%t: !gpu.async.token) {
  // expected-error @+1 {{'gpux.alloc' op failed to verify that each non-variadic operand segment holds exactly one operand}}
  %m = "gpux.alloc"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>}> : (!gpu.async.token) -> memref<8xf32>
  return
}

// -----

func.func @alloc_stream_segment_two(%s: !gpux.StreamType) {
  // expected-error @+1 {{'gpux.alloc' op failed to verify that each non-variadic operand segment holds exactly one operand}}
  %m = "gpux.alloc"(%s, %s) <{operandSegmentSizes = array<i32: 0, 2, 0, 0>}> : (!gpux.StreamType, !gpux.StreamType) -> memref<8xf32>
  return
}

// -----

// gridSizeY takes two operands and blockSizeZ none: the total still matches.
func.func @launch_grid_segment_wrong(%s: !gpux.StreamType, %c: index) {
  // expected-error @+1 {{'gpux.launch_func' op failed to verify that each non-variadic operand segment holds exactly one operand}}
  "gpux.launch_func"(%s, %c, %c, %c, %c, %c, %c) <{kernel = @K::@k, operandSegmentSizes = array<i32: 0, 1, 1, 2, 1, 1, 1, 0, 0, 0>}> : (!gpux.StreamType, index, index, index, index, index, index) -> ()
  return
}

// -----

func.func @launch_two_dynamic_smem(%s: !gpux.StreamType, %c: index, %i: i32) {
  // expected-error @+1 {{'gpux.launch_func' op operand group starting at #7 requires 0 or 1 element, but found 2}}
  "gpux.launch_func"(%s, %c, %c, %c, %c, %c, %c, %i, %i) <{kernel = @K::@k, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 1, 2, 0>}> : (!gpux.StreamType, index, index, index, index, index, index, i32, i32) -> ()
  return
}

// -----

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

func.func @launch_without_kernel(%s: !gpux.StreamType, %c: index) {
  // expected-error @+1 {{'gpux.launch_func' op requires attribute 'kernel'}}
  "gpux.launch_func"(%s, %c, %c, %c, %c, %c, %c) <{operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 1, 0, 0>}> : (!gpux.StreamType, index, index, index, index, index, index) -> ()
  return
}

// -----

func.func @launch_kernel_not_symbol(%s: !gpux.StreamType, %c: index) {
  // expected-error @+1 {{Invalid attribute `kernel` in property conversion: "k"}}
  "gpux.launch_func"(%s, %c, %c, %c, %c, %c, %c) <{kernel = "k", operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 1, 0, 0>}> : (!gpux.StreamType, index, index, index, index, index, index) -> ()
  return
}

// -----

func.func @alloc_host_shared_not_unit(%s: !gpux.StreamType) {
  // expected-error @+1 {{Invalid attribute `hostShared` in property conversion: 3 : i32}}
  %m = "gpux.alloc"(%s) <{hostShared = 3 : i32, operandSegmentSizes = array<i32: 0, 1, 0, 0>}> : (!gpux.StreamType) -> memref<8xf32>
  return
}

// -----

func.func @alloc_trailing_host_shared_not_unit(%s: !gpux.StreamType) {
  // expected-error @+1 {{'gpux.alloc' op attribute 'hostShared' failed to satisfy constraint: unit attribute}}
  %m = "gpux.alloc"(%s) {hostShared = 3 : i32, operandSegmentSizes = array<i32: 0, 1, 0, 0>} : (!gpux.StreamType) -> memref<8xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// create_stream arity
//===----------------------------------------------------------------------===//

func.func @create_stream_device_only(%d: !gpux.DeviceType) {
  // expected-error @+1 {{'gpux.create_stream' op failed to verify that it takes either no operands or both a device and a context}}
  %s = "gpux.create_stream"(%d) : (!gpux.DeviceType) -> !gpux.StreamType
  return
}

// -----

func.func @create_stream_three(%d: !gpux.DeviceType, %c: !gpux.ContextType) {
  // expected-error @+1 {{'gpux.create_stream' op failed to verify that it takes either no operands or both a device and a context}}
  %s = "gpux.create_stream"(%d, %c, %c) : (!gpux.DeviceType, !gpux.ContextType, !gpux.ContextType) -> !gpux.StreamType
  return
}

// -----

//===----------------------------------------------------------------------===//
// Operand and result types
//===----------------------------------------------------------------------===//

func.func @create_stream_swapped(%d: !gpux.DeviceType, %c: !gpux.ContextType) {
  // expected-error @+1 {{'gpux.create_stream' op operand #0 must be runtime device handle, but got '!gpux.ContextType'}}
  %s = "gpux.create_stream"(%c, %d) : (!gpux.ContextType, !gpux.DeviceType) -> !gpux.StreamType
  return
}

// -----

func.func @create_stream_result(%d: !gpux.DeviceType) {
  // expected-error @+1 {{'gpux.create_stream' op result #0 must be runtime stream (queue) handle, but got '!gpux.OpaqueType'}}
  %s = "gpux.create_stream"() : () -> !gpux.OpaqueType
  return
}

// -----

func.func @create_device_operand(%s: !gpux.StreamType) {
  // expected-error @+1 {{'gpux.create_device' op operand #0 must be runtime device handle, but got '!gpux.StreamType'}}
  %d = "gpux.create_device"(%s) : (!gpux.StreamType) -> !gpux.DeviceType
  return
}

// -----

func.func @create_context_operand(%s: !gpux.StreamType) {
  // expected-error @+1 {{'gpux.create_context' op operand #0 must be runtime device handle, but got '!gpux.StreamType'}}
  %c = "gpux.create_context"(%s) : (!gpux.StreamType) -> !gpux.ContextType
  return
}

// -----

func.func @create_context_result(%d: !gpux.DeviceType) {
  // expected-error @+1 {{'gpux.create_context' op result #0 must be runtime context handle, but got '!gpux.DeviceType'}}
  %c = "gpux.create_context"(%d) : (!gpux.DeviceType) -> !gpux.DeviceType
  return
}

// -----

func.func @destroy_device_operand(%c: !gpux.ContextType) {
  // expected-error @+1 {{'gpux.destroy_device' op operand #0 must be runtime device handle, but got '!gpux.ContextType'}}
  "gpux.destroy_device"(%c) : (!gpux.ContextType) -> ()
  return
}

// -----

func.func @destroy_context_operand(%d: !gpux.DeviceType) {
  // expected-error @+1 {{'gpux.destroy_context' op operand #0 must be runtime context handle, but got '!gpux.DeviceType'}}
  "gpux.destroy_context"(%d) : (!gpux.DeviceType) -> ()
  return
}

// -----

func.func @destroy_stream_operand(%o: !gpux.OpaqueType) {
  // expected-error @+1 {{'gpux.destroy_stream' op operand #0 must be runtime stream (queue) handle, but got '!gpux.OpaqueType'}}
  "gpux.destroy_stream"(%o) : (!gpux.OpaqueType) -> ()
  return
}

// -----

func.func @alloc_stream_type(%c: index) {
  // expected-error @+1 {{'gpux.alloc' op operand #0 must be runtime stream (queue) handle, but got 'index'}}
  %m = "gpux.alloc"(%c) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>}> : (index) -> memref<8xf32>
  return
}

// -----

func.func @alloc_dep_type(%s: !gpux.StreamType, %i: i32) {
  // expected-error @+1 {{'gpux.alloc' op operand #0 must be variadic of async token type, but got 'i32'}}
  %m = "gpux.alloc"(%i, %s) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (i32, !gpux.StreamType) -> memref<8xf32>
  return
}

// -----

func.func @alloc_dynamic_size_type(%s: !gpux.StreamType, %i: i32) {
  // expected-error @+1 {{'gpux.alloc' op operand #1 must be variadic of index, but got 'i32'}}
  %m = "gpux.alloc"(%s, %i) <{operandSegmentSizes = array<i32: 0, 1, 1, 0>}> : (!gpux.StreamType, i32) -> memref<?xf32>
  return
}

// -----

func.func @alloc_result_not_memref(%s: !gpux.StreamType) {
  // expected-error @+1 {{'gpux.alloc' op result #0 must be memref of any type values, but got 'tensor<8xf32>'}}
  %m = "gpux.alloc"(%s) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>}> : (!gpux.StreamType) -> tensor<8xf32>
  return
}

// -----

func.func @alloc_two_tokens(%s: !gpux.StreamType) {
  // expected-error @+1 {{'gpux.alloc' op result group starting at #1 requires 0 or 1 element, but found 2}}
  %m, %t0, %t1 = "gpux.alloc"(%s) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>}> : (!gpux.StreamType) -> (memref<8xf32>, !gpu.async.token, !gpu.async.token)
  return
}

// -----

func.func @launch_grid_type(%s: !gpux.StreamType, %c: index, %i: i32) {
  // expected-error @+1 {{'gpux.launch_func' op operand #1 must be index, but got 'i32'}}
  "gpux.launch_func"(%s, %i, %c, %c, %c, %c, %c) <{kernel = @K::@k, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 1, 0, 0>}> : (!gpux.StreamType, i32, index, index, index, index, index) -> ()
  return
}

// -----

func.func @launch_block_type(%s: !gpux.StreamType, %c: index, %f: f32) {
  // expected-error @+1 {{'gpux.launch_func' op operand #6 must be index, but got 'f32'}}
  "gpux.launch_func"(%s, %c, %c, %c, %c, %c, %f) <{kernel = @K::@k, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 1, 0, 0>}> : (!gpux.StreamType, index, index, index, index, index, f32) -> ()
  return
}

// -----

func.func @launch_dynamic_smem_type(%s: !gpux.StreamType, %c: index, %i: i64) {
  // expected-error @+1 {{'gpux.launch_func' op operand #7 must be 32-bit signless integer, but got 'i64'}}
  "gpux.launch_func"(%s, %c, %c, %c, %c, %c, %c, %i) <{kernel = @K::@k, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 1, 1, 0>}> : (!gpux.StreamType, index, index, index, index, index, index, i64) -> ()
  return
}

// -----

func.func @launch_token_type(%s: !gpux.StreamType, %c: index) {
  // expected-error @+1 {{'gpux.launch_func' op result #0 must be async token type, but got 'i32'}}
  %t = "gpux.launch_func"(%s, %c, %c, %c, %c, %c, %c) <{kernel = @K::@k, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 1, 0, 0>}> : (!gpux.StreamType, index, index, index, index, index, index) -> i32
  return
}

// -----

func.func @dealloc_not_memref(%s: !gpux.StreamType, %t: tensor<8xf32>) {
  // expected-error @+1 {{'gpux.dealloc' op operand #1 must be memref of any type values, but got 'tensor<8xf32>'}}
  "gpux.dealloc"(%s, %t) : (!gpux.StreamType, tensor<8xf32>) -> ()
  return
}

// -----

// With a single variadic group, everything before the stream and memref
// operands is a dependency.
func.func @dealloc_extra_operand(%s: !gpux.StreamType, %m: memref<8xf32>) {
  // expected-error @+1 {{'gpux.dealloc' op operand #0 must be variadic of async token type, but got '!gpux.StreamType'}}
  "gpux.dealloc"(%s, %m, %m) : (!gpux.StreamType, memref<8xf32>, memref<8xf32>) -> ()
  return
}

// -----

func.func @wait_dep_type(%s: !gpux.StreamType, %i: i32) {
  // expected-error @+1 {{'gpux.wait' op operand #0 must be variadic of async token type, but got 'i32'}}
  "gpux.wait"(%i, %s) : (i32, !gpux.StreamType) -> ()
  return
}

// -----

func.func @wait_without_stream() {
  // expected-error @+1 {{'gpux.wait' op expected 1 or more operands, but found 0}}
  "gpux.wait"() : () -> ()
  return
}

// -----

func.func @memcpy_src_not_memref(%s: !gpux.StreamType, %m: memref<8xf32>, %i: i32) {
  // expected-error @+1 {{'gpux.memcpy' op operand #2 must be memref of any type values, but got 'i32'}}
  "gpux.memcpy"(%s, %m, %i) : (!gpux.StreamType, memref<8xf32>, i32) -> ()
  return
}

// -----

func.func @memset_dst_not_memref(%s: !gpux.StreamType, %i: i32) {
  // expected-error @+1 {{'gpux.memset' op operand #1 must be memref of any type values, but got 'i32'}}
  "gpux.memset"(%s, %i, %i) : (!gpux.StreamType, i32, i32) -> ()
  return
}

// -----

func.func @memset_token_type(%s: !gpux.StreamType, %m: memref<8xf32>, %f: f32) {
  // expected-error @+1 {{'gpux.memset' op result #0 must be async token type, but got 'f32'}}
  %t = "gpux.memset"(%s, %m, %f) : (!gpux.StreamType, memref<8xf32>, f32) -> f32
  return
}
