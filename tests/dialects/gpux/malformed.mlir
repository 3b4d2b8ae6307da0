// Malformed gpux input ends in a diagnostic and a non-zero exit, not a crash.
// RUN: not imex-opt %s -split-input-file 2>&1 | FileCheck %s

// The type mnemonics are CamelCase.
// CHECK: error: unknown type `!gpux.streamtype`
func.func @lowercase_type(%s: !gpux.streamtype) {
  return
}

// -----

// CHECK: error: unknown type `!gpux.Queue`
func.func @unknown_type(%s: !gpux.Queue) {
  return
}

// -----

// gpux types are parameterless; a parameter list is not silently dropped.
// CHECK: error: type '!gpux.StreamType' does not take parameters
func.func @type_with_params(%s: !gpux.StreamType<1>) {
  return
}

// -----

// There is no custom assembly format.
// CHECK: error: custom op 'gpux.create_stream' has no custom assembly form
func.func @custom_form() {
  %s = gpux.create_stream : !gpux.StreamType
  return
}

// -----

// CHECK: error: unregistered operation 'gpux.stream.destroy' found in dialect ('gpux') that does not allow unknown operations
func.func @old_name(%s: !gpux.StreamType) {
  "gpux.stream.destroy"(%s) : (!gpux.StreamType) -> ()
  return
}

// -----

// CHECK: error: expected ')' to end operand list
func.func @unterminated(%s: !gpux.StreamType) {
  "gpux.destroy_stream"(%s : (!gpux.StreamType) -> ()
  return
}

// -----

// CHECK: error: use of value '%s' expects different type than prior uses: '!gpux.DeviceType' vs '!gpux.StreamType'
func.func @type_mismatch(%s: !gpux.StreamType) {
  "gpux.destroy_device"(%s) : (!gpux.DeviceType) -> ()
  return
}

// -----

// The properties must be a dictionary.
// CHECK: error: expected attribute name
func.func @bad_properties(%s: !gpux.StreamType) {
  %m = "gpux.alloc"(%s) <{[0, 1, 0, 0]}> : (!gpux.StreamType) -> memref<8xf32>
  return
}
