// Driver of argmax.mlir: values are small integers, so ties are frequent and
// the first index holding the maximum must win; everything compares exactly.
#include "codegen.h"
#include "kernels.h"
using namespace cg;

using M1 = imexc_memref_1d_f32;
using M2 = imexc_memref_2d_f32;

static void argmax(int64_t n) {
  auto x = randomInt<float>(n, 101, -50, 50);
  float wv = -INFINITY;
  int32_t wi = 0;
  for (int64_t i = 0; i < n; ++i)
    if (x[i] > wv)
      wv = x[i], wi = (int32_t)i;
  M1 m = view<M1>(x, {n});
  imexc_argmax_result r;
  _mlir_ciface_argmax(&r, &m);
  char buf[120];
  std::snprintf(buf, sizeof buf, "got (%g, %d), want (%g, %d)", r.r0, r.r1, wv,
                wi);
  report("argmax " + dims({n}), r.r0 == wv && r.r1 == wi ? 0 : 1, buf);
}

static void argmaxRows(int64_t m, int64_t n) {
  auto x = randomInt<float>(m * n, 102, -50, 50);
  auto x0 = x;
  std::vector<float> wv(m, -INFINITY);
  std::vector<int32_t> wi(m, 0);
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j)
      if (x[i * n + j] > wv[i])
        wv[i] = x[i * n + j], wi[i] = (int32_t)j;
  M2 mx = view<M2>(x, {m, n});
  imexc_argmax_rows_result r;
  _mlir_ciface_argmax_rows(&r, &mx);
  std::string first, second;
  int bad = compare(r.r0, {m}, wv, {}, first);
  bad += compare(r.r1, {m}, wi, {}, second);
  std::string label = "argmax_rows " + dims({m, n});
  report(label, bad, first.empty() ? "index " + second : "value " + first);
  checkUnchanged(label, x, x0);
  release(r.r0);
  release(r.r1);
}

int main() {
  for (int64_t n : {0, 1, 7, 13, 1023, 1025, (1 << 20) + 3})
    argmax(n);
  const int64_t shapes[][2] = {{0, 7},      {7, 0},     {1, 1},    {7, 13},
                               {13, 7},     {1, 1025},  {1023, 1}, {1023, 1025},
                               {3, 262147}, {262147, 3}};
  for (auto &s : shapes)
    argmaxRows(s[0], s[1]);
  return finish();
}
