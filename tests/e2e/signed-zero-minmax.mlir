// arith.maximumf/minimumf order -0 below +0 and propagate NaN on the GPU
// as on the host (exact-float-min-max): elementwise on the four sign pairs
// of zeros and with NaN, and as reductions over 70001 zeros of both signs
// (+0 first, -0 where k mod 3 == 1; workgroup reductions with vector
// steps). The GPU build (--offload=gpu, on Vulkan) prints exactly what
// the host build prints.
// RUN: imexc %s --emit=exe -o %t.host && %t.host | sed 's/base@ = 0x[0-9a-f]*//' > %t.host.txt
// RUN: FileCheck %s < %t.host.txt
// RUN: %if vulkan %{ imexc %s --offload=gpu --emit=exe -o %t.gpu && %t.gpu | sed 's/base@ = 0x[0-9a-f]*//' > %t.gpu.txt && diff %t.host.txt %t.gpu.txt %}
// Pairs (a, b): (+0, +0), (+0, -0), (-0, +0), (-0, -0), (1, NaN), (NaN, 1):
// CHECK: [0,  0,  0,  -0,  nan,  nan]
// CHECK: [0,  -0,  -0,  -0,  nan,  nan]
// Max and min over the zeros:
// CHECK: [0]
// CHECK: [-0]

func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @pairs(%a: tensor<6xf32>, %b: tensor<6xf32>) -> (tensor<6xf32>, tensor<6xf32>) {
  %e = tensor.empty() : tensor<6xf32>
  %r:2 = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                         iterator_types = ["parallel"]}
      ins(%a, %b : tensor<6xf32>, tensor<6xf32>) outs(%e, %e : tensor<6xf32>, tensor<6xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32, %p: f32):
    %max = arith.maximumf %x, %y : f32
    %min = arith.minimumf %x, %y : f32
    linalg.yield %max, %min : f32, f32
  } -> (tensor<6xf32>, tensor<6xf32>)
  return %r#0, %r#1 : tensor<6xf32>, tensor<6xf32>
}

func.func @extremes(%x: tensor<70001xf32>) -> (tensor<f32>, tensor<f32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %inf = arith.constant 0x7F800000 : f32
  %e = tensor.empty() : tensor<f32>
  %lo = linalg.fill ins(%ninf : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %hi = linalg.fill ins(%inf : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %max = linalg.reduce ins(%x : tensor<70001xf32>) outs(%lo : tensor<f32>) dimensions = [0]
    (%v: f32, %acc: f32) {
      %m = arith.maximumf %v, %acc : f32
      linalg.yield %m : f32
    }
  %min = linalg.reduce ins(%x : tensor<70001xf32>) outs(%hi : tensor<f32>) dimensions = [0]
    (%v: f32, %acc: f32) {
      %m = arith.minimumf %v, %acc : f32
      linalg.yield %m : f32
    }
  return %max, %min : tensor<f32>, tensor<f32>
}

func.func @main() {
  %a = arith.constant dense<[0.0, 0.0, -0.0, -0.0, 1.0, 0x7FC00000]> : tensor<6xf32>
  %b = arith.constant dense<[0.0, -0.0, 0.0, -0.0, 0x7FC00000, 1.0]> : tensor<6xf32>
  %r:2 = func.call @pairs(%a, %b) : (tensor<6xf32>, tensor<6xf32>) -> (tensor<6xf32>, tensor<6xf32>)
  %ru = tensor.cast %r#0 : tensor<6xf32> to tensor<*xf32>
  %su = tensor.cast %r#1 : tensor<6xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ru) : (tensor<*xf32>) -> ()
  func.call @printMemrefF32(%su) : (tensor<*xf32>) -> ()

  %e = tensor.empty() : tensor<70001xf32>
  %c3 = arith.constant 3 : index
  %c1 = arith.constant 1 : index
  %pz = arith.constant 0.0 : f32
  %nz = arith.constant -0.0 : f32
  %zeros = linalg.generic {indexing_maps = [affine_map<(k) -> (k)>], iterator_types = ["parallel"]}
      outs(%e : tensor<70001xf32>) {
  ^bb0(%o: f32):
    %k = linalg.index 0 : index
    %m = arith.remui %k, %c3 : index
    %one = arith.cmpi eq, %m, %c1 : index
    %z = arith.select %one, %nz, %pz : f32
    linalg.yield %z : f32
  } -> tensor<70001xf32>
  %x:2 = func.call @extremes(%zeros) : (tensor<70001xf32>) -> (tensor<f32>, tensor<f32>)
  %xu = tensor.cast %x#0 : tensor<f32> to tensor<*xf32>
  %nu = tensor.cast %x#1 : tensor<f32> to tensor<*xf32>
  func.call @printMemrefF32(%xu) : (tensor<*xf32>) -> ()
  func.call @printMemrefF32(%nu) : (tensor<*xf32>) -> ()
  return
}
