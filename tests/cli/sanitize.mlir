// --sanitize=address instruments the generated code with AddressSanitizer
// and links its runtime: a store past an allocation is reported where it
// happens, in the compiled function.
// RUN: imexc %s --sanitize=address -O0 --emit=exe -o %t
// RUN: env ASAN_OPTIONS=detect_leaks=0 not %t 2>&1 | FileCheck %s
// CHECK: ERROR: AddressSanitizer: heap-buffer-overflow
// CHECK: WRITE of size 4
// CHECK: in imexc_program_main
// Objects carry the instrumentation too (calls into the ASan runtime):
// RUN: imexc %s --sanitize=address -O0 --emit=llvm -o - | FileCheck %s --check-prefix=IR
// IR: call void @__asan_report_store4
// RUN: not imexc %s --sanitize=thread -o %t.o 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: imexc: error: invalid value 'thread' for --sanitize (expected address)

func.func private @printF32(f32)
func.func @main() {
  %m = memref.alloc() : memref<4xf32>
  %c5 = arith.constant 5 : index
  %f = arith.constant 1.0 : f32
  memref.store %f, %m[%c5] : memref<4xf32>
  %v = memref.load %m[%c5] : memref<4xf32>
  func.call @printF32(%v) : (f32) -> ()
  memref.dealloc %m : memref<4xf32>
  return
}
