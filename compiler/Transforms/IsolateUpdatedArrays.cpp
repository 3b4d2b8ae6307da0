//===- IsolateUpdatedArrays.cpp - own storage for arrays updated in place -===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// `ndarray.insert_slice` updates its destination's storage in place, so every
// other tensor value that shares that storage sees the update. Canonicalization
// treats tensors as values, though: `x * 1` folds to `x`, an identity
// transpose to its input, a one-operand concatenation to its operand. After
// such a fold, a result that the program holds as a new array shares its
// operand's storage, and an update of either one changes both. This pass
// copies each result that could fold into an operand when that result, or
// the operand, may be updated in place, ahead of the first canonicalization.
//
//===----------------------------------------------------------------------===//

#include "imex/Dialect/NDArray/IR/NDArray.h"
#include "imex/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/EquivalenceClasses.h"

namespace imex {
#define GEN_PASS_DEF_ISOLATEUPDATEDARRAYS
#include "imex/Transforms/Passes.h.inc"
} // namespace imex

using namespace mlir;
using namespace imex;

namespace {

bool isTensor(Value value) { return isa<TensorType>(value.getType()); }

/// Ops whose tensor result is (a view of) the storage of a tensor operand,
/// with the operand it shares; null for other ops.
Value sharedOperand(Operation *op) {
  if (auto view = dyn_cast<ViewLikeOpInterface>(op))
    return view.getViewSource();
  if (auto insert = dyn_cast<ndarray::InsertSliceOp>(op))
    return insert.getDestination();
  if (auto reshape = dyn_cast<ndarray::ReshapeOp>(op))
    return reshape.getCopy().value_or(false) ? Value() : reshape.getSource();
  // Without `copy`, a conversion to the same type is its input.
  if (auto cast = dyn_cast<ndarray::CastElemTypeOp>(op))
    return cast.getCopy().value_or(false) ||
                   getElementTypeOrSelf(cast.getInput()) !=
                       getElementTypeOrSelf(cast.getResult())
               ? Value()
               : cast.getInput();
  if (isa<ndarray::SubviewOp, tensor::CastOp, tensor::ReshapeOp,
          tensor::ExpandShapeOp, tensor::CollapseShapeOp>(op))
    return op->getOperand(0);
  return {};
}

/// Whether canonicalization could make `value`, used in a linalg op's
/// body, a constant: a constant, a loop index (of a dimension that may have
/// size 1), or what an op computes from one (x * 0) or from an op with
/// regions. Conservative: true when unsure.
bool mayBecomeConstant(Value value, unsigned depth = 0) {
  if (matchPattern(value, m_Constant()))
    return true;
  Operation *def = value.getDefiningOp();
  if (!def)
    return false;
  if (isa<linalg::IndexOp>(def) || def->getNumRegions() != 0 || depth > 8)
    return true;
  return llvm::any_of(def->getOperands(), [&](Value operand) {
    return mayBecomeConstant(operand, depth + 1);
  });
}

/// Whether `value` may become a constant that an op can drop (x + 0,
/// x * 1, x & -1): a constant 0, 1 or -1 (also as floats), or a value that
/// may become a constant of unknown value.
bool mayBecomeNeutral(Value value) {
  Attribute attr;
  if (!matchPattern(value, m_Constant(&attr)))
    return mayBecomeConstant(value);
  if (auto integer = dyn_cast<IntegerAttr>(attr)) {
    const APInt &v = integer.getValue();
    return v.isZero() || v.isOne() || v.isAllOnes();
  }
  if (auto real = dyn_cast<FloatAttr>(attr)) {
    double v = real.getValueAsDouble();
    return v == 0.0 || v == 1.0 || v == -1.0;
  }
  return true;
}

/// Whether canonicalization could make `value`, computed in a linalg op's
/// body, the block argument `arg`: it is `arg`, or an op whose fold may
/// give an operand (x * 1, x + 0, max(x, x), trunc(ext(x))) computes it
/// from a value that may become `arg` and others that are the same value
/// or may become constants the op can drop.
bool mayBecomeArgument(Value value, BlockArgument arg, unsigned depth = 0) {
  if (value == arg)
    return true;
  Operation *def = value.getDefiningOp();
  if (!def || def->getBlock() != arg.getOwner() || depth > 8)
    return false;
  return llvm::any_of(def->getOperands(), [&](Value operand) {
    return mayBecomeArgument(operand, arg, depth + 1) &&
           llvm::all_of(def->getOperands(), [&](Value other) {
             return other == operand || mayBecomeNeutral(other);
           });
  });
}

/// The tensor operands that a result of `op` could fold into: of its shape
/// and element type, and not a fresh `tensor.empty` (folding into one of
/// those makes no two arrays share). Of a linalg op, only operands read
/// through the identity, as the result is written, whose body value the
/// result may become; of other ops, any.
SmallVector<Value> foldTargets(Operation *op, OpResult result) {
  auto type = cast<RankedTensorType>(result.getType());
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  SmallVector<Value> targets;
  for (OpOperand &operand : op->getOpOperands()) {
    auto operandType = dyn_cast<RankedTensorType>(operand.get().getType());
    if (!operandType || operandType.getShape() != type.getShape() ||
        operandType.getElementType() != type.getElementType() ||
        operand.get().getDefiningOp<tensor::EmptyOp>())
      continue;
    if (linalgOp) {
      OpOperand *init = linalgOp.getDpsInitOperand(result.getResultNumber());
      Value yielded = linalgOp.getBlock()->getTerminator()->getOperand(
          result.getResultNumber());
      if (!linalgOp.getMatchingIndexingMap(init).isIdentity() ||
          !linalgOp.getMatchingIndexingMap(&operand).isIdentity() ||
          !mayBecomeArgument(yielded,
                             linalgOp.getMatchingBlockArgument(&operand)))
        continue;
    }
    targets.push_back(operand.get());
  }
  return targets;
}

/// The tensors in one function that may share storage, as equivalence
/// classes, and which classes may be updated in place.
struct FunctionStorage {
  llvm::EquivalenceClasses<Value> classes;
  DenseSet<Value> updated; // class leaders

