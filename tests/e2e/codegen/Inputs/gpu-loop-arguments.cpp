// Driver of gpu-loop-arguments.mlir: calls each function with a host array,
// a shared device array and device memory (read back with gpuMemCopy), and
// checks the results; array results are freed with free().
#include "codegen.h"
#include "kernels.h"
#include "memory-kinds.h"

#include <imexrt/imexrt.h>

#include <cstdlib>
#include <vector>

using namespace cg;
using M1 = imexc_memref_1d_f32;

namespace {

/// Elements of `got` that are not `factor` times 1, 2, 3, 4, 5.
int multipleErrors(const float *got, float factor) {
  int bad = 0;
  for (int i = 0; i < 5; ++i)
    bad += got[i] == factor * float(i + 1) ? 0 : 1;
  return bad;
}

void doubling(Memory m, std::vector<float> &a) {
  float *p = place(a, m);
  M1 ma{p, p, 0, {5}, {1}};
  imexc_doubling_result r;
  _mlir_ciface_doubling(&r, &ma);
  report(std::string("doubling ") + name(m), multipleErrors(r.r0.aligned, 128),
         "not 128 a");
  std::free(r.r0.allocated);
  release(p, a);
}

void addTimes(Memory m, std::vector<float> &a, int64_t n) {
  float *p = place(a, m);
  M1 ma{p, p, 0, {5}, {1}};
  std::string label = " " + std::to_string(n) + " times " + name(m);
  imexc_add_times_result r;
  _mlir_ciface_add_times(&r, &ma, n);
  report("add_times" + label, multipleErrors(r.r0.aligned, float(n + 1)),
         "not (n + 1) a");
  std::free(r.r0.allocated);

  std::vector<float> out(5, -1.0f);
  float *q = place(out, m);
  M1 mo{q, q, 0, {5}, {1}};
  _mlir_ciface_add_times_into(&ma, n, &mo);
  release(q, out);
  report("add_times_into" + label, multipleErrors(out.data(), float(n + 1)),
         "out not (n + 1) a");
  release(p, a);
}

void twiceChosen(Memory m, std::vector<float> &a) {
  float *p = place(a, m);
  M1 ma{p, p, 0, {5}, {1}};
  imexc_twice_chosen_result r;
  _mlir_ciface_twice_chosen(&r, &ma, true);
  int bad = multipleErrors(r.r0.aligned, 2) + multipleErrors(r.r1.aligned, 2);
  // One buffer in both places, as the host build returns it: freed once.
  bad += r.r0.allocated == r.r1.allocated ? 0 : 1;
  report(std::string("twice_chosen ") + name(m), bad,
         "not 2 a twice in one buffer");
  std::free(r.r0.allocated);
  release(p, a);
}

void addChosen(Memory m, int64_t length, bool add) {
  std::vector<float> a = {1, 2, 3};
  a.resize(length);
  float *p = place(a, m);
  M1 ma{p, p, 0, {length}, {1}};
  imexc_add_chosen_result r;
  _mlir_ciface_add_chosen(&r, &ma, add);
  int bad = r.r0.sizes[0] == length ? 0 : 1;
  for (int64_t i = 0; i < length; ++i)
    bad += r.r0.aligned[i] == (add ? 2 : 1) * float(i + 1) ? 0 : 1;
  report("add_chosen " + std::to_string(length) + (add ? " added " : " ") +
             name(m),
         bad, "wrong size or values");
  // The argument itself when not added: the caller's, not freed.
  if (r.r0.allocated != p)
    std::free(r.r0.allocated);
  release(p, a);
}

} // namespace

int main() {
  std::vector<float> a = {1, 2, 3, 4, 5};
  for (Memory m : {Memory::Host, Memory::Shared, Memory::Device})
    doubling(m, a);
  for (Memory m : {Memory::Host, Memory::Shared, Memory::Device})
    for (int64_t n : {0, 2})
      addTimes(m, a, n);
  for (Memory m : {Memory::Host, Memory::Shared, Memory::Device})
    twiceChosen(m, a);
  for (Memory m : {Memory::Host, Memory::Shared, Memory::Device})
    for (int64_t length : {0, 3})
      addChosen(m, length, length != 3);
  report("arguments unchanged", multipleErrors(a.data(), 1), "a changed");
  report("no runtime errors", imexrtGetErrorCount() == 0 ? 0 : 1,
         imexrtGetLastError());
  return finish();
}
