#include "check.h"
#include "prog.h"
using namespace e2e;
int main() {
  const int N = 1000;
  std::vector<float> x(N), y(N), w(N);
  for (int i = 0; i < N; ++i) {
    x[i] = 0.01f * i;
    y[i] = 1.0f - 0.5f * (i % 3);
  }
  for (int i = 0; i < N; ++i)
    w[i] = 2.5f * x[i] + y[i];
  auto mx = view1<imexc_memref_1d_f32>(x);
  auto my = view1<imexc_memref_1d_f32>(y);
  imexc_axpy_result r;
  _mlir_ciface_axpy(&r, 2.5f, &mx, &my);
  expect1("axpy", r.r0, w, 1e-6);
  imexc_axpy_gpu_result rg;
  _mlir_ciface_axpy_gpu(&rg, 2.5f, &mx, &my);
  expect1("axpy_gpu", rg.r0, w, 1e-6);

  std::vector<float> s = x, ws = x;
  for (float &e : ws)
    e *= 3.0f;
  auto ms = view1<imexc_memref_1d_f32>(s);
  _mlir_ciface_scale_in_place(&ms, 3.0f);
  expect1("scale_in_place", ms, ws, 1e-6);
  for (float &e : ws)
    e *= 0.25f;
  _mlir_ciface_scale_twice(&ms, 0.5f);
  expect1("scale_twice", ms, ws, 1e-6);

  std::vector<float> acc = {1, 2, 3, 4};
  auto macc = view1<imexc_memref_1d_f32>(acc);
  _mlir_ciface_accumulate(&macc, &macc);
  expect1("accumulate(x, x)", macc, std::vector<float>{2, 4, 6, 8}, 0);

  std::vector<float> g = {0, 1, 2, 3, 4, 5};
  auto mg = view2<imexc_memref_2d_f32>(g, 3, 2);
  _mlir_ciface_bump_twice_on_host(&mg);
  expect2("bump_twice_on_host", mg, std::vector<float>{2, 1, 4, 3, 6, 5}, 3, 2,
          0);

  const int R = 7, C = 9;
  std::vector<double> m(R * C), k(R * C), wb(R * C);
  for (int i = 0; i < R * C; ++i) {
    m[i] = i;
    k[i] = -2.0 * i + 1;
  }
  for (int i = 0; i < R * C; ++i)
    wb[i] = m[i] * (1.0 - 0.25) + k[i] * 0.25;
  auto mm = view2<imexc_memref_2d_f64>(m, R, C);
  auto mk = view2<imexc_memref_2d_f64>(k, R, C);
  imexc_blend_result rb;
  _mlir_ciface_blend(&rb, &mm, &mk, 0.25);
  expect2("blend", rb.r0, wb, R, C, 1e-12);
  imexc_blend_gpu_result rbg;
  _mlir_ciface_blend_gpu(&rbg, &mm, &mk, 0.25);
  expect2("blend_gpu", rbg.r0, wb, R, C, 1e-12);
  return finish();
}
