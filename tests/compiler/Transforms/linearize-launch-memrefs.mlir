// RUN: imex-opt %s -linearize-launch-memrefs -split-input-file | FileCheck %s

// A 2-D memref with dynamic sizes is read and written through a flat view
// of its base buffer; the metadata is taken before the launch.
// CHECK-LABEL: func.func @dynamic_2d
// CHECK-SAME: (%[[M:.*]]: memref<?x?xf32>
// CHECK:      %[[BASE:.*]], %[[OFF:.*]], %[[SIZES:.*]]:2, %[[STRIDES:.*]]:2 = memref.extract_strided_metadata %[[M]]
// CHECK:      %[[FLAT:.*]] = memref.reinterpret_cast %[[BASE]] to offset: [0], sizes: [%{{.*}}], strides: [1] : memref<f32> to memref<?xf32>
// CHECK:      gpu.launch
// CHECK:        %[[A:.*]] = arith.muli %{{.*}}, %[[STRIDES]]#0
// CHECK:        %[[B:.*]] = arith.addi %[[OFF]], %[[A]]
// CHECK:        %[[C:.*]] = arith.muli %{{.*}}, %[[STRIDES]]#1
// CHECK:        %[[I:.*]] = arith.addi %[[B]], %[[C]]
// CHECK:        %[[V:.*]] = memref.load %[[FLAT]][%[[I]]] : memref<?xf32>
// CHECK:        memref.store %{{.*}}, %[[FLAT]][%{{.*}}] : memref<?xf32>
// CHECK-NOT:    memref.load %[[M]]
func.func @dynamic_2d(%m: memref<?x?xf32>, %n: index) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %n, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %v = memref.load %m[%bx, %by] : memref<?x?xf32>
    %w = arith.addf %v, %v : f32
    memref.store %w, %m[%by, %bx] : memref<?x?xf32>
    gpu.terminator
  }
  return
}

// -----

// Vector loads and stores (of vectorize-gpu-parallel-loops) run along the
// innermost dimension: they move to the flat view at the linear index of
// their first element, keeping their vector type and alignment.
// CHECK-LABEL: func.func @vectors
// CHECK:      %[[BASE:.*]], %[[OFF:.*]], %{{.*}}:2, %[[STRIDES:.*]]:2 = memref.extract_strided_metadata
// CHECK:      %[[FLAT:.*]] = memref.reinterpret_cast %[[BASE]]
// CHECK:      gpu.launch
// CHECK:        %[[J:.*]] = arith.muli %{{.*}}, %c4
// CHECK:        arith.muli %{{.*}}, %[[STRIDES]]#0
// CHECK:        %[[ROW:.*]] = arith.addi %[[OFF]]
// CHECK:        %[[COL:.*]] = arith.muli %[[J]], %[[STRIDES]]#1
// CHECK:        %[[I:.*]] = arith.addi %[[ROW]], %[[COL]]
// CHECK:        %[[V:.*]] = vector.load %[[FLAT]][%[[I]]] {alignment = 4 : i64} : memref<?xf32>, vector<4xf32>
// CHECK:        vector.store %[[V]], %[[FLAT]][%{{.*}}] {alignment = 4 : i64} : memref<?xf32>, vector<4xf32>
// A vector known to be aligned (vectorize-gpu-parallel-loops's) gets its
// index with the low bits cleared, which shows it:
// CHECK:        %[[ROW2:.*]] = arith.addi %[[OFF]]
// CHECK:        %[[K:.*]] = arith.addi %[[ROW2]]
// CHECK:        %[[M:.*]] = arith.andi %[[K]], %c-4
// CHECK:        vector.load %[[FLAT]][%[[M]]] {alignment = 4 : i64, imexc.aligned_vector}
func.func @vectors(%m: memref<?x?xf32, strided<[?, 1], offset: ?>>, %n: index) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %n, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %j = arith.muli %by, %c4 : index
    %v = vector.load %m[%bx, %j] {alignment = 4} : memref<?x?xf32, strided<[?, 1], offset: ?>>, vector<4xf32>
    vector.store %v, %m[%by, %j] {alignment = 4} : memref<?x?xf32, strided<[?, 1], offset: ?>>, vector<4xf32>
    %w = vector.load %m[%bx, %j] {alignment = 4, imexc.aligned_vector} : memref<?x?xf32, strided<[?, 1], offset: ?>>, vector<4xf32>
    gpu.terminator
  }
  return
}

// -----

// A vector of two dimensions spans rows: the memref is not linearized.
// CHECK-LABEL: func.func @vectors_left_alone
// CHECK-NOT:  memref.reinterpret_cast
// CHECK:      vector.load %{{.*}} : memref<?x?xf32>, vector<2x4xf32>
func.func @vectors_left_alone(%m: memref<?x?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %v = vector.load %m[%bx, %c0] : memref<?x?xf32>, vector<2x4xf32>
    gpu.terminator
  }
  return
}

