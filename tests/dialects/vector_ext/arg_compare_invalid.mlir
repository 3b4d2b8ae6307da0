// RUN: imex-opt %s -split-input-file -verify-diagnostics

func.func @dimension_too_large(%x: vector<4x32xf32>, %v: vector<4xf32>, %i: vector<4xi32>) {
  // expected-error @+1 {{'iree_vector_ext.arg_compare' op dimension 2 is out of range [0, 2)}}
  %r:2 = iree_vector_ext.arg_compare dimension(2) ins(%x : vector<4x32xf32>) inits(%v, %i : vector<4xf32>, vector<4xi32>) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.cmpf ogt, %a, %b : f32
    iree_vector_ext.yield %p : i1
  } -> vector<4xf32>, vector<4xi32>
  return
}

// -----

func.func @dimension_negative(%x: vector<4x32xf32>, %v: vector<4xf32>, %i: vector<4xi32>) {
  // expected-error @+1 {{dimension -1 is out of range [0, 2)}}
  %r:2 = iree_vector_ext.arg_compare dimension(-1) ins(%x : vector<4x32xf32>) inits(%v, %i : vector<4xf32>, vector<4xi32>) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.cmpf ogt, %a, %b : f32
    iree_vector_ext.yield %p : i1
  } -> vector<4xf32>, vector<4xi32>
  return
}

// -----

func.func @init_value_shape(%x: vector<4x32xf32>, %v: vector<32xf32>, %i: vector<4xi32>) {
  // expected-error @+1 {{init value shape must match input shape with reduction dimension removed. Expected: [4], but got: [32]}}
  %r:2 = iree_vector_ext.arg_compare dimension(1) ins(%x : vector<4x32xf32>) inits(%v, %i : vector<32xf32>, vector<4xi32>) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.cmpf ogt, %a, %b : f32
    iree_vector_ext.yield %p : i1
  } -> vector<32xf32>, vector<4xi32>
  return
}

// -----

func.func @init_index_rank(%x: vector<4x32xf32>, %v: vector<4xf32>, %i: vector<4x1xi32>) {
  // expected-error @+1 {{init index rank (2) must be input rank - 1 (1)}}
  %r:2 = iree_vector_ext.arg_compare dimension(1) ins(%x : vector<4x32xf32>) inits(%v, %i : vector<4xf32>, vector<4x1xi32>) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.cmpf ogt, %a, %b : f32
    iree_vector_ext.yield %p : i1
  } -> vector<4xf32>, vector<4x1xi32>
  return
}

// -----

func.func @init_index_float(%x: vector<4x32xf32>, %v: vector<4xf32>, %i: vector<4xf32>) {
  // expected-error @+1 {{init index must have integer or index element type, but got 'f32'}}
  %r:2 = iree_vector_ext.arg_compare dimension(1) ins(%x : vector<4x32xf32>) inits(%v, %i : vector<4xf32>, vector<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.cmpf ogt, %a, %b : f32
    iree_vector_ext.yield %p : i1
  } -> vector<4xf32>, vector<4xf32>
  return
}

// -----

func.func @init_value_element_type(%x: vector<4x32xf32>, %v: vector<4xf16>, %i: vector<4xi32>) {
  // expected-error @+1 {{failed to verify that all of {input_value, init_value} have same element type}}
  %r:2 = iree_vector_ext.arg_compare dimension(1) ins(%x : vector<4x32xf32>) inits(%v, %i : vector<4xf16>, vector<4xi32>) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.cmpf ogt, %a, %b : f32
    iree_vector_ext.yield %p : i1
  } -> vector<4xf16>, vector<4xi32>
  return
}

// -----

func.func @result_value_type(%x: vector<4x32xf32>, %v: vector<4xf32>, %i: vector<4xi32>) {
  // expected-error @+1 {{failed to verify that all of {init_value, result_value} have same type}}
  %r:2 = iree_vector_ext.arg_compare dimension(1) ins(%x : vector<4x32xf32>) inits(%v, %i : vector<4xf32>, vector<4xi32>) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.cmpf ogt, %a, %b : f32
    iree_vector_ext.yield %p : i1
  } -> vector<2x2xf32>, vector<4xi32>
  return
}

// -----

