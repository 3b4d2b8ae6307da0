// RUN: imex-opt %s -split-input-file -convert-region-reductions-to-gpu -canonicalize -cse | FileCheck %s
// RUN: imex-opt %s -split-input-file -convert-region-reductions-to-gpu=workgroup-size=1 | FileCheck %s --check-prefix=ONE
// RUN: imex-opt %s -split-input-file -convert-region-reductions-to-gpu=subgroups=true | FileCheck %s --check-prefix=SUB
// RUN: not imex-opt %s -convert-region-reductions-to-gpu=workgroup-size=3 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: imex-opt %s -split-input-file -convert-region-reductions-to-gpu=workgroup-size=1024 | FileCheck %s --check-prefix=BIG
// RUN: imex-opt %s -split-input-file -convert-region-reductions-to-gpu=vectorize=true -canonicalize -cse | FileCheck %s --check-prefix=VEC

// BAD: error: workgroup-size must be a power of two up to 1024, got 3

// A full sum of a dynamic number of elements: workgroup tree reductions
// when there are at least 256 elements (chunks of 256 x 64 elements, their
// partial sums folded by a second launch), else one thread.
// CHECK-LABEL: func @full_sum
// CHECK-SAME: (%[[X:.*]]: memref<?xf32>, %[[OUT:.*]]: memref<f32>)
// CHECK: %[[N:.*]] = memref.dim %[[X]]
// CHECK: %[[LONG:.*]] = arith.cmpi uge, %[[N]], %{{.*}}
// CHECK: scf.if %[[LONG]] {
// CHECK:   %[[CHUNKS:.*]] = arith.minui
// CHECK:   %[[PARTIALS:.*]] = memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK:   gpu.launch blocks(%[[G:.*]], %[[P:.*]], %{{.*}}) in (%{{.*}} = %[[CHUNKS]], %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) threads(%[[T:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %c256
// CHECK:     %[[SCRATCH:.*]] = memref.alloc() : memref<256xf32, 3>
// CHECK:     %[[SUM:.*]] = scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (f32) {
// CHECK:       %[[V:.*]] = memref.load %[[X]]
// CHECK:       %[[S:.*]] = arith.addf %[[ACC]], %[[V]]
// CHECK:       scf.yield %[[S]]
// CHECK:     memref.store %[[SUM]], %[[SCRATCH]][%[[T]]]
// CHECK:     gpu.barrier
// CHECK:     arith.cmpi ult, %[[T]], %c128
// CHECK:     gpu.barrier
// CHECK:     arith.cmpi ult, %[[T]], %c1 :
// CHECK:     gpu.barrier
// CHECK:     %[[LEADER:.*]] = arith.cmpi eq, %[[T]], %c0
// CHECK:     scf.if %[[LEADER]] {
// CHECK:       scf.if
// CHECK:         memref.store %{{.*}}, %[[PARTIALS]]
// CHECK:       } else {
// CHECK:         %[[INIT:.*]] = memref.load %[[OUT]][]
// CHECK:         arith.addf %[[INIT]]
// CHECK:         memref.store %{{.*}}, %[[OUT]][]
// CHECK:   scf.if
// CHECK:     gpu.launch
// CHECK:       memref.load %[[PARTIALS]]
// CHECK:   memref.dealloc %[[PARTIALS]]
// CHECK: } else {
// CHECK:   linalg.generic
// CHECK:     arith.addf
// CHECK: }
// With subgroups, each subgroup sums its threads' values; lane 0 puts the
// sum in the slot of its subgroup, and subgroup 0 folds the slots (each
// lane a strided share) and sums once more. The second launch (partials)
// does the same.
// SUB-LABEL: func @full_sum
// SUB:     gpu.launch
// SUB:       %[[SCRATCH:.*]] = memref.alloc() : memref<256xf32, 3>
// SUB:       %[[MINE:.*]] = scf.for
// SUB:       %[[LANE:.*]] = gpu.lane_id
// SUB-NEXT:  %[[SG:.*]] = gpu.subgroup_id : index
// SUB-NEXT:  %[[SGSUM:.*]] = gpu.subgroup_reduce  add %[[MINE]] : (f32) -> f32
// SUB-NEXT:  %[[FIRSTLANE:.*]] = arith.cmpi eq, %[[LANE]], %{{.*}}
// SUB-NEXT:  scf.if %[[FIRSTLANE]] {
// SUB-NEXT:    memref.store %[[SGSUM]], %[[SCRATCH]][%[[SG]]]
// SUB-NEXT:  }
// SUB-NEXT:  gpu.barrier
// SUB-NEXT:  %[[FIRSTSG:.*]] = arith.cmpi eq, %[[SG]], %{{.*}}
// SUB-NEXT:  %[[TOTAL:.*]] = scf.if %[[FIRSTSG]] -> (f32) {
// SUB-NEXT:    %[[COUNT:.*]] = gpu.num_subgroups : index
// SUB-NEXT:    %[[SIZE:.*]] = gpu.subgroup_size : index
// SUB-NEXT:    %[[ZERO:.*]] = arith.constant 0.0
// SUB-NEXT:    %[[SLOTS:.*]] = scf.for %[[SLOT:.*]] = %[[LANE]] to %[[COUNT]] step %[[SIZE]] iter_args(%[[ACC:.*]] = %[[ZERO]]) -> (f32) {
// SUB-NEXT:      %[[PART:.*]] = memref.load %[[SCRATCH]][%[[SLOT]]]
// SUB-NEXT:      %[[ADD:.*]] = arith.addf %[[ACC]], %[[PART]]
// SUB-NEXT:      scf.yield %[[ADD]]
// SUB-NEXT:    }
// SUB-NEXT:    %[[ALL:.*]] = gpu.subgroup_reduce  add %[[SLOTS]] : (f32) -> f32
// SUB-NEXT:    scf.yield %[[ALL]]
// SUB-NEXT:  } else {
// SUB-NEXT:    arith.constant 0.0
// SUB-NEXT:    scf.yield
// SUB-NEXT:  }
// SUB-NOT:   gpu.barrier
// SUB:       scf.if
// SUB:         memref.store %[[TOTAL]]
// SUB:     gpu.launch
// SUB:       gpu.subgroup_reduce  add
// SUB:       gpu.subgroup_reduce  add
// SUB:     return
// With one-thread workgroups every output gets one thread.
// ONE-LABEL: func @full_sum
// ONE-NOT: gpu.launch
// ONE: linalg.generic
// ONE-NOT: gpu.launch
// ONE: return
func.func @full_sum(%x: memref<?xf32>, %out: memref<f32>) {
  region.env_region #region.gpu_env<device = "XeGPU"> {
    linalg.reduce ins(%x : memref<?xf32>) outs(%out : memref<f32>) dimensions = [0]
      (%in: f32, %acc: f32) {
        %s = arith.addf %in, %acc : f32
        linalg.yield %s : f32
      }
  }
  return
}

