//===- FinishShardToMPI.cpp - complete a program lowered to MPI -----------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "MPIHelpers.h"
#include "imex/Conversion/Passes.h"
#include "imex/Support/DialectUse.h"
#include "imex/Support/Shardings.h"
#include "imex/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MPI/IR/MPI.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"

namespace imex {
#define GEN_PASS_DEF_FINISHSHARDTOMPI
#include "imex/Conversion/Passes.h.inc"
} // namespace imex

using namespace mlir;

namespace {

/// The DLTI key the MPI-to-LLVM lowering reads.
constexpr llvm::StringLiteral kMPIImplementationKey = "MPI:Implementation";

/// The runtime function that gives each process its share of the cores.
constexpr llvm::StringLiteral kShareCoresFunction =
    "imexrtShareCoresWithLocalProcesses";

/// The grids a partitioned function works on (partition-sharded-functions).
constexpr llvm::StringLiteral kGridsAttr = "imexc.grids";

/// Stops every process when `processes` (the number of processes, i32)
/// is not the number `grid` needs; grids of dynamic shape fit any number.
void checkProcessCount(OpBuilder &b, Value processes, shard::GridOp grid) {
  std::optional<int64_t> size = imex::fixedProcessCount(grid);
  if (!size)
    return;
  Location loc = grid.getLoc();
  Value expected = arith::ConstantIntOp::create(b, loc, *size, 32);
  Value matches = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                        processes, expected);
  cf::AssertOp::create(b, loc, matches,
                       (imex::runTimeCheckPrefix(loc) + "shard.grid @" +
                        grid.getSymName() + " needs " + Twine(*size) +
                        " processes: run the program with mpiexec -n " +
                        Twine(*size))
                           .str());
}

