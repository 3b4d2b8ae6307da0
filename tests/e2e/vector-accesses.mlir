// Elementwise kernels whose threads take four elements each
// (vectorize-gpu-parallel-loops): 16-byte vector loads and stores where the
// four are whole and aligned, one by one at the end of a row and in views
// at odd offsets. Sizes 1, 7, 1023, 1025 and 2^20 + 3, rows of 13 (rows
// start at every alignment) and of 16, i32 and f32. The GPU build
// (--offload=gpu, on Vulkan) prints exactly what the host build prints.
// RUN: imexc %s --emit=exe -o %t.host && %t.host | sed 's/base@ = 0x[0-9a-f]*//' > %t.host.txt
// RUN: FileCheck %s < %t.host.txt
// RUN: %if vulkan %{ imexc %s --offload=gpu --emit=exe -o %t.gpu && %t.gpu | sed 's/base@ = 0x[0-9a-f]*//' > %t.gpu.txt && diff %t.host.txt %t.gpu.txt %}
// The kernels move vectors; the shifted view's kernel too, behind its
// alignment check:
// RUN: imexc %s --offload=gpu --emit=mlir -o /dev/null --mlir-print-ir-before=gpu-kernels-to-spirv-binary 2>&1 | FileCheck %s --check-prefix=KERNEL
// On Vulkan, their buffers are arrays of vec4 and the vector accesses are
// elements of them, 2-D rows and views included (their linear index is
// known to be aligned where the vectors run); the inputs, only loaded, are
// arrays of the same bytes as pairs of 64-bit words (vulkan-int64-loads),
// their scalar loads at the ends of rows read words too. The GPU build
// with vulkan-int64-loads=false prints the same:
// RUN: rm -rf %t.st && mkdir -p %t.st
// RUN: imexc %s --offload=gpu --gpu-runtime=vulkan --save-temps=%t.st -o %t.o
// RUN: spirv-dis %t.st/rows_kernel.vulkan.spv | FileCheck %s --check-prefix=VULKAN
// RUN: spirv-dis %t.st/shifted_kernel.vulkan.spv | FileCheck %s --check-prefix=VULKAN
// RUN: %if vulkan %{ imexc %s --offload=gpu --pipeline-options=vulkan-int64-loads=false --emit=exe -o %t.nowords && %t.nowords | sed 's/base@ = 0x[0-9a-f]*//' > %t.nowords.txt && diff %t.host.txt %t.nowords.txt %}
// VULKAN-DAG: OpTypeRuntimeArray %v2ulong
// VULKAN-DAG: OpTypeRuntimeArray %v4float
// VULKAN-COUNT-2: OpAccessChain %_ptr_StorageBuffer_v2ulong
// VULKAN: OpAccessChain %_ptr_StorageBuffer_v4float
// VULKAN-COUNT-2: OpAccessChain %_ptr_StorageBuffer_ulong
// VULKAN: OpAccessChain %_ptr_StorageBuffer_float
// KERNEL-LABEL: gpu.func @triad_kernel
// KERNEL: vector.load {{.*}} : memref<?xf32>, vector<4xf32>
// KERNEL: vector.store {{.*}} : memref<?xf32>, vector<4xf32>
// KERNEL: memref.store
// KERNEL-LABEL: gpu.func @shifted_kernel
// KERNEL: vector.load
// KERNEL-LABEL: gpu.func @rows_kernel
// KERNEL: arith.maximumf {{.*}} : vector<4xf32>
// KERNEL-LABEL: gpu.func @clamp_kernel
// KERNEL: arith.maxsi {{.*}} : vector<4xi32>
// KERNEL: math.ipowi {{.*}} : vector<4xi32>

