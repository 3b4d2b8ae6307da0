#include "check.h"
#include "prog.h"
#include <string>
using namespace e2e;

// Python's a[lo:hi] for a step of 1.
static std::vector<int64_t> window(const std::vector<int64_t> &a, int64_t lo,
                                   int64_t hi) {
  int64_t n = (int64_t)a.size();
  auto clamp = [&](int64_t b) {
    return b < 0 ? std::max<int64_t>(b + n, 0) : std::min(b, n);
  };
  std::vector<int64_t> r;
  for (int64_t i = clamp(lo); i < clamp(hi); ++i)
    r.push_back(a[i]);
  return r;
}

int main(int argc, char **argv) {
  std::string mode = argc > 1 ? argv[1] : "";
  std::vector<int64_t> a = {10, 11, 12, 13, 14};
  auto ma = view1<imexc_memref_1d_i64>(a);
  if (mode == "index")
    _mlir_ciface_at(&ma, 5); // stops the program
  std::vector<int64_t> narrow = {1, 2, 3, 4};
  auto mn = view2<imexc_memref_2d_i64>(narrow, 2, 2);
  imexc_first_three_columns_result rc;
  if (mode == "slice")
    _mlir_ciface_first_three_columns(&rc, &mn); // stops the program
  imexc_as_three_result r3;
  if (mode == "result")
    _mlir_ciface_as_three(&r3, &ma); // stops the program

  for (auto [lo, hi] : {std::pair<int64_t, int64_t>{1, 10},
                        {-2, 5},
                        {-10, 2},
                        {3, 1},
                        {-3, -1},
                        {0, 0}}) {
    imexc_window_result r;
    _mlir_ciface_window(&r, &ma, lo, hi);
    expect1("window", r.r0, window(a, lo, hi), 0);
  }
  for (int64_t i : {0, 4, -1, -5})
    expect("at", (double)_mlir_ciface_at(&ma, i), (double)a[i < 0 ? i + 5 : i],
           0);
  std::vector<int64_t> b = a;
  auto mb = view1<imexc_memref_1d_i64>(b);
  _mlir_ciface_put(&mb, -2, 100);
  expect1("put", mb, std::vector<int64_t>{10, 11, 12, 100, 14}, 0);
  imexc_every_other_result re;
  _mlir_ciface_every_other(&re, &ma, 2);
  expect1("every_other", re.r0, std::vector<int64_t>{10, 12, 14}, 0);

  std::vector<int64_t> wide = {1, 2, 3, 4, 5, 6, 7, 8};
  auto mw = view2<imexc_memref_2d_i64>(wide, 2, 4);
  _mlir_ciface_first_three_columns(&rc, &mw);
  expect2("first_three_columns", rc.r0, std::vector<int64_t>{1, 2, 3, 5, 6, 7},
          2, 3, 0);
  std::vector<int64_t> three = {7, 8, 9};
  auto m3 = view1<imexc_memref_1d_i64>(three);
  _mlir_ciface_as_three(&r3, &m3);
  expect1("as_three", r3.r0, three, 0);

  std::vector<int64_t> parts = {1, 2, 3, 4, 5}, grid = {1, 2, 3, 4, 5, 6};
  auto mp = view1<imexc_memref_1d_i64>(parts);
  auto mg = view2<imexc_memref_2d_i64>(grid, 3, 2);
  _mlir_ciface_double_parts(&mp, &mg);
  expect1("double_parts (slices)", mp, std::vector<int64_t>{1, 4, 6, 8, 10}, 0);
  expect2("double_parts (column)", mg, std::vector<int64_t>{1, 4, 3, 8, 5, 12},
          3, 2, 0);
  std::vector<int64_t> small = {4, 5, 6};
  auto ms = view1<imexc_memref_1d_i64>(small);
  expect("empty_tails", (double)_mlir_ciface_empty_tails(&ms), 5, 0);
  expect1("empty_tails keeps the array", ms, std::vector<int64_t>{4, 5, 6}, 0);
  return finish();
}
