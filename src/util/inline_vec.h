// A vector with fixed inline capacity and no heap use: the operands of a TensorIter.
// Only the elements present are constructed (building a TensorIter must stay cheap).
#pragma once

#include <cstddef>
#include <new>
#include <utility>

#include "util/error.h"

namespace ts::util {

template <typename T, size_t N>
class InlineVec {
 public:
  InlineVec() = default;
  InlineVec(const InlineVec& o) {
    for (const T& v : o) push_back(v);
  }
  InlineVec(InlineVec&& o) noexcept {
    for (T& v : o) new (slot(n_++)) T(std::move(v));
    o.clear();
  }
  InlineVec& operator=(const InlineVec& o) {
    if (this != &o) {
      clear();
      for (const T& v : o) push_back(v);
    }
    return *this;
  }
  InlineVec& operator=(InlineVec&& o) noexcept {
    if (this != &o) {
      clear();
      for (T& v : o) new (slot(n_++)) T(std::move(v));
      o.clear();
    }
    return *this;
  }
  ~InlineVec() { clear(); }

  void push_back(T v) {
    TS_INTERNAL_ASSERT(n_ < N, "InlineVec capacity ", N, " exceeded");
    new (slot(n_++)) T(std::move(v));
  }
  void clear() {
    while (n_ > 0) slot(--n_)->~T();
  }
  size_t size() const { return n_; }
  bool empty() const { return n_ == 0; }
  T& operator[](size_t i) { return *slot(i); }
  const T& operator[](size_t i) const { return *slot(i); }
  T* begin() { return slot(0); }
  T* end() { return slot(n_); }
  const T* begin() const { return slot(0); }
  const T* end() const { return slot(n_); }
  const T* data() const { return slot(0); }
  T& at(size_t i) {
    TS_INTERNAL_ASSERT(i < n_, "InlineVec index ", i, " out of range");
    return *slot(i);
  }

 private:
  T* slot(size_t i) { return std::launder(reinterpret_cast<T*>(buf_)) + i; }
  const T* slot(size_t i) const { return std::launder(reinterpret_cast<const T*>(buf_)) + i; }
  alignas(T) unsigned char buf_[sizeof(T) * N];
  size_t n_ = 0;
};

}  // namespace ts::util
