//===- RegionReductionsToGpu.cpp - reductions in GPU regions as kernels ---===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A linalg reduction in a GPU region runs either as workgroup tree
// reductions (few, long reductions: a full sum, the rows of a softmax) or
// with one thread per output (many outputs: a matmul, a column sum), chosen
// at run time when the sizes are dynamic.
//
//===----------------------------------------------------------------------===//

#include "imex/Conversion/Passes.h"
#include "imex/Dialect/Region/IR/Region.h"
#include "imex/Transforms/GpuVectorAccess.h"
#include "imex/Transforms/Passes.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Utils/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"

namespace imex {
#define GEN_PASS_DEF_CONVERTREGIONREDUCTIONSTOGPU
#include "imex/Conversion/Passes.h.inc"
} // namespace imex

using namespace mlir;

namespace {

/// Elements each thread of a workgroup reduction combines before the tree
/// step, when the reduction is long enough to be split into chunks.
constexpr int64_t kElementsPerThread = 64;
/// Most chunks (workgroups) one output is split into.
constexpr int64_t kMaxChunks = 1024;

std::optional<arith::AtomicRMWKind> combinerKind(Operation *op) {
  using Kind = arith::AtomicRMWKind;
  return TypeSwitch<Operation *, std::optional<Kind>>(op)
      .Case([](arith::AddFOp) { return Kind::addf; })
      .Case([](arith::MulFOp) { return Kind::mulf; })
      .Case([](arith::MaximumFOp) { return Kind::maximumf; })
      .Case([](arith::MinimumFOp) { return Kind::minimumf; })
      .Case([](arith::MaxNumFOp) { return Kind::maxnumf; })
      .Case([](arith::MinNumFOp) { return Kind::minnumf; })
      .Case([](arith::AddIOp) { return Kind::addi; })
      .Case([](arith::MulIOp) { return Kind::muli; })
      .Case([](arith::MaxSIOp) { return Kind::maxs; })
      .Case([](arith::MinSIOp) { return Kind::mins; })
      .Case([](arith::MaxUIOp) { return Kind::maxu; })
      .Case([](arith::MinUIOp) { return Kind::minu; })
      .Case([](arith::AndIOp) { return Kind::andi; })
      .Case([](arith::OrIOp) { return Kind::ori; })
      .Default([](Operation *) { return std::nullopt; });
}

/// The subgroup operation that combines `type` values exactly as `kind`
/// does. Float max and min have none: SPIR-V's group FMax/FMin leave NaN
/// handling to the device, where NumPy (maximumf) propagates NaN. Products,
/// bitwise and and or have none either: MLIR 22 does not convert such a
/// gpu.subgroup_reduce to SPIR-V. Only 32- and 64-bit types, which every
/// device with group arithmetic supports (booleans have no group
/// arithmetic).
std::optional<gpu::AllReduceOperation>
subgroupOperation(arith::AtomicRMWKind kind, Type type) {
  using Kind = arith::AtomicRMWKind;
  using Op = gpu::AllReduceOperation;
  if (!type.isIntOrFloat() || (type.getIntOrFloatBitWidth() != 32 &&
                               type.getIntOrFloatBitWidth() != 64))
    return std::nullopt;
  switch (kind) {
  case Kind::addf:
  case Kind::addi:
    return Op::ADD;
  case Kind::maxs:
    return Op::MAXSI;
  case Kind::mins:
    return Op::MINSI;
  case Kind::maxu:
    return Op::MAXUI;
  case Kind::minu:
    return Op::MINUI;
  default:
    return std::nullopt;
  }
}

/// A linalg op that reduces into its single output with one associative
/// combiner.
struct Reduction {
  linalg::LinalgOp op;
  arith::AtomicRMWKind kind;
  /// The combiner in the body, and the operand it folds into the output.
  Operation *combiner;
  Value element;
  /// Whether the body subtracts the element (acc - x), which sums its
  /// negation: exactly, as a - b is a + -b.
  bool subtracts = false;
  SmallVector<unsigned> parallelDims, reductionDims;
};

std::optional<Reduction> matchReduction(linalg::LinalgOp op) {
  if (!op.hasPureBufferSemantics() || op.getNumDpsInits() != 1 ||
      op.getNumReductionLoops() == 0 || op->getNumRegions() != 1)
    return std::nullopt;
  Reduction r{op, {}, nullptr, {}, false, {}, {}};
  for (auto [dim, type] : llvm::enumerate(op.getIteratorTypesArray()))
    (linalg::isParallelIterator(type) ? r.parallelDims : r.reductionDims)
        .push_back(dim);
  // The output is indexed by every parallel loop and nothing else, but
  // zeros (a reduced dimension kept as size 1).
  AffineMap outMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  if (!outMap.isProjectedPermutation(/*allowZeroInResults=*/true) ||
      llvm::count_if(outMap.getResults(), llvm::IsaPred<AffineDimExpr>) !=
          static_cast<int64_t>(r.parallelDims.size()))
    return std::nullopt;
  for (AffineExpr expr : outMap.getResults())
    if (auto dim = dyn_cast<AffineDimExpr>(expr);
        dim && !linalg::isParallelIterator(
                   op.getIteratorTypesArray()[dim.getPosition()]))
      return std::nullopt;

  BlockArgument acc = op.getRegionOutputArgs()[0];
  SmallVector<Operation *> combiners;
  if (!mlir::matchReduction(op.getRegionOutputArgs(), 0, combiners) ||
      combiners.size() != 1 || !acc.hasOneUse())
    return std::nullopt;
  r.combiner = combiners.front();
  std::optional<arith::AtomicRMWKind> kind = combinerKind(r.combiner);
  if (!kind && isa<arith::SubFOp, arith::SubIOp>(r.combiner) &&
      r.combiner->getOperand(0) == acc) {
    kind = isa<arith::SubFOp>(r.combiner) ? arith::AtomicRMWKind::addf
                                          : arith::AtomicRMWKind::addi;
    r.subtracts = true;
  }
  if (!kind || r.combiner->getNumOperands() != 2)
    return std::nullopt;
  r.kind = *kind;
  r.element = r.combiner->getOperand(r.combiner->getOperand(0) == acc ? 1 : 0);
  return r;
}

Value product(OpBuilder &b, Location loc, ArrayRef<Value> values) {
  Value result = arith::ConstantIndexOp::create(b, loc, 1);
  for (Value v : values)
    result = b.createOrFold<arith::MulIOp>(loc, result, v);
  return result;
}

/// The indices of `linear` in a row-major space of `extents`.
SmallVector<Value> delinearize(OpBuilder &b, Location loc, Value linear,
                               ArrayRef<Value> extents) {
  SmallVector<Value> indices(extents.size());
  for (int i = static_cast<int>(extents.size()) - 1; i >= 0; --i) {
    if (i == 0) {
      indices[i] = linear;
      break;
    }
    indices[i] = arith::RemUIOp::create(b, loc, linear, extents[i]);
    linear = arith::DivUIOp::create(b, loc, linear, extents[i]);
  }
  return indices;
}

/// `element` (a scalar or a vector of them) as `r`'s kind folds it:
/// negated where the body subtracts it.
Value asFolded(OpBuilder &b, Location loc, const Reduction &r, Value element) {
  if (!r.subtracts)
    return element;
  if (isa<FloatType>(getElementTypeOrSelf(element)))
    return arith::NegFOp::create(b, loc, element);
  Value zero = arith::ConstantOp::create(
      b, loc, cast<TypedAttr>(b.getZeroAttr(element.getType())));
  return arith::SubIOp::create(b, loc, zero, element);
}

/// Emits the ops of `r.op`'s body but the combiner, with `inputs` for its
/// input block arguments and `ivs` for its loop indices, and returns the
/// value the combiner folds into the output.
Value emitBody(OpBuilder &b, const Reduction &r, ArrayRef<Value> inputs,
               ArrayRef<Value> ivs) {
  linalg::LinalgOp op = r.op;
  IRMapping mapping;
  for (auto [input, value] : llvm::zip(op.getDpsInputOperands(), inputs))
    mapping.map(op.getMatchingBlockArgument(input), value);
  for (Operation &bodyOp : op->getRegion(0).front().without_terminator()) {
    if (&bodyOp == r.combiner)
      continue;
    if (auto index = dyn_cast<linalg::IndexOp>(bodyOp)) {
      mapping.map(index.getResult(), ivs[index.getDim()]);
      continue;
    }
    b.clone(bodyOp, mapping);
  }
  return asFolded(b, op.getLoc(), r, mapping.lookupOrDefault(r.element));
}

/// Loads `input` (an operand of `op`) at the loop indices `ivs`; a scalar
/// operand is its own value.
Value loadInput(OpBuilder &b, Location loc, linalg::LinalgOp op,
                OpOperand *input, ArrayRef<Value> ivs) {
  if (!isa<MemRefType>(input->get().getType()))
    return input->get();
  std::optional<SmallVector<Value, 8>> indices =
      affine::expandAffineMap(b, loc, op.getMatchingIndexingMap(input), ivs);
  return memref::LoadOp::create(b, loc, input->get(), *indices);
}

/// Inputs loaded once per output (those no reduction loop indexes), by
/// each thread before its loop.
using PerOutputInputs = llvm::DenseMap<OpOperand *, Value>;

/// `input` at the loop indices `ivs`: loaded there, unless its thread
/// loaded it once for the output.
Value inputAt(OpBuilder &b, Location loc, linalg::LinalgOp op, OpOperand *input,
              ArrayRef<Value> ivs, const PerOutputInputs &perOutput) {
  if (Value loaded = perOutput.lookup(input))
    return loaded;
  return loadInput(b, loc, op, input, ivs);
}

/// The value `r.op` folds into the output at the loop indices `ivs`.
Value emitElement(OpBuilder &b, Location loc, const Reduction &r,
                  ArrayRef<Value> ivs, const PerOutputInputs &perOutput) {
  linalg::LinalgOp op = r.op;
  SmallVector<Value> inputs;
  for (OpOperand *input : op.getDpsInputOperands())
    inputs.push_back(inputAt(b, loc, op, input, ivs, perOutput));
  return emitBody(b, r, inputs, ivs);
}

/// A workgroup reduction whose threads take kGpuVectorLanes consecutive
/// elements of the innermost reduction loop (`dim`) per step: the inputs
/// that index `dim` as their last, unit-stride dimension (and nowhere else)
/// are loaded as vectors, the other inputs and the other loops' indices
/// broadcast, and the body ops that depend on the vectors are elementwise
/// (a body that uses `dim`'s index is not grouped). Groups follow the 16-byte
/// groups of the first vector input's buffer, so that a row starting
/// anywhere takes vectors but at its ends.
struct GroupedSteps {
  unsigned dim;
  SmallVector<OpOperand *> vectorInputs;
  llvm::DenseSet<Operation *> vectorOps;
};

std::optional<GroupedSteps> planGroupedSteps(const Reduction &r,
                                             Value rowLength) {
  linalg::LinalgOp op = r.op;
  Type elementType = getElementTypeOrSelf(op.getDpsInitOperand(0)->get());
  std::optional<int64_t> knownLength = getConstantIntValue(rowLength);
  if (!elementType.isIntOrFloat() ||
      elementType.getIntOrFloatBitWidth() != 32 ||
      (knownLength && *knownLength < imex::kGpuVectorLanes))
    return std::nullopt;
  GroupedSteps plan{r.reductionDims.back(), {}, {}};
  llvm::DenseSet<Value> vectors;
  for (OpOperand *input : op.getDpsInputOperands()) {
    if (!isa<MemRefType>(input->get().getType()))
      continue;
    AffineMap map = op.getMatchingIndexingMap(input);
    if (!map.isFunctionOfDim(plan.dim))
      continue;
    auto last = dyn_cast<AffineDimExpr>(map.getResults().back());
    if (!last || last.getPosition() != plan.dim ||
        !imex::isGpuVectorizableMemRef(input->get()) ||
        llvm::any_of(map.getResults().drop_back(), [&](AffineExpr expr) {
          return expr.isFunctionOfDim(plan.dim);
        }))
      return std::nullopt;
    plan.vectorInputs.push_back(input);
    vectors.insert(op.getMatchingBlockArgument(input));
  }
  if (plan.vectorInputs.empty())
    return std::nullopt;
  auto isVector = [&](Value v) { return vectors.contains(v); };
  for (Operation &bodyOp : op->getRegion(0).front().without_terminator()) {
    if (&bodyOp == r.combiner)
      continue;
    if (auto index = dyn_cast<linalg::IndexOp>(bodyOp)) {
      if (index.getDim() == plan.dim)
        return std::nullopt;
      continue;
    }
    if (bodyOp.getNumRegions() != 0 || !isPure(&bodyOp))
      return std::nullopt;
    if (llvm::none_of(bodyOp.getOperands(), isVector))
      continue;
    if (!imex::isElementwiseOnNumbers(&bodyOp))
      return std::nullopt;
    plan.vectorOps.insert(&bodyOp);
    vectors.insert(bodyOp.result_begin(), bodyOp.result_end());
  }
  return plan;
}

/// The kGpuVectorLanes values `r.op` folds into the output from the group
/// starting at the loop indices `ivs`, all of whose accesses start a
/// 16-byte group (`vectorIndices`: the indices of plan.vectorInputs).
Value emitGroupedElement(OpBuilder &b, Location loc, const Reduction &r,
                         const GroupedSteps &plan, ArrayRef<Value> ivs,
                         ArrayRef<SmallVector<Value, 8>> vectorIndices,
                         const PerOutputInputs &perOutput) {
  linalg::LinalgOp op = r.op;
  IRMapping scalars, vectors;
  for (OpOperand *input : op.getDpsInputOperands()) {
    BlockArgument arg = op.getMatchingBlockArgument(input);
    const auto *vectorInput = llvm::find(plan.vectorInputs, input);
    if (vectorInput == plan.vectorInputs.end()) {
      scalars.map(arg, inputAt(b, loc, op, input, ivs, perOutput));
      continue;
    }
    vectors.map(arg,
                imex::buildGroupLoad(
                    b, loc, input->get(),
                    vectorIndices[vectorInput - plan.vectorInputs.begin()]));
  }
  for (Operation &bodyOp : op->getRegion(0).front().without_terminator()) {
    if (&bodyOp == r.combiner)
      continue;
    if (auto index = dyn_cast<linalg::IndexOp>(bodyOp))
      scalars.map(index.getResult(), ivs[index.getDim()]);
    else if (plan.vectorOps.contains(&bodyOp))
      imex::buildElementwiseOnVectors(b, bodyOp, vectors, scalars);
    else
      b.clone(bodyOp, scalars);
  }
  return asFolded(b, loc, r,
                  imex::lookupOrBroadcast(b, loc, r.element, vectors, scalars));
}

/// What each thread of a workgroup reduction knows of output `p` before its
/// loops: the number of steps of `p` when it is less than the launch's
/// `count`, and optionally a range of steps [wholeBegin, wholeEnd) that
/// TreeLaunch::wholeElement emits without checks (all values may be null).
struct OutputSteps {
  Value count, wholeBegin, wholeEnd;
};

/// What a workgroup reduction launch computes: `count` steps per output
/// (`outputs` of them), split into `chunks` per output.
struct TreeLaunch {
  Value outputs, count, chunks;
  /// Emits what each thread computes once per output `p`, before its loops
  /// (optional).
  function_ref<OutputSteps(OpBuilder &, Location, Value p)> prepare;
  /// Emits step `i` (0 <= i < count) of output `p`: one element, or a
  /// vector of `lanes` of them, which each thread folds in the end.
  function_ref<Value(OpBuilder &, Location, Value p, Value i)> element;
  /// Stores the combined value of chunk `g` of output `p`.
  function_ref<void(OpBuilder &, Location, Value p, Value g, Value total)>
      store;
  int64_t lanes = 1;
  /// Emits step `i` of output `p` in its whole range (see OutputSteps).
  function_ref<Value(OpBuilder &, Location, Value p, Value i)> wholeElement =
      nullptr;
};

/// The workgroup's combined value, valid in thread 0: each thread's `value`
/// goes to workgroup memory (`scratch`), then half the active threads fold
/// in their partner's per step.
Value combineByTree(OpBuilder &b, Location loc, const Reduction &r,
                    int64_t workgroupSize, Value scratch, Value tid,
                    Value value) {
  memref::StoreOp::create(b, loc, value, scratch, tid);
  gpu::BarrierOp::create(b, loc);
  for (int64_t step = workgroupSize / 2; step > 0; step /= 2) {
    Value active =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, tid,
                              arith::ConstantIndexOp::create(b, loc, step));
    scf::IfOp::create(b, loc, active, [&](OpBuilder &ib, Location l) {
      Value partner = arith::AddIOp::create(
          ib, l, tid, arith::ConstantIndexOp::create(ib, l, step));
      Value mine = memref::LoadOp::create(ib, l, scratch, tid);
      Value theirs = memref::LoadOp::create(ib, l, scratch, partner);
      memref::StoreOp::create(
          ib, l, arith::getReductionOp(r.kind, ib, l, mine, theirs), scratch,
          tid);
      scf::YieldOp::create(ib, l);
    });
    gpu::BarrierOp::create(b, loc);
  }
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  return memref::LoadOp::create(b, loc, scratch, zero);
}

