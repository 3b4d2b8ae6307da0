// Errors of gpu-kernels-to-spirv-binary: each names the kernel (and, where
// it depends on it, the flavour); the notes carry what the SPIR-V
// conversion or the validator said, at the offending op.
// RUN: imex-opt %s --gpu-kernels-to-spirv-binary --split-input-file --verify-diagnostics

// Vulkan needs a constant work-group size; OpenCL compiles without one.
module attributes {gpu.container_module} {
  func.func @host(%buf: memref<8xf32>, %n: index) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @m::@k blocks in (%c1, %c1, %c1) threads in (%n, %c1, %c1) args(%buf : memref<8xf32>)
    return
  }
  gpu.module @m {
    // expected-error @below {{kernel 'k' in gpu.module @m has no constant work-group size, which the vulkan flavour needs}}
    gpu.func @k(%buf: memref<8xf32>) kernel {
      gpu.return
    }
  }
}

// -----

// Launches with different constant block sizes do not fix one either.
module attributes {gpu.container_module} {
  func.func @host(%buf: memref<8xf32>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    gpu.launch_func @m::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%buf : memref<8xf32>)
    gpu.launch_func @m::@k blocks in (%c1, %c1, %c1) threads in (%c2, %c1, %c1) args(%buf : memref<8xf32>)
    return
  }
  gpu.module @m {
    // expected-error @below {{kernel 'k' in gpu.module @m has no constant work-group size}}
    gpu.func @k(%buf: memref<8xf32>) kernel {
      gpu.return
    }
  }
}

// -----

// GLSL.std.450 has no erf, and imexc expands only the f32 and f16 ones
// for Vulkan: an f64 erf fails there (OpenCL has erf).
module attributes {gpu.container_module} {
  // expected-error @below {{kernel 'k' in gpu.module @m: cannot convert to SPIR-V for the vulkan flavour}}
  gpu.module @m {
    gpu.func @k(%buf: memref<8xf64>) kernel attributes {known_block_size = array<i32: 8, 1, 1>} {
      %t = gpu.thread_id x
      %x = memref.load %buf[%t] : memref<8xf64>
      // expected-note @below {{failed to legalize operation 'math.erf'}}
      %y = math.erf %x : f64
      memref.store %y, %buf[%t] : memref<8xf64>
      gpu.return
    }
  }
}

// -----

// GLSL.std.450 math is 16/32-bit only; the error says what to do.
module attributes {gpu.container_module} {
  // expected-error @below {{kernel 'k' in gpu.module @m: cannot convert to SPIR-V for the vulkan flavour}}
  // expected-note @below {{compute them in f32 (in .nda, x.astype(f32)), or embed only the Level Zero flavour, whose OpenCL instructions take f64 (--gpu-runtime=level-zero)}}
  gpu.module @m {
    gpu.func @k(%buf: memref<8xf64>) kernel attributes {known_block_size = array<i32: 8, 1, 1>} {
      %t = gpu.thread_id x
      %x = memref.load %buf[%t] : memref<8xf64>
      // expected-note @below {{'spirv.GL.Exp' op operand #0 must be 16/32-bit float}}
      %y = math.exp %x : f64
      memref.store %y, %buf[%t] : memref<8xf64>
      gpu.return
    }
  }
}

// -----

// No OpenCL lowering for memref.atomic_rmw; the Vulkan one exists.
module attributes {gpu.container_module} {
  // expected-error @below {{kernel 'k' in gpu.module @m: cannot convert to SPIR-V for the opencl flavour}}
  gpu.module @m {
    gpu.func @k(%buf: memref<8xi32>) kernel attributes {known_block_size = array<i32: 8, 1, 1>} {
      %t = gpu.thread_id x
      %one = arith.constant 1 : i32
      // expected-note @below {{failed to legalize operation 'memref.atomic_rmw'}}
      %old = memref.atomic_rmw addi %one, %buf[%t] : (i32, memref<8xi32>) -> i32
      gpu.return
    }
  }
}

// -----

