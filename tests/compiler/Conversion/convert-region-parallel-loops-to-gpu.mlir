// RUN: imex-opt %s -convert-region-parallel-loops-to-gpu -split-input-file -verify-diagnostics | FileCheck %s


// A mapped loop inside a GPU region becomes gpu.launch; the region stays.
// CHECK-LABEL: func.func @in_gpu_region
// CHECK: region.env_region #region.gpu_env<device = "XeGPU"> {
// CHECK:   gpu.launch blocks(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) threads
// CHECK:     memref.store
// CHECK:     gpu.terminator
// CHECK-NOT: scf.parallel
// CHECK-NOT: mapping
// CHECK-NOT: SCFToGPU_visited
func.func @in_gpu_region(%m: memref<?xf32>, %n: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  region.env_region #region.gpu_env<device = "XeGPU"> {
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      memref.store %v, %m[%i] : memref<?xf32>
      scf.reduce
    } {mapping = [#gpu.loop_dim_map<processor = block_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
  }
  return
}

// -----


// The same loop outside any region, or inside a non-GPU region, is left alone
// (only the visited marker would be removed, and there is none).
// CHECK-LABEL: func.func @outside_gpu_regions
// CHECK-NOT: gpu.launch
// CHECK: scf.parallel
// CHECK: mapping = [#gpu.loop_dim_map<processor = block_x
// CHECK: region.env_region "protect_copy_op" {
// CHECK:   scf.parallel
// CHECK:   mapping = [#gpu.loop_dim_map<processor = block_x
// CHECK-NOT: gpu.launch
func.func @outside_gpu_regions(%m: memref<?xf32>, %n: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    memref.store %v, %m[%i] : memref<?xf32>
    scf.reduce
  } {mapping = [#gpu.loop_dim_map<processor = block_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
  region.env_region "protect_copy_op" {
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      memref.store %v, %m[%i] : memref<?xf32>
      scf.reduce
    } {mapping = [#gpu.loop_dim_map<processor = block_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
  }
  return
}

// -----


// A GPU region nested in a non-GPU region is still found.
// CHECK-LABEL: func.func @gpu_inside_host_region
// CHECK: region.env_region "host" {
// CHECK:   region.env_region #region.gpu_env<device = "XeGPU"> {
// CHECK:     gpu.launch
// CHECK-NOT: scf.parallel
func.func @gpu_inside_host_region(%m: memref<?xf32>, %n: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  region.env_region "host" {
    region.env_region #region.gpu_env<device = "XeGPU"> {
      scf.parallel (%i) = (%c0) to (%n) step (%c1) {
        memref.store %v, %m[%i] : memref<?xf32>
        scf.reduce
      } {mapping = [#gpu.loop_dim_map<processor = block_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
    }
  }
  return
}

// -----

// A loop without a GPU mapping is left alone, even in a GPU region.
// CHECK-LABEL: func.func @unmapped_loop
// CHECK: region.env_region #region.gpu_env<device = "XeGPU"> {
// CHECK:   scf.parallel
// CHECK-NOT: gpu.launch
func.func @unmapped_loop(%m: memref<?xf32>, %n: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  region.env_region #region.gpu_env<device = "XeGPU"> {
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      memref.store %v, %m[%i] : memref<?xf32>
      scf.reduce
    }
  }
  return
}

// -----


// Two dimensions mapped to blocks and threads.
// CHECK-LABEL: func.func @two_dims
// CHECK: gpu.launch blocks(%[[BX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[N:.*]], %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[M:.*]], %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}})
// CHECK:   %[[I:.*]] = affine.apply #{{.*}}(%[[BX]])
// CHECK:   %[[J:.*]] = affine.apply #{{.*}}(%[[TX]])
// CHECK:   memref.store %{{.*}}, %{{.*}}[%[[I]], %[[J]]]
func.func @two_dims(%m: memref<?x?xf32>, %n: index, %k: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  region.env_region #region.gpu_env<device = "XeGPU"> {
    scf.parallel (%i, %j) = (%c0, %c0) to (%n, %k) step (%c1, %c1) {
      memref.store %v, %m[%i, %j] : memref<?x?xf32>
      scf.reduce
    } {mapping = [#gpu.loop_dim_map<processor = block_x, map = (d0) -> (d0), bound = (d0) -> (d0)>,
                  #gpu.loop_dim_map<processor = thread_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
  }
  return
}

// -----


// A mapped loop with a reduction cannot be converted (upstream has no
// lowering for results of a mapped loop): the pass fails.
func.func @mapped_reduction(%m: memref<?xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %r = region.env_region #region.gpu_env<device = "XeGPU"> -> f32 {
    // expected-error @+1 {{failed to legalize unresolved materialization from () to ('f32') that remained live after conversion}}
    %s = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%zero) -> f32 {
      %x = memref.load %m[%i] : memref<?xf32>
      scf.reduce(%x : f32) {
      ^bb0(%a: f32, %b: f32):
        %t = arith.addf %a, %b : f32
        scf.reduce.return %t : f32
      }
    } {mapping = [#gpu.loop_dim_map<processor = block_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
    // expected-note @+1 {{see existing live user here}}
    region.env_region_yield %s : f32
  }
  return %r : f32
}