// -----

// Four static rows of 4096: decided at compile time, a workgroup per row
// (grid y), whose body is the generic's (a square, then the max); the
// region's workgroup size of 64 sets the tree.
// Float max keeps the tree in workgroup memory with subgroups too: SPIR-V's
// group FMax leaves NaN to the device.
// SUB-LABEL: func @row_max_of_squares
// SUB-NOT: gpu.subgroup_reduce
// SUB: arith.cmpi ult, %{{.*}}, %c32
// SUB-NOT: gpu.subgroup_reduce
// SUB: return
// CHECK-LABEL: func @row_max_of_squares
// CHECK-NOT: linalg.generic
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %{{.*}}, %{{.*}} = %c4, {{.*}}) threads({{.*}}) in (%{{.*}} = %c64,
// CHECK: memref.alloc() : memref<64xf32, 3>
// CHECK: arith.mulf
// CHECK: arith.maximumf
// CHECK: arith.cmpi ult, %{{.*}}, %c32
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @row_max_of_squares(%x: memref<4x4096xf32>, %out: memref<4xf32>) {
  region.env_region #region.gpu_env<device = "XeGPU", workgroup_size = 64> {
    linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                    iterator_types = ["parallel", "reduction"]}
        ins(%x : memref<4x4096xf32>) outs(%out : memref<4xf32>) {
    ^bb0(%in: f32, %acc: f32):
      %sq = arith.mulf %in, %in : f32
      %m = arith.maximumf %sq, %acc : f32
      linalg.yield %m : f32
    }
  }
  return
}

// -----

// Many outputs (a static column sum over 20000 columns): one thread per
// output, the parallel loop moved outermost so that no host loop launches
// a kernel per row.
// CHECK-LABEL: func @column_sum
// CHECK-NOT: gpu.launch
// CHECK: linalg.generic {indexing_maps = [#[[IN:.*]], #[[OUT:.*]]], iterator_types = ["parallel", "reduction"]}
// CHECK-NOT: gpu.launch
func.func @column_sum(%x: memref<300x20000xi32>, %out: memref<20000xi32>) {
  region.env_region #region.gpu_env<device = "XeGPU"> {
    linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>],
                    iterator_types = ["reduction", "parallel"]}
        ins(%x : memref<300x20000xi32>) outs(%out : memref<20000xi32>) {
    ^bb0(%in: i32, %acc: i32):
      %s = arith.addi %acc, %in : i32
      linalg.yield %s : i32
    }
  }
  return
}

// -----

// Left alone: reductions on the host, on tensors, and bodies that use the
// accumulator twice.
// CHECK-LABEL: func @not_converted
// CHECK-NOT: gpu.launch
// CHECK: linalg.reduce
// CHECK: linalg.reduce
// CHECK: linalg.generic
// CHECK-NOT: gpu.launch
func.func @not_converted(%x: memref<?xf32>, %out: memref<f32>, %t: tensor<?xf32>, %init: tensor<f32>) -> tensor<f32> {
  linalg.reduce ins(%x : memref<?xf32>) outs(%out : memref<f32>) dimensions = [0]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %r = region.env_region #region.gpu_env<device = "XeGPU"> -> tensor<f32> {
    %v = linalg.reduce ins(%t : tensor<?xf32>) outs(%init : tensor<f32>) dimensions = [0]
      (%in: f32, %acc: f32) {
        %s = arith.addf %in, %acc : f32
        linalg.yield %s : f32
      }
    linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> ()>],
                    iterator_types = ["reduction"]}
        ins(%x : memref<?xf32>) outs(%out : memref<f32>) {
    ^bb0(%in: f32, %acc: f32):
      %sq = arith.mulf %acc, %acc : f32
      %s = arith.addf %in, %sq : f32
      linalg.yield %s : f32
    }
    region.env_region_yield %v : tensor<f32>
  }
  return %r : tensor<f32>
}

// -----

