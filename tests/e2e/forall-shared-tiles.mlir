// Two shared outputs of an scf.forall initialized from one tensor: each
// iteration puts b's old tile plus a * a into the second output, and the
// second output's old tile (read before the terminator) into the first, as
// upstream's consumer fusion produces. One-shot bufferization copied the
// tile after the other insert had overwritten it (the first output came
// out [101, 402, 103, 404]); isolate-parallel-insert-sources copies it
// where it is read. The GPU build (--offload=gpu) keeps this forall on the
// host (its iterations allocate) and prints what the host build prints.
// RUN: imexc %s --emit=exe -o %t.host && %t.host | sed 's/base@ = 0x[0-9a-f]*//' > %t.host.txt
// RUN: FileCheck %s < %t.host.txt
// RUN: %if vulkan %{ imexc %s --offload=gpu --emit=exe -o %t.gpu && %t.gpu | sed 's/base@ = 0x[0-9a-f]*//' > %t.gpu.txt && diff %t.host.txt %t.gpu.txt %}

// CHECK: [1,  2,  3,  4]
// CHECK: [101,  402,  103,  404]

func.func private @printMemrefF32(tensor<*xf32>)

func.func @swap_tiles(%a: tensor<2xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %r:2 = scf.forall (%i) in (2) shared_outs(%o0 = %b, %o1 = %b) -> (tensor<4xf32>, tensor<4xf32>) {
    %c2 = arith.constant 2 : index
    %off = arith.muli %i, %c2 : index
    %s0 = tensor.extract_slice %o0[%off] [2] [1] : tensor<4xf32> to tensor<2xf32>
    %s1 = tensor.extract_slice %o1[%off] [2] [1] : tensor<4xf32> to tensor<2xf32>
    %sum = linalg.generic {indexing_maps = [affine_map<(d) -> (d)>, affine_map<(d) -> (d)>], iterator_types = ["parallel"]}
        ins(%a : tensor<2xf32>) outs(%s0 : tensor<2xf32>) {
    ^bb0(%x: f32, %y: f32):
      %m = arith.mulf %x, %x : f32
      %t = arith.addf %m, %y : f32
      linalg.yield %t : f32
    } -> tensor<2xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %sum into %o1[%off] [2] [1] : tensor<2xf32> into tensor<4xf32>
      tensor.parallel_insert_slice %s1 into %o0[%off] [2] [1] : tensor<2xf32> into tensor<4xf32>
    }
  }
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}

func.func @main() {
  %a = arith.constant dense<[10.0, 20.0]> : tensor<2xf32>
  %b = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %r:2 = call @swap_tiles(%a, %b) : (tensor<2xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  %p0 = tensor.cast %r#0 : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%p0) : (tensor<*xf32>) -> ()
  %p1 = tensor.cast %r#1 : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%p1) : (tensor<*xf32>) -> ()
  return
}
