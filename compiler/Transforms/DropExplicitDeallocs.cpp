//===- DropExplicitDeallocs.cpp - leave freeing to buffer deallocation ----===//

#include "Transforms/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace imex {
#define GEN_PASS_DEF_DROPEXPLICITDEALLOCS
#include "Transforms/Passes.h.inc"
} // namespace imex

using namespace mlir;

namespace {

struct DropExplicitDeallocsPass
    : imex::impl::DropExplicitDeallocsBase<DropExplicitDeallocsPass> {
  void runOnOperation() override {
    getOperation()->walk([](memref::DeallocOp dealloc) { dealloc.erase(); });
  }
};

} // namespace