// Triad twice on x = 0, 1, 2, ...: 2x, of 1, 7, 1023, 1025 elements (the
// last 9 printed), then the last 9 of 2^20 + 3.
// CHECK: sizes = [1]
// CHECK-NEXT: [0]
// CHECK: sizes = [7]
// CHECK-NEXT: [0,  2,  4,  6,  8,  10,  12]
// CHECK: sizes = [9]
// CHECK-NEXT: [2028,  2030,  2032,  2034,  2036,  2038,  2040,  2042,  2044]
// CHECK: sizes = [9]
// CHECK-NEXT: [2032,  2034,  2036,  2038,  2040,  2042,  2044,  2046,  2048]
// CHECK: sizes = [9]
// Shifted views x[1:] + 2 x[:-1] = 3i + 1 of 1023 elements, the last 3:
// CHECK: sizes = [3]
// CHECK-NEXT: [3061,  3064,  3067]
// Rows of 13 and 16: max(a / 4 + b, 3), a = 0, 1, ... row by row, b = 0, 1, ...
// CHECK: sizes = [7, 13]
// CHECK-NEXT: [3,   3,   3,   3.75,   5,   6.25,   7.5,   8.75,   10,   11.25,   12.5,   13.75,   15],
// CHECK-NEXT: [3.25,   4.5,   5.75,   7,   8.25,   9.5,   10.75,   12,   13.25,   14.5,   15.75,   17,   18.25],
// CHECK: sizes = [3, 16]
// CHECK-NEXT: [3,   3,   3,   3.75,   5,   6.25,   7.5,   8.75,   10,   11.25,   12.5,   13.75,   15,   16.25,   17.5,   18.75],
// CHECK-NEXT: [4,   5.25,   6.5,   7.75,   9,   10.25,   11.5,   12.75,   14,   15.25,   16.5,   17.75,   19,   20.25,   21.5,   22.75],
// i32 clamp of -512 ... 512 to [-100, 100], squared:
// CHECK: sizes = [1025]
// CHECK-NEXT: [10000,  10000,

func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})
func.func private @printMemrefI32(tensor<*xi32> {bufferization.access = "read"})

#id1 = affine_map<(i) -> (i)>
#id2 = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (j)>

func.func @triad(%a: tensor<?xf32>, %b: tensor<?xf32>, %s: f32) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#id1, #id1, #id1], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<?xf32>, tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.mulf %s, %y : f32
    %t = arith.addf %x, %m : f32
    linalg.yield %t : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// x[1:] + 2 * x[:-1]: one view starts one element into the buffer.
