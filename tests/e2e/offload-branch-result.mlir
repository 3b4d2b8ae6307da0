// Under --offload=gpu, a GPU result used in one branch of an scf.if and
// computed on in the other: the other branch's buffer, which its kernel
// writes, is allocated there and leaves through the branch's result (the
// compiler failed: "operand #0 does not dominate this use", from a free
// placed at the return). @switch: an scf.index_switch chooses the buffer
// a kernel reads (the compiler refused it: "Unhandled memref producer").
// GPU builds print what the host build prints, with device memory mapped
// or not.
// REQUIRES: vulkan
// RUN: imexc %s --emit=exe -o %t.host && %t.host | sed 's/base@ = 0x[0-9a-f]*//' > %t.host.txt
// RUN: FileCheck %s < %t.host.txt
// RUN: imexc %s --offload=gpu --emit=exe -o %t.gpu
// RUN: env IMEXRT_CHECK_LEAKS=1 %t.gpu 2> %t.gpu.err | sed 's/base@ = 0x[0-9a-f]*//' > %t.gpu.txt && diff %t.host.txt %t.gpu.txt && not grep imexrt %t.gpu.err
// RUN: env IMEXRT_VULKAN_DEVICE_MEMORY=unmapped IMEXRT_CHECK_LEAKS=1 %t.gpu 2> %t.unmapped.err | sed 's/base@ = 0x[0-9a-f]*//' > %t.unmapped.txt && diff %t.host.txt %t.unmapped.txt && not grep imexrt %t.unmapped.err
// CHECK: [2,  4,  6,  8,  10,  12,  14,  16,  18]
// CHECK: [2,  8,  18,  32,  50,  72,  98,  128,  162]
// CHECK: [3,  6,  9,  12,  15,  18,  21,  24,  27]
// CHECK: [2,  6,  12,  20,  30,  42,  56,  72,  90]
// CHECK: [2,  4,  6,  8,  10,  12,  14,  16,  18]

func.func private @printMemrefF32(tensor<*xf32>)

func.func @pick(%a: tensor<9xf32>, %flag: i1) -> tensor<9xf32> {
  %e = tensor.empty() : tensor<9xf32>
  %r = linalg.add ins(%a, %a : tensor<9xf32>, tensor<9xf32>) outs(%e : tensor<9xf32>) -> tensor<9xf32>
  %o = scf.if %flag -> tensor<9xf32> {
    scf.yield %r : tensor<9xf32>
  } else {
    %e2 = tensor.empty() : tensor<9xf32>
    %r2 = linalg.mul ins(%r, %a : tensor<9xf32>, tensor<9xf32>) outs(%e2 : tensor<9xf32>) -> tensor<9xf32>
    scf.yield %r2 : tensor<9xf32>
  }
  return %o : tensor<9xf32>
}

// Case 0: 2a, case 1: a * a, default: a; plus a.
func.func @switch(%a: tensor<9xf32>, %k: index) -> tensor<9xf32> {
  %y = scf.index_switch %k -> tensor<9xf32>
  case 0 {
    %e = tensor.empty() : tensor<9xf32>
    %s = linalg.add ins(%a, %a : tensor<9xf32>, tensor<9xf32>) outs(%e : tensor<9xf32>) -> tensor<9xf32>
    scf.yield %s : tensor<9xf32>
  }
  case 1 {
    %e = tensor.empty() : tensor<9xf32>
    %s = linalg.mul ins(%a, %a : tensor<9xf32>, tensor<9xf32>) outs(%e : tensor<9xf32>) -> tensor<9xf32>
    scf.yield %s : tensor<9xf32>
  }
  default {
    scf.yield %a : tensor<9xf32>
  }
  %e = tensor.empty() : tensor<9xf32>
  %z = linalg.add ins(%y, %a : tensor<9xf32>, tensor<9xf32>) outs(%e : tensor<9xf32>) -> tensor<9xf32>
  return %z : tensor<9xf32>
}

func.func @main() {
  %a = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0]> : tensor<9xf32>
  %true = arith.constant true
  %false = arith.constant false
  %x = call @pick(%a, %true) : (tensor<9xf32>, i1) -> tensor<9xf32>
  %u = tensor.cast %x : tensor<9xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  %y = call @pick(%a, %false) : (tensor<9xf32>, i1) -> tensor<9xf32>
  %v = tensor.cast %y : tensor<9xf32> to tensor<*xf32>
  call @printMemrefF32(%v) : (tensor<*xf32>) -> ()
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %s0 = call @switch(%a, %c0) : (tensor<9xf32>, index) -> tensor<9xf32>
  %s0u = tensor.cast %s0 : tensor<9xf32> to tensor<*xf32>
  call @printMemrefF32(%s0u) : (tensor<*xf32>) -> ()
  %s1 = call @switch(%a, %c1) : (tensor<9xf32>, index) -> tensor<9xf32>
  %s1u = tensor.cast %s1 : tensor<9xf32> to tensor<*xf32>
  call @printMemrefF32(%s1u) : (tensor<*xf32>) -> ()
  %s2 = call @switch(%a, %c2) : (tensor<9xf32>, index) -> tensor<9xf32>
  %s2u = tensor.cast %s2 : tensor<9xf32> to tensor<*xf32>
  call @printMemrefF32(%s2u) : (tensor<*xf32>) -> ()
  return
}
