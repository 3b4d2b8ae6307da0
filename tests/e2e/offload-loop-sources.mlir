// Under --offload=gpu, loops whose carried arrays come from elsewhere:
// - @from_call: the init is the result of a call that runs a kernel;
// - @used_after: the init is a GPU result that a kernel reads again after
//   the loop, with the loop's result;
// - @alternating: the init is an argument, and each iteration picks one of
//   two GPU results (an scf.if that canonicalization makes an
//   arith.select).
// The compiler failed on all three ("operand #0 does not dominate this
// use" or "Unhandled memref producer"). GPU builds print what the host build
// prints, with device memory mapped or not, and free all they allocate.
// REQUIRES: vulkan
// RUN: imexc %s --emit=exe -o %t.host && %t.host | sed 's/base@ = 0x[0-9a-f]*//' > %t.host.txt
// RUN: FileCheck %s < %t.host.txt
// RUN: imexc %s --offload=gpu --emit=exe -o %t.gpu
// RUN: env IMEXRT_CHECK_LEAKS=1 %t.gpu 2> %t.gpu.err | sed 's/base@ = 0x[0-9a-f]*//' > %t.gpu.txt && diff %t.host.txt %t.gpu.txt && not grep imexrt %t.gpu.err
// RUN: env IMEXRT_VULKAN_DEVICE_MEMORY=unmapped IMEXRT_CHECK_LEAKS=1 %t.gpu 2> %t.unmapped.err | sed 's/base@ = 0x[0-9a-f]*//' > %t.unmapped.txt && diff %t.host.txt %t.unmapped.txt && not grep imexrt %t.unmapped.err
// CHECK: [16,  32,  48,  64]
// CHECK: [7,  14,  21,  28]
// CHECK: [5,  10,  15,  20]

func.func private @printMemrefF32(tensor<*xf32>)

func.func @twice(%a: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.add ins(%a, %a : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// 2a doubled 3 times: 16a.
func.func @from_call(%a: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %x0 = func.call @twice(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %x0) -> (tensor<4xf32>) {
    %e = tensor.empty() : tensor<4xf32>
    %y = linalg.add ins(%x, %x : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %y : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// y0 = 2a, doubled 3 times (16a), minus y0 again: 14a ... minus a: 7a.
func.func @used_after(%a: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %e0 = tensor.empty() : tensor<4xf32>
  %y0 = linalg.add ins(%a, %a : tensor<4xf32>, tensor<4xf32>) outs(%e0 : tensor<4xf32>) -> tensor<4xf32>
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %y0) -> (tensor<4xf32>) {
    %e = tensor.empty() : tensor<4xf32>
    %y = linalg.add ins(%x, %x : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %y : tensor<4xf32>
  }
  %e1 = tensor.empty() : tensor<4xf32>
  %d = linalg.sub ins(%r, %y0 : tensor<4xf32>, tensor<4xf32>) outs(%e1 : tensor<4xf32>) -> tensor<4xf32>
  %e2 = tensor.empty() : tensor<4xf32>
  %f = linalg.sub ins(%d, %y0 : tensor<4xf32>, tensor<4xf32>) outs(%e2 : tensor<4xf32>) -> tensor<4xf32>
  %e3 = tensor.empty() : tensor<4xf32>
  %g = linalg.sub ins(%f, %y0 : tensor<4xf32>, tensor<4xf32>) outs(%e3 : tensor<4xf32>) -> tensor<4xf32>
  %e4 = tensor.empty() : tensor<4xf32>
  %h = linalg.sub ins(%g, %y0 : tensor<4xf32>, tensor<4xf32>) outs(%e4 : tensor<4xf32>) -> tensor<4xf32>
  %e5 = tensor.empty() : tensor<4xf32>
  %k = linalg.sub ins(%h, %a : tensor<4xf32>, tensor<4xf32>) outs(%e5 : tensor<4xf32>) -> tensor<4xf32>
  return %k : tensor<4xf32>
}

// Even iterations x + a, odd ones x * 2, 3 times from a: (a + a) * 2 + a.
func.func @alternating(%x0: tensor<4xf32>, %a: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %x0) -> (tensor<4xf32>) {
    %e = tensor.empty() : tensor<4xf32>
    %s = linalg.add ins(%x, %a : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    %e2 = tensor.empty() : tensor<4xf32>
    %t = linalg.add ins(%x, %x : tensor<4xf32>, tensor<4xf32>) outs(%e2 : tensor<4xf32>) -> tensor<4xf32>
    %m = arith.remui %i, %c2 : index
    %even = arith.cmpi eq, %m, %c0 : index
    %c = scf.if %even -> tensor<4xf32> {
      scf.yield %s : tensor<4xf32>
    } else {
      scf.yield %t : tensor<4xf32>
    }
    scf.yield %c : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

func.func @main() {
  %a = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %b = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %p = call @from_call(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %pu = tensor.cast %p : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%pu) : (tensor<*xf32>) -> ()
  %q = call @used_after(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %qu = tensor.cast %q : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%qu) : (tensor<*xf32>) -> ()
  %r = call @alternating(%b, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %ru = tensor.cast %r : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%ru) : (tensor<*xf32>) -> ()
  return
}
