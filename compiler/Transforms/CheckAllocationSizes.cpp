//===- CheckAllocationSizes.cpp - overflowing sizes and out of memory -----===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"

namespace imex {
#define GEN_PASS_DEF_CHECKALLOCATIONSIZES
#include "imex/Transforms/Passes.h.inc"
} // namespace imex

using namespace mlir;

uint64_t imex::getElementBytes(Type type) {
  if (type.isIndex())
    return 8;
  if (type.isIntOrFloat())
    return llvm::divideCeil(type.getIntOrFloatBitWidth(), 8);
  if (auto vector = dyn_cast<VectorType>(type))
    if (vector.hasStaticShape())
      return vector.getNumElements() * getElementBytes(vector.getElementType());
  return 0;
}

namespace {

/// Larger allocations cannot be made on any machine imexc targets (x86-64
/// and AArch64 address 2**48 bytes); the margin keeps products in i64.
constexpr uint64_t kMaxAllocationBytes = uint64_t(1) << 62;

class CheckAllocationSizes
    : public imex::impl::CheckAllocationSizesBase<CheckAllocationSizes> {
public:
  using Base::Base;

  void runOnOperation() override {
    SmallVector<memref::AllocOp> allocs;
    getOperation().walk([&](memref::AllocOp op) { allocs.push_back(op); });
    for (memref::AllocOp op : allocs)
      if (failed(check(op)))
        return signalPassFailure();
  }

private:
  LogicalResult check(memref::AllocOp op) {
    MemRefType type = op.getType();
    // Unknown element sizes (0) are not checked.
    uint64_t bytes = imex::getElementBytes(type.getElementType());
    if (bytes == 0)
      return success();
    bool overflow = false;
    for (int64_t size : type.getShape())
      if (!ShapedType::isDynamic(size))
        overflow |= __builtin_mul_overflow(bytes, uint64_t(size), &bytes);
    if (overflow || bytes > kMaxAllocationBytes)
      return op.emitError()
             << "allocation of " << type << " needs more than 2**62 bytes";
    if (bytes == 0)
      return success(); // an empty array: nothing to check

    Location loc = op.getLoc();
    std::string where = imex::runTimeCheckPrefix(loc);
    OpBuilder b(op);
    auto i64 = b.getI64Type();
    auto constant = [&](uint64_t v) -> Value {
      return arith::ConstantIntOp::create(b, loc, i64, int64_t(v));
    };
    Value zero = constant(0);
    // The size in bytes, each product checked: its high half must be zero
    // and its low half within the limit (a negative size is huge here).
    Value total = constant(bytes);
    Value fits;
    for (Value size : op.getDynamicSizes()) {
      Value n = arith::IndexCastUIOp::create(b, loc, i64, size);
      auto product = arith::MulUIExtendedOp::create(b, loc, total, n);
      Value noHigh = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                           product.getHigh(), zero);
      Value small = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ule,
                                          product.getLow(),
                                          constant(kMaxAllocationBytes));
      Value ok = arith::AndIOp::create(b, loc, noHigh, small);
      fits = fits ? arith::AndIOp::create(b, loc, fits, ok).getResult() : ok;
      total = product.getLow();
    }
    if (fits)
      cf::AssertOp::create(b, loc, fits, where + "allocation size overflows");

    // What malloc gave back: null (out of memory) only for an empty request.
    b.setInsertionPointAfter(op);
    Value pointer =
        memref::ExtractAlignedPointerAsIndexOp::create(b, loc, op.getResult());
    Value address = arith::IndexCastUIOp::create(b, loc, i64, pointer);
    Value got =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, address, zero);
    if (!op.getDynamicSizes().empty())
      got = arith::OrIOp::create(
          b, loc, got,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, total, zero));
    cf::AssertOp::create(b, loc, got, where + "out of memory");
    return success();
  }
};

} // namespace

std::string imex::runTimeCheckPrefix(Location loc) {
  auto fileLoc = dyn_cast<FileLineColLoc>(loc);
  if (!fileLoc)
    return "";
  return (fileLoc.getFilename().getValue() + ":" + Twine(fileLoc.getLine()) +
          ":" + Twine(fileLoc.getColumn()) + ": ")
      .str();
}
