//===- VectorExtLayoutOps.td - to_layout, to_simd, to_simt ----------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Ops that attach layouts to values and mark the boundary between the
// undistributed (SIMD) and the per-thread (SIMT) view of a vector.
//
//===----------------------------------------------------------------------===//

#ifndef IREE_VECTOR_EXT_LAYOUT_OPS
#define IREE_VECTOR_EXT_LAYOUT_OPS

include "imex/Dialect/VectorExt/IR/VectorExtAttrs.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ValueBoundsOpInterface.td"

def IREEVectorExt_ToLayoutOp : IREEVectorExt_Op<"to_layout", [
    Pure, AllTypesMatch<["input", "output"]>,
    DeclareOpInterfaceMethods<ValueBoundsOpInterface,
                              ["populateBoundsForShapedValueDim"]>]> {
  let summary = "Gives a shaped value the requested vector layout";
  let description = [{
    ```mlir
    %o = iree_vector_ext.to_layout %in to layout(#nested)
           {shared_memory_conversion = #x.y} : vector<32x32xf16>
    ```
    The result is `input` seen through `layout`. When
    `shared_memory_conversion` is present the conversion into that layout has
    to go through shared memory; GPU code generation expects a promotion
    attribute there.
  }];

  let arguments = (ins AnyShaped:$input,
                       VectorLayoutInterface:$layout,
                       OptionalAttr<AnyAttr>:$shared_memory_conversion);
  let results = (outs AnyShaped:$output);

  let assemblyFormat = [{
    $input `to` `layout` `(` $layout `)` attr-dict `:` type($input)
  }];

  let builders = [
    // The result has the type of the input.
    OpBuilder<(ins "::mlir::Value":$input, "VectorLayoutInterface":$layout,
                   CArg<"::mlir::Attribute", "{}">:$sharedMemoryConversion), [{
      build($_builder, $_state, input.getType(), input, layout,
            sharedMemoryConversion);
    }]>
  ];

  let extraClassDeclaration = [{
    bool hasTensorSemantics() {
      return ::llvm::isa<::mlir::RankedTensorType>(getOutput().getType());
    }
  }];

  let hasVerifier = 1;
}

class IREEVectorExt_SimdSimtOp<string mnemonic, string summaryText>
    : IREEVectorExt_Op<mnemonic, [SameOperandsAndResultElementType, Pure]> {
  let summary = summaryText;
  let description = [{
    A temporary materialization created while converting types between the
    undistributed and the distributed form of vectors. A conversion followed
    by its inverse folds to the original value.
  }];
  let arguments = (ins AnyVectorOfAnyRank:$input);
  let results = (outs AnyVectorOfAnyRank:$output);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($output)";
  let hasFolder = 1;
}

def IREEVectorExt_ToSIMDOp
    : IREEVectorExt_SimdSimtOp<"to_simd", "Converts a SIMT vector to SIMD">;

def IREEVectorExt_ToSIMTOp
    : IREEVectorExt_SimdSimtOp<"to_simt", "Converts a SIMD vector to SIMT">;

#endif // IREE_VECTOR_EXT_LAYOUT_OPS