// -----

// A strided 1-D view gets its offset and stride from the metadata; a
// memref.dim in the body becomes the host-side size.
// CHECK-LABEL: func.func @strided_view
// CHECK:      %[[V:.*]] = memref.subview
// CHECK:      %{{.*}}, %[[OFF:.*]], %[[SIZE:.*]], %[[STRIDE:.*]] = memref.extract_strided_metadata %[[V]]
// CHECK:      gpu.launch
// CHECK:        arith.muli %{{.*}}, %[[STRIDE]]
// CHECK:        arith.addi %[[OFF]], %{{.*}}
// CHECK:        memref.store %[[SIZE]]
func.func @strided_view(%a: memref<16xindex>, %n: index) {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %v = memref.subview %a[1] [%n] [2] : memref<16xindex> to memref<?xindex, strided<[2], offset: 1>>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %d = memref.dim %v, %c0 : memref<?xindex, strided<[2], offset: 1>>
    memref.store %d, %v[%bx] : memref<?xindex, strided<[2], offset: 1>>
    gpu.terminator
  }
  return
}

// -----

// A 0-d view at an offset (a reduction's init that a branch chose) is read
// and written at its offset.
// CHECK-LABEL: func.func @offset_scalar
// CHECK:      %{{.*}}, %[[OFF:.*]] = memref.extract_strided_metadata %arg0
// CHECK:      gpu.launch
// CHECK:        memref.load %{{.*}}[%[[OFF]]] : memref<?xf32>
// CHECK:        memref.store %{{.*}}, %{{.*}}[%[[OFF]]] : memref<?xf32>
func.func @offset_scalar(%s: memref<f32, strided<[], offset: ?>>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %x = memref.load %s[] : memref<f32, strided<[], offset: ?>>
    %y = arith.addf %x, %x : f32
    memref.store %y, %s[] : memref<f32, strided<[], offset: ?>>
    gpu.terminator
  }
  return
}

// -----

// Identity 1-D and 0-d memrefs are indexed as they are; a memref with
// another kind of use in the launch (here an atomic update) is left alone.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: memref.extract_strided_metadata
// CHECK: memref.load %arg0[%{{.*}}] : memref<?xf32>
// CHECK: memref.load %arg1[] : memref<f32>
// CHECK: memref.atomic_rmw addf %{{.*}}, %arg2[%{{.*}}, %{{.*}}] : (f32, memref<4x4xf32>) -> f32
func.func @left_alone(%a: memref<?xf32>, %s: memref<f32>, %m: memref<4x4xf32>, %n: index) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %x = memref.load %a[%bx] : memref<?xf32>
    %y = memref.load %s[] : memref<f32>
    %z = arith.addf %x, %y : f32
    %old = memref.atomic_rmw addf %z, %m[%bx, %bx] : (f32, memref<4x4xf32>) -> f32
    gpu.terminator
  }
  return
}

// -----

// A view taken inside the launch (a row per block, as an offloaded
// forall's iterations take theirs) folds into the accesses through it,
// which then index the captured memref linearly; the view is gone.
// CHECK-LABEL: func.func @view_inside_launch
// CHECK: %{{.*}}, %[[OFF:.*]], %{{.*}}:2, %[[STRIDES:.*]]:2 = memref.extract_strided_metadata %arg1
// CHECK: %[[FLAT:.*]] = memref.reinterpret_cast
// CHECK: gpu.launch blocks(%[[BX:[^,]*]],
// CHECK-NOT: memref.subview
// CHECK: %[[ROW:.*]] = arith.muli %[[BX]], %[[STRIDES]]#0
// CHECK: %[[AT:.*]] = arith.addi %[[OFF]], %[[ROW]]
// CHECK: %[[COL:.*]] = arith.muli %[[BX]], %[[STRIDES]]#1
// CHECK: %[[I:.*]] = arith.addi %[[AT]], %[[COL]]
// CHECK: memref.store %{{.*}}, %[[FLAT]][%[[I]]] : memref<?xf32>
func.func @view_inside_launch(%v: f32, %m: memref<4x4xf32>, %n: index) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %row = memref.subview %m[%bx, 0] [1, 4] [1, 1] : memref<4x4xf32> to memref<4xf32, strided<[1], offset: ?>>
    memref.store %v, %row[%bx] : memref<4xf32, strided<[1], offset: ?>>
    gpu.terminator
  }
  return
}

// -----

// Memrefs outside launches are not touched.
// CHECK-LABEL: func.func @host_only
// CHECK-NOT: memref.extract_strided_metadata
// CHECK: memref.load %arg0[%arg1, %arg1] : memref<?x?xf32>
func.func @host_only(%m: memref<?x?xf32>, %i: index) -> f32 {
  %v = memref.load %m[%i, %i] : memref<?x?xf32>
  return %v : f32
}
