// An elementwise kernel over 2^24 + 3 i32 elements: with 256 threads per
// workgroup its grid (65537 workgroups) exceeds the 65535 that Vulkan
// devices such as lavapipe allow per dimension, so the runtime splits the
// launch into dispatches with base workgroup ids. The host path computes
// the same checksum.
// RUN: imexc %s --emit=exe -o %t.host && %t.host | FileCheck %s
// RUN: %if vulkan %{ %gpu-env %s | imexc - --emit=exe -o %t.gpu && %t.gpu | FileCheck %s %}
// RUN: %gpu-env %s | imexc - --mlir-print-ir-after=gpu-kernel-outlining --emit=mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=LAUNCH
// LAUNCH: gpu.launch_func @twice_kernel::@twice_kernel blocks in (%{{.*}}, %c1, %c1) threads in (%c256, %c1, %c1)

#env = #ndarray.envs<"host">
func.func private @printMemrefI64(tensor<*xi64> {bufferization.access = "read"})

func.func @twice(%a: tensor<?xi32, #env>) -> tensor<?xi32, #env> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?xi32, #env>
  %e = tensor.empty(%n) : tensor<?xi32, #env>
  %r = linalg.add ins(%a, %a : tensor<?xi32, #env>, tensor<?xi32, #env>) outs(%e : tensor<?xi32, #env>) -> tensor<?xi32, #env>
  return %r : tensor<?xi32, #env>
}

func.func @main() {
  %n = arith.constant 16777219 : index
  %e = tensor.empty(%n) : tensor<?xi32>
  // a[i] = i mod 1000
  %a = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%e : tensor<?xi32>) {
  ^bb0(%out: i32):
    %i = linalg.index 0 : index
    %c1000 = arith.constant 1000 : index
    %m = arith.remui %i, %c1000 : index
    %v = arith.index_cast %m : index to i32
    linalg.yield %v : i32
  } -> tensor<?xi32>
  %ga = ndarray.copy %a : tensor<?xi32> -> tensor<?xi32, #env>
  %gr = call @twice(%ga) : (tensor<?xi32, #env>) -> tensor<?xi32, #env>
  %r = ndarray.copy %gr : tensor<?xi32, #env> -> tensor<?xi32>
  // sum of r[i] * (i mod 3 + 1): every element counts, with a weight that
  // depends on its position.
  %zero = arith.constant dense<0> : tensor<i64>
  %s = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]} ins(%r : tensor<?xi32>) outs(%zero : tensor<i64>) {
  ^bb0(%x32: i32, %acc: i64):
    %x = arith.extsi %x32 : i32 to i64
    %i = linalg.index 0 : index
    %c3 = arith.constant 3 : index
    %m = arith.remui %i, %c3 : index
    %w = arith.index_cast %m : index to i64
    %one = arith.constant 1 : i64
    %w1 = arith.addi %w, %one : i64
    %p = arith.muli %x, %w1 : i64
    %t = arith.addi %acc, %p : i64
    linalg.yield %t : i64
  } -> tensor<i64>
  %u = tensor.cast %s : tensor<i64> to tensor<*xi64>
  // CHECK: [33520540672]
  call @printMemrefI64(%u) : (tensor<*xi64>) -> ()
  return
}
