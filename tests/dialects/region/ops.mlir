// Round-trip of the region dialect in custom and generic form.
// RUN: imex-opt %s | imex-opt | FileCheck %s
// RUN: imex-opt %s --mlir-print-op-generic | imex-opt | FileCheck %s
// RUN: imex-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @full_form
// CHECK-SAME: (%[[A:.*]]: index, %[[B:.*]]: i64, %[[T:.*]]: tensor<?xf32>)
// CHECK: %[[R:.*]]:2 = region.env_region {note = 1 : i64} #region.gpu_env<device = "XeGPU"> %[[A]], %[[B]] : index, i64 -> tensor<?xf32>, i32 {
// CHECK:   %[[C:.*]] = arith.constant 7 : i32
// CHECK:   region.env_region_yield %[[T]], %[[C]] : tensor<?xf32>, i32
// CHECK: }
// CHECK: return %[[R]]#0, %[[R]]#1
// GENERIC-LABEL: sym_name = "full_form"
// GENERIC: "region.env_region"(%{{.*}}, %{{.*}}) <{environment = #region.gpu_env<device = "XeGPU">}> ({
// GENERIC: "region.env_region_yield"(%{{.*}}, %{{.*}}) : (tensor<?xf32>, i32) -> ()
// GENERIC: }) {note = 1 : i64} : (index, i64) -> (tensor<?xf32>, i32)
func.func @full_form(%a: index, %b: i64, %t: tensor<?xf32>) -> (tensor<?xf32>, i32) {
  %r:2 = region.env_region {note = 1} #region.gpu_env<device = "XeGPU"> %a, %b : index, i64 -> tensor<?xf32>, i32 {
    %c = arith.constant 7 : i32
    region.env_region_yield %t, %c : tensor<?xf32>, i32
  }
  return %r#0, %r#1 : tensor<?xf32>, i32
}

// The empty yield is implicit in the custom form and elided when printing.
// CHECK-LABEL: func.func @implicit_yield
// CHECK: region.env_region "test" {
// CHECK-NEXT: func.call @side_effect() : () -> ()
// CHECK-NEXT: }
// CHECK-NOT: region.env_region_yield
// GENERIC-LABEL: sym_name = "implicit_yield"
// GENERIC: "region.env_region_yield"() : () -> ()
func.func private @side_effect()
func.func @implicit_yield() {
  region.env_region "test" {
    func.call @side_effect() : () -> ()
  }
  return
}

// A yield with attributes is kept even without operands.
// CHECK-LABEL: func.func @yield_with_attr
// CHECK: region.env_region_yield {tag}
func.func @yield_with_attr() {
  region.env_region "protect_copy_op" {
    region.env_region_yield {tag}
  }
  return
}

// Arguments without results, and any attribute as environment.
// CHECK-LABEL: func.func @args_only
// CHECK: region.env_region [1, 2] %{{.*}} : tensor<4xi64> {
func.func @args_only(%t: tensor<4xi64>) {
  region.env_region [1, 2] %t : tensor<4xi64> {
  }
  return
}

// Results without arguments.
// CHECK-LABEL: func.func @results_only
// CHECK: region.env_region #region.gpu_env<device = "g"> -> i32 {
func.func @results_only() -> i32 {
  %r = region.env_region #region.gpu_env<device = "g"> -> i32 {
    %c = arith.constant 0 : i32
    region.env_region_yield %c : i32
  }
  return %r : i32
}

// Nesting, and the properties form of the environment in the generic syntax.
// CHECK-LABEL: func.func @nested
// CHECK: region.env_region #region.gpu_env<device = "outer"> {
// CHECK:   region.env_region "inner" {
func.func @nested() {
  "region.env_region"() <{environment = #region.gpu_env<device = "outer">}> ({
    "region.env_region"() <{environment = "inner"}> ({
      "region.env_region_yield"() : () -> ()
    }) : () -> ()
    "region.env_region_yield"() : () -> ()
  }) : () -> ()
  return
}

// The inherent attribute is also accepted in the trailing dictionary.
// CHECK-LABEL: func.func @environment_in_attr_dict
// CHECK: region.env_region "dict" {
// GENERIC-LABEL: sym_name = "environment_in_attr_dict"
// GENERIC: <{environment = "dict"}>
func.func @environment_in_attr_dict() {
  "region.env_region"() ({
    "region.env_region_yield"() : () -> ()
  }) {environment = "dict"} : () -> ()
  return
}

// The attribute on its own.
// CHECK-LABEL: func.func @attr_use
// CHECK-SAME: env = #region.gpu_env<device = "XeGPU">
func.func @attr_use() attributes {env = #region.gpu_env<device = "XeGPU">} {
  return
}

// The optional workgroup size round-trips; its default (0) is not printed.
// CHECK-LABEL: func @workgroup_size
// CHECK-SAME: env = #region.gpu_env<device = "XeGPU", workgroup_size = 64>
// GENERIC-LABEL: sym_name = "workgroup_size"
// GENERIC: env = #region.gpu_env<device = "XeGPU", workgroup_size = 64>
func.func @workgroup_size() attributes {env = #region.gpu_env<device = "XeGPU", workgroup_size = 64>} {
  return
}

// CHECK-LABEL: func @workgroup_size_default
// CHECK-SAME: env = #region.gpu_env<device = "XeGPU">}
func.func @workgroup_size_default() attributes {env = #region.gpu_env<device = "XeGPU", workgroup_size = 0>} {
  return
}