/// The workgroup's combined value, valid in thread 0: each subgroup
/// combines its threads' `value`s (`operation`), lane 0 writes the result
/// to slot `subgroup id` of `scratch`, and subgroup 0 folds those slots,
/// each lane a strided share, then combines once more. Nothing depends on
/// the subgroup size, which the device chooses.
Value combineBySubgroups(OpBuilder &b, Location loc, const Reduction &r,
                         gpu::AllReduceOperation operation, Value scratch,
                         Value tid, Value value) {
  Type type = value.getType();
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value lane = gpu::LaneIdOp::create(b, loc, /*upper_bound=*/nullptr);
  Value subgroup = gpu::SubgroupIdOp::create(b, loc, /*upper_bound=*/nullptr);
  Value subgroupTotal = gpu::SubgroupReduceOp::create(b, loc, value, operation,
                                                      /*uniform=*/false);
  Value firstLane =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lane, zero);
  scf::IfOp::create(b, loc, firstLane, [&](OpBuilder &ib, Location l) {
    memref::StoreOp::create(ib, l, subgroupTotal, scratch, subgroup);
    scf::YieldOp::create(ib, l);
  });
  gpu::BarrierOp::create(b, loc);
  Value firstSubgroup =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, subgroup, zero);
  auto folded = scf::IfOp::create(
      b, loc, firstSubgroup,
      [&](OpBuilder &ib, Location l) {
        Value count = gpu::NumSubgroupsOp::create(ib, l, nullptr);
        Value size = gpu::SubgroupSizeOp::create(ib, l, nullptr);
        Value identity = arith::getIdentityValue(r.kind, type, ib, l);
        auto slots = scf::ForOp::create(
            ib, l, lane, count, size, ValueRange{identity},
            [&](OpBuilder &lb, Location ll, Value slot, ValueRange acc) {
              Value partial = memref::LoadOp::create(lb, ll, scratch, slot);
              scf::YieldOp::create(
                  lb, ll,
                  arith::getReductionOp(r.kind, lb, ll, acc[0], partial));
            });
        Value total = gpu::SubgroupReduceOp::create(
            ib, l, slots.getResult(0), operation, /*uniform=*/false);
        scf::YieldOp::create(ib, l, total);
      },
      [&](OpBuilder &ib, Location l) {
        scf::YieldOp::create(ib, l,
                             arith::getIdentityValue(r.kind, type, ib, l));
      });
  return folded.getResult(0);
}

