//===- SplitArgReductions.cpp - argmax as single-output reductions --------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// An argmax (a value and its index, folded together) is a reduction with
// two outputs, which the GPU reductions cannot split over threads. Its
// results are also those of a few single-output reductions, which they
// can: this pass rewrites it into them.
//
//===----------------------------------------------------------------------===//

#include "imex/Dialect/Region/IR/Region.h"
#include "imex/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/TypeSwitch.h"

namespace imex {
#define GEN_PASS_DEF_SPLITARGREDUCTIONS
#include "imex/Transforms/Passes.h.inc"
} // namespace imex

using namespace mlir;

namespace {

using Kind = arith::AtomicRMWKind;

/// A linalg op on tensors whose body folds an element `x` into a value
/// output `v` and an index output `i` over one reduction loop:
///   c = x beats v;  v' = max(x, v);  i' = c ? index : i.
struct ArgReduction {
  linalg::LinalgOp op;
  unsigned valueInit, indexInit;
  /// The reduction loop, whose index the index output takes.
  unsigned dim;
  /// The combiners in the body, and the element they fold.
  Operation *compare, *valueUpdate, *indexSelect;
  Value element;
  /// "beats": a strict comparison, the element on its left.
  arith::CmpFPredicate floatBeats;
  arith::CmpIPredicate intBeats;
  /// The reduction that gives the best value.
  Kind best;
  bool isFloat;
};

/// `predicate` with its operands swapped, if it is a strict ordering this
/// pass accepts.
std::optional<arith::CmpFPredicate> swapped(arith::CmpFPredicate predicate) {
  switch (predicate) {
  case arith::CmpFPredicate::OGT:
    return arith::CmpFPredicate::OLT;
  case arith::CmpFPredicate::OLT:
    return arith::CmpFPredicate::OGT;
  default:
    return std::nullopt;
  }
}

std::optional<arith::CmpIPredicate> swapped(arith::CmpIPredicate predicate) {
  switch (predicate) {
  case arith::CmpIPredicate::sgt:
    return arith::CmpIPredicate::slt;
  case arith::CmpIPredicate::slt:
    return arith::CmpIPredicate::sgt;
  case arith::CmpIPredicate::ugt:
    return arith::CmpIPredicate::ult;
  case arith::CmpIPredicate::ult:
    return arith::CmpIPredicate::ugt;
  default:
    return std::nullopt;
  }
}

/// The reduction of the best value that a "beats" comparison implies.
Kind bestFor(arith::CmpFPredicate beats) {
  return beats == arith::CmpFPredicate::OGT ? Kind::maximumf : Kind::minimumf;
}

Kind bestFor(arith::CmpIPredicate beats) {
  switch (beats) {
  case arith::CmpIPredicate::sgt:
    return Kind::maxs;
  case arith::CmpIPredicate::slt:
    return Kind::mins;
  case arith::CmpIPredicate::ugt:
    return Kind::maxu;
  default:
    return Kind::minu;
  }
}

/// The kind of `op` if it is a max or min combiner.
std::optional<Kind> maxMinKind(Operation *op) {
  return TypeSwitch<Operation *, std::optional<Kind>>(op)
      .Case([](arith::MaximumFOp) { return Kind::maximumf; })
      .Case([](arith::MinimumFOp) { return Kind::minimumf; })
      .Case([](arith::MaxSIOp) { return Kind::maxs; })
      .Case([](arith::MinSIOp) { return Kind::mins; })
      .Case([](arith::MaxUIOp) { return Kind::maxu; })
      .Case([](arith::MinUIOp) { return Kind::minu; })
      .Default([](Operation *) { return std::nullopt; });
}

/// The other operand of a two-operand `op`, one of whose operands is
/// `known`; null if neither is.
Value otherOperand(Operation *op, Value known) {
  if (op->getNumOperands() != 2)
    return nullptr;
  if (op->getOperand(0) == known)
    return op->getOperand(1);
  if (op->getOperand(1) == known)
    return op->getOperand(0);
  return nullptr;
}

bool usedOnlyBy(Value value, ArrayRef<Operation *> users) {
  return llvm::all_of(value.getUsers(), [&](Operation *user) {
    return llvm::is_contained(users, user);
  });
}

/// Matches the index output `indexInit` of `op` (the other is the value).
std::optional<ArgReduction> matchWithIndexOutput(linalg::LinalgOp op,
                                                 unsigned indexInit) {
  unsigned valueInit = 1 - indexInit;
  Block &body = op->getRegion(0).front();
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  BlockArgument accValue = op.getRegionOutputArgs()[valueInit];
  BlockArgument accIndex = op.getRegionOutputArgs()[indexInit];
  ArgReduction r{op,      valueInit, indexInit, 0,  nullptr, nullptr,
                 nullptr, {},        {},        {}, {},      false};

  // i' = select(c, index_cast(linalg.index d), i)
  auto select = yield.getOperand(indexInit).getDefiningOp<arith::SelectOp>();
  if (!select || select.getFalseValue() != accIndex ||
      !isa<IntegerType>(accIndex.getType()))
    return std::nullopt;
  Operation *cast = select.getTrueValue().getDefiningOp();
  if (!isa_and_nonnull<arith::IndexCastOp, arith::IndexCastUIOp>(cast))
    return std::nullopt;
  auto index = cast->getOperand(0).getDefiningOp<linalg::IndexOp>();
  if (!index ||
      !linalg::isReductionIterator(op.getIteratorTypesArray()[index.getDim()]))
    return std::nullopt;
  r.dim = index.getDim();
  r.indexSelect = select;

  // c = x beats v (or v loses to x)
  r.compare = select.getCondition().getDefiningOp();
  if (!r.compare || r.compare->getBlock() != &body)
    return std::nullopt;
  r.element = otherOperand(r.compare, accValue);
  if (!r.element || r.element == accValue)
    return std::nullopt;
  bool elementLeft = r.compare->getOperand(0) == r.element;
  if (auto cmp = dyn_cast<arith::CmpFOp>(r.compare)) {
    std::optional<arith::CmpFPredicate> beats =
        elementLeft ? std::optional(cmp.getPredicate())
                    : swapped(cmp.getPredicate());
    if (!beats || !swapped(*beats))
      return std::nullopt;
    r.floatBeats = *beats;
    r.best = bestFor(*beats);
    r.isFloat = true;
  } else if (auto cmp = dyn_cast<arith::CmpIOp>(r.compare)) {
    std::optional<arith::CmpIPredicate> beats =
        elementLeft ? std::optional(cmp.getPredicate())
                    : swapped(cmp.getPredicate());
    if (!beats || !swapped(*beats))
      return std::nullopt;
    r.intBeats = *beats;
    r.best = bestFor(*beats);
  } else {
    return std::nullopt;
  }

  // v' = max(x, v) of the comparison's kind; for integers also
  // select(c, x, v). (For floats the select keeps the first of equal
  // zeros and ignores NaN, which the parts do not reproduce.)
  r.valueUpdate = yield.getOperand(valueInit).getDefiningOp();
  if (!r.valueUpdate || r.valueUpdate->getBlock() != &body)
    return std::nullopt;
  if (auto valueSelect = dyn_cast<arith::SelectOp>(r.valueUpdate)) {
    if (r.isFloat || valueSelect.getCondition() != select.getCondition() ||
        valueSelect.getTrueValue() != r.element ||
        valueSelect.getFalseValue() != accValue)
      return std::nullopt;
  } else if (maxMinKind(r.valueUpdate) != r.best ||
             otherOperand(r.valueUpdate, accValue) != r.element) {
    return std::nullopt;
  }

  // Nothing else reads the accumulators or the combiners' results, so the
  // rest of the body computes the element alone.
  if (!usedOnlyBy(accValue, {r.compare, r.valueUpdate}) ||
      !usedOnlyBy(accIndex, {r.indexSelect}) ||
      !usedOnlyBy(r.compare->getResult(0), {r.valueUpdate, r.indexSelect}) ||
      !usedOnlyBy(r.valueUpdate->getResult(0), {yield}) ||
      !usedOnlyBy(r.indexSelect->getResult(0), {yield}))
    return std::nullopt;
  return r;
}

std::optional<ArgReduction> matchArgReduction(linalg::LinalgOp op) {
  if (!op.hasPureTensorSemantics() || op.getNumDpsInits() != 2 ||
      op.getNumReductionLoops() != 1 || op->getNumRegions() != 1 ||
      !isa<linalg::YieldOp>(op->getRegion(0).front().getTerminator()))
    return std::nullopt;
  AffineMap outMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  if (outMap != op.getMatchingIndexingMap(op.getDpsInitOperand(1)) ||
      !outMap.isProjectedPermutation() ||
      outMap.getNumResults() != op.getNumParallelLoops())
    return std::nullopt;
  for (Operation &bodyOp : op->getRegion(0).front())
    if (!isPure(&bodyOp) && !isa<linalg::YieldOp>(bodyOp))
      return std::nullopt;
  if (std::optional<ArgReduction> r = matchWithIndexOutput(op, 1))
    return r;
  return matchWithIndexOutput(op, 0);
}

/// The value folded per step: built from the element, its position (in
/// the index output's type) and the extra inputs at the output's position.
using StepValue = function_ref<Value(OpBuilder &, Location, Value element,
                                     Value position, ValueRange extras)>;

/// A reduction over `r.op`'s loops and inputs (plus `extras`, indexed like
/// the outputs) into a fresh tensor shaped like the outputs, starting from
/// `kind`'s identity.
Value buildPart(OpBuilder &b, Location loc, const ArgReduction &r, Kind kind,
                Type type, ValueRange extras, StepValue step) {
  linalg::LinalgOp op = r.op;
  Value like = op.getDpsInits()[r.valueInit];
  Value empty = tensor::EmptyOp::create(
      b, loc, tensor::getMixedSizes(b, loc, like), type);
  Value init = linalg::FillOp::create(
                   b, loc, arith::getIdentityValue(kind, type, b, loc), empty)
                   .getResult(0);
  AffineMap outMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  SmallVector<Value> inputs = op.getDpsInputs();
  SmallVector<AffineMap> maps;
  for (OpOperand *input : op.getDpsInputOperands())
    maps.push_back(op.getMatchingIndexingMap(input));
  for (Value extra : extras) {
    inputs.push_back(extra);
    maps.push_back(outMap);
  }
  maps.push_back(outMap);
  Type positionType =
      op.getRegionOutputArgs()[r.indexInit].getType(); // an integer type
  auto part = linalg::GenericOp::create(
      b, loc, init.getType(), inputs, init, maps, op.getIteratorTypesArray(),
      [&](OpBuilder &nb, Location l, ValueRange args) {
        IRMapping mapping;
        Block &body = op->getRegion(0).front();
        for (auto [old, now] : llvm::zip(
                 body.getArguments().take_front(op.getNumDpsInputs()), args))
          mapping.map(old, now);
        for (Operation &bodyOp : body.without_terminator())
          if (&bodyOp != r.compare && &bodyOp != r.valueUpdate &&
              &bodyOp != r.indexSelect)
            nb.clone(bodyOp, mapping);
        Value position = arith::IndexCastUIOp::create(
            nb, l, positionType, linalg::IndexOp::create(nb, l, r.dim));
        Value value = step(nb, l, mapping.lookupOrDefault(r.element), position,
                           args.slice(op.getNumDpsInputs(), extras.size()));
        linalg::YieldOp::create(
            nb, l, arith::getReductionOp(kind, nb, l, args.back(), value));
      });
  return part.getResult(0);
}

/// `a` beats `other` as `r`'s comparison says.
Value buildBeats(OpBuilder &b, Location loc, const ArgReduction &r, Value a,
                 Value other) {
  if (r.isFloat)
    return arith::CmpFOp::create(b, loc, r.floatBeats, a, other);
  return arith::CmpIOp::create(b, loc, r.intBeats, a, other);
}

/// Replaces `r.op` by its parts and their fold into the initial values.
void splitArgReduction(RewriterBase &rewriter, const ArgReduction &r) {
  linalg::LinalgOp op = r.op;
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  Type valueType = op.getRegionOutputArgs()[r.valueInit].getType();
  Type positionType = op.getRegionOutputArgs()[r.indexInit].getType();
  Value none = arith::getIdentityValue(Kind::minu, positionType, rewriter, loc);

  // Floats: the first NaN's position, where the serial search stops (the
  // value becomes NaN, which nothing beats). An element counts before it.
  Value firstNaN;
  auto beforeFirstNaN = [&](OpBuilder &b, Location l, Value position,
                            ValueRange extras) -> Value {
    if (!firstNaN)
      return arith::ConstantIntOp::create(b, l, 1, 1);
    return arith::CmpIOp::create(b, l, arith::CmpIPredicate::ult, position,
                                 extras.back());
  };
  SmallVector<Value> stopExtras;
  if (r.isFloat) {
    firstNaN = buildPart(
        rewriter, loc, r, Kind::minu, positionType, {},
        [&](OpBuilder &b, Location l, Value x, Value position, ValueRange) {
          Value isNaN =
              arith::CmpFOp::create(b, l, arith::CmpFPredicate::UNO, x, x);
          return arith::SelectOp::create(
              b, l, isNaN, position,
              arith::getIdentityValue(Kind::minu, positionType, b, l));
        });
    stopExtras.push_back(firstNaN);
  }
  Value best =
      buildPart(rewriter, loc, r, r.best, valueType, stopExtras,
                [&](OpBuilder &b, Location l, Value x, Value position,
                    ValueRange extras) -> Value {
                  if (!firstNaN)
                    return x;
                  return arith::SelectOp::create(
                      b, l, beforeFirstNaN(b, l, position, extras), x,
                      arith::getIdentityValue(r.best, valueType, b, l));
                });
  SmallVector<Value> positionExtras{best};
  positionExtras.append(stopExtras);
  Value first = buildPart(
      rewriter, loc, r, Kind::minu, positionType, positionExtras,
      [&](OpBuilder &b, Location l, Value x, Value position,
          ValueRange extras) -> Value {
        Value isBest =
            r.isFloat ? arith::CmpFOp::create(b, l, arith::CmpFPredicate::OEQ,
                                              x, extras[0])
                            .getResult()
                      : arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, x,
                                              extras[0])
                            .getResult();
        Value counts = arith::AndIOp::create(
            b, l, isBest, beforeFirstNaN(b, l, position, extras.drop_front()));
        return arith::SelectOp::create(
            b, l, counts, position,
            arith::getIdentityValue(Kind::minu, positionType, b, l));
      });