// A static matmul with many outputs tiles through workgroup memory: 16x16
// threads per 64x64 output tile, 64x16 and 16x64 slices of the inputs per
// step of 16 along k (four elements of each staged per thread), a 4x4
// block of accumulators per thread fed by four values of each input per
// step, and the output's initial value added last.
// CHECK-LABEL: func @matmul
// CHECK-NOT: linalg.matmul
// CHECK: gpu.launch blocks({{.*}}) in (%{{.*}} = %c2, %{{.*}} = %c4, %{{.*}} = %c1) threads({{.*}}) in (%{{.*}} = %c16, %{{.*}} = %c16, %{{.*}} = %c1)
// CHECK:   %[[A:.*]] = memref.alloc() : memref<64x16xf32, 3>
// CHECK:   %[[B:.*]] = memref.alloc() : memref<16x64xf32, 3>
// CHECK:   scf.for %{{.*}} = %c0 to %c64 step %c16 iter_args({{.*}}) -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
// CHECK-COUNT-4: memref.store %{{.*}}, %[[A]]
// CHECK:     gpu.barrier
// CHECK:     scf.for
// CHECK-COUNT-4: memref.load %[[A]]
// CHECK-COUNT-4: memref.load %[[B]]
// CHECK-NOT: memref.load
// CHECK-COUNT-16: arith.addf
// CHECK:       scf.yield
// CHECK:     gpu.barrier
// CHECK-COUNT-16: memref.store %{{.*}}, %arg2
// CHECK-NOT: linalg.matmul
// ONE-LABEL: func @matmul
// ONE-NOT: gpu.launch
// ONE: linalg.generic
func.func @matmul(%a: memref<256x64xf32>, %b: memref<64x128xf32>, %c: memref<256x128xf32>) {
  region.env_region #region.gpu_env<device = "XeGPU"> {
    linalg.matmul ins(%a, %b : memref<256x64xf32>, memref<64x128xf32>) outs(%c : memref<256x128xf32>)
  }
  return
}

// -----

// The staged slices stay within the 16 KiB of workgroup memory every
// Vulkan device has: 4x4 outputs per thread while they fit (f64 with 256
// threads: 2 x 64x16 doubles), fewer with more threads (1024 threads: 2x2
// for f32, 1x1 for f64).
// CHECK-LABEL: func @matmul_f64
// CHECK: memref.alloc() : memref<64x16xf64, 3>
// CHECK: memref.alloc() : memref<16x64xf64, 3>
// BIG-LABEL: func @matmul_f64
// BIG: memref.alloc() : memref<32x32xf64, 3>
// BIG: memref.alloc() : memref<32x32xf64, 3>
// BIG: scf.for {{.*}} -> (f64) {
// BIG-LABEL: func @matmul_f32
// BIG: memref.alloc() : memref<64x32xf32, 3>
// BIG: memref.alloc() : memref<32x64xf32, 3>
// BIG: scf.for {{.*}} -> (f32, f32, f32, f32) {
func.func @matmul_f64(%a: memref<256x64xf64>, %b: memref<64x128xf64>, %c: memref<256x128xf64>) {
  region.env_region #region.gpu_env<device = "XeGPU"> {
    linalg.matmul ins(%a, %b : memref<256x64xf64>, memref<64x128xf64>) outs(%c : memref<256x128xf64>)
  }
  return
}
func.func @matmul_f32(%a: memref<256x64xf32>, %b: memref<64x128xf32>, %c: memref<256x128xf32>) {
  region.env_region #region.gpu_env<device = "XeGPU"> {
    linalg.matmul ins(%a, %b : memref<256x64xf32>, memref<64x128xf32>) outs(%c : memref<256x128xf32>)
  }
  return
}
// 16-byte elements with 1024 threads: even one output per thread would
// stage 32 KiB, so the matmul is not tiled.
// BIG-LABEL: func @matmul_i128
// BIG-NOT: memref.alloc
// BIG: linalg.generic
func.func @matmul_i128(%a: memref<256x64xi128>, %b: memref<64x128xi128>, %c: memref<256x128xi128>) {
  region.env_region #region.gpu_env<device = "XeGPU"> {
    linalg.matmul ins(%a, %b : memref<256x64xi128>, memref<64x128xi128>) outs(%c : memref<256x128xi128>)
  }
  return
}

// -----

// Not tiled as contractions, though inferContractionDims finds m, n and k:
// a first input that also depends on n through a non-dimension result
// (staging would read it at n = 0), a second that depends on m so, and an
// output map that sends two (m, n) to one element (two threads would add
// into it). Each keeps its linalg.generic, with the parallel loops
// outermost.
// CHECK-LABEL: func @not_tileable_contractions
// CHECK-NOT: gpu.launch
// CHECK: linalg.generic
// CHECK-NOT: gpu.launch
// CHECK: linalg.generic
// CHECK-NOT: gpu.launch
// CHECK: linalg.generic
// CHECK-NOT: gpu.launch
func.func @not_tileable_contractions(%a: memref<256x64x2xf32>, %b: memref<64x128xf32>,
                                     %c: memref<256x128xf32>, %x: memref<256x64xf32>,
                                     %d: memref<128x128xf32>, %b3: memref<64x128x2xf32>) {
  region.env_region #region.gpu_env<device = "XeGPU"> {
    linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k, n mod 2)>,
                                     affine_map<(m, n, k) -> (k, n)>,
                                     affine_map<(m, n, k) -> (m, n)>],
                    iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%a, %b : memref<256x64x2xf32>, memref<64x128xf32>) outs(%c : memref<256x128xf32>) {
    ^bb0(%p: f32, %q: f32, %acc: f32):
      %t = arith.mulf %p, %q : f32
      %s = arith.addf %acc, %t : f32
      linalg.yield %s : f32
    }
    linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                                     affine_map<(m, n, k) -> (k, n, m mod 2)>,
                                     affine_map<(m, n, k) -> (m, n)>],
                    iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%x, %b3 : memref<256x64xf32>, memref<64x128x2xf32>) outs(%c : memref<256x128xf32>) {
    ^bb0(%p: f32, %q: f32, %acc: f32):
      %t = arith.mulf %p, %q : f32
      %s = arith.addf %acc, %t : f32
      linalg.yield %s : f32
    }
    linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                                     affine_map<(m, n, k) -> (k, n)>,
                                     affine_map<(m, n, k) -> (m floordiv 2, n)>],
                    iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%x, %b : memref<256x64xf32>, memref<64x128xf32>) outs(%d : memref<128x128xf32>) {
    ^bb0(%p: f32, %q: f32, %acc: f32):
      %t = arith.mulf %p, %q : f32
      %s = arith.addf %acc, %t : f32
      linalg.yield %s : f32
    }
  }
  return
}