/// One launch with a workgroup per (chunk, output): each thread folds the
/// steps i = chunk * W + tid + k * chunks * W (those of the output's whole
/// range first, in a loop of their own, when it has one; then the lanes of
/// a vector step), then the workgroup combines its threads' values (by
/// subgroups with `subgroups`, else by a tree in workgroup memory), and
/// thread 0 stores the result.
void emitTreeLaunch(OpBuilder &b, Location loc, const Reduction &r,
                    Type elementType, int64_t workgroupSize,
                    std::optional<gpu::AllReduceOperation> subgroups,
                    const TreeLaunch &launch) {
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value threads = arith::ConstantIndexOp::create(b, loc, workgroupSize);
  auto op = gpu::LaunchOp::create(b, loc, launch.chunks, launch.outputs, one,
                                  threads, one, one);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&op.getBody().front());
  Value tid = op.getThreadIds().x;
  Value chunk = op.getBlockIds().x;
  Value output = op.getBlockIds().y;
  // Workgroup memory as an allocation in memory space 3, which the SPIR-V
  // conversion turns into a Workgroup variable (it converts neither launch
  // attributions nor #gpu.address_space<workgroup>).
  constexpr int64_t kSpirvWorkgroupMemorySpace = 3;
  auto shared =
      MemRefType::get({workgroupSize}, elementType, MemRefLayoutAttrInterface(),
                      b.getI64IntegerAttr(kSpirvWorkgroupMemorySpace));
  Value scratch = memref::AllocOp::create(b, loc, shared);

  Value identity = arith::getIdentityValue(r.kind, elementType, b, loc);
  if (launch.lanes > 1)
    identity = vector::BroadcastOp::create(
        b, loc, VectorType::get({launch.lanes}, elementType), identity);
  Value first = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, chunk, threads), tid);
  Value stride = arith::MulIOp::create(b, loc, launch.chunks, threads);
  OutputSteps own;
  if (launch.prepare)
    own = launch.prepare(b, loc, output);
  Value count = own.count ? own.count : launch.count;
  // Each thread folds the steps first, first + stride, ... of `emit` from
  // `begin` to `end`, mapped through `step` (the identity if null).
  auto foldSteps =
      [&](Value init, Value begin, Value end,
          function_ref<Value(OpBuilder &, Location, Value)> step,
          function_ref<Value(OpBuilder &, Location, Value p, Value i)> emit) {
        auto loop = scf::ForOp::create(
            b, loc, arith::AddIOp::create(b, loc, begin, first), end, stride,
            ValueRange{init},
            [&](OpBuilder &lb, Location l, Value i, ValueRange iterArgs) {
              Value v = emit(lb, l, output, step ? step(lb, l, i) : i);
              scf::YieldOp::create(
                  lb, l, arith::getReductionOp(r.kind, lb, l, iterArgs[0], v));
            });
        return loop.getResult(0);
      };
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value folded;
  if (own.wholeBegin) {
    assert(launch.wholeElement && "a whole range needs its element");
    // The whole range in a loop without checks, then the other steps: step
    // j of those is j below the range, j + its length above it.
    Value wholeSteps =
        arith::SubIOp::create(b, loc, own.wholeEnd, own.wholeBegin);
    folded = foldSteps(identity, own.wholeBegin, own.wholeEnd, nullptr,
                       launch.wholeElement);
    auto otherStep = [&](OpBuilder &sb, Location l, Value j) -> Value {
      Value below = arith::CmpIOp::create(sb, l, arith::CmpIPredicate::ult, j,
                                          own.wholeBegin);
      return arith::SelectOp::create(
          sb, l, below, j, arith::AddIOp::create(sb, l, j, wholeSteps));
    };
    folded = foldSteps(folded, zero,
                       arith::SubIOp::create(b, loc, count, wholeSteps),
                       otherStep, launch.element);
  } else {
    folded = foldSteps(identity, zero, count, nullptr, launch.element);
  }
  if (launch.lanes > 1) {
    Value lanes = folded;
    folded = vector::ExtractOp::create(b, loc, lanes, 0);
    for (int64_t lane = 1; lane < launch.lanes; ++lane)
      folded =
          arith::getReductionOp(r.kind, b, loc, folded,
                                vector::ExtractOp::create(b, loc, lanes, lane));
  }
  Value total =
      subgroups
          ? combineBySubgroups(b, loc, r, *subgroups, scratch, tid, folded)
          : combineByTree(b, loc, r, workgroupSize, scratch, tid, folded);
  Value leader =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, tid,
                            arith::ConstantIndexOp::create(b, loc, 0));
  scf::IfOp::create(b, loc, leader, [&](OpBuilder &ib, Location l) {
    launch.store(ib, l, output, chunk, total);
    scf::YieldOp::create(ib, l);
  });
  gpu::TerminatorOp::create(b, loc);
}

