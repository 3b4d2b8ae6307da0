// Views passed to and returned from functions (identity layouts at the
// boundary): a column window of a 3 x 8 array (strides [8, 1], offset 0)
// given to a function that doubles it on the GPU, the same window returned
// by a function and then doubled, and a window one column in. One-shot
// bufferization passes such views through a cast that assumes them
// contiguous; copy-views-at-call-boundaries copies them. The GPU build
// (--offload=gpu) used to read the first window as the first twelve
// elements of the array. Values are NumPy's (a[:, :4] * 2, a[:, 1:5] * 2).
// RUN: imexc %s --emit=exe -o %t.host && %t.host | sed 's/base@ = 0x[0-9a-f]*//' > %t.host.txt
// RUN: FileCheck %s < %t.host.txt
// RUN: %if vulkan %{ imexc %s --offload=gpu --emit=exe -o %t.gpu && %t.gpu | sed 's/base@ = 0x[0-9a-f]*//' > %t.gpu.txt && diff %t.host.txt %t.gpu.txt %}
// The call takes a copy of the window:
// RUN: imexc %s --offload=gpu --emit=mlir -o /dev/null --mlir-print-ir-after=copy-views-at-call-boundaries 2>&1 | FileCheck %s --check-prefix=IR
// IR-LABEL: func.func @main(
// IR: %[[W:.*]] = memref.subview %{{.*}}[0, 0] [3, 4] [1, 1] : memref<3x8xf32> to memref<3x4xf32, strided<[8, 1]>>
// IR: %[[COPY:.*]] = memref.alloc
// IR: memref.copy %[[W]], %[[COPY]]
// IR: call @double(%[[COPY]])

// CHECK: sizes = [3, 4]
// CHECK-NEXT: [0,   2,   4,   6],
// CHECK-NEXT: [20,   22,   24,   26],
// CHECK-NEXT: [40,   42,   44,   46]]
// CHECK: sizes = [3, 4]
// CHECK-NEXT: [0,   2,   4,   6],
// CHECK-NEXT: [20,   22,   24,   26],
// CHECK-NEXT: [40,   42,   44,   46]]
// CHECK: sizes = [3, 4]
// CHECK-NEXT: [2,   4,   6,   8],
// CHECK-NEXT: [22,   24,   26,   28],
// CHECK-NEXT: [42,   44,   46,   48]]

func.func private @printMemrefF32(tensor<*xf32>)

func.func @double(%a: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %a, %c0 : tensor<?x?xf32>
  %m = tensor.dim %a, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%n, %m) : tensor<?x?xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%x: f32, %y: f32):
    %t = arith.addf %x, %x : f32
    linalg.yield %t : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// Columns k to k + 3 of %a.
func.func @window(%a: tensor<3x8xf32>, %k: index) -> tensor<?x?xf32> {
  %w = tensor.extract_slice %a[0, %k] [3, 4] [1, 1] : tensor<3x8xf32> to tensor<3x4xf32>
  %d = tensor.cast %w : tensor<3x4xf32> to tensor<?x?xf32>
  return %d : tensor<?x?xf32>
}

func.func @print(%t: tensor<?x?xf32>) {
  %u = tensor.cast %t : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = arith.constant dense<[[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0],
                             [10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0],
                             [20.0, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0]]> : tensor<3x8xf32>
  %w = tensor.extract_slice %a[0, 0] [3, 4] [1, 1] : tensor<3x8xf32> to tensor<3x4xf32>
  %wd = tensor.cast %w : tensor<3x4xf32> to tensor<?x?xf32>
  %r0 = call @double(%wd) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  call @print(%r0) : (tensor<?x?xf32>) -> ()
  %v0 = call @window(%a, %c0) : (tensor<3x8xf32>, index) -> tensor<?x?xf32>
  %r1 = call @double(%v0) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  call @print(%r1) : (tensor<?x?xf32>) -> ()
  %v1 = call @window(%a, %c1) : (tensor<3x8xf32>, index) -> tensor<?x?xf32>
  %r2 = call @double(%v1) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  call @print(%r2) : (tensor<?x?xf32>) -> ()
  return
}
