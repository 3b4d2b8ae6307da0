// Reference for gather-inner-2d.mlir.
#include "reference.h"

static double src(int r, int c) { return r + c / 8.0; }

int main() {
  const double pad = -3.0;
  int idx[3][5] = {{0, 1, 3, 9, 0}, {5, 3, 5, 0, 3}, {0, 10, 2, 1, 7}};
  bool mask[3][5] = {{1, 1, 1, 0, 1}, {0, 1, 1, 1, 1}, {1, 0, 1, 1, 0}};
  std::vector<std::vector<double>> g(3, std::vector<double>(5));
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 5; ++j)
      g[i][j] = mask[i][j] ? src(1 + i, 1 + idx[i][j]) : pad;
  ref::label("per-row columns");
  ref::print2D(g);

  int idxT[4][2] = {{11, 0}, {7, 1}, {3, 2}, {0, 11}};
  std::vector<std::vector<double>> t(2, std::vector<double>(4));
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 4; ++j)
      t[i][j] = src(2 + i, idxT[j][i]);
  ref::label("transposed index vector");
  ref::print2D(t);
  return 0;
}
