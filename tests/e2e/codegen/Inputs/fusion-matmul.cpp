// Driver of fusion-matmul.mlir. Data are uniform in [-1, 1]; element (i, j)
// may differ from the double reference by 2 (k + 1) eps sum|term| (the
// terms including C or the bias). A result written into the argument C
// (the accumulating kernel may update it in place) is not freed.
#include "codegen.h"
#include "kernels.h"
using namespace cg;

using M1 = imexc_memref_1d_f32;
using M2 = imexc_memref_2d_f32;

enum class Epilogue { BiasRelu, ReluA, Accumulate };

static void matmulChain(const char *name, int64_t m, int64_t k, int64_t n,
                        Epilogue kind) {
  auto a = randomReal<float>(m * k, 111 + m),
       b = randomReal<float>(k * n, 112 + n);
  auto bias = randomReal<float>(n, 113), c = randomReal<float>(m * n, 114);
  auto a0 = a, b0 = b;
  std::vector<double> want(m * n), tol(m * n);
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      double sum = kind == Epilogue::Accumulate ? c[i * n + j] : 0.0;
      double mass = std::fabs(sum);
      for (int64_t p = 0; p < k; ++p) {
        double av = a[i * k + p];
        if (kind == Epilogue::ReluA)
          av = std::fmax(av, 0.0);
        sum += av * b[p * n + j];
        mass += std::fabs(av * b[p * n + j]);
      }
      if (kind == Epilogue::BiasRelu) {
        sum = std::fmax(sum + bias[j], 0.0);
        mass += std::fabs(bias[j]);
      }
      want[i * n + j] = sum;
      tol[i * n + j] = sumBound<float>(k + 1, mass);
    }
  M2 ma = view<M2>(a, {m, k}), mb = view<M2>(b, {k, n}),
     mc = view<M2>(c, {m, n});
  M1 mbias = view<M1>(bias, {n});
  M2 got;
  if (kind == Epilogue::BiasRelu) {
    imexc_matmul_bias_relu_result r;
    _mlir_ciface_matmul_bias_relu(&r, &ma, &mb, &mbias);
    got = r.r0;
  } else if (kind == Epilogue::ReluA) {
    imexc_relu_matmul_result r;
    _mlir_ciface_relu_matmul(&r, &ma, &mb);
    got = r.r0;
  } else {
    imexc_matmul_acc_result r;
    _mlir_ciface_matmul_acc(&r, &ma, &mb, &mc);
    got = r.r0;
  }
  std::string label = std::string(name) + " " + dims({m, k, n});
  check(label, got, {m, n}, want, tol);
  checkUnchanged(label, a, a0);
  checkUnchanged(label, b, b0);
  if (got.allocated != c.data())
    release(got);
}

int main() {
  // m x k x n
  const int64_t mm[][3] = {{0, 5, 7},       {5, 0, 7},      {1, 1, 1},
                           {7, 13, 5},      {13, 7, 13},    {1, 1025, 1},
                           {1025, 3, 1023}, {129, 257, 131}};
  for (auto &s : mm)
    matmulChain("matmul_bias_relu", s[0], s[1], s[2], Epilogue::BiasRelu);
  for (auto &s : mm)
    matmulChain("relu_matmul", s[0], s[1], s[2], Epilogue::ReluA);
  for (auto &s : mm)
    matmulChain("matmul_acc", s[0], s[1], s[2], Epilogue::Accumulate);
  return finish();
}