/// Workgroup tree reductions for `r`: one launch, or with several chunks per
/// output a second one that folds the chunks' partial results.
void emitWorkgroupReduction(OpBuilder &b, Location loc, const Reduction &r,
                            ArrayRef<Value> parallelSizes,
                            ArrayRef<Value> reductionSizes, Value outputs,
                            Value count, int64_t workgroupSize,
                            std::optional<gpu::AllReduceOperation> subgroups,
                            bool vectorize) {
  linalg::LinalgOp op = r.op;
  Value out = op.getDpsInitOperand(0)->get();
  Type elementType = cast<MemRefType>(out.getType()).getElementType();
  AffineMap outMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  unsigned numLoops = op.getNumLoops();

  // Grouped steps run the innermost reduction loop of n elements in groups
  // of kGpuVectorLanes, shifted back by the misalignment m < 4 of the row's
  // start: ceil((n + 3) / 4) groups cover the n + m of the shifted row
  // whatever m is, the first and last partial or empty. The group check
  // reads the vector inputs' layouts.
  Value rowLength = reductionSizes.back();
  std::optional<GroupedSteps> grouped;
  if (vectorize)
    grouped = planGroupedSteps(r, rowLength);
  int64_t lanes = grouped ? imex::kGpuVectorLanes : 1;
  SmallVector<Value> stepSizes(reductionSizes);
  Value steps = count;
  SmallVector<memref::ExtractStridedMetadataOp> layouts;
  if (grouped) {
    stepSizes.back() = arith::CeilDivUIOp::create(
        b, loc,
        arith::AddIOp::create(
            b, loc, rowLength,
            arith::ConstantIndexOp::create(b, loc, imex::kGpuVectorLanes - 1)),
        arith::ConstantIndexOp::create(b, loc, imex::kGpuVectorLanes));
    steps = product(b, loc, stepSizes);
    for (OpOperand *input : grouped->vectorInputs)
      layouts.push_back(
          memref::ExtractStridedMetadataOp::create(b, loc, input->get()));
  }

  // Chunks per output: about kElementsPerThread elements per thread, at
  // most kMaxChunks.
  Value perChunk = arith::ConstantIndexOp::create(
      b, loc, workgroupSize * kElementsPerThread / lanes);
  Value chunks = arith::MinUIOp::create(
      b, loc,
      arith::MaxUIOp::create(
          b, loc, arith::CeilDivUIOp::create(b, loc, steps, perChunk),
          arith::ConstantIndexOp::create(b, loc, 1)),
      arith::ConstantIndexOp::create(b, loc, kMaxChunks));
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value split =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, chunks, one);
  Value partials = memref::AllocOp::create(
      b, loc, MemRefType::get({ShapedType::kDynamic}, elementType),
      ValueRange{arith::SelectOp::create(
          b, loc, split, arith::MulIOp::create(b, loc, outputs, chunks), one)});

  // The loop indices of output `p` and, with `i`, of element or step `i`
  // of a reduction space of `reductionExtents`.
  auto indicesAt = [&](OpBuilder &ib, Location l, Value p, Value i,
                       ArrayRef<Value> reductionExtents) {
    SmallVector<Value> ivs(numLoops);
    for (auto [dim, index] :
         llvm::zip(r.parallelDims, delinearize(ib, l, p, parallelSizes)))
      ivs[dim] = index;
    if (i)
      for (auto [dim, index] :
           llvm::zip(r.reductionDims, delinearize(ib, l, i, reductionExtents)))
        ivs[dim] = index;
    return ivs;
  };

  // Folds `total` into output `p`, whose initial value is the output's.
  auto storeFinal = [&](OpBuilder &sb, Location l, Value p, Value total) {
    SmallVector<Value> ivs = indicesAt(sb, l, p, nullptr, {});
    for (unsigned dim : r.reductionDims)
      ivs[dim] = arith::ConstantIndexOp::create(sb, l, 0);
    SmallVector<Value, 8> outIndices =
        *affine::expandAffineMap(sb, l, outMap, ivs);
    Value init = memref::LoadOp::create(sb, l, out, outIndices);
    memref::StoreOp::create(sb, l,
                            arith::getReductionOp(r.kind, sb, l, init, total),
                            out, outIndices);
  };
  PerOutputInputs perOutput;
  auto loadPerOutput = [&](OpBuilder &pb, Location l, Value p) {
    perOutput.clear();
    SmallVector<Value> ivs = indicesAt(pb, l, p, nullptr, {});
    for (OpOperand *input : op.getDpsInputOperands()) {
      AffineMap map = op.getMatchingIndexingMap(input);
      if (isa<MemRefType>(input->get().getType()) &&
          llvm::none_of(r.reductionDims,
                        [&](unsigned dim) { return map.isFunctionOfDim(dim); }))
        perOutput[input] = loadInput(pb, l, op, input, ivs);
    }
  };
  // The indices of vector input k at the loop indices `at`, and the access
  // the group check takes.
  auto vectorAccessAt = [&](OpBuilder &ab, Location l, unsigned k,
                            ArrayRef<Value> at)
      -> std::pair<SmallVector<Value, 8>, imex::GpuVectorAccess> {
    SmallVector<Value, 8> indices = *affine::expandAffineMap(
        ab, l, op.getMatchingIndexingMap(grouped->vectorInputs[k]), at);
    return {indices,
            {layouts[k].getOffset(),
             llvm::to_vector_of<Value>(layouts[k].getStrides()),
             llvm::to_vector_of<Value>(indices)}};
  };
  // How far the row at the loop indices `ivs` starts past a 16-byte group
  // of the first vector input's buffer, in elements.
  auto rowMisalignmentAt = [&](OpBuilder &mb, Location l,
                               SmallVector<Value> ivs) -> Value {
    ivs[grouped->dim] = arith::ConstantIndexOp::create(mb, l, 0);
    Value rowStart = imex::buildLinearIndexInRow(
        mb, l, vectorAccessAt(mb, l, 0, ivs).second);
    return arith::AndIOp::create(
        mb, l, rowStart,
        arith::ConstantIndexOp::create(mb, l, imex::kGpuVectorLanes - 1));
  };
  // The group starting at group index `group` of the row at the loop
  // indices `ivs`, whose row starts `misalignment` elements past a 16-byte
  // group: the loop indices of its first element (ivs[dim] = group * 4 -
  // misalignment, negative for a partial first group), and where it ends.
  struct Group {
    SmallVector<Value> ivs;
    Value first, end;
  };
  auto groupAt = [&](OpBuilder &gb, Location l, SmallVector<Value> ivs,
                     Value group, Value misalignment) {
    Value lanesValue = arith::ConstantIndexOp::create(gb, l, lanes);
    Value first = arith::SubIOp::create(
        gb, l, arith::MulIOp::create(gb, l, group, lanesValue), misalignment);
    ivs[grouped->dim] = first;
    return Group{ivs, first, arith::AddIOp::create(gb, l, first, lanesValue)};
  };
  // The accesses of the vector inputs other than the first one to group
  // `g` (for the group check).
  auto otherAccessesAt = [&](OpBuilder &ab, Location l, const Group &g) {
    SmallVector<imex::GpuVectorAccess> others;
    for (unsigned k = 1; k < grouped->vectorInputs.size(); ++k)
      others.push_back(vectorAccessAt(ab, l, k, g.ivs).second);
    return others;
  };
  // Group `g` as vector loads of every vector input (whole and aligned).
  auto vectorGroup = [&](OpBuilder &vb, Location l, const Group &g) {
    SmallVector<SmallVector<Value, 8>> vectorIndices;
    for (unsigned k = 0; k < grouped->vectorInputs.size(); ++k)
      vectorIndices.push_back(vectorAccessAt(vb, l, k, g.ivs).first);
    return emitGroupedElement(vb, l, r, *grouped, g.ivs, vectorIndices,
                              perOutput);
  };
  // Group `g`'s elements in the row, one by one, folded into lane 0.
  auto groupOneByOne = [&](OpBuilder &ob, Location l, const Group &g) {
    Value zero = arith::ConstantIndexOp::create(ob, l, 0);
    Value identity = arith::getIdentityValue(r.kind, elementType, ob, l);
    auto oneByOne = scf::ForOp::create(
        ob, l, arith::MaxSIOp::create(ob, l, g.first, zero),
        arith::MinSIOp::create(ob, l, g.end, rowLength),
        arith::ConstantIndexOp::create(ob, l, 1), ValueRange{identity},
        [&](OpBuilder &lb, Location ll, Value k, ValueRange acc) {
          SmallVector<Value> elementIvs(g.ivs);
          elementIvs[grouped->dim] = k;
          Value element = emitElement(lb, ll, r, elementIvs, perOutput);
          scf::YieldOp::create(
              lb, ll, arith::getReductionOp(r.kind, lb, ll, acc[0], element));
        });
    Value identities = vector::BroadcastOp::create(
        ob, l, VectorType::get({lanes}, elementType), identity);
    return vector::InsertOp::create(ob, l, oneByOne.getResult(0), identities, 0)
        .getResult();
  };

  // With one reduction loop, output p's row is misaligned the same way in
  // every step: each thread takes that once, and with it the row's own
  // number of groups, ceil((n + m) / 4). The groups that lie whole in the
  // row, from 1 if m > 0 (else 0) to floor((n + m) / 4), are the whole
  // range, loaded as vectors without checks, when the other vector inputs
  // start a 16-byte group where the first one does (the same in every
  // group of the row); the partial groups at the row's ends, or every
  // group when they do not, go one by one.
  Value rowMisalignment;
  auto prepare = [&](OpBuilder &pb, Location l, Value p) -> OutputSteps {
    loadPerOutput(pb, l, p);
    if (!grouped || r.reductionDims.size() != 1)
      return {};
    SmallVector<Value> ivs = indicesAt(pb, l, p, nullptr, {});
    rowMisalignment = rowMisalignmentAt(pb, l, ivs);
    Value zero = arith::ConstantIndexOp::create(pb, l, 0);
    Value one = arith::ConstantIndexOp::create(pb, l, 1);
    Value lanesValue = arith::ConstantIndexOp::create(pb, l, lanes);
    Value shiftedLength =
        arith::AddIOp::create(pb, l, rowLength, rowMisalignment);
    Value count = arith::CeilDivUIOp::create(pb, l, shiftedLength, lanesValue);
    Value partialFirst = arith::CmpIOp::create(pb, l, arith::CmpIPredicate::ne,
                                               rowMisalignment, zero);
    Value wholeBegin = arith::SelectOp::create(pb, l, partialFirst, one, zero);
    Value wholeEnd = arith::MaxUIOp::create(
        pb, l, wholeBegin,
        arith::DivUIOp::create(pb, l, shiftedLength, lanesValue));
    SmallVector<imex::GpuVectorAccess> others = otherAccessesAt(
        pb, l, groupAt(pb, l, ivs, wholeBegin, rowMisalignment));
    if (!others.empty()) {
      Value aligned = imex::buildStartsVectorGroup(pb, l, others);
      wholeBegin = arith::SelectOp::create(pb, l, aligned, wholeBegin, zero);
      wholeEnd = arith::SelectOp::create(pb, l, aligned, wholeEnd, zero);
    }
    return {count, wholeBegin, wholeEnd};
  };
  auto inputElement = [&](OpBuilder &eb, Location l, Value p, Value i) {
    return emitElement(eb, l, r, indicesAt(eb, l, p, i, reductionSizes),
                       perOutput);
  };
  // Step `g` of output `p` in a row of its own (one reduction loop): a
  // vector group in the whole range, and one by one outside it.
  auto rowGroup = [&](OpBuilder &eb, Location l, Value p, Value g) {
    return vectorGroup(
        eb, l,
        groupAt(eb, l, indicesAt(eb, l, p, nullptr, {}), g, rowMisalignment));
  };
  auto rowGroupOneByOne = [&](OpBuilder &eb, Location l, Value p, Value g) {
    return groupOneByOne(
        eb, l,
        groupAt(eb, l, indicesAt(eb, l, p, nullptr, {}), g, rowMisalignment));
  };
  // Step `g` of output `p` with several reduction loops, whose rows are
  // misaligned differently: through vector loads where the group is whole
  // and every vector input's part of it starts a 16-byte group of its
  // buffer (the first input's always does), else one by one.
  auto checkedGroup = [&](OpBuilder &eb, Location l, Value p, Value g) {
    SmallVector<Value> ivs = indicesAt(eb, l, p, g, stepSizes);
    Group group =
        groupAt(eb, l, ivs, ivs[grouped->dim], rowMisalignmentAt(eb, l, ivs));
    Value zero = arith::ConstantIndexOp::create(eb, l, 0);
    Value useVectors = arith::AndIOp::create(
        eb, l,
        arith::CmpIOp::create(eb, l, arith::CmpIPredicate::sge, group.first,
                              zero),
        arith::CmpIOp::create(eb, l, arith::CmpIPredicate::sle, group.end,
                              rowLength));
    SmallVector<imex::GpuVectorAccess> others = otherAccessesAt(eb, l, group);
    if (!others.empty())
      useVectors = arith::AndIOp::create(
          eb, l, useVectors, imex::buildStartsVectorGroup(eb, l, others));
    auto paths = scf::IfOp::create(
        eb, l, useVectors,
        [&](OpBuilder &tb, Location tl) {
          scf::YieldOp::create(tb, tl, vectorGroup(tb, tl, group));
        },
        [&](OpBuilder &tb, Location tl) {
          scf::YieldOp::create(tb, tl, groupOneByOne(tb, tl, group));
        });
    return paths.getResult(0);
  };
  auto storeChunk = [&](OpBuilder &sb, Location l, Value p, Value g,
                        Value total) {
    // Recomputed in the kernel: a kernel cannot take an i1 argument.
    Value inKernelSplit =
        arith::CmpIOp::create(sb, l, arith::CmpIPredicate::ugt, chunks,
                              arith::ConstantIndexOp::create(sb, l, 1));
    scf::IfOp::create(
        sb, l, inKernelSplit,
        [&](OpBuilder &tb, Location tl) {
          Value slot = arith::AddIOp::create(
              tb, tl, arith::MulIOp::create(tb, tl, p, chunks), g);
          memref::StoreOp::create(tb, tl, total, partials, slot);
          scf::YieldOp::create(tb, tl);
        },
        [&](OpBuilder &eb, Location el) {
          storeFinal(eb, el, p, total);
          scf::YieldOp::create(eb, el);
        });
  };
  TreeLaunch launch{outputs, steps, chunks, prepare, inputElement, storeChunk};
  if (grouped) {
    launch.lanes = lanes;
    bool oneRow = r.reductionDims.size() == 1;
    launch.element =
        oneRow ? function_ref<Value(OpBuilder &, Location, Value, Value)>(
                     rowGroupOneByOne)
               : checkedGroup;
    if (oneRow)
      launch.wholeElement = rowGroup;
  }
  emitTreeLaunch(b, loc, r, elementType, workgroupSize, subgroups, launch);
  // What prepare left holds values of that launch only.
  perOutput.clear();
  rowMisalignment = nullptr;

  scf::IfOp::create(b, loc, split, [&](OpBuilder &ib, Location l) {
    auto partialElement = [&](OpBuilder &eb, Location el, Value p, Value i) {
      Value slot = arith::AddIOp::create(
          eb, el, arith::MulIOp::create(eb, el, p, chunks), i);
      return memref::LoadOp::create(eb, el, partials, slot).getResult();
    };
    auto storeTotal = [&](OpBuilder &sb, Location sl, Value p, Value,
                          Value total) { storeFinal(sb, sl, p, total); };
    emitTreeLaunch(ib, l, r, elementType, workgroupSize, subgroups,
                   {outputs, chunks, one, nullptr, partialElement, storeTotal});
    scf::YieldOp::create(ib, l);
  });
  memref::DeallocOp::create(b, loc, partials);
}

