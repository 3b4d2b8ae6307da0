// Scalar kernel arguments of every kind the Vulkan flavour passes in the
// push-constant block (i32, f32, index, i64, f64), more of them than its
// 128 bytes hold (an index, f32, f64 and i64 first, then 31 i32, of which
// the last five travel in storage buffers), and an i16, which always does. Every value is read at run time from a host
// array (so none is a constant sunk into the kernel), passed through one
// launch and written back: a wrong offset, narrowing or binding shows as a
// wrong number.
// RUN: rm -rf %t && mkdir -p %t
// RUN: imexc %s --pipeline=gpu --gpu-runtime=vulkan --save-temps=%t/temps -o %t/k.o
// RUN: imex-kbin-dump `find %t/temps -name '*gpu-kernels-to-spirv-binary.mlir'` | FileCheck %s --check-prefix=TABLE
// TABLE: kernel run_kernel(push:4, buffer:8, push:4, push:8, push:8, push:4, push:4, push:4, push:4, push:4, push:4, push:4, push:4, push:4, push:4, push:4, push:4, push:4, push:4, push:4, push:4, push:4, push:4, push:4, push:4, push:4, push:4, push:4, push:4, push:4, push:4, scalar:4, scalar:4, scalar:4, scalar:4, scalar:4, scalar:2)
// RUN: %if vulkan %{ imexc %s --pipeline=gpu --emit=exe -o %t/exe && %t/exe | FileCheck %s %}

// CHECK: [-4500135,  -4200126,  -3900117,  -3600108,  -3300099,  -3000090,  -2700081,  -2400072,  -2100063,  -1800054,  -1500045,  -1200036,  -900027,  -600018,  -300009,  0,  300009,  600018,  900027,  1200036,  1500045,  1800054,  2100063,  2400072,  2700081,  3000090,  3300099,  3600108,  3900117,  4200126,  246913578024,  5000000000124,  -2000000001,  2469134,  -6144,  -300]

func.func private @printMemrefI64(memref<*xi64>)

