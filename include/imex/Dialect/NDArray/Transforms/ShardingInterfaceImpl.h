//===- ShardingInterfaceImpl.h - ndarray sharding models --------*- C++ -*-===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// External models of the upstream `shard` dialect's ShardingInterface for the
// ndarray ops, plus the static shard-layout arithmetic they share with the
// coalesce-shard-ops pass.
//
//===----------------------------------------------------------------------===//
#ifndef IMEX_NDARRAY_TRANSFORMS_SHARDINGINTERFACEIMPL_H
#define IMEX_NDARRAY_TRANSFORMS_SHARDINGINTERFACEIMPL_H

#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Support/LLVM.h"

#include <optional>

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace imex::ndarray {

/// Attaches the sharding models: custom ones for subview, insert_slice,
/// linspace and reshape, the upstream elementwise one for copy, delete and
/// cast_elemtype.
void registerShardingInterfaceExternalModels(mlir::DialectRegistry &registry);

namespace sharding {

/// How one tensor dimension is distributed, with everything known
/// statically. Shard `i` owns the global index range
/// [bounds[i], bounds[i + 1]) (its "core"); its local tensor additionally
/// holds `haloLo` elements before and `haloHi` after the core.
struct StaticDimLayout {
  mlir::shard::GridAxis axis = 0;
  llvm::SmallVector<int64_t> bounds; // numShards + 1 entries, non-decreasing
  int64_t haloLo = 0;
  int64_t haloHi = 0;

  int64_t numShards() const { return bounds.size() - 1; }
  /// Global index of the first element of shard `i`'s local tensor.
  int64_t localStart(int64_t i) const { return bounds[i] - haloLo; }
  /// One past the global index of the last element of shard `i`'s local
  /// tensor.
  int64_t localEnd(int64_t i) const { return bounds[i + 1] + haloHi; }
};

/// The grid axes that split tensor dimension `dim` under `sharding` (empty
/// when the dimension is not split).
llvm::ArrayRef<mlir::shard::GridAxis>
splitAxesOf(const mlir::shard::Sharding &sharding, unsigned dim);

/// True iff `sharding` splits no dimension (including a null sharding).
bool isReplicated(const mlir::shard::Sharding &sharding);

/// The static layout of dimension `dim` (of static size `dimSize`, which may
/// be dynamic when `sharding` gives explicit shard offsets) under `sharding`
/// on `grid`. Returns nullopt when the dimension is not split, failure when
/// the layout is not statically known or not supported (a dimension split
/// over more than one grid axis, dynamic grid axis, dynamic size, dynamic
/// halo sizes or offsets). Balanced splits give the trailing shards one more
/// element, as upstream's shard.shard_shape lowering does on grids of static
/// shape.
mlir::FailureOr<std::optional<StaticDimLayout>>
getStaticDimLayout(const mlir::shard::Sharding &sharding,
                   mlir::shard::GridOp grid, unsigned dim, int64_t dimSize);

/// Boundaries (numShards + 1 prefix sums) of the slice
/// `offset + k * stride, k in [0, size)` over the shard cores `bounds`: entry
/// `i + 1` minus entry `i` is the number of slice elements that shard `i`
/// owns. Requires `stride > 0`.
llvm::SmallVector<int64_t> sliceBounds(llvm::ArrayRef<int64_t> bounds,
                                       int64_t offset, int64_t size,
                                       int64_t stride);

/// The sharded_dims_offsets position of every split dimension of `sharding`
/// (upstream convention: each split dimension takes the sum of its grid axis
/// sizes plus one entries), or failure on a dynamic grid axis.
mlir::FailureOr<llvm::SmallVector<int64_t>>
getShardedDimsOffsetsPositions(const mlir::shard::Sharding &sharding,
                               mlir::shard::GridOp grid);

} // namespace sharding
} // namespace imex::ndarray

#endif