// The Vulkan conversion emits a 64-bit atomic without the Int64Atomics
// capability: the module converts but fails validation. (OpenCL has no
// lowering for the atomic at all; both flavours are reported.)
module attributes {gpu.container_module} {
  // expected-error-re @below {{kernel 'k' in gpu.module @m: invalid SPIR-V for the vulkan flavour (validated as vulkan1.0): word {{[0-9]+}}: AtomicIAdd: 64-bit atomics require the Int64Atomics capability}}
  // expected-error @below {{kernel 'k' in gpu.module @m: cannot convert to SPIR-V for the opencl flavour}}
  gpu.module @m {
    gpu.func @k(%buf: memref<8xi64>) kernel attributes {known_block_size = array<i32: 8, 1, 1>} {
      %t = gpu.thread_id x
      %one = arith.constant 1 : i64
      // expected-note @below {{failed to legalize operation 'memref.atomic_rmw'}}
      %old = memref.atomic_rmw addi %one, %buf[%t] : (i64, memref<8xi64>) -> i64
      gpu.return
    }
  }
}

// -----

// Of two kernels in one gpu.module only the failing one is named.
module attributes {gpu.container_module} {
  // expected-error @below {{kernel 'bad' in gpu.module @two: cannot convert to SPIR-V for the vulkan flavour}}
  gpu.module @two {
    gpu.func @good(%buf: memref<8xf32>) kernel attributes {known_block_size = array<i32: 8, 1, 1>} {
      gpu.return
    }
    gpu.func @bad(%buf: memref<8xf64>) kernel attributes {known_block_size = array<i32: 8, 1, 1>} {
      %t = gpu.thread_id x
      %x = memref.load %buf[%t] : memref<8xf64>
      // expected-note @below {{failed to legalize operation 'math.erf'}}
      %y = math.erf %x : f64
      memref.store %y, %buf[%t] : memref<8xf64>
      gpu.return
    }
  }
}

// -----

// Argument types the host cannot hand to a SPIR-V kernel.
module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-error @below {{kernel 'k' argument #1 has type 'complex<f32>', which cannot be passed to a SPIR-V kernel}}
    gpu.func @k(%buf: memref<8xf32>, %c: complex<f32>) kernel attributes {known_block_size = array<i32: 8, 1, 1>} {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-error @below {{kernel 'k' argument #0 has type 'i7', which cannot be passed to a SPIR-V kernel}}
    gpu.func @k(%x: i7) kernel attributes {known_block_size = array<i32: 8, 1, 1>} {
      gpu.return
    }
  }
}

// -----

// A bf16 reduction would add the values' bits (bf16 is held as i16).
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%buf: memref<8xbf16>) kernel attributes {known_block_size = array<i32: 8, 1, 1>} {
      %t = gpu.thread_id x
      %x = memref.load %buf[%t] : memref<8xbf16>
      // expected-error @below {{'gpu.subgroup_reduce' op on bf16 has no SPIR-V lowering: reduce in f32}}
      %y = gpu.subgroup_reduce add %x : (bf16) -> bf16
      memref.store %y, %buf[%t] : memref<8xbf16>
      gpu.return
    }
  }
}

// -----

// Vulkan reads a vector of a buffer as an element of a vector array, which
// std430 pads for three elements...
module attributes {gpu.container_module} {
  // expected-error @below {{kernel 'k' in gpu.module @m: cannot give vector accesses their own buffer elements for the vulkan flavour}}
  gpu.module @m {
    // expected-note @below {{buffer 'k_arg_0' is accessed with vectors of 3 elements, which Vulkan cannot express}}
    gpu.func @k(%a: memref<?xf32>, %i: index) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %v = vector.load %a[%i] : memref<?xf32>, vector<3xf32>
      vector.store %v, %a[%i] : memref<?xf32>, vector<3xf32>
      gpu.return
    }
  }
}

// -----

// ... and cannot give one buffer two vector widths.
module attributes {gpu.container_module} {
  // expected-error @below {{kernel 'k' in gpu.module @m: cannot give vector accesses their own buffer elements for the vulkan flavour}}
  gpu.module @m {
    // expected-note @below {{buffer 'k_arg_0' is accessed with vectors of different widths, which Vulkan cannot express}}
    gpu.func @k(%a: memref<?xf32>, %i: index, %j: index) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %v = vector.load %a[%i] : memref<?xf32>, vector<4xf32>
      %w = vector.load %a[%j] : memref<?xf32>, vector<2xf32>
      vector.store %v, %a[%j] : memref<?xf32>, vector<4xf32>
      vector.store %w, %a[%i] : memref<?xf32>, vector<2xf32>
      gpu.return
    }
  }
}