func.func @result_index_type(%x: vector<4x32xf32>, %v: vector<4xf32>, %i: vector<4xi32>) {
  // expected-error @+1 {{failed to verify that all of {init_index, result_index} have same type}}
  %r:2 = iree_vector_ext.arg_compare dimension(1) ins(%x : vector<4x32xf32>) inits(%v, %i : vector<4xf32>, vector<4xi32>) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.cmpf ogt, %a, %b : f32
    iree_vector_ext.yield %p : i1
  } -> vector<4xf32>, vector<4xi64>
  return
}

// -----

func.func @explicit_index_shape(%x: vector<4x32xf32>, %xi: vector<4x16xi32>, %v: vector<4xf32>, %i: vector<4xi32>) {
  // expected-error @+1 {{explicit-index mode: value and index inputs must have the same shape. Value shape: [4, 32], index shape: [4, 16]}}
  %r:2 = iree_vector_ext.arg_compare dimension(1) ins(%x, %xi : vector<4x32xf32>, vector<4x16xi32>) inits(%v, %i : vector<4xf32>, vector<4xi32>) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.cmpf ogt, %a, %b : f32
    iree_vector_ext.yield %p : i1
  } -> vector<4xf32>, vector<4xi32>
  return
}

// -----

func.func @explicit_index_element_type(%x: vector<4x32xf32>, %xi: vector<4x32xi64>, %v: vector<4xf32>, %i: vector<4xi32>) {
  // expected-error @+1 {{explicit-index mode: input and init index element types must match. Input index type: 'i64', init index type: 'i32'}}
  %r:2 = iree_vector_ext.arg_compare dimension(1) ins(%x, %xi : vector<4x32xf32>, vector<4x32xi64>) inits(%v, %i : vector<4xf32>, vector<4xi32>) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.cmpf ogt, %a, %b : f32
    iree_vector_ext.yield %p : i1
  } -> vector<4xf32>, vector<4xi32>
  return
}

// -----

func.func @explicit_index_with_base(%x: vector<4x32xf32>, %xi: vector<4x32xi32>, %v: vector<4xf32>, %i: vector<4xi32>, %base: index) {
  // expected-error @+1 {{'iree_vector_ext.arg_compare' op index_base must not be used with explicit indices}}
  %r:2 = iree_vector_ext.arg_compare dimension(1) ins(%x, %xi : vector<4x32xf32>, vector<4x32xi32>) inits(%v, %i : vector<4xf32>, vector<4xi32>) index_base(%base : index) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.cmpf ogt, %a, %b : f32
    iree_vector_ext.yield %p : i1
  } -> vector<4xf32>, vector<4xi32>
  return
}

// -----

func.func @comparator_three_args(%x: vector<4x32xf32>, %v: vector<4xf32>, %i: vector<4xi32>) {
  // expected-error @+1 {{comparator region must have exactly 2 arguments}}
  %r:2 = iree_vector_ext.arg_compare dimension(1) ins(%x : vector<4x32xf32>) inits(%v, %i : vector<4xf32>, vector<4xi32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %p = arith.cmpf ogt, %a, %b : f32
    iree_vector_ext.yield %p : i1
  } -> vector<4xf32>, vector<4xi32>
  return
}

// -----

func.func @comparator_arg_type(%x: vector<4x32xf32>, %v: vector<4xf32>, %i: vector<4xi32>) {
  // expected-error @+1 {{comparator arguments must match input value element type. Expected: 'f32', but got: 'f32' and 'f64'}}
  %r:2 = iree_vector_ext.arg_compare dimension(1) ins(%x : vector<4x32xf32>) inits(%v, %i : vector<4xf32>, vector<4xi32>) {
  ^bb0(%a: f32, %b: f64):
    %p = arith.constant true
    iree_vector_ext.yield %p : i1
  } -> vector<4xf32>, vector<4xi32>
  return
}

// -----

func.func @comparator_not_pure(%x: vector<4x32xf32>, %v: vector<4xf32>, %i: vector<4xi32>, %m: memref<f32>) {
  %r:2 = iree_vector_ext.arg_compare dimension(1) ins(%x : vector<4x32xf32>) inits(%v, %i : vector<4xf32>, vector<4xi32>) {
  ^bb0(%a: f32, %b: f32):
    // expected-error @+1 {{'memref.load' op comparator region must contain only pure operations}}
    %t = memref.load %m[] : memref<f32>
    %p = arith.cmpf ogt, %a, %t : f32
    iree_vector_ext.yield %p : i1
  } -> vector<4xf32>, vector<4xi32>
  return
}