struct FinishShardToMPIPass
    : imex::impl::FinishShardToMPIBase<FinishShardToMPIPass> {
  using Base::Base;

  LogicalResult initializeOptions(
      StringRef options,
      function_ref<LogicalResult(const Twine &)> errorHandler) override {
    if (failed(Pass::initializeOptions(options, errorHandler)))
      return failure();
    if (!isKnownImplementation())
      return errorHandler(unknownImplementation());
    return success();
  }

  bool isKnownImplementation() const {
    return implementation == "mpich" || implementation == "openmpi";
  }
  std::string unknownImplementation() const {
    return "unknown MPI implementation '" + implementation +
           "' (expected mpich or openmpi)";
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Options set in C++ (the pipelines) skip initializeOptions.
    if (!isKnownImplementation()) {
      module.emitError(unknownImplementation());
      return signalPassFailure();
    }
    SmallVector<shard::GridOp> grids;
    bool leftOver = false;
    module.walk([&](Operation *op) {
      if (auto grid = dyn_cast<shard::GridOp>(op)) {
        grids.push_back(grid);
      } else if (isa_and_nonnull<shard::ShardDialect>(op->getDialect())) {
        op->emitOpError("has no MPI lowering (convert-shard-to-mpi left it)");
        leftOver = true;
      }
    });
    if (leftOver || failed(flattenBuffers(module)))
      return signalPassFailure();
    repairHaloExchangeSizes(module);

    if (imex::usesDialect(module, "mpi")) {
      nameImplementation(module);
      auto main = module.lookupSymbol<func::FuncOp>("main");
      if (main && main.isExternal())
        main = nullptr;
      setUpOnFirstCall(module, main);
      if (main)
        setUpMPI(main, grids);
      printOnRankZero(module);
    }
    module.walk([](func::FuncOp func) { func->removeAttr(kGridsAttr); });
    for (shard::GridOp grid : grids)
      grid.erase();
  }

  /// convert-shard-to-mpi (LLVM 22) lowers a halo exchange on a buffer of
  /// dynamic shape (uneven splits) asking its sizes with memref.dim at
  /// index kDynamic instead of the dimension's: it asks for each dynamic
  /// dimension in order, right after taking the buffer, so the k-th such
  /// query of a buffer is its k-th dynamic dimension.
  static void repairHaloExchangeSizes(ModuleOp module) {
    llvm::SmallDenseMap<Value, unsigned> asked;
    module.walk([&](memref::DimOp dim) {
      std::optional<int64_t> index = dim.getConstantIndex();
      auto type = dyn_cast<MemRefType>(dim.getSource().getType());
      if (!index || *index != ShapedType::kDynamic || !type ||
          type.getNumDynamicDims() == 0)
        return;
      // Each exchange on the buffer asks again, from its first dimension.
      unsigned k = asked[dim.getSource()]++ % type.getNumDynamicDims();
      for (int64_t d = 0; d < type.getRank(); ++d) {
        if (!type.isDynamicDim(d) || k-- != 0)
          continue;
        OpBuilder b(dim);
        dim.getIndexMutable().assign(
            arith::ConstantIndexOp::create(b, dim.getLoc(), d));
        return;
      }
    });
  }

  /// MPI's LLVM lowering sends as many elements as a buffer's first
  /// dimension has: give every MPI op one-dimensional buffers.
  static LogicalResult flattenBuffers(ModuleOp module) {
    WalkResult result = module.walk([](Operation *op) {
      if (!isa_and_nonnull<mpi::MPIDialect>(op->getDialect()))
        return WalkResult::advance();
      OpBuilder b(op);
      llvm::SmallDenseMap<Value, Value> flat;
      for (OpOperand &operand : op->getOpOperands()) {
        auto type = dyn_cast<MemRefType>(operand.get().getType());
        if (!type || type.getRank() == 1)
          continue;
        if (!flat.count(operand.get())) {
          FailureOr<Value> buffer = flatten(b, op->getLoc(), operand.get());
          if (failed(buffer)) {
            op->emitOpError("needs a contiguous buffer, not ") << type;
            return WalkResult::interrupt();
          }
          flat[operand.get()] = *buffer;
        }
        operand.set(flat[operand.get()]);
      }
      return WalkResult::advance();
    });
    return failure(result.wasInterrupted());
  }

  /// `buffer` as a one-dimensional memref over the same elements.
  static FailureOr<Value> flatten(OpBuilder &b, Location loc, Value buffer) {
    auto type = cast<MemRefType>(buffer.getType());
    if (!type.getLayout().isIdentity())
      return failure();
    if (type.getRank() == 0)
      return memref::ExpandShapeOp::create(
                 b, loc, MemRefType::get({1}, type.getElementType()), buffer,
                 ArrayRef<ReassociationIndices>{},
                 ArrayRef<OpFoldResult>{b.getIndexAttr(1)})
          .getResult();
    ReassociationIndices all =
        llvm::to_vector(llvm::seq<int64_t>(0, type.getRank()));
    // One dynamic size makes the whole dynamic (upstream's inference would
    // make memref<?x0xf32> static).
    int64_t size =
        type.hasStaticShape() ? type.getNumElements() : ShapedType::kDynamic;
    return memref::CollapseShapeOp::create(
               b, loc, MemRefType::get({size}, type.getElementType()), buffer,
               ArrayRef<ReassociationIndices>{all})
        .getResult();
  }

  void nameImplementation(ModuleOp module) {
    MLIRContext *ctx = module.getContext();
    // The input's own map keeps its entries (and its implementation, if
    // it names one); MPI's lowering reports a map without one as an error.
    SmallVector<DataLayoutEntryInterface> entries;
    if (auto map = module->getAttrOfType<MapAttr>(DLTIDialect::kMapAttrName)) {
      if (succeeded(map.query(StringAttr::get(ctx, kMPIImplementationKey))))
        return;
      llvm::append_range(entries, map.getEntries());
    } else if (module->hasAttr(DLTIDialect::kMapAttrName)) {
      return; // another kind of specification: left to the input
    }
    entries.push_back(DataLayoutEntryAttr::get(
        StringAttr::get(ctx, kMPIImplementationKey),
        StringAttr::get(ctx, implementation == "mpich" ? "MPICH" : "OpenMPI")));
    module->setAttr(DLTIDialect::kMapAttrName, MapAttr::get(ctx, entries));
  }

  /// MPI_Init first, a check of the process count against each static
  /// grid, MPI_Finalize before every return.
  void setUpMPI(func::FuncOp main, ArrayRef<shard::GridOp> grids) {
    MLIRContext *ctx = main.getContext();
    OpBuilder b(ctx);
    b.setInsertionPointToStart(&main.getBody().front());
    Location loc = main.getLoc();
    mpi::InitOp::create(b, loc, Type());
    setUpProcess(b, loc, grids);
    main.walk([&](func::ReturnOp ret) {
      b.setInsertionPoint(ret);
      mpi::FinalizeOp::create(b, ret.getLoc(), Type());
    });
  }

  /// Exported distributed functions (called from C or C++, which set up
  /// MPI) prepare the process on their first call, as main does after
  /// MPI_Init: OpenMP threads share the cores with the other processes on
  /// the machine, and the number of processes must equal the size of each
  /// static grid the function works on. A global flag per function
  /// remembers the first call.
  void setUpOnFirstCall(ModuleOp module, func::FuncOp main) {
    SymbolTable symbols(module);
    OpBuilder moduleBuilder = OpBuilder::atBlockBegin(module.getBody());
    for (auto func : module.getOps<func::FuncOp>()) {
      auto used = func->getAttrOfType<ArrayAttr>(kGridsAttr);
      if (func.isExternal() || func.isPrivate() || func == main || !used)
        continue;
      SmallVector<shard::GridOp> grids;
      for (auto name : used.getAsRange<FlatSymbolRefAttr>())
        if (auto grid = symbols.lookup<shard::GridOp>(name.getValue()))
          grids.push_back(grid);
      Location loc = func.getLoc();
      auto flagType = MemRefType::get({}, moduleBuilder.getI8Type());
      auto flag = memref::GlobalOp::create(
          moduleBuilder, loc, ("__imexc_called_" + func.getSymName()).str(),
          moduleBuilder.getStringAttr("private"), flagType,
          DenseElementsAttr::get(
              RankedTensorType::get({}, moduleBuilder.getI8Type()),
              moduleBuilder.getI8IntegerAttr(0).getValue()),
          /*constant=*/false, /*alignment=*/nullptr);
      symbols.insert(flag);

      OpBuilder b = OpBuilder::atBlockBegin(&func.getBody().front());
      Value flagBuffer =
          memref::GetGlobalOp::create(b, loc, flagType, flag.getSymName());
      Value called = memref::LoadOp::create(b, loc, flagBuffer);
      Value first =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, called,
                                arith::ConstantIntOp::create(b, loc, 0, 8));
      auto ifFirst = scf::IfOp::create(b, loc, first, /*withElse=*/false);
      OpBuilder then = ifFirst.getThenBodyBuilder();
      setUpProcess(then, loc, grids);
      memref::StoreOp::create(
          then, loc, arith::ConstantIntOp::create(then, loc, 1, 8), flagBuffer);
    }
  }

  /// What every process does once: share the cores, check static grids.
  static void setUpProcess(OpBuilder &b, Location loc,
                           ArrayRef<shard::GridOp> grids) {
    auto module = b.getBlock()->getParentOp()->getParentOfType<ModuleOp>();
    auto share = module.lookupSymbol<func::FuncOp>(kShareCoresFunction);
    if (!share) {
      OpBuilder atModule = OpBuilder::atBlockBegin(module.getBody());
      share = func::FuncOp::create(atModule, loc, kShareCoresFunction,
                                   atModule.getFunctionType({}, {}));
      share.setPrivate();
    }
    func::CallOp::create(b, loc, share, ValueRange{});
    if (llvm::none_of(grids, [](shard::GridOp grid) {
          return imex::fixedProcessCount(grid).has_value();
        }))
      return;
    Value processes = imex::buildProcessCount(b, loc);
    for (shard::GridOp grid : grids)
      checkProcessCount(b, processes, grid);
  }

  /// Output functions (MLIR's print* and the .nda printers imexrtPrint*)
  /// run on rank 0 only.
  static void printOnRankZero(ModuleOp module) {
    SmallVector<func::CallOp> prints;
    module.walk([&](func::CallOp call) {
      auto callee = module.lookupSymbol<func::FuncOp>(call.getCallee());
      if (callee && callee.isExternal() && call.getNumResults() == 0 &&
          (callee.getSymName().starts_with("print") ||
           callee.getSymName().starts_with("imexrtPrint")))
        prints.push_back(call);
    });
    for (func::CallOp call : prints) {
      OpBuilder b(call);
      Location loc = call.getLoc();
      Value rank = imex::buildWorldRank(b, loc);
      Value zero = arith::ConstantIntOp::create(b, loc, 0, 32);
      Value first =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rank, zero);
      auto onFirst = scf::IfOp::create(b, loc, first, /*withElse=*/false);
      call->moveBefore(onFirst.thenBlock()->getTerminator());
    }
  }
};

} // namespace
