// Column sums of a 2-D f32 tensor: r[j] = sum_i a[i, j].
func.func @colsum(%a: tensor<?x?xf32>) -> tensor<?xf32> attributes {llvm.emit_c_interface} {
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %a, %c1 : tensor<?x?xf32>
  %init = tensor.empty(%n) : tensor<?xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%init : tensor<?xf32>) -> tensor<?xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>],
      iterator_types = ["reduction", "parallel"]}
      ins(%a : tensor<?x?xf32>) outs(%acc : tensor<?xf32>) {
  ^bb0(%v: f32, %s: f32):
    %t = arith.addf %v, %s : f32
    linalg.yield %t : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}
