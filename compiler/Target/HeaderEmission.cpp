//===- HeaderEmission.cpp - C/C++ header for exported functions -----------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Compiled functions are called through their C interface: memrefs (and the
// tensors that bufferize to identity-layout memrefs at function boundaries)
// are passed as pointers to descriptors { allocated, aligned, offset,
// sizes[rank], strides[rank] }; memref results come back through a pointer
// to a result struct passed first; a single scalar result is returned.
//
//===----------------------------------------------------------------------===//

#include "imex/Target/HeaderEmission.h"
#include "imex/Dialect/NDArray/IR/NDArray.h"
#include "imex/Support/DialectUse.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace {

/// C spelling and short name (used in struct names) of a scalar type.
std::optional<std::pair<StringRef, StringRef>> scalarType(Type type) {
  if (type.isIndex())
    return std::make_pair("int64_t", "index");
  if (type.isInteger(1))
    return std::make_pair("bool", "i1");
  if (type.isSignlessInteger(8))
    return std::make_pair("int8_t", "i8");
  if (type.isSignlessInteger(16))
    return std::make_pair("int16_t", "i16");
  if (type.isSignlessInteger(32))
    return std::make_pair("int32_t", "i32");
  if (type.isSignlessInteger(64))
    return std::make_pair("int64_t", "i64");
  if (type.isUnsignedInteger(8))
    return std::make_pair("uint8_t", "u8");
  if (type.isUnsignedInteger(16))
    return std::make_pair("uint16_t", "u16");
  if (type.isUnsignedInteger(32))
    return std::make_pair("uint32_t", "u32");
  if (type.isUnsignedInteger(64))
    return std::make_pair("uint64_t", "u64");
  // Arrays of half-precision values hold their 16-bit storage; scalars are
  // spelled with halfScalarType.
  if (type.isF16())
    return std::make_pair("uint16_t", "f16");
  if (type.isBF16())
    return std::make_pair("uint16_t", "bf16");
  if (type.isF32())
    return std::make_pair("float", "f32");
  if (type.isF64())
    return std::make_pair("double", "f64");
  return std::nullopt;
}

/// Half-precision scalars travel as LLVM's `half` and `bfloat`, which the
/// C calling convention passes like the compilers' _Float16 and __bf16 (on
/// x86-64 in vector registers), not like 16-bit integers. The header names
/// them imexc_f16 / imexc_bf16, defines each (and its guard macro) only
/// where the compiler has the type, and declares the functions that use
/// one only then: elsewhere they are missing rather than called wrongly.
struct HalfScalar {
  StringRef name;
  StringRef guard;
  StringRef definition;
};
std::optional<HalfScalar> halfScalarType(Type type) {
  if (type.isF16())
    return HalfScalar{
        "imexc_f16", "IMEXC_F16_DEFINED",
        "/* f16 scalars are passed like _Float16 (GCC 12, Clang 15 and later); "
        "functions\n   taking or returning them are declared where it "
        "exists. */\n"
        "#if !defined(IMEXC_F16_DEFINED) && defined(__FLT16_MANT_DIG__)\n"
        "#define IMEXC_F16_DEFINED\n__extension__ typedef _Float16 imexc_f16;\n"
        "#endif\n\n"};
  if (type.isBF16())
    return HalfScalar{
        "imexc_bf16", "IMEXC_BF16_DEFINED",
        "/* bf16 scalars are passed like __bf16 (GCC 13, Clang 17 and later); "
        "functions\n   taking or returning them are declared where it "
        "exists. */\n"
        "#if !defined(IMEXC_BF16_DEFINED) && "
        "(defined(__clang__) || __GNUC__ >= 13)\n"
        "#define IMEXC_BF16_DEFINED\ntypedef __bf16 imexc_bf16;\n#endif\n\n"};
  return std::nullopt;
}

struct Descriptor {
  int64_t rank;
  Type elementType;
  std::string name() const {
    return ("imexc_memref_" + std::to_string(rank) + "d_" +
            scalarType(elementType)->second)
        .str();
  }
};

class HeaderWriter {
public:
  explicit HeaderWriter(raw_ostream &os) : os(os) {}

