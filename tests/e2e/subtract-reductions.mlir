// Reductions that subtract every element from the accumulator (acc - x)
// run on the GPU as workgroup sums of the negated elements: a full one
// over 70001 elements (more than one lavapipe thread may loop over) as f32
// and i32, and row-wise over 5 rows of 1025 (vector steps). Elements are
// k mod 13, initial values 10^6, so every float is exact; values are
// NumPy's (10**6 - x.sum(...)). The GPU build (--offload=gpu, on Vulkan)
// prints exactly what the host build prints.
// RUN: imexc %s --emit=exe -o %t.host && %t.host | sed 's/base@ = 0x[0-9a-f]*//' > %t.host.txt
// RUN: FileCheck %s < %t.host.txt
// RUN: %if vulkan %{ imexc %s --offload=gpu --emit=exe -o %t.gpu && %t.gpu | sed 's/base@ = 0x[0-9a-f]*//' > %t.gpu.txt && diff %t.host.txt %t.gpu.txt %}
// RUN: imexc %s --offload=gpu --emit=mlir -o /dev/null --mlir-print-ir-before=gpu-kernels-to-spirv-binary 2>&1 | FileCheck %s --check-prefix=KERNEL
// KERNEL: gpu.func @full_kernel
// KERNEL: arith.negf
// KERNEL: gpu.barrier
// CHECK: [580012]
// CHECK: [580012]
// CHECK: [993861,  993857,  993853,  993849,  993845]

func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})
func.func private @printMemrefI32(tensor<*xi32> {bufferization.access = "read"})

func.func @full(%x: tensor<70001xf32>) -> tensor<f32> {
  %init = arith.constant dense<1.0e6> : tensor<f32>
  %r = linalg.generic {indexing_maps = [affine_map<(k) -> (k)>, affine_map<(k) -> ()>], iterator_types = ["reduction"]}
      ins(%x : tensor<70001xf32>) outs(%init : tensor<f32>) {
  ^bb0(%v: f32, %acc: f32):
    %s = arith.subf %acc, %v : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  return %r : tensor<f32>
}

func.func @full_i32(%x: tensor<70001xi32>) -> tensor<i32> {
  %init = arith.constant dense<1000000> : tensor<i32>
  %r = linalg.generic {indexing_maps = [affine_map<(k) -> (k)>, affine_map<(k) -> ()>], iterator_types = ["reduction"]}
      ins(%x : tensor<70001xi32>) outs(%init : tensor<i32>) {
  ^bb0(%v: i32, %acc: i32):
    %s = arith.subi %acc, %v : i32
    linalg.yield %s : i32
  } -> tensor<i32>
  return %r : tensor<i32>
}

func.func @rows(%x: tensor<5x1025xf32>) -> tensor<5xf32> {
  %init = arith.constant dense<1.0e6> : tensor<5xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<5x1025xf32>) outs(%init : tensor<5xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %s = arith.subf %acc, %v : f32
    linalg.yield %s : f32
  } -> tensor<5xf32>
  return %r : tensor<5xf32>
}

func.func @main() {
  %c13 = arith.constant 13 : index
  %e = tensor.empty() : tensor<70001xi32>
  %xi = linalg.generic {indexing_maps = [affine_map<(k) -> (k)>], iterator_types = ["parallel"]}
      outs(%e : tensor<70001xi32>) {
  ^bb0(%o: i32):
    %k = linalg.index 0 : index
    %m = arith.remui %k, %c13 : index
    %i = arith.index_cast %m : index to i32
    linalg.yield %i : i32
  } -> tensor<70001xi32>
  %ef = tensor.empty() : tensor<70001xf32>
  %xf = linalg.generic {indexing_maps = [affine_map<(k) -> (k)>, affine_map<(k) -> (k)>], iterator_types = ["parallel"]}
      ins(%xi : tensor<70001xi32>) outs(%ef : tensor<70001xf32>) {
  ^bb0(%v: i32, %o: f32):
    %f = arith.sitofp %v : i32 to f32
    linalg.yield %f : f32
  } -> tensor<70001xf32>
  %a = func.call @full(%xf) : (tensor<70001xf32>) -> tensor<f32>
  %au = tensor.cast %a : tensor<f32> to tensor<*xf32>
  func.call @printMemrefF32(%au) : (tensor<*xf32>) -> ()
  %b = func.call @full_i32(%xi) : (tensor<70001xi32>) -> tensor<i32>
  %bu = tensor.cast %b : tensor<i32> to tensor<*xi32>
  func.call @printMemrefI32(%bu) : (tensor<*xi32>) -> ()
  %head = tensor.extract_slice %xf[0] [5125] [1] : tensor<70001xf32> to tensor<5125xf32>
  %m = tensor.expand_shape %head [[0, 1]] output_shape [5, 1025] : tensor<5125xf32> into tensor<5x1025xf32>
  %c = func.call @rows(%m) : (tensor<5x1025xf32>) -> tensor<5xf32>
  %cu = tensor.cast %c : tensor<5xf32> to tensor<*xf32>
  func.call @printMemrefF32(%cu) : (tensor<*xf32>) -> ()
  return
}
