#include "check.h"
#include "prog.h"
using namespace e2e;
int main() {
  const int M = 5, K = 3, N = 4;
  std::vector<float> a(M * K), b(K * N), c(M * N, 0);
  for (int i = 0; i < M * K; ++i)
    a[i] = (i % 5) - 1.5f;
  for (int i = 0; i < K * N; ++i)
    b[i] = 0.25f * (i % 7);
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j)
      for (int k = 0; k < K; ++k)
        c[i * N + j] += a[i * K + k] * b[k * N + j];
  auto ma = view2<imexc_memref_2d_f32>(a, M, K);
  auto mb = view2<imexc_memref_2d_f32>(b, K, N);
  imexc_mm_result r;
  _mlir_ciface_mm(&r, &ma, &mb);
  expect2("mm", r.r0, c, M, N);

  std::vector<double> da(a.begin(), a.end()), db(b.begin(), b.end()),
      ct(N * M, 0);
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j)
      for (int k = 0; k < K; ++k)
        ct[j * M + i] += da[i * K + k] * db[k * N + j];
  auto xa = view2<imexc_memref_2d_f64>(da, M, K);
  auto xb = view2<imexc_memref_2d_f64>(db, K, N);
  imexc_mm_t_result rt;
  _mlir_ciface_mm_t(&rt, &xa, &xb);
  expect2("mm_t", rt.r0, ct, N, M, 1e-12);

  std::vector<double> g(K * K, 0);
  for (int i = 0; i < K; ++i)
    for (int j = 0; j < K; ++j)
      for (int m = 0; m < M; ++m)
        g[i * K + j] += da[m * K + i] * da[m * K + j];
  imexc_gram_result rg;
  _mlir_ciface_gram(&rg, &xa);
  expect2("gram", rg.r0, g, K, K, 1e-12);
  return finish();
}