/// The loops of a contraction that tiles through workgroup memory (a
/// matmul, batch matmul or transposed variant): one m, n and k loop, at
/// most one batch loop, and two array inputs, the first indexed by m and k,
/// the second by k and n.
struct Contraction {
  std::optional<unsigned> batch;
  unsigned m, n, k;
  /// Outputs per thread along m and along n (choosePerThread).
  int64_t perThread = 0;
};

std::optional<Contraction> matchContraction(const Reduction &r) {
  linalg::LinalgOp op = r.op;
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(op);
  if (failed(dims) || dims->m.size() != 1 || dims->n.size() != 1 ||
      dims->k.size() != 1 || dims->batch.size() > 1 ||
      op.getNumLoops() != 3 + dims->batch.size() || op.getNumDpsInputs() != 2 ||
      !llvm::all_of(op.getDpsInputOperands(), [](OpOperand *input) {
        return isa<MemRefType>(input->get().getType());
      }))
    return std::nullopt;
  Contraction c{std::nullopt, dims->m[0], dims->n[0], dims->k[0]};
  if (!dims->batch.empty())
    c.batch = dims->batch[0];
  // inferContractionDims looks only at the map results that are plain
  // dimensions. The tiles stage the first input at n = 0 and the second at
  // m = 0, so neither may depend on that dimension otherwise (d1 mod 2),
  // and each output element must have one thread.
  if (op.getMatchingIndexingMap(op.getDpsInputOperand(0))
          .isFunctionOfDim(c.n) ||
      op.getMatchingIndexingMap(op.getDpsInputOperand(1))
          .isFunctionOfDim(c.m) ||
      !op.getMatchingIndexingMap(op.getDpsInitOperand(0))
           .isProjectedPermutation())
    return std::nullopt;
  return c;
}

