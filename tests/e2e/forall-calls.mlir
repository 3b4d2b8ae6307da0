// An scf.forall whose iterations call a function (so it stays on the host
// under --offload=gpu, its linalg ops offloaded there): each row of a
// 5 x 6 array goes through @scaled, which allocates its result. OpenMP
// runs the iterations, each in a memref.alloca_scope that the call keeps
// (it might allocate on the stack), with branches inside (allocation
// checks); convert-alloca-scopes-to-llvm inlines it before scf-to-cf,
// which failed on it ("expects region #0 to have 0 or 1 blocks"). Values
// are NumPy's: (np.arange(30).reshape(5, 6) % 7) * [1, 2, 3, 4, 5][:, None].
// RUN: imexc %s --emit=exe -o %t.host && %t.host | sed 's/base@ = 0x[0-9a-f]*//' > %t.host.txt
// RUN: FileCheck %s < %t.host.txt
// RUN: %if vulkan %{ imexc %s --offload=gpu --emit=exe -o %t.gpu && %t.gpu | sed 's/base@ = 0x[0-9a-f]*//' > %t.gpu.txt && diff %t.host.txt %t.gpu.txt %}

// CHECK: sizes = [5, 6]
// CHECK-NEXT: [0,   1,   2,   3,   4,   5],
// CHECK-NEXT: [12,   0,   2,   4,   6,   8],
// CHECK-NEXT: [15,   18,   0,   3,   6,   9],
// CHECK-NEXT: [16,   20,   24,   0,   4,   8],
// CHECK-NEXT: [15,   20,   25,   30,   0,   5]]

func.func private @printMemrefF32(tensor<*xf32>)

// x * s, in a new array.
func.func @scaled(%x: tensor<6xf32>, %s: f32) -> tensor<6xf32> {
  %e = tensor.empty() : tensor<6xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%x : tensor<6xf32>) outs(%e : tensor<6xf32>) {
  ^bb0(%v: f32, %o: f32):
    %t = arith.mulf %v, %s : f32
    linalg.yield %t : f32
  } -> tensor<6xf32>
  return %r : tensor<6xf32>
}

// Row i times i + 1.
func.func @scale_rows(%a: tensor<5x6xf32>) -> tensor<5x6xf32> {
  %e = tensor.empty() : tensor<5x6xf32>
  %r = scf.forall (%i) in (5) shared_outs(%o = %e) -> (tensor<5x6xf32>) {
    %row = tensor.extract_slice %a[%i, 0] [1, 6] [1, 1] : tensor<5x6xf32> to tensor<6xf32>
    %c1 = arith.constant 1 : index
    %k = arith.addi %i, %c1 : index
    %ki = arith.index_cast %k : index to i32
    %s = arith.sitofp %ki : i32 to f32
    %scaled = func.call @scaled(%row, %s) : (tensor<6xf32>, f32) -> tensor<6xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %scaled into %o[%i, 0] [1, 6] [1, 1] : tensor<6xf32> into tensor<5x6xf32>
    }
  }
  return %r : tensor<5x6xf32>
}

func.func @main() {
  %e = tensor.empty() : tensor<5x6xf32>
  %a = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<5x6xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c6 = arith.constant 6 : index
    %c7 = arith.constant 7 : index
    %k = arith.muli %i, %c6 : index
    %l = arith.addi %k, %j : index
    %m = arith.remui %l, %c7 : index
    %n = arith.index_cast %m : index to i32
    %f = arith.sitofp %n : i32 to f32
    linalg.yield %f : f32
  } -> tensor<5x6xf32>
  %r = call @scale_rows(%a) : (tensor<5x6xf32>) -> tensor<5x6xf32>
  %p = tensor.cast %r : tensor<5x6xf32> to tensor<*xf32>
  call @printMemrefF32(%p) : (tensor<*xf32>) -> ()
  return
}
