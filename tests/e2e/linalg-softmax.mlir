// linalg.softmax (IREE's and torch-mlir's form), decomposed by
// decompose-aggregated-ops into reductions and elementwise ops: along the
// rows of 3x1027, along the columns of 5x4, along the middle dimension of
// 2x5x3, and along the rows of a dynamically shaped 3x1027. Inputs are
// x = (linear index mod 7) - 3; the program prints round(10^4 * softmax)
// as integers (the first 8 of each row, or all), and round(10^4 * the sum
// of each softmax row), which must be 10^4. Every value is NumPy's
// (exp(x - x.max(axis)) / sum). The GPU build (--offload=gpu, on Vulkan)
// prints exactly what the host build prints.
// RUN: imexc %s --emit=exe -o %t.host && %t.host | sed 's/base@ = 0x[0-9a-f]*//' > %t.host.txt
// RUN: FileCheck %s < %t.host.txt
// RUN: %if vulkan %{ imexc %s --offload=gpu --emit=exe -o %t.gpu && %t.gpu | sed 's/base@ = 0x[0-9a-f]*//' > %t.gpu.txt && diff %t.host.txt %t.gpu.txt %}
// The parts are GPU kernels, the reductions workgroup reductions:
// RUN: imexc %s --offload=gpu --emit=mlir -o /dev/null --mlir-print-ir-before=gpu-kernels-to-spirv-binary 2>&1 | FileCheck %s --check-prefix=KERNEL
// KERNEL: gpu.func @rows_kernel
// KERNEL: gpu.barrier
// KERNEL: gpu.func
// KERNEL: math.exp

// Rows of 3x1027: the first 8 of each row, then the row sums.
// CHECK: sizes = [3, 8]
// CHECK-NEXT: {{\[}}[0,   0,   1,   2,   6,   16,   43,   0],
// CHECK-NEXT: [16,   43,   0,   0,   1,   2,   6,   16],
// CHECK-NEXT: [2,   6,   16,   43,   0,   0,   1,   2]]
// CHECK: sizes = [3]
// CHECK-NEXT: [10000,  10000,  10000]
// Columns of 5x4:
// CHECK: sizes = [5, 4]
// CHECK-NEXT: {{\[}}[47,   47,   152,   886],
// CHECK-NEXT: [2550,   2550,   8292,   44],
// CHECK-NEXT: [127,   127,   413,   2407],
// CHECK-NEXT: [6931,   6931,   21,   120],
// CHECK-NEXT: [345,   345,   1122,   6543]]
// The middle dimension of 2x5x3:
// CHECK: sizes = [2, 5, 3]
// CHECK-NEXT: {{\[\[}}[17,    56,    345],
// CHECK-NEXT: [346,    1133,    6931],
// CHECK-NEXT: [6952,    21,    127],
// CHECK-NEXT: [127,    417,    2550],
// CHECK-NEXT: [2557,    8373,    47]],
// CHECK-NEXT: {{\[}}[56,    345,    345],
// CHECK-NEXT: [1133,    6931,    6931],
// CHECK-NEXT: [21,    127,    127],
// CHECK-NEXT: [417,    2550,    2550],
// CHECK-NEXT: [8373,    47,    47]]]
// Dynamic 3x1027, as the static one:
// CHECK: sizes = [3, 8]
// CHECK-NEXT: {{\[}}[0,   0,   1,   2,   6,   16,   43,   0],
// CHECK-NEXT: [16,   43,   0,   0,   1,   2,   6,   16],
// CHECK-NEXT: [2,   6,   16,   43,   0,   0,   1,   2]]
// CHECK: sizes = [3]
// CHECK-NEXT: [10000,  10000,  10000]

func.func private @printMemrefI32(tensor<*xi32> {bufferization.access = "read"})

#id1 = affine_map<(i) -> (i)>
#id2 = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
#id3 = affine_map<(i, j, k) -> (i, j, k)>

// (row-major linear index mod 7) - 3
func.func @ramp2(%e: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %three = arith.constant 3.0 : f32
  %n = tensor.dim %e, %c1 : tensor<?x?xf32>
  %r = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]}
      outs(%e : tensor<?x?xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %in = arith.muli %i, %n : index
    %l = arith.addi %in, %j : index
    %m7 = arith.remui %l, %c7 : index
    %mi = arith.index_cast %m7 : index to i32
    %f = arith.sitofp %mi : i32 to f32
    %x = arith.subf %f, %three : f32
    linalg.yield %x : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// round(10^4 * x)
func.func @scaled2(%x: tensor<?x?xf32>) -> tensor<?x?xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c0 : tensor<?x?xf32>
  %n = tensor.dim %x, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xi32>
  %scale = arith.constant 10000.0 : f32
  %r = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<?x?xf32>) outs(%e : tensor<?x?xi32>) {
  ^bb0(%v: f32, %o: i32):
    %s = arith.mulf %v, %scale : f32
    %t = math.roundeven %s : f32
    %i = arith.fptosi %t : f32 to i32
    linalg.yield %i : i32
  } -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}

