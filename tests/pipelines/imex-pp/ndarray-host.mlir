// IMEX's host pipeline file format runs unchanged: every ndarray program of
// tests/pipelines/ndarray, compiled through an IMEX-style ndarray.pp (with
// IMEX's imex-remove-temporaries), prints what its own CHECK lines expect.
// RUN: imex-opt --pass-pipeline="$(%imex-pp-pipeline %S/Inputs/ndarray.pp)" %S/../ndarray/cast-copy.mlir | %host-run | FileCheck %S/../ndarray/cast-copy.mlir
// RUN: imex-opt --pass-pipeline="$(%imex-pp-pipeline %S/Inputs/ndarray.pp)" %S/../ndarray/cast-float-int.mlir | %host-run | FileCheck %S/../ndarray/cast-float-int.mlir
// RUN: imex-opt --pass-pipeline="$(%imex-pp-pipeline %S/Inputs/ndarray.pp)" %S/../ndarray/cast-float-width.mlir | %host-run | FileCheck %S/../ndarray/cast-float-width.mlir
// RUN: imex-opt --pass-pipeline="$(%imex-pp-pipeline %S/Inputs/ndarray.pp)" %S/../ndarray/constant-base.mlir | %host-run | FileCheck %S/../ndarray/constant-base.mlir
// RUN: imex-opt --pass-pipeline="$(%imex-pp-pipeline %S/Inputs/ndarray.pp)" %S/../ndarray/copy-independent.mlir | %host-run | FileCheck %S/../ndarray/copy-independent.mlir
// RUN: imex-opt --pass-pipeline="$(%imex-pp-pipeline %S/Inputs/ndarray.pp)" %S/../ndarray/delete.mlir | %host-run | FileCheck %S/../ndarray/delete.mlir
// RUN: imex-opt --pass-pipeline="$(%imex-pp-pipeline %S/Inputs/ndarray.pp)" %S/../ndarray/dynamic-shapes.mlir | %host-run | FileCheck %S/../ndarray/dynamic-shapes.mlir
// RUN: imex-opt --pass-pipeline="$(%imex-pp-pipeline %S/Inputs/ndarray.pp)" %S/../ndarray/insert-slice-broadcast.mlir | %host-run | FileCheck %S/../ndarray/insert-slice-broadcast.mlir
// RUN: imex-opt --pass-pipeline="$(%imex-pp-pipeline %S/Inputs/ndarray.pp)" %S/../ndarray/insert-slice.mlir | %host-run | FileCheck %S/../ndarray/insert-slice.mlir
// RUN: imex-opt --pass-pipeline="$(%imex-pp-pipeline %S/Inputs/ndarray.pp)" %S/../ndarray/linspace-endpoint.mlir | %host-run | FileCheck %S/../ndarray/linspace-endpoint.mlir
// RUN: imex-opt --pass-pipeline="$(%imex-pp-pipeline %S/Inputs/ndarray.pp)" %S/../ndarray/linspace-int.mlir | %host-run | FileCheck %S/../ndarray/linspace-int.mlir
// RUN: imex-opt --pass-pipeline="$(%imex-pp-pipeline %S/Inputs/ndarray.pp)" %S/../ndarray/linspace-single.mlir | %host-run | FileCheck %S/../ndarray/linspace-single.mlir
// RUN: imex-opt --pass-pipeline="$(%imex-pp-pipeline %S/Inputs/ndarray.pp)" %S/../ndarray/nested-views.mlir | %host-run | FileCheck %S/../ndarray/nested-views.mlir
// RUN: imex-opt --pass-pipeline="$(%imex-pp-pipeline %S/Inputs/ndarray.pp)" %S/../ndarray/reshape-copy.mlir | %host-run | FileCheck %S/../ndarray/reshape-copy.mlir
// RUN: imex-opt --pass-pipeline="$(%imex-pp-pipeline %S/Inputs/ndarray.pp)" %S/../ndarray/reshape-rank.mlir | %host-run | FileCheck %S/../ndarray/reshape-rank.mlir
// RUN: imex-opt --pass-pipeline="$(%imex-pp-pipeline %S/Inputs/ndarray.pp)" %S/../ndarray/subview-2d.mlir | %host-run | FileCheck %S/../ndarray/subview-2d.mlir
