// Layer normalization of each row (no scale/shift):
// mean = sum_j x / n, var = sum_j (x - mean)^2 / n, y = (x - mean) / sqrt(var + eps).
func.func @layernorm(%x: tensor<?x?xf32>) -> tensor<?x?xf32> attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %eps = arith.constant 1.0e-5 : f32
  %m = tensor.dim %x, %c0 : tensor<?x?xf32>
  %n = tensor.dim %x, %c1 : tensor<?x?xf32>
  %ni = arith.index_cast %n : index to i64
  %nf = arith.sitofp %ni : i64 to f32
  %rinit = tensor.empty(%m) : tensor<?xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%rinit : tensor<?xf32>) -> tensor<?xf32>
  %sum = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<?x?xf32>) outs(%acc : tensor<?xf32>) {
  ^bb0(%v: f32, %a: f32):
    %r = arith.addf %v, %a : f32
    linalg.yield %r : f32
  } -> tensor<?xf32>
  %mean = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      ins(%sum : tensor<?xf32>) outs(%rinit : tensor<?xf32>) {
  ^bb0(%s: f32, %o: f32):
    %r = arith.divf %s, %nf : f32
    linalg.yield %r : f32
  } -> tensor<?xf32>
  %sq = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>,
                       affine_map<(i, j) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%x, %mean : tensor<?x?xf32>, tensor<?xf32>) outs(%acc : tensor<?xf32>) {
  ^bb0(%v: f32, %mu: f32, %a: f32):
    %d = arith.subf %v, %mu : f32
    %d2 = arith.mulf %d, %d : f32
    %r = arith.addf %d2, %a : f32
    linalg.yield %r : f32
  } -> tensor<?xf32>
  %rstd = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      ins(%sq : tensor<?xf32>) outs(%rinit : tensor<?xf32>) {
  ^bb0(%s: f32, %o: f32):
    %var = arith.divf %s, %nf : f32
    %ve = arith.addf %var, %eps : f32
    %sd = math.sqrt %ve : f32
    linalg.yield %sd : f32
  } -> tensor<?xf32>
  %yinit = tensor.empty(%m, %n) : tensor<?x?xf32>
  %y = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>,
                       affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%x, %mean, %rstd : tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32>)
      outs(%yinit : tensor<?x?xf32>) {
  ^bb0(%v: f32, %mu: f32, %sd: f32, %o: f32):
    %d = arith.subf %v, %mu : f32
    %r = arith.divf %d, %sd : f32
    linalg.yield %r : f32
  } -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
