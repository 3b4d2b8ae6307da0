// RUN: imex-opt %s -add-gpu-regions -split-input-file | FileCheck %s
// RUN: imex-opt %s -add-gpu-regions=offload-device=gpu -split-input-file | FileCheck %s --check-prefix=OFFLOAD

// Ops whose result types carry a GPU environment are wrapped, whatever the
// dialect; uses are rewired to the region results.
// CHECK-LABEL: func.func @results
// CHECK:      %[[E:.*]] = region.env_region #region.gpu_env<device = "XeGPU"> -> tensor<8xf32, #ndarray.envs<#region.gpu_env<device = "XeGPU">>> {
// CHECK-NEXT:   %[[T:.*]] = tensor.empty() : tensor<8xf32, #ndarray.envs<#region.gpu_env<device = "XeGPU">>>
// CHECK-NEXT:   region.env_region_yield %[[T]]
// CHECK-NEXT: }
// CHECK:      %[[L:.*]] = region.env_region #region.gpu_env<device = "XeGPU"> -> tensor<?xf32, #ndarray.envs<#region.gpu_env<device = "XeGPU">>> {
// CHECK-NEXT:   ndarray.linspace
// CHECK-NEXT:   region.env_region_yield
// CHECK-NEXT: }
// Terminators stay where they are (wrapping func.return would be invalid).
// CHECK-NEXT: return %[[E]], %[[L]]
func.func @results(%a: f32, %b: f32, %n: index)
    -> (tensor<8xf32, #ndarray.envs<#region.gpu_env<device = "XeGPU">>>,
        tensor<?xf32, #ndarray.envs<#region.gpu_env<device = "XeGPU">>>) {
  %e = tensor.empty() : tensor<8xf32, #ndarray.envs<#region.gpu_env<device = "XeGPU">>>
  %l = ndarray.linspace %a %b %n true : (f32, f32, index) -> tensor<?xf32, #ndarray.envs<#region.gpu_env<device = "XeGPU">>>
  return %e, %l : tensor<8xf32, #ndarray.envs<#region.gpu_env<device = "XeGPU">>>,
                  tensor<?xf32, #ndarray.envs<#region.gpu_env<device = "XeGPU">>>
}

// -----

// Operand types count too (here for an op without results), except for
// ndarray.copy, which only looks at its result: copying a GPU array to the
// host is host work.
// CHECK-LABEL: func.func @operands
// CHECK:      region.env_region #region.gpu_env<device = "g1"> {
// CHECK-NEXT:   ndarray.delete %{{.*}} : tensor<4xi64, #ndarray.envs<#region.gpu_env<device = "g1">>>
// CHECK-NEXT: }
// CHECK-NEXT: %[[H:.*]] = ndarray.copy %{{.*}} : tensor<4xi64, #ndarray.envs<#region.gpu_env<device = "g1">>> -> tensor<4xi64>
// CHECK-NEXT: return %[[H]]
func.func @operands(%g: tensor<4xi64, #ndarray.envs<#region.gpu_env<device = "g1">>>,
                    %h: tensor<4xi64, #ndarray.envs<#region.gpu_env<device = "g1">>>) -> tensor<4xi64> {
  ndarray.delete %g : tensor<4xi64, #ndarray.envs<#region.gpu_env<device = "g1">>>
  %c = ndarray.copy %h : tensor<4xi64, #ndarray.envs<#region.gpu_env<device = "g1">>> -> tensor<4xi64>
  return %c : tensor<4xi64>
}

// -----