  /// The C type of a value of `type` in a signature, or failure.
  FailureOr<std::string> spell(Type type, bool byPointer) {
    if (auto shaped = dyn_cast<ShapedType>(type)) {
      if (!isa<RankedTensorType, MemRefType>(type) || !shaped.hasRank() ||
          !scalarType(shaped.getElementType()))
        return failure();
      Descriptor descriptor{shaped.getRank(), shaped.getElementType()};
      descriptors.insert({descriptor.rank, descriptor.elementType});
      return descriptor.name() + (byPointer ? " *" : "");
    }
    if (auto half = halfScalarType(type)) {
      halfScalars.insert(half->definition);
      functionGuards.insert(half->guard);
      return half->name.str();
    }
    if (auto scalar = scalarType(type))
      return scalar->first.str();
    return failure();
  }

  /// The guard macros of the half types the current function uses; spell()
  /// adds to them until the next call.
  SmallVector<StringRef> takeFunctionGuards() {
    SmallVector<StringRef> guards(functionGuards.begin(), functionGuards.end());
    functionGuards.clear();
    return guards;
  }

  void writeHalfScalarTypes() {
    for (StringRef definition : halfScalars)
      os << definition;
  }

  void writeDescriptors() {
    for (auto [rank, elementType] : descriptors) {
      Descriptor descriptor{rank, elementType};
      std::string name = descriptor.name();
      std::string guard = StringRef(name).upper() + "_DEFINED";
      StringRef element = scalarType(elementType)->first;
      os << "#ifndef " << guard << "\n#define " << guard << "\n"
         << "typedef struct " << name << " {\n"
         << "  " << element << " *allocated;\n"
         << "  " << element << " *aligned;\n"
         << "  int64_t offset;\n";
      if (rank > 0)
        os << "  int64_t sizes[" << rank << "];\n"
           << "  int64_t strides[" << rank << "];\n";
      os << "} " << name << ";\n#endif\n\n";
    }
  }

private:
  raw_ostream &os;
  llvm::SetVector<std::pair<int64_t, Type>> descriptors;
  llvm::SetVector<StringRef> halfScalars;
  llvm::SetVector<StringRef> functionGuards;
};

bool isMemrefLike(Type type) { return isa<ShapedType>(type); }

/// `type` with unsigned integers for its (element) integers: how the header
/// spells an argument or result marked `imexc.unsigned` (the .nda
/// frontend's u8 ... u64, signless in the IR).
Type spelledType(Type type, DictionaryAttr attrs) {
  if (!attrs || !attrs.get("imexc.unsigned"))
    return type;
  auto shaped = dyn_cast<ShapedType>(type);
  auto integer = dyn_cast<IntegerType>(getElementTypeOrSelf(type));
  if (!integer || integer.getWidth() == 1)
    return type;
  Type unsignedType = IntegerType::get(type.getContext(), integer.getWidth(),
                                       IntegerType::Unsigned);
  return shaped ? shaped.clone(unsignedType) : unsignedType;
}

} // namespace

