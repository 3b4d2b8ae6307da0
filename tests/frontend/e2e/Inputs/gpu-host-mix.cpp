#include "check.h"
#include "prog.h"
using namespace e2e;
int main() {
  std::vector<float> x(100), wq(100);
  float e = 0;
  for (int i = 0; i < 100; ++i) {
    x[i] = 0.1f * i - 3;
    wq[i] = x[i] * x[i];
    e += wq[i];
  }
  auto mx = view1<imexc_memref_1d_f32>(x);
  imexc_square_host_result rq;
  _mlir_ciface_square_host(&rq, &mx);
  expect1("square", rq.r0, wq, 1e-6);
  expect("energy", _mlir_ciface_energy(&mx), e, 1e-5);

  const int R = 4, C = 5;
  std::vector<int32_t> m(R * C), ws(R * C);
  std::vector<int64_t> wr(R, 0);
  for (int i = 0; i < R * C; ++i) {
    m[i] = i * 7 - 40;
    ws[i] = m[i] * 3 + 2;
    wr[i / C] += ws[i];
  }
  auto mm = view2<imexc_memref_2d_i32>(m, R, C);
  imexc_shift_host_result rs;
  _mlir_ciface_shift_host(&rs, &mm, 2);
  expect2("shift", rs.r0, ws, R, C, 0);
  imexc_shifted_rows_result rr;
  _mlir_ciface_shifted_rows(&rr, &mm);
  expect1("shifted_rows", rr.r0, wr, 0);
  return finish();
}