func.func @run(%in: memref<36xi64>, %out: memref<36xi64>) {
  %c1 = arith.constant 1 : index
  %i0 = arith.constant 0 : index
  %v0 = memref.load %in[%i0] : memref<36xi64>
  %i1 = arith.constant 1 : index
  %v1 = memref.load %in[%i1] : memref<36xi64>
  %i2 = arith.constant 2 : index
  %v2 = memref.load %in[%i2] : memref<36xi64>
  %i3 = arith.constant 3 : index
  %v3 = memref.load %in[%i3] : memref<36xi64>
  %i4 = arith.constant 4 : index
  %v4 = memref.load %in[%i4] : memref<36xi64>
  %i5 = arith.constant 5 : index
  %v5 = memref.load %in[%i5] : memref<36xi64>
  %i6 = arith.constant 6 : index
  %v6 = memref.load %in[%i6] : memref<36xi64>
  %i7 = arith.constant 7 : index
  %v7 = memref.load %in[%i7] : memref<36xi64>
  %i8 = arith.constant 8 : index
  %v8 = memref.load %in[%i8] : memref<36xi64>
  %i9 = arith.constant 9 : index
  %v9 = memref.load %in[%i9] : memref<36xi64>
  %i10 = arith.constant 10 : index
  %v10 = memref.load %in[%i10] : memref<36xi64>
  %i11 = arith.constant 11 : index
  %v11 = memref.load %in[%i11] : memref<36xi64>
  %i12 = arith.constant 12 : index
  %v12 = memref.load %in[%i12] : memref<36xi64>
  %i13 = arith.constant 13 : index
  %v13 = memref.load %in[%i13] : memref<36xi64>
  %i14 = arith.constant 14 : index
  %v14 = memref.load %in[%i14] : memref<36xi64>
  %i15 = arith.constant 15 : index
  %v15 = memref.load %in[%i15] : memref<36xi64>
  %i16 = arith.constant 16 : index
  %v16 = memref.load %in[%i16] : memref<36xi64>
  %i17 = arith.constant 17 : index
  %v17 = memref.load %in[%i17] : memref<36xi64>
  %i18 = arith.constant 18 : index
  %v18 = memref.load %in[%i18] : memref<36xi64>
  %i19 = arith.constant 19 : index
  %v19 = memref.load %in[%i19] : memref<36xi64>
  %i20 = arith.constant 20 : index
  %v20 = memref.load %in[%i20] : memref<36xi64>
  %i21 = arith.constant 21 : index
  %v21 = memref.load %in[%i21] : memref<36xi64>
  %i22 = arith.constant 22 : index
  %v22 = memref.load %in[%i22] : memref<36xi64>
  %i23 = arith.constant 23 : index
  %v23 = memref.load %in[%i23] : memref<36xi64>
  %i24 = arith.constant 24 : index
  %v24 = memref.load %in[%i24] : memref<36xi64>
  %i25 = arith.constant 25 : index
  %v25 = memref.load %in[%i25] : memref<36xi64>
  %i26 = arith.constant 26 : index
  %v26 = memref.load %in[%i26] : memref<36xi64>
  %i27 = arith.constant 27 : index
  %v27 = memref.load %in[%i27] : memref<36xi64>
  %i28 = arith.constant 28 : index
  %v28 = memref.load %in[%i28] : memref<36xi64>
  %i29 = arith.constant 29 : index
  %v29 = memref.load %in[%i29] : memref<36xi64>
  %i30 = arith.constant 30 : index
  %v30 = memref.load %in[%i30] : memref<36xi64>
  %i31 = arith.constant 31 : index
  %v31 = memref.load %in[%i31] : memref<36xi64>
  %i32 = arith.constant 32 : index
  %v32 = memref.load %in[%i32] : memref<36xi64>
  %i33 = arith.constant 33 : index
  %v33 = memref.load %in[%i33] : memref<36xi64>
  %i34 = arith.constant 34 : index
  %v34 = memref.load %in[%i34] : memref<36xi64>
  %i35 = arith.constant 35 : index
  %v35 = memref.load %in[%i35] : memref<36xi64>
  %a0 = arith.trunci %v0 : i64 to i32
  %a1 = arith.trunci %v1 : i64 to i32
  %a2 = arith.trunci %v2 : i64 to i32
  %a3 = arith.trunci %v3 : i64 to i32
  %a4 = arith.trunci %v4 : i64 to i32
  %a5 = arith.trunci %v5 : i64 to i32
  %a6 = arith.trunci %v6 : i64 to i32
  %a7 = arith.trunci %v7 : i64 to i32
  %a8 = arith.trunci %v8 : i64 to i32
  %a9 = arith.trunci %v9 : i64 to i32
  %a10 = arith.trunci %v10 : i64 to i32
  %a11 = arith.trunci %v11 : i64 to i32
  %a12 = arith.trunci %v12 : i64 to i32
  %a13 = arith.trunci %v13 : i64 to i32
  %a14 = arith.trunci %v14 : i64 to i32
  %a15 = arith.trunci %v15 : i64 to i32
  %a16 = arith.trunci %v16 : i64 to i32
  %a17 = arith.trunci %v17 : i64 to i32
  %a18 = arith.trunci %v18 : i64 to i32
  %a19 = arith.trunci %v19 : i64 to i32
  %a20 = arith.trunci %v20 : i64 to i32
  %a21 = arith.trunci %v21 : i64 to i32
  %a22 = arith.trunci %v22 : i64 to i32
  %a23 = arith.trunci %v23 : i64 to i32
  %a24 = arith.trunci %v24 : i64 to i32
  %a25 = arith.trunci %v25 : i64 to i32
  %a26 = arith.trunci %v26 : i64 to i32
  %a27 = arith.trunci %v27 : i64 to i32
  %a28 = arith.trunci %v28 : i64 to i32
  %a29 = arith.trunci %v29 : i64 to i32
  %f = arith.sitofp %v30 : i64 to f64
  %late = arith.trunci %v32 : i64 to i32
  %n = arith.index_cast %v33 : i64 to index
  %x = arith.sitofp %v34 : i64 to f32
  %h = arith.trunci %v35 : i64 to i16
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %n2 = arith.addi %n, %n : index
    %no = arith.index_cast %n2 : index to i64
    memref.store %no, %out[%i33] : memref<36xi64>
    %four = arith.constant 4.0 : f32
    %x4 = arith.mulf %x, %four : f32
    %xo = arith.fptosi %x4 : f32 to i64
    memref.store %xo, %out[%i34] : memref<36xi64>
    %f2 = arith.addf %f, %f : f64
    %fo = arith.fptosi %f2 : f64 to i64
    memref.store %fo, %out[%i30] : memref<36xi64>
    %one = arith.constant 1 : i64
    %b1 = arith.addi %v31, %one : i64
    memref.store %b1, %out[%i31] : memref<36xi64>
    %three = arith.constant 3 : i64
    %e0 = arith.extsi %a0 : i32 to i64
    %m0 = arith.muli %e0, %three : i64
    memref.store %m0, %out[%i0] : memref<36xi64>
    %e1 = arith.extsi %a1 : i32 to i64
    %m1 = arith.muli %e1, %three : i64
    memref.store %m1, %out[%i1] : memref<36xi64>
    %e2 = arith.extsi %a2 : i32 to i64
    %m2 = arith.muli %e2, %three : i64
    memref.store %m2, %out[%i2] : memref<36xi64>
    %e3 = arith.extsi %a3 : i32 to i64
    %m3 = arith.muli %e3, %three : i64
    memref.store %m3, %out[%i3] : memref<36xi64>
    %e4 = arith.extsi %a4 : i32 to i64
    %m4 = arith.muli %e4, %three : i64
    memref.store %m4, %out[%i4] : memref<36xi64>
    %e5 = arith.extsi %a5 : i32 to i64
    %m5 = arith.muli %e5, %three : i64
    memref.store %m5, %out[%i5] : memref<36xi64>
    %e6 = arith.extsi %a6 : i32 to i64
    %m6 = arith.muli %e6, %three : i64
    memref.store %m6, %out[%i6] : memref<36xi64>
    %e7 = arith.extsi %a7 : i32 to i64
    %m7 = arith.muli %e7, %three : i64
    memref.store %m7, %out[%i7] : memref<36xi64>
    %e8 = arith.extsi %a8 : i32 to i64
    %m8 = arith.muli %e8, %three : i64
    memref.store %m8, %out[%i8] : memref<36xi64>
    %e9 = arith.extsi %a9 : i32 to i64
    %m9 = arith.muli %e9, %three : i64
    memref.store %m9, %out[%i9] : memref<36xi64>
    %e10 = arith.extsi %a10 : i32 to i64
    %m10 = arith.muli %e10, %three : i64
    memref.store %m10, %out[%i10] : memref<36xi64>
    %e11 = arith.extsi %a11 : i32 to i64
    %m11 = arith.muli %e11, %three : i64
    memref.store %m11, %out[%i11] : memref<36xi64>
    %e12 = arith.extsi %a12 : i32 to i64
    %m12 = arith.muli %e12, %three : i64
    memref.store %m12, %out[%i12] : memref<36xi64>
    %e13 = arith.extsi %a13 : i32 to i64
    %m13 = arith.muli %e13, %three : i64
    memref.store %m13, %out[%i13] : memref<36xi64>
    %e14 = arith.extsi %a14 : i32 to i64
    %m14 = arith.muli %e14, %three : i64
    memref.store %m14, %out[%i14] : memref<36xi64>
    %e15 = arith.extsi %a15 : i32 to i64
    %m15 = arith.muli %e15, %three : i64
    memref.store %m15, %out[%i15] : memref<36xi64>
    %e16 = arith.extsi %a16 : i32 to i64
    %m16 = arith.muli %e16, %three : i64
    memref.store %m16, %out[%i16] : memref<36xi64>
    %e17 = arith.extsi %a17 : i32 to i64
    %m17 = arith.muli %e17, %three : i64
    memref.store %m17, %out[%i17] : memref<36xi64>
    %e18 = arith.extsi %a18 : i32 to i64
    %m18 = arith.muli %e18, %three : i64
    memref.store %m18, %out[%i18] : memref<36xi64>
    %e19 = arith.extsi %a19 : i32 to i64
    %m19 = arith.muli %e19, %three : i64
    memref.store %m19, %out[%i19] : memref<36xi64>
    %e20 = arith.extsi %a20 : i32 to i64
    %m20 = arith.muli %e20, %three : i64
    memref.store %m20, %out[%i20] : memref<36xi64>
    %e21 = arith.extsi %a21 : i32 to i64
    %m21 = arith.muli %e21, %three : i64
    memref.store %m21, %out[%i21] : memref<36xi64>
    %e22 = arith.extsi %a22 : i32 to i64
    %m22 = arith.muli %e22, %three : i64
    memref.store %m22, %out[%i22] : memref<36xi64>
    %e23 = arith.extsi %a23 : i32 to i64
    %m23 = arith.muli %e23, %three : i64
    memref.store %m23, %out[%i23] : memref<36xi64>
    %e24 = arith.extsi %a24 : i32 to i64
    %m24 = arith.muli %e24, %three : i64
    memref.store %m24, %out[%i24] : memref<36xi64>
    %e25 = arith.extsi %a25 : i32 to i64
    %m25 = arith.muli %e25, %three : i64
    memref.store %m25, %out[%i25] : memref<36xi64>
    %e26 = arith.extsi %a26 : i32 to i64
    %m26 = arith.muli %e26, %three : i64
    memref.store %m26, %out[%i26] : memref<36xi64>
    %e27 = arith.extsi %a27 : i32 to i64
    %m27 = arith.muli %e27, %three : i64
    memref.store %m27, %out[%i27] : memref<36xi64>
    %e28 = arith.extsi %a28 : i32 to i64
    %m28 = arith.muli %e28, %three : i64
    memref.store %m28, %out[%i28] : memref<36xi64>
    %e29 = arith.extsi %a29 : i32 to i64
    %m29 = arith.muli %e29, %three : i64
    memref.store %m29, %out[%i29] : memref<36xi64>
    %one32 = arith.constant 1 : i32
    %l1 = arith.subi %late, %one32 : i32
    %lo = arith.extsi %l1 : i32 to i64
    memref.store %lo, %out[%i32] : memref<36xi64>
    %ho = arith.extsi %h : i16 to i64
    memref.store %ho, %out[%i35] : memref<36xi64>
    gpu.terminator
  }
  return
}