LogicalResult imex::emitCHeader(ModuleOp module, StringRef guard,
                                const HeaderOptions &options, raw_ostream &os) {
  std::string declarations;
  llvm::raw_string_ostream allDecls(declarations);
  HeaderWriter writer(os);

  for (auto func : module.getOps<func::FuncOp>()) {
    if (func.isPrivate() || func.isExternal())
      continue;
    StringRef name = func.getSymName();
    if (name.empty() || llvm::isDigit(name.front()) ||
        !llvm::all_of(name,
                      [](char c) { return llvm::isAlnum(c) || c == '_'; }))
      return func.emitError()
             << "cannot declare '" << name
             << "' in a C header: its name is not a C identifier";
    FunctionType type = func.getFunctionType();
    auto unsupported = [&](Type t) {
      return func.emitError() << "cannot declare '" << func.getSymName()
                              << "' in a C header: no C type for " << t;
    };

    std::string declaration;
    llvm::raw_string_ostream decls(declaration);
    SmallVector<std::string> params;
    std::string returnType = "void";
    ArrayRef<Type> results = type.getResults();
    bool resultThroughPointer =
        results.size() > 1 || llvm::any_of(results, isMemrefLike);
    if (resultThroughPointer) {
      // Several results, or memref results, come back in a struct whose
      // address is passed first.
      std::string resultStruct = "imexc_" + func.getSymName().str() + "_result";
      decls << "typedef struct " << resultStruct << " {\n";
      for (auto [i, result] : llvm::enumerate(results)) {
        FailureOr<std::string> spelled =
            writer.spell(spelledType(result, func.getResultAttrDict(i)), false);
        if (failed(spelled))
          return unsupported(result);
        decls << "  " << *spelled << " r" << i << ";\n";
      }
      decls << "} " << resultStruct << ";\n";
      params.push_back(resultStruct + " *result");
    } else if (results.size() == 1) {
      FailureOr<std::string> spelled = writer.spell(
          spelledType(results.front(), func.getResultAttrDict(0)), false);
      if (failed(spelled))
        return unsupported(results.front());
      returnType = *spelled;
    }
    for (auto [i, input] : llvm::enumerate(type.getInputs())) {
      FailureOr<std::string> spelled =
          writer.spell(spelledType(input, func.getArgAttrDict(i)), true);
      if (failed(spelled))
        return unsupported(input);
      params.push_back(*spelled + (isMemrefLike(input) ? "" : " ") + "arg" +
                       std::to_string(i));
    }
    bool hasArrays = llvm::any_of(type.getInputs(), isMemrefLike) ||
                     llvm::any_of(results, isMemrefLike);
    if (llvm::any_of(type.getInputs(), imex::ndarray::hasGPUEnv) ||
        llvm::any_of(results, imex::ndarray::hasGPUEnv))
      decls << "/* GPU-placed arrays: arguments may be host or device memory "
               "(device arrays from\n   gpuMemAlloc are used in place, host "
               "arrays are copied to the GPU and\n   back); array results "
               "are GPU memory, readable on the host, released\n   with "
               "gpuMemFree(NULL, r.allocated). */\n";
    else if (usesDialect(func, "shard") && options.wholeArraysOnRoot)
      decls << "/* Distributed (shard.sharding, --distributed-arrays=root): "
               "call on every\n   process of the grid. Array arguments are "
               "whole on rank 0 and not read on\n   other processes (which "
               "may pass descriptors with null pointers). Array\n   results "
               "are whole on every process. */\n";
    else if (usesDialect(func, "shard"))
      decls << "/* Distributed (shard.sharding): call on every process of "
               "the grid. An array\n   split across processes (shard.shard "
               "of an argument or result) is the\n   calling process's own "
               "part; a replicated one is whole on every process. */\n";
    else if (options.offloadAll && hasArrays)
      decls << "/* Offloaded to the GPU (--offload=gpu): arguments may be "
               "host or device memory\n   (device arrays from gpuMemAlloc "
               "are used in place, host arrays are copied\n   to the GPU "
               "and back; a function that runs no kernel reads its arrays "
               "on the\n   host: pass it host or shared memory); array "
               "results are host memory. */\n";
    decls << returnType << " _mlir_ciface_" << func.getSymName() << "(";
    llvm::interleaveComma(params, decls);
    if (params.empty())
      decls << "void";
    decls << ");\n";
    SmallVector<StringRef> guards = writer.takeFunctionGuards();
    if (guards.empty()) {
      allDecls << declaration << "\n";
      continue;
    }
    allDecls << "#if defined(" << llvm::join(guards, ") && defined(") << ")\n"
             << declaration << "#endif\n\n";
  }

  os << "/* Generated by imexc: C interface of the functions compiled into "
        "the\n"
        "   matching object. Link with libimexrt.a (see its pkg-config file). "
        "*/\n"
     << "#ifndef " << guard << "\n#define " << guard << "\n\n"
     << "#include <stdint.h>\n#ifndef __cplusplus\n#include <stdbool.h>\n"
        "#endif\n\n#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n";
  writer.writeHalfScalarTypes();
  writer.writeDescriptors();
  os << declarations;
  os << "#ifdef __cplusplus\n} /* extern \"C\" */\n#endif\n\n#endif /* "
     << guard << " */\n";
  return success();
}
