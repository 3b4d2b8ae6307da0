//===- Shardings.h - small helpers on shard shardings -----------*- C++ -*-===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef IMEX_SUPPORT_SHARDINGS_H
#define IMEX_SUPPORT_SHARDINGS_H

#include "mlir/Dialect/Shard/IR/ShardOps.h"

namespace imex {

/// The sharding of a whole (replicated) tensor on `grid`: one dimension
/// split along no axis (no split_axes at all does not print as valid IR).
inline mlir::shard::Sharding replicatedSharding(mlir::FlatSymbolRefAttr grid) {
  return mlir::shard::Sharding::get(
      grid, {mlir::shard::GridAxesAttr::get(grid.getContext(), {})});
}

/// True if `sharding` splits some dimension along some grid axis.
inline bool splitsSomeDimension(mlir::shard::ShardingOp sharding) {
  return llvm::any_of(
      sharding.getSplitAxes().getAxes(),
      [](mlir::shard::GridAxesAttr axes) { return !axes.empty(); });
}

/// Start of part `i` of `size` elements split over `parts` processes: the
/// first size % parts parts have one element more. imexc splits uneven
/// sizes this way everywhere (local shapes, explicit offsets, gathers), so
/// a C++ caller passing each process's part sees one rule.
inline int64_t blockStart(int64_t i, int64_t parts, int64_t size) {
  return i * (size / parts) + std::min(i, size % parts);
}

/// The attribute of a `shard.all_gather` whose parts are not a split's
/// blocks (a view's parts): each goes after the parts of the processes
/// before it, whatever their sizes.
inline constexpr llvm::StringLiteral kPartsNotBlocksAttr =
    "imexc.parts_not_blocks";

/// The attribute that keeps the process count of a grid of static shape
/// that partition-sharded-functions made dynamic to split it unevenly.
inline constexpr llvm::StringLiteral kFixedProcessCountAttr = "imexc.processes";

/// The number of processes `grid` needs, or nullopt when it fits any
/// number (a grid of dynamic shape).
inline std::optional<int64_t> fixedProcessCount(mlir::shard::GridOp grid) {
  if (auto count =
          grid->getAttrOfType<mlir::IntegerAttr>(kFixedProcessCountAttr))
    return count.getInt();
  if (mlir::ShapedType::isDynamicShape(grid.getShape()))
    return std::nullopt;
  return mlir::ShapedType::getNumElements(grid.getShape());
}

} // namespace imex

#endif
