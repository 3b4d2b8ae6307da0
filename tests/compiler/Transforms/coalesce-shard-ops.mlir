// RUN: imex-opt %s --coalesce-shard-ops -split-input-file | FileCheck %s
// RUN: imex-opt %s --coalesce-shard-ops -split-input-file 2>&1 >/dev/null | FileCheck %s --check-prefix=ERR

// The inputs are what sharding-propagation gives for the ndarray code in the
// comments (with redundant shard.sharding ops merged).

// Exactly the three incomplete inputs at the end are reported on stderr.
// ERR-COUNT-3: Non-existing or incomplete sharding. Skipping coalescing shard ops.
// ERR-NOT:     Non-existing

shard.grid @grid4(shape = 4)

// The insert_slice source layout [0, 3, 7, 11, 14] is propagated back through
// tosa.add into both views; `a` gets halos [1, 1] so that both views are
// local, shared by one annotation of `a`. The views' old layouts are gone.
// CHECK-LABEL: func.func @stencil
// CHECK:       %[[S:.*]] = shard.sharding @grid4 split_axes = {{\[\[}}0]] : !shard.sharding
// CHECK-NEXT:  %[[A:.*]] = shard.shard %arg0 to %[[S]] : tensor<16xf32>
// CHECK-NEXT:  %[[B:.*]] = shard.shard %arg1 to %[[S]] : tensor<16xf32>
// CHECK-NEXT:  %[[H:.*]] = shard.sharding @grid4 split_axes = {{\[\[}}0]] halo_sizes = [1, 1] : !shard.sharding
// CHECK-NEXT:  %[[AH:.*]] = shard.shard %[[A]] to %[[H]] annotate_for_users : tensor<16xf32>
// CHECK-NEXT:  %[[V1:.*]] = ndarray.subview %[[AH]][0] [14] [1]
// CHECK-NEXT:  %[[T:.*]] = shard.sharding @grid4 split_axes = {{\[\[}}0]] sharded_dims_offsets = [0, 3, 7, 11, 14] : !shard.sharding
// CHECK-NEXT:  %[[V1S:.*]] = shard.shard %[[V1]] to %[[T]] : tensor<14xf32>
// CHECK-NEXT:  %[[V2:.*]] = ndarray.subview %[[AH]][2] [14] [1]
// CHECK-NEXT:  %[[V2S:.*]] = shard.shard %[[V2]] to %[[T]] : tensor<14xf32>
// CHECK-NEXT:  %[[U1:.*]] = shard.shard %[[V1S]] to %[[T]] annotate_for_users : tensor<14xf32>
// CHECK-NEXT:  %[[U2:.*]] = shard.shard %[[V2S]] to %[[T]] annotate_for_users : tensor<14xf32>
// CHECK-NEXT:  %[[SUM:.*]] = tosa.add %[[U1]], %[[U2]]
// CHECK-NEXT:  %[[SUMS:.*]] = shard.shard %[[SUM]] to %[[T]] : tensor<14xf32>
// CHECK-NEXT:  %[[B1:.*]] = shard.shard %[[B]] to %[[S]] annotate_for_users : tensor<16xf32>
// CHECK-NEXT:  %[[T2:.*]] = shard.sharding @grid4 split_axes = {{\[\[}}0]] sharded_dims_offsets = [0, 3, 7, 11, 14] : !shard.sharding
// CHECK-NEXT:  %[[SRC:.*]] = shard.shard %[[SUMS]] to %[[T2]] annotate_for_users : tensor<14xf32>
// CHECK-NEXT:  %[[R:.*]] = ndarray.insert_slice %[[SRC]] into %[[B1]][1] [14] [1]
// CHECK-NEXT:  shard.shard %[[R]] to %[[S]] : tensor<16xf32>
// b[1:15] = a[0:14] + a[2:16], as sharding-propagation annotates it.
func.func @stencil(%arg0: tensor<16xf32>, %arg1: tensor<16xf32>) -> tensor<16xf32> {
  %s = shard.sharding @grid4 split_axes = [[0]] : !shard.sharding
  %a = shard.shard %arg0 to %s : tensor<16xf32>
  %b = shard.shard %arg1 to %s : tensor<16xf32>
  %a1 = shard.shard %a to %s annotate_for_users : tensor<16xf32>
  %v1 = ndarray.subview %a1[0] [14] [1] : tensor<16xf32> to tensor<14xf32>
  %n1 = shard.sharding @grid4 split_axes = [[0]] sharded_dims_offsets = [0, 4, 8, 12, 14] : !shard.sharding
  %v1s = shard.shard %v1 to %n1 : tensor<14xf32>
  %a2 = shard.shard %a to %s annotate_for_users : tensor<16xf32>
  %v2 = ndarray.subview %a2[2] [14] [1] : tensor<16xf32> to tensor<14xf32>
  %n2 = shard.sharding @grid4 split_axes = [[0]] sharded_dims_offsets = [0, 2, 6, 10, 14] : !shard.sharding
  %v2s = shard.shard %v2 to %n2 : tensor<14xf32>
  %u1 = shard.shard %v1s to %s annotate_for_users : tensor<14xf32>
  %u2 = shard.shard %v2s to %s annotate_for_users : tensor<14xf32>
  %sum = tosa.add %u1, %u2 : (tensor<14xf32>, tensor<14xf32>) -> tensor<14xf32>
  %sums = shard.shard %sum to %s : tensor<14xf32>
  %b1 = shard.shard %b to %s annotate_for_users : tensor<16xf32>
  %t = shard.sharding @grid4 split_axes = [[0]] sharded_dims_offsets = [0, 3, 7, 11, 14] : !shard.sharding
  %src = shard.shard %sums to %t annotate_for_users : tensor<14xf32>
  %r = ndarray.insert_slice %src into %b1[1] [14] [1] : tensor<14xf32> into tensor<16xf32>
  %rs = shard.shard %r to %s : tensor<16xf32>
  return %rs : tensor<16xf32>
}

