//===- Passes.td - region dialect transforms ------------------------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef IMEX_REGION_PASSES
#define IMEX_REGION_PASSES

include "mlir/Pass/PassBase.td"

def DropRegions : Pass<"drop-regions"> {
  let summary = "Inline every region.env_region into its parent";
  let description = [{
    Removes all `region.env_region` ops, whatever their environment and at
    any nesting depth: each body is inlined in front of its op and the
    results are replaced by the yielded values. Run it once the environment
    annotations have served their purpose.
  }];
  let dependentDialects = ["::imex::region::RegionDialect"];
}

#endif // IMEX_REGION_PASSES
