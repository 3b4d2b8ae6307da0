// Driver of unit-parallel-dims.mlir: reductions with one output element.
// The data (multiples of 1/4, times -1, 0 or 1 in the products) add up
// exactly in any order, so every result compares exactly.
#include "codegen.h"
#include "kernels.h"
using namespace cg;

using M1 = imexc_memref_1d_f32;
using M2 = imexc_memref_2d_f32;

// A sum of k terms x[i] (times y[i] when `product`) into one element.
template <typename K>
static void reduceOne(const char *name, std::vector<int64_t> shape,
                      std::vector<int64_t> resultShape, int64_t k, bool product,
                      K kernel) {
  auto x = randomQuarters<float>(k, 91);
  auto y = randomInt<float>(product ? k : 0, 92, -1, 1);
  auto x0 = x;
  double want = 0;
  for (int64_t i = 0; i < k; ++i)
    want += product ? (double)x[i] * y[i] : (double)x[i];
  auto got = kernel(x, y);
  std::string label = std::string(name) + " " + dims(shape);
  check(label, got, resultShape, std::vector<double>{want});
  checkUnchanged(label, x, x0);
  release(got);
}

#define REDUCE(name, rows, cols)                                               \
  [=](std::vector<float> &x, std::vector<float> &) {                           \
    M2 m = view<M2>(x, {rows, cols});                                          \
    imexc_##name##_result r;                                                   \
    _mlir_ciface_##name(&r, &m);                                               \
    return r.r0;                                                               \
  }

int main() {
  const int64_t sizes[] = {0, 1, 7, 13, 1023, 1025, (1 << 20) + 3};
  for (int64_t k : sizes)
    reduceOne("rowsum_1xk", {1, k}, {1}, k, false,
              [k](auto &x, auto &y) { return REDUCE(rowsum_1xk, 1, k)(x, y); });
  for (int64_t k : sizes)
    reduceOne("colsum_kx1", {k, 1}, {1}, k, false,
              [k](auto &x, auto &y) { return REDUCE(colsum_kx1, k, 1)(x, y); });
  for (int64_t k : sizes)
    reduceOne("matvec_1xk", {1, k}, {1}, k, true, [k](auto &x, auto &y) {
      M2 a = view<M2>(x, {1, k});
      M1 v = view<M1>(y, {k});
      imexc_matvec_1xk_result r;
      _mlir_ciface_matvec_1xk(&r, &a, &v);
      return r.r0;
    });
  for (int64_t k : sizes)
    reduceOne("vecmat_kx1", {k, 1}, {1}, k, true, [k](auto &x, auto &y) {
      M1 v = view<M1>(y, {k});
      M2 a = view<M2>(x, {k, 1});
      imexc_vecmat_kx1_result r;
      _mlir_ciface_vecmat_kx1(&r, &v, &a);
      return r.r0;
    });
  for (int64_t k : sizes)
    reduceOne("matmul_1xkx1", {1, k, 1}, {1, 1}, k, true,
              [k](auto &x, auto &y) {
                M2 a = view<M2>(x, {1, k});
                M2 b = view<M2>(y, {k, 1});
                imexc_matmul_1xkx1_result r;
                _mlir_ciface_matmul_1xkx1(&r, &a, &b);
                return r.r0;
              });
  reduceOne("rowsum_static", {1, 70001}, {1}, 70001, false,
            REDUCE(rowsum_static, 1, 70001));
  reduceOne("colsum_static", {70001, 1}, {1}, 70001, false,
            REDUCE(colsum_static, 70001, 1));
  return finish();
}