  void share(Value a, Value b) {
    if (isTensor(a) && isTensor(b))
      classes.unionSets(a, b);
  }
  Value leader(Value v) { return classes.getOrInsertLeaderValue(v); }
  bool isUpdated(Value v) { return updated.contains(leader(v)); }
  /// Marks `v`'s class updated; true if it was not.
  bool markUpdated(Value v) {
    return isTensor(v) && updated.insert(leader(v)).second;
  }
};

/// Classes of storage sharing in `func`: views, control flow that passes a
/// tensor on (loop-carried values, branch results, selects), and ops of
/// unknown effects (their results may be their operands).
void buildClasses(func::FuncOp func, FunctionStorage &storage) {
  func.walk([&](Operation *op) {
    if (Value source = sharedOperand(op)) {
      for (Value result : op->getResults())
        storage.share(result, source);
      return;
    }
    if (auto select = dyn_cast<arith::SelectOp>(op)) {
      storage.share(select, select.getTrueValue());
      storage.share(select, select.getFalseValue());
      return;
    }
    if (isa<RegionBranchOpInterface>(op)) {
      SmallVector<Value> passed;
      llvm::append_range(passed, op->getOperands());
      llvm::append_range(passed, op->getResults());
      for (Region &region : op->getRegions())
        for (Block &block : region) {
          llvm::append_range(passed, block.getArguments());
          if (block.mightHaveTerminator())
            llvm::append_range(passed, block.getTerminator()->getOperands());
        }
      llvm::erase_if(passed, [](Value v) { return !isTensor(v); });
      for (Value value : passed)
        storage.share(value, passed.front());
      return;
    }
    if (!isa<MemoryEffectOpInterface>(op) &&
        !op->hasTrait<OpTrait::HasRecursiveMemoryEffects>() &&
        !isa<CallOpInterface>(op) && !op->hasTrait<OpTrait::IsTerminator>())
      for (Value result : op->getResults())
        for (Value operand : op->getOperands())
          storage.share(result, operand);
  });
}

using WrittenArguments = DenseMap<Operation *, SmallVector<bool>>;

/// Whether the callee of `call` may update its argument `index` in place:
/// a definition that does, or a declaration not marked read-only.
bool calleeUpdates(CallOpInterface call, unsigned index,
                   const WrittenArguments &written) {
  auto callee = dyn_cast_or_null<func::FuncOp>(call.resolveCallable());
  if (!callee)
    return true;
  if (callee.isDeclaration()) {
    auto access = callee.getArgAttrOfType<StringAttr>(
        index, bufferization::BufferizationDialect::kBufferAccessAttrName);
    return !access || access.getValue() != "read";
  }
  auto it = written.find(callee);
  return it != written.end() && it->second[index];
}

/// Marks the classes of `func` that may be updated in place: destinations
/// of in-place writes, of frees and of calls that update their arguments,
/// and returned arrays (the caller may update them). True if one changed.
bool markUpdates(func::FuncOp func, FunctionStorage &storage,
                 const WrittenArguments &written) {
  bool changed = false;
  func.walk([&](Operation *op) {
    if (auto insert = dyn_cast<ndarray::InsertSliceOp>(op)) {
      changed |= storage.markUpdated(insert.getDestination());
    } else if (auto call = dyn_cast<CallOpInterface>(op)) {
      for (auto [i, arg] : llvm::enumerate(call.getArgOperands()))
        if (calleeUpdates(call, i, written))
          changed |= storage.markUpdated(arg);
    } else if (auto toBuffer = dyn_cast<bufferization::ToBufferOp>(op)) {
      if (!toBuffer.getReadOnly())
        changed |= storage.markUpdated(toBuffer.getTensor());
    } else if (isa<func::ReturnOp, ndarray::DeleteOp>(op)) {
      for (Value operand : op->getOperands())
        changed |= storage.markUpdated(operand);
    } else if (auto effects = dyn_cast<MemoryEffectOpInterface>(op)) {
      SmallVector<MemoryEffects::EffectInstance> instances;
      effects.getEffects(instances);
      for (const MemoryEffects::EffectInstance &effect : instances) {
        if (!isa<MemoryEffects::Write, MemoryEffects::Free>(effect.getEffect()))
          continue;
        if (Value value = effect.getValue())
          changed |= storage.markUpdated(value);
        else
          for (Value operand : op->getOperands())
            changed |= storage.markUpdated(operand);
      }
    }
  });
  return changed;
}

/// Copies each result in `func` that could fold into an operand where
/// either may be updated in place.
void isolate(func::FuncOp func, FunctionStorage &storage) {
  SmallVector<OpResult> toCopy;
  func.walk([&](Operation *op) {
    if (sharedOperand(op) || isa<RegionBranchOpInterface>(op) ||
        !isMemoryEffectFree(op))
      return;
    for (OpResult result : op->getResults()) {
      if (!isTensor(result) || result.use_empty())
        continue;
      // Already copied (the pass runs again in a later pipeline).
      if (result.hasOneUse() && isa<ndarray::CopyOp>(*result.user_begin()))
        continue;
      SmallVector<Value> targets = foldTargets(op, result);
      if (!targets.empty() &&
          (storage.isUpdated(result) || llvm::any_of(targets, [&](Value t) {
             return storage.isUpdated(t);
           })))
        toCopy.push_back(result);
    }
  });
  for (OpResult result : toCopy) {
    OpBuilder builder(result.getOwner()->getContext());
    builder.setInsertionPointAfter(result.getOwner());
    auto copy = ndarray::CopyOp::create(builder, result.getLoc(),
                                        result.getType(), result);
    result.replaceAllUsesExcept(copy, copy);
  }
}

struct IsolateUpdatedArraysPass
    : imex::impl::IsolateUpdatedArraysBase<IsolateUpdatedArraysPass> {
  void runOnOperation() override {
    SmallVector<func::FuncOp> functions;
    getOperation()->walk([&](func::FuncOp func) {
      if (!func.isDeclaration())
        functions.push_back(func);
    });
    DenseMap<Operation *, FunctionStorage> storage;
    WrittenArguments written;
    for (func::FuncOp func : functions) {
      buildClasses(func, storage[func]);
      written[func].assign(func.getNumArguments(), false);
    }
    // Which arguments each function updates, through the calls it makes.
    for (bool changed = true; changed;) {
      changed = false;
      for (func::FuncOp func : functions) {
        FunctionStorage &s = storage[func];
        changed |= markUpdates(func, s, written);
        for (auto [i, arg] : llvm::enumerate(func.getArguments()))
          if (!written[func][i] && isTensor(arg) && s.isUpdated(arg))
            changed = written[func][i] = true;
      }
    }
    for (func::FuncOp func : functions)
      isolate(func, storage[func]);
  }
};

} // namespace