// A copy to the GPU is GPU work; the first GPU environment found is used.
// CHECK-LABEL: func.func @copy_to_gpu
// CHECK: region.env_region #region.gpu_env<device = "first"> -> tensor<4xi64, #ndarray.envs<"other", #region.gpu_env<device = "first">, #region.gpu_env<device = "second">>> {
// CHECK-NEXT: ndarray.copy
func.func @copy_to_gpu(%h: tensor<4xi64>) -> tensor<4xi64, #ndarray.envs<"other", #region.gpu_env<device = "first">, #region.gpu_env<device = "second">>> {
  %c = ndarray.copy %h : tensor<4xi64> -> tensor<4xi64, #ndarray.envs<"other", #region.gpu_env<device = "first">, #region.gpu_env<device = "second">>>
  return %c : tensor<4xi64, #ndarray.envs<"other", #region.gpu_env<device = "first">, #region.gpu_env<device = "second">>>
}

// -----

// Ops already directly inside a GPU region stay put; a non-GPU region does
// not count, so ops in it are wrapped again. Host-typed ops are not touched.
// CHECK-LABEL: func.func @already_placed
// CHECK:      region.env_region #region.gpu_env<device = "XeGPU"> -> {{.*}} {
// CHECK-NEXT:   tensor.empty
// CHECK-NEXT:   region.env_region_yield
// CHECK-NEXT: }
// CHECK-NEXT: region.env_region "host" -> {{.*}} {
// CHECK-NEXT:   region.env_region #region.gpu_env<device = "XeGPU"> -> {{.*}} {
// CHECK-NEXT:     tensor.empty
// CHECK:      %{{.*}} = tensor.empty() : tensor<2xf32>
// CHECK-NEXT: return
func.func @already_placed() {
  %0 = region.env_region #region.gpu_env<device = "XeGPU"> -> tensor<2xf32, #ndarray.envs<#region.gpu_env<device = "XeGPU">>> {
    %e = tensor.empty() : tensor<2xf32, #ndarray.envs<#region.gpu_env<device = "XeGPU">>>
    region.env_region_yield %e : tensor<2xf32, #ndarray.envs<#region.gpu_env<device = "XeGPU">>>
  }
  %1 = region.env_region "host" -> tensor<2xf32, #ndarray.envs<#region.gpu_env<device = "XeGPU">>> {
    %e = tensor.empty() : tensor<2xf32, #ndarray.envs<#region.gpu_env<device = "XeGPU">>>
    region.env_region_yield %e : tensor<2xf32, #ndarray.envs<#region.gpu_env<device = "XeGPU">>>
  }
  %2 = tensor.empty() : tensor<2xf32>
  return
}

// -----

// Non-GPU environments in the encoding are not GPU placement.
// CHECK-LABEL: func.func @other_env
// CHECK-NOT: region.env_region
func.func @other_env() -> tensor<2xf32, #ndarray.envs<"team">> {
  %e = tensor.empty() : tensor<2xf32, #ndarray.envs<"team">>
  return %e : tensor<2xf32, #ndarray.envs<"team">>
}

// -----

// Whole-program offload: linalg ops outside every env_region go into a GPU
// region of the given device; other ops, and linalg ops already in a
// region, do not. Without the option nothing changes.
// CHECK-LABEL: func @plain_linalg
// CHECK-NOT: region.env_region #region.gpu_env
// OFFLOAD-LABEL: func @plain_linalg
// OFFLOAD: tensor.empty
// OFFLOAD: %[[R:.*]] = region.env_region #region.gpu_env<device = "gpu"> -> tensor<?xf32> {
// OFFLOAD:   linalg.add
// OFFLOAD: region.env_region "protect_copy_op"
// OFFLOAD-NEXT: linalg.copy
// OFFLOAD: return %[[R]]
func.func @plain_linalg(%a: tensor<?xf32>, %m: memref<?xf32>, %n: memref<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %a, %c0 : tensor<?xf32>
  %e = tensor.empty(%d) : tensor<?xf32>
  %r = linalg.add ins(%a, %a : tensor<?xf32>, tensor<?xf32>) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  region.env_region "protect_copy_op" {
    linalg.copy ins(%m : memref<?xf32>) outs(%n : memref<?xf32>)
  }
  return %r : tensor<?xf32>
}

