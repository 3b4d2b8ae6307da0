// Driver of batch-matmul.mlir: C[b] = A[b] B[b] for every batch x m x k x n.
// Data are uniform in [-1, 1]; element (b, i, j) may differ from the double
// reference by 2 (k + 1) eps sum_k |a_bik b_bkj|.
#include "codegen.h"
#include "kernels.h"
using namespace cg;

template <typename T, typename M3, typename K>
static void batchMatmul(const char *name, int64_t nb, int64_t m, int64_t k,
                        int64_t n, K kernel) {
  auto a = randomReal<T>(nb * m * k, 61 + m),
       b = randomReal<T>(nb * k * n, 62 + n);
  auto a0 = a, b0 = b;
  std::vector<double> want(nb * m * n), tol(nb * m * n);
  for (int64_t q = 0; q < nb; ++q)
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) {
        RefSum s = refSum(k, [&](int64_t p) {
          return (double)a[(q * m + i) * k + p] * b[(q * k + p) * n + j];
        });
        want[(q * m + i) * n + j] = s.sum;
        tol[(q * m + i) * n + j] = sumBound<T>(k, s.mass);
      }
  M3 ma = view<M3>(a, {nb, m, k}), mb = view<M3>(b, {nb, k, n});
  auto got = kernel(&ma, &mb);
  std::string label = std::string(name) + " " + dims({nb, m, k, n});
  checkCase(label, got, {nb, m, n}, want, tol, unchanged(a, a0),
            unchanged(b, b0));
}

using M3f = imexc_memref_3d_f32;
using M3d = imexc_memref_3d_f64;

int main() {
  // batch x m x k x n
  const int64_t shapes[][4] = {
      {0, 3, 4, 5},     {3, 0, 4, 5},    {2, 3, 0, 5},      {2, 3, 4, 0},
      {1, 1, 1, 1},     {3, 7, 13, 5},   {2, 13, 7, 13},    {2, 1, 1025, 7},
      {2, 1025, 1, 13}, {5, 65, 67, 63}, {4, 129, 131, 127}};
  for (auto &s : shapes)
    batchMatmul<float, M3f>("batch_matmul_f32", s[0], s[1], s[2], s[3],
                            KERNEL(batch_matmul_f32));
  for (int i = 0; i < 6; ++i)
    batchMatmul<double, M3d>("batch_matmul_f64", shapes[i][0], shapes[i][1],
                             shapes[i][2], shapes[i][3],
                             KERNEL(batch_matmul_f64));
  batchMatmul<float, M3f>("batch_matmul_f32_static", 3, 7, 13, 5,
                          KERNEL(batch_matmul_f32_static));
  batchMatmul<float, M3f>("batch_matmul_f32_static_big", 4, 64, 64, 64,
                          KERNEL(batch_matmul_f32_static_big));
  return finish();
}
