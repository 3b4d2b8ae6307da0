// f16 and bf16 scalars cross the C interface as LLVM's half and bfloat,
// which the C calling convention passes like _Float16 and __bf16 (on
// x86-64 in vector registers), not like 16-bit integers: the header spells
// them so, and declares the functions that use one only where the compiler
// has the type. Called from C and C++ with GCC and Clang, and bf16
// arithmetic links without C runtime helpers GCC 12 lacks.
// RUN: rm -rf %t && mkdir -p %t
// RUN: imexc %S/Inputs/half.mlir -o %t/half.o --emit-header
// RUN: FileCheck %s < %t/half.h
// CHECK: #if !defined(IMEXC_F16_DEFINED) && defined(__FLT16_MANT_DIG__)
// CHECK: typedef _Float16 imexc_f16;
// CHECK: typedef __bf16 imexc_bf16;
// CHECK: #if defined(IMEXC_F16_DEFINED)
// CHECK-NEXT: imexc_f16 _mlir_ciface_hfma(imexc_f16 arg0, imexc_f16 arg1, imexc_f16 arg2);
// CHECK: #if defined(IMEXC_F16_DEFINED) && defined(IMEXC_BF16_DEFINED)
// CHECK: void _mlir_ciface_hpair(imexc_hpair_result *result, imexc_f16 arg0, imexc_bf16 arg1);

// Strict ISO C compilers accept the header too (__extension__).
// RUN: gcc -std=c99 -pedantic -Werror -I%t -c %S/Inputs/use-f16.c -o %t/pedantic.o
// RUN: cp %S/Inputs/use-f16.c %t/use-f16.cpp
// RUN: gcc -I%t %S/Inputs/use-f16.c %t/half.o -o %t/gcc-c $(PKG_CONFIG_PATH=%imex_obj_root/lib/pkgconfig pkg-config --libs imexrt)
// RUN: g++ -I%t %t/use-f16.cpp %t/half.o -o %t/gcc-cxx $(PKG_CONFIG_PATH=%imex_obj_root/lib/pkgconfig pkg-config --libs imexrt)
// RUN: clang-22 -I%t %S/Inputs/use-f16.c %t/half.o -o %t/clang-c $(PKG_CONFIG_PATH=%imex_obj_root/lib/pkgconfig pkg-config --libs imexrt)
// RUN: clang++-22 -I%t %t/use-f16.cpp %t/half.o -o %t/clang-cxx $(PKG_CONFIG_PATH=%imex_obj_root/lib/pkgconfig pkg-config --libs imexrt)
// RUN: %t/gcc-c | FileCheck %s --check-prefix=HFMA
// RUN: %t/gcc-cxx | FileCheck %s --check-prefix=HFMA
// RUN: %t/clang-c | FileCheck %s --check-prefix=HFMA
// RUN: %t/clang-cxx | FileCheck %s --check-prefix=HFMA
// HFMA: hfma = 3.25
// RUN: clang-22 -I%t %S/Inputs/use-bf16.c %t/half.o -o %t/clang-bf16 $(PKG_CONFIG_PATH=%imex_obj_root/lib/pkgconfig pkg-config --libs imexrt)
// RUN: %t/clang-bf16 | FileCheck %s --check-prefix=HPAIR
// HPAIR: hpair = 2.5 6