// -----

// Whole-program offload of tiled code: an scf.forall whose body only slices
// tensors and computes on them goes into one GPU region whole (its
// iterations become threads of one kernel), the linalg op inside with it.
// A forall whose body calls a function stays on the host, and only its
// linalg op is offloaded.
// CHECK-LABEL: func @foralls
// CHECK-NOT: region.env_region #region.gpu_env
// OFFLOAD-LABEL: func @foralls
// OFFLOAD: %[[WHOLE:.*]] = region.env_region #region.gpu_env<device = "gpu"> -> tensor<6x4xf32> {
// OFFLOAD-NEXT: scf.forall (%{{.*}}, %{{.*}}) in (3, 2)
// OFFLOAD-NOT: region.env_region #
// OFFLOAD: linalg.add
// OFFLOAD: scf.forall.in_parallel
// OFFLOAD: region.env_region_yield
// OFFLOAD: scf.forall (%{{.*}}) in (6)
// OFFLOAD: region.env_region #region.gpu_env<device = "gpu"> -> tensor<4xf32> {
// OFFLOAD-NEXT: linalg.add
// OFFLOAD: call @observe
// OFFLOAD: return %[[WHOLE]],
func.func private @observe(tensor<4xf32>)
func.func @foralls(%a: tensor<6x4xf32>) -> (tensor<6x4xf32>, tensor<6x4xf32>) {
  %e = tensor.empty() : tensor<6x4xf32>
  %tiles = scf.forall (%i, %j) in (3, 2) shared_outs(%o = %e) -> (tensor<6x4xf32>) {
    %r = affine.apply affine_map<(d0) -> (d0 * 2)>(%i)
    %c = affine.apply affine_map<(d0) -> (d0 * 2)>(%j)
    %in = tensor.extract_slice %a[%r, %c] [2, 2] [1, 1] : tensor<6x4xf32> to tensor<2x2xf32>
    %out = tensor.extract_slice %o[%r, %c] [2, 2] [1, 1] : tensor<6x4xf32> to tensor<2x2xf32>
    %s = linalg.add ins(%in, %in : tensor<2x2xf32>, tensor<2x2xf32>) outs(%out : tensor<2x2xf32>) -> tensor<2x2xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%r, %c] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<6x4xf32>
    }
  }
  %rows = scf.forall (%i) in (6) shared_outs(%o = %e) -> (tensor<6x4xf32>) {
    %in = tensor.extract_slice %a[%i, 0] [1, 4] [1, 1] : tensor<6x4xf32> to tensor<4xf32>
    %out = tensor.extract_slice %o[%i, 0] [1, 4] [1, 1] : tensor<6x4xf32> to tensor<4xf32>
    %s = linalg.add ins(%in, %in : tensor<4xf32>, tensor<4xf32>) outs(%out : tensor<4xf32>) -> tensor<4xf32>
    func.call @observe(%s) : (tensor<4xf32>) -> ()
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i, 0] [1, 4] [1, 1] : tensor<4xf32> into tensor<6x4xf32>
    }
  }
  return %tiles, %rows : tensor<6x4xf32>, tensor<6x4xf32>
}

// -----

