// `cmake --install` to a prefix that is then moved still gives a working
// toolchain: the tools start (RUNPATH to LLVM's libraries), the CMake package
// (exported targets, version file) and the pkg-config file find everything
// relative to themselves, and the examples and an MLIR project using the
// compiler's libraries build against the moved prefix. The uninstall script removes every installed file.
// RUN: rm -rf %t && mkdir -p %t
// RUN: cmake --install %imex_obj_root --prefix %t/staging > /dev/null
// RUN: mv %t/staging %t/moved
// RUN: %t/moved/bin/imexc --version | FileCheck %s --check-prefix=VERSION
// VERSION: imexc 0.1.0
// RUN: %t/moved/bin/imex-opt %S/../cli/Inputs/add.mlir --canonicalize | FileCheck %s --check-prefix=OPT
// OPT: func.func @add

// pkg-config paths follow the moved prefix.
// RUN: env PKG_CONFIG_PATH=%t/moved/lib/pkgconfig pkg-config --cflags --libs imexrt \
// RUN:   | FileCheck %s --check-prefix=PC -DPREFIX=%t/moved
// PC: -I[[PREFIX]]/lib/pkgconfig/../../include -L[[PREFIX]]/lib/pkgconfig/../../lib -limexrt

// Distributed programs: imexrt-mpich.pc adds MPICH's flags, and
// imexc_add_kernel(... MPI) links MPI (a C++ MPI program passing each
// process's part, tests/e2e/distributed/local-parts.mlir).
// RUN: %if mpi %{ env PKG_CONFIG_PATH=%t/moved/lib/pkgconfig pkg-config --libs imexrt-mpich | FileCheck %s --check-prefix=PC-MPI %}
// PC-MPI: -limexrt {{.*}}-lmpich
// RUN: %if mpi %{ cp -r %S/Inputs/distributed %t/dist && cp %S/../e2e/distributed/Inputs/local-parts.cpp %t/dist/ && sed 's/shape = 2)/shape = ?)/' %S/../e2e/distributed/local-parts.mlir > %t/dist/kernels.mlir %}
// RUN: %if mpi %{ cmake -G Ninja -S %t/dist -B %t/dist/build -DCMAKE_PREFIX_PATH=%t/moved > %t/dist.log %}
// RUN: %if mpi %{ cmake --build %t/dist/build > /dev/null %}
// RUN: %if mpi %{ %mpiexec -n 3 %t/dist/build/parts | FileCheck %s --check-prefix=DIST %}
// DIST: ok: 12 elements on 3 processes

// The saxpy example with its Makefile (pkg-config) and its CMake project
// (find_package(imexc 0.1) through CMAKE_PREFIX_PATH).
// RUN: cp -r %S/../../examples/saxpy %t/make && cp -r %S/../../examples/saxpy %t/cmake
// RUN: make -s -C %t/make IMEXC=%t/moved/bin/imexc PKG_CONFIG_PATH=%t/moved/lib/pkgconfig
// RUN: cmake -G Ninja -S %t/cmake -B %t/cmake/build -DCMAKE_PREFIX_PATH=%t/moved > %t/configure.log
// RUN: cmake --build %t/cmake/build > /dev/null
// RUN: grep -q "%t/moved/bin/imexc" %t/cmake/build/build.ninja
// RUN: %if vulkan %{ %t/make/saxpy | FileCheck %s --check-prefix=SAXPY %}
// RUN: %if vulkan %{ %t/cmake/build/saxpy | FileCheck %s --check-prefix=SAXPY %}
// SAXPY: saxpy of 1000 elements: r[0] = 1, r[999] = 1999, 0 errors

// An MLIR project builds on the installed libraries, headers and generated
// headers (find_package(imexc COMPONENTS Libraries)): its tool lowers
// ndarray IR with imexc's convert-ndarray-to-linalg.
// RUN: cmake -G Ninja -S %S/Inputs/mlir-project -B %t/mlir-project -DCMAKE_PREFIX_PATH=%t/moved > %t/mlir-project.log
// RUN: cmake --build %t/mlir-project > /dev/null
// RUN: %t/mlir-project/ndarray-lower %S/Inputs/mlir-project/copy.mlir | FileCheck %s --check-prefix=LIBS
// LIBS:      func.func @copy
// LIBS-NEXT:   memref.alloc() {alignment = 8 : i64} : memref<5xf32>
// LIBS:        memref.copy
// LIBS-NOT:    ndarray.copy
// The generated reference pages are installed with the package.
// RUN: ls %t/moved/share/doc/imexc/Dialects %t/moved/share/doc/imexc/Passes | FileCheck %s --check-prefix=DOCS
// DOCS-DAG: NDArrayDialect.md
// DOCS-DAG: RegionDialect.md
// DOCS-DAG: GPUXDialect.md
// DOCS-DAG: VectorExtDialect.md
// DOCS-DAG: NdaDialect.md
// DOCS-DAG: TransformsPasses.md
// DOCS-DAG: ConversionPasses.md

// A version the package does not provide is refused by the version file.
// RUN: not cmake -S %S/Inputs/newer-version -B %t/newer -DCMAKE_PREFIX_PATH=%t/moved 2>&1 | FileCheck %s --check-prefix=NEWER
// NEWER: requested version "0.2"
// NEWER: imexcConfig.cmake, version: 0.1.0

// Uninstall: every file of a fresh install is removed.
// RUN: cmake --install %imex_obj_root --prefix %t/again > /dev/null
// RUN: cmake -DMANIFEST=%imex_obj_root/install_manifest.txt -P %S/../../cmake/Uninstall.cmake > /dev/null
// RUN: find %t/again -type f | count 0
