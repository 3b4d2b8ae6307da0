// Per-run counts: as pass statistics (compiled in only where LLVM keeps
// statistics) and as an analysis remark, which release builds report too.
// RUN: imex-opt %s --mem2reg --remarks-filter-analyse=mem2reg \
// RUN:   --remark-format=emitRemark -o /dev/null 2>&1 | FileCheck %s

// CHECK: remark: [Analysis] Summary | Category:mem2reg | NewBlockArguments=1, NewRegionValues=2, PromotedSlots=3, RejectedSlots=1
module {
  func.func @promoted(%c: i1, %x: i32, %y: i32) -> (i32, i32) {
    %a = memref.alloca() : memref<i32>
    %b = memref.alloca() : memref<i32>
    memref.store %x, %a[] : memref<i32>
    memref.store %x, %b[] : memref<i32>
    scf.if %c {
      memref.store %y, %a[] : memref<i32>
      memref.store %y, %b[] : memref<i32>
    }
    %v = memref.load %a[] : memref<i32>
    %w = memref.load %b[] : memref<i32>
    return %v, %w : i32, i32
  }
  func.func @cfg(%c: i1, %x: i32, %y: i32) -> i32 {
    %a = memref.alloca() : memref<i32>
    memref.store %x, %a[] : memref<i32>
    cf.cond_br %c, ^b1, ^b2
  ^b1:
    memref.store %y, %a[] : memref<i32>
    cf.br ^b2
  ^b2:
    %v = memref.load %a[] : memref<i32>
    return %v : i32
  }
  func.func @rejected(%x: i32) {
    %a = memref.alloca() : memref<i32>
    scf.forall (%i) in (2) {
      memref.store %x, %a[] : memref<i32>
    }
    return
  }
}
