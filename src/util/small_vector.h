// A vector of int64_t with inline room for a few elements: sizes and strides of tensors.
// Avoids a heap allocation per tensor for the common case of up to kInline dimensions.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <span>
#include <vector>

#include "util/array_ref.h"

namespace ts::util {

class DimVector {
 public:
  static constexpr int kInline = 6;
  DimVector() = default;
  explicit DimVector(size_t n, int64_t v = 0) { resize(n, v); }
  DimVector(std::initializer_list<int64_t> l) { assign(l.begin(), l.size()); }
  DimVector(const std::vector<int64_t>& v) { assign(v.data(), v.size()); }  // NOLINT
  DimVector(ArrayRef<int64_t> s) { assign(s.data(), s.size()); }  // NOLINT
  DimVector(const DimVector& o) { assign(o.data(), o.size()); }
  DimVector(DimVector&& o) noexcept { move_from(o); }
  DimVector& operator=(const DimVector& o) {
    if (this != &o) assign(o.data(), o.size());
    return *this;
  }
  DimVector& operator=(DimVector&& o) noexcept {
    if (this != &o) {
      release();
      move_from(o);
    }
    return *this;
  }
  ~DimVector() { release(); }

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  int64_t* data() { return heap_ ? heap_ : inline_; }
  const int64_t* data() const { return heap_ ? heap_ : inline_; }
  int64_t& operator[](size_t i) { return data()[i]; }
  int64_t operator[](size_t i) const { return data()[i]; }
  int64_t* begin() { return data(); }
  int64_t* end() { return data() + size_; }
  const int64_t* begin() const { return data(); }
  const int64_t* end() const { return data() + size_; }
  int64_t back() const { return data()[size_ - 1]; }
  operator ArrayRef<int64_t>() const { return {data(), size_}; }  // NOLINT
  std::vector<int64_t> vec() const { return {begin(), end()}; }

  void resize(size_t n, int64_t v = 0) {
    reserve(n);
    for (size_t i = size_; i < n; ++i) data()[i] = v;
    size_ = n;
  }
  void push_back(int64_t v) {
    reserve(size_ + 1);
    data()[size_++] = v;
  }
  void pop_back() { --size_; }
  void insert(size_t pos, int64_t v) {
    reserve(size_ + 1);
    int64_t* d = data();
    std::memmove(d + pos + 1, d + pos, (size_ - pos) * sizeof(int64_t));
    d[pos] = v;
    ++size_;
  }
  void erase(size_t pos) {
    int64_t* d = data();
    std::memmove(d + pos, d + pos + 1, (size_ - pos - 1) * sizeof(int64_t));
    --size_;
  }
  bool operator==(const DimVector& o) const {
    return size_ == o.size_ && std::equal(begin(), end(), o.begin());
  }
  bool operator==(ArrayRef<int64_t> o) const {
    return size_ == o.size() && std::equal(begin(), end(), o.begin());
  }

 private:
  void reserve(size_t n) {
    if (n <= capacity()) return;
    size_t cap = std::max<size_t>(n, 2 * capacity());
    auto* p = new int64_t[cap];
    for (size_t i = 0; i < size_; ++i) p[i] = data()[i];
    delete[] heap_;
    heap_ = p;
    cap_ = cap;
  }
  size_t capacity() const { return heap_ ? cap_ : kInline; }
  void assign(const int64_t* p, size_t n) {
    size_ = 0;
    reserve(n);
    int64_t* d = data();
    for (size_t i = 0; i < n; ++i) d[i] = p[i];  // tiny: a loop beats a memcpy call
    size_ = n;
  }
  void release() {
    delete[] heap_;
    heap_ = nullptr;
    size_ = 0;
  }
  void move_from(DimVector& o) {
    if (o.heap_) {
      heap_ = o.heap_;
      cap_ = o.cap_;
      size_ = o.size_;
      o.heap_ = nullptr;
      o.size_ = 0;
    } else {
      heap_ = nullptr;
      assign(o.inline_, o.size_);
    }
  }

  int64_t inline_[kInline];
  int64_t* heap_ = nullptr;
  size_t size_ = 0;
  size_t cap_ = 0;
};

}  // namespace ts::util
