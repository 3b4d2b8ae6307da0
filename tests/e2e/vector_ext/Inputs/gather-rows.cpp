// Reference for gather-rows.mlir.
#include "reference.h"

static int32_t table(int r, int c) { return 10 * r + c; }

using Mask2D = std::vector<std::vector<bool>>;

// out[i][j] = mask[i][j] ? table[ids[i]][col + j] : pad
static std::vector<std::vector<int32_t>> gatherRows(const std::vector<int> &ids,
                                                    int col, int width,
                                                    const Mask2D &mask,
                                                    int32_t pad) {
  std::vector<std::vector<int32_t>> out;
  for (size_t i = 0; i < ids.size(); ++i) {
    std::vector<int32_t> row;
    for (int j = 0; j < width; ++j)
      row.push_back(mask[i][j] ? table(ids[i], col + j) : pad);
    out.push_back(row);
  }
  return out;
}

static Mask2D rowMask(const std::vector<bool> &rows, int width) {
  Mask2D mask;
  for (bool r : rows)
    mask.push_back(std::vector<bool>(width, r));
  return mask;
}

int main() {
  ref::label("rows");
  ref::print2D(gatherRows({5, 0, 77, 3, 1}, 0, 4,
                          rowMask({true, true, false, true, true}, 4), -1));
  ref::label("columns 1..3 of rows");
  ref::print2D(gatherRows({4, 2, 2, 0}, 1, 3, rowMask({1, 1, 1, 1}, 3), -1));
  ref::label("window mask");
  Mask2D tri;
  for (int i = 0; i < 4; ++i) {
    tri.emplace_back();
    for (int j = 0; j < 3; ++j)
      tri.back().push_back(j <= i);
  }
  ref::print2D(gatherRows({4, 2, 2, 0}, 1, 3, tri, -1));
  return 0;
}
