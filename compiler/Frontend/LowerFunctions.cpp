//===- LowerFunctions.cpp - .nda to MLIR: functions and variables ---------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "imex/Dialect/NDArray/IR/NDArray.h"
#include "imex/Dialect/Nda/IR/Nda.h"
#include "imex/Dialect/Region/IR/Region.h"
#include "imex/Transforms/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

namespace imex::nda {

Type Lowering::mlirScalar(ScalarKind k) {
  switch (k) {
  case ScalarKind::Bool:
    return builder.getI1Type();
  case ScalarKind::I8:
  case ScalarKind::U8:
    return builder.getI8Type();
  case ScalarKind::I16:
  case ScalarKind::U16:
    return builder.getI16Type();
  case ScalarKind::I32:
  case ScalarKind::U32:
    return builder.getI32Type();
  case ScalarKind::I64:
  case ScalarKind::U64:
    return builder.getI64Type();
  case ScalarKind::Index:
    return builder.getIndexType();
  case ScalarKind::F16:
    return builder.getF16Type();
  case ScalarKind::F32:
    return builder.getF32Type();
  case ScalarKind::F64:
    return builder.getF64Type();
  }
  return {};
}

Attribute Lowering::envEncoding(bool gpu, StringRef device) {
  if (!gpu)
    return {};
  Attribute env = region::GPUEnvAttr::get(ctx, StringAttr::get(ctx, device));
  return ndarray::EnvsAttr::get(ctx, {env});
}

RankedTensorType Lowering::tensorType(ScalarKind k, ArrayRef<int64_t> shape) {
  return RankedTensorType::get(shape, mlirScalar(k), encoding);
}

Type Lowering::mlirType(const Ty &t) {
  if (t.isArray())
    return tensorType(t.elem, t.shape);
  return mlirScalar(t.elem);
}

void Lowering::declare(FuncDef &def) {
  FuncInfo info;
  info.def = &def;
  // A distributed def on the GPU keeps plain tensors (partitioning drops
  // encodings) and has its per-process work offloaded instead.
  bool twin = def.gpu && !def.distributed;
  info.encoding = envEncoding(twin, def.device);
  Attribute saved = encoding;
  encoding = info.encoding;
  SmallVector<Type> argTypes, resultTypes;
  for (const Ty &ty : def.paramTys)
    argTypes.push_back(mlirType(ty));
  for (const Ty &ty : def.resultTys)
    resultTypes.push_back(mlirType(ty));
  encoding = saved;
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToEnd(module->getBody());
  FunctionType type = builder.getFunctionType(argTypes, resultTypes);
  if (twin) {
    info.entry = func::FuncOp::create(builder, loc(def.loc), def.name,
                                      withEncoding(type, {}));
    info.op =
        func::FuncOp::create(builder, loc(def.loc), def.name + ".gpu", type);
    info.op.setPrivate();
  } else {
    info.op = func::FuncOp::create(builder, loc(def.loc), def.name, type);
    if (def.gpu)
      info.op->setAttr(kOffloadDeviceAttr, builder.getStringAttr(def.device));
  }
  // The C header spells unsigned elements as uint8_t ... uint64_t.
  func::FuncOp exported = twin ? info.entry : info.op;
  for (auto [i, ty] : llvm::enumerate(def.paramTys))
    if (isUnsigned(ty.elem))
      exported.setArgAttr(i, "imexc.unsigned", builder.getUnitAttr());
  for (auto [i, ty] : llvm::enumerate(def.resultTys))
    if (isUnsigned(ty.elem))
      exported.setResultAttr(i, "imexc.unsigned", builder.getUnitAttr());
  functions[def.name] = std::move(info);
}

FunctionType Lowering::withEncoding(FunctionType type, Attribute encoding) {
  auto convert = [&](TypeRange types) {
    SmallVector<Type> converted;
    for (Type t : types) {
      auto tensor = dyn_cast<RankedTensorType>(t);
      converted.push_back(
          tensor ? RankedTensorType::get(tensor.getShape(),
                                         tensor.getElementType(), encoding)
                 : t);
    }
    return converted;
  };
  return builder.getFunctionType(convert(type.getInputs()),
                                 convert(type.getResults()));
}

void Lowering::defineGpuEntry(FuncInfo &info) {
  Location l = info.entry.getLoc();
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(info.entry.addEntryBlock());
  SmallVector<Value> operands;
  for (auto [arg, type] :
       llvm::zip(info.entry.getArguments(), info.op.getArgumentTypes()))
    operands.push_back(arg.getType() == type
                           ? (Value)arg
                           : ndarray::CopyOp::create(builder, l, type, arg));
  auto call = func::CallOp::create(builder, l, info.op, operands);
  for (auto [arg, onDevice, updated] :
       llvm::zip(info.entry.getArguments(), operands, info.updatesParam))
    if (updated && arg != onDevice)
      writeWhole(arg, onDevice, l);
  SmallVector<Value> results;
  for (auto [result, type] :
       llvm::zip(call.getResults(), info.entry.getResultTypes()))
    results.push_back(result.getType() == type
                          ? (Value)result
                          : ndarray::CopyOp::create(builder, l, type, result));
  func::ReturnOp::create(builder, l, results);
}

bool Lowering::mayViewInto(const Expr &e, const llvm::StringSet<> &names) {
  switch (e.kind) {
  case Expr::Name:
    return names.contains(e.name);
  case Expr::Subscript:
    return mayViewInto(*e.children[0], names);
  case Expr::Call:
    return e.children[0]->kind == Expr::Attribute &&
           (e.children[0]->name == "reshape" ||
            e.children[0]->name == "ravel") &&
           mayViewInto(*e.children[0]->children[0], names);
  case Expr::Conditional:
    return mayViewInto(*e.children[0], names) ||
           mayViewInto(*e.children[2], names);
  default:
    return false;
  }
}

bool Lowering::mayBeView(const Expr &e) {
  switch (e.kind) {
  case Expr::Name:
    return viewNames.contains(e.name);
  case Expr::Subscript:
    return true;
  case Expr::Call:
    return e.children[0]->kind == Expr::Attribute &&
           (e.children[0]->name == "reshape" ||
            e.children[0]->name == "ravel") &&
           mayBeView(*e.children[0]->children[0]);
  case Expr::Conditional:
    return mayBeView(*e.children[0]) || mayBeView(*e.children[2]);
  default:
    return false;
  }
}

void Lowering::addAssignedNames(const FuncDef &def, llvm::StringSet<> &names,
                                llvm::function_ref<bool(const Expr &)> holds) {
  for (bool grew = true; grew;) {
    grew = false;
    forEachStmt(def.body, [&](const Stmt &s) {
      if (s.kind != Stmt::Assign)
        return;
      const Expr &value = *s.value;
      bool unpacked = s.unpack && value.kind == Expr::Tuple &&
                      value.children.size() == s.targets.size();
      for (size_t i = 0; i < s.targets.size(); ++i)
        if (s.targets[i]->kind == Expr::Name &&
            holds(unpacked ? *value.children[i] : value))
          grew |= names.insert(s.targets[i]->name).second;
    });
  }
}

void Lowering::findViews(const FuncDef &def) {
  viewNames.clear();
  addAssignedNames(def, viewNames, [&](const Expr &e) { return mayBeView(e); });
}

void Lowering::findUpdatedParams() {
  for (auto &[name, info] : functions)
    info.updatesParam.assign(info.def->params.size(), false);
  for (bool grew = true; grew;) {
    grew = false;
    for (auto &[name, info] : functions)
      for (auto [updated, param] :
           llvm::zip(info.updatesParam, info.def->params))
        if (!updated && mayUpdate(*info.def, param.name))
          grew = updated = true;
  }
}

bool Lowering::mayUpdate(const FuncDef &def, StringRef param) {
  llvm::StringSet<> aliases;
  aliases.insert(param);
  auto aliasing = [&](const Expr &e) { return mayViewInto(e, aliases); };
  addAssignedNames(def, aliases, aliasing);
  bool updated = false;
  auto passedToCalls = [&](const Expr &e) {
    forEachExpr(e, [&](const Expr &c) {
      if (c.kind != Expr::Call)
        return;
      // a.sort() sorts in place.
      if (c.children[0]->kind == Expr::Attribute &&
          c.children[0]->name == "sort")
        updated |= aliasing(*c.children[0]->children[0]);
      if (c.children[0]->kind != Expr::Name)
        return;
      auto callee = functions.find(c.children[0]->name);
      if (callee == functions.end())
        return;
      const std::vector<bool> &calleeUpdates = callee->second.updatesParam;
      for (size_t i = 1; i < c.children.size(); ++i)
        updated |= i - 1 < calleeUpdates.size() && calleeUpdates[i - 1] &&
                   aliasing(*c.children[i]);
    });
  };
  forEachStmt(def.body, [&](const Stmt &s) {
    for (const ExprPtr &target : s.targets) {
      if (s.kind == Stmt::AugAssign ||
          (s.kind == Stmt::Assign && target->kind == Expr::Subscript))
        updated |= aliasing(*target);
      passedToCalls(*target);
    }
    if (s.value)
      passedToCalls(*s.value);
    for (const ExprPtr &arg : s.rangeArgs)
      passedToCalls(*arg);
  });
  return updated;
}

void Lowering::writeWhole(Value dest, Value source, Location l) {
  auto type = cast<RankedTensorType>(dest.getType());
  SmallVector<OpFoldResult> offsets, sizes, strides;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    offsets.push_back(builder.getIndexAttr(0));
    sizes.push_back(tensor::getMixedSize(builder, l, dest, d));
    strides.push_back(builder.getIndexAttr(1));
  }
  ndarray::InsertSliceOp::create(builder, l, dest, source, offsets, sizes,
                                 strides);
}

