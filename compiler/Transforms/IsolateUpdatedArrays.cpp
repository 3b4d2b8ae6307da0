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
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/SetVector.h"

#include <limits>

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
          tensor::ExpandShapeOp, tensor::CollapseShapeOp, shard::ShardOp>(op))
    return op->getOperand(0);
  return {};
}

/// What canonicalization, with the fusion and vectorization that follow,
/// could fold: values that may become constants, and linalg results that
/// may become one of the tensors they are computed from. Conservative:
/// "may" when unsure; bounded in depth.
class FoldAnalysis {
public:
  /// Whether the tensor `result`, of a linalg op, may become `target`.
  bool mayBecome(OpResult result, Value target) {
    return mayBecomeTensor(result, target, 0);
  }

  /// The tensors that `result` of a linalg op is computed from, through
  /// producers that are linalg ops themselves (which fusion merges), of
  /// `result`'s shape and element type and not fresh `tensor.empty`s.
  SetVector<Value> sources(OpResult result) {
    SetVector<Value> found;
    collectSources(result, cast<RankedTensorType>(result.getType()), found, 0);
    found.remove(result);
    return found;
  }

private:
  static constexpr unsigned kDepth = 32;
  DenseMap<Value, bool> constants; // mayBecomeConstant's answers

  void collectSources(Value tensor, RankedTensorType type,
                      SetVector<Value> &found, unsigned depth) {
    auto tensorType = dyn_cast<RankedTensorType>(tensor.getType());
    if (tensorType && tensorType.getShape() == type.getShape() &&
        tensorType.getElementType() == type.getElementType() &&
        !tensor.getDefiningOp<tensor::EmptyOp>())
      found.insert(tensor);
    auto producer = tensor.getDefiningOp<linalg::LinalgOp>();
    if (!producer || depth > kDepth)
      return;
    for (OpOperand &operand : producer->getOpOperands())
      if (isa<RankedTensorType>(operand.get().getType()))
        collectSources(operand.get(), type, found, depth + 1);
  }

  /// The value `result` (a linalg op's) is computed as in its body.
  static Value yielded(OpResult result) {
    auto op = cast<linalg::LinalgOp>(result.getOwner());
    return op.getBlock()->getTerminator()->getOperand(result.getResultNumber());
  }

  /// The tensor that a linalg body's block argument reads.
  static Value tensorOf(BlockArgument arg) {
    auto op = dyn_cast<linalg::LinalgOp>(arg.getOwner()->getParentOp());
    if (!op || arg.getArgNumber() >= op->getNumOperands())
      return {};
    return op->getOperand(arg.getArgNumber());
  }

  /// Whether a linalg body's block argument reads its tensor where the op
  /// writes (the same indexing map as its destination's): a result can
  /// only become a tensor read that way (not a transposed or broadcast
  /// one).
  static bool readInPlace(BlockArgument arg) {
    auto op = cast<linalg::LinalgOp>(arg.getOwner()->getParentOp());
    if (op.getNumDpsInits() == 0)
      return false;
    AffineMap written = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
    return op.getMatchingIndexingMap(&op->getOpOperand(arg.getArgNumber())) ==
           written;
  }

  bool mayBecomeTensor(Value tensor, Value target, unsigned depth) {
    if (tensor == target)
      return true;
    auto result = dyn_cast<OpResult>(tensor);
    if (!result || !isa<linalg::LinalgOp>(result.getOwner()) || depth > kDepth)
      return false;
    return mayBecomeElement(yielded(result), target, depth + 1);
  }