// -----

// A copy of the array makes a new array (the base of the views), not a
// version of its destination: it gets the halos.
// CHECK-LABEL: func.func @stencil_of_copy
// CHECK:       %[[C:.*]] = linalg.copy
// CHECK-NEXT:  %[[CS:.*]] = shard.shard %[[C]] to %{{.*}} : tensor<16xf32>
// CHECK-NEXT:  %[[H:.*]] = shard.sharding @grid split_axes = {{\[\[}}0]] halo_sizes = [1, 1] : !shard.sharding
// CHECK-NEXT:  %[[CH:.*]] = shard.shard %[[CS]] to %[[H]] annotate_for_users : tensor<16xf32>
// CHECK-NEXT:  ndarray.subview %[[CH]][0] [14] [1]
shard.grid @grid(shape = 2)
func.func @stencil_of_copy(%arg0: tensor<16xf32>) -> tensor<16xf32> {
  %sharding = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %sharding_0 = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %sharding_annotated = shard.shard %arg0 to %sharding : tensor<16xf32>
  %sharding_annotated_1 = shard.shard %sharding_annotated to %sharding_0 annotate_for_users : tensor<16xf32>
  %0 = tensor.empty() : tensor<16xf32>
  %sharding_2 = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %sharding_annotated_3 = shard.shard %0 to %sharding_2 : tensor<16xf32>
  %sharding_4 = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %sharding_annotated_5 = shard.shard %sharding_annotated_3 to %sharding_4 annotate_for_users : tensor<16xf32>
  %1 = linalg.copy ins(%sharding_annotated_1 : tensor<16xf32>) outs(%sharding_annotated_5 : tensor<16xf32>) -> tensor<16xf32>
  %sharding_annotated_6 = shard.shard %1 to %sharding_0 : tensor<16xf32>
  %sharding_7 = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %sharding_annotated_8 = shard.shard %sharding_annotated_6 to %sharding_7 annotate_for_users : tensor<16xf32>
  %2 = ndarray.subview %sharding_annotated_8[0] [14] [1] : tensor<16xf32> to tensor<14xf32>
  %sharding_9 = shard.sharding @grid split_axes = [[0]] sharded_dims_offsets = [0, 8, 14] : !shard.sharding
  %sharding_annotated_10 = shard.shard %2 to %sharding_9 : tensor<14xf32>
  %sharding_11 = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %sharding_annotated_12 = shard.shard %sharding_annotated_6 to %sharding_11 annotate_for_users : tensor<16xf32>
  %3 = ndarray.subview %sharding_annotated_12[2] [14] [1] : tensor<16xf32> to tensor<14xf32>
  %sharding_13 = shard.sharding @grid split_axes = [[0]] sharded_dims_offsets = [0, 6, 14] : !shard.sharding
  %sharding_annotated_14 = shard.shard %3 to %sharding_13 : tensor<14xf32>
  %sharding_15 = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %sharding_annotated_16 = shard.shard %sharding_annotated_10 to %sharding_15 annotate_for_users : tensor<14xf32>
  %sharding_17 = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %sharding_annotated_18 = shard.shard %sharding_annotated_14 to %sharding_17 annotate_for_users : tensor<14xf32>
  %4 = tosa.add %sharding_annotated_16, %sharding_annotated_18 : (tensor<14xf32>, tensor<14xf32>) -> tensor<14xf32>
  %sharding_19 = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %sharding_annotated_20 = shard.shard %4 to %sharding_19 : tensor<14xf32>
  %sharding_21 = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %sharding_annotated_22 = shard.shard %sharding_annotated_6 to %sharding_21 annotate_for_users : tensor<16xf32>
  %sharding_23 = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %sharding_annotated_24 = shard.shard %sharding_annotated_20 to %sharding_23 annotate_for_users : tensor<14xf32>
  %5 = ndarray.insert_slice %sharding_annotated_24 into %sharding_annotated_22[1] [14] [1] : tensor<14xf32> into tensor<16xf32>
  %sharding_annotated_25 = shard.shard %5 to %sharding_0 : tensor<16xf32>
  %sharding_annotated_26 = shard.shard %sharding_annotated_25 to %sharding annotate_for_users : tensor<16xf32>
  return %sharding_annotated_26 : tensor<16xf32>
}