Location Lowering::loc(SMLoc at) {
  // Line/column locations inside the source file.
  auto &sm = sourceMgr;
  auto lc = sm.getLineAndColumn(at, bufferId);
  return FileLineColLoc::get(ctx, fileName, lc.first, lc.second);
}

void Lowering::define(FuncDef &def) {
  FuncInfo &info = functions[def.name];
  current = &info;
  encoding = info.encoding;
  vars.clear();
  dims.clear();
  loops.clear();
  findViews(def);
  returnFlag = {};
  resultSlots.clear();
  Block *entry = info.op.addEntryBlock();
  builder.setInsertionPointToStart(entry);
  entryBlock = entry;
  Location fl = loc(def.loc);

  // Parameters; named dimensions are bound to their first occurrence and
  // checked for equality at entry.
  for (auto [i, p] : llvm::enumerate(def.params)) {
    Value arg = entry->getArgument(i);
    const Ty &ty = def.paramTys[i];
    bindNew(p.binding, p.name, p.varTy, TV{ty, arg, {}}, fl);
    if (!ty.isArray())
      continue;
    for (auto [d, spec] : llvm::enumerate(p.type.dims)) {
      if (spec.kind != DimSpec::Named)
        continue;
      Value size = tensor::DimOp::create(builder, loc(spec.loc), arg, d);
      auto it = dims.find(spec.name);
      if (it == dims.end()) {
        dims[spec.name] = size;
        continue;
      }
      checkAtRunTime(arith::CmpIPredicate::eq, it->second, size,
                     "dimension '" + spec.name + "' of '" + p.name +
                         "' differs from an earlier parameter's",
                     loc(spec.loc));
    }
  }

  // A function that returns only at its end returns directly; one with
  // other returns records the values and a "returned" flag that stops the
  // rest of the function, and returns at its end.
  // (A body that never ends, e.g. `while True:` that only returns, also
  // returns through the variables: its end needs a terminator.)
  ArrayRef<StmtPtr> body(def.body);
  bool endsInReturn = !body.empty() && body.back()->kind == Stmt::Return;
  bool returnsAtEnd = alwaysJumps(def.body, /*loopJumps=*/false);
  bool onlyFinalReturn = endsInReturn
                             ? !listHolds(body.drop_back(), Stmt::Return)
                             : !listHolds(body, Stmt::Return) && !returnsAtEnd;
  if (!onlyFinalReturn) {
    returnFlag = makeFlag("returned", fl);
    for (auto [i, type] : llvm::enumerate(info.op.getResultTypes()))
      resultSlots.push_back(makeSlot(type, "result" + std::to_string(i), fl));
  }
  emitBlock(def.body);
  if (!onlyFinalReturn) {
    SmallVector<Value> results;
    for (Value slot : resultSlots)
      results.push_back(nda::LoadOp::create(builder, fl, slot));
    func::ReturnOp::create(builder, fl, results);
  } else if (!returnsAtEnd) {
    func::ReturnOp::create(builder, fl);
  }
  current = nullptr;
}

