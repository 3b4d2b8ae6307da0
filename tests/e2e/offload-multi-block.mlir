// Under --offload=gpu, functions whose branches are blocks (cf.cond_br,
// two returns; a diamond that merges): they become scf.if first, so their
// kernels are placed (the compiler refused them: "Function must have
// exactly one block"). GPU builds print what the host build prints, with
// device memory mapped or not.
// REQUIRES: vulkan
// RUN: imexc %s --emit=exe -o %t.host && %t.host | sed 's/base@ = 0x[0-9a-f]*//' > %t.host.txt
// RUN: FileCheck %s < %t.host.txt
// RUN: imexc %s --offload=gpu --emit=exe -o %t.gpu
// RUN: env IMEXRT_CHECK_LEAKS=1 %t.gpu 2> %t.gpu.err | sed 's/base@ = 0x[0-9a-f]*//' > %t.gpu.txt && diff %t.host.txt %t.gpu.txt && not grep imexrt %t.gpu.err
// RUN: env IMEXRT_VULKAN_DEVICE_MEMORY=unmapped IMEXRT_CHECK_LEAKS=1 %t.gpu 2> %t.unmapped.err | sed 's/base@ = 0x[0-9a-f]*//' > %t.unmapped.txt && diff %t.host.txt %t.unmapped.txt && not grep imexrt %t.unmapped.err
// RUN: imexc %s --offload=gpu --emit=llvm -o - | FileCheck %s --check-prefix=LAUNCHES
// LAUNCHES-COUNT-4: call ptr @gpuLaunchKernel
// LAUNCHES-NOT: call ptr @gpuLaunchKernel
// CHECK: [2,  4,  6]
// CHECK: [1,  2,  3]
// CHECK: [3,  6,  9]
// CHECK: [1,  4,  9]

func.func private @printMemrefF32(tensor<*xf32>)

// 2a if %c, else a itself.
func.func @early_return(%a: tensor<3xf32>, %c: i1) -> tensor<3xf32> {
  cf.cond_br %c, ^double, ^keep
^double:
  %e = tensor.empty() : tensor<3xf32>
  %x = linalg.add ins(%a, %a : tensor<3xf32>, tensor<3xf32>) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  return %x : tensor<3xf32>
^keep:
  return %a : tensor<3xf32>
}

// (2a if %c, else a * a), then + a if %c.
func.func @diamond(%a: tensor<3xf32>, %c: i1) -> tensor<3xf32> {
  cf.cond_br %c, ^add, ^mul
^add:
  %e = tensor.empty() : tensor<3xf32>
  %x = linalg.add ins(%a, %a : tensor<3xf32>, tensor<3xf32>) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  cf.br ^merge(%x : tensor<3xf32>)
^mul:
  %e2 = tensor.empty() : tensor<3xf32>
  %y = linalg.mul ins(%a, %a : tensor<3xf32>, tensor<3xf32>) outs(%e2 : tensor<3xf32>) -> tensor<3xf32>
  cf.br ^merge(%y : tensor<3xf32>)
^merge(%m: tensor<3xf32>):
  cf.cond_br %c, ^plus, ^done(%m : tensor<3xf32>)
^plus:
  %e3 = tensor.empty() : tensor<3xf32>
  %z = linalg.add ins(%m, %a : tensor<3xf32>, tensor<3xf32>) outs(%e3 : tensor<3xf32>) -> tensor<3xf32>
  cf.br ^done(%z : tensor<3xf32>)
^done(%r: tensor<3xf32>):
  return %r : tensor<3xf32>
}

func.func @main() {
  %a = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %t = arith.constant true
  %f = arith.constant false
  %p = call @early_return(%a, %t) : (tensor<3xf32>, i1) -> tensor<3xf32>
  %pu = tensor.cast %p : tensor<3xf32> to tensor<*xf32>
  call @printMemrefF32(%pu) : (tensor<*xf32>) -> ()
  %q = call @early_return(%a, %f) : (tensor<3xf32>, i1) -> tensor<3xf32>
  %qu = tensor.cast %q : tensor<3xf32> to tensor<*xf32>
  call @printMemrefF32(%qu) : (tensor<*xf32>) -> ()
  %r = call @diamond(%a, %t) : (tensor<3xf32>, i1) -> tensor<3xf32>
  %ru = tensor.cast %r : tensor<3xf32> to tensor<*xf32>
  call @printMemrefF32(%ru) : (tensor<*xf32>) -> ()
  %s = call @diamond(%a, %f) : (tensor<3xf32>, i1) -> tensor<3xf32>
  %su = tensor.cast %s : tensor<3xf32> to tensor<*xf32>
  call @printMemrefF32(%su) : (tensor<*xf32>) -> ()
  return
}
