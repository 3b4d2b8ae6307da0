// Reference for argmax-ties.mlir: the candidate replaces the accumulator
// when the comparator says so, scanning the reduced dimension in order.
#include "reference.h"

#include <limits>

template <typename T, typename I, typename Cmp>
static void argReduce(const std::vector<T> &x, T initValue, I initIndex,
                      I indexBase, Cmp wins, T &value, I &index) {
  value = initValue;
  index = initIndex;
  for (size_t k = 0; k < x.size(); ++k)
    if (wins(x[k], value)) {
      value = x[k];
      index = indexBase + static_cast<I>(k);
    }
}

int main() {
  std::vector<float> x = {3, 7, 1, 7, -2, 7, 0, 5, 7, 2};
  const float ninf = -std::numeric_limits<float>::infinity();
  auto gt = [](float c, float b) { return c > b; };
  auto ge = [](float c, float b) { return c >= b; };
  float v;
  int32_t i;

  argReduce<float, int32_t>(x, ninf, -1, 0, gt, v, i);
  ref::label("first max");
  ref::print0D(v);
  ref::print0D(i);
  argReduce<float, int32_t>(x, ninf, -1, 0, ge, v, i);
  ref::label("last max");
  ref::print0D(v);
  ref::print0D(i);
  argReduce<float, int32_t>(x, ninf, -1, 100, gt, v, i);
  ref::label("index_base 100");
  ref::print0D(v);
  ref::print0D(i);
  argReduce<float, int32_t>(x, 100.0f, -1, 0, gt, v, i);
  ref::label("init wins");
  ref::print0D(v);
  ref::print0D(i);

  std::vector<std::vector<int32_t>> m = {
      {4, -3, 9, 9, 0, 2}, {-5, -5, -5, -5, -5, -5}, {-8, 6, -1, 6, 12, 11}};
  std::vector<int32_t> values;
  std::vector<int64_t> indices;
  for (const auto &row : m) {
    int32_t rv;
    int64_t ri;
    argReduce<int32_t, int64_t>(
        row, std::numeric_limits<int32_t>::min(), -1, 0,
        [](int32_t c, int32_t b) { return c > b; }, rv, ri);
    values.push_back(rv);
    indices.push_back(ri);
  }
  ref::label("rows");
  ref::print1D(values);
  ref::print1D(indices);
  return 0;
}
