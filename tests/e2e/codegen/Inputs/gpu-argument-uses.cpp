// Driver of gpu-argument-uses.mlir: calls @first and @partial with a host
// array, a shared device array and device memory, and checks the results
// (device memory is read back with gpuMemCopy).
#include "codegen.h"
#include "kernels.h"
#include "memory-kinds.h"

#include <imexrt/imexrt.h>

#include <cstdlib>
#include <vector>

using namespace cg;
using M1 = imexc_memref_1d_f32;

namespace {

void first(Memory m) {
  std::vector<float> a = {3, 4, 5, 6, 7, 8, 9};
  float *p = place(a, m);
  M1 ma{p, p, 0, {7}, {1}};
  imexc_first_result r;
  _mlir_ciface_first(&r, &ma);
  int bad = r.r1 == 3.0f ? 0 : 1;
  for (int i = 0; i < 7; ++i)
    bad += r.r0.aligned[i] == float(i) ? 0 : 1;
  report(std::string("first ") + name(m), bad, "wrong a[0] or a - a[0]");
  std::free(r.r0.allocated);
  release(p, a);
}

void partial(Memory m) {
  std::vector<float> out = {100, 101, 102, 103, 104, 105, 106, 107, 108};
  float *p = place(out, m);
  M1 mo{p, p, 0, {9}, {1}};
  _mlir_ciface_partial(&mo);
  release(p, out);
  const std::vector<float> want = {100, 101, 1, 1, 1, 1, 106, 107, 108};
  int bad = 0;
  for (int i = 0; i < 9; ++i)
    bad += out[i] == want[i] ? 0 : 1;
  report(std::string("partial ") + name(m), bad,
         "elements 2..5 not 1, or the others changed");
}

} // namespace

int main() {
  for (Memory m : {Memory::Host, Memory::Shared, Memory::Device})
    first(m);
  for (Memory m : {Memory::Host, Memory::Shared, Memory::Device})
    partial(m);
  report("no runtime errors", imexrtGetErrorCount() == 0 ? 0 : 1,
         imexrtGetLastError());
  return finish();
}
