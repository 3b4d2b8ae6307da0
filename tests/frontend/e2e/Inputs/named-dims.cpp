#include "check.h"
#include "prog.h"
#include <string>
using namespace e2e;
int main(int argc, char **argv) {
  std::string mode = argc > 1 ? argv[1] : "";
  std::vector<float> a = {1, 2, 3}, b = {4, 5, 6}, shorter = {1, 2};
  auto ma = view1<imexc_memref_1d_f32>(a);
  auto mb = view1<imexc_memref_1d_f32>(b);
  auto ms = view1<imexc_memref_1d_f32>(shorter);
  if (mode == "host-mismatch")
    _mlir_ciface_weighted(&ma, &ms); // aborts
  if (mode == "gpu-mismatch") {
    imexc_gpu_product_result r;
    _mlir_ciface_gpu_product(&r, &ma, &ms); // aborts
  }
  if (mode == "gpu") {
    imexc_gpu_product_result r;
    _mlir_ciface_gpu_product(&r, &ma, &mb);
    expect1("gpu_product", r.r0, std::vector<float>{4, 10, 18}, 0);
    return finish();
  }
  const int R = 4, C = 3;
  std::vector<double> m(R * C), mu(C, 0), w(R * C);
  for (int i = 0; i < R * C; ++i)
    m[i] = std::cos(0.7 * i) * 10;
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < C; ++j)
      mu[j] += m[i * C + j] / R;
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < C; ++j)
      w[i * C + j] = m[i * C + j] - mu[j];
  auto mm = view2<imexc_memref_2d_f64>(m, R, C);
  imexc_centered_result r;
  _mlir_ciface_centered(&r, &mm);
  expect2("centered", r.r0, w, R, C, 1e-12);

  std::vector<float> x = {1, 2, 3, 4, 5}, wt = {0.5f, -1, 2, 0, 0.25f};
  float s = 0;
  for (int i = 0; i < 5; ++i)
    s += x[i] * wt[i];
  auto mx = view1<imexc_memref_1d_f32>(x);
  auto mw = view1<imexc_memref_1d_f32>(wt);
  expect("weighted", _mlir_ciface_weighted(&mx, &mw), s / 5, 1e-6);

  std::vector<int64_t> p = {9, -8, 7}, wp = {0, 9, -8, 7, 3};
  auto mp = view1<imexc_memref_1d_i64>(p);
  imexc_pad_last_result rp;
  _mlir_ciface_pad_last(&rp, &mp);
  expect1("pad_last", rp.r0, wp, 0);
  return finish();
}
