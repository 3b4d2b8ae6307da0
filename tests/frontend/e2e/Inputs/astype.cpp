#include "check.h"
#include "prog.h"
using namespace e2e;
int main() {
  std::vector<double> x = {-2.75, -0.5, 0.0, 0.99, 3.5, 1000.25};
  std::vector<int32_t> wi;
  std::vector<float> wn;
  for (double v : x) {
    wi.push_back((int32_t)v);
    wn.push_back((float)v * 2.0f);
  }
  auto mx = view1<imexc_memref_1d_f64>(x);
  imexc_to_int_result ri;
  _mlir_ciface_to_int(&ri, &mx);
  expect1("to_int", ri.r0, wi, 0);
  imexc_narrow_result rn;
  _mlir_ciface_narrow(&rn, &mx);
  expect1("narrow", rn.r0, wn, 1e-7);

  std::vector<int64_t> n = {-9, -1, 0, 3, 17, 123456};
  std::vector<float> wf;
  for (int64_t v : n)
    wf.push_back((float)v / 4.0f);
  auto mn = view1<imexc_memref_1d_i64>(n);
  imexc_to_float_result rf;
  _mlir_ciface_to_float(&rf, &mn);
  expect1("to_float", rf.r0, wf, 1e-7);

  std::vector<int32_t> a = {1, -2, 3, -4, 5, 6};
  std::vector<double> wm;
  for (int i = 0; i < 6; ++i)
    wm.push_back(a[i] + x[i]);
  auto ma = view1<imexc_memref_1d_i32>(a);
  imexc_mixed_result rm;
  _mlir_ciface_mixed(&rm, &ma, &mx);
  expect1("mixed", rm.r0, wm, 1e-12);
  return finish();
}