// -----

shard.grid @grid4(shape = 4)

// In place: the insert_slice result is only read by a view, so the update is
// done in the haloed layout (partitioning refreshes the halos) and the view
// reads it without resharding.
// CHECK-LABEL: func.func @haloed_insert
// CHECK:       %[[A:.*]] = shard.shard %arg0 to %{{.*}} : tensor<16xf32>
// CHECK-NEXT:  %[[H:.*]] = shard.sharding @grid4 split_axes = {{\[\[}}0]] halo_sizes = [1, 1] : !shard.sharding
// CHECK-NEXT:  %[[AH:.*]] = shard.shard %[[A]] to %[[H]] annotate_for_users : tensor<16xf32>
// CHECK-NEXT:  ndarray.subview %[[AH]][0] [14] [1]
// CHECK:       ndarray.subview %[[AH]][2] [14] [1]
// CHECK:       %[[R:.*]] = ndarray.insert_slice %{{.*}} into %[[AH]][1] [14] [1]
// CHECK-NEXT:  %[[RS:.*]] = shard.shard %[[R]] to %[[H]] : tensor<16xf32>
// CHECK-NEXT:  %[[RH:.*]] = shard.shard %[[RS]] to %[[H]] annotate_for_users : tensor<16xf32>
// CHECK-NEXT:  ndarray.subview %[[RH]][0] [14] [1]
// a[1:15] = a[0:14] + a[2:16]; the result is only read through a view.
func.func @haloed_insert(%arg0: tensor<16xf32>) -> tensor<14xf32> {
  %s = shard.sharding @grid4 split_axes = [[0]] : !shard.sharding
  %a = shard.shard %arg0 to %s : tensor<16xf32>
  %a1 = shard.shard %a to %s annotate_for_users : tensor<16xf32>
  %v1 = ndarray.subview %a1[0] [14] [1] : tensor<16xf32> to tensor<14xf32>
  %n1 = shard.sharding @grid4 split_axes = [[0]] sharded_dims_offsets = [0, 4, 8, 12, 14] : !shard.sharding
  %v1s = shard.shard %v1 to %n1 : tensor<14xf32>
  %a2 = shard.shard %a to %s annotate_for_users : tensor<16xf32>
  %v2 = ndarray.subview %a2[2] [14] [1] : tensor<16xf32> to tensor<14xf32>
  %n2 = shard.sharding @grid4 split_axes = [[0]] sharded_dims_offsets = [0, 2, 6, 10, 14] : !shard.sharding
  %v2s = shard.shard %v2 to %n2 : tensor<14xf32>
  %u1 = shard.shard %v1s to %s annotate_for_users : tensor<14xf32>
  %u2 = shard.shard %v2s to %s annotate_for_users : tensor<14xf32>
  %sum = tosa.add %u1, %u2 : (tensor<14xf32>, tensor<14xf32>) -> tensor<14xf32>
  %sums = shard.shard %sum to %s : tensor<14xf32>
  %a3 = shard.shard %a to %s annotate_for_users : tensor<16xf32>
  %t = shard.sharding @grid4 split_axes = [[0]] sharded_dims_offsets = [0, 3, 7, 11, 14] : !shard.sharding
  %src = shard.shard %sums to %t annotate_for_users : tensor<14xf32>
  %r = ndarray.insert_slice %src into %a3[1] [14] [1] : tensor<14xf32> into tensor<16xf32>
  %rs = shard.shard %r to %s : tensor<16xf32>
  %r1 = shard.shard %rs to %s annotate_for_users : tensor<16xf32>
  %w = ndarray.subview %r1[0] [14] [1] : tensor<16xf32> to tensor<14xf32>
  %ws = shard.shard %w to %n1 : tensor<14xf32>
  return %ws : tensor<14xf32>
}

