//===- UpstreamShardingModels.h - sharding models of tensor ops ---*- C++
//-*-===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef IMEX_INTERFACES_UPSTREAMSHARDINGMODELS_H
#define IMEX_INTERFACES_UPSTREAMSHARDINGMODELS_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace imex {

/// Sharding models for upstream ops that LLVM 22 lacks or gets wrong, so
/// that sharding propagation goes through the functions real programs
/// write (array sizes, run-time checks):
/// - tensor.dim, which upstream lacks. It takes its operand as it is
///   sharded and answers the global size: where the dimension is split,
///   the sum of the processes' local sizes (an all_reduce over the split's
///   grid axes).
/// - tensor.extract, which upstream lacks: the tensor is made whole
///   (replicated) first, then every process reads the element.
/// - tensor.empty, replacing upstream's, whose propagation annotates the
///   dynamic sizes (index values) with a sharding on no grid, which fails
///   verification. A split result's local sizes come from
///   shard.shard_shape.
/// Register them before upstream's extensions: the first model attached to
/// an op is the one it keeps.
void registerUpstreamShardingExternalModels(mlir::DialectRegistry &registry);

/// Sharding models for ops on scalars (arith, math and index ops,
/// cf.assert, the shard process index and grid shape queries), which
/// functions compute sizes and checks with: every process runs them as
/// they are. Register them after upstream's extensions, so that upstream's
/// own models (arith.constant's, for tensor constants) stay.
void registerScalarShardingExternalModels(mlir::DialectRegistry &registry);

} // namespace imex

#endif
