// Exported --offload=gpu functions whose array argument reaches the host
// through a loop, called from C++ with host arrays, shared device arrays and
// device memory, on a device whose memory the host maps (lavapipe's
// default) and on one whose memory it cannot map, as on a discrete GPU:
// - @doubling: an scf.while whose condition reads the carried array on the
//   host, the argument on the first test (the host read device memory in
//   place and faulted; before that the loop was refused);
// - @add_times: a loop that may run zero times, so that the result may be
//   the argument itself (its host copy faulted on device memory), and
//   whose result is a buffer the loop chose: it is handed back as host
//   memory, which the driver frees with free() (it was GPU memory, leaked
//   or worse);
// - @add_times_into: the same result copied into an output argument;
// - @twice_chosen, @add_chosen: a branch's GPU result returned twice, and
//   one of no elements (below).
// REQUIRES: vulkan
// RUN: rm -rf %t && mkdir -p %t
// RUN: imexc %s --offload=gpu -o %t/k.o --emit-header=%t/kernels.h
// RUN: %cg-cxx -I%t -I%S/../../../runtime/include -c %S/Inputs/gpu-loop-arguments.cpp -o %t/driver.o
// RUN: c++ %t/driver.o %t/k.o -o %t/run %cg-libs
// RUN: env IMEXRT_CHECK_LEAKS=1 %t/run 2>&1 | FileCheck %s --implicit-check-not=FAIL --implicit-check-not=imexrt
// RUN: env IMEXRT_VULKAN_DEVICE_MEMORY=unmapped IMEXRT_CHECK_LEAKS=1 %t/run 2>&1 | FileCheck %s --implicit-check-not=FAIL --implicit-check-not=imexrt

// CHECK-COUNT-3: ok doubling
// CHECK-COUNT-12: ok add_times
// CHECK-COUNT-3: ok twice_chosen
// CHECK-COUNT-6: ok add_chosen
// CHECK: ok arguments unchanged
// CHECK-NEXT: ok no runtime errors

// Doubles x until x[0] reaches 100.
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

// (n + 1) a.
func.func @add_times(%a: tensor<5xf32>, %n: index) -> tensor<5xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> (tensor<5xf32>) {
    %e = tensor.empty() : tensor<5xf32>
    %y = linalg.add ins(%x, %a : tensor<5xf32>, tensor<5xf32>) outs(%e : tensor<5xf32>) -> tensor<5xf32>
    scf.yield %y : tensor<5xf32>
  }
  return %r : tensor<5xf32>
}

func.func @add_times_into(%a: memref<5xf32>, %n: index, %out: memref<5xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = bufferization.to_tensor %a restrict : memref<5xf32> to tensor<5xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %t) -> (tensor<5xf32>) {
    %e = tensor.empty() : tensor<5xf32>
    %y = linalg.add ins(%x, %t : tensor<5xf32>, tensor<5xf32>) outs(%e : tensor<5xf32>) -> tensor<5xf32>
    scf.yield %y : tensor<5xf32>
  }
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<5xf32>, memref<5xf32>) -> ()
  return
}

// A branch's GPU result returned twice: both results are the same host
// copy (the GPU buffer was copied and freed for the first, then read again
// for the second: garbage, and a double free).
func.func @twice_chosen(%a: tensor<5xf32>, %f: i1) -> (tensor<5xf32>, tensor<5xf32>) {
  %r = scf.if %f -> tensor<5xf32> {
    %e = tensor.empty() : tensor<5xf32>
    %y = linalg.add ins(%a, %a : tensor<5xf32>, tensor<5xf32>) outs(%e : tensor<5xf32>) -> tensor<5xf32>
    scf.yield %y : tensor<5xf32>
  } else {
    scf.yield %a : tensor<5xf32>
  }
  return %r, %r : tensor<5xf32>, tensor<5xf32>
}

// A branch's GPU result of no elements: host memory for the caller (the
// runtime did not know an empty allocation as GPU memory, so it was handed
// back as the device buffer, which free() then crashed on).
func.func @add_chosen(%a: tensor<?xf32>, %f: i1) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %a, %c0 : tensor<?xf32>
  %r = scf.if %f -> tensor<?xf32> {
    %e = tensor.empty(%d) : tensor<?xf32>
    %s = linalg.add ins(%a, %a : tensor<?xf32>, tensor<?xf32>) outs(%e : tensor<?xf32>) -> tensor<?xf32>
    scf.yield %s : tensor<?xf32>
  } else {
    scf.yield %a : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}
