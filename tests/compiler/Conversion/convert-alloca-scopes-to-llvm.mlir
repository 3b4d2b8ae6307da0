// RUN: imex-opt %s -split-input-file -convert-alloca-scopes-to-llvm | FileCheck %s

// A scope with an alloca (nested in an scf.if) is inlined between a stack
// save and restore, so that each iteration releases its allocation; its
// result is the value its body returns.
// CHECK-LABEL: func @with_alloca
// CHECK: scf.for
// CHECK-NEXT:   %[[SP:.*]] = llvm.intr.stacksave : !llvm.ptr
// CHECK-NEXT:   scf.if
// CHECK-NEXT:     %[[A:.*]] = memref.alloca() : memref<f32>
// CHECK:        %[[V:.*]] = arith.addf
// CHECK-NEXT:   llvm.intr.stackrestore %[[SP]] : !llvm.ptr
// CHECK-NEXT:   memref.store %[[V]]
// CHECK-NOT: alloca_scope
func.func @with_alloca(%m: memref<4xf32>, %c: i1, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %r = memref.alloca_scope -> (f32) {
      scf.if %c {
        %a = memref.alloca() : memref<f32>
        memref.store %x, %a[] : memref<f32>
      }
      %y = arith.addf %x, %x : f32
      memref.alloca_scope.return %y : f32
    }
    memref.store %r, %m[%i] : memref<4xf32>
  }
  return
}

// -----

// Without allocas too (a call, or a cast to an unranked memref, may
// allocate on the stack later): save and restore around the inlined body;
// nested scopes go too.
// CHECK-LABEL: func @with_call
// CHECK-NOT: alloca_scope
// CHECK: %[[OUTER:.*]] = llvm.intr.stacksave
// CHECK-NEXT: call @work
// CHECK-NEXT: %[[INNER:.*]] = llvm.intr.stacksave
// CHECK-NEXT: scf.if
// CHECK-NEXT: func.call @work
// CHECK: llvm.intr.stackrestore %[[INNER]]
// CHECK-NEXT: llvm.intr.stackrestore %[[OUTER]]
// CHECK-NOT: alloca_scope
// CHECK: return
func.func private @work()
func.func @with_call(%c: i1) {
  memref.alloca_scope {
    func.call @work() : () -> ()
    memref.alloca_scope {
      scf.if %c {
        func.call @work() : () -> ()
      }
    }
  }
  return
}