/// Outputs per thread along m and along n in a tiled contraction, at most.
/// Per step along k a thread reads that many values of each input from
/// workgroup memory and combines every pair of them: 4 halves the
/// workgroup-memory reads per multiply-add of 2, which is what bounds a
/// GPU's matmul (and lavapipe's, whose every buffer read is costly).
constexpr int64_t kMaxPerThread = 4;

/// The workgroup memory every Vulkan device has (the minimum of
/// maxComputeSharedMemorySize; OpenCL guarantees more).
constexpr int64_t kWorkgroupMemoryBytes = 16384;

/// Outputs per thread along m and n for workgroups of side x side threads:
/// kMaxPerThread, halved while the two staged slices (perThread x side x
/// side elements of each input) would not fit the workgroup memory every
/// device has; 0 if even one does not (or an element size is unknown).
int64_t choosePerThread(int64_t side, Type lhsElement, Type rhsElement) {
  int64_t lhsBytes = imex::getElementBytes(lhsElement);
  int64_t rhsBytes = imex::getElementBytes(rhsElement);
  if (!lhsBytes || !rhsBytes)
    return 0;
  int64_t bytesPerStep = side * side * (lhsBytes + rhsBytes);
  int64_t perThread = kMaxPerThread;
  while (perThread > 0 && perThread * bytesPerStep > kWorkgroupMemoryBytes)
    perThread /= 2;
  return perThread;
}

