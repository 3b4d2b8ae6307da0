// Under --offload=gpu, loops whose carried arrays come from calls made in
// their bodies, and scf.while loops:
// - @call_in_body: each iteration calls @twice (which runs a kernel) on the
//   carried array and adds a to its result on the GPU;
// - @call_yielded: the loop carries the call's result itself, and a kernel
//   reads the loop's result after it;
// - @doubling: an scf.while whose condition reads the carried array on the
//   host and whose body doubles it on the GPU;
// - @while_call: the same with a call in the body.
// The compiler refused all four ("Unhandled memref producer", located at
// the loop). GPU builds print what the host build prints, with device
// memory mapped or not, and free all they allocate.
// REQUIRES: vulkan
// RUN: imexc %s --emit=exe -o %t.host && %t.host | sed 's/base@ = 0x[0-9a-f]*//' > %t.host.txt
// RUN: FileCheck %s < %t.host.txt
// RUN: imexc %s --offload=gpu --emit=exe -o %t.gpu
// RUN: env IMEXRT_CHECK_LEAKS=1 %t.gpu 2> %t.gpu.err | sed 's/base@ = 0x[0-9a-f]*//' > %t.gpu.txt && diff %t.host.txt %t.gpu.txt && not grep imexrt %t.gpu.err
// RUN: env IMEXRT_VULKAN_DEVICE_MEMORY=unmapped IMEXRT_CHECK_LEAKS=1 %t.gpu 2> %t.unmapped.err | sed 's/base@ = 0x[0-9a-f]*//' > %t.unmapped.txt && diff %t.host.txt %t.unmapped.txt && not grep imexrt %t.unmapped.err
// The kernels really run on the GPU: @twice's, one in each loop, and
// @call_yielded's after its loop.
// RUN: imexc %s --offload=gpu --emit=llvm -o - | FileCheck %s --check-prefix=LAUNCHES
// LAUNCHES-COUNT-6: call ptr @gpuLaunchKernel
// LAUNCHES-NOT: call ptr @gpuLaunchKernel
// CHECK: [15,  30,  45,  60,  75]
// CHECK: [22,  88,  198,  352,  550]
// CHECK: [128,  256,  384,  512,  640]
// CHECK: [127,  254,  381,  508,  635]

func.func private @printMemrefF32(tensor<*xf32>)

func.func @twice(%a: tensor<5xf32>) -> tensor<5xf32> {
  %e = tensor.empty() : tensor<5xf32>
  %r = linalg.add ins(%a, %a : tensor<5xf32>, tensor<5xf32>) outs(%e : tensor<5xf32>) -> tensor<5xf32>
  return %r : tensor<5xf32>
}

// x = 2x + a, 3 times from a: 15a.
func.func @call_in_body(%a: tensor<5xf32>) -> tensor<5xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a) -> (tensor<5xf32>) {
    %y = func.call @twice(%x) : (tensor<5xf32>) -> tensor<5xf32>
    %e = tensor.empty() : tensor<5xf32>
    %z = linalg.add ins(%y, %a : tensor<5xf32>, tensor<5xf32>) outs(%e : tensor<5xf32>) -> tensor<5xf32>
    scf.yield %z : tensor<5xf32>
  }
  return %r : tensor<5xf32>
}

// x = 2(x + a), 3 times from a (22a), times a.
func.func @call_yielded(%a: tensor<5xf32>) -> tensor<5xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a) -> (tensor<5xf32>) {
    %e = tensor.empty() : tensor<5xf32>
    %z = linalg.add ins(%x, %a : tensor<5xf32>, tensor<5xf32>) outs(%e : tensor<5xf32>) -> tensor<5xf32>
    %y = func.call @twice(%z) : (tensor<5xf32>) -> tensor<5xf32>
    scf.yield %y : tensor<5xf32>
  }
  %e2 = tensor.empty() : tensor<5xf32>
  %w = linalg.mul ins(%r, %a : tensor<5xf32>, tensor<5xf32>) outs(%e2 : tensor<5xf32>) -> tensor<5xf32>
  return %w : tensor<5xf32>
}

// Doubles x until x[0] reaches 100: 128a.
func.func @doubling(%a: tensor<5xf32>) -> tensor<5xf32> {
  %c0 = arith.constant 0 : index
  %lim = arith.constant 100.0 : f32
  %r = scf.while (%x = %a) : (tensor<5xf32>) -> tensor<5xf32> {
    %v = tensor.extract %x[%c0] : tensor<5xf32>
    %go = arith.cmpf olt, %v, %lim : f32
    scf.condition(%go) %x : tensor<5xf32>
  } do {
  ^bb0(%x: tensor<5xf32>):
    %e = tensor.empty() : tensor<5xf32>
    %y = linalg.add ins(%x, %x : tensor<5xf32>, tensor<5xf32>) outs(%e : tensor<5xf32>) -> tensor<5xf32>
    scf.yield %y : tensor<5xf32>
  }
  return %r : tensor<5xf32>
}

// x = 2x + a until x[0] reaches 100: 127a.
func.func @while_call(%a: tensor<5xf32>) -> tensor<5xf32> {
  %c0 = arith.constant 0 : index
  %lim = arith.constant 100.0 : f32
  %r = scf.while (%x = %a) : (tensor<5xf32>) -> tensor<5xf32> {
    %v = tensor.extract %x[%c0] : tensor<5xf32>
    %go = arith.cmpf olt, %v, %lim : f32
    scf.condition(%go) %x : tensor<5xf32>
  } do {
  ^bb0(%x: tensor<5xf32>):
    %y = func.call @twice(%x) : (tensor<5xf32>) -> tensor<5xf32>
    %e = tensor.empty() : tensor<5xf32>
    %z = linalg.add ins(%y, %a : tensor<5xf32>, tensor<5xf32>) outs(%e : tensor<5xf32>) -> tensor<5xf32>
    scf.yield %z : tensor<5xf32>
  }
  return %r : tensor<5xf32>
}

func.func @main() {
  %a = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0]> : tensor<5xf32>
  %p = call @call_in_body(%a) : (tensor<5xf32>) -> tensor<5xf32>
  %pu = tensor.cast %p : tensor<5xf32> to tensor<*xf32>
  call @printMemrefF32(%pu) : (tensor<*xf32>) -> ()
  %q = call @call_yielded(%a) : (tensor<5xf32>) -> tensor<5xf32>
  %qu = tensor.cast %q : tensor<5xf32> to tensor<*xf32>
  call @printMemrefF32(%qu) : (tensor<*xf32>) -> ()
  %r = call @doubling(%a) : (tensor<5xf32>) -> tensor<5xf32>
  %ru = tensor.cast %r : tensor<5xf32> to tensor<*xf32>
  call @printMemrefF32(%ru) : (tensor<*xf32>) -> ()
  %s = call @while_call(%a) : (tensor<5xf32>) -> tensor<5xf32>
  %su = tensor.cast %s : tensor<5xf32> to tensor<*xf32>
  call @printMemrefF32(%su) : (tensor<*xf32>) -> ()
  return
}
