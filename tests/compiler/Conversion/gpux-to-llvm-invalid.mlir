// RUN: imex-opt %s -convert-gpux-to-llvm -split-input-file -verify-diagnostics

module attributes {gpu.container_module} {
  // expected-error @+1 {{missing gpu.binary attribute}}
  gpu.module @K {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  func.func @no_binary(%s: !gpux.StreamType, %n: index) {
    "gpux.launch_func"(%s, %n, %n, %n, %n, %n, %n) {kernel = @K::@k, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 1, 0, 0>} : (!gpux.StreamType, index, index, index, index, index, index) -> ()
    return
  }
}

// -----

module attributes {gpu.container_module} {
  // expected-error @+1 {{empty gpu.binary attribute}}
  gpu.module @K attributes {gpu.binary = ""} {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  func.func @empty_binary(%s: !gpux.StreamType, %n: index) {
    "gpux.launch_func"(%s, %n, %n, %n, %n, %n, %n) {kernel = @K::@k, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 1, 0, 0>} : (!gpux.StreamType, index, index, index, index, index, index) -> ()
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @K attributes {gpu.binary = "BIN"} {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  func.func @unknown_kernel(%s: !gpux.StreamType, %n: index) {
    // expected-error @+1 {{'gpux.launch_func' op kernel @nope not found in gpu.module @K}}
    "gpux.launch_func"(%s, %n, %n, %n, %n, %n, %n) {kernel = @K::@nope, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 1, 0, 0>} : (!gpux.StreamType, index, index, index, index, index, index) -> ()
    return
  }
}

// -----

func.func @unknown_module(%s: !gpux.StreamType, %n: index) {
  // expected-error @+1 {{'gpux.launch_func' op kernel module @Missing not found}}
  "gpux.launch_func"(%s, %n, %n, %n, %n, %n, %n) {kernel = @Missing::@k, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 1, 0, 0>} : (!gpux.StreamType, index, index, index, index, index, index) -> ()
  return
}

// -----

// The kernel module must be visible from the launch's own module.
module attributes {gpu.container_module} {
  gpu.module @K attributes {gpu.binary = "BIN"} {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  module @inner {
    func.func @other_module(%s: !gpux.StreamType, %n: index) {
      // expected-error @+1 {{'gpux.launch_func' op kernel module @K not found}}
      "gpux.launch_func"(%s, %n, %n, %n, %n, %n, %n) {kernel = @K::@k, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 1, 0, 0>} : (!gpux.StreamType, index, index, index, index, index, index) -> ()
      return
    }
  }
}

// -----

// Host-side gpu ops that convert-gpu-to-gpux left (several blocks) lower
// through upstream's patterns only in the forms those take; the others say
// which form would.
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @k() kernel { gpu.return }
  }
  func.func @leftover(%c: i1, %i: index) {
    // expected-error @+1 {{'gpu.alloc' op outside a single-block function lowers to the imexrt runtime only as host_shared without dependencies, or async with one dependency (a stream from gpu.wait async)}}
    %m = gpu.alloc () : memref<8xf32>
    cf.cond_br %c, ^a, ^b
  ^a:
    // expected-error @+1 {{'gpu.dealloc' op outside a single-block function lowers to the imexrt runtime only in its async form with one dependency}}
    gpu.dealloc %m : memref<8xf32>
    cf.br ^b
  ^b:
    // expected-error @+1 {{'gpu.launch_func' op has no lowering to the imexrt runtime; convert it to gpux first}}
    gpu.launch_func @k::@k blocks in (%i, %i, %i) threads in (%i, %i, %i)
    return
  }
}

// -----

// A runtime entry point name taken by a symbol of another type.
// expected-error @+1 {{symbol @gpuWait is a runtime entry point and must be declared as '!llvm.func<void (ptr)>'}}
func.func private @gpuWait(i32)
func.func @clash(%s: !gpux.StreamType) {
  "gpux.wait"(%s) : (!gpux.StreamType) -> ()
  return
}

// -----

module attributes {gpu.container_module} {
  gpu.module @K attributes {gpu.binary = "BIN"} {
    gpu.func @k(%arg0: memref<*xf32>) kernel {
      gpu.return
    }
  }
  func.func @unranked_kernel_operand(%s: !gpux.StreamType, %n: index, %m: memref<*xf32>) {
    // expected-error @+1 {{'gpux.launch_func' op cannot lower unranked memref operands}}
    "gpux.launch_func"(%s, %n, %n, %n, %n, %n, %n, %m) {kernel = @K::@k, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 1, 0, 1>} : (!gpux.StreamType, index, index, index, index, index, index, memref<*xf32>) -> ()
    return
  }
}

// -----

#map = affine_map<(d0)[s0] -> (d0 + s0)>
func.func @layout_alloc(%s: !gpux.StreamType, %n: index, %o: index) {
  // expected-error @+1 {{'gpux.alloc' op cannot lower allocations of memref 'memref<?xf32, affine_map<(d0)[s0] -> (d0 + s0)>>': only identity layouts are supported}}
  %m = "gpux.alloc"(%s, %n, %o) {operandSegmentSizes = array<i32: 0, 1, 1, 1>} : (!gpux.StreamType, index, index) -> memref<?xf32, #map>
  return
}

// -----

func.func @strided_copy(%s: !gpux.StreamType, %a: memref<4x4xf32, strided<[8, 1]>>, %b: memref<4x4xf32>) {
  // expected-error @+1 {{'gpux.memcpy' op cannot lower memref 'memref<4x4xf32, strided<[8, 1]>>': its elements are not one contiguous block}}
  "gpux.memcpy"(%s, %b, %a) : (!gpux.StreamType, memref<4x4xf32>, memref<4x4xf32, strided<[8, 1]>>) -> ()
  return
}

// -----

func.func @strided_set(%s: !gpux.StreamType, %a: memref<4x4xf32, strided<[?, 1]>>, %f: f32) {
  // expected-error @+1 {{'gpux.memset' op cannot lower memref 'memref<4x4xf32, strided<[?, 1]>>': its elements are not one contiguous block}}
  "gpux.memset"(%s, %a, %f) : (!gpux.StreamType, memref<4x4xf32, strided<[?, 1]>>, f32) -> ()
  return
}

// -----

// The names of the per-module globals are reserved.
module attributes {gpu.container_module} {
  llvm.mlir.global internal constant @K_spirv_binary("something else") {addr_space = 0 : i32}
  // expected-error @+1 {{symbol @K_spirv_binary already exists and is not the expected global}}
  gpu.module @K attributes {gpu.binary = "BIN"} {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  func.func @taken_binary(%s: !gpux.StreamType, %n: index) {
    "gpux.launch_func"(%s, %n, %n, %n, %n, %n, %n) {kernel = @K::@k, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 1, 0, 0>} : (!gpux.StreamType, index, index, index, index, index, index) -> ()
    return
  }
}

// -----

module attributes {gpu.container_module} {
  func.func private @K_handle()
  // expected-error @+1 {{symbol @K_handle already exists; it is reserved for the kernel module's runtime handle}}
  gpu.module @K attributes {gpu.binary = "BIN"} {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  func.func @taken_handle(%s: !gpux.StreamType, %n: index) {
    "gpux.launch_func"(%s, %n, %n, %n, %n, %n, %n) {kernel = @K::@k, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 1, 0, 0>} : (!gpux.StreamType, index, index, index, index, index, index) -> ()
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @K attributes {gpu.binary = "BIN"} {
    gpu.func @k(%arg0: tensor<4xf32>) kernel {
      gpu.return
    }
  }
  func.func @tensor_operand(%s: !gpux.StreamType, %n: index) {
    %t = tensor.empty() : tensor<4xf32>
    // expected-error @+1 {{'gpux.launch_func' op cannot pass a kernel operand of type 'tensor<4xf32>': it has no fixed-size LLVM type}}
    "gpux.launch_func"(%s, %n, %n, %n, %n, %n, %n, %t) {kernel = @K::@k, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 1, 0, 1>} : (!gpux.StreamType, index, index, index, index, index, index, tensor<4xf32>) -> ()
    return
  }
}

// -----

func.func @scalable_fill(%s: !gpux.StreamType, %m: memref<4xf32>) {
  %v = arith.constant dense<1.0> : vector<[4]xf32>
  // expected-error @+1 {{'gpux.memset' op cannot lower a fill value of type 'vector<[4]xf32>'}}
  "gpux.memset"(%s, %m, %v) : (!gpux.StreamType, memref<4xf32>, vector<[4]xf32>) -> ()
  return
}

// -----

func.func @untiled_fill(%s: !gpux.StreamType, %m: memref<3xi16>, %v: i32) {
  // expected-error @+1 {{'gpux.memset' op fill value of type 'i32' (4 bytes) does not tile elements of type 'i16' (2 bytes)}}
  "gpux.memset"(%s, %m, %v) : (!gpux.StreamType, memref<3xi16>, i32) -> ()
  return
}