  /// Whether `value`, in a linalg body, may become the element of `target`
  /// that it is computed from.
  bool mayBecomeElement(Value value, Value target, unsigned depth) {
    if (auto arg = dyn_cast<BlockArgument>(value)) {
      Value tensor = tensorOf(arg);
      return tensor && readInPlace(arg) &&
             mayBecomeTensor(tensor, target, depth);
    }
    Operation *def = value.getDefiningOp();
    if (!def || !isa<linalg::LinalgOp>(def->getParentOp()) || depth > kDepth)
      return false;
    auto becomes = [&](Value v) {
      return mayBecomeElement(v, target, depth + 1);
    };
    // select(c, a, b) is a or b when c is constant, and a when a and b are.
    if (auto select = dyn_cast<arith::SelectOp>(def))
      return (becomes(select.getTrueValue()) &&
              becomes(select.getFalseValue())) ||
             (mayBecomeConstant(select.getCondition(), depth + 1) &&
              (becomes(select.getTrueValue()) ||
               becomes(select.getFalseValue())));
    // An op of one operand gives it back only as a cast (trunc(ext(x))),
    // a negation (-(-x)), abs or rounding (of what is already whole).
    if (def->getNumOperands() == 1 &&
        !isa<CastOpInterface, arith::NegFOp, math::AbsIOp, math::AbsFOp,
             math::FloorOp, math::CeilOp, math::RoundOp, math::RoundEvenOp,
             math::TruncOp>(def))
      return false;
    // Otherwise an operand that may become it, the others dropped:
    // constants the op may drop, or, for idempotent ops (max(x, x)), what
    // may become it too.
    bool idempotent =
        isa<arith::MaxSIOp, arith::MinSIOp, arith::MaxUIOp, arith::MinUIOp,
            arith::MaximumFOp, arith::MinimumFOp, arith::MaxNumFOp,
            arith::MinNumFOp, arith::AndIOp, arith::OrIOp>(def);
    for (OpOperand &candidate : def->getOpOperands()) {
      if (!becomes(candidate.get()))
        continue;
      if (llvm::all_of(def->getOpOperands(), [&](OpOperand &other) {
            return &other == &candidate ||
                   (idempotent && becomes(other.get())) ||
                   mayBeDropped(def, other.get(), depth + 1);
          }))
        return true;
    }
    return false;
  }

  /// Whether `op` may drop its operand `value`: arithmetic its neutral
  /// element (x + 0, x * 1, x & -1; 0 and 1 for the ops that have one on
  /// either side), other ops any constant (min(x, +inf), max(x, INT_MIN)).
  bool mayBeDropped(Operation *op, Value value, unsigned depth) {
    if (!isa<arith::AddIOp, arith::SubIOp, arith::MulIOp, arith::DivSIOp,
             arith::DivUIOp, arith::FloorDivSIOp, arith::CeilDivSIOp,
             arith::AndIOp, arith::OrIOp, arith::XOrIOp, arith::ShLIOp,
             arith::ShRSIOp, arith::ShRUIOp, arith::AddFOp, arith::SubFOp,
             arith::MulFOp, arith::DivFOp, arith::MaxSIOp, arith::MinSIOp,
             arith::MaxUIOp, arith::MinUIOp, arith::MaximumFOp,
             arith::MinimumFOp, arith::MaxNumFOp, arith::MinNumFOp>(op))
      return mayBecomeConstant(value, depth);
    Attribute attr;
    if (!matchPattern(value, m_Constant(&attr)))
      return mayBecomeConstant(value, depth);
    if (auto splat = dyn_cast<SplatElementsAttr>(attr))
      attr = splat.getSplatValue<Attribute>();
    if (auto integer = dyn_cast<IntegerAttr>(attr)) {
      const APInt &v = integer.getValue();
      // min and max drop the extreme that never wins.
      if (isa<arith::MaxSIOp>(op))
        return v.isMinSignedValue();
      if (isa<arith::MinSIOp>(op))
        return v.isMaxSignedValue();
      if (isa<arith::MinUIOp>(op))
        return v.isAllOnes();
      if (isa<arith::MulIOp, arith::DivSIOp, arith::DivUIOp,
              arith::FloorDivSIOp, arith::CeilDivSIOp>(op))
        return v.isOne();
      if (isa<arith::AndIOp>(op))
        return v.isAllOnes();
      // (x ^ c) ^ c is x.
      if (isa<arith::XOrIOp>(op))
        return true;
      return v.isZero();
    }
    if (auto real = dyn_cast<FloatAttr>(attr)) {
      double v = real.getValueAsDouble();
      if (isa<arith::MaximumFOp, arith::MaxNumFOp>(op))
        return v == -std::numeric_limits<double>::infinity();
      if (isa<arith::MinimumFOp, arith::MinNumFOp>(op))
        return v == std::numeric_limits<double>::infinity();
      return isa<arith::MulFOp, arith::DivFOp>(op) ? v == 1.0 : v == 0.0;
    }
    return true;
  }

