// math.atan2 at the edges IEEE defines: signed zeros (±0 and ±pi at the
// origin), -0 with x < 0, both infinite (the diagonals), NaN, and x = 0.
// The host calls the C library's atan2f; Vulkan kernels use imexc's
// expansion (GLSL.std.450's Atan2 is not used), which must agree.
// RUN: imexc %s --emit=exe -o %t.host && %t.host | FileCheck %s
// RUN: %if vulkan %{ %gpu-env %s | imexc - --gpu-runtime=vulkan --emit=exe -o %t.gpu && %t.gpu | FileCheck %s %}
// CHECK: [3.141{{[0-9]*}},  -3.141{{[0-9]*}},  -3.141{{[0-9]*}},  0.7853{{[0-9]*}},  -2.356{{[0-9]*}},  nan,  1.570{{[0-9]*}},  -0]

#env = #ndarray.envs<"host">
#id = affine_map<(d0) -> (d0)>
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @angles(%y: tensor<8xf32, #env>, %x: tensor<8xf32, #env>) -> tensor<8xf32, #env> {
  %e = tensor.empty() : tensor<8xf32, #env>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%y, %x : tensor<8xf32, #env>, tensor<8xf32, #env>) outs(%e : tensor<8xf32, #env>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %v = math.atan2 %a, %b : f32
    linalg.yield %v : f32
  } -> tensor<8xf32, #env>
  return %r : tensor<8xf32, #env>
}

func.func @main() {
  %inf = arith.constant 0x7F800000 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %nan = arith.constant 0x7FC00000 : f32
  %y = arith.constant dense<[0.0, -0.0, -0.0, 1.0, -1.0, 1.0, 1.0, -0.0]> : tensor<8xf32>
  %x = arith.constant dense<[-0.0, -0.0, -1.0, 1.0, -1.0, 1.0, 0.0, 0.0]> : tensor<8xf32>
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %y1 = tensor.insert %inf into %y[%c3] : tensor<8xf32>
  %x1 = tensor.insert %inf into %x[%c3] : tensor<8xf32>
  %y2 = tensor.insert %ninf into %y1[%c4] : tensor<8xf32>
  %x2 = tensor.insert %ninf into %x1[%c4] : tensor<8xf32>
  %y3 = tensor.insert %nan into %y2[%c5] : tensor<8xf32>
  %gy = ndarray.copy %y3 : tensor<8xf32> -> tensor<8xf32, #env>
  %gx = ndarray.copy %x2 : tensor<8xf32> -> tensor<8xf32, #env>
  %r = call @angles(%gy, %gx) : (tensor<8xf32, #env>, tensor<8xf32, #env>) -> tensor<8xf32, #env>
  %h = ndarray.copy %r : tensor<8xf32, #env> -> tensor<8xf32>
  %u = tensor.cast %h : tensor<8xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
