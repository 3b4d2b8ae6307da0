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

/// How a body chooses between the element and the accumulated pair.
enum class ArgForm {
  /// Serially (torch-mlir, IREE): the element wins if it beats the
  /// accumulated value strictly, whose max/min a NaN turns into NaN, which
  /// nothing beats afterwards.
  StopsAtNaN,
  /// In any order (NumPy's, as the array language writes it): the element
  /// wins if it is better, or as good at a lower position; NaN is better
  /// than any number.
  Ordered,
};

/// A linalg op on tensors whose body folds an element `x` at `position`
/// into a value output `v` and an index output `i`.
struct ArgReduction {
  linalg::LinalgOp op;
  ArgForm form;
  unsigned valueInit, indexInit;
  /// In the body: the element, its position (of the index output's type,
  /// cast from `loopPosition`, an index), and the ops that read the
  /// accumulators (the choice), which the parts leave out.
  Value element, position, loopPosition;
  llvm::SmallPtrSet<Operation *, 16> choice;
  /// The reduction that gives the best value.
  Kind best;
  bool isFloat;
  /// StopsAtNaN: "beats", a strict comparison with the element on its
  /// left.
  arith::CmpFPredicate floatBeats;
  arith::CmpIPredicate intBeats;
  /// Ordered: whether the element wins, which the fold into the initial
  /// values re-evaluates.
  Value wins;
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

/// Whether `v` is an `OpTy` of operands matching `lhs` and `rhs`, in either
/// order (the ops matched so are commutative).
template <typename OpTy>
bool matchesEitherOrder(Value v, function_ref<bool(Value)> lhs,
                        function_ref<bool(Value)> rhs) {
  auto op = v.getDefiningOp<OpTy>();
  return op && ((lhs(op.getLhs()) && rhs(op.getRhs())) ||
                (lhs(op.getRhs()) && rhs(op.getLhs())));
}

/// Whether `v` is a `CmpOp` of `a` with `b` by `predicate`, or of `b`
/// with `a` by the same predicate if `symmetric`, else by its swap.
template <typename CmpOp, typename Predicate>
bool isComparisonOf(Value v, Predicate predicate, bool symmetric, Value a,
                    Value b) {
  auto cmp = v.getDefiningOp<CmpOp>();
  if (!cmp)
    return false;
  if (cmp.getLhs() == a && cmp.getRhs() == b)
    return cmp.getPredicate() == predicate;
  return cmp.getLhs() == b && cmp.getRhs() == a &&
         (symmetric ? cmp.getPredicate() == predicate
                    : swapped(cmp.getPredicate()) == predicate);
}

bool isComparison(Value v, arith::CmpFPredicate predicate, Value a, Value b) {
  bool symmetric = predicate == arith::CmpFPredicate::OEQ ||
                   predicate == arith::CmpFPredicate::UNO;
  return isComparisonOf<arith::CmpFOp>(v, predicate, symmetric, a, b);
}

bool isComparison(Value v, arith::CmpIPredicate predicate, Value a, Value b) {
  return isComparisonOf<arith::CmpIOp>(
      v, predicate, predicate == arith::CmpIPredicate::eq, a, b);
}

/// Whether `v` tests `x` for NaN.
bool isNaNTest(Value v, Value x) {
  return isComparison(v, arith::CmpFPredicate::UNO, x, x);
}

/// Whether `v` is `x` negated (xor with true).
bool isNegation(Value v, function_ref<bool(Value)> x) {
  return matchesEitherOrder<arith::XOrIOp>(v, x, [](Value c) {
    return matchPattern(c, m_One()) && c.getType().isInteger(1);
  });
}

/// The StopsAtNaN form: v' = max(x, v), i' = select(x beats v, index, i)
/// over one reduction loop whose index is the position.
bool matchStopsAtNaN(ArgReduction &r, Value newValue, Value newIndex,
                     BlockArgument accValue, BlockArgument accIndex) {
  linalg::LinalgOp op = r.op;
  auto select = newIndex.getDefiningOp<arith::SelectOp>();
  if (!select || select.getFalseValue() != accIndex ||
      op.getNumReductionLoops() != 1)
    return false;
  // The position is the reduction loop's index: the serial order.
  Operation *cast = select.getTrueValue().getDefiningOp();
  if (!isa_and_nonnull<arith::IndexCastOp, arith::IndexCastUIOp>(cast))
    return false;
  auto index = cast->getOperand(0).getDefiningOp<linalg::IndexOp>();
  if (!index ||
      !linalg::isReductionIterator(op.getIteratorTypesArray()[index.getDim()]))
    return false;
  r.position = select.getTrueValue();
  r.loopPosition = index;

  Operation *compare = select.getCondition().getDefiningOp();
  if (!compare)
    return false;
  r.element = otherOperand(compare, accValue);
  if (!r.element || r.element == accValue)
    return false;
  bool elementLeft = compare->getOperand(0) == r.element;
  if (auto cmp = dyn_cast<arith::CmpFOp>(compare)) {
    std::optional<arith::CmpFPredicate> beats =
        elementLeft ? std::optional(cmp.getPredicate())
                    : swapped(cmp.getPredicate());
    if (!beats || !swapped(*beats))
      return false;
    r.floatBeats = *beats;
    r.best = bestFor(*beats);
  } else if (auto cmp = dyn_cast<arith::CmpIOp>(compare)) {
    std::optional<arith::CmpIPredicate> beats =
        elementLeft ? std::optional(cmp.getPredicate())
                    : swapped(cmp.getPredicate());
    if (!beats || !swapped(*beats))
      return false;
    r.intBeats = *beats;
    r.best = bestFor(*beats);
  } else {
    return false;
  }

  // v' = max(x, v) of the comparison's kind; for integers also
  // select(c, x, v). (For floats the select keeps the first of equal
  // zeros and ignores NaN, which the parts do not reproduce.)
  Operation *update = newValue.getDefiningOp();
  if (!update)
    return false;
  if (auto valueSelect = dyn_cast<arith::SelectOp>(update))
    return !r.isFloat && valueSelect.getCondition() == select.getCondition() &&
           valueSelect.getTrueValue() == r.element &&
           valueSelect.getFalseValue() == accValue;
  return maxMinKind(update) == r.best &&
         otherOperand(update, accValue) == r.element;
}

/// Whether `v` is a sum of products of loop indices, sizes of shaped values
/// and non-negative constants, as a row-major position is: never negative,
/// so that the parts may take the lowest position as an unsigned minimum.
bool isLoopPosition(Value v) {
  if (std::optional<int64_t> constant = getConstantIntValue(v))
    return *constant >= 0;
  Operation *def = v.getDefiningOp();
  if (isa_and_nonnull<linalg::IndexOp, tensor::DimOp>(def))
    return true;
  if (!isa_and_nonnull<arith::AddIOp, arith::MulIOp>(def))
    return false;
  return isLoopPosition(def->getOperand(0)) &&
         isLoopPosition(def->getOperand(1));
}

/// The Ordered form: with w = better || (same && position < i),
/// v' = select(w, x, v), i' = select(w, position, i); for floats
/// better = x > v || (x is NaN && v is not), same = x == v || both NaN.
bool matchOrdered(ArgReduction &r, Value newValue, Value newIndex,
                  BlockArgument accValue, BlockArgument accIndex) {
  auto indexSelect = newIndex.getDefiningOp<arith::SelectOp>();
  auto valueSelect = newValue.getDefiningOp<arith::SelectOp>();
  if (!indexSelect || !valueSelect ||
      indexSelect.getCondition() != valueSelect.getCondition() ||
      indexSelect.getFalseValue() != accIndex ||
      valueSelect.getFalseValue() != accValue)
    return false;
  r.wins = indexSelect.getCondition();
  r.element = valueSelect.getTrueValue();
  r.position = indexSelect.getTrueValue();
  // Positions must not wrap in the index type (an i64): serially that
  // would make "lower" depend on the order.
  Operation *cast = r.position.getDefiningOp();
  if (!isa_and_nonnull<arith::IndexCastOp, arith::IndexCastUIOp>(cast) ||
      !isLoopPosition(cast->getOperand(0)) || !accIndex.getType().isInteger(64))
    return false;
  r.loopPosition = cast->getOperand(0);
  Value x = r.element, v = accValue;
  auto earlier = [&](Value c) {
    return isComparison(c, arith::CmpIPredicate::slt, r.position, accIndex) ||
           isComparison(c, arith::CmpIPredicate::ult, r.position, accIndex);
  };
  auto same = [&](Value c) {
    if (!r.isFloat)
      return isComparison(c, arith::CmpIPredicate::eq, x, v);
    return matchesEitherOrder<arith::OrIOp>(
        c,
        [&](Value e) {
          return isComparison(e, arith::CmpFPredicate::OEQ, x, v);
        },
        [&](Value n) {
          return matchesEitherOrder<arith::AndIOp>(
              n, [&](Value a) { return isNaNTest(a, x); },
              [&](Value b) { return isNaNTest(b, v); });
        });
  };
  auto better = [&](Value c) {
    if (!r.isFloat) {
      for (arith::CmpIPredicate beats :
           {arith::CmpIPredicate::sgt, arith::CmpIPredicate::slt,
            arith::CmpIPredicate::ugt, arith::CmpIPredicate::ult})
        if (isComparison(c, beats, x, v)) {
          r.best = bestFor(beats);
          return true;
        }
      return false;
    }
    return matchesEitherOrder<arith::OrIOp>(
        c,
        [&](Value cmp) {
          for (arith::CmpFPredicate beats :
               {arith::CmpFPredicate::OGT, arith::CmpFPredicate::OLT})
            if (isComparison(cmp, beats, x, v)) {
              r.best = bestFor(beats);
              return true;
            }
          return false;
        },
        [&](Value nan) {
          return matchesEitherOrder<arith::AndIOp>(
              nan, [&](Value a) { return isNaNTest(a, x); },
              [&](Value b) {
                return isNegation(b, [&](Value n) { return isNaNTest(n, v); });
              });
        });
  };
  return matchesEitherOrder<arith::OrIOp>(r.wins, better, [&](Value tie) {
    return matchesEitherOrder<arith::AndIOp>(tie, same, earlier);
  });
}

/// Whether nothing reads `value`, but regions that yield it for nothing
/// (the value of an argmax whose index alone is used).
bool isUnused(Value value) {
  return llvm::all_of(value.getUses(), [](OpOperand &use) {
    auto yield =
        dyn_cast<imex::region::EnvironmentRegionYieldOp>(use.getOwner());
    return yield &&
           isUnused(yield->getParentOp()->getResult(use.getOperandNumber()));
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
  // (`index` values have no max/min identity to start the parts from.)
  if (!isa<IntegerType>(accIndex.getType()) ||
      !isa<IntegerType, FloatType>(accValue.getType()))
    return std::nullopt;
  ArgReduction r;
  r.op = op;
  r.valueInit = valueInit;
  r.indexInit = indexInit;
  r.isFloat = isa<FloatType>(accValue.getType());
  Value newValue = yield.getOperand(valueInit);
  Value newIndex = yield.getOperand(indexInit);
  if (matchStopsAtNaN(r, newValue, newIndex, accValue, accIndex)) {
    r.form = ArgForm::StopsAtNaN;
  } else if (matchOrdered(r, newValue, newIndex, accValue, accIndex)) {
    r.form = ArgForm::Ordered;
    // The parts give a float value's bits but for the sign of a zero,
    // which only matters where the value is used.
    if (r.isFloat && !isUnused(op->getResult(valueInit)))
      return std::nullopt;
  } else {
    return std::nullopt;
  }

  // The choice: every op that reads an accumulator, directly or not. The
  // element and its position must not (they are computed afresh by each
  // part), and only the yield may use the choice.
  for (Operation &bodyOp : body.without_terminator())
    if (llvm::any_of(bodyOp.getOperands(), [&](Value operand) {
          if (operand == accValue || operand == accIndex)
            return true;
          Operation *def = operand.getDefiningOp();
          return def && r.choice.contains(def);
        }))
      r.choice.insert(&bodyOp);
  auto inChoice = [&](Value v) {
    Operation *def = v.getDefiningOp();
    return v == accValue || v == accIndex || (def && r.choice.contains(def));
  };
  if (inChoice(r.element) || inChoice(r.position) ||
      r.position.getType() != accIndex.getType())
    return std::nullopt;
  for (Operation *chosen : r.choice)
    for (Operation *user : chosen->getUsers())
      if (!r.choice.contains(user) && user != yield)
        return std::nullopt;
  return r;
}

std::optional<ArgReduction> matchArgReduction(linalg::LinalgOp op) {
  if (!op.hasPureTensorSemantics() || op.getNumDpsInits() != 2 ||
      op.getNumReductionLoops() == 0 || op->getNumRegions() != 1 ||
      !isa<linalg::YieldOp>(op->getRegion(0).front().getTerminator()))
    return std::nullopt;
  AffineMap outMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  // Indexed by the parallel loops, or zeros (reduced dimensions kept).
  if (outMap != op.getMatchingIndexingMap(op.getDpsInitOperand(1)) ||
      !outMap.isProjectedPermutation(/*allowZeroInResults=*/true) ||
      llvm::count_if(outMap.getResults(), llvm::IsaPred<AffineDimExpr>) !=
          static_cast<int64_t>(op.getNumParallelLoops()))
    return std::nullopt;
  for (Operation &bodyOp : op->getRegion(0).front())
    if (!isPure(&bodyOp) && !isa<linalg::YieldOp>(bodyOp))
      return std::nullopt;
  if (std::optional<ArgReduction> r = matchWithIndexOutput(op, 1))
    return r;
  return matchWithIndexOutput(op, 0);
}

/// The value folded per step: built from the element, its position (as an
/// i64, which no position wraps in) and the extra inputs at the output's
/// position.
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
  auto part = linalg::GenericOp::create(
      b, loc, init.getType(), inputs, init, maps, op.getIteratorTypesArray(),
      [&](OpBuilder &nb, Location l, ValueRange args) {
        IRMapping mapping;
        Block &body = op->getRegion(0).front();
        for (auto [old, now] : llvm::zip(
                 body.getArguments().take_front(op.getNumDpsInputs()), args))
          mapping.map(old, now);
        for (Operation &bodyOp : body.without_terminator())
          if (!r.choice.contains(&bodyOp))
            nb.clone(bodyOp, mapping);
        Value position = arith::IndexCastUIOp::create(
            nb, l, nb.getI64Type(), mapping.lookupOrDefault(r.loopPosition));
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

/// Whether `element` at `position` wins over (`value`, `index`), by the
/// ops of `r`'s (Ordered) body that decide it, cloned into `b`.
Value cloneWins(OpBuilder &b, const ArgReduction &r, Value element,
                Value position, Value value, Value index) {
  linalg::LinalgOp op = r.op;
  IRMapping mapping;
  mapping.map(r.element, element);
  mapping.map(r.position, position);
  mapping.map(op.getRegionOutputArgs()[r.valueInit], value);
  mapping.map(op.getRegionOutputArgs()[r.indexInit], index);
  llvm::SmallPtrSet<Operation *, 16> decides;
  SmallVector<Value> worklist{r.wins};
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    if (mapping.contains(v))
      continue;
    Operation *def = v.getDefiningOp();
    if (def && decides.insert(def).second)
      llvm::append_range(worklist, def->getOperands());
  }
  for (Operation &bodyOp : op->getRegion(0).front().without_terminator())
    if (decides.contains(&bodyOp))
      b.clone(bodyOp, mapping);
  return mapping.lookup(r.wins);
}

/// The position of no element (above every position), which starts the
/// parts that take the lowest one.
Value buildNoPosition(OpBuilder &b, Location loc) {
  return arith::getIdentityValue(Kind::minu, b.getI64Type(), b, loc);
}

/// Replaces `r.op` by its parts and their fold into the initial values.
void splitArgReduction(RewriterBase &rewriter, const ArgReduction &r) {
  linalg::LinalgOp op = r.op;
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  Type valueType = op.getRegionOutputArgs()[r.valueInit].getType();
  Type indexType = op.getRegionOutputArgs()[r.indexInit].getType();
  Type positionType = rewriter.getI64Type();
  Value none = buildNoPosition(rewriter, loc);

  // Floats: the first NaN's position. Serially (StopsAtNaN) the search
  // stops there, so only elements before it count; in any order it is the
  // winner, and only numbers count for the best number.
  Value firstNaN;
  // (Floats only: every integer counts.)
  auto counts = [&](OpBuilder &b, Location l, Value x, Value position,
                    ValueRange extras) -> Value {
    if (r.form == ArgForm::Ordered)
      return arith::CmpFOp::create(b, l, arith::CmpFPredicate::ORD, x, x);
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
          return arith::SelectOp::create(b, l, isNaN, position,
                                         buildNoPosition(b, l));
        });
    if (r.form == ArgForm::StopsAtNaN)
      stopExtras.push_back(firstNaN);
  }
  Value best =
      buildPart(rewriter, loc, r, r.best, valueType, stopExtras,
                [&](OpBuilder &b, Location l, Value x, Value position,
                    ValueRange extras) -> Value {
                  if (!r.isFloat)
                    return x;
                  return arith::SelectOp::create(
                      b, l, counts(b, l, x, position, extras), x,
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
        Value found = r.isFloat
                          ? arith::AndIOp::create(
                                b, l, isBest,
                                counts(b, l, x, position, extras.drop_front()))
                          : isBest;
        return arith::SelectOp::create(b, l, found, position,
                                       buildNoPosition(b, l));
      });

  // Per output, the parts folded into the initial value v0 and index i0.
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
        Value sawNaN, nan;
        if (firstNaN) {
          sawNaN = arith::CmpIOp::create(b, l, arith::CmpIPredicate::ne,
                                         args[2], none);
          nan = arith::ConstantOp::create(
              b, l,
              b.getFloatAttr(
                  valueType,
                  APFloat::getQNaN(
                      cast<FloatType>(valueType).getFloatSemantics())));
        }
        // Positions as the index output's type, cast as the body casts.
        auto asIndex = [&](Value position) -> Value {
          unsigned width = indexType.getIntOrFloatBitWidth();
          if (width < 64)
            return arith::TruncIOp::create(b, l, indexType, position);
          if (width > 64)
            return arith::ExtUIOp::create(b, l, indexType, position);
          return position;
        };
        Value value, index;
        if (r.form == ArgForm::StopsAtNaN) {
          // value = NaN seen ? NaN : max(v0, best); index = best beats v0 ?
          // first : i0.
          value = arith::getReductionOp(r.best, b, l, initialValue, bestValue);
          if (sawNaN)
            value = arith::SelectOp::create(b, l, sawNaN, nan, value);
          index = arith::SelectOp::create(
              b, l, buildBeats(b, l, r, bestValue, initialValue),
              asIndex(firstPosition), initialIndex);
        } else {
          // The winner of all elements is the first NaN, else the first
          // best number; the body's own choice then decides between it and
          // (v0, i0), unless there was no element.
          Value winner = bestValue, position = firstPosition;
          if (sawNaN) {
            winner = arith::SelectOp::create(b, l, sawNaN, nan, bestValue);
            position =
                arith::SelectOp::create(b, l, sawNaN, args[2], firstPosition);
          }
          Value any = arith::CmpIOp::create(b, l, arith::CmpIPredicate::ne,
                                            position, none);
          position = asIndex(position);
          Value wins = arith::AndIOp::create(
              b, l, any,
              cloneWins(b, r, winner, position, initialValue, initialIndex));
          value = arith::SelectOp::create(b, l, wins, winner, initialValue);
          index = arith::SelectOp::create(b, l, wins, position, initialIndex);
        }
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
