// STREAM triad a = b + s * c on 1-D f32 tensors.
func.func @triad(%b: tensor<?xf32>, %c: tensor<?xf32>, %s: f32) -> tensor<?xf32>
    attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %b, %c0 : tensor<?xf32>
  %init = tensor.empty(%n) : tensor<?xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      ins(%b, %c : tensor<?xf32>, tensor<?xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.mulf %s, %y : f32
    %a = arith.addf %x, %m : f32
    linalg.yield %a : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}
