// Reductions along the middle dimension of 3-D arrays that keep it as
// size 1 (output map (d0, 0, d2), as keepdims front ends write): a max
// over 2x5x3, a sum over 2x300x3 (long enough for workgroup reductions on
// the GPU), and an argmax (value and index, split-arg-reductions). On the
// GPU these did not compile (an scf.parallel left in the kernel). Inputs
// x[a, b, c] = (a * 7 + b * 3 + c) mod 11; every value is NumPy's
// (x.max(1, keepdims=True), x.sum(1, keepdims=True), x.argmax(1)). The
// GPU build (--offload=gpu, on Vulkan) prints exactly what the host build
// prints.
// RUN: imexc %s --emit=exe -o %t.host && %t.host | sed 's/base@ = 0x[0-9a-f]*//' > %t.host.txt
// RUN: FileCheck %s < %t.host.txt
// RUN: %if vulkan %{ imexc %s --offload=gpu --emit=exe -o %t.gpu && %t.gpu | sed 's/base@ = 0x[0-9a-f]*//' > %t.gpu.txt && diff %t.host.txt %t.gpu.txt %}
// CHECK: sizes = [2, 1, 3]
// CHECK-NEXT: {{\[\[\[}}9,    10,    8]],
// CHECK-NEXT: {{\[\[}}10,    9,    10]]]
// CHECK: sizes = [2, 1, 3]
// CHECK-NEXT: {{\[\[\[}}1494,    1497,    1500]],
// CHECK-NEXT: {{\[\[}}1504,    1496,    1499]]]
// CHECK: sizes = [2, 1, 3]
// CHECK-NEXT: {{\[\[\[}}3,    3,    2]],
// CHECK-NEXT: {{\[\[}}1,    4,    4]]]

func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})
func.func private @printMemrefI32(tensor<*xi32> {bufferization.access = "read"})

#id = affine_map<(a, b, c) -> (a, b, c)>
#keep = affine_map<(a, b, c) -> (a, 0, c)>

func.func @make(%e: tensor<2x?x3xf32>) -> tensor<2x?x3xf32> {
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %c11 = arith.constant 11 : index
  %x = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel", "parallel"]}
      outs(%e : tensor<2x?x3xf32>) {
  ^bb0(%o: f32):
    %a = linalg.index 0 : index
    %b = linalg.index 1 : index
    %c = linalg.index 2 : index
    %a7 = arith.muli %a, %c7 : index
    %b3 = arith.muli %b, %c3 : index
    %s = arith.addi %a7, %b3 : index
    %t = arith.addi %s, %c : index
    %m = arith.remui %t, %c11 : index
    %i = arith.index_cast %m : index to i32
    %f = arith.sitofp %i : i32 to f32
    linalg.yield %f : f32
  } -> tensor<2x?x3xf32>
  return %x : tensor<2x?x3xf32>
}

func.func @max_keep(%x: tensor<2x5x3xf32>) -> tensor<2x1x3xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<2x1x3xf32>
  %i = linalg.fill ins(%ninf : f32) outs(%e : tensor<2x1x3xf32>) -> tensor<2x1x3xf32>
  %r = linalg.generic {indexing_maps = [#id, #keep], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%x : tensor<2x5x3xf32>) outs(%i : tensor<2x1x3xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %m = arith.maximumf %in, %acc : f32
    linalg.yield %m : f32
  } -> tensor<2x1x3xf32>
  return %r : tensor<2x1x3xf32>
}

func.func @sum_keep(%x: tensor<2x300x3xf32>) -> tensor<2x1x3xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x1x3xf32>
  %i = linalg.fill ins(%zero : f32) outs(%e : tensor<2x1x3xf32>) -> tensor<2x1x3xf32>
  %r = linalg.generic {indexing_maps = [#id, #keep], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%x : tensor<2x300x3xf32>) outs(%i : tensor<2x1x3xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<2x1x3xf32>
  return %r : tensor<2x1x3xf32>
}

func.func @argmax_keep(%x: tensor<2x5x3xf32>) -> tensor<2x1x3xi32> {
  %ninf = arith.constant 0xFF800000 : f32
  %z = arith.constant 0 : i32
  %ev = tensor.empty() : tensor<2x1x3xf32>
  %ei = tensor.empty() : tensor<2x1x3xi32>
  %iv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<2x1x3xf32>) -> tensor<2x1x3xf32>
  %ii = linalg.fill ins(%z : i32) outs(%ei : tensor<2x1x3xi32>) -> tensor<2x1x3xi32>
  %r:2 = linalg.generic {indexing_maps = [#id, #keep, #keep], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%x : tensor<2x5x3xf32>) outs(%iv, %ii : tensor<2x1x3xf32>, tensor<2x1x3xi32>) {
  ^bb0(%in: f32, %val: f32, %idx: i32):
    %b = linalg.index 1 : index
    %bi = arith.index_cast %b : index to i32
    %m = arith.maximumf %in, %val : f32
    %c = arith.cmpf ogt, %in, %val : f32
    %j = arith.select %c, %bi, %idx : i32
    linalg.yield %m, %j : f32, i32
  } -> (tensor<2x1x3xf32>, tensor<2x1x3xi32>)
  return %r#1 : tensor<2x1x3xi32>
}

func.func @main() {
  %c5 = arith.constant 5 : index
  %c300 = arith.constant 300 : index
  %e5 = tensor.empty(%c5) : tensor<2x?x3xf32>
  %x5d = func.call @make(%e5) : (tensor<2x?x3xf32>) -> tensor<2x?x3xf32>
  %x5 = tensor.cast %x5d : tensor<2x?x3xf32> to tensor<2x5x3xf32>
  %e300 = tensor.empty(%c300) : tensor<2x?x3xf32>
  %x300d = func.call @make(%e300) : (tensor<2x?x3xf32>) -> tensor<2x?x3xf32>
  %x300 = tensor.cast %x300d : tensor<2x?x3xf32> to tensor<2x300x3xf32>
  %m = func.call @max_keep(%x5) : (tensor<2x5x3xf32>) -> tensor<2x1x3xf32>
  %mu = tensor.cast %m : tensor<2x1x3xf32> to tensor<*xf32>
  func.call @printMemrefF32(%mu) : (tensor<*xf32>) -> ()
  %s = func.call @sum_keep(%x300) : (tensor<2x300x3xf32>) -> tensor<2x1x3xf32>
  %su = tensor.cast %s : tensor<2x1x3xf32> to tensor<*xf32>
  func.call @printMemrefF32(%su) : (tensor<*xf32>) -> ()
  %a = func.call @argmax_keep(%x5) : (tensor<2x5x3xf32>) -> tensor<2x1x3xi32>
  %au = tensor.cast %a : tensor<2x1x3xi32> to tensor<*xi32>
  func.call @printMemrefI32(%au) : (tensor<*xi32>) -> ()
  return
}
