#include "check.h"
#include "prog.h"
using namespace e2e;
int main() {
  std::vector<double> x(10), wd;
  for (int i = 0; i < 10; ++i)
    x[i] = i * i * 0.5 - i;
  for (int i = 1; i < 10; ++i)
    wd.push_back(x[i] - x[i - 1]);
  auto mx = view1<imexc_memref_1d_f64>(x);
  imexc_diff_result rd;
  _mlir_ciface_diff(&rd, &mx);
  expect1("diff", rd.r0, wd, 0);

  std::vector<float> f(12), ws;
  for (int i = 0; i < 12; ++i)
    f[i] = (i % 4) * 1.5f + i;
  for (int i = 0; i + 2 < 12; ++i)
    ws.push_back((f[i] + f[i + 1] + f[i + 2]) / 3.0f);
  auto mf = view1<imexc_memref_1d_f32>(f);
  imexc_smooth3_result rs;
  _mlir_ciface_smooth3(&rs, &mf);
  expect1("smooth3", rs.r0, ws, 1e-6);

  const int R = 5, C = 6;
  std::vector<double> u(R * C), wl;
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < C; ++j)
      u[i * C + j] = i * i + 2.0 * j * j * j - i * j;
  for (int i = 1; i < R - 1; ++i)
    for (int j = 1; j < C - 1; ++j)
      wl.push_back(u[(i - 1) * C + j] + u[(i + 1) * C + j] + u[i * C + j - 1] +
                   u[i * C + j + 1] - 4.0 * u[i * C + j]);
  auto mu = view2<imexc_memref_2d_f64>(u, R, C);
  imexc_laplace_result rl;
  _mlir_ciface_laplace(&rl, &mu);
  expect2("laplace", rl.r0, wl, R - 2, C - 2, 1e-12);
  return finish();
}