// -----

shard.grid @grid4(shape = 4)

// Back-propagation through linalg.add into a linspace and a tensor.empty.
// CHECK-LABEL: func.func @linalg_and_creators
// CHECK:       %[[H:.*]] = shard.sharding @grid4 split_axes = {{\[\[}}0]] halo_sizes = [0, 1] : !shard.sharding
// CHECK-NEXT:  %[[AH:.*]] = shard.shard %{{.*}} to %[[H]] annotate_for_users : tensor<16xf32>
// CHECK-NEXT:  %[[V:.*]] = ndarray.subview %[[AH]][2] [14] [1]
// CHECK-NEXT:  %[[T:.*]] = shard.sharding @grid4 split_axes = {{\[\[}}0]] sharded_dims_offsets = [0, 3, 7, 11, 14] : !shard.sharding
// CHECK-NEXT:  %[[VS:.*]] = shard.shard %[[V]] to %[[T]] : tensor<14xf32>
// CHECK:       %[[L:.*]] = ndarray.linspace
// CHECK-NEXT:  %[[LS:.*]] = shard.shard %[[L]] to %[[T]] : tensor<14xf32>
// CHECK-NEXT:  %[[E:.*]] = tensor.empty() : tensor<14xf32>
// CHECK-NEXT:  %[[ES:.*]] = shard.shard %[[E]] to %[[T]] : tensor<14xf32>
// CHECK-NEXT:  %[[U1:.*]] = shard.shard %[[VS]] to %[[T]] annotate_for_users
// CHECK-NEXT:  %[[U2:.*]] = shard.shard %[[LS]] to %[[T]] annotate_for_users
// CHECK-NEXT:  %[[U3:.*]] = shard.shard %[[ES]] to %[[T]] annotate_for_users
// CHECK-NEXT:  %[[SUM:.*]] = linalg.add ins(%[[U1]], %[[U2]] : {{.*}}) outs(%[[U3]] : {{.*}})
// CHECK-NEXT:  shard.shard %[[SUM]] to %[[T]] : tensor<14xf32>
// b[1:15] = a[2:16] + linspace(...) computed by linalg into tensor.empty.
func.func @linalg_and_creators(%arg0: tensor<16xf32>, %arg1: tensor<16xf32>, %x: f32, %y: f32) -> tensor<16xf32> {
  %s = shard.sharding @grid4 split_axes = [[0]] : !shard.sharding
  %a = shard.shard %arg0 to %s : tensor<16xf32>
  %b = shard.shard %arg1 to %s : tensor<16xf32>
  %a1 = shard.shard %a to %s annotate_for_users : tensor<16xf32>
  %v = ndarray.subview %a1[2] [14] [1] : tensor<16xf32> to tensor<14xf32>
  %n = shard.sharding @grid4 split_axes = [[0]] sharded_dims_offsets = [0, 2, 6, 10, 14] : !shard.sharding
  %vs = shard.shard %v to %n : tensor<14xf32>
  %c14 = arith.constant 14 : index
  %l = ndarray.linspace %x %y %c14 false : (f32, f32, index) -> tensor<14xf32>
  %ls = shard.shard %l to %s : tensor<14xf32>
  %e = tensor.empty() : tensor<14xf32>
  %es = shard.shard %e to %s : tensor<14xf32>
  %u1 = shard.shard %vs to %s annotate_for_users : tensor<14xf32>
  %u2 = shard.shard %ls to %s annotate_for_users : tensor<14xf32>
  %u3 = shard.shard %es to %s annotate_for_users : tensor<14xf32>
  %sum = linalg.add ins(%u1, %u2 : tensor<14xf32>, tensor<14xf32>) outs(%u3 : tensor<14xf32>) -> tensor<14xf32>
  %sums = shard.shard %sum to %s : tensor<14xf32>
  %b1 = shard.shard %b to %s annotate_for_users : tensor<16xf32>
  %t = shard.sharding @grid4 split_axes = [[0]] sharded_dims_offsets = [0, 3, 7, 11, 14] : !shard.sharding
  %src = shard.shard %sums to %t annotate_for_users : tensor<14xf32>
  %r = ndarray.insert_slice %src into %b1[1] [14] [1] : tensor<14xf32> into tensor<16xf32>
  %rs = shard.shard %r to %s : tensor<16xf32>
  return %rs : tensor<16xf32>
}

