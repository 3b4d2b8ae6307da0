// 2-D convolution, NHWC input, HWCF filter, stride 1, no padding:
// out[n, oh, ow, f] = sum_{kh, kw, c} in[n, oh + kh, ow + kw, c] * w[kh, kw, c, f].
func.func @conv2d(%in: tensor<?x?x?x?xf32>, %w: tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
    attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %in, %c0 : tensor<?x?x?x?xf32>
  %h = tensor.dim %in, %c1 : tensor<?x?x?x?xf32>
  %wd = tensor.dim %in, %c2 : tensor<?x?x?x?xf32>
  %kh = tensor.dim %w, %c0 : tensor<?x?x?x?xf32>
  %kw = tensor.dim %w, %c1 : tensor<?x?x?x?xf32>
  %f = tensor.dim %w, %c3 : tensor<?x?x?x?xf32>
  %h1 = arith.subi %h, %kh : index
  %oh = arith.addi %h1, %c1 : index
  %w1 = arith.subi %wd, %kw : index
  %ow = arith.addi %w1, %c1 : index
  %init = tensor.empty(%n, %oh, %ow, %f) : tensor<?x?x?x?xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%init : tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  %r = linalg.conv_2d_nhwc_hwcf
      {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in, %w : tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>)
      outs(%acc : tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  return %r : tensor<?x?x?x?xf32>
}
