// Reference for arg-explicit-indices.mlir.
#include "reference.h"

int main() {
  int32_t v[2][5] = {{2, 8, -1, 8, 0}, {3, 3, -9, 1, 3}};
  int64_t ids[2][5] = {{1000, 1001, 1002, 1003, 1004},
                       {1105, 1104, 1103, 1102, 1101}};

  std::vector<int32_t> rowMax;
  std::vector<int64_t> rowId;
  for (int i = 0; i < 2; ++i) {
    int32_t best = -100;
    int64_t id = -1;
    for (int k = 0; k < 5; ++k)
      if (v[i][k] > best) {
        best = v[i][k];
        id = ids[i][k];
      }
    rowMax.push_back(best);
    rowId.push_back(id);
  }
  ref::label("rows, first max");
  ref::print1D(rowMax);
  ref::print1D(rowId);

  std::vector<int32_t> colMax;
  std::vector<int64_t> colId;
  for (int j = 0; j < 5; ++j) {
    int32_t best = -100;
    int64_t id = -1;
    for (int k = 0; k < 2; ++k)
      if (v[k][j] >= best) {
        best = v[k][j];
        id = ids[k][j];
      }
    colMax.push_back(best);
    colId.push_back(id);
  }
  ref::label("columns, last max");
  ref::print1D(colMax);
  ref::print1D(colId);

  int8_t u[7] = {-1, 7, -128, 7, 100, 3, 3};
  int32_t labels[7] = {70, 71, 72, 73, 74, 75, 76};
  int8_t best = -1;
  int32_t label = 0;
  for (int k = 0; k < 7; ++k)
    if (static_cast<uint8_t>(u[k]) < static_cast<uint8_t>(best)) {
      best = u[k];
      label = labels[k];
    }
  ref::label("unsigned min");
  ref::print0D(best);
  ref::print0D(label);
  return 0;
}
