// RUN: imex-opt %s -split-input-file -verify-diagnostics \
// RUN:   -pass-pipeline='builtin.module(func.func(check-allocation-sizes))' | FileCheck %s

// Dynamic sizes: the byte count is multiplied out with each product checked
// (high half zero, low half at most 2**62), then the pointer is checked.
// CHECK-LABEL: func.func @dynamic
// CHECK-SAME:  (%[[M:.*]]: index, %[[N:.*]]: index)
// CHECK:       %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK:       %[[BYTES:.*]] = arith.constant 24 : i64
// CHECK:       %[[M64:.*]] = arith.index_castui %[[M]] : index to i64
// CHECK:       %[[LOW:.*]], %[[HIGH:.*]] = arith.mului_extended %[[BYTES]], %[[M64]] : i64
// CHECK:       arith.cmpi eq, %[[HIGH]], %[[ZERO]]
// CHECK:       arith.cmpi ule, %[[LOW]], %{{.*}}
// CHECK:       %[[N64:.*]] = arith.index_castui %[[N]] : index to i64
// CHECK:       %[[LOW2:.*]], %{{.*}} = arith.mului_extended %[[LOW]], %[[N64]] : i64
// CHECK:       cf.assert %{{.*}}, "{{.*}}check-allocation-sizes.mlir:{{[0-9]+}}:{{[0-9]+}}: allocation size overflows"
// CHECK:       %[[A:.*]] = memref.alloc(%[[M]], %[[N]]) : memref<?x3x?xf64>
// CHECK:       %[[P:.*]] = memref.extract_aligned_pointer_as_index %[[A]]
// CHECK:       %[[P64:.*]] = arith.index_castui %[[P]] : index to i64
// CHECK:       %[[NONNULL:.*]] = arith.cmpi ne, %[[P64]], %[[ZERO]]
// CHECK:       %[[EMPTY:.*]] = arith.cmpi eq, %[[LOW2]], %[[ZERO]]
// CHECK:       %[[OK:.*]] = arith.ori %[[NONNULL]], %[[EMPTY]]
// CHECK:       cf.assert %[[OK]], "{{.*}}: out of memory"
func.func @dynamic(%m: index, %n: index) -> memref<?x3x?xf64> {
  %a = memref.alloc(%m, %n) : memref<?x3x?xf64>
  return %a : memref<?x3x?xf64>
}

// -----

// Static sizes are checked at compile time: only the pointer is checked at
// run time. An empty array and an element type of unknown size get nothing.
// CHECK-LABEL: func.func @static
// CHECK-NOT:   arith.mului_extended
// CHECK:       memref.alloc() : memref<4x8xf32>
// CHECK:       cf.assert %{{.*}}, "{{.*}}: out of memory"
// CHECK-NEXT:  memref.alloc() : memref<0x8xf32>
// CHECK-NEXT:  memref.alloc() : memref<4xmemref<f32>>
// CHECK-NEXT:  return
func.func @static() -> (memref<4x8xf32>, memref<0x8xf32>, memref<4xmemref<f32>>) {
  %a = memref.alloc() : memref<4x8xf32>
  %b = memref.alloc() : memref<0x8xf32>
  %c = memref.alloc() : memref<4xmemref<f32>>
  return %a, %b, %c : memref<4x8xf32>, memref<0x8xf32>, memref<4xmemref<f32>>
}

// -----

func.func @too_large() -> memref<4611686018427387904xf32> {
  // expected-error @+1 {{allocation of 'memref<4611686018427387904xf32>' needs more than 2**62 bytes}}
  %a = memref.alloc() : memref<4611686018427387904xf32>
  return %a : memref<4611686018427387904xf32>
}

// -----

func.func @overflowing_product() -> memref<4294967296x4294967296xi8> {
  // expected-error @+1 {{needs more than 2**62 bytes}}
  %a = memref.alloc() : memref<4294967296x4294967296xi8>
  return %a : memref<4294967296x4294967296xi8>
}
