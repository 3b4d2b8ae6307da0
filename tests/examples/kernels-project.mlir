// imexc_add_kernel as users combine it (Inputs/kernels-project): two kernels
// named k.mlir in different directories, each kernel in two targets, and
// callers using the plain form of target_link_libraries; with Ninja and with
// Makefiles.
// RUN: rm -rf %t && mkdir -p %t
// RUN: cmake -G Ninja -S %S/Inputs/kernels-project -B %t/ninja -Dimexc_DIR=%imex_obj_root/lib/cmake/imexc > /dev/null
// RUN: cmake --build %t/ninja > /dev/null
// RUN: %t/ninja/app | FileCheck %s
// RUN: %t/ninja/app2 | FileCheck %s
// RUN: %t/ninja/lib/libuser | FileCheck %s --check-prefix=LIB
// LIB: square(5) through a static library = 25
// RUN: cmake -G "Unix Makefiles" -S %S/Inputs/kernels-project -B %t/make -Dimexc_DIR=%imex_obj_root/lib/cmake/imexc > /dev/null
// RUN: cmake --build %t/make -j 4 > %t/make/build.log
// RUN: %t/make/app | FileCheck %s
// RUN: %t/make/lib/libuser | FileCheck %s --check-prefix=LIB
// With Makefiles too, a kernel used by several targets is compiled once.
// RUN: grep -c '] [i]mexc b/k.mlir *$' %t/make/build.log | FileCheck %s --check-prefix=ONCE
// ONCE: {{^1$}}
// A C project links the C++ runtime with the C compiler.
// RUN: cmake -G Ninja -S %S/Inputs/kernels-project/c -B %t/c -Dimexc_DIR=%imex_obj_root/lib/cmake/imexc > /dev/null
// RUN: cmake --build %t/c > /dev/null
// RUN: %t/c/capp | FileCheck %s --check-prefix=C
// C: twice(4) from C = 8
// CHECK: twice(3) = 6, square(3) = 9

// Editing a kernel's body (not its signature) rebuilds the kernel and
// relinks, but does not recompile the C++ that includes its header.
// RUN: cp -r %S/Inputs/kernels-project %t/edit
// RUN: cmake -G "Unix Makefiles" -S %t/edit -B %t/edit/build -Dimexc_DIR=%imex_obj_root/lib/cmake/imexc > /dev/null
// RUN: cmake --build %t/edit/build > /dev/null
// RUN: sed -i 's/arith.addf %%x, %%x/arith.mulf %%x, %%x/' %t/edit/a/k.mlir
// RUN: cmake --build %t/edit/build > %t/edit/rebuild.log
// RUN: FileCheck %s --check-prefix=REBUILD < %t/edit/rebuild.log
// REBUILD: imexc a/k.mlir
// REBUILD-NOT: Building CXX
// REBUILD: Linking CXX executable

// The same kernel with other options in the same directory is refused.
// RUN: mkdir -p %t/clash && cp -r %S/Inputs/kernels-project/* %t/clash/
// RUN: printf 'add_executable(app3 main.cpp square.cpp)\nimexc_add_kernel(app3 a/k.mlir OPTIONS -O0)\n' >> %t/clash/CMakeLists.txt
// RUN: not cmake -G Ninja -S %t/clash -B %t/clash/build -Dimexc_DIR=%imex_obj_root/lib/cmake/imexc 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CLASH
// CLASH: imexc_add_kernel(app3 a/k.mlir): the kernel is already compiled with
// CLASH: OPTIONS '', not '-O0'