// An offloadable forall inside one that is not (its body calls a function)
// goes whole, the outer one stays on the host; a forall whose body loops
// (an scf.for) stays too, only its linalg op offloaded.
// OFFLOAD-LABEL: func @nested_foralls
// OFFLOAD: scf.forall (%{{.*}}) in (2)
// OFFLOAD: region.env_region #region.gpu_env<device = "gpu"> -> tensor<3x4xf32> {
// OFFLOAD-NEXT: scf.forall (%{{.*}}) in (3)
// OFFLOAD-NOT: region.env_region #
// OFFLOAD: call @observe3
// OFFLOAD-LABEL: func @forall_with_loop
// OFFLOAD-NEXT: tensor.empty
// OFFLOAD-NEXT: scf.forall
// OFFLOAD: scf.for
// OFFLOAD: region.env_region #region.gpu_env<device = "gpu"> -> tensor<4xf32> {
// OFFLOAD-NEXT: linalg.add
func.func private @observe3(tensor<3x4xf32>)
func.func @nested_foralls(%a: tensor<3x4xf32>) -> tensor<2x3x4xf32> {
  %e = tensor.empty() : tensor<2x3x4xf32>
  %r = scf.forall (%k) in (2) shared_outs(%o = %e) -> (tensor<2x3x4xf32>) {
    %e2 = tensor.empty() : tensor<3x4xf32>
    %inner = scf.forall (%i) in (3) shared_outs(%p = %e2) -> (tensor<3x4xf32>) {
      %in = tensor.extract_slice %a[%i, 0] [1, 4] [1, 1] : tensor<3x4xf32> to tensor<4xf32>
      %out = tensor.extract_slice %p[%i, 0] [1, 4] [1, 1] : tensor<3x4xf32> to tensor<4xf32>
      %s = linalg.add ins(%in, %in : tensor<4xf32>, tensor<4xf32>) outs(%out : tensor<4xf32>) -> tensor<4xf32>
      scf.forall.in_parallel {
        tensor.parallel_insert_slice %s into %p[%i, 0] [1, 4] [1, 1] : tensor<4xf32> into tensor<3x4xf32>
      }
    }
    func.call @observe3(%inner) : (tensor<3x4xf32>) -> ()
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %inner into %o[%k, 0, 0] [1, 3, 4] [1, 1, 1] : tensor<3x4xf32> into tensor<2x3x4xf32>
    }
  }
  return %r : tensor<2x3x4xf32>
}
func.func @forall_with_loop(%a: tensor<3x4xf32>, %n: index) -> tensor<3x4xf32> {
  %e = tensor.empty() : tensor<3x4xf32>
  %r = scf.forall (%i) in (3) shared_outs(%o = %e) -> (tensor<3x4xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %in = tensor.extract_slice %a[%i, 0] [1, 4] [1, 1] : tensor<3x4xf32> to tensor<4xf32>
    %s = scf.for %t = %c0 to %n step %c1 iter_args(%x = %in) -> (tensor<4xf32>) {
      %out = tensor.empty() : tensor<4xf32>
      %y = linalg.add ins(%x, %x : tensor<4xf32>, tensor<4xf32>) outs(%out : tensor<4xf32>) -> tensor<4xf32>
      scf.yield %y : tensor<4xf32>
    }
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i, 0] [1, 4] [1, 1] : tensor<4xf32> into tensor<3x4xf32>
    }
  }
  return %r : tensor<3x4xf32>
}

// -----

// A function offloaded as a whole (imexc.offload_device: a device name
// from the array language's @gpu @distributed defs, or a whole environment
// from place-gpu-work-by-function) has its linalg ops wrapped without the
// option too, in its own environment's region; a function without the
// attribute does not.
// CHECK-LABEL: func @offloaded_function
// CHECK: region.env_region #region.gpu_env<device = "XeGPU"> -> tensor<4xf32> {
// CHECK-NEXT: linalg.add
// CHECK-LABEL: func @sized_function
// CHECK: region.env_region #region.gpu_env<device = "gpu", workgroup_size = 64> -> tensor<4xf32> {
// CHECK-LABEL: func @host_function
// CHECK-NOT: region.env_region
func.func @offloaded_function(%a: tensor<4xf32>) -> tensor<4xf32> attributes {imexc.offload_device = "XeGPU"} {
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.add ins(%a, %a : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func @sized_function(%a: tensor<4xf32>) -> tensor<4xf32> attributes {imexc.offload_device = #region.gpu_env<device = "gpu", workgroup_size = 64>} {
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.add ins(%a, %a : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func @host_function(%a: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.add ins(%a, %a : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
