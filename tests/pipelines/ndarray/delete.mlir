// delete frees an array; the rest of the program is unaffected.
// RUN: imex-opt %s --host | %host-run | FileCheck %s
// RUN: %gpu-env %s | imex-opt --ndarray --region | FileCheck %s --check-prefix=GPU \
// RUN:   --implicit-check-not=region.env_region --implicit-check-not=ndarray.

#env = #ndarray.envs<"host">

func.func private @printMemrefI64(tensor<*xi64> {bufferization.access = "read"})

// GPU-LABEL: func.func @main
// GPU: %[[T:.*]] = gpu.alloc
// GPU: gpu.dealloc %[[T]]
func.func @main() {
  %lo = arith.constant 0 : i64
  %hi = arith.constant 30 : i64
  %n = arith.constant 4 : index
  %tmp = ndarray.linspace %lo %hi %n true : (i64, i64, index) -> tensor<?xi64, #env>
  %keep = ndarray.copy %tmp : tensor<?xi64, #env> -> tensor<?xi64>
  ndarray.delete %tmp : tensor<?xi64, #env>
  %u = tensor.cast %keep : tensor<?xi64> to tensor<*xi64>
  // CHECK: [0,  10,  20,  30]
  call @printMemrefI64(%u) : (tensor<*xi64>) -> ()
  return
}
