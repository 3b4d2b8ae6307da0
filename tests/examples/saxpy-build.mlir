// The saxpy example builds with its Makefile (imexc + pkg-config) and with
// its CMake project (find_package(imexc)), and both programs run the kernel
// on the GPU device found.
// REQUIRES: vulkan
// RUN: rm -rf %t && cp -r %S/../../examples/saxpy %t
// RUN: make -s -C %t IMEXC=%imexc_path PKG_CONFIG_PATH=%imex_obj_root/lib/pkgconfig
// RUN: %t/saxpy | FileCheck %s
// RUN: cmake -G Ninja -S %t -B %t/cmake-build -Dimexc_DIR=%imex_obj_root/lib/cmake/imexc > /dev/null
// RUN: cmake --build %t/cmake-build > /dev/null
// RUN: %t/cmake-build/saxpy | FileCheck %s
// The generated header is usable from several translation units at once.
// RUN: printf '#include "saxpy.h"\n#include "saxpy.h"\nint tu2() { return 0; }\n' > %t/tu2.cpp
// RUN: c++ -c -I%t %t/tu2.cpp -o %t/tu2.o
// CHECK: saxpy of 1000 elements: r[0] = 1, r[999] = 1999, 0 errors
// CHECK: kernels ran on vulkan:
