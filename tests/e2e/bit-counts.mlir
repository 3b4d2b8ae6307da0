// math.ctpop and math.cttz on i8, i16, i32 and i64, which the SPIR-V
// conversion lacks: bit arithmetic on the GPU (expandMathForFlavour), the
// same counts as the host's (0 has as many trailing zeros as its width).
// The last kernel, on i32 arrays, counts four elements at a time (vectors).
// RUN: imexc %s --emit=exe -o %t.host && %t.host | FileCheck %s
// RUN: %if vulkan %{ imexc %s --offload=gpu --emit=exe -o %t.gpu && %t.gpu | FileCheck %s %}
// RUN: imexc %s --offload=gpu --emit=mlir -o /dev/null --mlir-print-ir-before=gpu-kernels-to-spirv-binary 2>&1 | FileCheck %s --check-prefix=KERNEL
// KERNEL: math.ctpop {{.*}} : vector<4xi32>
// KERNEL: math.cttz {{.*}} : vector<4xi32>
// CHECK: data =
// CHECK-NEXT: [0,  1,  8,  1,  2,  8,  0,  8,  0,  0,  8,  0,  0]
// CHECK: data =
// CHECK-NEXT: [8,  0,  0,  1,  5,  0,  8,  0,  8,  8,  0,  8,  8]
// CHECK: data =
// CHECK-NEXT: [0,  1,  16,  1,  2,  8,  1,  16,  0,  0,  16,  0,  0]
// CHECK: data =
// CHECK-NEXT: [16,  0,  0,  1,  5,  0,  8,  0,  16,  16,  0,  16,  16]
// CHECK: data =
// CHECK-NEXT: [0,  1,  32,  1,  2,  8,  1,  16,  1,  1,  32,  0,  0]
// CHECK: data =
// CHECK-NEXT: [32,  0,  0,  1,  5,  0,  8,  0,  16,  31,  0,  32,  32]
// CHECK: data =
// CHECK-NEXT: [0,  1,  64,  1,  2,  8,  1,  16,  1,  33,  32,  1,  2]
// CHECK: data =
// CHECK-NEXT: [64,  0,  0,  1,  5,  0,  8,  0,  16,  31,  0,  40,  62]
// CHECK: data =
// CHECK-NEXT: [3200,  1,  32,  101,  502,  8,  801,  16,  1601,  3101,  32,  3200,  3200]

#id1 = affine_map<(i) -> (i)>
func.func private @printMemrefI64(tensor<*xi64> {bufferization.access = "read"})
func.func private @printMemrefI32(tensor<*xi32> {bufferization.access = "read"})

func.func @ctpop8(%a: tensor<?xi64>) -> tensor<?xi64> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?xi64>
  %e = tensor.empty(%n) : tensor<?xi64>
  %r0 = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%a : tensor<?xi64>) outs(%e : tensor<?xi64>) {
  ^bb0(%x: i64, %o: i64):
    %t = arith.trunci %x : i64 to i8
    %r = math.ctpop %t : i8
    %h = arith.extui %r : i8 to i64
    linalg.yield %h : i64
  } -> tensor<?xi64>
  return %r0 : tensor<?xi64>
}

func.func @cttz8(%a: tensor<?xi64>) -> tensor<?xi64> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?xi64>
  %e = tensor.empty(%n) : tensor<?xi64>
  %r0 = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%a : tensor<?xi64>) outs(%e : tensor<?xi64>) {
  ^bb0(%x: i64, %o: i64):
    %t = arith.trunci %x : i64 to i8
    %r = math.cttz %t : i8
    %h = arith.extui %r : i8 to i64
    linalg.yield %h : i64
  } -> tensor<?xi64>
  return %r0 : tensor<?xi64>
}

func.func @ctpop16(%a: tensor<?xi64>) -> tensor<?xi64> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?xi64>
  %e = tensor.empty(%n) : tensor<?xi64>
  %r0 = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%a : tensor<?xi64>) outs(%e : tensor<?xi64>) {
  ^bb0(%x: i64, %o: i64):
    %t = arith.trunci %x : i64 to i16
    %r = math.ctpop %t : i16
    %h = arith.extui %r : i16 to i64
    linalg.yield %h : i64
  } -> tensor<?xi64>
  return %r0 : tensor<?xi64>
}

func.func @cttz16(%a: tensor<?xi64>) -> tensor<?xi64> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?xi64>
  %e = tensor.empty(%n) : tensor<?xi64>
  %r0 = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%a : tensor<?xi64>) outs(%e : tensor<?xi64>) {
  ^bb0(%x: i64, %o: i64):
    %t = arith.trunci %x : i64 to i16
    %r = math.cttz %t : i16
    %h = arith.extui %r : i16 to i64
    linalg.yield %h : i64
  } -> tensor<?xi64>
  return %r0 : tensor<?xi64>
}

func.func @ctpop32(%a: tensor<?xi64>) -> tensor<?xi64> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?xi64>
  %e = tensor.empty(%n) : tensor<?xi64>
  %r0 = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%a : tensor<?xi64>) outs(%e : tensor<?xi64>) {
  ^bb0(%x: i64, %o: i64):
    %t = arith.trunci %x : i64 to i32
    %r = math.ctpop %t : i32
    %h = arith.extui %r : i32 to i64
    linalg.yield %h : i64
  } -> tensor<?xi64>
  return %r0 : tensor<?xi64>
}

