// Every floating-point math op on f32, on the host (LLVM intrinsics or the
// C library's functions) and on the GPU (the SPIR-V extended instructions,
// or expansions of the ops a flavour lacks: erfc, cbrt, trunc, and for
// Vulkan atan2, erf, and asin and acos, whose GLSL instructions may be off
// by 4e-4 (lavapipe's are)), against NumPy's values. Printed values are
// matched to 4 significant digits, as a device's instructions may differ
// in the last ones.
// RUN: imexc %s --emit=exe -o %t.host && %t.host | FileCheck %s
// RUN: %if vulkan %{ %gpu-env %s | imexc - --emit=exe -o %t.gpu && %t.gpu | FileCheck %s %}
// Both flavours compile every kernel:
// RUN: %gpu-env %s | imexc - --emit=mlir | FileCheck %s --check-prefix=KERNEL
// KERNEL: llvm.call @gpuLaunchKernel

#env = #ndarray.envs<"host">
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})
#id = affine_map<(d0) -> (d0)>

func.func @group0(%xs: tensor<4xf32, #env>, %ws: tensor<4xf32, #env>) -> (tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>) {
  %e0 = tensor.empty() : tensor<4xf32, #env>
  %e1 = tensor.empty() : tensor<4xf32, #env>
  %e2 = tensor.empty() : tensor<4xf32, #env>
  %e3 = tensor.empty() : tensor<4xf32, #env>
  %e4 = tensor.empty() : tensor<4xf32, #env>
  %e5 = tensor.empty() : tensor<4xf32, #env>
  %e6 = tensor.empty() : tensor<4xf32, #env>
  %e7 = tensor.empty() : tensor<4xf32, #env>
  %e8 = tensor.empty() : tensor<4xf32, #env>
  %r:9 = linalg.generic {indexing_maps = [#id, #id, #id, #id, #id, #id, #id, #id, #id, #id, #id], iterator_types = ["parallel"]}
      ins(%xs, %ws : tensor<4xf32, #env>, tensor<4xf32, #env>) outs(%e0, %e1, %e2, %e3, %e4, %e5, %e6, %e7, %e8 : tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>) {
  ^bb0(%x: f32, %w: f32, %o0: f32, %o1: f32, %o2: f32, %o3: f32, %o4: f32, %o5: f32, %o6: f32, %o7: f32, %o8: f32):
    %one = arith.constant 1.0 : f32
    %five = arith.constant 5.0 : f32
    %two = arith.constant 2.0 : f32
    %inv = arith.divf %one, %x : f32
    %x5 = arith.mulf %x, %five : f32
    %r = arith.subf %x5, %two : f32
    %v0 = math.absf %w : f32
    %v1 = math.acos %x : f32
    %v2 = math.acosh %inv : f32
    %v3 = math.asin %x : f32
    %v4 = math.asinh %x : f32
    %v5 = math.atan %x : f32
    %v6 = math.atanh %x : f32
    %v7 = math.cbrt %w : f32
    %v8 = math.ceil %r : f32
    linalg.yield %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8 : f32, f32, f32, f32, f32, f32, f32, f32, f32
  } -> (tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>)
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#7, %r#8 : tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>
}

func.func @group1(%xs: tensor<4xf32, #env>, %ws: tensor<4xf32, #env>) -> (tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>) {
  %e0 = tensor.empty() : tensor<4xf32, #env>
  %e1 = tensor.empty() : tensor<4xf32, #env>
  %e2 = tensor.empty() : tensor<4xf32, #env>
  %e3 = tensor.empty() : tensor<4xf32, #env>
  %e4 = tensor.empty() : tensor<4xf32, #env>
  %e5 = tensor.empty() : tensor<4xf32, #env>
  %e6 = tensor.empty() : tensor<4xf32, #env>
  %e7 = tensor.empty() : tensor<4xf32, #env>
  %e8 = tensor.empty() : tensor<4xf32, #env>
  %r:9 = linalg.generic {indexing_maps = [#id, #id, #id, #id, #id, #id, #id, #id, #id, #id, #id], iterator_types = ["parallel"]}
      ins(%xs, %ws : tensor<4xf32, #env>, tensor<4xf32, #env>) outs(%e0, %e1, %e2, %e3, %e4, %e5, %e6, %e7, %e8 : tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>) {
  ^bb0(%x: f32, %w: f32, %o0: f32, %o1: f32, %o2: f32, %o3: f32, %o4: f32, %o5: f32, %o6: f32, %o7: f32, %o8: f32):
    %one = arith.constant 1.0 : f32
    %five = arith.constant 5.0 : f32
    %two = arith.constant 2.0 : f32
    %inv = arith.divf %one, %x : f32
    %x5 = arith.mulf %x, %five : f32
    %r = arith.subf %x5, %two : f32
    %v0 = math.cos %x : f32
    %v1 = math.cosh %x : f32
    %v2 = math.erf %x : f32
    %v3 = math.erfc %x : f32
    %v4 = math.exp %x : f32
    %v5 = math.exp2 %x : f32
    %v6 = math.expm1 %x : f32
    %v7 = math.floor %r : f32
    %v8 = math.log %x : f32
    linalg.yield %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8 : f32, f32, f32, f32, f32, f32, f32, f32, f32
  } -> (tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>)
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#7, %r#8 : tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>
}

func.func @group2(%xs: tensor<4xf32, #env>, %ws: tensor<4xf32, #env>) -> (tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>) {
  %e0 = tensor.empty() : tensor<4xf32, #env>
  %e1 = tensor.empty() : tensor<4xf32, #env>
  %e2 = tensor.empty() : tensor<4xf32, #env>
  %e3 = tensor.empty() : tensor<4xf32, #env>
  %e4 = tensor.empty() : tensor<4xf32, #env>
  %e5 = tensor.empty() : tensor<4xf32, #env>
  %e6 = tensor.empty() : tensor<4xf32, #env>
  %e7 = tensor.empty() : tensor<4xf32, #env>
  %e8 = tensor.empty() : tensor<4xf32, #env>
  %r:9 = linalg.generic {indexing_maps = [#id, #id, #id, #id, #id, #id, #id, #id, #id, #id, #id], iterator_types = ["parallel"]}
      ins(%xs, %ws : tensor<4xf32, #env>, tensor<4xf32, #env>) outs(%e0, %e1, %e2, %e3, %e4, %e5, %e6, %e7, %e8 : tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>) {
  ^bb0(%x: f32, %w: f32, %o0: f32, %o1: f32, %o2: f32, %o3: f32, %o4: f32, %o5: f32, %o6: f32, %o7: f32, %o8: f32):
    %one = arith.constant 1.0 : f32
    %five = arith.constant 5.0 : f32
    %two = arith.constant 2.0 : f32
    %inv = arith.divf %one, %x : f32
    %x5 = arith.mulf %x, %five : f32
    %r = arith.subf %x5, %two : f32
    %v0 = math.log10 %x : f32
    %v1 = math.log1p %x : f32
    %v2 = math.log2 %x : f32
    %v3 = math.round %r : f32
    %v4 = math.roundeven %r : f32
    %v5 = math.rsqrt %x : f32
    %v6 = math.sin %x : f32
    %v7 = math.sinh %x : f32
    %v8 = math.sqrt %x : f32
    linalg.yield %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8 : f32, f32, f32, f32, f32, f32, f32, f32, f32
  } -> (tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>)
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#7, %r#8 : tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>
}

func.func @group3(%xs: tensor<4xf32, #env>, %ws: tensor<4xf32, #env>) -> (tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>) {
  %e0 = tensor.empty() : tensor<4xf32, #env>
  %e1 = tensor.empty() : tensor<4xf32, #env>
  %e2 = tensor.empty() : tensor<4xf32, #env>
  %e3 = tensor.empty() : tensor<4xf32, #env>
  %e4 = tensor.empty() : tensor<4xf32, #env>
  %e5 = tensor.empty() : tensor<4xf32, #env>
  %e6 = tensor.empty() : tensor<4xf32, #env>
  %r:7 = linalg.generic {indexing_maps = [#id, #id, #id, #id, #id, #id, #id, #id, #id], iterator_types = ["parallel"]}
      ins(%xs, %ws : tensor<4xf32, #env>, tensor<4xf32, #env>) outs(%e0, %e1, %e2, %e3, %e4, %e5, %e6 : tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>) {
  ^bb0(%x: f32, %w: f32, %o0: f32, %o1: f32, %o2: f32, %o3: f32, %o4: f32, %o5: f32, %o6: f32):
    %one = arith.constant 1.0 : f32
    %five = arith.constant 5.0 : f32
    %two = arith.constant 2.0 : f32
    %inv = arith.divf %one, %x : f32
    %x5 = arith.mulf %x, %five : f32
    %r = arith.subf %x5, %two : f32
    %v0 = math.tan %x : f32
    %v1 = math.tanh %x : f32
    %v2 = math.trunc %r : f32
    %v3 = math.atan2 %x, %w : f32
    %v4 = math.copysign %x, %w : f32
    %v5 = math.powf %x, %w : f32
    %v6 = math.fma %x, %w, %x : f32
    linalg.yield %v0, %v1, %v2, %v3, %v4, %v5, %v6 : f32, f32, f32, f32, f32, f32, f32
  } -> (tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>)
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6 : tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>
}

func.func @main() {
  %x = arith.constant dense<[0.25, 0.5, 0.75, 0.9]> : tensor<4xf32>
  %w = arith.constant dense<[-0.5, 2.0, -3.0, 0.0]> : tensor<4xf32>
  %xg = ndarray.copy %x : tensor<4xf32> -> tensor<4xf32, #env>
  %wg = ndarray.copy %w : tensor<4xf32> -> tensor<4xf32, #env>
  %g0:9 = call @group0(%xg, %wg) : (tensor<4xf32, #env>, tensor<4xf32, #env>) -> (tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>)
  // CHECK-LABEL: data =
  // CHECK-NEXT: [0.5, 2, 3, 0]
  %h0_0 = ndarray.copy %g0#0 : tensor<4xf32, #env> -> tensor<4xf32>
  %u0_0 = tensor.cast %h0_0 : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%u0_0) : (tensor<*xf32>) -> ()  // math.absf
  // CHECK-LABEL: data =
  // CHECK-NEXT: [1.318{{[0-9]*}}, 1.047{{[0-9]*}}, 0.7227{{[0-9]*}}, 0.451{{[0-9]*}}]
  %h0_1 = ndarray.copy %g0#1 : tensor<4xf32, #env> -> tensor<4xf32>
  %u0_1 = tensor.cast %h0_1 : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%u0_1) : (tensor<*xf32>) -> ()  // math.acos
  // CHECK-LABEL: data =
  // CHECK-NEXT: [2.063{{[0-9]*}}, 1.316{{[0-9]*}}, 0.7953{{[0-9]*}}, 0.4671{{[0-9]*}}]
  %h0_2 = ndarray.copy %g0#2 : tensor<4xf32, #env> -> tensor<4xf32>
  %u0_2 = tensor.cast %h0_2 : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%u0_2) : (tensor<*xf32>) -> ()  // math.acosh
  // CHECK-LABEL: data =
  // CHECK-NEXT: [0.2526{{[0-9]*}}, 0.5235{{[0-9]*}}, 0.848{{[0-9]*}}, 1.119{{[0-9]*}}]
  %h0_3 = ndarray.copy %g0#3 : tensor<4xf32, #env> -> tensor<4xf32>
  %u0_3 = tensor.cast %h0_3 : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%u0_3) : (tensor<*xf32>) -> ()  // math.asin
  // CHECK-LABEL: data =
  // CHECK-NEXT: [0.2474{{[0-9]*}}, 0.4812{{[0-9]*}}, 0.6931{{[0-9]*}}, 0.8088{{[0-9]*}}]
  %h0_4 = ndarray.copy %g0#4 : tensor<4xf32, #env> -> tensor<4xf32>
  %u0_4 = tensor.cast %h0_4 : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%u0_4) : (tensor<*xf32>) -> ()  // math.asinh
  // CHECK-LABEL: data =
  // CHECK-NEXT: [0.2449{{[0-9]*}}, 0.4636{{[0-9]*}}, 0.6435{{[0-9]*}}, 0.7328{{[0-9]*}}]
  %h0_5 = ndarray.copy %g0#5 : tensor<4xf32, #env> -> tensor<4xf32>
  %u0_5 = tensor.cast %h0_5 : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%u0_5) : (tensor<*xf32>) -> ()  // math.atan
  // CHECK-LABEL: data =
  // CHECK-NEXT: [0.2554{{[0-9]*}}, 0.5493{{[0-9]*}}, 0.9729{{[0-9]*}}, 1.472{{[0-9]*}}]
  %h0_6 = ndarray.copy %g0#6 : tensor<4xf32, #env> -> tensor<4xf32>
  %u0_6 = tensor.cast %h0_6 : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%u0_6) : (tensor<*xf32>) -> ()  // math.atanh
  // CHECK-LABEL: data =
  // CHECK-NEXT: [-0.7937{{[0-9]*}}, 1.259{{[0-9]*}}, -1.442{{[0-9]*}}, 0]
  %h0_7 = ndarray.copy %g0#7 : tensor<4xf32, #env> -> tensor<4xf32>
  %u0_7 = tensor.cast %h0_7 : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%u0_7) : (tensor<*xf32>) -> ()  // math.cbrt
  // CHECK-LABEL: data =
  // CHECK-NEXT: [-0, 1, 2, 3]
  %h0_8 = ndarray.copy %g0#8 : tensor<4xf32, #env> -> tensor<4xf32>
  %u0_8 = tensor.cast %h0_8 : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%u0_8) : (tensor<*xf32>) -> ()  // math.ceil
  %g1:9 = call @group1(%xg, %wg) : (tensor<4xf32, #env>, tensor<4xf32, #env>) -> (tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>)
  // CHECK-LABEL: data =
  // CHECK-NEXT: [0.9689{{[0-9]*}}, 0.8775{{[0-9]*}}, 0.7316{{[0-9]*}}, 0.6216{{[0-9]*}}]
  %h1_0 = ndarray.copy %g1#0 : tensor<4xf32, #env> -> tensor<4xf32>
  %u1_0 = tensor.cast %h1_0 : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%u1_0) : (tensor<*xf32>) -> ()  // math.cos
  // CHECK-LABEL: data =
  // CHECK-NEXT: [1.031{{[0-9]*}}, 1.127{{[0-9]*}}, 1.294{{[0-9]*}}, 1.433{{[0-9]*}}]
  %h1_1 = ndarray.copy %g1#1 : tensor<4xf32, #env> -> tensor<4xf32>
  %u1_1 = tensor.cast %h1_1 : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%u1_1) : (tensor<*xf32>) -> ()  // math.cosh
  // CHECK-LABEL: data =
  // CHECK-NEXT: [0.2763{{[0-9]*}}, 0.5205, 0.7111{{[0-9]*}}, 0.7969{{[0-9]*}}]
  %h1_2 = ndarray.copy %g1#2 : tensor<4xf32, #env> -> tensor<4xf32>
  %u1_2 = tensor.cast %h1_2 : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%u1_2) : (tensor<*xf32>) -> ()  // math.erf
  // CHECK-LABEL: data =
  // CHECK-NEXT: [0.7236{{[0-9]*}}, 0.4795, 0.2888{{[0-9]*}}, 0.2030{{[0-9]*}}]
  %h1_3 = ndarray.copy %g1#3 : tensor<4xf32, #env> -> tensor<4xf32>
  %u1_3 = tensor.cast %h1_3 : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%u1_3) : (tensor<*xf32>) -> ()  // math.erfc
  // CHECK-LABEL: data =
  // CHECK-NEXT: [1.284{{[0-9]*}}, 1.648{{[0-9]*}}, 2.117, 2.459{{[0-9]*}}]
  %h1_4 = ndarray.copy %g1#4 : tensor<4xf32, #env> -> tensor<4xf32>
  %u1_4 = tensor.cast %h1_4 : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%u1_4) : (tensor<*xf32>) -> ()  // math.exp
  // CHECK-LABEL: data =
  // CHECK-NEXT: [1.189{{[0-9]*}}, 1.414{{[0-9]*}}, 1.681{{[0-9]*}}, 1.866{{[0-9]*}}]
  %h1_5 = ndarray.copy %g1#5 : tensor<4xf32, #env> -> tensor<4xf32>
  %u1_5 = tensor.cast %h1_5 : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%u1_5) : (tensor<*xf32>) -> ()  // math.exp2
  // CHECK-LABEL: data =
  // CHECK-NEXT: [0.2840{{[0-9]*}}, 0.6487{{[0-9]*}}, 1.117, 1.459{{[0-9]*}}]
  %h1_6 = ndarray.copy %g1#6 : tensor<4xf32, #env> -> tensor<4xf32>
  %u1_6 = tensor.cast %h1_6 : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%u1_6) : (tensor<*xf32>) -> ()  // math.expm1
  // CHECK-LABEL: data =
  // CHECK-NEXT: [-1, 0, 1, 2]
  %h1_7 = ndarray.copy %g1#7 : tensor<4xf32, #env> -> tensor<4xf32>
  %u1_7 = tensor.cast %h1_7 : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%u1_7) : (tensor<*xf32>) -> ()  // math.floor
  // CHECK-LABEL: data =
  // CHECK-NEXT: [-1.386{{[0-9]*}}, -0.6931{{[0-9]*}}, -0.2876{{[0-9]*}}, -0.1053{{[0-9]*}}]
  %h1_8 = ndarray.copy %g1#8 : tensor<4xf32, #env> -> tensor<4xf32>
  %u1_8 = tensor.cast %h1_8 : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%u1_8) : (tensor<*xf32>) -> ()  // math.log
  %g2:9 = call @group2(%xg, %wg) : (tensor<4xf32, #env>, tensor<4xf32, #env>) -> (tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>)
  // CHECK-LABEL: data =
  // CHECK-NEXT: [-0.6020{{[0-9]*}}, -0.3010{{[0-9]*}}, -0.1249{{[0-9]*}}, -0.04575{{[0-9]*}}]
  %h2_0 = ndarray.copy %g2#0 : tensor<4xf32, #env> -> tensor<4xf32>
  %u2_0 = tensor.cast %h2_0 : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%u2_0) : (tensor<*xf32>) -> ()  // math.log10
  // CHECK-LABEL: data =
  // CHECK-NEXT: [0.2231{{[0-9]*}}, 0.4054{{[0-9]*}}, 0.5596{{[0-9]*}}, 0.6418{{[0-9]*}}]
  %h2_1 = ndarray.copy %g2#1 : tensor<4xf32, #env> -> tensor<4xf32>
  %u2_1 = tensor.cast %h2_1 : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%u2_1) : (tensor<*xf32>) -> ()  // math.log1p
  // CHECK-LABEL: data =
  // CHECK-NEXT: [-2, -1, -0.4150{{[0-9]*}}, -0.1520{{[0-9]*}}]
  %h2_2 = ndarray.copy %g2#2 : tensor<4xf32, #env> -> tensor<4xf32>
  %u2_2 = tensor.cast %h2_2 : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%u2_2) : (tensor<*xf32>) -> ()  // math.log2
  // CHECK-LABEL: data =
  // CHECK-NEXT: [-1, 1, 2, 3]
  %h2_3 = ndarray.copy %g2#3 : tensor<4xf32, #env> -> tensor<4xf32>
  %u2_3 = tensor.cast %h2_3 : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%u2_3) : (tensor<*xf32>) -> ()  // math.round
  // CHECK-LABEL: data =
  // CHECK-NEXT: [-1, 0, 2, 2]
  %h2_4 = ndarray.copy %g2#4 : tensor<4xf32, #env> -> tensor<4xf32>
  %u2_4 = tensor.cast %h2_4 : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%u2_4) : (tensor<*xf32>) -> ()  // math.roundeven
  // CHECK-LABEL: data =
  // CHECK-NEXT: [2, 1.414{{[0-9]*}}, 1.154{{[0-9]*}}, 1.054{{[0-9]*}}]
  %h2_5 = ndarray.copy %g2#5 : tensor<4xf32, #env> -> tensor<4xf32>
  %u2_5 = tensor.cast %h2_5 : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%u2_5) : (tensor<*xf32>) -> ()  // math.rsqrt
  // CHECK-LABEL: data =
  // CHECK-NEXT: [0.2474{{[0-9]*}}, 0.4794{{[0-9]*}}, 0.6816{{[0-9]*}}, 0.7833{{[0-9]*}}]
  %h2_6 = ndarray.copy %g2#6 : tensor<4xf32, #env> -> tensor<4xf32>
  %u2_6 = tensor.cast %h2_6 : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%u2_6) : (tensor<*xf32>) -> ()  // math.sin
  // CHECK-LABEL: data =
  // CHECK-NEXT: [0.2526{{[0-9]*}}, 0.5210{{[0-9]*}}, 0.8223{{[0-9]*}}, 1.026{{[0-9]*}}]
  %h2_7 = ndarray.copy %g2#7 : tensor<4xf32, #env> -> tensor<4xf32>
  %u2_7 = tensor.cast %h2_7 : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%u2_7) : (tensor<*xf32>) -> ()  // math.sinh
  // CHECK-LABEL: data =
  // CHECK-NEXT: [0.5, 0.7071{{[0-9]*}}, 0.8660{{[0-9]*}}, 0.9486{{[0-9]*}}]
  %h2_8 = ndarray.copy %g2#8 : tensor<4xf32, #env> -> tensor<4xf32>
  %u2_8 = tensor.cast %h2_8 : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%u2_8) : (tensor<*xf32>) -> ()  // math.sqrt
  %g3:7 = call @group3(%xg, %wg) : (tensor<4xf32, #env>, tensor<4xf32, #env>) -> (tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>, tensor<4xf32, #env>)
  // CHECK-LABEL: data =
  // CHECK-NEXT: [0.2553{{[0-9]*}}, 0.5463{{[0-9]*}}, 0.9315{{[0-9]*}}, 1.260{{[0-9]*}}]
  %h3_0 = ndarray.copy %g3#0 : tensor<4xf32, #env> -> tensor<4xf32>
  %u3_0 = tensor.cast %h3_0 : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%u3_0) : (tensor<*xf32>) -> ()  // math.tan
  // CHECK-LABEL: data =
  // CHECK-NEXT: [0.2449{{[0-9]*}}, 0.4621{{[0-9]*}}, 0.6351{{[0-9]*}}, 0.7162{{[0-9]*}}]
  %h3_1 = ndarray.copy %g3#1 : tensor<4xf32, #env> -> tensor<4xf32>
  %u3_1 = tensor.cast %h3_1 : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%u3_1) : (tensor<*xf32>) -> ()  // math.tanh
  // CHECK-LABEL: data =
  // CHECK-NEXT: [-0, 0, 1, 2]
  %h3_2 = ndarray.copy %g3#2 : tensor<4xf32, #env> -> tensor<4xf32>
  %u3_2 = tensor.cast %h3_2 : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%u3_2) : (tensor<*xf32>) -> ()  // math.trunc
  // CHECK-LABEL: data =
  // CHECK-NEXT: [2.677{{[0-9]*}}, 0.2449{{[0-9]*}}, 2.896{{[0-9]*}}, 1.570{{[0-9]*}}]
  %h3_3 = ndarray.copy %g3#3 : tensor<4xf32, #env> -> tensor<4xf32>
  %u3_3 = tensor.cast %h3_3 : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%u3_3) : (tensor<*xf32>) -> ()  // math.atan2
  // CHECK-LABEL: data =
  // CHECK-NEXT: [-0.25, 0.5, -0.75, 0.9]
  %h3_4 = ndarray.copy %g3#4 : tensor<4xf32, #env> -> tensor<4xf32>
  %u3_4 = tensor.cast %h3_4 : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%u3_4) : (tensor<*xf32>) -> ()  // math.copysign
  // CHECK-LABEL: data =
  // CHECK-NEXT: [2, 0.25, 2.370{{[0-9]*}}, 1]
  %h3_5 = ndarray.copy %g3#5 : tensor<4xf32, #env> -> tensor<4xf32>
  %u3_5 = tensor.cast %h3_5 : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%u3_5) : (tensor<*xf32>) -> ()  // math.powf
  // CHECK-LABEL: data =
  // CHECK-NEXT: [0.125, 1.5, -1.5, 0.9]
  %h3_6 = ndarray.copy %g3#6 : tensor<4xf32, #env> -> tensor<4xf32>
  %u3_6 = tensor.cast %h3_6 : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%u3_6) : (tensor<*xf32>) -> ()  // math.fma
  return
}
