#include "tensor/scalar.h"

#include <cmath>
#include <cstdio>

namespace ts {

DType Scalar::dtype() const {
  switch (kind_) {
    case Kind::Bool: return DType::Bool;
    case Kind::Int: return DType::Int64;
    case Kind::Float: return default_dtype();
  }
  return DType::Int64;
}

Scalar Scalar::operator-() const {
  if (kind_ == Kind::Float) return Scalar(-d_);
  return Scalar(int64_t(-i_));
}

std::string Scalar::str() const {
  if (kind_ == Kind::Bool) return i_ ? "True" : "False";
  if (kind_ == Kind::Int) return std::to_string(i_);
  if (std::isnan(d_)) return "nan";
  if (std::isinf(d_)) return d_ > 0 ? "inf" : "-inf";
  // Python's repr: shortest string that round-trips.
  char buf[32];
  for (int prec = 1; prec <= 17; ++prec) {
    std::snprintf(buf, sizeof buf, "%.*g", prec, d_);
    if (std::strtod(buf, nullptr) == d_) break;
  }
  std::string s = buf;
  if (s.find_first_of(".en") == std::string::npos) s += ".0";
  return s;
}

}  // namespace ts