  /// Whether `value` (a scalar or a tensor) may become a constant: a
  /// constant, a loop's induction variable or carried value (a loop of one
  /// iteration, an invariant value), a linalg index, a static size, an
  /// element of such a tensor, or what an op computes from such values (any
  /// of them for x * 0, x & 0, x | -1). Function arguments may not.
  bool mayBecomeConstant(Value value, unsigned depth) {
    if (auto known = constants.find(value); known != constants.end())
      return known->second;
    bool answer = computeMayBecomeConstant(value, depth);
    constants[value] = answer;
    return answer;
  }

  bool computeMayBecomeConstant(Value value, unsigned depth) {
    if (matchPattern(value, m_Constant()))
      return true;
    if (depth > kDepth)
      return true;
    if (auto arg = dyn_cast<BlockArgument>(value)) {
      if (Value tensor = tensorOf(arg))
        return mayBecomeConstant(tensor, depth + 1);
      Operation *owner = arg.getOwner()->getParentOp();
      return !(isa<FunctionOpInterface>(owner) &&
               arg.getOwner()->isEntryBlock());
    }
    Operation *def = value.getDefiningOp();
    if (isa<tensor::EmptyOp>(def))
      return true;
    // An index along a dimension that may have one element.
    if (auto index = dyn_cast<linalg::IndexOp>(def)) {
      auto op = dyn_cast<linalg::LinalgOp>(def->getParentOp());
      if (!op)
        return true;
      SmallVector<int64_t> ranges = op.getStaticLoopRanges();
      return index.getDim() >= ranges.size() ||
             ShapedType::isDynamic(ranges[index.getDim()]) ||
             ranges[index.getDim()] == 1;
    }
    if (auto dim = dyn_cast<tensor::DimOp>(def)) {
      auto type = cast<RankedTensorType>(dim.getSource().getType());
      std::optional<int64_t> index = dim.getConstantIndex();
      return !index || !type.isDynamicDim(*index) ||
             dim.getSource().getDefiningOp<tensor::CastOp>();
    }
    if (auto linalgOp = dyn_cast<linalg::LinalgOp>(def))
      return mayBecomeConstant(yielded(cast<OpResult>(value)), depth + 1);
    if (isa<CallOpInterface>(def))
      return false;
    if (def->getNumRegions() != 0)
      return true;
    auto constant = [&](Value v) { return mayBecomeConstant(v, depth + 1); };
    // x * 0, x & 0 and x | -1 are constants whatever x is.
    if (isa<arith::MulIOp, arith::AndIOp, arith::OrIOp>(def))
      return llvm::any_of(def->getOperands(), [&](Value v) {
        APInt literal;
        if (!matchPattern(v, m_ConstantInt(&literal)))
          return constant(v);
        return isa<arith::OrIOp>(def) ? literal.isAllOnes() : literal.isZero();
      });
    return llvm::all_of(def->getOperands(), constant);
  }
};

