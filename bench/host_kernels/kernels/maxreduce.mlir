// Maximum of all elements of a 1-D f32 tensor.
func.func @maxreduce(%x: tensor<?xf32>) -> tensor<f32> attributes {llvm.emit_c_interface} {
  %ninf = arith.constant 0xFF800000 : f32
  %init = tensor.empty() : tensor<f32>
  %acc = linalg.fill ins(%ninf : f32) outs(%init : tensor<f32>) -> tensor<f32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> ()>],
      iterator_types = ["reduction"]}
      ins(%x : tensor<?xf32>) outs(%acc : tensor<f32>) {
  ^bb0(%v: f32, %a: f32):
    %m = arith.maximumf %v, %a : f32
    linalg.yield %m : f32
  } -> tensor<f32>
  return %r : tensor<f32>
}