/// A contraction with one workgroup of side x side threads per output tile
/// of (perThread side) x (perThread side) elements (a perThread x perThread
/// square per thread, strided by `side` so that neighbouring threads store
/// neighbouring elements), and a grid z over the batch. Per step of `side`
/// along k, the workgroup first copies the tile's slices of both inputs
/// into workgroup memory (perThread elements of each per thread,
/// consecutive threads reading consecutive addresses along the input's
/// innermost loop), then every thread combines its square from there.
void emitTiledContraction(OpBuilder &b, Location loc, const Reduction &r,
                          const Contraction &c, ArrayRef<Value> loopSizes,
                          int64_t side) {
  linalg::LinalgOp op = r.op;
  OpOperand *lhs = op.getDpsInputOperand(0);
  OpOperand *rhs = op.getDpsInputOperand(1);
  OpOperand *init = op.getDpsInitOperand(0);
  auto elementOf = [](OpOperand *operand) {
    return getElementTypeOrSelf(operand->get());
  };
  const int64_t perThread = c.perThread;
  const int64_t tile = perThread * side; // outputs per workgroup along m and n
  const int64_t threads = side * side;
  auto cst = [&](OpBuilder &cb, int64_t v) -> Value {
    return arith::ConstantIndexOp::create(cb, loc, v);
  };
  Value sizeM = loopSizes[c.m], sizeN = loopSizes[c.n], sizeK = loopSizes[c.k];
  Value one = cst(b, 1);
  Value batches = c.batch ? loopSizes[*c.batch] : one;
  auto launch = gpu::LaunchOp::create(
      b, loc, arith::CeilDivUIOp::create(b, loc, sizeN, cst(b, tile)),
      arith::CeilDivUIOp::create(b, loc, sizeM, cst(b, tile)), batches,
      cst(b, side), cst(b, side), one);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&launch.getBody().front());
  Value tx = launch.getThreadIds().x, ty = launch.getThreadIds().y;
  Value m0 =
      arith::MulIOp::create(b, loc, launch.getBlockIds().y, cst(b, tile));
  Value n0 =
      arith::MulIOp::create(b, loc, launch.getBlockIds().x, cst(b, tile));
  Value batch = launch.getBlockIds().z;
  Value tid = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, ty, cst(b, side)), tx);

  // Memory space 3: see emitTreeLaunch.
  auto workgroupMemory = [&](ArrayRef<int64_t> shape, Type type) -> Value {
    return memref::AllocOp::create(b, loc,
                                   MemRefType::get(shape, type,
                                                   MemRefLayoutAttrInterface(),
                                                   b.getI64IntegerAttr(3)));
  };
  Value lhsTile = workgroupMemory({tile, side}, elementOf(lhs));
  Value rhsTile = workgroupMemory({side, tile}, elementOf(rhs));

  // Loop indices for the body and the operands' maps.
  auto ivsAt = [&](Value m, Value n, Value k) {
    SmallVector<Value> ivs(op.getNumLoops());
    ivs[c.m] = m;
    ivs[c.n] = n;
    ivs[c.k] = k;
    if (c.batch)
      ivs[*c.batch] = batch;
    return ivs;
  };
  auto inBounds = [&](OpBuilder &ib, Value i, Value size, Value j,
                      Value size2) -> Value {
    return arith::AndIOp::create(
        ib, loc,
        arith::CmpIOp::create(ib, loc, arith::CmpIPredicate::ult, i, size),
        arith::CmpIOp::create(ib, loc, arith::CmpIPredicate::ult, j, size2));
  };
  Value zero = cst(b, 0);
  Value identity = arith::getIdentityValue(r.kind, elementOf(init), b, loc);
  SmallVector<Value> initial(perThread * perThread, identity);
  auto steps = scf::ForOp::create(
      b, loc, zero, sizeK, cst(b, side), initial,
      [&](OpBuilder &sb, Location, Value k0, ValueRange accs) {
        // Each thread copies elements tid + p threads (p < perThread) of both
        // slices; elements outside the arrays are left alone and never read.
        // Element e of a slice with `columns` columns starting at (row0,
        // col0) is (row0 + e / columns, col0 + e % columns).
        auto stage =
            [&](Value e, OpOperand *input, Value slice, int64_t columns,
                Value row0, Value rows, Value col0, Value cols,
                llvm::function_ref<SmallVector<Value>(Value, Value)> ivsOf) {
              Value row = arith::DivUIOp::create(sb, loc, e, cst(sb, columns));
              Value col = arith::RemUIOp::create(sb, loc, e, cst(sb, columns));
              Value gRow = arith::AddIOp::create(sb, loc, row0, row);
              Value gCol = arith::AddIOp::create(sb, loc, col0, col);
              scf::IfOp::create(sb, loc, inBounds(sb, gRow, rows, gCol, cols),
                                [&](OpBuilder &ib, Location) {
                                  Value v = loadInput(ib, loc, op, input,
                                                      ivsOf(gRow, gCol));
                                  memref::StoreOp::create(ib, loc, v, slice,
                                                          ValueRange{row, col});
                                  scf::YieldOp::create(ib, loc);
                                });
            };
        for (int64_t part = 0; part < perThread; ++part) {
          Value e =
              arith::AddIOp::create(sb, loc, tid, cst(sb, part * threads));
          stage(e, lhs, lhsTile, side, m0, sizeM, k0, sizeK,
                [&](Value m, Value k) { return ivsAt(m, zero, k); });
          stage(e, rhs, rhsTile, tile, k0, sizeK, n0, sizeN,
                [&](Value k, Value n) { return ivsAt(zero, n, k); });
        }
        gpu::BarrierOp::create(sb, loc);
        Value depth = arith::MinUIOp::create(
            sb, loc, cst(sb, side), arith::SubIOp::create(sb, loc, sizeK, k0));
        auto inner = scf::ForOp::create(
            sb, loc, cst(sb, 0), depth, cst(sb, 1), accs,
            [&](OpBuilder &kb, Location, Value kk, ValueRange blockAccs) {
              Value k = arith::AddIOp::create(kb, loc, k0, kk);
              // The square's `perThread` values of each input, each read once.
              SmallVector<Value> rows, cols, as, bs;
              for (int64_t i = 0; i < perThread; ++i) {
                rows.push_back(
                    arith::AddIOp::create(kb, loc, ty, cst(kb, i * side)));
                as.push_back(memref::LoadOp::create(kb, loc, lhsTile,
                                                    ValueRange{rows[i], kk}));
              }
              for (int64_t j = 0; j < perThread; ++j) {
                cols.push_back(
                    arith::AddIOp::create(kb, loc, tx, cst(kb, j * side)));
                bs.push_back(memref::LoadOp::create(kb, loc, rhsTile,
                                                    ValueRange{kk, cols[j]}));
              }
              SmallVector<Value> next;
              for (int64_t i = 0; i < perThread; ++i) {
                for (int64_t j = 0; j < perThread; ++j) {
                  Value m = arith::AddIOp::create(kb, loc, m0, rows[i]);
                  Value n = arith::AddIOp::create(kb, loc, n0, cols[j]);
                  Value v = emitBody(kb, r, {as[i], bs[j]}, ivsAt(m, n, k));
                  next.push_back(arith::getReductionOp(
                      r.kind, kb, loc, blockAccs[i * perThread + j], v));
                }
              }
              scf::YieldOp::create(kb, loc, next);
            });
        gpu::BarrierOp::create(sb, loc);
        scf::YieldOp::create(sb, loc, inner.getResults());
      });

  AffineMap outMap = op.getMatchingIndexingMap(init);
  for (int64_t i = 0; i < perThread; ++i) {
    for (int64_t j = 0; j < perThread; ++j) {
      Value m = arith::AddIOp::create(
          b, loc, m0, arith::AddIOp::create(b, loc, ty, cst(b, i * side)));
      Value n = arith::AddIOp::create(
          b, loc, n0, arith::AddIOp::create(b, loc, tx, cst(b, j * side)));
      Value total = steps.getResult(i * perThread + j);
      scf::IfOp::create(
          b, loc, inBounds(b, m, sizeM, n, sizeN),
          [&](OpBuilder &ib, Location) {
            std::optional<SmallVector<Value, 8>> indices =
                affine::expandAffineMap(ib, loc, outMap, ivsAt(m, n, zero));
            Value old = memref::LoadOp::create(ib, loc, init->get(), *indices);
            memref::StoreOp::create(
                ib, loc, arith::getReductionOp(r.kind, ib, loc, old, total),
                init->get(), *indices);
            scf::YieldOp::create(ib, loc);
          });
    }
  }
  gpu::TerminatorOp::create(b, loc);
}