// -----

// With dynamic sizes a matmul picks at run time between tree reductions
// (few outputs, long k) and the tiled form; a batch dimension becomes
// grid z.
// CHECK-LABEL: func @batch_matmul_dynamic
// CHECK: scf.if
// CHECK:   gpu.launch
// CHECK:     memref.alloc() : memref<256xf32, 3>
// CHECK: } else {
// CHECK:   gpu.launch blocks({{.*}}) in ({{.*}}, {{.*}}, %{{.*}} = %[[BATCH:.*]]) threads
// CHECK:     memref.alloc() : memref<64x16xf32, 3>
// CHECK: }
// CHECK-NOT: linalg.batch_matmul
func.func @batch_matmul_dynamic(%a: memref<?x?x?xf32>, %b: memref<?x?x?xf32>, %c: memref<?x?x?xf32>) {
  region.env_region #region.gpu_env<device = "XeGPU"> {
    linalg.batch_matmul ins(%a, %b : memref<?x?x?xf32>, memref<?x?x?xf32>) outs(%c : memref<?x?x?xf32>)
  }
  return
}

// -----

// Subgroups for integer max (two in each of the two launches); not for
// 8-bit integers or booleans, which not every device's group arithmetic
// takes, nor for bitwise and and or, which MLIR 22 does not convert to
// SPIR-V as subgroup operations.
// SUB-LABEL: func @subgroup_types
// SUB-COUNT-4: gpu.subgroup_reduce  maxsi %{{.*}} : (i32) -> i32
// SUB-NOT: gpu.subgroup_reduce
// SUB: return
func.func @subgroup_types(%x: memref<100000xi32>, %out: memref<i32>,
                          %b: memref<100000xi8>, %bout: memref<i8>,
                          %c: memref<100000xi1>, %cout: memref<i1>,
                          %d: memref<100000xi32>, %dand: memref<i32>, %dor: memref<i32>) {
  region.env_region #region.gpu_env<device = "XeGPU"> {
    linalg.reduce ins(%x : memref<100000xi32>) outs(%out : memref<i32>) dimensions = [0]
      (%in: i32, %acc: i32) {
        %m = arith.maxsi %in, %acc : i32
        linalg.yield %m : i32
      }
    linalg.reduce ins(%b : memref<100000xi8>) outs(%bout : memref<i8>) dimensions = [0]
      (%in: i8, %acc: i8) {
        %s = arith.addi %in, %acc : i8
        linalg.yield %s : i8
      }
    linalg.reduce ins(%c : memref<100000xi1>) outs(%cout : memref<i1>) dimensions = [0]
      (%in: i1, %acc: i1) {
        %o = arith.ori %in, %acc : i1
        linalg.yield %o : i1
      }
    linalg.reduce ins(%d : memref<100000xi32>) outs(%dand : memref<i32>) dimensions = [0]
      (%in: i32, %acc: i32) {
        %a = arith.andi %in, %acc : i32
        linalg.yield %a : i32
      }
    linalg.reduce ins(%d : memref<100000xi32>) outs(%dor : memref<i32>) dimensions = [0]
      (%in: i32, %acc: i32) {
        %o = arith.ori %in, %acc : i32
        linalg.yield %o : i32
      }
  }
  return
}

// -----

