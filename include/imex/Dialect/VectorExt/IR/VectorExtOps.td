//===- VectorExtOps.td - transfer_gather/scatter, arg_compare, yield ------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Indexed vector transfers and the vectorized arg-reduction of
// iree_vector_ext. The indexing rules of the two transfers live in
// IndexedVectorOpInterface (VectorExtOpInterfaces.td).
//
//===----------------------------------------------------------------------===//

#ifndef IREE_VECTOR_EXT_OPS
#define IREE_VECTOR_EXT_OPS

include "imex/Dialect/VectorExt/IR/VectorExtBase.td"
include "imex/Dialect/VectorExt/IR/VectorExtOpInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"

// An index vector is a vector of `index`, or a scalar `index` that stands
// for a 0-d one.
def IREEVectorExt_IndexVec
    : AnyTypeOf<[Index, VectorOfAnyRankOf<[Index]>], "index or vector of index">;

//===----------------------------------------------------------------------===//
// transfer_gather
//===----------------------------------------------------------------------===//

def IREEVectorExt_TransferGatherOp : IREEVectorExt_Op<"transfer_gather", [
    AttrSizedOperandSegments,
    IndexedVectorOpInterface,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    DeclareOpInterfaceMethods<ConditionallySpeculatable>,
    TypesMatchWith<"padding type is the base element type", "base", "padding",
                   "::llvm::cast<::mlir::ShapedType>($_self).getElementType()">
  ]> {
  let summary = "Reads a vector from a base through indexing maps";
  let description = [{
    ```mlir
    %v = iree_vector_ext.transfer_gather %base[%c0, %c0]
        [%idx : vector<16xindex>], %pad, %mask {
      indexing_maps = [affine_map<(d0, d1)[s0] -> (s0, d1)>,
                       affine_map<(d0, d1)[s0] -> (d0)>,
                       affine_map<(d0, d1)[s0] -> (d0, d1)>]
    } : memref<4096x8xf16>, vector<16x8xf16>, vector<16x8xi1>
    ```
    Element `(i, j)` of the result is `base[%c0 + idx[i], %c0 + j]` where the
    mask is set, and `%pad` elsewhere. See IndexedVectorOpInterface for the
    meaning of each map.
  }];

  let arguments = (ins
    AnyShaped:$base,
    Variadic<Index>:$offsets,
    Variadic<IREEVectorExt_IndexVec>:$index_vecs,
    AnyType:$padding,
    Optional<VectorOfAnyRankOf<[I1]>>:$mask,
    AffineMapArrayAttr:$indexing_maps);
  let results = (outs AnyVectorOfAnyRank:$vector);

  let assemblyFormat = [{
    $base `[` $offsets `]` (`[` $index_vecs^ `:` type($index_vecs) `]`)?
    `,` $padding (`,` $mask^)? attr-dict
    `:` type($base) `,` type($vector) (`,` type($mask)^)?
  }];

  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

//===----------------------------------------------------------------------===//
// transfer_scatter
//===----------------------------------------------------------------------===//

def IREEVectorExt_TransferScatterOp : IREEVectorExt_Op<"transfer_scatter", [
    AttrSizedOperandSegments,
    IndexedVectorOpInterface,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    DeclareOpInterfaceMethods<ConditionallySpeculatable>,
    AllElementTypesMatch<["base", "vector"]>
  ]> {
  let summary = "Writes a vector into a base through indexing maps";
  let description = [{
    ```mlir
    %t = iree_vector_ext.transfer_scatter %vec into %dest[%c0, %c0]
        [%idx : vector<16xindex>] {
      indexing_maps = [affine_map<(d0, d1)[s0] -> (s0, d1)>,
                       affine_map<(d0, d1)[s0] -> (d0)>]
    } : vector<16x8xf16>, tensor<4096x8xf16> -> tensor<4096x8xf16>
    ```
    The write counterpart of transfer_gather. A tensor base yields the
    updated tensor; a memref base is updated in place and there is no result.
    The scattered locations must be unique: two vector elements that land on
    the same location race, and the outcome is undefined.
  }];

  let arguments = (ins
    AnyShaped:$base,
    AnyVectorOfAnyRank:$vector,
    Variadic<Index>:$offsets,
    Variadic<IREEVectorExt_IndexVec>:$index_vecs,
    Optional<VectorOfAnyRankOf<[I1]>>:$mask,
    AffineMapArrayAttr:$indexing_maps);
  // Any shaped result parses, as in IREE: the verifier says why a memref
  // base takes none.
  let results = (outs Optional<AnyShaped>:$result);

  let assemblyFormat = [{
    $vector `into` $base `[` $offsets `]`
    (`[` $index_vecs^ `:` type($index_vecs) `]`)? (`,` $mask^)? attr-dict
    `:` type($vector) `,` type($base) (`,` type($mask)^)?
    (`->` type($result)^)?
  }];

  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

//===----------------------------------------------------------------------===//
// arg_compare / yield
//===----------------------------------------------------------------------===//

def IREEVectorExt_ArgCompareOp : IREEVectorExt_Op<"arg_compare", [
    Pure,
    AttrSizedOperandSegments,
    SingleBlockImplicitTerminator<"YieldOp">,
    AllElementTypesMatch<["input_value", "init_value"]>,
    AllTypesMatch<["init_value", "result_value"]>,
    AllTypesMatch<["init_index", "result_index"]>
  ]> {
  let summary = "Vectorized arg-reduction along one dimension";
  let description = [{
    ```mlir
    %v, %i = iree_vector_ext.arg_compare dimension(1)
        ins(%vals : vector<4x32xf32>)
        inits(%v0, %i0 : vector<4xf32>, vector<4xi32>) {
      ^bb0(%candidate: f32, %best: f32):
        %p = arith.cmpf ogt, %candidate, %best : f32
        iree_vector_ext.yield %p : i1
    } -> vector<4xf32>, vector<4xi32>
    ```
    Reduces `input_value` along `dimension`, starting from the inits. The
    comparator receives (candidate, accumulator) and yields true when the
    candidate wins. A candidate's index is read from `input_index` when it is
    given (explicit mode) and is otherwise its position along the reduced
    dimension, plus `index_base` when present.
  }];

  let arguments = (ins
    AnyVectorOfAnyRank:$input_value,
    Optional<AnyVectorOfAnyRank>:$input_index,
    AnyVectorOfAnyRank:$init_value,
    AnyVectorOfAnyRank:$init_index,
    Optional<Index>:$index_base,
    I64Attr:$dimension);
  let results = (outs AnyVectorOfAnyRank:$result_value,
                      AnyVectorOfAnyRank:$result_index);
  let regions = (region SizedRegion<1>:$region);

  let assemblyFormat = [{
    attr-dict `dimension` `(` $dimension `)`
    `ins` `(` $input_value (`,` $input_index^)? `:` type($input_value)
              (`,` type($input_index)^)? `)`
    `inits` `(` $init_value `,` $init_index `:` type($init_value) `,`
                type($init_index) `)`
    (`index_base` `(` $index_base^ `:` type($index_base) `)`)?
    $region `->` type($result_value) `,` type($result_index)
  }];

  let hasVerifier = 1;
}

def IREEVectorExt_YieldOp : IREEVectorExt_Op<"yield", [
    Pure, ReturnLike, Terminator, HasParent<"ArgCompareOp">]> {
  let summary = "Yields the comparator decision of an arg_compare";
  let arguments = (ins Variadic<AnyType>:$values);
  // Needed by SingleBlockImplicitTerminator; the verifier then asks for the
  // missing predicate.
  let builders = [OpBuilder<(ins), [{ /* no operands */ }]>];
  let assemblyFormat = "attr-dict ($values^ `:` type($values))?";
  let hasVerifier = 1;
}

#endif // IREE_VECTOR_EXT_OPS
