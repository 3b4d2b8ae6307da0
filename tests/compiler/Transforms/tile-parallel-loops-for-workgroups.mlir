// RUN: imex-opt %s -split-input-file -tile-parallel-loops-for-workgroups | FileCheck %s
// RUN: imex-opt %s -split-input-file -tile-parallel-loops-for-workgroups=workgroup-size=64 | FileCheck %s --check-prefix=W64
// RUN: imex-opt %s -split-input-file -tile-parallel-loops-for-workgroups | FileCheck %s --check-prefix=RAW
// RUN: not imex-opt %s -tile-parallel-loops-for-workgroups=workgroup-size=48 2>&1 | FileCheck %s --check-prefix=BAD

// BAD: error: workgroup-size must be a power of two up to 1024, got 48

// A 1-D loop: one row of 256 threads per workgroup; the bounds check keeps
// the last, partial workgroup inside the array.
// CHECK-LABEL: func @one_dim
// CHECK: %[[C1000:.*]] = arith.constant 1000 : index
// CHECK: %[[C256:.*]] = arith.constant 256 : index
// CHECK: %[[S:.*]] = arith.muli %{{.*}}, %[[C256]]
// CHECK: scf.parallel (%[[WG:.*]]) = (%{{.*}}) to (%[[C1000]]) step (%[[S]])
// CHECK: scf.parallel (%[[T:.*]]) = (%{{.*}}) to (%[[S]]) step
// CHECK: %[[I:.*]] = arith.addi %[[T]], %[[WG]]
// CHECK: %[[IN:.*]] = arith.cmpi ult, %{{.*}}, %[[C1000]]
// CHECK: %[[ALL:.*]] = arith.andi %{{.*}}, %[[IN]]
// CHECK: scf.if %[[ALL]]
// CHECK: memref.store %{{.*}}, %{{.*}}[%[[I]]]
// W64-LABEL: func @one_dim
// W64: arith.constant 64 : index
func.func @one_dim(%a: memref<1000xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1000 = arith.constant 1000 : index
  %f = arith.constant 1.0 : f32
  region.env_region #region.gpu_env<device = "XeGPU"> {
    scf.parallel (%i) = (%c0) to (%c1000) step (%c1) {
      memref.store %f, %a[%i] : memref<1000xf32>
      scf.reduce
    }
  }
  return
}

// -----

// Dynamic 2-D sizes: 8 rows of 32 threads, the innermost dimension on the
// rows.
// CHECK-LABEL: func @two_dim_dynamic
// CHECK: %[[C8:.*]] = arith.constant 8 : index
// CHECK: %[[C32:.*]] = arith.constant 32 : index
// CHECK: %[[S0:.*]] = arith.muli %{{.*}}, %[[C8]]
// CHECK: %[[S1:.*]] = arith.muli %{{.*}}, %[[C32]]
// CHECK: scf.parallel (%{{.*}}, %{{.*}}) = {{.*}} step (%[[S0]], %[[S1]])
// CHECK: scf.parallel (%{{.*}}, %{{.*}}) = {{.*}} to (%[[S0]], %[[S1]])
func.func @two_dim_dynamic(%a: memref<?x?xf32>, %m: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  region.env_region #region.gpu_env<device = "XeGPU"> {
    scf.parallel (%i, %j) = (%c0, %c0) to (%m, %n) step (%c1, %c1) {
      memref.store %f, %a[%i, %j] : memref<?x?xf32>
      scf.reduce
    }
  }
  return
}

// -----

// A narrow innermost dimension (4) leaves its threads to the outer one;
// the region's workgroup_size wins over the pass option.
// CHECK-LABEL: func @narrow_inner
// CHECK: %[[C32:.*]] = arith.constant 32 : index
// CHECK: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[S0:.*]] = arith.muli %{{.*}}, %[[C32]]
// CHECK: %[[S1:.*]] = arith.muli %{{.*}}, %[[C4]]
// CHECK: scf.parallel {{.*}} step (%[[S0]], %[[S1]])
// W64-LABEL: func @narrow_inner
// W64: arith.constant 32 : index
// W64: arith.constant 4 : index
// W64: scf.parallel
func.func @narrow_inner(%a: memref<?x4xf32>, %m: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant 1.0 : f32
  region.env_region #region.gpu_env<device = "XeGPU", workgroup_size = 128> {
    scf.parallel (%i, %j) = (%c0, %c0) to (%m, %c4) step (%c1, %c1) {
      memref.store %f, %a[%i, %j] : memref<?x4xf32>
      scf.reduce
    }
  }
  return
}

// -----