// -----

func.func @yield_two_operands(%x: vector<4x32xf32>, %v: vector<4xf32>, %i: vector<4xi32>) {
  %r:2 = iree_vector_ext.arg_compare dimension(1) ins(%x : vector<4x32xf32>) inits(%v, %i : vector<4xf32>, vector<4xi32>) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.cmpf ogt, %a, %b : f32
    // expected-error @+1 {{'iree_vector_ext.yield' op expected 1 yield operand, but got 2}}
    iree_vector_ext.yield %p, %p : i1, i1
  } -> vector<4xf32>, vector<4xi32>
  return
}

// -----

func.func @yield_wrong_type(%x: vector<4x32xf32>, %v: vector<4xf32>, %i: vector<4xi32>) {
  %r:2 = iree_vector_ext.arg_compare dimension(1) ins(%x : vector<4x32xf32>) inits(%v, %i : vector<4xf32>, vector<4xi32>) {
  ^bb0(%a: f32, %b: f32):
    // expected-error @+1 {{'iree_vector_ext.yield' op expected yield operand to have type i1, but got 'f32'}}
    iree_vector_ext.yield %a : f32
  } -> vector<4xf32>, vector<4xi32>
  return
}

// -----

// Without a yield the parser adds an empty one, which then lacks the
// predicate.
func.func @yield_missing(%x: vector<4x32xf32>, %v: vector<4xf32>, %i: vector<4xi32>) {
  // expected-error @+1 {{'iree_vector_ext.yield' op expected 1 yield operand, but got 0}}
  %r:2 = iree_vector_ext.arg_compare dimension(1) ins(%x : vector<4x32xf32>) inits(%v, %i : vector<4xf32>, vector<4xi32>) {
  ^bb0(%a: f32, %b: f32):
  } -> vector<4xf32>, vector<4xi32>
  return
}

// -----

func.func @yield_outside_arg_compare(%p: i1) {
  // expected-error @+1 {{'iree_vector_ext.yield' op expects parent op 'iree_vector_ext.arg_compare'}}
  iree_vector_ext.yield %p : i1
}

// -----

func.func @init_value_rank(%x: vector<4x32xf32>, %v: vector<4x1xf32>, %i: vector<4xi32>) {
  // expected-error @+1 {{init value rank (2) must be input rank - 1 (1)}}
  %r:2 = iree_vector_ext.arg_compare dimension(1) ins(%x : vector<4x32xf32>) inits(%v, %i : vector<4x1xf32>, vector<4xi32>) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.cmpf ogt, %a, %b : f32
    iree_vector_ext.yield %p : i1
  } -> vector<4x1xf32>, vector<4xi32>
  return
}

// -----

func.func @init_index_shape(%x: vector<4x32xf32>, %v: vector<4xf32>, %i: vector<32xi32>) {
  // expected-error @+1 {{init index shape must match input shape with reduction dimension removed. Expected: [4], but got: [32]}}
  %r:2 = iree_vector_ext.arg_compare dimension(1) ins(%x : vector<4x32xf32>) inits(%v, %i : vector<4xf32>, vector<32xi32>) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.cmpf ogt, %a, %b : f32
    iree_vector_ext.yield %p : i1
  } -> vector<4xf32>, vector<32xi32>
  return
}

// -----

func.func @explicit_index_not_integer(%x: vector<4x32xf32>, %xi: vector<4x32xf32>, %v: vector<4xf32>, %i: vector<4xi32>) {
  // expected-error @+1 {{explicit-index mode: index input must have integer or index element type, but got 'f32'}}
  %r:2 = iree_vector_ext.arg_compare dimension(1) ins(%x, %xi : vector<4x32xf32>, vector<4x32xf32>) inits(%v, %i : vector<4xf32>, vector<4xi32>) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.cmpf ogt, %a, %b : f32
    iree_vector_ext.yield %p : i1
  } -> vector<4xf32>, vector<4xi32>
  return
}
