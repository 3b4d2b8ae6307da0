#include "check.h"
#include "prog.h"
#include <algorithm>
using namespace e2e;
int main() {
  const int R = 5, C = 6;
  std::vector<float> m(R * C), w(R * C);
  for (int i = 0; i < R * C; ++i)
    m[i] = (i % 7) - 3.0f;
  for (int i = 0; i < R * C; ++i)
    w[i] = m[i] > 0 ? m[i] * 2 : 0;
  auto mm = view2<imexc_memref_2d_f32>(m, R, C);
  imexc_relu_scale_result r;
  _mlir_ciface_relu_scale(&r, &mm);
  expect2("relu_scale", r.r0, w, R, C, 0);

  std::vector<float> x(64), ws(64);
  for (int i = 0; i < 64; ++i)
    x[i] = (i - 32) * 0.1f;
  for (int i = 0; i < 64; ++i)
    ws[i] = std::sqrt(std::fabs(x[i])) + std::exp(-x[i] * x[i]);
  auto mx = view1<imexc_memref_1d_f32>(x);
  imexc_soft_result rs;
  _mlir_ciface_soft(&rs, &mx);
  expect1("soft", rs.r0, ws, 1e-5);

  std::vector<double> d(50), wc(50);
  for (int i = 0; i < 50; ++i)
    d[i] = std::sin(i) * 3;
  for (int i = 0; i < 50; ++i)
    wc[i] = std::min(std::max(d[i], -1.0), 2.0);
  auto md = view1<imexc_memref_1d_f64>(d);
  imexc_clamp_result rc;
  _mlir_ciface_clamp(&rc, &md, -1.0, 2.0);
  expect1("clamp", rc.r0, wc, 0);
  return finish();
}