  // Per output: value = NaN seen ? NaN : max(v0, best); index = best beats
  // v0 ? first : i0.
  SmallVector<Value> parts{best, first};
  if (firstNaN)
    parts.push_back(firstNaN);
  SmallVector<Value> inits = op.getDpsInits();
  auto rank = cast<RankedTensorType>(best.getType()).getRank();
  AffineMap identity = rewriter.getMultiDimIdentityMap(rank);
  SmallVector<AffineMap> maps(parts.size() + inits.size(), identity);
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  auto fold = linalg::GenericOp::create(
      rewriter, loc, op->getResultTypes(), parts, inits, maps, iterators,
      [&](OpBuilder &b, Location l, ValueRange args) {
        Value bestValue = args[0], firstPosition = args[1];
        Value initialValue = args[parts.size() + r.valueInit];
        Value initialIndex = args[parts.size() + r.indexInit];
        Value value =
            arith::getReductionOp(r.best, b, l, initialValue, bestValue);
        if (firstNaN) {
          Value sawNaN = arith::CmpIOp::create(b, l, arith::CmpIPredicate::ne,
                                               args[2], none);
          Value nan = arith::ConstantOp::create(
              b, l,
              b.getFloatAttr(
                  valueType,
                  APFloat::getQNaN(
                      cast<FloatType>(valueType).getFloatSemantics())));
          value = arith::SelectOp::create(b, l, sawNaN, nan, value);
        }
        Value index = arith::SelectOp::create(
            b, l, buildBeats(b, l, r, bestValue, initialValue), firstPosition,
            initialIndex);
        SmallVector<Value> results(2);
        results[r.valueInit] = value;
        results[r.indexInit] = index;
        linalg::YieldOp::create(b, l, results);
      });
  rewriter.replaceOp(op, fold.getResults());
}

struct SplitArgReductionsPass
    : imex::impl::SplitArgReductionsBase<SplitArgReductionsPass> {
  void runOnOperation() override {
    SmallVector<ArgReduction> found;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (!imex::region::isInGpuRegion(op))
        return;
      if (std::optional<ArgReduction> r = matchArgReduction(op))
        found.push_back(*r);
    });
    IRRewriter rewriter(&getContext());
    for (const ArgReduction &r : found)
      splitArgReduction(rewriter, r);
  }
};

} // namespace