// -----

shard.grid @grid4(shape = 4)

// Must not fire: the sum also reads a function argument, so its layout and
// that of the view stay, and the view needs no halos.
// CHECK-LABEL: func.func @blocked_by_argument
// CHECK-NOT:   halo_sizes
// CHECK:       %[[N:.*]] = shard.sharding @grid4 split_axes = {{\[\[}}0]] sharded_dims_offsets = [0, 2, 6, 10, 14] : !shard.sharding
// CHECK-NEXT:  %[[VS:.*]] = shard.shard %{{.*}} to %[[N]] : tensor<14xf32>
// CHECK-NEXT:  shard.shard %[[VS]] to %[[N]] annotate_for_users : tensor<14xf32>
// CHECK-NEXT:  shard.shard %{{.*}} to %sharding annotate_for_users : tensor<14xf32>
// CHECK-NEXT:  %[[SUM:.*]] = tosa.add
// CHECK-NEXT:  shard.shard %[[SUM]] to %sharding : tensor<14xf32>
// CHECK-NOT:   halo_sizes
// The producer chain reaches a function argument: nothing changes.
func.func @blocked_by_argument(%arg0: tensor<16xf32>, %arg1: tensor<16xf32>, %arg2: tensor<14xf32>) -> tensor<16xf32> {
  %s = shard.sharding @grid4 split_axes = [[0]] : !shard.sharding
  %a = shard.shard %arg0 to %s : tensor<16xf32>
  %b = shard.shard %arg1 to %s : tensor<16xf32>
  %c = shard.shard %arg2 to %s : tensor<14xf32>
  %a1 = shard.shard %a to %s annotate_for_users : tensor<16xf32>
  %v = ndarray.subview %a1[2] [14] [1] : tensor<16xf32> to tensor<14xf32>
  %n = shard.sharding @grid4 split_axes = [[0]] sharded_dims_offsets = [0, 2, 6, 10, 14] : !shard.sharding
  %vs = shard.shard %v to %n : tensor<14xf32>
  %u1 = shard.shard %vs to %n annotate_for_users : tensor<14xf32>
  %u2 = shard.shard %c to %s annotate_for_users : tensor<14xf32>
  %sum = tosa.add %u1, %u2 : (tensor<14xf32>, tensor<14xf32>) -> tensor<14xf32>
  %sums = shard.shard %sum to %s : tensor<14xf32>
  %b1 = shard.shard %b to %s annotate_for_users : tensor<16xf32>
  %t = shard.sharding @grid4 split_axes = [[0]] sharded_dims_offsets = [0, 3, 7, 11, 14] : !shard.sharding
  %src = shard.shard %sums to %t annotate_for_users : tensor<14xf32>
  %r = ndarray.insert_slice %src into %b1[1] [14] [1] : tensor<14xf32> into tensor<16xf32>
  %rs = shard.shard %r to %s : tensor<16xf32>
  return %rs : tensor<16xf32>
}

