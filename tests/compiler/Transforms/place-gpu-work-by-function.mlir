// RUN: imex-opt %s -split-input-file -place-gpu-work-by-function | FileCheck %s

// GPU-placed tensors in a distributed program: partitioning would drop
// their encodings where it builds tensors, so the function's work is
// offloaded as a whole instead (imexc.offload_device), and its types lose
// the encodings. So do the callers' (calls must agree).
// CHECK-LABEL: func.func @gpu_placed(
// CHECK-SAME:    %{{.*}}: tensor<4xf32>) -> tensor<4xf32>
// CHECK-SAME:    imexc.offload_device = #region.gpu_env<device = "XeGPU">
// CHECK-NOT:     #region.gpu_env
// CHECK-LABEL: func.func @caller(
// CHECK-SAME:    imexc.offload_device = #region.gpu_env<device = "XeGPU">
// CHECK:         arith.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK:         call @gpu_placed(%{{.*}}) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK:         call @gpu_declared(%{{.*}}) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-LABEL: func.func private @gpu_declared(tensor<4xf32>) -> tensor<4xf32>
// CHECK-NOT:     imexc.offload_device
// A function without GPU-placed tensors stays on the host.
// CHECK-LABEL: func.func @host_side(
// CHECK-NOT:     imexc.offload_device
// CHECK:         return
#gpu = #ndarray.envs<#region.gpu_env<device = "XeGPU">>
shard.grid @grid(shape = 2)
func.func @gpu_placed(%x: tensor<4xf32, #gpu>) -> tensor<4xf32, #gpu> {
  %whole = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %xw = shard.shard %x to %whole : tensor<4xf32, #gpu>
  %xs = shard.shard %xw to %rows annotate_for_users : tensor<4xf32, #gpu>
  %e = tensor.empty() : tensor<4xf32, #gpu>
  %y = linalg.add ins(%xs, %xs : tensor<4xf32, #gpu>, tensor<4xf32, #gpu>) outs(%e : tensor<4xf32, #gpu>) -> tensor<4xf32, #gpu>
  %ys = shard.shard %y to %rows : tensor<4xf32, #gpu>
  %yw = shard.shard %ys to %whole annotate_for_users : tensor<4xf32, #gpu>
  return %yw : tensor<4xf32, #gpu>
}
func.func @caller(%x: tensor<4xf32, #gpu>) -> tensor<4xf32, #gpu> {
  %one = arith.constant dense<1.0> : tensor<4xf32, #gpu>
  %y = call @gpu_placed(%x) : (tensor<4xf32, #gpu>) -> tensor<4xf32, #gpu>
  %e = tensor.empty() : tensor<4xf32, #gpu>
  %z = linalg.add ins(%y, %one : tensor<4xf32, #gpu>, tensor<4xf32, #gpu>) outs(%e : tensor<4xf32, #gpu>) -> tensor<4xf32, #gpu>
  %w = call @gpu_declared(%z) : (tensor<4xf32, #gpu>) -> tensor<4xf32, #gpu>
  return %w : tensor<4xf32, #gpu>
}
func.func private @gpu_declared(tensor<4xf32, #gpu>) -> tensor<4xf32, #gpu>
func.func @host_side(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

// -----

// Without shardings nothing is partitioned: the encodings stay, and no
// function is marked.
// CHECK-LABEL: func.func @not_distributed(
// CHECK-SAME:    tensor<4xf32, #ndarray.envs<#region.gpu_env<device = "XeGPU">>>
// CHECK-NOT:     imexc.offload_device
// CHECK:         linalg.add {{.*}}#region.gpu_env
#gpu = #ndarray.envs<#region.gpu_env<device = "XeGPU">>
func.func @not_distributed(%x: tensor<4xf32, #gpu>) -> tensor<4xf32, #gpu> {
  %e = tensor.empty() : tensor<4xf32, #gpu>
  %y = linalg.add ins(%x, %x : tensor<4xf32, #gpu>, tensor<4xf32, #gpu>) outs(%e : tensor<4xf32, #gpu>) -> tensor<4xf32, #gpu>
  return %y : tensor<4xf32, #gpu>
}

// -----

// The environment moves whole: its workgroup size too.
// CHECK-LABEL: func.func @sized(
// CHECK-SAME:    imexc.offload_device = #region.gpu_env<device = "gpu", workgroup_size = 64>
#gpu64 = #ndarray.envs<#region.gpu_env<device = "gpu", workgroup_size = 64>>
shard.grid @grid(shape = 2)
func.func @sized(%x: tensor<4xf32, #gpu64>) -> tensor<4xf32, #gpu64> {
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %xs = shard.shard %x to %rows : tensor<4xf32, #gpu64>
  return %xs : tensor<4xf32, #gpu64>
}

// -----

// GPU-placed tensors in the body alone place the function too, and lose
// their encodings (a constant's value with them).
// CHECK-LABEL: func.func @body_only(
// CHECK-SAME:    imexc.offload_device = #region.gpu_env<device = "XeGPU">
// CHECK:         arith.constant dense<2.000000e+00> : tensor<4xf32>
// CHECK-NOT:     #region.gpu_env
// CHECK:         return
#gpu = #ndarray.envs<#region.gpu_env<device = "XeGPU">>
shard.grid @grid(shape = 2)
func.func @body_only(%x: tensor<4xf32>) -> tensor<4xf32> {
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %xs = shard.shard %x to %rows : tensor<4xf32>
  %two = arith.constant dense<2.0> : tensor<4xf32, #gpu>
  %e = tensor.empty() : tensor<4xf32, #gpu>
  %y = linalg.mul ins(%two, %two : tensor<4xf32, #gpu>, tensor<4xf32, #gpu>) outs(%e : tensor<4xf32, #gpu>) -> tensor<4xf32, #gpu>
  %z = ndarray.cast_elemtype %y : tensor<4xf32, #gpu> to tensor<4xf32>
  return %xs : tensor<4xf32>
}
