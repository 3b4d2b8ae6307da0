// Driver of conv2d.mlir: y[n][i][j][f] = sum_{p,q,c} x[n][i+p][j+q][c]
// w[p][q][c][f] for every n x h x w x c x f. Data are uniform in [-1, 1];
// each output may differ from the double reference by 2 (K + 1) eps
// sum|term| for its K = 9 c terms.
#include "codegen.h"
#include "kernels.h"
using namespace cg;

using M4 = imexc_memref_4d_f32;

template <typename K>
static void conv(const char *name, int64_t n, int64_t h, int64_t w, int64_t c,
                 int64_t f, K kernel) {
  int64_t oh = h - 2, ow = w - 2;
  auto x = randomReal<float>(n * h * w * c, 81 + h);
  auto filter = randomReal<float>(9 * c * f, 82 + f);
  auto x0 = x, filter0 = filter;
  std::vector<double> want(n * oh * ow * f), tol(n * oh * ow * f);
  for (int64_t b = 0; b < n; ++b)
    for (int64_t i = 0; i < oh; ++i)
      for (int64_t j = 0; j < ow; ++j)
        for (int64_t o = 0; o < f; ++o) {
          // Term t = (p * 3 + q) * c + k, in p, q, k order.
          RefSum s = refSum(9 * c, [&](int64_t t) {
            int64_t p = t / (3 * c), q = t / c % 3, k = t % c;
            return (double)x[((b * h + i + p) * w + j + q) * c + k] *
                   filter[((p * 3 + q) * c + k) * f + o];
          });
          int64_t at = ((b * oh + i) * ow + j) * f + o;
          want[at] = s.sum;
          tol[at] = sumBound<float>(9 * c, s.mass);
        }
  M4 mx = view<M4>(x, {n, h, w, c}), mw = view<M4>(filter, {3, 3, c, f});
  M4 got = kernel(&mx, &mw);
  std::string label = std::string(name) + " " + dims({n, h, w, c, f});
  checkCase(label, got, {n, oh, ow, f}, want, tol, unchanged(x, x0),
            unchanged(filter, filter0));
}

int main() {
  // n x h x w x c x f
  const int64_t shapes[][5] = {{0, 5, 5, 3, 4},    {1, 3, 3, 1, 1},
                               {1, 2, 5, 3, 4},    {1, 5, 5, 0, 3},
                               {1, 5, 5, 3, 0},    {2, 7, 13, 3, 5},
                               {1, 13, 7, 1, 13},  {1, 3, 1027, 2, 3},
                               {1, 1027, 3, 2, 3}, {2, 34, 34, 16, 33}};
  for (auto &s : shapes)
    conv("conv2d_f32", s[0], s[1], s[2], s[3], s[4], KERNEL(conv2d_f32));
  conv("conv2d_f32_static", 1, 9, 9, 4, 8, KERNEL(conv2d_f32_static));
  conv("conv2d_f32_static_big", 2, 18, 18, 8, 16,
       KERNEL(conv2d_f32_static_big));
  return finish();
}