func.func @shifted(%x: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %two = arith.constant 2.0 : f32
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %m = arith.subi %n, %c1 : index
  %hi = tensor.extract_slice %x[1] [%m] [1] : tensor<?xf32> to tensor<?xf32>
  %lo = tensor.extract_slice %x[0] [%m] [1] : tensor<?xf32> to tensor<?xf32>
  %e = tensor.empty(%m) : tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#id1, #id1, #id1], iterator_types = ["parallel"]}
      ins(%hi, %lo : tensor<?xf32>, tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%h: f32, %l: f32, %o: f32):
    %d = arith.mulf %two, %l : f32
    %t = arith.addf %h, %d : f32
    linalg.yield %t : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// max(a / 4 + b, 3), b broadcast along the rows (exact on both devices).
func.func @rows(%a: tensor<?x?xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %k = arith.constant 4.0 : f32
  %floor = arith.constant 3.0 : f32
  %m = tensor.dim %a, %c0 : tensor<?x?xf32>
  %n = tensor.dim %a, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %r = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<?x?xf32>, tensor<?xf32>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %q = arith.divf %x, %k : f32
    %p = arith.addf %q, %y : f32
    %t = arith.maximumf %p, %floor : f32
    linalg.yield %t : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// min(max(a, -100), 100)^2 on i32 (a vector integer power: SPIR-V has
// none, each element is expanded).
func.func @clamp(%a: tensor<?xi32>) -> tensor<?xi32> {
  %c0 = arith.constant 0 : index
  %lo = arith.constant -100 : i32
  %hi = arith.constant 100 : i32
  %two = arith.constant 2 : i32
  %n = tensor.dim %a, %c0 : tensor<?xi32>
  %e = tensor.empty(%n) : tensor<?xi32>
  %r = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%a : tensor<?xi32>) outs(%e : tensor<?xi32>) {
  ^bb0(%x: i32, %o: i32):
    %u = arith.maxsi %x, %lo : i32
    %v = arith.minsi %u, %hi : i32
    %w = math.ipowi %v, %two : i32
    linalg.yield %w : i32
  } -> tensor<?xi32>
  return %r : tensor<?xi32>
}

// 0, 1, 2, ... as f32, n of them.
func.func @iota(%n: index) -> tensor<?xf32> {
  %e = tensor.empty(%n) : tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%e : tensor<?xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = arith.index_cast %i : index to i32
    %f = arith.sitofp %j : i32 to f32
    linalg.yield %f : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -512, -511, ... as i32, n of them.
func.func @centred_iota(%n: index) -> tensor<?xi32> {
  %half = arith.constant 512 : i32
  %e = tensor.empty(%n) : tensor<?xi32>
  %r = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%e : tensor<?xi32>) {
  ^bb0(%o: i32):
    %i = linalg.index 0 : index
    %j = arith.index_cast %i : index to i32
    %k = arith.subi %j, %half : i32
    linalg.yield %k : i32
  } -> tensor<?xi32>
  return %r : tensor<?xi32>
}

func.func @print_tail(%r: tensor<?xf32>, %count: index) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %r, %c0 : tensor<?xf32>
  %k = arith.minsi %n, %count : index
  %start = arith.subi %n, %k : index
  %tail = tensor.extract_slice %r[%start] [%k] [1] : tensor<?xf32> to tensor<?xf32>
  %u = tensor.cast %tail : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @run_triad(%n: index) {
  %c9 = arith.constant 9 : index
  %s = arith.constant 0.5 : f32
  %a = call @iota(%n) : (index) -> tensor<?xf32>
  %b = call @triad(%a, %a, %s) : (tensor<?xf32>, tensor<?xf32>, f32) -> tensor<?xf32>
  %r = call @triad(%b, %a, %s) : (tensor<?xf32>, tensor<?xf32>, f32) -> tensor<?xf32>
  call @print_tail(%r, %c9) : (tensor<?xf32>, index) -> ()
  return
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %c13 = arith.constant 13 : index
  %c16 = arith.constant 16 : index
  %c48 = arith.constant 48 : index
  %c91 = arith.constant 91 : index
  %c1023 = arith.constant 1023 : index
  %c1024 = arith.constant 1024 : index
  %c1025 = arith.constant 1025 : index
  %big = arith.constant 1048579 : index
  call @run_triad(%c1) : (index) -> ()
  call @run_triad(%c7) : (index) -> ()
  call @run_triad(%c1023) : (index) -> ()
  call @run_triad(%c1025) : (index) -> ()
  call @run_triad(%big) : (index) -> ()

  %x = call @iota(%c1024) : (index) -> tensor<?xf32>
  %sh = call @shifted(%x) : (tensor<?xf32>) -> tensor<?xf32>
  call @print_tail(%sh, %c3) : (tensor<?xf32>, index) -> ()

  %f91 = call @iota(%c16) : (index) -> tensor<?xf32>
  %b13 = tensor.extract_slice %f91[0] [%c13] [1] : tensor<?xf32> to tensor<?xf32>
  %a91 = call @iota(%c1025) : (index) -> tensor<?xf32>
  %flat91 = tensor.extract_slice %a91[0] [%c91] [1] : tensor<?xf32> to tensor<?xf32>
  %a713 = tensor.expand_shape %flat91 [[0, 1]] output_shape [%c7, %c13] : tensor<?xf32> into tensor<?x?xf32>
  %r713 = call @rows(%a713, %b13) : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %u713 = tensor.cast %r713 : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u713) : (tensor<*xf32>) -> ()
  %flat48 = tensor.extract_slice %a91[0] [%c48] [1] : tensor<?xf32> to tensor<?xf32>
  %a316 = tensor.expand_shape %flat48 [[0, 1]] output_shape [%c3, %c16] : tensor<?xf32> into tensor<?x?xf32>
  %r316 = call @rows(%a316, %f91) : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %u316 = tensor.cast %r316 : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u316) : (tensor<*xf32>) -> ()

  %centred = call @centred_iota(%c1025) : (index) -> tensor<?xi32>
  %cl = call @clamp(%centred) : (tensor<?xi32>) -> tensor<?xi32>
  %ucl = tensor.cast %cl : tensor<?xi32> to tensor<*xi32>
  call @printMemrefI32(%ucl) : (tensor<*xi32>) -> ()
  return
}
