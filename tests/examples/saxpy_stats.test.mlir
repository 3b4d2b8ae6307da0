// The README's array-language example compiles to an executable that runs
// its @gpu saxpy on the Vulkan device and prints the expected values.
// RUN: rm -rf %t && mkdir -p %t
// RUN: imexc %S/../../examples/saxpy_stats.nda --emit=exe -o %t/stats
// RUN: %if vulkan %{ %t/stats | FileCheck %s %}
// CHECK: {{^}}[1.  1.5 2.  2.5 3. ]{{$}}
// CHECK: {{^}}[0.5 1.5 2.5] 7.0{{$}}
