// A non-owning view of a contiguous array that also binds to a braced list, so calls read
// like PyTorch's C++ API: ts::empty({2, 3}). Only for parameters: it must not outlive its source.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <span>
#include <vector>

namespace ts::util {

template <typename T>
class ArrayRef {
 public:
  constexpr ArrayRef() = default;
  constexpr ArrayRef(const T* p, size_t n) : p_(p), n_(n) {}
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Winit-list-lifetime"
  // The list lives until the end of the full expression: fine for a parameter.
  constexpr ArrayRef(std::initializer_list<T> l) : p_(l.begin()), n_(l.size()) {}  // NOLINT
#pragma GCC diagnostic pop
  ArrayRef(const std::vector<T>& v) : p_(v.data()), n_(v.size()) {}  // NOLINT
  constexpr ArrayRef(std::span<const T> s) : p_(s.data()), n_(s.size()) {}  // NOLINT
  constexpr ArrayRef(const T& single) : p_(&single), n_(1) {}  // NOLINT

  constexpr const T* data() const { return p_; }
  constexpr size_t size() const { return n_; }
  constexpr bool empty() const { return n_ == 0; }
  constexpr const T* begin() const { return p_; }
  constexpr const T* end() const { return p_ + n_; }
  constexpr const T& operator[](size_t i) const { return p_[i]; }
  constexpr const T& front() const { return p_[0]; }
  constexpr const T& back() const { return p_[n_ - 1]; }
  std::vector<T> vec() const { return std::vector<T>(p_, p_ + n_); }
  operator std::span<const T>() const { return {p_, n_}; }  // NOLINT
  bool operator==(ArrayRef o) const {
    if (n_ != o.n_) return false;
    for (size_t i = 0; i < n_; ++i)
      if (!(p_[i] == o.p_[i])) return false;
    return true;
  }

 private:
  const T* p_ = nullptr;
  size_t n_ = 0;
};

}  // namespace ts::util
