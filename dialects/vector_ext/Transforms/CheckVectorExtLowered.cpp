//===- CheckVectorExtLowered.cpp - report iree_vector_ext ops left over ---===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The last iree_vector_ext step of a lowering pipeline: every op the
// lowerings left alone gets an error that says why, instead of the
// illegal-operation failure a later conversion would give.
//
//===----------------------------------------------------------------------===//

#include "imex/Dialect/VectorExt/Transforms/Passes.h"

namespace mlir::iree_compiler::IREE::VectorExt {
#define GEN_PASS_DEF_CHECKVECTOREXTLOWERED
#include "imex/Dialect/VectorExt/Transforms/Passes.h.inc"
} // namespace mlir::iree_compiler::IREE::VectorExt

using namespace mlir;
using namespace mlir::iree_compiler::IREE::VectorExt;

/// Why an indexed transfer without index vectors is not a
/// vector.transfer_read/transfer_write (the ops' canonical form).
static std::string explainNoIndexVecs(IndexedVectorOpInterface op,
                                      size_t numOffsets) {
  auto baseType = cast<ShapedType>(op.getBase().getType());
  AffineMap baseMap = op.getBaseIndexingMap();
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "it has no index vector, but vector.transfer_"
     << (isa<TransferGatherOp>(op.getOperation()) ? "read" : "write")
     << " cannot express it: ";
  if (!baseType.hasRank() || baseType.getRank() != (int64_t)numOffsets ||
      baseMap.getNumResults() != numOffsets) {
    os << "the base rank, the number of offsets (" << numOffsets
       << ") and the number of base map results (" << baseMap.getNumResults()
       << ") differ";
    return text;
  }
  SmallVector<unsigned> walked;
  for (AffineExpr expr : baseMap.getResults()) {
    auto dim = dyn_cast<AffineDimExpr>(expr);
    if (!dim)
      continue;
    if (llvm::is_contained(walked, dim.getPosition())) {
      os << "vector dimension " << dim.getPosition()
         << " walks two base dimensions";
      return text;
    }
    walked.push_back(dim.getPosition());
  }
  int64_t rank = op.getVectorType().getRank();
  if (isa<TransferScatterOp>(op.getOperation()) &&
      (int64_t)walked.size() != rank) {
    os << "a vector dimension is written to no base dimension (a scatter "
          "cannot broadcast)";
    return text;
  }
  if (op.getMask()) {
    os << "its mask varies along a vector dimension that walks no base "
          "dimension";
    return text;
  }
  os << "its indexing maps are not a transfer permutation map";
  return text;
}

std::string mlir::iree_compiler::IREE::VectorExt::explainUnloweredVectorExtOp(
    Operation *op) {
  if (auto indexed = dyn_cast<IndexedVectorOpInterface>(op)) {
    size_t numOffsets = 0;
    if (auto gather = dyn_cast<TransferGatherOp>(op))
      numOffsets = gather.getOffsets().size();
    else if (auto scatter = dyn_cast<TransferScatterOp>(op))
      numOffsets = scatter.getOffsets().size();
    std::string reason;
    if (!indexed.getVectorType().isScalable() && indexed.getIndexVecs().empty())
      return explainNoIndexVecs(indexed, numOffsets);
    if (failed(canLowerToVectorGatherScatter(indexed, &reason)))
      return reason;
    return "it is lowerable to vector.gather/vector.scatter, but no lowering "
           "ran on it (is it outside a func.func?)";
  }
  if (auto argCompare = dyn_cast<ArgCompareOp>(op)) {
    if (cast<VectorType>(argCompare.getInputValue().getType()).isScalable())
      return "scalable vectors are not supported";
    return "no lowering ran on it (is it outside a func.func?)";
  }
  if (isa<ToLayoutOp>(op))
    return "vector layouts are only resolved by GPU vector distribution, "
           "which this pipeline does not run";
  if (isa<ToSIMDOp, ToSIMTOp>(op))
    return "SIMD/SIMT conversions only exist during GPU vector distribution, "
           "which this pipeline does not run";
  return "there is no lowering for it";
}

namespace {

struct CheckVectorExtLoweredPass final
    : mlir::iree_compiler::IREE::VectorExt::impl::CheckVectorExtLoweredBase<
          CheckVectorExtLoweredPass> {
  void runOnOperation() override {
    Dialect *dialect = getContext().getLoadedDialect<IREEVectorExtDialect>();
    if (!dialect)
      return;
    // Ops unrolled from one source op share its location and usually its
    // reason: report each (location, reason) pair once, on its first op.
    struct Report {
      Operation *first;
      std::string message;
      int64_t count;
    };
    SmallVector<Report> reports;
    getOperation()->walk([&](Operation *op) {
      if (op->getDialect() != dialect || isa<YieldOp>(op))
        return;
      std::string message =
          "'" + op->getName().getStringRef().str() +
          "' could not be lowered: " + explainUnloweredVectorExtOp(op);
      auto *same = llvm::find_if(reports, [&](const Report &report) {
        return report.first->getLoc() == op->getLoc() &&
               report.message == message;
      });
      if (same != reports.end())
        ++same->count;
      else
        reports.push_back({op, std::move(message), 1});
    });
    for (const Report &report : reports) {
      InFlightDiagnostic diag = report.first->emitError() << report.message;
      if (report.count > 1)
        diag << " (" << report.count << " ops from this source op)";
    }
    if (!reports.empty())
      signalPassFailure();
  }
};

} // namespace
