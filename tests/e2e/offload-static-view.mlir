// --offload=gpu on functions whose argument is a view with a static
// layout: the centre of a 4x4 array (offset 5, strides 4 and 1), and a row
// reversed (offset 3, stride -1, whose elements lie below its offset). Each
// device copy has the view's layout (an identity buffer cannot be cast to
// it) over a buffer as long as the view reaches; the results come back
// into the caller's array, the rest untouched, and no device memory is
// left behind.
// RUN: imexc %s --emit=exe -o %t.host && %t.host | FileCheck %s
// RUN: %if vulkan %{ imexc %s --offload=gpu --emit=exe -o %t.gpu && env IMEXRT_CHECK_LEAKS=1 %t.gpu 2>&1 | FileCheck %s --implicit-check-not=imexrt %}
// CHECK:      [30,   20,   10,   0],
// CHECK-NEXT: [1,   2,   4,   1],
// CHECK-NEXT: [1,   6,   8,   1],
// CHECK-NEXT: [1,   1,   1,   1]]

func.func private @printMemrefF32(memref<*xf32>)

func.func @double(%v: memref<2x2xf32, strided<[4, 1], offset: 5>>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      outs(%v : memref<2x2xf32, strided<[4, 1], offset: 5>>) {
  ^bb0(%x: f32):
    %y = arith.addf %x, %x : f32
    linalg.yield %y : f32
  }
  return
}

// r[i] = 10 * i, written through the reversed view.
func.func @ramp_down(%v: memref<4xf32, strided<[-1], offset: 3>>) {
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>],
                  iterator_types = ["parallel"]}
      outs(%v : memref<4xf32, strided<[-1], offset: 3>>) {
  ^bb0(%x: f32):
    %i = linalg.index 0 : index
    %j = arith.index_cast %i : index to i32
    %f = arith.sitofp %j : i32 to f32
    %ten = arith.constant 10.0 : f32
    %y = arith.mulf %f, %ten : f32
    linalg.yield %y : f32
  }
  return
}

func.func @main() {
  %a = memref.alloc() : memref<4x4xf32>
  %one = arith.constant 1.0 : f32
  linalg.fill ins(%one : f32) outs(%a : memref<4x4xf32>)
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %f2 = arith.constant 2.0 : f32
  %f3 = arith.constant 3.0 : f32
  %f4 = arith.constant 4.0 : f32
  memref.store %f2, %a[%c1, %c2] : memref<4x4xf32>
  memref.store %f3, %a[%c2, %c1] : memref<4x4xf32>
  memref.store %f4, %a[%c2, %c2] : memref<4x4xf32>
  %centre = memref.subview %a[1, 1] [2, 2] [1, 1]
      : memref<4x4xf32> to memref<2x2xf32, strided<[4, 1], offset: 5>>
  call @double(%centre) : (memref<2x2xf32, strided<[4, 1], offset: 5>>) -> ()
  %row = memref.reinterpret_cast %a to offset: [3], sizes: [4], strides: [-1]
      : memref<4x4xf32> to memref<4xf32, strided<[-1], offset: 3>>
  call @ramp_down(%row) : (memref<4xf32, strided<[-1], offset: 3>>) -> ()
  %u = memref.cast %a : memref<4x4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %a : memref<4x4xf32>
  return
}
