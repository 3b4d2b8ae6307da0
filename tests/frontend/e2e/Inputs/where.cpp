#include "check.h"
#include "prog.h"
using namespace e2e;
int main() {
  std::vector<float> x = {-3, -0.5f, 0, 0.25f, 7, -1e-3f, 2};
  std::vector<float> w;
  for (float v : x)
    w.push_back(v > 0 ? v : 0);
  auto mx = view1<imexc_memref_1d_f32>(x);
  imexc_relu_result r;
  _mlir_ciface_relu(&r, &mx);
  expect1("relu", r.r0, w, 0);

  std::vector<double> a(6), b(6), wc;
  for (int i = 0; i < 6; ++i) {
    a[i] = i - 2.5;
    b[i] = (i % 3) - 1.0;
  }
  for (int i = 0; i < 6; ++i)
    wc.push_back(a[i] < b[i] ? b[i] - a[i] : a[i] * 2.0);
  auto ma = view2<imexc_memref_2d_f64>(a, 2, 3);
  auto mb = view2<imexc_memref_2d_f64>(b, 2, 3);
  imexc_clip_pick_result rc;
  _mlir_ciface_clip_pick(&rc, &ma, &mb);
  expect2("clip_pick", rc.r0, wc, 2, 3, 0);

  std::vector<int32_t> s = {-5, 0, 3, -1, 9, 0}, ws;
  for (int v : s)
    ws.push_back(v > 0 ? 1 : (v < 0 ? -1 : 0));
  auto ms = view1<imexc_memref_1d_i32>(s);
  imexc_signum_result rs;
  _mlir_ciface_signum(&rs, &ms);
  expect1("signum", rs.r0, ws, 0);
  return finish();
}