// With vectorize, a thread's step is four consecutive elements of the
// innermost reduction loop, in groups that follow the 16-byte groups of the
// input's buffer: group g of row i starts at 4 g - m, m the misalignment of
// the row's start (from the offset and strides taken outside the launch;
// each thread takes it once, as there is one reduction loop), and the row
// has ceil((n + m) / 4) groups (the launch is sized for ceil((n + 3) / 4),
// which covers any m). The groups that lie whole in the row, from 1 if
// m > 0 (else 0) up to floor((n + m) / 4), are one vector load each, in a
// loop without checks; a second loop takes the others (the partial ones at
// the row's ends: step j of it is group j below the whole ones, j plus
// their count above), one by one, folded into lane 0. The input indexed by
// the rows only is loaded once per thread, before its loops, and
// broadcast; the body runs on vectors; each thread folds its four lanes
// before the workgroup step. Without vectorize, steps are single elements.
// VEC-LABEL: func @vector_steps
// VEC-SAME: (%[[X:[^:]*]]: memref<?x?xf32, strided<[?, 1], offset: ?>>, %[[M:[^:]*]]: memref<?xf32>
// VEC: %[[N:.*]] = memref.dim %[[X]], %c1
// VEC: %[[N3:.*]] = arith.addi %[[N]], %c3
// VEC: %[[STEPS:.*]] = arith.ceildivui %[[N3]], %c4
// VEC: %{{.*}}, %[[OFF:[^,]*]], %{{.*}}:2, %[[STRIDES:[^:]*]]:2 = memref.extract_strided_metadata %[[X]]
// VEC: arith.ceildivui %[[STEPS]], %c4096
// VEC: gpu.launch blocks(%{{[^,]*}}, %[[ROWID:[^,]*]], %{{[^)]*}}) in
// VEC: %[[FIRSTSTEP:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// VEC: %[[STRIDE:.*]] = arith.muli %{{.*}}, %c256
// VEC: %[[MI:.*]] = memref.load %[[M]][%[[ROWID]]]
// VEC: %[[ROW:.*]] = arith.muli %[[ROWID]], %[[STRIDES]]#0
// VEC: %[[START:.*]] = arith.addi %[[OFF]], %[[ROW]]
// VEC: %[[MIS:.*]] = arith.andi %[[START]], %c3
// VEC: %[[COVERED:.*]] = arith.addi %[[N]], %[[MIS]]
// VEC: %[[ROWSTEPS:.*]] = arith.ceildivui %[[COVERED]], %c4
// VEC: %[[PARTIALFIRST:.*]] = arith.cmpi ne, %[[MIS]], %c0
// VEC: %[[WHOLEBEGIN:.*]] = arith.select %[[PARTIALFIRST]], %c1, %c0
// VEC: %[[FLOOR:.*]] = arith.divui %[[COVERED]], %c4
// VEC: %[[WHOLEEND:.*]] = arith.maxui %[[WHOLEBEGIN]], %[[FLOOR]]
// VEC: %[[WHOLECOUNT:.*]] = arith.subi %[[WHOLEEND]], %[[WHOLEBEGIN]]
// VEC: %[[BEGIN:.*]] = arith.addi %[[WHOLEBEGIN]], %[[FIRSTSTEP]]
// VEC: %[[VSUM:.*]] = scf.for %[[G:.*]] = %[[BEGIN]] to %[[WHOLEEND]] step %[[STRIDE]] iter_args(%[[ACC:.*]] = %{{.*}}) -> (vector<4xf32>) {
// VEC-NEXT:   %[[G4:.*]] = arith.muli %[[G]], %c4
// VEC-NEXT:   %[[FIRST:.*]] = arith.subi %[[G4]], %[[MIS]]
// VEC-NEXT:   %[[X4:.*]] = vector.load %[[X]][%[[ROWID]], %[[FIRST]]] {alignment = 4 : i64, imexc.aligned_vector} : memref<?x?xf32, strided<[?, 1], offset: ?>>, vector<4xf32>
// VEC-NEXT:   %[[MV:.*]] = vector.broadcast %[[MI]] : f32 to vector<4xf32>
// VEC-NEXT:   %[[D:.*]] = arith.subf %[[X4]], %[[MV]] : vector<4xf32>
// VEC-NEXT:   %[[E:.*]] = math.exp %[[D]] : vector<4xf32>
// VEC-NEXT:   %[[VNEXT:.*]] = arith.addf %[[ACC]], %[[E]] : vector<4xf32>
// VEC-NEXT:   scf.yield %[[VNEXT]]
// VEC: %[[OTHERS:.*]] = arith.subi %[[ROWSTEPS]], %[[WHOLECOUNT]]
// VEC: %[[SUM:.*]] = scf.for %[[J:.*]] = %[[FIRSTSTEP]] to %[[OTHERS]] step %[[STRIDE]] iter_args(%[[PACC:.*]] = %[[VSUM]]) -> (vector<4xf32>) {
// VEC-NEXT:   %[[BELOW:.*]] = arith.cmpi ult, %[[J]], %[[WHOLEBEGIN]]
// VEC-NEXT:   %[[ABOVE:.*]] = arith.addi %[[J]], %[[WHOLECOUNT]]
// VEC-NEXT:   %[[PG:.*]] = arith.select %[[BELOW]], %[[J]], %[[ABOVE]]
// VEC-NEXT:   %[[PG4:.*]] = arith.muli %[[PG]], %c4
// VEC-NEXT:   %[[PFIRST:.*]] = arith.subi %[[PG4]], %[[MIS]]
// VEC-NEXT:   %[[PEND:.*]] = arith.addi %[[PFIRST]], %c4
// VEC-NEXT:   %[[LO:.*]] = arith.maxsi %[[PFIRST]], %c0
// VEC-NEXT:   %[[HI:.*]] = arith.minsi %[[PEND]], %[[N]]
// VEC-NEXT:   %[[LANE0:.*]] = scf.for %[[K:.*]] = %[[LO]] to %[[HI]] step %c1 iter_args(%[[A:.*]] = %[[ZERO:.*]]) -> (f32) {
// VEC-NEXT:     %[[XK:.*]] = memref.load %[[X]][%[[ROWID]], %[[K]]]
// VEC-NEXT:     %[[DK:.*]] = arith.subf %[[XK]], %[[MI]] : f32
// VEC-NEXT:     %[[EK:.*]] = math.exp %[[DK]] : f32
// VEC-NEXT:     arith.addf %[[A]], %[[EK]] : f32
// VEC:       %[[PARTIAL:.*]] = vector.insert %[[LANE0]], %[[ZEROS:.*]] [0] : f32 into vector<4xf32>
// VEC-NEXT:  %[[NEXT:.*]] = arith.addf %[[PACC]], %[[PARTIAL]] : vector<4xf32>
// VEC-NEXT:  scf.yield %[[NEXT]]
// VEC: %[[L0:.*]] = vector.extract %[[SUM]][0]
// VEC: %[[L1:.*]] = vector.extract %[[SUM]][1]
// VEC: %[[S01:.*]] = arith.addf %[[L0]], %[[L1]]
// VEC: %[[L2:.*]] = vector.extract %[[SUM]][2]
// VEC: %[[S012:.*]] = arith.addf %[[S01]], %[[L2]]
// VEC: %[[L3:.*]] = vector.extract %[[SUM]][3]
// VEC: %[[TOTAL:.*]] = arith.addf %[[S012]], %[[L3]]
// VEC: memref.store %[[TOTAL]]
// VEC: gpu.barrier
// CHECK-LABEL: func @vector_steps
// CHECK-NOT: vector
// CHECK: return
func.func @vector_steps(%x: memref<?x?xf32, strided<[?, 1], offset: ?>>, %m: memref<?xf32>, %out: memref<?xf32>) {
  region.env_region #region.gpu_env<device = "XeGPU"> {
    linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i)>],
                    iterator_types = ["parallel", "reduction"]}
        ins(%x, %m : memref<?x?xf32, strided<[?, 1], offset: ?>>, memref<?xf32>) outs(%out : memref<?xf32>) {
    ^bb0(%in: f32, %max: f32, %acc: f32):
      %d = arith.subf %in, %max : f32
      %e = math.exp %d : f32
      %s = arith.addf %e, %acc : f32
      linalg.yield %s : f32
    }
  }
  return
}

