//===- VectorExtOpInterfaces.td - IndexedVectorOpInterface ----------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The structure shared by transfer_gather and transfer_scatter: a shaped base
// accessed through affine indexing maps whose symbols are bound to index
// vectors. Folders, canonicalizations and the verifier are written once
// against this interface.
//
//===----------------------------------------------------------------------===//

#ifndef IREE_VECTOR_EXT_OP_INTERFACES
#define IREE_VECTOR_EXT_OP_INTERFACES

include "mlir/IR/OpBase.td"

def IndexedVectorOpInterface : OpInterface<"IndexedVectorOpInterface"> {
  let cppNamespace = "::mlir::iree_compiler::IREE::VectorExt";
  let description = [{
    An op that moves one vector between SSA form and a shaped `base` (tensor
    or memref). `indexing_maps` holds `1 + #index_vecs (+ 1 if masked)` affine
    maps, all with `numDims = vector rank` and `numSymbols = #index_vecs`:

    * map 0 `(vector dims)[symbols] -> (base dims)`: a dim result walks that
      base dimension with the vector, symbol `s_k` looks the base index up in
      index vector `k`, and the constant `0` broadcasts the base offset;
    * maps `1..#index_vecs` `(vector dims) -> (index vec dims)`: how each index
      vector is indexed from the vector iteration space (dims only; a scalar
      `index` operand has a zero-result map);
    * the optional last map `(vector dims) -> (mask dims)` for the mask.
  }];

  let methods = [
    InterfaceMethod<"The shaped operand that is read or written.",
      "::mlir::Value", "getBase">,
    InterfaceMethod<"The index vectors, bound to the map symbols in order.",
      "::mlir::Operation::operand_range", "getIndexVecs">,
    InterfaceMethod<"The mask, or null when the op is unmasked.",
      "::mlir::Value", "getMask">,
    InterfaceMethod<"The array of affine maps described above.",
      "::mlir::ArrayAttr", "getIndexingMaps">,
    InterfaceMethod<"The vector value: the gather result, the scatter input.",
      "::mlir::Value", "getVector">,
  ];

  let extraClassDeclaration = [{
    /// Checks the indexing-map rules shared by every implementing op.
    static ::llvm::LogicalResult verifyIndexedVectorOp(::mlir::Operation *op);
  }];

  let extraSharedClassDeclaration = [{
    ::mlir::VectorType getVectorType() {
      return ::llvm::cast<::mlir::VectorType>($_op.getVector().getType());
    }

    ::llvm::SmallVector<::mlir::AffineMap> getIndexingMapsArray() {
      return ::llvm::to_vector(
          $_op.getIndexingMaps()
              .template getAsValueRange<::mlir::AffineMapAttr>());
    }

    ::mlir::AffineMap getBaseIndexingMap() {
      return ::llvm::cast<::mlir::AffineMapAttr>($_op.getIndexingMaps()[0])
          .getValue();
    }

    ::llvm::SmallVector<::mlir::AffineMap> getIndexVecIndexingMaps() {
      ::llvm::SmallVector<::mlir::AffineMap> maps = $_op.getIndexingMapsArray();
      return ::llvm::SmallVector<::mlir::AffineMap>(
          ::llvm::ArrayRef(maps).slice(1, $_op.getIndexVecs().size()));
    }

    /// The mask map, or a null map when the op has no mask.
    ::mlir::AffineMap getMaskIndexingMap() {
      if (!$_op.getMask())
        return {};
      ::mlir::ArrayAttr maps = $_op.getIndexingMaps();
      return ::llvm::cast<::mlir::AffineMapAttr>(maps[maps.size() - 1])
          .getValue();
    }

    /// The base map turned around, `(base dims) -> (vector dims)`, in the
    /// form vector.transfer_read/write take: vector dim `j` reads base dim `i`
    /// when base result `i` is `d_j`, and is a broadcast (`0`) otherwise.
    /// Symbol and constant base results are simply not referenced.
    ::mlir::AffineMap getBasePermutationMap() {
      ::mlir::AffineMap baseMap = $_op.getBaseIndexingMap();
      ::mlir::MLIRContext *ctx = baseMap.getContext();
      ::llvm::SmallVector<::mlir::AffineExpr> results(
          baseMap.getNumDims(), ::mlir::getAffineConstantExpr(0, ctx));
      for (auto [i, expr] : ::llvm::enumerate(baseMap.getResults()))
        if (auto dim = ::llvm::dyn_cast<::mlir::AffineDimExpr>(expr))
          results[dim.getPosition()] = ::mlir::getAffineDimExpr(i, ctx);
      return ::mlir::AffineMap::get(baseMap.getNumResults(), 0, results, ctx);
    }

    /// Whether the base is a value (tensor) rather than a buffer.
    bool hasTensorSemantics() {
      return ::llvm::isa<::mlir::TensorType>($_op.getBase().getType());
    }
  }];

  let verify = [{
    return IndexedVectorOpInterface::verifyIndexedVectorOp($_op);
  }];
}

#endif // IREE_VECTOR_EXT_OP_INTERFACES
