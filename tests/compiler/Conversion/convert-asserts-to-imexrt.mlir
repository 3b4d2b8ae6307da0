// RUN: imex-opt %s -convert-asserts-to-imexrt -split-input-file -verify-diagnostics | FileCheck %s

// Each host assert becomes a guarded call with its own message; asserts in
// device code stay. Messages are NUL-terminated.
// CHECK-DAG: llvm.mlir.global internal constant @imexrt_check_message_0("first\00\00")
// CHECK-DAG: llvm.mlir.global internal constant @imexrt_check_message_1("in loop\00")
// CHECK-LABEL: func.func @checks
// CHECK-SAME: (%[[OK:.*]]: i1, %[[N:.*]]: index)
// CHECK: %[[TRUE:.*]] = arith.constant true
// CHECK: %[[FAILED:.*]] = arith.xori %[[OK]], %[[TRUE]] : i1
// CHECK: scf.if %[[FAILED]] {
// CHECK:   %[[MSG:.*]] = llvm.mlir.addressof @imexrt_check_message_0 : !llvm.ptr
// CHECK:   %[[PTR:.*]] = llvm.getelementptr %[[MSG]][0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<7 x i8>
// CHECK:   llvm.call @imexrtCheckFailed(%[[PTR]]) : (!llvm.ptr) -> ()
// CHECK: }
// CHECK: scf.for
// CHECK:   scf.if
// CHECK:     llvm.mlir.addressof @imexrt_check_message_1
// CHECK:     llvm.call @imexrtCheckFailed
// CHECK-NOT: cf.assert
// CHECK: gpu.module @kernels
// CHECK: cf.assert %{{.*}}, "device"
// CHECK: llvm.func @imexrtCheckFailed(!llvm.ptr) attributes {passthrough = ["noreturn", "cold"]}
module attributes {gpu.container_module} {
  func.func @checks(%ok: i1, %n: index) {
    cf.assert %ok, "first\00"
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      %eq = arith.cmpi eq, %i, %n : index
      cf.assert %eq, "in loop"
    }
    return
  }
  gpu.module @kernels {
    gpu.func @k(%ok: i1) kernel {
      cf.assert %ok, "device"
      gpu.return
    }
  }
}

// -----

// Nothing to do: no declaration is added.
// CHECK-LABEL: func.func @no_checks
// CHECK-NOT: imexrtCheckFailed
func.func @no_checks() {
  return
}

// -----

// An existing declaration is reused, a clashing message name skipped.
// CHECK-LABEL: llvm.func @imexrtCheckFailed(!llvm.ptr)
// CHECK-NOT: llvm.func @imexrtCheckFailed
// CHECK: llvm.mlir.addressof @imexrt_check_message_1
llvm.func @imexrtCheckFailed(!llvm.ptr)
llvm.mlir.global internal constant @imexrt_check_message_0(0 : i32) : i32
func.func @reuse(%ok: i1) {
  cf.assert %ok, "x"
  return
}

// -----

// expected-error @+1 {{'llvm.func' op clashes with the runtime function 'imexrtCheckFailed', an llvm.func of type '!llvm.func<void (ptr)>'}}
llvm.func @imexrtCheckFailed(i32)
func.func @clash(%ok: i1) {
  cf.assert %ok, "x"
  return
}

// -----

// expected-error @+1 {{'func.func' op clashes with the runtime function 'imexrtCheckFailed'}}
func.func private @imexrtCheckFailed(!llvm.ptr)
func.func @clash_func(%ok: i1) {
  cf.assert %ok, "x"
  return
}
