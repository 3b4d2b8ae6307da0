// linspace into integer and f16-computed element types: the compute type
// follows the element width and values are truncated towards zero.
// RUN: imex-opt %s --host | %host-run | FileCheck %s
// RUN: %gpu-env %s | imex-opt --ndarray --region | FileCheck %s --check-prefix=GPU \
// RUN:   --implicit-check-not=region.env_region --implicit-check-not=ndarray.

#env = #ndarray.envs<"host">

func.func private @printMemrefI32(tensor<*xi32> {bufferization.access = "read"})
func.func private @printMemrefI64(tensor<*xi64> {bufferization.access = "read"})

// GPU-LABEL: func.func @main
// GPU: gpu.alloc
// GPU: gpu.launch
// GPU: arith.sitofp {{.*}} to f32
// GPU: arith.fptosi {{.*}} to i32
// GPU: gpu.memcpy
func.func @main() {
  %start = arith.constant 0 : i64
  %stop = arith.constant 10 : i64
  %n = arith.constant 4 : index
  // step 10/3: 0, 3.33, 6.67, 10 -> 0, 3, 6, 10
  %a = ndarray.linspace %start %stop %n true : (i64, i64, index) -> tensor<?xi32, #env>
  %ha = ndarray.copy %a : tensor<?xi32, #env> -> tensor<?xi32>
  %ua = tensor.cast %ha : tensor<?xi32> to tensor<*xi32>
  // CHECK: [0,  3,  6,  10]
  call @printMemrefI32(%ua) : (tensor<*xi32>) -> ()

  // Index start/stop, f64 compute for i64 elements, no endpoint, i32 num.
  %i0 = arith.constant -6 : index
  %i1 = arith.constant 6 : index
  %m = arith.constant 4 : i32
  %b = ndarray.linspace %i0 %i1 %m false : (index, index, i32) -> tensor<?xi64, #env>
  %hb = ndarray.copy %b : tensor<?xi64, #env> -> tensor<?xi64>
  %ub = tensor.cast %hb : tensor<?xi64> to tensor<*xi64>
  // CHECK: [-6,  -3,  0,  3]
  call @printMemrefI64(%ub) : (tensor<*xi64>) -> ()
  return
}
