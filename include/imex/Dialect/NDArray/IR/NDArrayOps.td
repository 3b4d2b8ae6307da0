//===- NDArrayOps.td - ndarray dialect: array semantics on tensors --------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Arrays are builtin ranked tensors. The ops add what value-semantic tensors
// lack: guaranteed views (subview), in-place updates (insert_slice), explicit
// copies and frees, and placement environments carried in the tensor encoding
// (#ndarray.envs).
//
//===----------------------------------------------------------------------===//

#ifndef IMEX_NDARRAY_OPS
#define IMEX_NDARRAY_OPS

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/Interfaces/DestinationStyleOpInterface.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ViewLikeInterface.td"

def NDArray_Dialect : Dialect {
  let name = "ndarray";
  let cppNamespace = "::imex::ndarray";
  let summary = "NumPy-like array operations on builtin ranked tensors";
  let description = [{
    Keeps array semantics (views, in-place updates, copies, explicit frees and
    data placement) visible until they are lowered to linalg, tensor and
    memref. The dialect defines no types; arrays are ranked tensors, possibly
    with an `#ndarray.envs<...>` encoding.
  }];
  // Canonicalization patterns create tensor.cast ops.
  let dependentDialects = ["::mlir::tensor::TensorDialect"];
  let useDefaultAttributePrinterParser = 1;
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

def NDArray_EnvsAttr : AttrDef<NDArray_Dialect, "Envs"> {
  let mnemonic = "envs";
  let summary = "Environments of an array, used as ranked tensor encoding";
  let description = [{
    A list of arbitrary environment attributes describing where the data of
    an array lives, e.g.
    `tensor<33xi64, #ndarray.envs<#region.gpu_env<device = "XeGPU">>>`.
  }];
  let parameters = (ins ArrayRefParameter<"::mlir::Attribute">:$envs);
  let assemblyFormat = "`<` $envs `>`";
}

//===----------------------------------------------------------------------===//
// Operations
//===----------------------------------------------------------------------===//

class NDArray_Op<string mnemonic, list<Trait> traits = []>
    : Op<NDArray_Dialect, mnemonic, traits>;

def NDArray_CopyOp : NDArray_Op<"copy", [
    SameOperandsAndResultShape, SameOperandsAndResultElementType]> {
  let summary = "Creates a new array holding a copy of the source";
  let description = [{
    ```mlir
    %d = ndarray.copy %s : tensor<5xi64> -> tensor<5xi64, #E>
    ```
    The result is a distinct allocation, never a view. Shape and element type
    are those of the source; the encodings may differ (e.g. to move data to
    another environment).
  }];
  let arguments = (ins
    Arg<AnyRankedTensor, "the array to copy", [MemRead]>:$source);
  let results = (outs AnyRankedTensor:$target);
  let assemblyFormat = [{
    $source attr-dict `:` qualified(type($source)) `->` qualified(type($target))
  }];
}

def NDArray_DeleteOp : NDArray_Op<"delete"> {
  let summary = "Frees the memory of an array";
  let description = [{
    ```mlir
    ndarray.delete %a : tensor<?xi64>
    ```
    Must be the last use of `input`.
  }];
  let arguments = (ins
    Arg<AnyRankedTensor, "the array to free", [MemFree]>:$input);
  let assemblyFormat = "$input attr-dict `:` qualified(type($input))";
}

def NDArray_SubviewOp : NDArray_Op<"subview", [
    Pure, AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<ReifyRankedShapedTypeOpInterface,
                              ["reifyResultShapes"]>,
    OffsetSizeAndStrideOpInterface, ViewLikeOpInterface]> {
  let summary = "A strided view into an array";
  let description = [{
    ```mlir
    %v = ndarray.subview %src[%o, 0] [%n, 4] [1, %s]
        : tensor<?x8xf32> to tensor<?x4xf32>
    ```
    Unlike `tensor.extract_slice`, the result is guaranteed to be a view of
    `source` (it bufferizes to `memref.subview`). The result may be
    rank-reduced by dropping unit dimensions. Only the offset/size/stride
    interface rules are verified; the result shape is not checked.
  }];

  let arguments = (ins
    AnyRankedTensor:$source,
    Variadic<Index>:$offsets,
    Variadic<Index>:$sizes,
    Variadic<Index>:$strides,
    DenseI64ArrayAttr:$static_offsets,
    DenseI64ArrayAttr:$static_sizes,
    DenseI64ArrayAttr:$static_strides);
  let results = (outs AnyRankedTensor:$result);

  let assemblyFormat = [{
    $source ``
    custom<DynamicIndexList>($offsets, $static_offsets)
    custom<DynamicIndexList>($sizes, $static_sizes)
    custom<DynamicIndexList>($strides, $static_strides)
    attr-dict `:` qualified(type($source)) `to` qualified(type($result))
  }];

  let builders = [
    // Mixed static/dynamic entries; a null `resultType` is inferred (not
    // rank-reduced).
    OpBuilder<(ins "::mlir::RankedTensorType":$resultType,
      "::mlir::Value":$source,
      "::mlir::ArrayRef<::mlir::OpFoldResult>":$offsets,
      "::mlir::ArrayRef<::mlir::OpFoldResult>":$sizes,
      "::mlir::ArrayRef<::mlir::OpFoldResult>":$strides,
      CArg<"::mlir::ArrayRef<::mlir::NamedAttribute>", "{}">:$attrs)>,
    OpBuilder<(ins "::mlir::Value":$source,
      "::mlir::ArrayRef<::mlir::OpFoldResult>":$offsets,
      "::mlir::ArrayRef<::mlir::OpFoldResult>":$sizes,
      "::mlir::ArrayRef<::mlir::OpFoldResult>":$strides,
      CArg<"::mlir::ArrayRef<::mlir::NamedAttribute>", "{}">:$attrs)>
  ];

  let extraClassDeclaration = [{
    ::mlir::RankedTensorType getSourceType() { return getSource().getType(); }

    /// The type of a view with the given sizes (`kDynamic` for dynamic ones):
    /// the source type, encoding included, with the sizes as shape.
    static ::mlir::RankedTensorType
    inferResultType(::mlir::RankedTensorType sourceType,
                    ::llvm::ArrayRef<int64_t> staticSizes);
    static ::mlir::RankedTensorType
    inferResultType(::mlir::RankedTensorType sourceType,
                    ::llvm::ArrayRef<::mlir::OpFoldResult> sizes);

    /// Like inferResultType, but with the requested `resultShape` when that
    /// is a valid rank reduction (dropping unit sizes) of the sizes. Returns
    /// null when it is not.
    static ::mlir::RankedTensorType
    inferRankReducedResultType(::llvm::ArrayRef<int64_t> resultShape,
                               ::mlir::RankedTensorType sourceType,
                               ::llvm::ArrayRef<::mlir::OpFoldResult> sizes);

    /// The source dimensions that the result drops (static unit sizes without
    /// a result dimension), or nullopt when the result shape is not such a
    /// rank reduction of the sizes.
    std::optional<::llvm::SmallBitVector> getDroppedDims();

    // OffsetSizeAndStrideOpInterface.
    std::array<unsigned, 3> getArrayAttrMaxRanks() {
      unsigned rank = getSourceType().getRank();
      return {rank, rank, rank};
    }
    static unsigned getOffsetSizeAndStrideStartOperandIndex() { return 1; }

    // ViewLikeOpInterface.
    ::mlir::Value getViewSource() { return getSource(); }
  }];

  let hasCanonicalizer = 1;
}

// Pure as in the original: an insert_slice whose result is unused is dead.
// Not Pure: the update is visible through every other use of the
// destination, so the op must survive even when its result is unused.
def NDArray_InsertSliceOp : NDArray_Op<"insert_slice", [
    MemoryEffects<[MemWrite]>, AttrSizedOperandSegments, OffsetSizeAndStrideOpInterface,
    DestinationStyleOpInterface,
    TypesMatchWith<"result type matches the destination type",
                   "destination", "result", "$_self">]> {
  let summary = "Copies an array into a slice of another, in place";
  let description = [{
    ```mlir
    ndarray.insert_slice %src into %dst[%o] [4] [1]
        : tensor<4xf32> into tensor<?xf32>
    ```
    Updates `destination` in place; the result (of the destination type, not
    printed) is the updated destination. A 0-d `source` is broadcast into the
    slice.
  }];

  let arguments = (ins
    AnyRankedTensor:$destination,
    AnyRankedTensor:$source,
    Variadic<Index>:$offsets,
    Variadic<Index>:$sizes,
    Variadic<Index>:$strides,
    DenseI64ArrayAttr:$static_offsets,
    DenseI64ArrayAttr:$static_sizes,
    DenseI64ArrayAttr:$static_strides);
  let results = (outs AnyRankedTensor:$result);

  let assemblyFormat = [{
    $source `into` $destination ``
    custom<DynamicIndexList>($offsets, $static_offsets)
    custom<DynamicIndexList>($sizes, $static_sizes)
    custom<DynamicIndexList>($strides, $static_strides)
    attr-dict `:` qualified(type($source)) `into` qualified(type($destination))
  }];

  let builders = [
    OpBuilder<(ins "::mlir::Value":$destination, "::mlir::Value":$source,
      "::mlir::ArrayRef<::mlir::OpFoldResult>":$offsets,
      "::mlir::ArrayRef<::mlir::OpFoldResult>":$sizes,
      "::mlir::ArrayRef<::mlir::OpFoldResult>":$strides,
      CArg<"::mlir::ArrayRef<::mlir::NamedAttribute>", "{}">:$attrs)>
  ];

  let extraClassDeclaration = [{
    ::mlir::RankedTensorType getSourceType() { return getSource().getType(); }
    ::mlir::RankedTensorType getDestinationType() {
      return getDestination().getType();
    }

    // OffsetSizeAndStrideOpInterface.
    std::array<unsigned, 3> getArrayAttrMaxRanks() {
      unsigned rank = getDestinationType().getRank();
      return {rank, rank, rank};
    }
    static unsigned getOffsetSizeAndStrideStartOperandIndex() { return 2; }

    // DestinationStyleOpInterface.
    ::mlir::MutableOperandRange getDpsInitsMutable() {
      return getDestinationMutable();
    }
  }];

  let hasCanonicalizer = 1;
}

def NDArray_LinSpaceOp : NDArray_Op<"linspace", [Pure]> {
  let summary = "Evenly spaced values over an interval";
  let description = [{
    ```mlir
    %r = ndarray.linspace %start %stop %num true : (f64, f64, index) -> tensor<?xf64>
    ```
    `num` values from `start` to `stop`; `true` (the `endpoint` unit
    attribute) includes `stop`, `false` excludes it.
  }];
  let arguments = (ins AnyType:$start, AnyType:$stop, AnyType:$num,
                       UnitAttr:$endpoint);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $start $stop $num (`true` $endpoint^):(`false`)? attr-dict `:`
    `(` type(operands) `)` `->` qualified(type($result))
  }];
  let hasCanonicalizer = 1;
  let hasVerifier = 1;
}