/// The tensor operands that a result of `op` could fold into: of its shape
/// and element type, and not a fresh `tensor.empty` (folding into one of
/// those makes no two arrays share). For a linalg op, the tensors it is
/// computed from (through linalg producers, which fusion merges) that its
/// body may reduce to; for other ops, any such operand.
SmallVector<Value> foldTargets(Operation *op, OpResult result,
                               FoldAnalysis &folds) {
  SmallVector<Value> targets;
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op)) {
    // (Not its own destinations: the result is their storage already.)
    for (Value source : folds.sources(result))
      if (!llvm::is_contained(linalgOp.getDpsInits(), source) &&
          folds.mayBecome(result, source))
        targets.push_back(source);
    return targets;
  }
  auto type = cast<RankedTensorType>(result.getType());
  auto dps = dyn_cast<DestinationStyleOpInterface>(op);
  for (OpOperand &operand : op->getOpOperands()) {
    auto operandType = dyn_cast<RankedTensorType>(operand.get().getType());
    if (operandType && operandType.getShape() == type.getShape() &&
        operandType.getElementType() == type.getElementType() &&
        !operand.get().getDefiningOp<tensor::EmptyOp>() &&
        !(dps && dps.isDpsInit(&operand)))
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
  /// Whether the caller sees `v`'s storage: an argument's, or a returned
  /// array's.
  bool isVisibleToCaller(Value v) { return visible.contains(leader(v)); }
  DenseSet<Value> visible; // class leaders, once the classes are complete
};

