// A Python number (bool, int or float) passed to an op: `x + 2`, `fill_(0.5)`.
#pragma once

#include <cstdint>
#include <string>

#include "tensor/dtype.h"

namespace ts {

class Scalar {
 public:
  enum class Kind : uint8_t { Bool, Int, Float };
  Scalar() : kind_(Kind::Int), i_(0) {}
  Scalar(bool v) : kind_(Kind::Bool), i_(v) {}  // NOLINT: implicit like a Python literal
  Scalar(int v) : kind_(Kind::Int), i_(v) {}    // NOLINT
  Scalar(int64_t v) : kind_(Kind::Int), i_(v) {}  // NOLINT
  Scalar(double v) : kind_(Kind::Float), d_(v) {}  // NOLINT
  Scalar(float v) : kind_(Kind::Float), d_(v) {}   // NOLINT

  Kind kind() const { return kind_; }
  bool is_bool() const { return kind_ == Kind::Bool; }
  bool is_int() const { return kind_ == Kind::Int; }
  bool is_float() const { return kind_ == Kind::Float; }
  // The dtype a wrapped number of this kind has: bool, int64, or the default float dtype.
  DType dtype() const;

  double to_double() const { return kind_ == Kind::Float ? d_ : double(i_); }
  int64_t to_int() const { return kind_ == Kind::Float ? int64_t(d_) : i_; }
  bool to_bool() const { return kind_ == Kind::Float ? d_ != 0 : i_ != 0; }
  template <typename T>
  T to() const {
    if constexpr (std::is_same_v<T, bool>) {
      return to_bool();
    } else if constexpr (std::is_integral_v<T>) {
      return kind_ == Kind::Float ? T(int64_t(d_)) : T(i_);
    } else {
      return T(kind_ == Kind::Float ? d_ : double(i_));
    }
  }
  Scalar operator-() const;
  // As Python prints it: True, 3, 2.5
  std::string str() const;

 private:
  Kind kind_;
  union {
    int64_t i_;
    double d_;
  };
};

}  // namespace ts