// -----

shard.grid @grid4(shape = 4)

// Must not fire: the producer's result is also returned.
// CHECK-LABEL: func.func @multiple_uses
// CHECK-NOT:   halo_sizes
// CHECK:       %[[N:.*]] = shard.sharding @grid4 split_axes = {{\[\[}}0]] sharded_dims_offsets = [0, 2, 6, 10, 14] : !shard.sharding
// CHECK:       %[[ABS:.*]] = tosa.abs
// CHECK-NEXT:  %[[ABSS:.*]] = shard.shard %[[ABS]] to %[[N]] : tensor<14xf32>
// CHECK:       return %{{.*}}, %[[ABSS]]
// The sum is also returned: its layout cannot change.
func.func @multiple_uses(%arg0: tensor<16xf32>, %arg1: tensor<16xf32>) -> (tensor<16xf32>, tensor<14xf32>) {
  %s = shard.sharding @grid4 split_axes = [[0]] : !shard.sharding
  %a = shard.shard %arg0 to %s : tensor<16xf32>
  %b = shard.shard %arg1 to %s : tensor<16xf32>
  %a1 = shard.shard %a to %s annotate_for_users : tensor<16xf32>
  %v = ndarray.subview %a1[2] [14] [1] : tensor<16xf32> to tensor<14xf32>
  %n = shard.sharding @grid4 split_axes = [[0]] sharded_dims_offsets = [0, 2, 6, 10, 14] : !shard.sharding
  %vs = shard.shard %v to %n : tensor<14xf32>
  %u1 = shard.shard %vs to %n annotate_for_users : tensor<14xf32>
  %neg = tosa.abs %u1 : (tensor<14xf32>) -> tensor<14xf32>
  %negs = shard.shard %neg to %n : tensor<14xf32>
  %b1 = shard.shard %b to %s annotate_for_users : tensor<16xf32>
  %t = shard.sharding @grid4 split_axes = [[0]] sharded_dims_offsets = [0, 3, 7, 11, 14] : !shard.sharding
  %src = shard.shard %negs to %t annotate_for_users : tensor<14xf32>
  %r = ndarray.insert_slice %src into %b1[1] [14] [1] : tensor<14xf32> into tensor<16xf32>
  %rs = shard.shard %r to %s : tensor<16xf32>
  return %rs, %negs : tensor<16xf32>, tensor<14xf32>
}

// -----

shard.grid @grid4(shape = 4)

