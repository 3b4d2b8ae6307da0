// Malformed region IR ends in a diagnostic and a non-zero exit.
// RUN: not imex-opt %s -split-input-file 2>&1 | FileCheck %s

// CHECK: 5:69: error: expected a parameter name in struct
func.func @missing_device_keyword() attributes {e = #region.gpu_env<"XeGPU">} {
  return
}

// -----

// CHECK: 12:74: error: failed to parse Region_GPUEnvAttr parameter 'device' which is to be a `::mlir::StringAttr`
func.func @wrong_device_type() attributes {e = #region.gpu_env<device = 3>} {
  return
}

// -----

// CHECK: 19:81: error: duplicate or unknown struct parameter name: vendor
func.func @unknown_key() attributes {e = #region.gpu_env<device = "g", vendor = "x">} {
  return
}

// -----

// CHECK: 28:4: error: expected attribute value
func.func @missing_environment() {
  region.env_region {
  }
  return
}

// -----

// CHECK: 36:27: error: expected ':'
func.func @missing_arg_types(%a: index) {
  region.env_region "e" %a {
  }
  return
}

// -----

// CHECK: 45:25: error: use of undeclared SSA value name
func.func @undefined_value() {
  region.env_region "e" %nope : index {
  }
  return
}

// -----

// CHECK: 54:3: error: custom op 'region.nope' is unknown
func.func @unknown_op() {
  region.nope
  return
}

// -----

// CHECK: 61:37: error: dialect 'region' provides no type parsing hook
func.func @unknown_type(%a: !region.T) {
  return
}
