// RUN: imex-opt %s -correct-openmpi-op-symbols -split-input-file | FileCheck %s

// Upstream's lowering names Open MPI's predefined operations without
// "op_"; they get the library's names, uses included. Datatypes and the
// communicator keep theirs.
// CHECK: llvm.mlir.global external @ompi_mpi_op_sum() {addr_space = 0 : i32} : !llvm.struct<"ompi_predefined_op_t", opaque>
// CHECK: llvm.mlir.global external @ompi_mpi_op_max()
// CHECK: llvm.mlir.global external @ompi_mpi_float()
// CHECK-LABEL: llvm.func @reduce
// CHECK: llvm.mlir.addressof @ompi_mpi_op_sum : !llvm.ptr
// CHECK: llvm.mlir.addressof @ompi_mpi_op_max : !llvm.ptr
// CHECK: llvm.mlir.addressof @ompi_mpi_float : !llvm.ptr
llvm.mlir.global external @ompi_mpi_sum() {addr_space = 0 : i32} : !llvm.struct<"ompi_predefined_op_t", opaque>
llvm.mlir.global external @ompi_mpi_max() {addr_space = 0 : i32} : !llvm.struct<"ompi_predefined_op_t", opaque>
llvm.mlir.global external @ompi_mpi_float() {addr_space = 0 : i32} : !llvm.struct<"ompi_predefined_datatype_t", opaque>
llvm.func @reduce() -> !llvm.ptr {
  %s = llvm.mlir.addressof @ompi_mpi_sum : !llvm.ptr
  %m = llvm.mlir.addressof @ompi_mpi_max : !llvm.ptr
  %f = llvm.mlir.addressof @ompi_mpi_float : !llvm.ptr
  llvm.return %s : !llvm.ptr
}

// -----

// Both spellings declared: the library's stays.
// CHECK: llvm.mlir.global external @ompi_mpi_op_min()
// CHECK-NOT: @ompi_mpi_min
// CHECK-LABEL: llvm.func @both
// CHECK: llvm.mlir.addressof @ompi_mpi_op_min
// CHECK: llvm.mlir.addressof @ompi_mpi_op_min
llvm.mlir.global external @ompi_mpi_op_min() {addr_space = 0 : i32} : !llvm.struct<"ompi_predefined_op_t", opaque>
llvm.mlir.global external @ompi_mpi_min() {addr_space = 0 : i32} : !llvm.struct<"ompi_predefined_op_t", opaque>
llvm.func @both() {
  %a = llvm.mlir.addressof @ompi_mpi_min : !llvm.ptr
  %b = llvm.mlir.addressof @ompi_mpi_op_min : !llvm.ptr
  llvm.return
}

// -----

// Not a declaration of Open MPI's op type, or defined here: unchanged.
// CHECK: llvm.mlir.global external @ompi_mpi_custom() {addr_space = 0 : i32} : i32
// CHECK: llvm.mlir.global internal @ompi_mpi_local()
llvm.mlir.global external @ompi_mpi_custom() {addr_space = 0 : i32} : i32
llvm.mlir.global internal @ompi_mpi_local() {addr_space = 0 : i32} : !llvm.struct<"ompi_predefined_op_t", opaque>
