#include "check.h"
#include "prog.h"
using namespace e2e;
int main() {
  std::vector<double> wl;
  for (int i = 0; i < 7; ++i)
    wl.push_back(-1.0 + i * (3.0 / 6));
  imexc_lin_result rl;
  _mlir_ciface_lin(&rl, -1.0, 2.0, 7);
  expect1("lin", rl.r0, wl, 1e-12);

  std::vector<float> wo = {0.0f, 0.25f, 0.5f, 0.75f};
  imexc_lin_open_result ro;
  _mlir_ciface_lin_open(&ro);
  expect1("lin_open", ro.r0, wo, 1e-7);

  std::vector<int64_t> ws;
  for (int64_t i = 2; i < 20; i += 3)
    ws.push_back(i);
  imexc_steps_result rs;
  _mlir_ciface_steps(&rs, 20);
  expect1("steps", rs.r0, ws, 0);

  std::vector<double> wh = {0.0, 0.5, 1.0, 1.5};
  imexc_half_steps_result rh;
  _mlir_ciface_half_steps(&rh);
  expect1("half_steps", rh.r0, wh, 0);
  return finish();
}
