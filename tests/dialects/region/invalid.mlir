// Verifier rules of the region dialect.
// RUN: imex-opt %s -split-input-file -verify-diagnostics

func.func @yield_count_mismatch() -> i32 {
  // expected-error @+1 {{along control flow edge from Operation region.env_region_yield to parent: region branch point has 0 operands, but region successor needs 1 inputs}}
  %r = region.env_region "e" -> i32 {
    // expected-note @+1 {{region branch point}}
    region.env_region_yield
  }
  return %r : i32
}

// -----

func.func @yield_type_mismatch(%v: i64) -> i32 {
  // expected-error @+1 {{successor operand type #0 'i64' should match successor input type #0 'i32'}}
  %r = region.env_region "e" -> i32 {
    // expected-note @+1 {{region branch point}}
    region.env_region_yield %v : i64
  }
  return %r : i32
}

// -----

func.func @two_blocks() {
  // expected-error @+1 {{expects region #0 to have 0 or 1 blocks}}
  "region.env_region"() <{environment = "e"}> ({
    cf.br ^bb1
  ^bb1:
    "region.env_region_yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @block_arguments() {
  // expected-error @+1 {{region #0 ('region') failed to verify constraint: region with 1 block without arguments}}
  "region.env_region"() <{environment = "e"}> ({
  ^bb0(%x: i32):
    "region.env_region_yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @missing_environment() {
  // expected-error @+1 {{requires attribute 'environment'}}
  "region.env_region"() ({
    "region.env_region_yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @yield_outside_region() {
  // expected-error @+1 {{expects parent op 'region.env_region'}}
  region.env_region_yield
  return
}

// -----

func.func @wrong_terminator() {
  // expected-error @+2 {{expects regions to end with 'region.env_region_yield', found 'llvm.unreachable'}}
  // expected-note @+1 {{in custom textual format, the absence of terminator implies 'region.env_region_yield'}}
  "region.env_region"() <{environment = "e"}> ({
    llvm.unreachable
  }) : () -> ()
  return
}

// -----

// expected-error @+1 {{workgroup_size must be a power of two up to 1024, got 100}}
func.func @workgroup_size_not_power_of_two() attributes {e = #region.gpu_env<device = "g", workgroup_size = 100>} {
  return
}

// -----

// expected-error @+1 {{workgroup_size must be a power of two up to 1024, got 2048}}
func.func @workgroup_size_too_large() attributes {e = #region.gpu_env<device = "g", workgroup_size = 2048>} {
  return
}