/// `r.op` as a linalg.generic with its parallel loops outermost.
void moveParallelLoopsOutward(RewriterBase &rewriter, const Reduction &r) {
  SmallVector<unsigned> order(r.parallelDims);
  order.append(r.reductionDims);
  // A named op without a region builder keeps its loop order.
  (void)imex::interchangeLinalgLoops(rewriter, r.op, order);
}

/// True for an op inside the iterations of a parallel loop of its region
/// (an offloaded scf.forall's): each iteration is a thread, and the op
/// runs within it as loops, not as launches of its own.
bool isInParallelIterations(Operation *op) {
  for (Operation *parent = op->getParentOp();
       parent && !isa<imex::region::EnvironmentRegionOp>(parent);
       parent = parent->getParentOp())
    if (isa<scf::ForallOp, scf::ParallelOp>(parent))
      return true;
  return false;
}

struct ConvertRegionReductionsToGpuPass
    : imex::impl::ConvertRegionReductionsToGpuBase<
          ConvertRegionReductionsToGpuPass> {
  using Base::Base;

  void runOnOperation() override {
    if (!imex::region::isValidWorkgroupSize(workgroupSize)) {
      getOperation().emitError()
          << "workgroup-size must be a power of two up to 1024, got "
          << workgroupSize.getValue();
      return signalPassFailure();
    }
    SmallVector<Reduction> reductions;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (!imex::region::isInGpuRegion(op) ||
          op->getParentOfType<gpu::LaunchOp>() || isInParallelIterations(op))
        return;
      if (std::optional<Reduction> r = matchReduction(op))
        reductions.push_back(*r);
    });
    IRRewriter rewriter(&getContext());
    for (Reduction &r : reductions)
      rewrite(rewriter, r);
  }

  /// Workgroup reductions when there are few outputs and long reductions;
  /// otherwise tiles through workgroup memory for a contraction, one thread
  /// per output for other reductions. An scf.if decides when the sizes are
  /// not constants.
  void rewrite(IRRewriter &rewriter, Reduction &r) {
    Location loc = r.op.getLoc();
    rewriter.setInsertionPoint(r.op);
    SmallVector<Value> loopSizes;
    for (Range range : r.op.createLoopRanges(rewriter, loc))
      loopSizes.push_back(
          getValueOrCreateConstantIndexOp(rewriter, loc, range.size));
    auto sizesOf = [&](ArrayRef<unsigned> dims) {
      SmallVector<Value> sizes;
      for (unsigned dim : dims)
        sizes.push_back(loopSizes[dim]);
      return sizes;
    };
    SmallVector<Value> parallelSizes = sizesOf(r.parallelDims);
    SmallVector<Value> reductionSizes = sizesOf(r.reductionDims);
    Value outputs = product(rewriter, loc, parallelSizes);
    Value count = product(rewriter, loc, reductionSizes);
    int64_t threads = workgroupSize;
    if (unsigned own =
            imex::region::getEnclosingGpuEnv(r.op).getWorkgroupSize())
      threads = own;
    Value fewOutputs = rewriter.createOrFold<arith::CmpIOp>(
        loc, arith::CmpIPredicate::ult, outputs,
        arith::ConstantIndexOp::create(rewriter, loc, minParallelOutputs));
    Value longReduction = rewriter.createOrFold<arith::CmpIOp>(
        loc, arith::CmpIPredicate::uge, count,
        arith::ConstantIndexOp::create(rewriter, loc, threads));
    // One-thread workgroups have no tree to build.
    Value useWorkgroups =
        threads == 1
            ? arith::ConstantIntOp::create(rewriter, loc, 0, 1).getResult()
            : rewriter.createOrFold<arith::AndIOp>(loc, fewOutputs,
                                                   longReduction);

    // With many outputs a contraction tiles through workgroup memory; other
    // reductions give each output a thread.
    std::optional<Contraction> contraction;
    if (threads >= 4)
      contraction = matchContraction(r);
    int64_t side = int64_t(1) << (llvm::Log2_64(threads) / 2);
    if (contraction) {
      contraction->perThread = choosePerThread(
          side, getElementTypeOrSelf(r.op.getDpsInputOperand(0)->get()),
          getElementTypeOrSelf(r.op.getDpsInputOperand(1)->get()));
      if (!contraction->perThread)
        contraction.reset();
    }
    std::optional<gpu::AllReduceOperation> subgroupOp;
    if (subgroups)
      subgroupOp = subgroupOperation(
          r.kind, cast<MemRefType>(r.op.getDpsInitOperand(0)->get().getType())
                      .getElementType());

    std::optional<int64_t> decided = getConstantIntValue(useWorkgroups);
    if (decided && *decided) {
      emitWorkgroupReduction(rewriter, loc, r, parallelSizes, reductionSizes,
                             outputs, count, threads, subgroupOp, vectorize);
      rewriter.eraseOp(r.op);
      return;
    }
    if (decided) {
      if (!contraction)
        return moveParallelLoopsOutward(rewriter, r);
      emitTiledContraction(rewriter, loc, r, *contraction, loopSizes, side);
      rewriter.eraseOp(r.op);
      return;
    }
    auto choice = scf::IfOp::create(
        rewriter, loc, useWorkgroups,
        [&](OpBuilder &b, Location l) {
          emitWorkgroupReduction(b, l, r, parallelSizes, reductionSizes,
                                 outputs, count, threads, subgroupOp,
                                 vectorize);
          scf::YieldOp::create(b, l);
        },
        [&](OpBuilder &b, Location l) {
          if (contraction)
            emitTiledContraction(b, l, r, *contraction, loopSizes, side);
          scf::YieldOp::create(b, l);
        });
    if (contraction) {
      rewriter.eraseOp(r.op);
      return;
    }
    rewriter.moveOpBefore(r.op, choice.elseBlock()->getTerminator());
    moveParallelLoopsOutward(rewriter, r);
  }
};

} // namespace
