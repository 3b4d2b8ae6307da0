// Reference for gather-argmax-padding.mlir.
#include "reference.h"

#include <limits>

static float score(int r, int c) {
  return float(((3 * c - 3 * r) % 10 + 10) % 10 - 4);
}

int main() {
  const float inf = std::numeric_limits<float>::infinity();

  int idx[6] = {2, 6, 9, 0, 5, 3};
  bool mask[6] = {true, false, true, true, true, false};
  std::vector<float> g;
  for (int i = 0; i < 6; ++i)
    g.push_back(mask[i] ? score(1, idx[i]) : -inf);
  ref::label("gathered");
  ref::print1D(g);
  float best = -inf;
  int32_t column = -1;
  for (int i = 0; i < 6; ++i)
    if (g[i] > best) {
      best = g[i];
      column = idx[i];
    }
  ref::label("argmax column");
  ref::print0D(best);
  ref::print0D(column);

  int ids[4] = {3, 0, 1, 2};
  bool lanes[4][6] = {{1, 1, 1, 1, 1, 1},
                      {1, 1, 0, 1, 1, 1},
                      {1, 1, 1, 1, 1, 1},
                      {0, 1, 1, 1, 1, 0}};
  bool rowMask[4] = {true, true, false, true};
  std::vector<std::vector<float>> rows(4);
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 6; ++j)
      rows[i].push_back(lanes[i][j] && rowMask[i] ? score(ids[i], 2 + j) : inf);
  ref::label("rows");
  ref::print2D(rows);
  std::vector<float> minV;
  std::vector<int32_t> minI;
  for (int i = 0; i < 4; ++i) {
    float b = inf;
    int32_t k = -1;
    for (int j = 0; j < 6; ++j)
      if (rows[i][j] < b) {
        b = rows[i][j];
        k = j;
      }
    minV.push_back(b);
    minI.push_back(k);
  }
  ref::label("row argmin");
  ref::print1D(minV);
  ref::print1D(minI);
  return 0;
}
