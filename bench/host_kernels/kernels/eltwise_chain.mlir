// Five elementwise ops, each its own linalg.generic with its own result
// (fusing them is the compiler's job): t1 = x * 0.5, t2 = t1 + y,
// t3 = max(t2, 0), t4 = t3 * t3, out = t4 - x.
func.func @eltwise_chain(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32>
    attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %half = arith.constant 0.5 : f32
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %e1 = tensor.empty(%n) : tensor<?xf32>
  %t1 = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      ins(%x : tensor<?xf32>) outs(%e1 : tensor<?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.mulf %a, %half : f32
    linalg.yield %r : f32
  } -> tensor<?xf32>
  %e2 = tensor.empty(%n) : tensor<?xf32>
  %t2 = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      ins(%t1, %y : tensor<?xf32>, tensor<?xf32>) outs(%e2 : tensor<?xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %r = arith.addf %a, %b : f32
    linalg.yield %r : f32
  } -> tensor<?xf32>
  %e3 = tensor.empty(%n) : tensor<?xf32>
  %t3 = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      ins(%t2 : tensor<?xf32>) outs(%e3 : tensor<?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.maximumf %a, %zero : f32
    linalg.yield %r : f32
  } -> tensor<?xf32>
  %e4 = tensor.empty(%n) : tensor<?xf32>
  %t4 = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      ins(%t3 : tensor<?xf32>) outs(%e4 : tensor<?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.mulf %a, %a : f32
    linalg.yield %r : f32
  } -> tensor<?xf32>
  %e5 = tensor.empty(%n) : tensor<?xf32>
  %t5 = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      ins(%t4, %x : tensor<?xf32>, tensor<?xf32>) outs(%e5 : tensor<?xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %r = arith.subf %a, %b : f32
    linalg.yield %r : f32
  } -> tensor<?xf32>
  return %t5 : tensor<?xf32>
}