// No traits: without `copy` the result may alias the source, so the effects
// are left unknown.
def NDArray_ReshapeOp : NDArray_Op<"reshape"> {
  let summary = "Gives an array a new shape";
  let description = [{
    ```mlir
    %r = ndarray.reshape %src %d0, %d1 {copy = true} : tensor<?xi64> -> tensor<?x?xi64>
    ```
    With `copy`, the result is a reshaped copy; otherwise it may share the
    source data.
  }];
  let arguments = (ins AnyRankedTensor:$source, Variadic<Index>:$shape,
                       OptionalAttr<BoolAttr>:$copy);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $source ($shape^)? attr-dict `:` qualified(type($source)) `->`
    qualified(type($result))
  }];
}

def NDArray_CastElemTypeOp : NDArray_Op<"cast_elemtype", [Pure]> {
  let summary = "Converts the elements of an array to another type";
  let description = [{
    ```mlir
    %r = ndarray.cast_elemtype %a {copy = true} : tensor<5xi64> to tensor<5xi32>
    ```
    With `copy`, a new array is produced even when no conversion is needed.
  }];
  let arguments = (ins AnyRankedTensor:$input, OptionalAttr<I1Attr>:$copy);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $input attr-dict `:` qualified(type($input)) `to` qualified(type($result))
  }];
  let hasCanonicalizer = 1;
}

#endif // IMEX_NDARRAY_OPS
