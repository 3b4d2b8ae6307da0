// Signed and unsigned integer element types (si16, ui32, ui8), as IMEX's
// programs write them, through ndarray.cast_elemtype and ndarray.linspace:
// their signedness chooses the conversion, as in NumPy
// (np.array([-1, 2, -3], np.int32).astype(np.uint32) wraps to 4294967295,
// 2, 4294967293; back to int16, -1, 2, -3; linspace(0, 8, 5) as uint8).
// RUN: imexc %s --emit=exe -o %t.host && %t.host | FileCheck %s
// RUN: %if vulkan %{ %gpu-env %s | imexc - --emit=exe -o %t.gpu && %t.gpu | FileCheck %s %}

// CHECK:      [4294967295,  2,  4294967293]
// CHECK:      [-1,  2,  -3]
// CHECK:      [0,  2,  4,  6,  8]

#env = #ndarray.envs<"host">
func.func private @printMemrefI64(tensor<*xi64> {bufferization.access = "read"})

func.func @casts(%a: tensor<3xi32, #env>, %start: f32, %stop: f32)
    -> (tensor<3xi64, #env>, tensor<3xi64, #env>, tensor<5xi64, #env>) {
  %u = ndarray.cast_elemtype %a : tensor<3xi32, #env> to tensor<3xui32, #env>
  %wide = ndarray.cast_elemtype %u : tensor<3xui32, #env> to tensor<3xi64, #env>
  %s = ndarray.cast_elemtype %u : tensor<3xui32, #env> to tensor<3xsi16, #env>
  %back = ndarray.cast_elemtype %s : tensor<3xsi16, #env> to tensor<3xi64, #env>
  %n = arith.constant 5 : index
  %l = ndarray.linspace %start %stop %n true : (f32, f32, index) -> tensor<5xui8, #env>
  %lw = ndarray.cast_elemtype %l : tensor<5xui8, #env> to tensor<5xi64, #env>
  return %wide, %back, %lw : tensor<3xi64, #env>, tensor<3xi64, #env>, tensor<5xi64, #env>
}

func.func @main() {
  %a = arith.constant dense<[-1, 2, -3]> : tensor<3xi32>
  %start = arith.constant 0.0 : f32
  %stop = arith.constant 8.0 : f32
  %ae = ndarray.copy %a : tensor<3xi32> -> tensor<3xi32, #env>
  %r:3 = call @casts(%ae, %start, %stop)
      : (tensor<3xi32, #env>, f32, f32) -> (tensor<3xi64, #env>, tensor<3xi64, #env>, tensor<5xi64, #env>)
  %h0 = ndarray.copy %r#0 : tensor<3xi64, #env> -> tensor<3xi64>
  %p0 = tensor.cast %h0 : tensor<3xi64> to tensor<*xi64>
  call @printMemrefI64(%p0) : (tensor<*xi64>) -> ()
  %h1 = ndarray.copy %r#1 : tensor<3xi64, #env> -> tensor<3xi64>
  %p1 = tensor.cast %h1 : tensor<3xi64> to tensor<*xi64>
  call @printMemrefI64(%p1) : (tensor<*xi64>) -> ()
  %h2 = ndarray.copy %r#2 : tensor<5xi64, #env> -> tensor<5xi64>
  %p2 = tensor.cast %h2 : tensor<5xi64> to tensor<*xi64>
  call @printMemrefI64(%p2) : (tensor<*xi64>) -> ()
  return
}
