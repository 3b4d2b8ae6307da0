// imexc_add_kernel as users combine it (Inputs/kernels-project): two kernels
// named k.mlir in different directories, each kernel in two targets, and
// callers using the plain form of target_link_libraries; with Ninja and with
// Makefiles.
// RUN: rm -rf %t && mkdir -p %t
// RUN: cmake -G Ninja -S %S/Inputs/kernels-project -B %t/ninja -Dimexc_DIR=%imex_obj_root/lib/cmake/imexc > /dev/null
// RUN: cmake --build %t/ninja > /dev/null
// RUN: %t/ninja/app | FileCheck %s
// RUN: %t/ninja/app2 | FileCheck %s
// RUN: cmake -G "Unix Makefiles" -S %S/Inputs/kernels-project -B %t/make -Dimexc_DIR=%imex_obj_root/lib/cmake/imexc > /dev/null
// RUN: cmake --build %t/make > /dev/null
// RUN: %t/make/app | FileCheck %s
// CHECK: twice(3) = 6, square(3) = 9

// The same kernel with other options in the same directory is refused.
// RUN: mkdir -p %t/clash && cp -r %S/Inputs/kernels-project/* %t/clash/
// RUN: printf 'add_executable(app3 main.cpp square.cpp)\nimexc_add_kernel(app3 a/k.mlir OPTIONS -O0)\n' >> %t/clash/CMakeLists.txt
// RUN: not cmake -G Ninja -S %t/clash -B %t/clash/build -Dimexc_DIR=%imex_obj_root/lib/cmake/imexc 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CLASH
// CLASH: imexc_add_kernel(app3 a/k.mlir): the kernel is already compiled
// CLASH: OPTIONS '', not '-O0'
