// Reference for gather-3d-broadcast.mlir.
#include "reference.h"

static int64_t base(int a, int b, int c) { return 100 * a + 10 * b + c; }

int main() {
  const int64_t pad = -9;
  // The index vector holds -1 in an index: as an offset it steps back one.
  int idx[2][4] = {{4, 4, 0, 3}, {-1, 2, 6, 5}};
  bool mask[3][4] = {{1, 0, 1, 1}, {1, 1, 0, 1}, {1, 1, 1, 0}};
  std::vector<std::vector<std::vector<int64_t>>> out(
      2, std::vector<std::vector<int64_t>>(3, std::vector<int64_t>(4)));
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 4; ++k)
        out[i][j][k] = mask[j][k] ? base(j, 2, 1 + idx[i][k]) : pad;
  ref::label("gather 2x3x4");
  ref::print3D(out);
  return 0;
}
