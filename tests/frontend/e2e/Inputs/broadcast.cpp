#include "check.h"
#include "prog.h"
#include <string>
using namespace e2e;
int main(int argc, char **argv) {
  std::vector<double> a = {1, 2, 3}, b = {10, 20, 30}, c = {1, 2};
  auto ma = view1<imexc_memref_1d_f64>(a);
  auto mb = view1<imexc_memref_1d_f64>(b);
  auto mc = view1<imexc_memref_1d_f64>(c);
  imexc_add_dynamic_result rd;
  std::string mode = argc > 1 ? argv[1] : "";
  if (mode == "mismatch")
    _mlir_ciface_add_dynamic(&rd, &ma, &mc); // stops the program
  std::vector<double> a23 = {1, 2, 3, 4, 5, 6};
  auto m23 = view2<imexc_memref_2d_f64>(a23, 2, 3);
  imexc_matvec_dynamic_result rmv;
  if (mode == "matmul-mismatch")
    _mlir_ciface_matvec_dynamic(&rmv, &m23, &mc); // stops the program
  std::vector<double> none;
  auto mnone = view1<imexc_memref_1d_f64>(none);
  if (mode == "empty-max")
    _mlir_ciface_largest(&mnone); // stops the program
  _mlir_ciface_matvec_dynamic(&rmv, &m23, &ma);
  expect1("matvec_dynamic", rmv.r0, std::vector<double>{14, 32}, 0);
  expect("largest", _mlir_ciface_largest(&mb), 30, 0);
  _mlir_ciface_add_dynamic(&rd, &ma, &mb);
  expect1("add_dynamic", rd.r0, std::vector<double>{11, 22, 33}, 0);

  const int R = 3, C = 4;
  std::vector<float> m(R * C), row(C), want(R * C);
  for (int i = 0; i < R * C; ++i)
    m[i] = 0.5f * i - 2.0f;
  for (int j = 0; j < C; ++j)
    row[j] = 1.0f + j;
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < C; ++j)
      want[i * C + j] = (m[i * C + j] + row[j]) * 2.5f - 1.0f;
  auto mm = view2<imexc_memref_2d_f32>(m, R, C);
  auto rr = view1<imexc_memref_1d_f32>(row);
  imexc_affine_result out;
  _mlir_ciface_affine(&out, &mm, &rr, 2.5f);
  expect2("affine", out.r0, want, R, C);

  std::vector<double> col = {1, 10, 100}, row2 = {0.25, 0.5}, want2;
  for (double c : col)
    for (double r : row2)
      want2.push_back(c + r);
  auto cc = view2<imexc_memref_2d_f64>(col, 3, 1);
  auto r2 = view1<imexc_memref_1d_f64>(row2);
  imexc_outer_sum_result o2;
  _mlir_ciface_outer_sum(&o2, &cc, &r2);
  expect2("outer_sum", o2.r0, want2, 3, 2);
  return finish();
}
