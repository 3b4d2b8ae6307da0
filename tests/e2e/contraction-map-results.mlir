// A contraction by inferContractionDims whose first input is indexed by
// n mod 2 as well as m and k, a map result that is not a plain loop
// dimension. It must not become a tiled GPU contraction, which stages the
// first input at n = 0; on the GPU it must give the host's numbers.
// RUN: imexc %s --emit=exe -o %t.host && %t.host | FileCheck %s
// RUN: %if vulkan %{ imexc %s --offload=gpu --emit=exe -o %t.gpu && %t.gpu | FileCheck %s %}
// CHECK: {{\[}}[1,   10,   1,   10]]

func.func private @printMemrefF32(tensor<*xf32>)

// r[m, n] = sum_k a[m, k, n mod 2] * b[k, n]
func.func @reads_n(%a: tensor<1x1x2xf32>, %b: tensor<1x4xf32>) -> tensor<1x4xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x4xf32>
  %c = linalg.fill ins(%z : f32) outs(%e : tensor<1x4xf32>) -> tensor<1x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k, n mod 2)>,
                                        affine_map<(m, n, k) -> (k, n)>,
                                        affine_map<(m, n, k) -> (m, n)>],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<1x1x2xf32>, tensor<1x4xf32>) outs(%c : tensor<1x4xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<1x4xf32>
  return %r : tensor<1x4xf32>
}

func.func @main() {
  %a = arith.constant dense<[[[1.0, 10.0]]]> : tensor<1x1x2xf32>
  %b = arith.constant dense<[[1.0, 1.0, 1.0, 1.0]]> : tensor<1x4xf32>
  %r = call @reads_n(%a, %b) : (tensor<1x1x2xf32>, tensor<1x4xf32>) -> tensor<1x4xf32>
  %u = tensor.cast %r : tensor<1x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
