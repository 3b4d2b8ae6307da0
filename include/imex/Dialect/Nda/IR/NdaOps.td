//===- NdaOps.td - nda dialect: variables of the .nda language ------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The .nda frontend emits every variable of the source program (scalars and
// arrays alike) as a slot that is written and read like memory, and leaves
// SSA construction to the region-aware mem2reg pass. memref.alloca can only
// hold scalars; these ops hold a value of any type, arrays (tensors)
// included, and exist only between the frontend and mem2reg.
//
//===----------------------------------------------------------------------===//

#ifndef IMEX_NDA_OPS
#define IMEX_NDA_OPS

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/Interfaces/MemorySlotInterfaces.td"

def Nda_Dialect : Dialect {
  let name = "nda";
  let cppNamespace = "::imex::nda";
  let summary = "Variables of the .nda array language";
  let description = [{
    Slots for source-level variables, promoted to SSA values by `mem2reg`.
    Nothing of this dialect is left after the frontend.
  }];
  let useDefaultTypePrinterParser = 1;
  // Default values of promoted variables are built from these.
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect",
                           "::mlir::ub::UBDialect"];
}

def Nda_RefType : TypeDef<Nda_Dialect, "Ref"> {
  let mnemonic = "ref";
  let summary = "A variable holding a value of `elementType`";
  let parameters = (ins "::mlir::Type":$elementType);
  let assemblyFormat = "`<` $elementType `>`";
  let builders = [
    TypeBuilderWithInferredContext<(ins "::mlir::Type":$elementType), [{
      return $_get(elementType.getContext(), elementType);
    }]>
  ];
}

class Nda_Op<string mnemonic, list<Trait> traits = []>
    : Op<Nda_Dialect, mnemonic, traits>;

def Nda_VarOp : Nda_Op<"var", [
    DeclareOpInterfaceMethods<PromotableAllocationOpInterface>]> {
  let summary = "Declares a variable";
  let description = [{
    `%x = nda.var "x" : !nda.ref<tensor<?xf32>>`. The name is the source
    variable's, for readers of the IR. A read before any write yields zero:
    a zero scalar, an array without elements along its `?` dimensions and
    of zeros otherwise.
  }];
  let arguments = (ins StrAttr:$name);
  let results = (outs Nda_RefType:$ref);
  let assemblyFormat = "$name attr-dict `:` qualified(type($ref))";
}

def Nda_LoadOp : Nda_Op<"load", [
    DeclareOpInterfaceMethods<PromotableMemOpInterface>,
    TypesMatchWith<"the result has the variable's type", "ref", "value",
                   "::llvm::cast<::imex::nda::RefType>($_self).getElementType()">]> {
  let summary = "Reads a variable";
  let arguments = (ins Nda_RefType:$ref);
  let results = (outs AnyType:$value);
  let assemblyFormat = "$ref attr-dict `:` qualified(type($ref))";
  let builders = [
    OpBuilder<(ins "::mlir::Value":$ref), [{
      build($_builder, $_state,
            ::llvm::cast<::imex::nda::RefType>(ref.getType()).getElementType(),
            ref);
    }]>
  ];
}

def Nda_StoreOp : Nda_Op<"store", [
    DeclareOpInterfaceMethods<PromotableMemOpInterface>,
    TypesMatchWith<"the value has the variable's type", "ref", "value",
                   "::llvm::cast<::imex::nda::RefType>($_self).getElementType()">]> {
  let summary = "Writes a variable";
  let arguments = (ins AnyType:$value, Nda_RefType:$ref);
  let assemblyFormat = "$value `,` $ref attr-dict `:` qualified(type($ref))";
}

#endif