// The first 8 of each row, and round(10^4 * each row's sum).
func.func @print_rows(%s: tensor<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %m = tensor.dim %s, %c0 : tensor<?x?xf32>
  %head = tensor.extract_slice %s[0, 0] [%m, 8] [1, 1] : tensor<?x?xf32> to tensor<?x8xf32>
  %headd = tensor.cast %head : tensor<?x8xf32> to tensor<?x?xf32>
  %h = func.call @scaled2(%headd) : (tensor<?x?xf32>) -> tensor<?x?xi32>
  %hu = tensor.cast %h : tensor<?x?xi32> to tensor<*xi32>
  func.call @printMemrefI32(%hu) : (tensor<*xi32>) -> ()
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty(%m) : tensor<?xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %sum = linalg.reduce ins(%s : tensor<?x?xf32>) outs(%z : tensor<?xf32>) dimensions = [1]
    (%v: f32, %acc: f32) {
      %a = arith.addf %v, %acc : f32
      linalg.yield %a : f32
    }
  %sum2 = tensor.expand_shape %sum [[0, 1]] output_shape [%m, 1] : tensor<?xf32> into tensor<?x1xf32>
  %sumd = tensor.cast %sum2 : tensor<?x1xf32> to tensor<?x?xf32>
  %si = func.call @scaled2(%sumd) : (tensor<?x?xf32>) -> tensor<?x?xi32>
  %c1 = arith.constant 1 : index
  %flat = tensor.collapse_shape %si [[0, 1]] : tensor<?x?xi32> into tensor<?xi32>
  %su = tensor.cast %flat : tensor<?xi32> to tensor<*xi32>
  func.call @printMemrefI32(%su) : (tensor<*xi32>) -> ()
  return
}

func.func @rows(%x: tensor<3x1027xf32>) -> tensor<3x1027xf32> {
  %init = tensor.empty() : tensor<3x1027xf32>
  %s = linalg.softmax dimension(1) ins(%x : tensor<3x1027xf32>) outs(%init : tensor<3x1027xf32>) -> tensor<3x1027xf32>
  return %s : tensor<3x1027xf32>
}

func.func @columns(%x: tensor<5x4xf32>) -> tensor<5x4xf32> {
  %init = tensor.empty() : tensor<5x4xf32>
  %s = linalg.softmax dimension(0) ins(%x : tensor<5x4xf32>) outs(%init : tensor<5x4xf32>) -> tensor<5x4xf32>
  return %s : tensor<5x4xf32>
}

func.func @middle(%x: tensor<2x5x3xf32>) -> tensor<2x5x3xf32> {
  %init = tensor.empty() : tensor<2x5x3xf32>
  %s = linalg.softmax dimension(1) ins(%x : tensor<2x5x3xf32>) outs(%init : tensor<2x5x3xf32>) -> tensor<2x5x3xf32>
  return %s : tensor<2x5x3xf32>
}

func.func @dynamic_rows(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c0 : tensor<?x?xf32>
  %n = tensor.dim %x, %c1 : tensor<?x?xf32>
  %init = tensor.empty(%m, %n) : tensor<?x?xf32>
  %s = linalg.softmax dimension(1) ins(%x : tensor<?x?xf32>) outs(%init : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %s : tensor<?x?xf32>
}

func.func @main() {
  %c3 = arith.constant 3 : index
  %c1027 = arith.constant 1027 : index
  %e = tensor.empty(%c3, %c1027) : tensor<?x?xf32>
  %x = func.call @ramp2(%e) : (tensor<?x?xf32>) -> tensor<?x?xf32>

  %xs = tensor.cast %x : tensor<?x?xf32> to tensor<3x1027xf32>
  %r = func.call @rows(%xs) : (tensor<3x1027xf32>) -> tensor<3x1027xf32>
  %rd = tensor.cast %r : tensor<3x1027xf32> to tensor<?x?xf32>
  func.call @print_rows(%rd) : (tensor<?x?xf32>) -> ()

  %c5 = arith.constant 5 : index
  %c4 = arith.constant 4 : index
  %e54 = tensor.empty(%c5, %c4) : tensor<?x?xf32>
  %x54 = func.call @ramp2(%e54) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %x54s = tensor.cast %x54 : tensor<?x?xf32> to tensor<5x4xf32>
  %cs = func.call @columns(%x54s) : (tensor<5x4xf32>) -> tensor<5x4xf32>
  %csd = tensor.cast %cs : tensor<5x4xf32> to tensor<?x?xf32>
  %ci = func.call @scaled2(%csd) : (tensor<?x?xf32>) -> tensor<?x?xi32>
  %cu = tensor.cast %ci : tensor<?x?xi32> to tensor<*xi32>
  func.call @printMemrefI32(%cu) : (tensor<*xi32>) -> ()

  // 2x5x3 as the ramp of 10x3, reshaped.
  %c10 = arith.constant 10 : index
  %e103 = tensor.empty(%c10, %c3) : tensor<?x?xf32>
  %x103 = func.call @ramp2(%e103) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %x103s = tensor.cast %x103 : tensor<?x?xf32> to tensor<10x3xf32>
  %x253 = tensor.expand_shape %x103s [[0, 1], [2]] output_shape [2, 5, 3] : tensor<10x3xf32> into tensor<2x5x3xf32>
  %ms = func.call @middle(%x253) : (tensor<2x5x3xf32>) -> tensor<2x5x3xf32>
  %ms2 = tensor.collapse_shape %ms [[0, 1], [2]] : tensor<2x5x3xf32> into tensor<10x3xf32>
  %msd = tensor.cast %ms2 : tensor<10x3xf32> to tensor<?x?xf32>
  %mi = func.call @scaled2(%msd) : (tensor<?x?xf32>) -> tensor<?x?xi32>
  %mis = tensor.cast %mi : tensor<?x?xi32> to tensor<10x3xi32>
  %mi3 = tensor.expand_shape %mis [[0, 1], [2]] output_shape [2, 5, 3] : tensor<10x3xi32> into tensor<2x5x3xi32>
  %mu = tensor.cast %mi3 : tensor<2x5x3xi32> to tensor<*xi32>
  func.call @printMemrefI32(%mu) : (tensor<*xi32>) -> ()

  %d = func.call @dynamic_rows(%x) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  func.call @print_rows(%d) : (tensor<?x?xf32>) -> ()
  return
}