/// Classes of storage sharing in `func`: views, control flow that passes a
/// tensor on (loop-carried values, branch results, selects), and ops of
/// unknown effects (their results may be their operands).
void buildClasses(func::FuncOp func, FunctionStorage &storage) {
  // A caller may pass one array for several arguments.
  for (BlockArgument arg : func.getArguments())
    storage.share(arg, func.getArgument(0));
  func.walk([&](Operation *op) {
    // A destination-passing op's result is its destination's storage.
    if (auto dps = dyn_cast<DestinationStyleOpInterface>(op))
      for (OpResult result : op->getResults())
        if (OpOperand *init = dps.getTiedOpOperand(result);
            init && !init->get().getDefiningOp<tensor::EmptyOp>())
          storage.share(result, init->get());
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

/// Calls `update(op, value)` for each op in `func` that may update `value`'s
/// storage in place: in-place writes, frees, calls that update their
/// arguments, and writable buffers taken of a tensor.
void forEachUpdate(func::FuncOp func, const WrittenArguments &written,
                   function_ref<void(Operation *, Value)> update) {
  func.walk([&](Operation *op) {
    if (auto insert = dyn_cast<ndarray::InsertSliceOp>(op)) {
      update(op, insert.getDestination());
    } else if (auto call = dyn_cast<CallOpInterface>(op)) {
      for (auto [i, arg] : llvm::enumerate(call.getArgOperands()))
        if (calleeUpdates(call, i, written))
          update(op, arg);
    } else if (auto toBuffer = dyn_cast<bufferization::ToBufferOp>(op)) {
      if (!toBuffer.getReadOnly())
        update(op, toBuffer.getTensor());
    } else if (isa<ndarray::DeleteOp>(op)) {
      update(op, op->getOperand(0));
    } else if (auto effects = dyn_cast<MemoryEffectOpInterface>(op)) {
      SmallVector<MemoryEffects::EffectInstance> instances;
      effects.getEffects(instances);
      for (const MemoryEffects::EffectInstance &effect : instances) {
        if (!isa<MemoryEffects::Write, MemoryEffects::Free>(effect.getEffect()))
          continue;
        if (Value value = effect.getValue())
          update(op, value);
        else
          for (Value operand : op->getOperands())
            update(op, operand);
      }
    }
  });
}

/// Marks the classes of `func` that may be updated in place. True if one
/// changed.
bool markUpdates(func::FuncOp func, FunctionStorage &storage,
                 const WrittenArguments &written) {
  bool changed = false;
  forEachUpdate(func, written, [&](Operation *, Value value) {
    changed |= storage.markUpdated(value);
  });
  return changed;
}

/// Whether `op`, which reads `operand`, computes new values that later
/// reads of its results cannot be rewritten into reads of `operand`:
/// linalg ops other than data movement (transposes and broadcasts compose
/// with later ones into one at the later op's place) whose results cannot
/// fold into `operand`. (Fusion, which would move a linalg op to its
/// consumer, does not run in functions that update arrays in place.)
bool computesNewValues(Operation *op, Value operand, FoldAnalysis &folds) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (!linalgOp ||
      isa<linalg::TransposeOp, linalg::BroadcastOp, linalg::CopyOp>(op))
    return false;
  Operation *yield = linalgOp.getBlock()->getTerminator();
  if (llvm::all_of(yield->getOperands(), llvm::IsaPred<BlockArgument>))
    return false;
  return llvm::none_of(op->getResults(), [&](OpResult result) {
    return isTensor(result) &&
           llvm::is_contained(foldTargets(op, result, folds), operand);
  });
}

/// The tensor operands whose data `op` moves rather than computes from
/// (other than destinations): later reads of its results may be rewritten
/// into reads of them.
SmallVector<Value> movedOperands(Operation *op, FoldAnalysis &folds) {
  SmallVector<Value> moved;
  auto dps = dyn_cast<DestinationStyleOpInterface>(op);
  for (OpOperand &operand : op->getOpOperands())
    if (isTensor(operand.get()) && !(dps && dps.isDpsInit(&operand)) &&
        !computesNewValues(op, operand.get(), folds) &&
        !llvm::is_contained(moved, operand.get()))
      moved.push_back(operand.get());
  return moved;
}

/// The ops that may read `result`'s storage once canonicalization has
/// rewritten what it may: its users, and the users of what they compute
/// from it, transitively (a slice of a slice, an extract from an insert or
/// a transpose of a transpose becomes one read of `result` at the later
/// op's place), buffers taken of it and their views included, up to
/// linalg ops that compute new values. Null when the storage may be read
/// beyond what the block orders: passed on by the block's terminator (a
/// loop's next iteration, a caller).
std::optional<SetVector<Operation *>>
readersOnceRewritten(OpResult result, FoldAnalysis &folds) {
  Block *block = result.getOwner()->getBlock();
  SetVector<Operation *> readers;
  DenseSet<Value> reached{result};
  SmallVector<Value> worklist{result};
  auto follow = [&](ValueRange values) {
    for (Value value : values)
      if (isa<TensorType, BaseMemRefType>(value.getType()) &&
          reached.insert(value).second)
        worklist.push_back(value);
  };
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (Operation *user : value.getUsers()) {
      readers.insert(user);
      if (user->hasTrait<OpTrait::IsTerminator>()) {
        if (user->getBlock() == block)
          return std::nullopt;
        follow(user->getParentOp()->getResults());
        continue;
      }
      if (!computesNewValues(user, value, folds))
        follow(user->getResults());
    }
  }
  return readers;
}

/// Whether the in-place update `op` happens at its place alone: an insert,
/// a delete, a call (done when it returns). A buffer taken for writing is
/// written wherever it is used later.
bool updatesAtItsPlace(Operation *op) {
  return isa<ndarray::InsertSliceOp, ndarray::DeleteOp, CallOpInterface>(op);
}

/// Whether everything that may read `result` once it folds into a target
/// runs before any of `updates` (of the targets' storage) that follow
/// `result`: then the fold changes nothing that is read. Decided within
/// `result`'s block; a reader or a later update outside it counts as a
/// read after an update.
bool readBeforeUpdates(OpResult result, ArrayRef<Operation *> updates,
                       FoldAnalysis &folds) {
  Operation *def = result.getOwner();
  Block *block = def->getBlock();
  Operation *firstUpdate = nullptr;
  for (Operation *update : updates) {
    Operation *at = block->findAncestorOpInBlock(*update);
    if (!at || at == def || !updatesAtItsPlace(update))
      return false;
    if (at->isBeforeInBlock(def))
      continue; // `result` is computed from the updated array
    if (!firstUpdate || at->isBeforeInBlock(firstUpdate))
      firstUpdate = at;
  }
  if (!firstUpdate)
    return true;
  std::optional<SetVector<Operation *>> readers =
      readersOnceRewritten(result, folds);
  // (An update that reads `result` itself, such as an insert of it into
  // the array it folds into, is not before itself.)
  return readers && llvm::all_of(*readers, [&](Operation *reader) {
           Operation *at = block->findAncestorOpInBlock(*reader);
           return at && at->isBeforeInBlock(firstUpdate);
         });
}

/// Copies each result in `func` that could fold into an operand where the
/// result may be updated in place, or the operand may be updated before the
/// result's last read.
void isolate(func::FuncOp func, FunctionStorage &storage,
             const WrittenArguments &written) {
  for (BlockArgument arg : func.getArguments())
    if (isTensor(arg))
      storage.visible.insert(storage.leader(arg));
  func.walk([&](func::ReturnOp ret) {
    for (Value operand : ret.getOperands())
      if (isTensor(operand))
        storage.visible.insert(storage.leader(operand));
  });
  DenseMap<Value, SmallVector<Operation *>> updateSites; // by class leader
  forEachUpdate(func, written, [&](Operation *op, Value value) {
    if (isTensor(value))
      updateSites[storage.leader(value)].push_back(op);
  });
  FoldAnalysis folds;
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
      // An array updated in place: what reads it must not see through to
      // how it was made (tensor.extract of a linalg.fill folds to the
      // fill's value, a transpose of a fill becomes a fill).
      // (Of ops that make an array's contents, not of an uninitialised
      // array: there is nothing to read.)
      if (storage.isUpdated(result) &&
          (isa<linalg::LinalgOp, tensor::SplatOp, tensor::FromElementsOp,
               tensor::GenerateOp, ndarray::LinSpaceOp>(op) ||
           op->hasTrait<OpTrait::ConstantLike>())) {
        toCopy.push_back(result);
        continue;
      }
      // A result that may fold into an array when the result is updated,
      // or when the array is updated before something that may read the
      // result; returned, one that may fold into what the caller already
      // has (an argument, another result). Likewise a result that only
      // moves an array's data (a slice, a transpose): later reads of it
      // may be rewritten into reads of the array.
      SmallVector<Value> targets = foldTargets(op, result, folds);
      bool mayFold = !targets.empty();
      bool returned = llvm::any_of(targets, [&](Value target) {
        return storage.isVisibleToCaller(target);
      });
      for (Value moved : movedOperands(op, folds))
        if (!llvm::is_contained(targets, moved))
          targets.push_back(moved);
      if (targets.empty())
        continue;
      SmallVector<Operation *> targetUpdates;
      for (Value target : targets)
        llvm::append_range(targetUpdates,
                           updateSites.lookup(storage.leader(target)));
      if ((mayFold && storage.isUpdated(result)) ||
          (returned && storage.isVisibleToCaller(result)) ||
          (!targetUpdates.empty() &&
           !readBeforeUpdates(result, targetUpdates, folds)))
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
      isolate(func, storage[func], written);
    // Calls that update an array argument, for the passes that take
    // tensors as values (writesTensorsInPlace).
    getOperation()->walk([&](CallOpInterface call) {
      for (auto [i, arg] : llvm::enumerate(call.getArgOperands()))
        if (isTensor(arg) && calleeUpdates(call, i, written)) {
          call->setAttr(imex::kUpdatesArgumentsAttr,
                        UnitAttr::get(call->getContext()));
          return;
        }
    });
  }
};

} // namespace