// A view read in another layout produces that layout. The argument, so far
// only annotated for its users, gets its own annotation so that the halos
// are a resharding and not part of its type.
// CHECK-LABEL: func.func @view_read_in_other_layout
// CHECK-NEXT:  %[[S:.*]] = shard.sharding @grid4 split_axes = {{\[\[}}0]] : !shard.sharding
// CHECK-NEXT:  %[[A:.*]] = shard.shard %arg0 to %[[S]] : tensor<16xf32>
// CHECK-NEXT:  %[[S0:.*]] = shard.sharding @grid4 split_axes = {{\[\[}}0]] : !shard.sharding
// CHECK-NEXT:  %[[H:.*]] = shard.sharding @grid4 split_axes = {{\[\[}}0]] halo_sizes = [0, 2] : !shard.sharding
// CHECK-NEXT:  %[[AH:.*]] = shard.shard %[[A]] to %[[H]] annotate_for_users : tensor<16xf32>
// CHECK-NEXT:  %[[V:.*]] = ndarray.subview %[[AH]][3] [12] [1]
// CHECK-NEXT:  %[[VS:.*]] = shard.shard %[[V]] to %[[S]] : tensor<12xf32>
// CHECK-NEXT:  shard.shard %[[VS]] to %[[S0]] annotate_for_users : tensor<12xf32>
// CHECK-NOT:   sharded_dims_offsets
// A view read in another layout than its own produces that layout itself:
// the array gets the halos for it.
func.func @view_read_in_other_layout(%arg0: tensor<16xf32>) -> tensor<12xf32> {
  %s = shard.sharding @grid4 split_axes = [[0]] : !shard.sharding
  %a = shard.shard %arg0 to %s annotate_for_users : tensor<16xf32>
  %v = ndarray.subview %a[3] [12] [1] : tensor<16xf32> to tensor<12xf32>
  %n = shard.sharding @grid4 split_axes = [[0]] sharded_dims_offsets = [0, 1, 5, 9, 12] : !shard.sharding
  %vs = shard.shard %v to %n : tensor<12xf32>
  %u = shard.shard %vs to %s annotate_for_users : tensor<12xf32>
  %r = tosa.abs %u : (tensor<12xf32>) -> tensor<12xf32>
  %rs = shard.shard %r to %s : tensor<12xf32>
  return %rs : tensor<12xf32>
}

// -----

shard.grid @grid4(shape = 4)

// Must not fire: no views.
// CHECK-LABEL: func.func @no_views
// CHECK-NEXT:  %[[S:.*]] = shard.sharding @grid4 split_axes = {{\[\[}}0]] : !shard.sharding
// CHECK-NEXT:  %[[A:.*]] = shard.shard %arg0 to %[[S]] : tensor<16xf32>
// CHECK-NEXT:  %[[U:.*]] = shard.shard %[[A]] to %[[S]] annotate_for_users : tensor<16xf32>
// CHECK-NEXT:  %[[R:.*]] = tosa.abs %[[U]]
// CHECK-NEXT:  %[[RS:.*]] = shard.shard %[[R]] to %[[S]] : tensor<16xf32>
// CHECK-NEXT:  return %[[RS]]
// Nothing to coalesce: no views.
func.func @no_views(%arg0: tensor<16xf32>) -> tensor<16xf32> {
  %s = shard.sharding @grid4 split_axes = [[0]] : !shard.sharding
  %a = shard.shard %arg0 to %s : tensor<16xf32>
  %u = shard.shard %a to %s annotate_for_users : tensor<16xf32>
  %r = tosa.abs %u : (tensor<16xf32>) -> tensor<16xf32>
  %rs = shard.shard %r to %s : tensor<16xf32>
  return %rs : tensor<16xf32>
}

// -----

shard.grid @grid4(shape = 4)

// Must not fire: the views are already local.
// CHECK-LABEL: func.func @local_views
// CHECK-NOT:   halo_sizes
// CHECK:       shard.sharding @grid4 split_axes = {{\[\[}}0]] sharded_dims_offsets = [0, 0, 4, 8, 8] : !shard.sharding
// CHECK-NOT:   halo_sizes
// CHECK:       return
// Views already in their own layout, and a replicated dynamic view: they
// need no halos.
func.func @local_views(%arg0: tensor<16xf32>, %i: index) -> (tensor<8xf32>, tensor<4xf32>) {
  %s = shard.sharding @grid4 split_axes = [[0]] : !shard.sharding
  %r = shard.sharding @grid4 split_axes = [[]] : !shard.sharding
  %a = shard.shard %arg0 to %s : tensor<16xf32>
  %a1 = shard.shard %a to %s annotate_for_users : tensor<16xf32>
  %v = ndarray.subview %a1[4] [8] [1] : tensor<16xf32> to tensor<8xf32>
  %n = shard.sharding @grid4 split_axes = [[0]] sharded_dims_offsets = [0, 0, 4, 8, 8] : !shard.sharding
  %vs = shard.shard %v to %n : tensor<8xf32>
  %a2 = shard.shard %a to %r annotate_for_users : tensor<16xf32>
  %w = ndarray.subview %a2[%i] [4] [1] : tensor<16xf32> to tensor<4xf32>
  %ws = shard.shard %w to %r : tensor<4xf32>
  return %vs, %ws : tensor<8xf32>, tensor<4xf32>
}

