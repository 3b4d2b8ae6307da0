#include "check.h"
#include "prog.h"
using namespace e2e;
int main() {
  std::vector<double> x = {-1, 0, 2.5, -0.001, 7, 0.0001};
  std::vector<bool> wp;
  auto mx = view1<imexc_memref_1d_f64>(x);
  imexc_positive_result rp;
  _mlir_ciface_positive(&rp, &mx);
  expectSize("positive", rp.r0.sizes[0], 6);
  for (int i = 0; i < 6 && i < rp.r0.sizes[0]; ++i)
    expect("positive", at1(rp.r0, i) ? 1 : 0, x[i] > 0 ? 1 : 0, 0);

  std::vector<int32_t> v = {-5, 0, 3, 7, 9, 10, 2, 8};
  int64_t n = 0;
  for (int e : v)
    n += (e >= 2 && e < 9);
  auto mv = view1<imexc_memref_1d_i32>(v);
  expect("count_in", (double)_mlir_ciface_count_in(&mv, 2, 9), (double)n, 0);

  std::vector<float> f = {0.5f, 1.5f, -3, 4, 1.0f}, wf;
  for (float e : f)
    wf.push_back(e > 1.0f ? e : 0.0f);
  auto mf = view1<imexc_memref_1d_f32>(f);
  imexc_mask_to_float_result rf;
  _mlir_ciface_mask_to_float(&rf, &mf, 1.0f);
  expect1("mask_to_float", rf.r0, wf, 0);
  return finish();
}
