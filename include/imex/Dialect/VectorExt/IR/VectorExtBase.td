//===- VectorExtBase.td - iree_vector_ext dialect definition --------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef IREE_VECTOR_EXT_BASE
#define IREE_VECTOR_EXT_BASE

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def IREEVectorExt_Dialect : Dialect {
  let name = "iree_vector_ext";
  let cppNamespace = "::mlir::iree_compiler::IREE::VectorExt";
  let summary = "Vector layouts, SIMD/SIMT boundaries, indexed transfers and arg-reductions";
  let dependentDialects = ["affine::AffineDialect", "vector::VectorDialect"];
  let useDefaultAttributePrinterParser = 1;
  let extraClassDeclaration = [{
    // Defined next to the attribute storage classes in VectorExtAttrs.cpp.
    void registerAttributes();
  }];
}

class IREEVectorExt_Attr<string name, string attrMnemonic,
                         list<Trait> traits = []>
    : AttrDef<IREEVectorExt_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

class IREEVectorExt_Op<string mnemonic, list<Trait> traits = []>
    : Op<IREEVectorExt_Dialect, mnemonic, traits>;

#endif // IREE_VECTOR_EXT_BASE
