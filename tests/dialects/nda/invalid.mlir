// Verifier rules of the nda dialect.
// RUN: imex-opt %s -split-input-file -verify-diagnostics

func.func @load_type(%x: !nda.ref<f32>) {
  // expected-error @+1 {{'nda.load' op failed to verify that the result has the variable's type}}
  %v = "nda.load"(%x) : (!nda.ref<f32>) -> f64
  return
}

// -----

func.func @store_type(%x: !nda.ref<tensor<4xf32>>, %t: tensor<?xf32>) {
  // expected-error @+1 {{'nda.store' op failed to verify that the value has the variable's type}}
  "nda.store"(%t, %x) : (tensor<?xf32>, !nda.ref<tensor<4xf32>>) -> ()
  return
}

// -----

func.func @var_name() {
  // expected-error @+1 {{'nda.var' op requires attribute 'name'}}
  %x = "nda.var"() : () -> !nda.ref<i32>
  return
}

// -----

func.func @var_type() {
  // expected-error @+1 {{'nda.var' op result #0 must be}}
  %x = "nda.var"() <{name = "x"}> : () -> memref<i32>
  return
}
