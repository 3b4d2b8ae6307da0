// Reference for scatter-2d-memref.mlir.
#include "reference.h"

int main() {
  std::vector<std::vector<int32_t>> m(4, std::vector<int32_t>(6, -1));
  int v[2][3] = {{10, 11, 12}, {20, 21, 22}};
  int idx[2][3] = {{5, 0, 3}, {4, 4, 1}};
  bool mask[2][3] = {{1, 1, 1}, {1, 0, 1}};
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j)
      if (mask[i][j])
        m[1 + i][idx[i][j]] = v[i][j];
  ref::label("inner scatter");
  ref::print2D(m);

  int ids[3] = {3, 9, 0};
  bool rowMask[3] = {true, false, true};
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 5; ++j)
      if (rowMask[i])
        m[ids[i]][1 + j] = 100 * (i + 1) + j;
  ref::label("row scatter");
  ref::print2D(m);
  return 0;
}