func.func @cttz32(%a: tensor<?xi64>) -> tensor<?xi64> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?xi64>
  %e = tensor.empty(%n) : tensor<?xi64>
  %r0 = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%a : tensor<?xi64>) outs(%e : tensor<?xi64>) {
  ^bb0(%x: i64, %o: i64):
    %t = arith.trunci %x : i64 to i32
    %r = math.cttz %t : i32
    %h = arith.extui %r : i32 to i64
    linalg.yield %h : i64
  } -> tensor<?xi64>
  return %r0 : tensor<?xi64>
}

func.func @ctpop64(%a: tensor<?xi64>) -> tensor<?xi64> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?xi64>
  %e = tensor.empty(%n) : tensor<?xi64>
  %r0 = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%a : tensor<?xi64>) outs(%e : tensor<?xi64>) {
  ^bb0(%x: i64, %o: i64):
    %h = math.ctpop %x : i64
    linalg.yield %h : i64
  } -> tensor<?xi64>
  return %r0 : tensor<?xi64>
}

func.func @cttz64(%a: tensor<?xi64>) -> tensor<?xi64> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?xi64>
  %e = tensor.empty(%n) : tensor<?xi64>
  %r0 = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%a : tensor<?xi64>) outs(%e : tensor<?xi64>) {
  ^bb0(%x: i64, %o: i64):
    %h = math.cttz %x : i64
    linalg.yield %h : i64
  } -> tensor<?xi64>
  return %r0 : tensor<?xi64>
}

// ctpop(x) + 100 * cttz(x) on i32 arrays.
func.func @counts32(%a: tensor<?xi32>) -> tensor<?xi32> {
  %c0 = arith.constant 0 : index
  %hundred = arith.constant 100 : i32
  %n = tensor.dim %a, %c0 : tensor<?xi32>
  %e = tensor.empty(%n) : tensor<?xi32>
  %r = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%a : tensor<?xi32>) outs(%e : tensor<?xi32>) {
  ^bb0(%x: i32, %o: i32):
    %p = math.ctpop %x : i32
    %z = math.cttz %x : i32
    %s = arith.muli %z, %hundred : i32
    %t = arith.addi %p, %s : i32
    linalg.yield %t : i32
  } -> tensor<?xi32>
  return %r : tensor<?xi32>
}

func.func @main() {
  %a = arith.constant dense<[0, 1, -1, 2, 96, 255, 256, 65535, 65536, -2147483648, 4294967295, 1099511627776, -4611686018427387904]> : tensor<13xi64>
  %da = tensor.cast %a : tensor<13xi64> to tensor<?xi64>
  %ctpop8 = call @ctpop8(%da) : (tensor<?xi64>) -> tensor<?xi64>
  %uctpop8 = tensor.cast %ctpop8 : tensor<?xi64> to tensor<*xi64>
  call @printMemrefI64(%uctpop8) : (tensor<*xi64>) -> ()
  %cttz8 = call @cttz8(%da) : (tensor<?xi64>) -> tensor<?xi64>
  %ucttz8 = tensor.cast %cttz8 : tensor<?xi64> to tensor<*xi64>
  call @printMemrefI64(%ucttz8) : (tensor<*xi64>) -> ()
  %ctpop16 = call @ctpop16(%da) : (tensor<?xi64>) -> tensor<?xi64>
  %uctpop16 = tensor.cast %ctpop16 : tensor<?xi64> to tensor<*xi64>
  call @printMemrefI64(%uctpop16) : (tensor<*xi64>) -> ()
  %cttz16 = call @cttz16(%da) : (tensor<?xi64>) -> tensor<?xi64>
  %ucttz16 = tensor.cast %cttz16 : tensor<?xi64> to tensor<*xi64>
  call @printMemrefI64(%ucttz16) : (tensor<*xi64>) -> ()
  %ctpop32 = call @ctpop32(%da) : (tensor<?xi64>) -> tensor<?xi64>
  %uctpop32 = tensor.cast %ctpop32 : tensor<?xi64> to tensor<*xi64>
  call @printMemrefI64(%uctpop32) : (tensor<*xi64>) -> ()
  %cttz32 = call @cttz32(%da) : (tensor<?xi64>) -> tensor<?xi64>
  %ucttz32 = tensor.cast %cttz32 : tensor<?xi64> to tensor<*xi64>
  call @printMemrefI64(%ucttz32) : (tensor<*xi64>) -> ()
  %ctpop64 = call @ctpop64(%da) : (tensor<?xi64>) -> tensor<?xi64>
  %uctpop64 = tensor.cast %ctpop64 : tensor<?xi64> to tensor<*xi64>
  call @printMemrefI64(%uctpop64) : (tensor<*xi64>) -> ()
  %cttz64 = call @cttz64(%da) : (tensor<?xi64>) -> tensor<?xi64>
  %ucttz64 = tensor.cast %cttz64 : tensor<?xi64> to tensor<*xi64>
  call @printMemrefI64(%ucttz64) : (tensor<*xi64>) -> ()
  %b = arith.constant dense<[0, 1, -1, 2, 96, 255, 256, 65535, 65536, -2147483648, -1, 0, 0]> : tensor<13xi32>
  %db = tensor.cast %b : tensor<13xi32> to tensor<?xi32>
  %c = call @counts32(%db) : (tensor<?xi32>) -> tensor<?xi32>
  %uc = tensor.cast %c : tensor<?xi32> to tensor<*xi32>
  call @printMemrefI32(%uc) : (tensor<*xi32>) -> ()
  return
}
