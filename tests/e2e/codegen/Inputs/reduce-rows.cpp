// Driver of reduce-rows.mlir: row and column reductions on every shape. f32
// sums see multiples of 1/4 (exact in any order), maxima are exact and i32
// sums wrap like the reference's unsigned arithmetic: all compare exactly.
#include "codegen.h"
#include "kernels.h"
using namespace cg;

enum class Op { Sum, Max };

// Reduces an m x n array along `dim` (1: rows, 0: columns) with `kernel`,
// which returns the result's descriptor.
template <typename T, typename M2, typename K>
static void reduce(const char *name, int64_t m, int64_t n, int dim, Op op,
                   K kernel) {
  std::vector<T> x;
  if constexpr (std::is_floating_point_v<T>)
    x = op == Op::Sum ? randomQuarters<T>(m * n, 21)
                      : randomReal<T>(m * n, 22, -100.0, 100.0);
  else
    x = randomInt<T>(m * n, 23, -1000, 1000);
  auto x0 = x;
  int64_t out = dim == 1 ? m : n;
  std::vector<T> want(out, op == Op::Sum ? T(0) : -INFINITY);
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      T &w = want[dim == 1 ? i : j];
      T v = x[i * n + j];
      if (op == Op::Max)
        w = std::fmax(w, v);
      else if constexpr (std::is_floating_point_v<T>)
        w += v; // exact: multiples of 1/4
      else
        w = (T)((uint32_t)w + (uint32_t)v);
    }
  M2 mx = view<M2>(x, {m, n});
  auto got = kernel(&mx);
  std::string label = std::string(name) + " " + dims({m, n});
  checkCase(label, got, {out}, want, {}, unchanged(x, x0));
}

using M2f = imexc_memref_2d_f32;
using M2i = imexc_memref_2d_i32;

int main() {
  // At -O0 a column reduction forks OpenMP threads once per row: tall
  // arrays stay at 16387 rows to keep the test fast.
  auto columnRows = [](int64_t m) { return m == 262147 ? int64_t(16387) : m; };
  for (auto &s : kShapes2d)
    reduce<float, M2f>("rowsum_f32", s[0], s[1], 1, Op::Sum,
                       KERNEL(rowsum_f32));
  for (auto &s : kShapes2d)
    reduce<float, M2f>("colsum_f32", columnRows(s[0]), s[1], 0, Op::Sum,
                       KERNEL(colsum_f32));
  for (auto &s : kShapes2d)
    reduce<float, M2f>("rowmax_f32", s[0], s[1], 1, Op::Max,
                       KERNEL(rowmax_f32));
  for (auto &s : kShapes2d)
    reduce<int32_t, M2i>("rowsum_i32", s[0], s[1], 1, Op::Sum,
                         KERNEL(rowsum_i32));
  for (auto &s : kShapes2d)
    reduce<int32_t, M2i>("colsum_i32", columnRows(s[0]), s[1], 0, Op::Sum,
                         KERNEL(colsum_i32));
  reduce<float, M2f>("rowsum_f32_static", 7, 13, 1, Op::Sum,
                     KERNEL(rowsum_f32_static));
  reduce<float, M2f>("colsum_f32_static", 13, 1025, 0, Op::Sum,
                     KERNEL(colsum_f32_static));
  reduce<float, M2f>("rowsum_f32_static_big", 129, 1025, 1, Op::Sum,
                     KERNEL(rowsum_f32_static_big));
  reduce<float, M2f>("colsum_f32_static_big", 1025, 129, 0, Op::Sum,
                     KERNEL(colsum_f32_static_big));
  return finish();
}