// -----

// Steps stay single elements for 64-bit inputs or results, for an input
// whose last index is not the innermost reduction loop (a transposed read)
// or that indexes it twice (a diagonal), for a view whose rows are not
// contiguous, for a body that uses the innermost reduction loop's index,
// for 16-bit inputs, and for rows known to be shorter than a group (here
// rows of 3 under an outer reduction loop of 100).
// VEC-LABEL: func @element_steps
// VEC-NOT: vector
// VEC: gpu.launch
// VEC-NOT: vector
// VEC: return
func.func @element_steps(%x: memref<?x?xf64>, %xout: memref<?xf64>,
                         %t: memref<?x?xf32>, %tout: memref<?xf32>,
                         %v: memref<?x?xf32, strided<[?, 2]>>, %vout: memref<?xf32>,
                         %w: memref<?x?xi32>, %wout: memref<?xi32>,
                         %y: memref<?x?xf32>, %yout: memref<?xf64>,
                         %d: memref<?x?xf32>, %dout: memref<?xf32>,
                         %h: memref<?x?xf16>, %hout: memref<?xf32>,
                         %short: memref<?x100x3xf32>, %shortout: memref<?xf32>) {
  region.env_region #region.gpu_env<device = "XeGPU"> {
    linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                    iterator_types = ["parallel", "reduction"]}
        ins(%x : memref<?x?xf64>) outs(%xout : memref<?xf64>) {
    ^bb0(%in: f64, %acc: f64):
      %s = arith.addf %in, %acc : f64
      linalg.yield %s : f64
    }
    linalg.generic {indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (i)>],
                    iterator_types = ["parallel", "reduction"]}
        ins(%t : memref<?x?xf32>) outs(%tout : memref<?xf32>) {
    ^bb0(%in: f32, %acc: f32):
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
    linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                    iterator_types = ["parallel", "reduction"]}
        ins(%v : memref<?x?xf32, strided<[?, 2]>>) outs(%vout : memref<?xf32>) {
    ^bb0(%in: f32, %acc: f32):
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
    linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                    iterator_types = ["parallel", "reduction"]}
        ins(%w : memref<?x?xi32>) outs(%wout : memref<?xi32>) {
    ^bb0(%in: i32, %acc: i32):
      %j = linalg.index 1 : index
      %ji = arith.index_cast %j : index to i32
      %p = arith.muli %in, %ji : i32
      %s = arith.maxsi %p, %acc : i32
      linalg.yield %s : i32
    }
    linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                    iterator_types = ["parallel", "reduction"]}
        ins(%y : memref<?x?xf32>) outs(%yout : memref<?xf64>) {
    ^bb0(%in: f32, %acc: f64):
      %e = arith.extf %in : f32 to f64
      %s = arith.addf %e, %acc : f64
      linalg.yield %s : f64
    }
    linalg.generic {indexing_maps = [affine_map<(i, j) -> (j, j)>, affine_map<(i, j) -> (i)>],
                    iterator_types = ["parallel", "reduction"]}
        ins(%d : memref<?x?xf32>) outs(%dout : memref<?xf32>) {
    ^bb0(%in: f32, %acc: f32):
      %u = arith.addf %in, %acc : f32
      linalg.yield %u : f32
    }
    linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                    iterator_types = ["parallel", "reduction"]}
        ins(%h : memref<?x?xf16>) outs(%hout : memref<?xf32>) {
    ^bb0(%in: f16, %acc: f32):
      %e = arith.extf %in : f16 to f32
      %u = arith.addf %e, %acc : f32
      linalg.yield %u : f32
    }
    linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>, affine_map<(i, j, k) -> (i)>],
                    iterator_types = ["parallel", "reduction", "reduction"]}
        ins(%short : memref<?x100x3xf32>) outs(%shortout : memref<?xf32>) {
    ^bb0(%in: f32, %acc: f32):
      %u = arith.addf %in, %acc : f32
      linalg.yield %u : f32
    }
  }
  return
}

// -----

