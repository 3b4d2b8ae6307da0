// Every named pipeline is registered with imex-opt and its text parses.
// RUN: imex-opt %s --ndarray | FileCheck %s --check-prefix=REGION
// RUN: imex-opt %s --region | FileCheck %s --check-prefix=REGION
// RUN: imex-opt %s --host | FileCheck %s --check-prefix=HOST
// RUN: not imex-opt %s --pass-pipeline="builtin.module(host{x=1})" 2>&1 | FileCheck %s --check-prefix=OPTS

// REGION: func.func @empty()
// HOST: llvm.func @empty()
// OPTS: pipeline 'host' takes no options
func.func @empty() {
  return
}