// -----

shard.grid @grid4(shape = 4)

// CHECK-LABEL: func.func @unannotated_array
// CHECK-NEXT:  %[[V:.*]] = ndarray.subview %arg0[0] [8] [1]
// CHECK-NEXT:  %[[N:.*]] = shard.sharding @grid4 split_axes = {{\[\[}}0]] : !shard.sharding
// CHECK-NEXT:  shard.shard %[[V]] to %[[N]] : tensor<8xf32>
// Incomplete: the viewed array has no sharding.
func.func @unannotated_array(%arg0: tensor<16xf32>) -> tensor<8xf32> {
  %v = ndarray.subview %arg0[0] [8] [1] : tensor<16xf32> to tensor<8xf32>
  %n = shard.sharding @grid4 split_axes = [[0]] : !shard.sharding
  %vs = shard.shard %v to %n : tensor<8xf32>
  return %vs : tensor<8xf32>
}

// -----

shard.grid @grid4(shape = 4)

// Nothing changes, not even the other, complete view of the same function.
// CHECK-LABEL: func.func @unannotated_source
// CHECK-NOT:   halo_sizes
// CHECK:       ndarray.subview %{{.*}}[3] [12] [1]
// CHECK-NEXT:  shard.shard %{{.*}} to %sharding : tensor<12xf32>
// CHECK:       ndarray.insert_slice %arg1 into
// CHECK-NOT:   halo_sizes
// Incomplete: the inserted source has no sharding; the other group is left
// alone too.
func.func @unannotated_source(%arg0: tensor<16xf32>, %arg1: tensor<8xf32>) -> (tensor<16xf32>, tensor<12xf32>) {
  %s = shard.sharding @grid4 split_axes = [[0]] : !shard.sharding
  %a = shard.shard %arg0 to %s : tensor<16xf32>
  %a1 = shard.shard %a to %s annotate_for_users : tensor<16xf32>
  %v = ndarray.subview %a1[3] [12] [1] : tensor<16xf32> to tensor<12xf32>
  %vs = shard.shard %v to %s : tensor<12xf32>
  %a2 = shard.shard %a to %s annotate_for_users : tensor<16xf32>
  %r = ndarray.insert_slice %arg1 into %a2[4] [8] [1] : tensor<8xf32> into tensor<16xf32>
  %rs = shard.shard %r to %s : tensor<16xf32>
  return %rs, %vs : tensor<16xf32>, tensor<12xf32>
}

// -----

shard.grid @grid4(shape = 4)

// Incomplete: a sharding that is not a shard.sharding op.
// CHECK-LABEL: func.func @opaque_sharding
// CHECK-NEXT:  %[[A:.*]] = shard.shard %arg0 to %arg1 : tensor<16xf32>
// CHECK-NEXT:  %[[U:.*]] = shard.shard %[[A]] to %arg1 annotate_for_users : tensor<16xf32>
// CHECK-NEXT:  %[[V:.*]] = ndarray.subview %[[U]][2] [8] [1]
// CHECK-NEXT:  shard.shard %[[V]] to %arg1 : tensor<8xf32>
func.func @opaque_sharding(%arg0: tensor<16xf32>, %sh: !shard.sharding) -> tensor<8xf32> {
  %a = shard.shard %arg0 to %sh : tensor<16xf32>
  %u = shard.shard %a to %sh annotate_for_users : tensor<16xf32>
  %v = ndarray.subview %u[2] [8] [1] : tensor<16xf32> to tensor<8xf32>
  %vs = shard.shard %v to %sh : tensor<8xf32>
  return %vs : tensor<8xf32>
}