// Two vector inputs (a row dot product): the groups follow the first one's
// buffer, and the second one's part of a group must start a 16-byte group
// of its own buffer for the vector loads. That is the same for every group
// of a row, so each thread checks it once per row, at the first whole
// group: where it fails, the whole range is empty and every group goes one
// by one.
// VEC-LABEL: func @row_dots
// VEC-SAME: (%[[X:[^:]*]]: memref<?x?xf32>, %[[Y:[^:]*]]: memref<?x?xf32, strided<[?, 1], offset: ?>>
// VEC: %{{.*}}, %[[YOFF:[^,]*]], %{{.*}}:2, %[[YSTRIDES:[^:]*]]:2 = memref.extract_strided_metadata %[[Y]]
// VEC: gpu.launch
// VEC: %[[MIS:.*]] = arith.andi %{{.*}}, %c3
// VEC: %[[WHOLEBEGIN:.*]] = arith.select %{{.*}}, %c1, %c0
// VEC: %[[WHOLEEND:.*]] = arith.maxui %[[WHOLEBEGIN]], %{{.*}}
// VEC: %[[G4:.*]] = arith.muli %[[WHOLEBEGIN]], %c4
// VEC: %[[FIRST:.*]] = arith.subi %[[G4]], %[[MIS]]
// VEC: %[[YROW:.*]] = arith.muli %{{.*}}, %[[YSTRIDES]]#0
// VEC: %[[YSTART:.*]] = arith.addi %[[YOFF]], %[[YROW]]
// VEC: %[[YLIN:.*]] = arith.addi %[[YSTART]], %[[FIRST]]
// VEC: %[[YLOW:.*]] = arith.andi %[[YLIN]], %c3
// VEC: %[[YOK:.*]] = arith.cmpi eq, %[[YLOW]], %c0
// VEC: %[[BEGIN:.*]] = arith.select %[[YOK]], %[[WHOLEBEGIN]], %c0
// VEC: %[[END:.*]] = arith.select %[[YOK]], %[[WHOLEEND]], %c0
// VEC: scf.for %{{.*}} = %{{.*}} to %[[END]] step
// VEC-NOT: scf.if
// VEC:   %[[X4:.*]] = vector.load %[[X]]
// VEC:   %[[Y4:.*]] = vector.load %[[Y]]
// VEC:   arith.mulf %[[X4]], %[[Y4]] : vector<4xf32>
// VEC: scf.for
// VEC:   memref.load %[[X]]
// VEC:   memref.load %[[Y]]
func.func @row_dots(%x: memref<?x?xf32>, %y: memref<?x?xf32, strided<[?, 1], offset: ?>>, %out: memref<?xf32>) {
  region.env_region #region.gpu_env<device = "XeGPU"> {
    linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                    iterator_types = ["parallel", "reduction"]}
        ins(%x, %y : memref<?x?xf32>, memref<?x?xf32, strided<[?, 1], offset: ?>>) outs(%out : memref<?xf32>) {
    ^bb0(%a: f32, %b: f32, %acc: f32):
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %p, %acc : f32
      linalg.yield %s : f32
    }
  }
  return
}

// -----

// Under an outer reduction loop, each step's row starts elsewhere: the
// misalignment is taken in every step, and the loop runs over the launch's
// ceil((n + 3) / 4) groups per row.
// VEC-LABEL: func @plane_steps
// VEC: %[[N:.*]] = memref.dim %{{.*}}, %c2
// VEC: %[[N3:.*]] = arith.addi %[[N]], %c3
// VEC: %[[GROUPS:.*]] = arith.ceildivui %[[N3]], %c4
// VEC: %[[STEPS:.*]] = arith.muli %{{.*}}, %[[GROUPS]]
// VEC: gpu.launch
// VEC: scf.for %{{.*}} = %{{.*}} to %[[STEPS]] step
// VEC:   arith.remui
// VEC:   %[[LOW:.*]] = arith.andi %{{.*}}, %c3
// VEC:   arith.subi %{{.*}}, %[[LOW]]
// VEC:   scf.if
// VEC:     vector.load
func.func @plane_steps(%x: memref<?x?x?xf32>, %out: memref<?xf32>) {
  region.env_region #region.gpu_env<device = "XeGPU"> {
    linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>, affine_map<(i, j, k) -> (i)>],
                    iterator_types = ["parallel", "reduction", "reduction"]}
        ins(%x : memref<?x?x?xf32>) outs(%out : memref<?xf32>) {
    ^bb0(%in: f32, %acc: f32):
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  }
  return
}

// -----

// A reduction that keeps its reduced dimension as size 1 (output map
// (d0, 0, d2)): a workgroup reduction per (d0, d2), whose result goes to
// index 0 of the kept dimension.
// CHECK-LABEL: func @keep_middle
// CHECK-SAME: (%[[X:.*]]: memref<2x300x3xf32>, %[[OUT:.*]]: memref<2x1x3xf32>)
// CHECK: gpu.launch
// CHECK:   scf.for
// CHECK:     memref.load %[[X]]
// CHECK:   gpu.barrier
// CHECK:   %[[INIT:.*]] = memref.load %[[OUT]][%{{.*}}, %c0, %{{.*}}]
// CHECK:   %[[SUM:.*]] = arith.addf %[[INIT]]
// CHECK:   memref.store %[[SUM]], %[[OUT]][%{{.*}}, %c0, %{{.*}}]
func.func @keep_middle(%x: memref<2x300x3xf32>, %out: memref<2x1x3xf32>) {
  region.env_region #region.gpu_env<device = "gpu"> {
    linalg.generic {indexing_maps = [affine_map<(a, b, c) -> (a, b, c)>, affine_map<(a, b, c) -> (a, 0, c)>],
                    iterator_types = ["parallel", "reduction", "parallel"]}
        ins(%x : memref<2x300x3xf32>) outs(%out : memref<2x1x3xf32>) {
    ^bb0(%v: f32, %acc: f32):
      %s = arith.addf %v, %acc : f32
      linalg.yield %s : f32
    }
  }
  return
}

