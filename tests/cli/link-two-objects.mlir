// Two objects from imexc link into one program: functions the pipeline adds
// (bufferization's dealloc_helper) are internal, only the input's public
// functions and their C wrappers are exported.
// RUN: rm -rf %t && mkdir -p %t
// RUN: imexc %s --offload=gpu -o %t/a.o
// RUN: imexc %S/../e2e/codegen/transpose.mlir --offload=gpu -o %t/b.o
// RUN: llvm-nm %t/a.o | FileCheck %s
// CHECK-NOT: {{[TW]}} dealloc_helper
// CHECK: T _mlir_ciface_scale
// CHECK-NOT: {{[TW]}} dealloc_helper
// CHECK: T scale
// CHECK-NOT: {{[TW]}} dealloc_helper
// RUN: c++ -shared %t/a.o %t/b.o -o %t/both.so

func.func @scale(%a: tensor<?xf32>, %s: f32) -> (tensor<?xf32>, tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%a : tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.mulf %x, %s : f32
    linalg.yield %y : f32
  } -> tensor<?xf32>
  return %r, %r : tensor<?xf32>, tensor<?xf32>
}
