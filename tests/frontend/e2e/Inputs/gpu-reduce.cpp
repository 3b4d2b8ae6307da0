#include "check.h"
#include "prog.h"
using namespace e2e;
int main() {
  const int M = 6, K = 5, N = 4;
  std::vector<float> a(M * K), b(K * N), cs(K, 0), c(M * N, 0);
  for (int i = 0; i < M * K; ++i)
    a[i] = (i % 7) * 0.5f - 1;
  for (int i = 0; i < K * N; ++i)
    b[i] = (i % 5) - 2.0f;
  for (int i = 0; i < M; ++i)
    for (int k = 0; k < K; ++k)
      cs[k] += a[i * K + k];
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j)
      for (int k = 0; k < K; ++k)
        c[i * N + j] += a[i * K + k] * b[k * N + j];
  auto ma = view2<imexc_memref_2d_f32>(a, M, K);
  auto mb = view2<imexc_memref_2d_f32>(b, K, N);
  imexc_colsum_result rs;
  _mlir_ciface_colsum(&rs, &ma);
  expect1("colsum", rs.r0, cs, 1e-6);
  imexc_mm_result rm;
  _mlir_ciface_mm(&rm, &ma, &mb);
  expect2("mm", rm.r0, c, M, N, 1e-6);
  return finish();
}