void Lowering::bindNew(unsigned binding, StringRef name, const Ty &ty,
                       const TV &value, Location l) {
  Value stored = value.value;
  if (ty.isArray()) {
    auto valueType = cast<RankedTensorType>(stored.getType());
    auto type = RankedTensorType::get(ty.shape, valueType.getElementType(),
                                      valueType.getEncoding());
    if (type != valueType)
      stored = tensor::CastOp::create(builder, l, type, stored);
  } else {
    stored = castScalar(stored, value.ty.elem, ty.elem, l);
  }
  Value slot = makeSlot(stored.getType(), name, l);
  vars[binding] = Var{ty, slot};
  nda::StoreOp::create(builder, l, stored, slot);
}

Value Lowering::makeSlot(Type type, StringRef name, Location l) {
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(entryBlock);
  return nda::VarOp::create(builder, l, nda::RefType::get(type),
                            builder.getStringAttr(name));
}

Value Lowering::makeFlag(StringRef name, Location l) {
  Value flag = makeSlot(builder.getI1Type(), name, l);
  setFlag(flag, false, l);
  return flag;
}

void Lowering::setFlag(Value flag, bool value, Location l) {
  nda::StoreOp::create(
      builder, l, arith::ConstantIntOp::create(builder, l, value, 1), flag);
}

Type Lowering::slotType(const Var &var) {
  return cast<nda::RefType>(var.slot.getType()).getElementType();
}

Value Lowering::load(const Var &var, Location l) {
  return nda::LoadOp::create(builder, l, var.slot);
}
} // namespace imex::nda