// Four dimensions: the innermost three are spread over threads (the third
// with what is left), the outermost one is not.
// CHECK-LABEL: func @four_dim
// CHECK: region.env_region
// CHECK: %[[T0:.*]] = arith.constant 1 : index
// CHECK: %[[T1:.*]] = arith.constant 2 : index
// CHECK: %[[T2:.*]] = arith.constant 3 : index
// CHECK: %[[T3:.*]] = arith.constant 32 : index
// CHECK: %[[S0:.*]] = arith.muli %{{.*}}, %[[T0]]
// CHECK: %[[S1:.*]] = arith.muli %{{.*}}, %[[T1]]
// CHECK: %[[S2:.*]] = arith.muli %{{.*}}, %[[T2]]
// CHECK: %[[S3:.*]] = arith.muli %{{.*}}, %[[T3]]
// CHECK: scf.parallel {{.*}} step (%[[S0]], %[[S1]], %[[S2]], %[[S3]])
// CHECK: scf.parallel {{.*}} to (%[[S0]], %[[S1]], %[[S2]], %[[S3]])
func.func @four_dim(%a: memref<5x2x3x?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %f = arith.constant 1.0 : f32
  region.env_region #region.gpu_env<device = "XeGPU"> {
    scf.parallel (%i, %j, %k, %l) = (%c0, %c0, %c0, %c0) to (%c5, %c2, %c3, %n) step (%c1, %c1, %c1, %c1) {
      memref.store %f, %a[%i, %j, %k, %l] : memref<5x2x3x?xf32>
      scf.reduce
    }
  }
  return
}

// -----

// Left alone: loops on the host and loops with reductions.
// CHECK-LABEL: func @not_tiled
// CHECK: scf.parallel (%{{.*}}) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) {
// CHECK-NOT: scf.parallel
// CHECK: region.env_region
// CHECK: scf.parallel (%{{.*}}) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) init
// CHECK-NOT: scf.parallel
// CHECK: return
func.func @not_tiled(%a: memref<?xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    memref.store %f, %a[%i] : memref<?xf32>
    scf.reduce
  }
  %s = region.env_region #region.gpu_env<device = "XeGPU"> -> f32 {
    %r = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%f) -> f32 {
      %v = memref.load %a[%i] : memref<?xf32>
      scf.reduce(%v : f32) {
      ^bb0(%x: f32, %y: f32):
        %z = arith.addf %x, %y : f32
        scf.reduce.return %z : f32
      }
    }
    region.env_region_yield %r : f32
  }
  return %s : f32
}

// -----

// A single iteration has nothing to spread over threads.
// RAW-LABEL: func @single_iteration
// RAW: scf.parallel
// RAW-NOT: scf.parallel
// RAW: return
func.func @single_iteration(%a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  region.env_region #region.gpu_env<device = "XeGPU"> {
    scf.parallel (%i) = (%c0) to (%c1) step (%c1) {
      memref.store %f, %a[%i] : memref<?xf32>
      scf.reduce
    }
  }
  return
}

// -----

// Only the outermost loop of a nest is tiled.
// CHECK-LABEL: func @nested
// CHECK: %[[S:.*]] = arith.muli
// CHECK: scf.parallel {{.*}} step (%[[S]]) {
// CHECK: scf.parallel {{.*}} to (%[[S]])
// CHECK: scf.parallel (%{{.*}}) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) {
// CHECK-NOT: scf.parallel
func.func @nested(%a: memref<?x?xf32>, %m: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  region.env_region #region.gpu_env<device = "XeGPU"> {
    scf.parallel (%i) = (%c0) to (%m) step (%c1) {
      scf.parallel (%j) = (%c0) to (%n) step (%c1) {
        memref.store %f, %a[%i, %j] : memref<?x?xf32>
        scf.reduce
      }
      scf.reduce
    }
  }
  return
}

// -----

// A loop with a non-unit step (an scf.forall's, step 4 from %lb) first
// counts from 0 by 1, its index recomputed in the body: the tile's bounds
// guard compares thread + tile start with the trip count, which upstream's
// tiling gets right for unit steps only.
// CHECK-DAG: #[[TRIPS_MAP:.*]] = affine_map<()[s0, s1] -> ((-s0 + s1) ceildiv 4)>
// CHECK-DAG: #[[INDEX_MAP:.*]] = affine_map<(d0)[s0] -> (d0 * 4 + s0)>
// CHECK-LABEL: func @stepped
// CHECK-SAME: (%[[A:.*]]: memref<?xf32>, %[[LB:.*]]: index, %[[N:.*]]: index)
// CHECK: %[[TRIPS:.*]] = affine.apply #[[TRIPS_MAP]]()[%[[LB]], %[[N]]]
// CHECK: scf.parallel (%[[TILE:.*]]) = (%c0{{.*}}) to (%[[TRIPS]]) step
// CHECK:   scf.parallel (%[[T:.*]]) =
// CHECK:     %[[K:.*]] = arith.addi %[[T]], %[[TILE]]
// CHECK:     %[[GK:.*]] = arith.addi %{{.*}}, %[[TILE]]
// CHECK:     %[[IN:.*]] = arith.cmpi ult, %[[GK]], %[[TRIPS]]
// CHECK:     scf.if
// CHECK:       %[[I:.*]] = affine.apply #[[INDEX_MAP]](%[[K]])[%[[LB]]]
// CHECK:       memref.store %{{.*}}, %[[A]][%[[I]]]
func.func @stepped(%a: memref<?xf32>, %lb: index, %n: index) {
  %c4 = arith.constant 4 : index
  %f = arith.constant 1.0 : f32
  region.env_region #region.gpu_env<device = "XeGPU"> {
    scf.parallel (%i) = (%lb) to (%n) step (%c4) {
      memref.store %f, %a[%i] : memref<?xf32>
      scf.reduce
    }
  }
  return
}
