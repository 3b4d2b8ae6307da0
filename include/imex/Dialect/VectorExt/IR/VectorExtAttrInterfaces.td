//===- VectorExtAttrInterfaces.td - VectorLayoutInterface -----------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The interface every vector layout attribute implements. Layout propagation
// and distribution only talk to layouts through it, so new layout kinds can be
// added without touching those passes.
//
//===----------------------------------------------------------------------===//

#ifndef IREE_VECTOR_EXT_ATTR_INTERFACES
#define IREE_VECTOR_EXT_ATTR_INTERFACES

include "mlir/IR/OpBase.td"

def VectorLayoutInterface : AttrInterface<"VectorLayoutInterface"> {
  let cppNamespace = "::mlir::iree_compiler::IREE::VectorExt";
  let description = [{
    Describes how an undistributed vector of some shape is mapped onto the
    execution hierarchy (subgroups, threads, per-thread elements). Every
    transformation returns a new layout, or null when the layout kind cannot
    express the result.
  }];

  let methods = [
    InterfaceMethod<
      "Checks that this layout can describe a value of type `shape`; emits an "
      "error at `loc` otherwise.",
      "::llvm::LogicalResult", "isValidLayout",
      (ins "::mlir::ShapedType":$shape, "::mlir::Location":$loc)>,
    InterfaceMethod<
      "Returns the layout of the value transposed by `permutation` "
      "(new dim i is old dim permutation[i]).",
      "::mlir::iree_compiler::IREE::VectorExt::VectorLayoutInterface",
      "permute", (ins "::llvm::ArrayRef<int64_t>":$permutation)>,
    InterfaceMethod<
      "Returns the layout with the dims marked true in `droppedDims` removed.",
      "::mlir::iree_compiler::IREE::VectorExt::VectorLayoutInterface",
      "project", (ins "::llvm::ArrayRef<bool>":$droppedDims)>,
    InterfaceMethod<
      "Returns the layout of the value indexed by `map`, whose domain is this "
      "layout's dims.",
      "::mlir::iree_compiler::IREE::VectorExt::VectorLayoutInterface",
      "apply", (ins "::mlir::AffineMap":$map)>,
    InterfaceMethod<
      "Returns the layout of the value reshaped (expanded or collapsed) to "
      "`newShape`, or null when this layout cannot be reshaped that way.",
      "::mlir::iree_compiler::IREE::VectorExt::VectorLayoutInterface",
      "reshape", (ins "::llvm::ArrayRef<int64_t>":$newShape)>,
    InterfaceMethod<
      "Returns the vector shape this layout describes before distribution.",
      "::llvm::SmallVector<int64_t>", "getUndistributedShape", (ins)>,
    InterfaceMethod<
      "Returns the shape each thread holds after distribution.",
      "::llvm::SmallVector<int64_t>", "getDistributedShape", (ins)>,
    InterfaceMethod<
      "Returns the rank of the undistributed vector.",
      "int64_t", "getRank", (ins)>,
    InterfaceMethod<
      "Returns true when converting a value from this layout to "
      "`targetLayout` needs a round trip through shared memory.",
      "bool", "needsSharedMemoryForConversion",
      (ins "::mlir::iree_compiler::IREE::VectorExt::VectorLayoutInterface":
           $targetLayout)>,
    StaticInterfaceMethod<
      "Combines the layouts of operands indexed by `maps` into the layout of "
      "a value indexed by `resultMap` (all maps share one iteration space); "
      "null when they conflict or leave a result dim undetermined.",
      "::mlir::iree_compiler::IREE::VectorExt::VectorLayoutInterface",
      "getRecombinedLayout",
      (ins "::llvm::ArrayRef<::mlir::iree_compiler::IREE::VectorExt::"
           "VectorLayoutInterface>":$layouts,
           "::llvm::ArrayRef<::mlir::AffineMap>":$maps,
           "::mlir::AffineMap":$resultMap)>
  ];
}

#endif // IREE_VECTOR_EXT_ATTR_INTERFACES
