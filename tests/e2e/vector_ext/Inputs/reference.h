// Printing helpers for the C++ references of the iree_vector_ext execution
// tests. They print exactly what `vector.print` prints through libimexrt:
// integers as signed 64-bit numbers, `index` as unsigned, floats through
// std::ostream with its default format, n-D vectors as nested "( a, b )"
// groups, 0-d vectors as "( v )", one vector per line.
#ifndef IMEX_TESTS_VECTOR_EXT_REFERENCE_H
#define IMEX_TESTS_VECTOR_EXT_REFERENCE_H

#include <cstdint>
#include <iostream>
#include <type_traits>
#include <vector>

namespace ref {

/// `index` values print unsigned.
struct Index {
  uint64_t value;
};

template <typename T> void printElement(T v) {
  if constexpr (std::is_same_v<T, Index>)
    std::cout << v.value;
  else if constexpr (std::is_same_v<T, bool>)
    std::cout << (v ? 1 : 0);
  else if constexpr (std::is_integral_v<T>)
    std::cout << static_cast<int64_t>(v);
  else
    std::cout << v;
}

template <typename T> void printGroup(const std::vector<T> &v) {
  std::cout << "( ";
  for (size_t i = 0; i < v.size(); ++i) {
    if (i)
      std::cout << ", ";
    printElement(v[i]);
  }
  std::cout << " )";
}

template <typename T> void print0D(T v) {
  std::cout << "( ";
  printElement(v);
  std::cout << " )\n";
}

template <typename T> void print1D(const std::vector<T> &v) {
  printGroup(v);
  std::cout << "\n";
}

template <typename T> void print2D(const std::vector<std::vector<T>> &v) {
  std::cout << "( ";
  for (size_t i = 0; i < v.size(); ++i) {
    if (i)
      std::cout << ", ";
    printGroup(v[i]);
  }
  std::cout << " )\n";
}

template <typename T>
void print3D(const std::vector<std::vector<std::vector<T>>> &v) {
  std::cout << "( ";
  for (size_t i = 0; i < v.size(); ++i) {
    if (i)
      std::cout << ", ";
    std::cout << "( ";
    for (size_t j = 0; j < v[i].size(); ++j) {
      if (j)
        std::cout << ", ";
      printGroup(v[i][j]);
    }
    std::cout << " )";
  }
  std::cout << " )\n";
}

inline void label(const char *text) { std::cout << text << "\n"; }

} // namespace ref

#endif
