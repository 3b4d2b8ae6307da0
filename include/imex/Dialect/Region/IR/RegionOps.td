//===- RegionOps.td - region dialect: environments around op groups -------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// `region.env_region` wraps a group of ops and tags it with an environment
// attribute (typically #region.gpu_env) that later passes interpret.
//
//===----------------------------------------------------------------------===//

#ifndef IMEX_REGION_OPS
#define IMEX_REGION_OPS

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Region_Dialect : Dialect {
  let name = "region";
  let cppNamespace = "::imex::region";
  let summary = "Environment annotations for groups of operations";
  let description = [{
    Wraps a group of operations in a single-block region that carries an
    environment attribute. The region executes exactly once and is not
    isolated from above.
  }];
  let useDefaultAttributePrinterParser = 1;
  let hasCanonicalizer = 0;
}

class Region_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Region_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

def Region_GPUEnvAttr : Region_Attr<"GPUEnv", "gpu_env"> {
  let summary = "GPU execution environment";
  let description = [{
    Marks code and data as placed on the GPU named by `device`:
    `#region.gpu_env<device = "XeGPU">`. The optional `workgroup_size`
    (a power of two up to 1024) sets how many threads each kernel of the
    region runs per workgroup; without it the pipeline chooses
    (`#region.gpu_env<device = "XeGPU", workgroup_size = 64>`).
  }];
  let parameters = (ins "::mlir::StringAttr":$device,
      DefaultValuedParameter<"unsigned", "0",
                             "threads per workgroup; 0: the pipeline's choice">
          :$workgroup_size);
  let builders = [
    AttrBuilder<(ins "::mlir::StringAttr":$device), [{
      return $_get($_ctxt, device, 0);
    }]>
  ];
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

def SingleBlockWithoutArgs : Region<
    And<[SizedRegion<1>.predicate,
         CPred<"$_self.front().getNumArguments() == 0">]>,
    "region with 1 block without arguments">;

class Region_Op<string mnemonic, list<Trait> traits = []>
    : Op<Region_Dialect, mnemonic, traits>;

def Region_EnvironmentRegionOp : Region_Op<"env_region", [
    DeclareOpInterfaceMethods<RegionBranchOpInterface>,
    SingleBlockImplicitTerminator<"::imex::region::EnvironmentRegionYieldOp">,
    RecursiveMemoryEffects]> {
  let summary = "Executes its body once inside the given environment";
  let description = [{
    ```mlir
    %r = region.env_region #region.gpu_env<device = "g"> %a : index -> i32 {
      ...
      region.env_region_yield %v : i32
    }
    ```
    `args` annotate the region (e.g. the arrays it works on); they are not
    forwarded into the body, which uses outer values directly.
  }];

  let arguments = (ins AnyAttr:$environment, Variadic<AnyType>:$args);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SingleBlockWithoutArgs:$region);

  let assemblyFormat = [{
    attr-dict $environment ($args^ `:` type($args))? (`->` type($results)^)?
    $region
  }];

  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::mlir::Attribute":$environment,
      CArg<"::mlir::ValueRange", "{}">:$args,
      CArg<"::mlir::TypeRange", "{}">:$resultTypes,
      CArg<"::llvm::function_ref<void(::mlir::OpBuilder &, ::mlir::Location)>",
           "nullptr">:$bodyBuilder)>
  ];

  let extraClassDeclaration = [{
    /// Moves the body in front of this op, replaces the results with the
    /// yielded values and erases the op.
    static void inlineIntoParent(::mlir::PatternRewriter &rewriter,
                                 EnvironmentRegionOp op);
  }];

  let hasCanonicalizer = 1;
}

def Region_EnvironmentRegionYieldOp : Region_Op<"env_region_yield", [
    Pure, ReturnLike, Terminator, HasParent<"EnvironmentRegionOp">]> {
  let summary = "Returns values from an env_region";
  let arguments = (ins Variadic<AnyType>:$results);
  let builders = [OpBuilder<(ins), [{ /* nothing to yield */ }]>];
  let assemblyFormat = "attr-dict ($results^ `:` type($results))?";
}

#endif // IMEX_REGION_OPS
