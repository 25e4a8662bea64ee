// float16 and bfloat16 storage types with round-to-nearest-even conversion from float.
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>

namespace ts {

struct Half {
  uint16_t bits = 0;
  Half() = default;
  Half(float f) : bits(from_float(f)) {}  // NOLINT: implicit like a builtin float type
  operator float() const { return to_float(bits); }

  static uint16_t from_float(float f) {
    uint32_t x = std::bit_cast<uint32_t>(f);
    uint32_t sign = (x >> 16) & 0x8000u;
    x &= 0x7fffffffu;
    if (x >= 0x7f800000u) return uint16_t(sign | (x > 0x7f800000u ? 0x7e00u : 0x7c00u));
    if (x >= 0x477ff000u) return uint16_t(sign | 0x7c00u);  // rounds to infinity
    if (x < 0x38800000u) {                                  // subnormal or zero
      float a = std::bit_cast<float>(x);
      uint32_t r = uint32_t(std::nearbyint(a * 16777216.0f));  // a / 2^-24, ties to even
      return uint16_t(sign | r);
    }
    uint32_t mant_odd = (x >> 13) & 1u;
    x += 0xc8000fffu + mant_odd;  // rebias exponent (-112 << 23) and round to nearest even
    return uint16_t(sign | (x >> 13));
  }
  static float to_float(uint16_t h) {
    uint32_t sign = uint32_t(h & 0x8000u) << 16;
    uint32_t exp = (h >> 10) & 0x1fu;
    uint32_t mant = h & 0x3ffu;
    if (exp == 0) {
      float v = float(mant) * 5.9604644775390625e-08f;  // 2^-24
      return sign ? -v : v;
    }
    if (exp == 31) return std::bit_cast<float>(sign | 0x7f800000u | (mant << 13));
    return std::bit_cast<float>(sign | ((exp + 112) << 23) | (mant << 13));
  }
};

struct BFloat16 {
  uint16_t bits = 0;
  BFloat16() = default;
  BFloat16(float f) : bits(from_float(f)) {}  // NOLINT
  operator float() const { return std::bit_cast<float>(uint32_t(bits) << 16); }

  static uint16_t from_float(float f) {
    if (std::isnan(f)) return 0x7fc0;
    uint32_t x = std::bit_cast<uint32_t>(f);
    uint32_t rounding_bias = 0x7fffu + ((x >> 16) & 1u);
    return uint16_t((x + rounding_bias) >> 16);
  }
};

}  // namespace ts