// -----

// Many outputs that keep the reduced dimension: one thread per output,
// the op's parallel loops moved outward (the kept dimension stays a zero).
// CHECK-LABEL: func @keep_middle_many
// CHECK-NOT: gpu.launch
// CHECK: linalg.generic {indexing_maps = [#{{.*}}, #[[KEPT:.*]]], iterator_types = ["parallel", "parallel", "reduction"]}
// CHECK-SAME: outs(%{{.*}} : memref<4096x1x16xf32>)
func.func @keep_middle_many(%x: memref<4096x5x16xf32>, %out: memref<4096x1x16xf32>) {
  region.env_region #region.gpu_env<device = "gpu"> {
    linalg.generic {indexing_maps = [affine_map<(a, b, c) -> (a, b, c)>, affine_map<(a, b, c) -> (a, 0, c)>],
                    iterator_types = ["parallel", "reduction", "parallel"]}
        ins(%x : memref<4096x5x16xf32>) outs(%out : memref<4096x1x16xf32>) {
    ^bb0(%v: f32, %acc: f32):
      %s = arith.addf %v, %acc : f32
      linalg.yield %s : f32
    }
  }
  return
}

// -----

// acc - x subtracts every element from the initial value: a sum of the
// negated elements (a - b is a + -b exactly), so a workgroup reduction;
// integers negate as 0 - x. x - acc alternates signs: not a reduction of
// one combiner, left alone.
// CHECK-LABEL: func @subtract_all
// CHECK-SAME: (%[[X:.*]]: memref<70001xf32>, %{{.*}}: memref<f32>, %[[I:.*]]: memref<70001xi32>,
// CHECK: gpu.launch
// CHECK:   %[[V:.*]] = memref.load %[[X]]
// CHECK:   %[[N:.*]] = arith.negf %[[V]] : f32
// CHECK:   arith.addf %{{.*}}, %[[N]] : f32
// CHECK: gpu.launch
// CHECK:   %[[W:.*]] = memref.load %[[I]]
// CHECK:   %[[M:.*]] = arith.subi %c0_i32, %[[W]] : i32
// CHECK:   arith.addi %{{.*}}, %[[M]] : i32
// CHECK: linalg.generic
// CHECK:   arith.subf %{{.*}}, %{{.*}} : f32
// VEC-LABEL: func @subtract_all
// VEC: arith.negf %{{.*}} : vector<4xf32>
func.func @subtract_all(%x: memref<70001xf32>, %out: memref<f32>, %i: memref<70001xi32>, %iout: memref<i32>) {
  region.env_region #region.gpu_env<device = "gpu"> {
    linalg.generic {indexing_maps = [affine_map<(k) -> (k)>, affine_map<(k) -> ()>], iterator_types = ["reduction"]}
        ins(%x : memref<70001xf32>) outs(%out : memref<f32>) {
    ^bb0(%v: f32, %acc: f32):
      %s = arith.subf %acc, %v : f32
      linalg.yield %s : f32
    }
    linalg.generic {indexing_maps = [affine_map<(k) -> (k)>, affine_map<(k) -> ()>], iterator_types = ["reduction"]}
        ins(%i : memref<70001xi32>) outs(%iout : memref<i32>) {
    ^bb0(%v: i32, %acc: i32):
      %s = arith.subi %acc, %v : i32
      linalg.yield %s : i32
    }
    linalg.generic {indexing_maps = [affine_map<(k) -> (k)>, affine_map<(k) -> ()>], iterator_types = ["reduction"]}
        ins(%x : memref<70001xf32>) outs(%out : memref<f32>) {
    ^bb0(%v: f32, %acc: f32):
      %s = arith.subf %v, %acc : f32
      linalg.yield %s : f32
    }
  }
  return
}

// -----

// A reduction inside the iterations of a parallel loop of the region (an
// offloaded scf.forall's: each iteration is a thread) runs within its
// thread: no launch of its own, left to the loop conversions.
// CHECK-LABEL: func.func @in_parallel_iterations
// CHECK-NOT: gpu.launch
// CHECK: scf.parallel
// CHECK: linalg.generic
func.func @in_parallel_iterations(%a: memref<4x1025xf32>, %out: memref<4xf32>) {
  region.env_region #region.gpu_env<device = "gpu"> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
      %row = memref.subview %a[%i, 0] [1, 1025] [1, 1] : memref<4x1025xf32> to memref<1025xf32, strided<[1], offset: ?>>
      %o = memref.subview %out[%i] [1] [1] : memref<4xf32> to memref<f32, strided<[], offset: ?>>
      linalg.generic {indexing_maps = [affine_map<(j) -> (j)>, affine_map<(j) -> ()>], iterator_types = ["reduction"]}
          ins(%row : memref<1025xf32, strided<[1], offset: ?>>) outs(%o : memref<f32, strided<[], offset: ?>>) {
      ^bb0(%x: f32, %acc: f32):
        %s = arith.addf %x, %acc : f32
        linalg.yield %s : f32
      }
      scf.reduce
    }
  }
  return
}