func.func @main() {
  %in = memref.alloc() : memref<36xi64>
  %out = memref.alloc() : memref<36xi64>
  %c0 = arith.constant 0 : index
  %w0 = arith.constant -1500045 : i64
  memref.store %w0, %in[%c0] : memref<36xi64>
  %c1 = arith.constant 1 : index
  %w1 = arith.constant -1400042 : i64
  memref.store %w1, %in[%c1] : memref<36xi64>
  %c2 = arith.constant 2 : index
  %w2 = arith.constant -1300039 : i64
  memref.store %w2, %in[%c2] : memref<36xi64>
  %c3 = arith.constant 3 : index
  %w3 = arith.constant -1200036 : i64
  memref.store %w3, %in[%c3] : memref<36xi64>
  %c4 = arith.constant 4 : index
  %w4 = arith.constant -1100033 : i64
  memref.store %w4, %in[%c4] : memref<36xi64>
  %c5 = arith.constant 5 : index
  %w5 = arith.constant -1000030 : i64
  memref.store %w5, %in[%c5] : memref<36xi64>
  %c6 = arith.constant 6 : index
  %w6 = arith.constant -900027 : i64
  memref.store %w6, %in[%c6] : memref<36xi64>
  %c7 = arith.constant 7 : index
  %w7 = arith.constant -800024 : i64
  memref.store %w7, %in[%c7] : memref<36xi64>
  %c8 = arith.constant 8 : index
  %w8 = arith.constant -700021 : i64
  memref.store %w8, %in[%c8] : memref<36xi64>
  %c9 = arith.constant 9 : index
  %w9 = arith.constant -600018 : i64
  memref.store %w9, %in[%c9] : memref<36xi64>
  %c10 = arith.constant 10 : index
  %w10 = arith.constant -500015 : i64
  memref.store %w10, %in[%c10] : memref<36xi64>
  %c11 = arith.constant 11 : index
  %w11 = arith.constant -400012 : i64
  memref.store %w11, %in[%c11] : memref<36xi64>
  %c12 = arith.constant 12 : index
  %w12 = arith.constant -300009 : i64
  memref.store %w12, %in[%c12] : memref<36xi64>
  %c13 = arith.constant 13 : index
  %w13 = arith.constant -200006 : i64
  memref.store %w13, %in[%c13] : memref<36xi64>
  %c14 = arith.constant 14 : index
  %w14 = arith.constant -100003 : i64
  memref.store %w14, %in[%c14] : memref<36xi64>
  %c15 = arith.constant 15 : index
  %w15 = arith.constant 0 : i64
  memref.store %w15, %in[%c15] : memref<36xi64>
  %c16 = arith.constant 16 : index
  %w16 = arith.constant 100003 : i64
  memref.store %w16, %in[%c16] : memref<36xi64>
  %c17 = arith.constant 17 : index
  %w17 = arith.constant 200006 : i64
  memref.store %w17, %in[%c17] : memref<36xi64>
  %c18 = arith.constant 18 : index
  %w18 = arith.constant 300009 : i64
  memref.store %w18, %in[%c18] : memref<36xi64>
  %c19 = arith.constant 19 : index
  %w19 = arith.constant 400012 : i64
  memref.store %w19, %in[%c19] : memref<36xi64>
  %c20 = arith.constant 20 : index
  %w20 = arith.constant 500015 : i64
  memref.store %w20, %in[%c20] : memref<36xi64>
  %c21 = arith.constant 21 : index
  %w21 = arith.constant 600018 : i64
  memref.store %w21, %in[%c21] : memref<36xi64>
  %c22 = arith.constant 22 : index
  %w22 = arith.constant 700021 : i64
  memref.store %w22, %in[%c22] : memref<36xi64>
  %c23 = arith.constant 23 : index
  %w23 = arith.constant 800024 : i64
  memref.store %w23, %in[%c23] : memref<36xi64>
  %c24 = arith.constant 24 : index
  %w24 = arith.constant 900027 : i64
  memref.store %w24, %in[%c24] : memref<36xi64>
  %c25 = arith.constant 25 : index
  %w25 = arith.constant 1000030 : i64
  memref.store %w25, %in[%c25] : memref<36xi64>
  %c26 = arith.constant 26 : index
  %w26 = arith.constant 1100033 : i64
  memref.store %w26, %in[%c26] : memref<36xi64>
  %c27 = arith.constant 27 : index
  %w27 = arith.constant 1200036 : i64
  memref.store %w27, %in[%c27] : memref<36xi64>
  %c28 = arith.constant 28 : index
  %w28 = arith.constant 1300039 : i64
  memref.store %w28, %in[%c28] : memref<36xi64>
  %c29 = arith.constant 29 : index
  %w29 = arith.constant 1400042 : i64
  memref.store %w29, %in[%c29] : memref<36xi64>
  %c30 = arith.constant 30 : index
  %w30 = arith.constant 123456789012 : i64
  memref.store %w30, %in[%c30] : memref<36xi64>
  %c31 = arith.constant 31 : index
  %w31 = arith.constant 5000000000123 : i64
  memref.store %w31, %in[%c31] : memref<36xi64>
  %c32 = arith.constant 32 : index
  %w32 = arith.constant -2000000000 : i64
  memref.store %w32, %in[%c32] : memref<36xi64>
  %c33 = arith.constant 33 : index
  %w33 = arith.constant 1234567 : i64
  memref.store %w33, %in[%c33] : memref<36xi64>
  %c34 = arith.constant 34 : index
  %w34 = arith.constant -1536 : i64
  memref.store %w34, %in[%c34] : memref<36xi64>
  %c35 = arith.constant 35 : index
  %w35 = arith.constant -300 : i64
  memref.store %w35, %in[%c35] : memref<36xi64>
  call @run(%in, %out) : (memref<36xi64>, memref<36xi64>) -> ()
  %u = memref.cast %out : memref<36xi64> to memref<*xi64>
  call @printMemrefI64(%u) : (memref<*xi64>) -> ()
  memref.dealloc %in : memref<36xi64>
  memref.dealloc %out : memref<36xi64>
  return
}
