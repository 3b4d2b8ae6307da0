// IMEX's tile-loops: linalg ops tiled into scf.forall with the given sizes
// (IMEX's own test runs it twice: tiles of 32, then of 1 inside them); with
// in-regions only inside GPU env_regions; sizes that do not fit an op leave
// it as it is.
// RUN: imex-opt --split-input-file -tile-loops='tile-sizes=32' -tile-loops='tile-sizes=1' %s | FileCheck %s
// RUN: imex-opt --split-input-file -tile-loops='tile-sizes=8 in-regions=true min-tile-factor=4' %s | FileCheck %s --check-prefix=REGIONS
// RUN: imex-opt --split-input-file -tile-loops='tile-sizes=4,4,4' %s | FileCheck %s --check-prefix=NOFIT

#id = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @add
// CHECK:         scf.forall (%[[I:.*]]) = (0) to (129) step (32) shared_outs(%{{.*}} = %{{.*}}) -> (tensor<129xf32>)
// CHECK:           %[[MIN:.*]] = affine.min
// CHECK:           tensor.extract_slice %{{.*}}[%[[I]]] [%[[MIN]]] [1] : tensor<129xf32> to tensor<?xf32>
// CHECK:           scf.forall (%{{.*}}) in (%[[MIN]]) shared_outs(%{{.*}} = %{{.*}}) -> (tensor<?xf32>)
// CHECK:             linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<1xf32>, tensor<1xf32>) outs(%{{.*}} : tensor<1xf32>)
// CHECK:             scf.forall.in_parallel
// CHECK:               tensor.parallel_insert_slice
// CHECK:           scf.forall.in_parallel
// CHECK:             tensor.parallel_insert_slice
// REGIONS-LABEL: func.func @add
// REGIONS-NOT:     scf.forall
// NOFIT-LABEL: func.func @add
// NOFIT-NOT:     scf.forall
func.func @add(%a: tensor<129xf32>, %b: tensor<129xf32>, %c: tensor<129xf32>) -> tensor<129xf32> {
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<129xf32>, tensor<129xf32>) outs(%c : tensor<129xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<129xf32>
  return %r : tensor<129xf32>
}

// -----

// REGIONS-LABEL: func.func @in_region
// REGIONS:         region.env_region #region.gpu_env<device = "XeGPU">
// REGIONS:           scf.forall (%{{.*}}) = (0) to (16) step (8)
// REGIONS:         region.env_region "host"
// REGIONS-NOT:       scf.forall
#id = affine_map<(d0) -> (d0)>
func.func @in_region(%a: tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>) {
  %g = region.env_region #region.gpu_env<device = "XeGPU"> -> tensor<16xf32> {
    %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%a : tensor<16xf32>) outs(%a : tensor<16xf32>) {
    ^bb0(%x: f32, %o: f32):
      %s = arith.addf %x, %x : f32
      linalg.yield %s : f32
    } -> tensor<16xf32>
    region.env_region_yield %r : tensor<16xf32>
  }
  %h = region.env_region "host" -> tensor<16xf32> {
    %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%a : tensor<16xf32>) outs(%a : tensor<16xf32>) {
    ^bb0(%x: f32, %o: f32):
      %s = arith.mulf %x, %x : f32
      linalg.yield %s : f32
    } -> tensor<16xf32>
    region.env_region_yield %r : tensor<16xf32>
  }
  return %g, %h : tensor<16xf32>, tensor<16xf32>
}

// -----

// A non-zero size on a reduction loop leaves the op alone: the parallel
// tiles would race on the partial sums.
// RUN: imex-opt --split-input-file -tile-loops='tile-sizes=0,0,16' %s | FileCheck %s --check-prefix=REDUCTION
// REDUCTION-LABEL: func.func @matmul
// REDUCTION-NOT:     scf.forall
func.func @matmul(%a: tensor<8x32xf32>, %b: tensor<32x8xf32>, %c: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<8x32xf32>, tensor<32x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}
