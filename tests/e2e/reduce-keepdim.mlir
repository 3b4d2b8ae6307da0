// A row softmax whose reductions keep the reduced dimension with a
// constant index (`(d0, d1) -> (d0, 0)`, as PlaidML-style front ends write
// keepdims reductions, with attributes of their own), broadcast back over
// the rows. The -O2 host code generation must
// not try to split such a reduction into partial results (upstream crashes
// on the constant index), and the GPU path (--offload=gpu) must agree.
// RUN: imexc %s --emit=exe -o %t.host && %t.host | FileCheck %s
// RUN: imexc %s -O0 --emit=exe -o %t.o0 && %t.o0 | FileCheck %s
// RUN: %if vulkan %{ imexc %s --offload=gpu --emit=exe -o %t.gpu && %t.gpu | FileCheck %s %}
// RUN: imexc %s --offload=gpu --emit=llvm -o - | FileCheck %s --check-prefix=LAUNCH
// LAUNCH: call {{.*}}@gpuLaunchKernel

#id = affine_map<(d0, d1) -> (d0, d1)>
#keep = affine_map<(d0, d1) -> (d0, 0)>

func.func @softmax(%x: tensor<2x32xf32>) -> tensor<2x32xf32> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<2x1xf32>
  %minit = linalg.fill ins(%ninf : f32) outs(%e : tensor<2x1xf32>) -> tensor<2x1xf32>
  %max = linalg.generic {indexing_maps = [#id, #keep], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<2x32xf32>) outs(%minit : tensor<2x1xf32>)
      attrs = {iterator_ranges = [2, 32], name = "softmax"} {
  ^bb0(%in: f32, %acc: f32):
    %gt = arith.cmpf ogt, %acc, %in : f32
    %m = arith.select %gt, %acc, %in : f32
    linalg.yield %m : f32
  } -> tensor<2x1xf32>
  %e2 = tensor.empty() : tensor<2x32xf32>
  %ex = linalg.generic {indexing_maps = [#id, #keep, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %max : tensor<2x32xf32>, tensor<2x1xf32>) outs(%e2 : tensor<2x32xf32>) {
  ^bb0(%in: f32, %m: f32, %o: f32):
    %d = arith.subf %in, %m : f32
    %v = math.exp %d : f32
    linalg.yield %v : f32
  } -> tensor<2x32xf32>
  %sinit = linalg.fill ins(%zero : f32) outs(%e : tensor<2x1xf32>) -> tensor<2x1xf32>
  %sum = linalg.generic {indexing_maps = [#id, #keep], iterator_types = ["parallel", "reduction"]}
      ins(%ex : tensor<2x32xf32>) outs(%sinit : tensor<2x1xf32>)
      attrs = {iterator_ranges = [2, 32], name = "softmax"} {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  } -> tensor<2x1xf32>
  %r = linalg.generic {indexing_maps = [#id, #keep, #id], iterator_types = ["parallel", "parallel"]}
      ins(%ex, %sum : tensor<2x32xf32>, tensor<2x1xf32>) outs(%e2 : tensor<2x32xf32>) {
  ^bb0(%in: f32, %s: f32, %o: f32):
    %q = arith.divf %in, %s : f32
    linalg.yield %q : f32
  } -> tensor<2x32xf32>
  return %r : tensor<2x32xf32>
}

func.func @main() {
  // ln 3 = 1.0986123: relative to the row maximum, e^x is 1/3 or 1.
  %x = arith.constant dense<[[0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0986123, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], [5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0]]> : tensor<2x32xf32>
  %r = call @softmax(%x) : (tensor<2x32xf32>) -> tensor<2x32xf32>
  %u = tensor.cast %r : tensor<2x32xf32> to tensor<*xf32>
  // 1/34, 3/34 and 1/32:
  // CHECK: {{\[}}[0.0294118,   0.0294118,   0.0294118,   0.0294118,   0.0294118,   0.0294118,   0.0294118,   0.0882353,   0.0294118,   0.0294118,   0.0294118,   0.0294118,   0.0294118,   0.0294118,   0.0294118,   0.0294118,   0.0294118,   0.0294118,   0.0294118,   0.0294118,   0.0294118,   0.0294118,   0.0294118,   0.0294118,   0.0294118,   0.0294118,   0.0294118,   0.0294118,   0.0294118,   0.0294118,   0.0294118,   0.0294118],
  // CHECK-NEXT: [0.03125,   0.03125,   0.03125,   0.03125,   0.03125,   0.03125,   0.03125,   0.03125,   0.03125,   0.03125,   0.03125,   0.03125,   0.03125,   0.03125,   0.03125,   0.03125,   0.03125,   0.03125,   0.03125,   0.03125,   0.03125,   0.03125,   0.03125,   0.03125,   0.03125,   0.03125,   0.03125,   0.03125,   0.03125,   0.03125,   0.03125,   0.03125]]
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(tensor<*xf32>)
