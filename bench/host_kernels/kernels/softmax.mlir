// Softmax of each row: e = exp(x - max_j x), y = e / sum_j e.
func.func @softmax(%x: tensor<?x?xf32>) -> tensor<?x?xf32> attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %m = tensor.dim %x, %c0 : tensor<?x?xf32>
  %n = tensor.dim %x, %c1 : tensor<?x?xf32>
  %rinit = tensor.empty(%m) : tensor<?xf32>
  %maxinit = linalg.fill ins(%ninf : f32) outs(%rinit : tensor<?xf32>) -> tensor<?xf32>
  %max = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<?x?xf32>) outs(%maxinit : tensor<?xf32>) {
  ^bb0(%v: f32, %a: f32):
    %r = arith.maximumf %v, %a : f32
    linalg.yield %r : f32
  } -> tensor<?xf32>
  %einit = tensor.empty(%m, %n) : tensor<?x?xf32>
  %e = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>,
                       affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%x, %max : tensor<?x?xf32>, tensor<?xf32>) outs(%einit : tensor<?x?xf32>) {
  ^bb0(%v: f32, %mx: f32, %o: f32):
    %d = arith.subf %v, %mx : f32
    %r = math.exp %d : f32
    linalg.yield %r : f32
  } -> tensor<?x?xf32>
  %suminit = linalg.fill ins(%zero : f32) outs(%rinit : tensor<?xf32>) -> tensor<?xf32>
  %sum = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%e : tensor<?x?xf32>) outs(%suminit : tensor<?xf32>) {
  ^bb0(%v: f32, %a: f32):
    %r = arith.addf %v, %a : f32
    linalg.yield %r : f32
  } -> tensor<?xf32>
  %yinit = tensor.empty(%m, %n) : tensor<?x?xf32>
  %y = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>,
                       affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%e, %sum : tensor<?x?xf32>, tensor<?xf32>) outs(%yinit : tensor<?x?xf32>) {
  ^bb0(%v: f32, %s: f32, %o: f32):
    %r = arith.divf %v, %s : f32
    linalg.yield %r : f32
  } -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
