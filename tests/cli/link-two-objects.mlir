// Two objects from imexc link into one program: functions the pipeline adds
// (bufferization's dealloc_helper) are internal, only the input's public
// functions and their C wrappers are exported.
// RUN: rm -rf %t && mkdir -p %t
// RUN: imexc %s --offload=gpu -o %t/a.o --emit-header=%t/a.h
// RUN: imexc %S/../e2e/codegen/transpose.mlir --offload=gpu -o %t/b.o
// RUN: llvm-nm %t/a.o | FileCheck %s
// CHECK-NOT: {{[TW]}} dealloc_helper
// CHECK: T _mlir_ciface_scale
// CHECK-NOT: {{[TW]}} dealloc_helper
// CHECK: T scale
// CHECK-NOT: {{[TW]}} dealloc_helper
// RUN: c++ -shared %t/a.o %t/b.o -o %t/both.so
// That shared library loads with dlopen into a program that carries the
// runtime (libimexrt.a linked whole, its symbols exported), and its code
// calls that runtime, the allocation functions of compiled code included:
// RUN: c++ -std=c++17 -I%t -I%S/../../runtime/include %S/Inputs/load-shared-objects.cpp -o %t/load -rdynamic \
// RUN:   -Wl,--whole-archive %imex_obj_root/lib/libimexrt.a -Wl,--no-whole-archive $(PKG_CONFIG_PATH=%imex_obj_root/lib/pkgconfig pkg-config --libs imexrt)
// RUN: %if vulkan %{ %t/load %t/both.so | FileCheck %s --check-prefix=LOAD %}
// LOAD: host array: 2 4 6 8 10 | 2 4 6 8 10
// LOAD-NEXT: device array: -1 -2 -3 -4 -5 | -1 -2 -3 -4 -5
// LOAD-NEXT: runtime errors: 0

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
