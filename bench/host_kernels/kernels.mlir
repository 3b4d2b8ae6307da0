// Host kernels for the benchmark, written on memrefs so that each call works
// in place like the C++ reference: a triad, a sum reduction and a matmul.
#id = affine_map<(d0) -> (d0)>

func.func @triad(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>, %s: f32) {
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%b, %c : memref<?xf32>, memref<?xf32>) outs(%a : memref<?xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.mulf %s, %y : f32
    %r = arith.addf %x, %m : f32
    linalg.yield %r : f32
  }
  return
}

func.func @sum(%x: memref<?xf32>, %out: memref<f32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%out : memref<f32>)
  linalg.reduce ins(%x : memref<?xf32>) outs(%out : memref<f32>) dimensions = [0]
    (%v: f32, %acc: f32) {
      %s = arith.addf %v, %acc : f32
      linalg.yield %s : f32
    }
  return
}

func.func @matmul(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<?x?xf32>)
  linalg.matmul ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>)
  return
}
