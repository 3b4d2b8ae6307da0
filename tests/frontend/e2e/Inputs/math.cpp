#include "check.h"
#include "prog.h"
using namespace e2e;
int main() {
  std::vector<double> x = {-2.5, -1.0, -0.1, 0.0, 0.3, 1.0, 2.0, 4.75};
  std::vector<double> w0, w1, w2, w3;
  for (double v : x) {
    w0.push_back(std::exp(v) + std::sqrt(std::fabs(v)));
    w1.push_back(std::log(v * v + 1.0));
    w2.push_back(std::sin(v) * std::cos(v));
    w3.push_back(std::tanh(v));
  }
  auto mx = view1<imexc_memref_1d_f64>(x);
  imexc_transcend_result r;
  _mlir_ciface_transcend(&r, &mx);
  expect1("exp+sqrt", r.r0, w0, 1e-12);
  expect1("log", r.r1, w1, 1e-12);
  expect1("sin*cos", r.r2, w2, 1e-12);
  expect1("tanh", r.r3, w3, 1e-12);

  std::vector<float> f = {-2.5f, -1.0f, -0.25f, 0.0f, 0.75f, 3.0f}, wf;
  for (float v : f)
    wf.push_back(std::floor(v) + std::fabs(v));
  auto mf = view1<imexc_memref_1d_f32>(f);
  imexc_floors_result rf;
  _mlir_ciface_floors(&rf, &mf);
  expect1("floors", rf.r0, wf, 0);

  for (double v : {0.5, 1.0, 3.7}) {
    double want = std::sqrt(v) + std::exp(-v) + std::log(v) + std::sin(v) +
                  std::cos(v) + std::tanh(v) + std::floor(v);
    expect("scalar_math", _mlir_ciface_scalar_math(v), want, 1e-12);
  }

  std::vector<int32_t> i = {-7, 0, 5, -2147483647}, wi;
  for (int32_t v : i)
    wi.push_back(v < 0 ? -v : v);
  auto mi = view1<imexc_memref_1d_i32>(i);
  imexc_iabs_result ri;
  _mlir_ciface_iabs(&ri, &mi);
  expect1("iabs", ri.r0, wi, 0);
  return finish();
}
