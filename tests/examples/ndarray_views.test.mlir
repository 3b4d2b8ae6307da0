// The README's example runs and prints the updated array.
// RUN: imex-opt %S/../../examples/ndarray_views.mlir --host | %host-run | FileCheck %s
// RUN: %gpu-env %S/../../examples/ndarray_views.mlir | imex-opt --ndarray --region \
// RUN:   | FileCheck %s --check-prefix=GPU
// CHECK: [0,  7,  0.5,  7,  1]
// GPU: gpu.launch
// GPU: gpu.memcpy
