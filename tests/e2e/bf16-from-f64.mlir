// f64 <-> bf16 conversions, which neither Debian 12's libgcc (no
// __truncdfbf2, so host objects did not link) nor the SPIR-V conversion
// (no bf16) provide: f64 -> bf16 rounds to nearest even as one step would,
// checked on the bf16 bits against a reference computed with exact
// fractions (Python), including values just above a bf16 midpoint that
// rounding through f32 to nearest twice would get wrong, overflow to
// infinity, subnormals, -0 and NaN; bf16 -> f64 is exact.
// RUN: imexc %s --emit=exe -o %t.host && %t.host | FileCheck %s
// RUN: %if vulkan %{ imexc %s --offload=gpu --emit=exe -o %t.gpu && %t.gpu | FileCheck %s %}
// CHECK: [16257,  49025,  16256,  16258,  32639,  32640,  32640,  65408,  1,  2,  32768,  15821,  18417,  32640,  32704]
// CHECK: [1.00781,  -1.00781,  1,  1.01562,  3.38953e+38,  inf,  inf,  -inf,  9.18355e-41,  1.83671e-40,  -0,  0.100098,  123392,  inf,  nan]

func.func private @printMemrefI32(tensor<*xi32>)
func.func private @printMemrefF64(tensor<*xf64>)

func.func @to_bf16_bits(%x: tensor<15xf64>) -> (tensor<15xi32>, tensor<15xf64>) {
  %bits0 = tensor.empty() : tensor<15xi32>
  %back0 = tensor.empty() : tensor<15xf64>
  %r:2 = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>,
                                          affine_map<(i) -> (i)>],
                         iterator_types = ["parallel"]}
      ins(%x : tensor<15xf64>) outs(%bits0, %back0 : tensor<15xi32>, tensor<15xf64>) {
  ^bb0(%v: f64, %b: i32, %f: f64):
    %h = arith.truncf %v : f64 to bf16
    %i = arith.bitcast %h : bf16 to i16
    %w = arith.extui %i : i16 to i32
    %e = arith.extf %h : bf16 to f64
    linalg.yield %w, %e : i32, f64
  } -> (tensor<15xi32>, tensor<15xf64>)
  return %r#0, %r#1 : tensor<15xi32>, tensor<15xf64>
}

func.func @main() {
  %x = arith.constant dense<[1.0039062509313226, -1.0039062509313226, 1.00390625,
                             1.01171875, 3.3895347787829245e+38, 3.4e+38, 1.0e+300,
                             -1.0e+300, 1.0e-40, 1.3775324492121458e-40, -0.0, 0.1,
                             123456.789, 0x7FF0000000000000, 0x7FF8000000000000]> : tensor<15xf64>
  %bits, %back = call @to_bf16_bits(%x) : (tensor<15xf64>) -> (tensor<15xi32>, tensor<15xf64>)
  %u = tensor.cast %bits : tensor<15xi32> to tensor<*xi32>
  call @printMemrefI32(%u) : (tensor<*xi32>) -> ()
  %v = tensor.cast %back : tensor<15xf64> to tensor<*xf64>
  call @printMemrefF64(%v) : (tensor<*xf64>) -> ()
  return
}
