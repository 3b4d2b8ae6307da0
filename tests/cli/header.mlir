// --emit-header declares each exported function's C interface with memref
// descriptor structs; the header compiles as C and as C++, and can be
// included twice.
// RUN: rm -rf %t && mkdir -p %t
// RUN: imexc %S/Inputs/add.mlir -o %t/add.o --emit-header
// RUN: FileCheck %s < %t/add.h
// CHECK:      #ifndef IMEXC_ADD_H
// CHECK:      extern "C" {
// CHECK:      typedef struct imexc_memref_1d_f32 {
// CHECK-NEXT:   float *allocated;
// CHECK-NEXT:   float *aligned;
// CHECK-NEXT:   int64_t offset;
// CHECK-NEXT:   int64_t sizes[1];
// CHECK-NEXT:   int64_t strides[1];
// CHECK-NEXT: } imexc_memref_1d_f32;
// CHECK:      void _mlir_ciface_add(imexc_add_result *result, imexc_memref_1d_f32 *arg0, imexc_memref_1d_f32 *arg1);
// CHECK:      double _mlir_ciface_scale(double arg0, int32_t arg1);

// RUN: printf '#include "add.h"\n#include "add.h"\nint main(void) { return 0; }\n' > %t/use.c
// RUN: cc -std=c99 -Wall -Werror -c -I%t %t/use.c -o %t/use_c.o
// RUN: cp %t/use.c %t/use.cpp && c++ -Wall -Werror -c -I%t %t/use.cpp -o %t/use_cpp.o

// A C++ program calls the compiled functions through the header.
// RUN: printf '#include "add.h"\n#include <cstdio>\nint main() {\n  float a[3] = {1, 2, 3}, b[3] = {10, 20, 30};\n  imexc_memref_1d_f32 x = {a, a, 0, {3}, {1}}, y = {b, b, 0, {3}, {1}};\n  imexc_add_result r;\n  _mlir_ciface_add(&r, &x, &y);\n  std::printf("%%%%g %%%%g %%%%g %%%%g\\n", r.r0.aligned[0], r.r0.aligned[1], r.r0.aligned[2], _mlir_ciface_scale(1.5, 4));\n}\n' > %t/app.cpp
// RUN: c++ -I%t %t/app.cpp %t/add.o -o %t/app $(PKG_CONFIG_PATH=%imex_obj_root/lib/pkgconfig pkg-config --libs imexrt)
// RUN: %t/app | FileCheck %s --check-prefix=APP
// APP: 11 22 33 6


// The header is rewritten only when its text changes, so that editing a
// kernel's body does not recompile the C++ that includes it.
// RUN: touch -d @946684800 %t/add.h
// RUN: imexc %S/Inputs/add.mlir -o %t/add.o --emit-header
// RUN: stat -c %%Y %t/add.h | FileCheck %s --check-prefix=KEPT
// KEPT: 946684800
// RUN: sed -e 's/@scale/@rescale/' %S/Inputs/add.mlir > %t/add.mlir
// RUN: imexc %t/add.mlir -o %t/add.o --emit-header=%t/add.h
// RUN: stat -c %%Y %t/add.h | FileCheck %s --check-prefix=REWRITTEN
// REWRITTEN-NOT: 946684800
// RUN: FileCheck %s --check-prefix=RESCALE < %t/add.h
// RESCALE: _mlir_ciface_rescale(

// A signature without a C equivalent is an error.
// RUN: printf 'func.func @f(%%%%x: complex<f32>) { return }\n' > %t/complex.mlir
// RUN: not imexc %t/complex.mlir -o %t/complex.o --emit-header 2>&1 | FileCheck %s --check-prefix=NOC
// NOC: complex.mlir:1:1: error: cannot declare 'f' in a C header: no C type for 'complex<f32>'
