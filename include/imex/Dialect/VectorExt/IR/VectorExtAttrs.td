//===- VectorExtAttrs.td - #iree_vector_ext.nested_layout -----------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef IREE_VECTOR_EXT_ATTRS
#define IREE_VECTOR_EXT_ATTRS

include "imex/Dialect/VectorExt/IR/VectorExtBase.td"
include "imex/Dialect/VectorExt/IR/VectorExtAttrInterfaces.td"

def NestedLayoutAttr : IREEVectorExt_Attr<"NestedLayout", "nested_layout",
    [DeclareAttrInterfaceMethods<VectorLayoutInterface>]> {
  let summary = "Maps a vector onto subgroups, threads and per-thread elements";
  let description = [{
    ```mlir
    #iree_vector_ext.nested_layout<subgroup_tile = [2, 1],
      batch_tile = [2, 4], outer_tile = [1, 1], thread_tile = [16, 4],
      element_tile = [1, 4], subgroup_strides = [1, 0],
      thread_strides = [1, 16]>
    ```
    Every list has one entry per vector dimension. Dimension `i` has length
    `subgroup * batch * outer * thread * element` and is split, from outermost
    to innermost, into those five levels. Subgroup `s` and thread `t` own the
    virtual positions

      vsg[i]  = (s / subgroup_strides[i]) % subgroup_tile[i]
      vtid[i] = (t / thread_strides[i]) % thread_tile[i]

    so a stride of 0 means the dimension is not distributed at that level.
    Each thread holds a `batch ++ outer ++ element` vector. Strides of tiles
    of size 1 are normalized to 0 when the attribute is built.
  }];

  let parameters = (ins
    OptionalArrayRefParameter<"int64_t">:$subgroupTile,
    OptionalArrayRefParameter<"int64_t">:$batchTile,
    OptionalArrayRefParameter<"int64_t">:$outerTile,
    OptionalArrayRefParameter<"int64_t">:$threadTile,
    OptionalArrayRefParameter<"int64_t">:$elementTile,
    OptionalArrayRefParameter<"int64_t">:$subgroupStrides,
    OptionalArrayRefParameter<"int64_t">:$threadStrides);

  // Lists may be empty (0-d vectors): `[]` is tried first, otherwise the
  // list and its closing bracket are parsed.
  let assemblyFormat = [{
    `<` `subgroup_tile` `=` `[` (`]`) : ($subgroupTile^ `]`)? `,`
        `batch_tile` `=` `[` (`]`) : ($batchTile^ `]`)? `,`
        `outer_tile` `=` `[` (`]`) : ($outerTile^ `]`)? `,`
        `thread_tile` `=` `[` (`]`) : ($threadTile^ `]`)? `,`
        `element_tile` `=` `[` (`]`) : ($elementTile^ `]`)? `,`
        `subgroup_strides` `=` `[` (`]`) : ($subgroupStrides^ `]`)? `,`
        `thread_strides` `=` `[` (`]`) : ($threadStrides^ `]`)? `>`
  }];

  // The builders normalize the strides, so the parser and every C++ caller
  // produce the same attribute for equivalent layouts.
  let skipDefaultBuilders = 1;
  let builders = [
    AttrBuilder<(ins "::llvm::ArrayRef<int64_t>":$subgroupTile,
                     "::llvm::ArrayRef<int64_t>":$batchTile,
                     "::llvm::ArrayRef<int64_t>":$outerTile,
                     "::llvm::ArrayRef<int64_t>":$threadTile,
                     "::llvm::ArrayRef<int64_t>":$elementTile,
                     "::llvm::ArrayRef<int64_t>":$subgroupStrides,
                     "::llvm::ArrayRef<int64_t>":$threadStrides)>,
    // Appends dims after the ones of `source`.
    AttrBuilderWithInferredContext<(ins "NestedLayoutAttr":$source,
                     "::llvm::ArrayRef<int64_t>":$appendSubgroupTile,
                     "::llvm::ArrayRef<int64_t>":$appendBatchTile,
                     "::llvm::ArrayRef<int64_t>":$appendOuterTile,
                     "::llvm::ArrayRef<int64_t>":$appendThreadTile,
                     "::llvm::ArrayRef<int64_t>":$appendElementTile,
                     "::llvm::ArrayRef<int64_t>":$appendSubgroupStrides,
                     "::llvm::ArrayRef<int64_t>":$appendThreadStrides)>
  ];
  let genVerifyDecl = 1;

  let extraClassDeclaration = [{
    /// `subgroup ++ batch ++ outer ++ thread ++ element` (rank 5r).
    ::llvm::SmallVector<int64_t> getUndistributedPackedShape() const;

    /// The five tiles of `dim`, outermost level first.
    ::llvm::SmallVector<int64_t>
    getPackedShapeForUndistributedDim(int64_t dim) const;

    /// `batch * outer * element` per dimension.
    ::llvm::SmallVector<int64_t> getDistributedUnpackedShape() const;

    /// Splits the flat `threadId` into the virtual subgroup ids of every
    /// dimension followed by the virtual thread ids of every dimension, using
    /// one affine.delinearize_index for each. Returns an empty list when the
    /// strides of a level cannot be expressed as one delinearization.
    ::llvm::SmallVector<::mlir::Value>
    computeThreadIds(::mlir::Value threadId, int64_t subgroupSize,
                     ::mlir::RewriterBase &rewriter) const;
  }];
}

#endif // IREE_VECTOR_EXT_ATTRS
