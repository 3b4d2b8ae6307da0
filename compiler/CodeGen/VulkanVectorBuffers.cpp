//===- VulkanVectorBuffers.cpp - vector accesses in logical addressing ----===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "VulkanVectorBuffers.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVTypes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;

namespace {

/// The scalar element type of a storage buffer variable holding one array
/// of scalars (how spirv-lower-abi-attrs declares a memref argument: a
/// runtime array, or a sized one for a static shape), or null.
Type getScalarArrayElement(spirv::GlobalVariableOp var) {
  auto pointer = dyn_cast<spirv::PointerType>(var.getType());
  if (!pointer ||
      pointer.getStorageClass() != spirv::StorageClass::StorageBuffer)
    return {};
  auto wrapper = dyn_cast<spirv::StructType>(pointer.getPointeeType());
  if (!wrapper || wrapper.getNumElements() != 1)
    return {};
  Type element;
  if (auto array = dyn_cast<spirv::RuntimeArrayType>(wrapper.getElementType(0)))
    element = array.getElementType();
  else if (auto array = dyn_cast<spirv::ArrayType>(wrapper.getElementType(0)))
    element = array.getElementType();
  return isa_and_present<spirv::ScalarType>(element) ? element : Type();
}

/// The access chains into one variable, and the vector width its element
/// pointers are cast to (0 if none is).
struct BufferAccesses {
  SmallVector<spirv::AccessChainOp> chains;
  int64_t width = 0;
};

/// Collects the accesses to `var`; fails with an error if a vector cast
/// exists and some use is not an element access chain, or two widths are
/// used.
FailureOr<BufferAccesses> collectAccesses(spirv::GlobalVariableOp var,
                                          spirv::ModuleOp module) {
  BufferAccesses accesses;
  bool otherUse = false;
  std::optional<SymbolTable::UseRange> uses =
      SymbolTable::getSymbolUses(var.getSymNameAttr(), module);
  for (const SymbolTable::SymbolUse &use : *uses) {
    auto address = dyn_cast<spirv::AddressOfOp>(use.getUser());
    if (!address) {
      otherUse = true;
      continue;
    }
    for (Operation *user : address->getUsers()) {
      auto chain = dyn_cast<spirv::AccessChainOp>(user);
      if (!chain || chain.getIndices().size() != 2) {
        otherUse = true;
        continue;
      }
      accesses.chains.push_back(chain);
      for (Operation *chainUser : chain->getUsers()) {
        auto bitcast = dyn_cast<spirv::BitcastOp>(chainUser);
        if (!bitcast)
          continue;
        auto vector = dyn_cast<VectorType>(
            cast<spirv::PointerType>(bitcast.getType()).getPointeeType());
        if (!vector ||
            !llvm::all_of(bitcast->getUsers(),
                          llvm::IsaPred<spirv::LoadOp, spirv::StoreOp>))
          return var.emitError()
                 << "buffer '" << var.getSymName()
                 << "' is accessed through a cast pointer other than by "
                    "loading or storing vectors, which Vulkan cannot express";
        if (accesses.width && accesses.width != vector.getNumElements())
          return var.emitError() << "buffer '" << var.getSymName()
                                 << "' is accessed with vectors of different "
                                    "widths, which Vulkan cannot express";
        accesses.width = vector.getNumElements();
      }
    }
  }
  if (accesses.width && otherUse)
    return var.emitError() << "buffer '" << var.getSymName()
                           << "' is accessed as vectors and in another way "
                              "than by element, which Vulkan cannot express";
  return accesses;
}

/// True if the index `value` is known to be a multiple of `n`: a constant
/// one, a product with one, a shift by enough bits, one with its low bits
/// cleared, or a sum of such.
bool isKnownMultiple(Value value, int64_t n, unsigned depth = 6) {
  APInt constant;
  if (matchPattern(value, m_ConstantInt(&constant)))
    return constant.getSExtValue() % n == 0;
  Operation *def = value.getDefiningOp();
  if (!def || depth == 0)
    return false;
  auto known = [&](Value operand) {
    return isKnownMultiple(operand, n, depth - 1);
  };
  if (isa<spirv::IMulOp>(def))
    return llvm::any_of(def->getOperands(), known);
  if (isa<spirv::IAddOp>(def))
    return llvm::all_of(def->getOperands(), known);
  if (isa<spirv::BitwiseAndOp>(def))
    return llvm::any_of(def->getOperands(), known);
  if (auto shift = dyn_cast<spirv::ShiftLeftLogicalOp>(def)) {
    APInt bits;
    return known(shift.getOperand1()) ||
           (matchPattern(shift.getOperand2(), m_ConstantInt(&bits)) &&
            bits.getZExtValue() < 63 &&
            (int64_t(1) << bits.getZExtValue()) % n == 0);
  }
  return false;
}

/// True if every access to the buffer only loads.
bool onlyLoaded(const BufferAccesses &accesses) {
  auto loads = [](Operation *user) {
    if (auto bitcast = dyn_cast<spirv::BitcastOp>(user))
      return llvm::all_of(bitcast->getUsers(), llvm::IsaPred<spirv::LoadOp>);
    return isa<spirv::LoadOp>(user);
  };
  return llvm::all_of(accesses.chains, [&](spirv::AccessChainOp chain) {
    return llvm::all_of(chain->getUsers(), loads);
  });
}

/// Rewrites `var` to hold a runtime array of vectors of `accesses.width`
/// elements (a static shape need not be a whole number of vectors). With
/// `words64`, the array's elements are the vectors' bytes as 64-bit words
/// (the buffer is only loaded).
void retype(spirv::GlobalVariableOp var, Type element,
            const BufferAccesses &accesses, spirv::ModuleOp module,
            bool words64) {
  MLIRContext *ctx = var.getContext();
  int64_t width = accesses.width;
  auto vectorType = VectorType::get({width}, element);
  unsigned elementBits = element.getIntOrFloatBitWidth();
  unsigned elementBytes = elementBits / 8;
  auto wordType = IntegerType::get(ctx, 64);
  int64_t wordsPerVector = width * elementBits / 64;
  int64_t elementsPerWord = 64 / elementBits;
  Type arrayElement = vectorType;
  if (words64)
    arrayElement = wordsPerVector == 1
                       ? Type(wordType)
                       : Type(VectorType::get({wordsPerVector}, wordType));
  auto array = spirv::RuntimeArrayType::get(arrayElement, width * elementBytes);
  auto wrapper = spirv::StructType::get({array}, {0});
  auto pointer =
      spirv::PointerType::get(wrapper, spirv::StorageClass::StorageBuffer);
  var.setTypeAttr(TypeAttr::get(pointer));
  std::optional<SymbolTable::UseRange> uses =
      SymbolTable::getSymbolUses(var.getSymNameAttr(), module);
  for (const SymbolTable::SymbolUse &use : *uses)
    use.getUser()->getResult(0).setType(pointer);

  IRRewriter rewriter(ctx);
  auto elementPointer =
      spirv::PointerType::get(element, spirv::StorageClass::StorageBuffer);
  auto wordPointer =
      spirv::PointerType::get(wordType, spirv::StorageClass::StorageBuffer);
  auto vectorPointer =
      spirv::PointerType::get(arrayElement, spirv::StorageClass::StorageBuffer);
  for (spirv::AccessChainOp chain : accesses.chains) {
    rewriter.setInsertionPoint(chain);
    Location loc = chain.getLoc();
    Value wrapperIndex = chain.getIndices()[0];
    Value index = chain.getIndices()[1];
    auto indexType = cast<IntegerType>(index.getType());
    auto constant = [&](int64_t value) {
      return spirv::ConstantOp::create(
          rewriter, loc, indexType, rewriter.getIntegerAttr(indexType, value));
    };
    Value base = chain.getBasePtr();
    Value shift = constant(llvm::Log2_64(width));
    Value laneMask = constant(width - 1);
    // The scalar at element `i`: component i % N of vector i / N.
    auto elementAt = [&](Value i) -> Value {
      Value vectorIndex =
          spirv::ShiftRightLogicalOp::create(rewriter, loc, i, shift);
      Value lane = spirv::BitwiseAndOp::create(rewriter, loc, i, laneMask);
      return spirv::AccessChainOp::create(
          rewriter, loc, elementPointer, base,
          ValueRange{wrapperIndex, vectorIndex, lane});
    };
    // The value of element `i` read through its 64-bit word.
    auto loadThroughWord = [&](Value i) -> Value {
      SmallVector<Value> indices{
          wrapperIndex,
          spirv::ShiftRightLogicalOp::create(rewriter, loc, i, shift)};
      if (wordsPerVector > 1)
        indices.push_back(spirv::ShiftRightLogicalOp::create(
            rewriter, loc,
            spirv::BitwiseAndOp::create(rewriter, loc, i, laneMask),
            constant(llvm::Log2_64(elementsPerWord))));
      Value word =
          spirv::LoadOp::create(rewriter, loc,
                                spirv::AccessChainOp::create(
                                    rewriter, loc, wordPointer, base, indices));
      Value parts = spirv::BitcastOp::create(
          rewriter, loc, VectorType::get({elementsPerWord}, element), word);
      return spirv::VectorExtractDynamicOp::create(
          rewriter, loc, parts,
          spirv::BitwiseAndOp::create(rewriter, loc, i,
                                      constant(elementsPerWord - 1)));
    };
    // The value of element `i`, through its word or as itself.
    auto loadElement = [&](Value i) -> Value {
      if (words64)
        return loadThroughWord(i);
      return spirv::LoadOp::create(rewriter, loc, elementAt(i));
    };
    bool aligned = isKnownMultiple(index, width);
    for (Operation *user : llvm::make_early_inc_range(chain->getUsers())) {
      auto bitcast = dyn_cast<spirv::BitcastOp>(user);
      if (!bitcast)
        continue;
      rewriter.setInsertionPoint(bitcast);
      if (aligned) {
        // The vector itself, aligned as an array element now.
        Value vectorIndex =
            spirv::ShiftRightLogicalOp::create(rewriter, loc, index, shift);
        auto vector = rewriter.replaceOpWithNewOp<spirv::AccessChainOp>(
            bitcast, vectorPointer, base,
            ValueRange{wrapperIndex, vectorIndex});
        for (Operation *access :
             llvm::make_early_inc_range(vector->getUsers())) {
          access->removeAttr("memory_access");
          access->removeAttr("alignment");
          if (!words64)
            continue;
          rewriter.setInsertionPointAfter(access);
          auto cast = spirv::BitcastOp::create(rewriter, loc, vectorType,
                                               access->getResult(0));
          access->getResult(0).replaceAllUsesExcept(cast, cast);
          access->getResult(0).setType(arrayElement);
        }
        continue;
      }
      // An index not known to be aligned (the vector may straddle two
      // array elements): element by element.
      SmallVector<Value> indices;
      for (int64_t k = 0; k < width; ++k)
        indices.push_back(
            spirv::IAddOp::create(rewriter, loc, index, constant(k)));
      for (Operation *access :
           llvm::make_early_inc_range(bitcast->getUsers())) {
        rewriter.setInsertionPoint(access);
        if (auto store = dyn_cast<spirv::StoreOp>(access)) {
          for (auto [k, i] : llvm::enumerate(indices))
            spirv::StoreOp::create(
                rewriter, loc, elementAt(i),
                spirv::CompositeExtractOp::create(
                    rewriter, loc, store.getValue(),
                    ArrayRef<int32_t>{static_cast<int32_t>(k)}));
          rewriter.eraseOp(store);
          continue;
        }
        SmallVector<Value> loaded;
        for (Value i : indices)
          loaded.push_back(loadElement(i));
        rewriter.replaceOpWithNewOp<spirv::CompositeConstructOp>(
            access, vectorType, loaded);
      }
      rewriter.eraseOp(bitcast);
    }
    if (chain->use_empty()) {
      rewriter.eraseOp(chain);
      continue;
    }
    // Scalar accesses: one component of a vector (only loads with words).
    if (words64) {
      for (Operation *load : llvm::make_early_inc_range(chain->getUsers())) {
        rewriter.setInsertionPoint(load);
        rewriter.replaceOp(load, loadElement(index));
      }
      rewriter.eraseOp(chain);
      continue;
    }
    rewriter.setInsertionPoint(chain);
    rewriter.replaceOp(chain, elementAt(index));
  }
}

} // namespace

LogicalResult imex::codegen::useVectorBufferElements(spirv::ModuleOp module,
                                                     bool int64Loads) {
  bool ok = true;
  for (auto var : module.getOps<spirv::GlobalVariableOp>()) {
    Type element = getScalarArrayElement(var);
    if (!element)
      continue;
    FailureOr<BufferAccesses> accesses = collectAccesses(var, module);
    if (failed(accesses)) {
      ok = false;
      continue;
    }
    if (accesses->width == 0)
      continue;
    if (!llvm::isPowerOf2_64(accesses->width)) {
      // std430 pads a 3-element vector to 4 in an array.
      var.emitError() << "buffer '" << var.getSymName()
                      << "' is accessed with vectors of " << accesses->width
                      << " elements, which Vulkan cannot express";
      ok = false;
      continue;
    }
    unsigned bits = element.getIntOrFloatBitWidth();
    // A word splits into at most four elements: Vulkan has no vectors of
    // eight (i8 words).
    bool words64 = int64Loads && bits >= 16 && bits < 64 &&
                   accesses->width * bits >= 64 && onlyLoaded(*accesses);
    retype(var, element, *accesses, module, words64);
  }
  return success(ok);
}
