// Programs keeping their variables in allocas across structured control flow
// print the same values with and without mem2reg on the host path, and
// mem2reg leaves none of their slots in memory.
// RUN: imex-opt %s --host | %host-run | FileCheck %s
// RUN: imex-opt %s --mem2reg --host | %host-run | FileCheck %s
// RUN: imex-opt %s --mem2reg | FileCheck %s --check-prefix=IR

// IR-NOT: memref.alloca
// IR-NOT: memref.load
// IR-NOT: memref.store

func.func private @printI64(i64)
func.func private @printF64(f64)
func.func private @printNewline()

// Sum of the even numbers below n and count of the multiples of 3: an scf.for
// whose body stores conditionally to two slots.
func.func @sums(%n: index) -> (i64, i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %sum = memref.alloca() : memref<i64>
  %cnt = memref.alloca() : memref<i64>
  memref.store %zero, %sum[] : memref<i64>
  memref.store %zero, %cnt[] : memref<i64>
  scf.for %i = %c0 to %n step %c1 {
    %r2 = arith.remui %i, %c2 : index
    %even = arith.cmpi eq, %r2, %c0 : index
    scf.if %even {
      %s = memref.load %sum[] : memref<i64>
      %ii = arith.index_cast %i : index to i64
      %s2 = arith.addi %s, %ii : i64
      memref.store %s2, %sum[] : memref<i64>
    }
    %r3 = arith.remui %i, %c3 : index
    %div3 = arith.cmpi eq, %r3, %c0 : index
    scf.if %div3 {
      %k = memref.load %cnt[] : memref<i64>
      %k2 = arith.addi %k, %one : i64
      memref.store %k2, %cnt[] : memref<i64>
    } else {
    }
  }
  %rs = memref.load %sum[] : memref<i64>
  %rc = memref.load %cnt[] : memref<i64>
  return %rs, %rc : i64, i64
}

// Collatz steps from x: an scf.while whose two regions read and write the
// slot.
func.func @collatz(%x: i64) -> i64 {
  %one = arith.constant 1 : i64
  %two = arith.constant 2 : i64
  %three = arith.constant 3 : i64
  %zero = arith.constant 0 : i64
  %v = memref.alloca() : memref<i64>
  %steps = memref.alloca() : memref<i64>
  memref.store %x, %v[] : memref<i64>
  memref.store %zero, %steps[] : memref<i64>
  scf.while : () -> () {
    %cur = memref.load %v[] : memref<i64>
    %more = arith.cmpi ne, %cur, %one : i64
    scf.condition(%more)
  } do {
    %cur = memref.load %v[] : memref<i64>
    %rem = arith.remui %cur, %two : i64
    %odd = arith.cmpi ne, %rem, %zero : i64
    %next = scf.if %odd -> i64 {
      %t = arith.muli %cur, %three : i64
      %t1 = arith.addi %t, %one : i64
      scf.yield %t1 : i64
    } else {
      %h = arith.divui %cur, %two : i64
      scf.yield %h : i64
    }
    memref.store %next, %v[] : memref<i64>
    %s = memref.load %steps[] : memref<i64>
    %s1 = arith.addi %s, %one : i64
    memref.store %s1, %steps[] : memref<i64>
    scf.yield
  }
  %r = memref.load %steps[] : memref<i64>
  return %r : i64
}

// A value picked by index_switch, scaled in an affine loop and inside an
// env_region.
func.func @mixed(%k: index) -> f64 {
  %a = memref.alloca() : memref<f64>
  %init = arith.constant 1.5 : f64
  memref.store %init, %a[] : memref<f64>
  scf.index_switch %k
  case 0 {
    %c = arith.constant 10.0 : f64
    memref.store %c, %a[] : memref<f64>
    scf.yield
  }
  case 1 {
    %v = memref.load %a[] : memref<f64>
    %d = arith.addf %v, %v : f64
    memref.store %d, %a[] : memref<f64>
    scf.yield
  }
  default {
  }
  affine.for %i = 0 to 3 {
    %v = memref.load %a[] : memref<f64>
    %two = arith.constant 2.0 : f64
    %d = arith.mulf %v, %two : f64
    memref.store %d, %a[] : memref<f64>
  }
  region.env_region "host" {
    %v = memref.load %a[] : memref<f64>
    %c = arith.constant 0.25 : f64
    %d = arith.addf %v, %c : f64
    memref.store %d, %a[] : memref<f64>
  }
  %r = memref.load %a[] : memref<f64>
  return %r : f64
}

// Control flow inside execute_region.
func.func @negate_if(%x: f64, %flag: i1) -> f64 {
  %a = memref.alloca() : memref<f64>
  memref.store %x, %a[] : memref<f64>
  scf.execute_region {
    cf.cond_br %flag, ^neg, ^done
  ^neg:
    %v = memref.load %a[] : memref<f64>
    %n = arith.negf %v : f64
    memref.store %n, %a[] : memref<f64>
    cf.br ^done
  ^done:
    scf.yield
  }
  %r = memref.load %a[] : memref<f64>
  return %r : f64
}

func.func @main() {
  %c10 = arith.constant 10 : index
  %s, %c = call @sums(%c10) : (index) -> (i64, i64)
  // CHECK: 20
  call @printI64(%s) : (i64) -> ()
  call @printNewline() : () -> ()
  // CHECK-NEXT: 4
  call @printI64(%c) : (i64) -> ()
  call @printNewline() : () -> ()

  %x = arith.constant 27 : i64
  %steps = call @collatz(%x) : (i64) -> i64
  // CHECK-NEXT: 111
  call @printI64(%steps) : (i64) -> ()
  call @printNewline() : () -> ()

  %true = arith.constant true
  %false = arith.constant false
  %k0 = arith.constant 0 : index
  %k1 = arith.constant 1 : index
  %k5 = arith.constant 5 : index
  %m0 = call @mixed(%k0) : (index) -> f64
  // CHECK-NEXT: 80.25
  call @printF64(%m0) : (f64) -> ()
  call @printNewline() : () -> ()
  %m1 = call @mixed(%k1) : (index) -> f64
  // CHECK-NEXT: 24.25
  call @printF64(%m1) : (f64) -> ()
  call @printNewline() : () -> ()
  %m2 = call @mixed(%k5) : (index) -> f64
  // CHECK-NEXT: 12.25
  call @printF64(%m2) : (f64) -> ()
  call @printNewline() : () -> ()
  %n0 = call @negate_if(%m2, %true) : (f64, i1) -> f64
  // CHECK-NEXT: -12.25
  call @printF64(%n0) : (f64) -> ()
  call @printNewline() : () -> ()
  %n1 = call @negate_if(%m2, %false) : (f64, i1) -> f64
  // CHECK-NEXT: 12.25
  call @printF64(%n1) : (f64) -> ()
  call @printNewline() : () -> ()
  return
}
