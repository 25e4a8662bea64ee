// CPU inner loops for the binary and ternary pointwise ops (src/ops/pointwise.cpp).
// Dtype sets and kernel names in errors follow PyTorch 1.13's CPU kernels.
#include <bit>
#include <cmath>
#include <limits>

#include "kernels/cpu/vec_math.h"
#include "stubs/pointwise.h"

namespace ts::kernels::inline TS_CPU_NS {
namespace {

// The type a lambda computes in: float for float16/bfloat16, else the type itself.
template <typename T>
using Acc = typename AccType<T>::type;

// out = op(a, b) over the common dtype, computed in Acc<T>.
template <unsigned Set, typename Op>
void binary_kernel(TensorIter& it, const char* kname, const Op& op) {
  dispatch<Set>(it.common_dtype(), kname, [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = Acc<T>;
    cpu_kernel(it, [&](T a, T b) -> T { return T(op(C(a), C(b))); });
  });
}

// ---- pow ----

// Integer power by squaring; negative exponents give 0 except for bases 1 and -1.
template <typename T>
T powi(T a, T b) {
  if constexpr (std::is_signed_v<T>) {
    if (b < 0) {
      if (a == 1) return 1;
      if (a == -1) return (-b) % 2 ? T(-1) : T(1);
      return 0;
    }
  }
  T result = 1;
  while (b) {
    if (b & 1) result = T(result * a);
    b = T(b / 2);
    a = T(a * a);
  }
  return result;
}

void pow_tensor_kernel(TensorIter& it) {
  DType t = it.common_dtype();
  if (is_integral(t, false)) {
    dispatch<kIntSet>(t, "pow", [&](auto tag) {
      using T = typename decltype(tag)::type;
      cpu_kernel(it, [](T a, T b) -> T { return powi(a, b); });
    });
    return;
  }
  float_vec_kernel<2, kFloatingAll>(it, "pow", [](auto a, auto b) { return std::pow(a, b); },
#ifdef TS_VEC_AVX2
                                    [](vec::VF a, vec::VF b) { return _ZGVdN8vv_powf(a, b); }
#else
                                    0
#endif
  );
}

// PyTorch's pow_tensor_scalar: sqrt/rsqrt/reciprocal for +-0.5 and -1 (not float16),
// products for 2, 3 and -2, powf otherwise; integers use powi.
void pow_scalar_kernel(TensorIter& it, const Scalar& exp) {
  DType t = it.common_dtype();
  if (is_integral(t, false)) {
    dispatch<kIntSet>(t, "pow", [&](auto tag) {
      using T = typename decltype(tag)::type;
      const T e = exp.to<T>();
      cpu_kernel(it, [e](T a) -> T { return powi(a, e); });
    });
    return;
  }
  const double e = exp.to_double();
  dispatch<kFloatingAll>(t, "pow", [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = Acc<T>;
    if (t != DType::Float16) {
      if (e == 0.5) return cpu_kernel(it, [](T a) -> T { return T(std::sqrt(C(a))); });
      if (e == -0.5) return cpu_kernel(it, [](T a) -> T { return T(C(1) / std::sqrt(C(a))); });
      if (e == -1.0) return cpu_kernel(it, [](T a) -> T { return T(C(1) / C(a)); });
    }
    // Products round to T after each step, as PyTorch's scalar_t arithmetic does.
    if (e == 2.0) return cpu_kernel(it, [](T a) -> T { return T(C(a) * C(a)); });
    if (e == 3.0) return cpu_kernel(it, [](T a) -> T { return T(C(T(C(a) * C(a))) * C(a)); });
    if (e == -2.0) return cpu_kernel(it, [](T a) -> T { return T(C(1) / C(T(C(a) * C(a)))); });
    if constexpr (std::is_same_v<T, double>) {
      cpu_kernel(it, [e](double a) -> double { return std::pow(a, e); });
    } else {
      const float ef = float(T(e));
#ifdef TS_VEC_AVX2
      it.for_each([&](char** data, const int64_t* strides, int64_t n) {
        vec::map_block<T, 1>([ef](vec::VF a) { return _ZGVdN8vv_powf(a, vec::splat(ef)); }, data,
                             strides, n);
      });
#else
      cpu_kernel(it, [ef](T a) -> T { return T(std::pow(float(a), ef)); });
#endif
    }
  });
}

// ---- max / min ----

template <bool Max>
void max_min_kernel(TensorIter& it, const char* kname) {
  dispatch<kAllTypes>(it.common_dtype(), kname, [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = Acc<T>;
    if constexpr (std::is_floating_point_v<C>) {
      cpu_kernel(it, [](T a, T b) -> T {
        C x = C(a), y = C(b);
        if (x != x) return a;
        if (y != y) return b;
        return Max ? (x > y ? a : b) : (x < y ? a : b);
      });
    } else {
      cpu_kernel(it, [](T a, T b) -> T { return Max ? (a > b ? a : b) : (a < b ? a : b); });
    }
  });
}
void maximum_kernel(TensorIter& it) { max_min_kernel<true>(it, "maximum_cpu"); }
void minimum_kernel(TensorIter& it) { max_min_kernel<false>(it, "minimum_cpu"); }

// fmax/fmin: a NaN loses against a number.
template <bool Max>
void fmax_fmin_kernel(TensorIter& it, const char* kname) {
  dispatch<kAllTypes>(it.common_dtype(), kname, [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = Acc<T>;
    if constexpr (std::is_floating_point_v<C>) {
      cpu_kernel(it, [](T a, T b) -> T { return T(Max ? std::fmax(C(a), C(b)) : std::fmin(C(a), C(b))); });
    } else {
      cpu_kernel(it, [](T a, T b) -> T { return Max ? (a > b ? a : b) : (a < b ? a : b); });
    }
  });
}
void fmax_kernel(TensorIter& it) { fmax_fmin_kernel<true>(it, "fmax_cpu"); }
void fmin_kernel(TensorIter& it) { fmax_fmin_kernel<false>(it, "fmin_cpu"); }

// ---- remainder / fmod ----

// Integer division by zero: PyTorch raises RuntimeError("ZeroDivisionError"). Checked serially
// before the parallel loop (an exception must never leave an OpenMP region).
template <typename T>
void check_divisor(const TensorIter& it) {
  bool zero = false;
  it.serial_for_each([&](char** data, const int64_t* strides, int64_t n) {
    for (int64_t k = 0; k < n; ++k)
      if (*reinterpret_cast<const T*>(data[2] + k * strides[2]) == 0) zero = true;
  }, 0, it.numel());
  TS_CHECK(!zero, "ZeroDivisionError");
}

void remainder_kernel(TensorIter& it) {
  dispatch<kNumericAll>(it.common_dtype(), "remainder_cpu", [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = Acc<T>;
    if constexpr (std::is_integral_v<T>) {
      check_divisor<T>(it);
      cpu_kernel(it, [](T a, T b) -> T {
        T r = T(a % b);
        if constexpr (std::is_signed_v<T>) {
          if (r != 0 && ((r < 0) != (b < 0))) r = T(r + b);
        }
        return r;
      });
    } else {
      cpu_kernel(it, [](T a, T b) -> T {
        C x = C(a), y = C(b);
        C m = std::fmod(x, y);
        if (m != 0 && ((y < 0) != (m < 0))) m += y;
        return T(m);
      });
    }
  });
}

void fmod_kernel(TensorIter& it) {
  dispatch<kNumericAll>(it.common_dtype(), "fmod_cpu", [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = Acc<T>;
    if constexpr (std::is_integral_v<T>) {
      check_divisor<T>(it);
      cpu_kernel(it, [](T a, T b) -> T { return T(a % b); });
    } else {
      cpu_kernel(it, [](T a, T b) -> T { return T(std::fmod(C(a), C(b))); });
    }
  });
}

// ---- bitwise ----

template <int Op>
void bitwise_kernel(TensorIter& it, const char* kname) {
  dispatch<kBoolSet | kIntSet>(it.common_dtype(), kname, [&](auto tag) {
    using T = typename decltype(tag)::type;
    cpu_kernel(it, [](T a, T b) -> T {
      if constexpr (Op == 0) return T(a & b);
      else if constexpr (Op == 1) return T(a | b);
      else return T(a ^ b);
    });
  });
}
void bitwise_and_kernel(TensorIter& it) { bitwise_kernel<0>(it, "bitwise_and_cpu"); }
void bitwise_or_kernel(TensorIter& it) { bitwise_kernel<1>(it, "bitwise_or_cpu"); }
void bitwise_xor_kernel(TensorIter& it) { bitwise_kernel<2>(it, "bitwise_xor_cpu"); }

// ---- float binary math ----

void atan2_kernel(TensorIter& it) {
  float_vec_kernel<2, kFloatingBF16>(it, "atan2_cpu", [](auto a, auto b) { return std::atan2(a, b); },
#ifdef TS_VEC_AVX2
                                     [](vec::VF a, vec::VF b) { return _ZGVdN8vv_atan2f(a, b); }
#else
                                     0
#endif
  );
}
void hypot_kernel(TensorIter& it) {
  float_vec_kernel<2, kFloatingBF16>(it, "hypot_cpu", [](auto a, auto b) { return std::hypot(a, b); },
#ifdef TS_VEC_AVX2
                                     [](vec::VF a, vec::VF b) { return _ZGVdN8vv_hypotf(a, b); }
#else
                                     0
#endif
  );
}
void copysign_kernel(TensorIter& it) {
  binary_kernel<kFloatingAll>(it, "copysign_cpu", [](auto a, auto b) { return std::copysign(a, b); });
}
void logaddexp_kernel(TensorIter& it) {
  binary_kernel<kFloatingBF16>(it, "logaddexp_cpu", [](auto a, auto b) {
    if (std::isinf(a) && a == b) return a;
    auto m = std::max(a, b);
    return m + std::log1p(std::exp(-std::abs(a - b)));
  });
}
void logaddexp2_kernel(TensorIter& it) {
  binary_kernel<kFloatingBF16>(it, "logaddexp2_cpu", [](auto a, auto b) {
    using C = decltype(a);
    const C inv_log_2 = C(1.0 / 0.69314718055994530942);
    if (std::isinf(a) && a == b) return a;
    auto m = std::max(a, b);
    return m + std::log1p(std::exp2(-std::abs(a - b))) * inv_log_2;
  });
}
// Float16/bfloat16 round after the log too (PyTorch 1.13 computes in the dtype).
void xlogy_kernel(TensorIter& it) {
  dispatch<kFloatingAll>(it.common_dtype(), "xlogy_cpu", [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = Acc<T>;
    cpu_kernel(it, [](T a, T b) -> T {
      C x = C(a), y = C(b);
      if (y != y) return T(std::numeric_limits<C>::quiet_NaN());
      if (x == 0) return T(C(0));
      return T(x * C(rt<T>(std::log(y))));
    });
  });
}

// ---- comparisons and logical ops: inputs in the common dtype, bool output ----

template <typename Op>
void compare_kernel(TensorIter& it, const char* kname, const Op& op) {
  dispatch<kAllTypes>(it.common_dtype(), kname, [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = Acc<T>;
    cpu_kernel(it, [&](T a, T b) -> bool { return op(C(a), C(b)); });
  });
}
void eq_kernel(TensorIter& it) { compare_kernel(it, "eq_cpu", [](auto a, auto b) { return a == b; }); }
void ne_kernel(TensorIter& it) { compare_kernel(it, "ne_cpu", [](auto a, auto b) { return a != b; }); }
void lt_kernel(TensorIter& it) { compare_kernel(it, "lt_cpu", [](auto a, auto b) { return a < b; }); }
void le_kernel(TensorIter& it) { compare_kernel(it, "le_cpu", [](auto a, auto b) { return a <= b; }); }
void gt_kernel(TensorIter& it) { compare_kernel(it, "gt_cpu", [](auto a, auto b) { return a > b; }); }
void ge_kernel(TensorIter& it) { compare_kernel(it, "ge_cpu", [](auto a, auto b) { return a >= b; }); }
void logical_and_kernel(TensorIter& it) {
  compare_kernel(it, "logical_and_cpu", [](auto a, auto b) { return bool(a) && bool(b); });
}
void logical_or_kernel(TensorIter& it) {
  compare_kernel(it, "logical_or_cpu", [](auto a, auto b) { return bool(a) || bool(b); });
}
void logical_xor_kernel(TensorIter& it) {
  compare_kernel(it, "logical_xor_cpu", [](auto a, auto b) { return bool(a) != bool(b); });
}

// |a - b| <= atol + |rtol * b| for floats (in the tensor's dtype), equality otherwise.
void isclose_kernel(TensorIter& it, double rtol, double atol, bool equal_nan) {
  dispatch<kAllTypes>(it.common_dtype(), "isclose", [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = Acc<T>;
    if constexpr (std::is_floating_point_v<C>) {
      const C r = C(T(rtol)), at = C(T(atol));
      cpu_kernel(it, [=](T ta, T tb) -> bool {
        C a = C(ta), b = C(tb);
        if (a == b) return true;
        if (equal_nan && a != a && b != b) return true;
        C allowed = C(T(at + C(T(std::abs(C(T(r * b)))))));
        C actual = C(T(std::abs(C(T(a - b)))));
        return std::isfinite(actual) && actual <= allowed;
      });
    } else {
      cpu_kernel(it, [](T a, T b) -> bool { return a == b; });
    }
  });
}

// ---- ternary ----

// c ? a : b without a branch (a random mask mispredicts half the time: 4.5 ns per element),
// as a bit blend that vectorizes; exact for every value, NaNs included.
template <typename T>
inline T select_bits(bool c, T a, T b) {
  if constexpr (std::is_trivially_copyable_v<T> && (sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8)) {
    using U = std::conditional_t<sizeof(T) == 1, uint8_t,
              std::conditional_t<sizeof(T) == 2, uint16_t, std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>>>;
    const U m = U(U(0) - U(c));
    return std::bit_cast<T>(U((std::bit_cast<U>(a) & m) | (std::bit_cast<U>(b) & U(~m))));
  } else {
    return c ? a : b;
  }
}

// Operands: out, condition (bool), self, other (both in the output dtype).
void where_kernel(TensorIter& it) {
  dispatch<kAllTypes>(it.dtype(0), "where_cpu", [&](auto tag) {
    using T = typename decltype(tag)::type;
    // The condition is read as its byte (GCC has no vector type for bool).
    cpu_kernel(it, [](uint8_t c, T a, T b) -> T { return select_bits(c != 0, a, b); });
  });
}

// Operands: self (written), mask (bool).
void masked_fill_kernel(TensorIter& it, const Scalar& value) {
  dispatch<kAllTypes>(it.dtype(0), "masked_fill", [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T v = value.to<T>();
    it.for_each([v](char** data, const int64_t* strides, int64_t n) {
      for (int64_t k = 0; k < n; ++k)
        if (*reinterpret_cast<const bool*>(data[1] + k * strides[1]))
          *reinterpret_cast<T*>(data[0] + k * strides[0]) = v;
    });
  });
}

// PyTorch's lerp: self + w * (end - self) for w < 0.5, else end - (end - self) * (1 - w).
template <typename C>
inline C lerp_val(C self, C end, C w) {
  return w < C(0.5) ? self + w * (end - self) : end - (end - self) * (C(1) - w);
}
void lerp_scalar_kernel(TensorIter& it, const Scalar& weight) {
  dispatch<kFloatingBF16>(it.common_dtype(), "lerp_kernel_scalar", [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = Acc<T>;
    const C w = C(weight.to<double>());
    cpu_kernel(it, [w](T a, T b) -> T { return T(lerp_val(C(a), C(b), w)); });
  });
}
// With a weight tensor, PyTorch 1.13 rounds each bfloat16 step.
void lerp_tensor_kernel(TensorIter& it) {
  dispatch<kFloatingBF16>(it.common_dtype(), "lerp_kernel_tensor", [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = Acc<T>;
    cpu_kernel(it, [](T ta, T tb, T tw) -> T {
      C a = C(ta), b = C(tb), w = C(tw);
      auto r = [](C v) { return C(rt<T>(v)); };
      return T(w < C(0.5) ? a + r(w * r(b - a)) : b - r(r(b - a) * r(C(1) - w)));
    });
  });
}

void addcmul_kernel(TensorIter& it, const Scalar& value) {
  dispatch<kNumericBF16>(it.common_dtype(), "addcmul_cpu_out", [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = Acc<T>;
    const C v = C(value.to<T>());
    cpu_kernel(it, [v](T s, T a, T b) -> T { return T(C(s) + v * C(a) * C(b)); });
  });
}
void addcdiv_kernel(TensorIter& it, const Scalar& value) {
  dispatch<kNumericBF16>(it.common_dtype(), "addcdiv_cpu_out", [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = Acc<T>;
    const C v = C(value.to<T>());
    // bfloat16 rounds after each step, as PyTorch 1.13 computes it.
    cpu_kernel(it, [v](T s, T a, T b) -> T { return T(C(s) + C(rt<T>(C(rt<T>(v * C(a))) / C(b)))); });
  });
}

}  // namespace

#define TS_REG(n) TS_REGISTER_KERNEL(n##_stub, CPU, &n##_kernel);
TS_BINARY_STUBS(TS_REG)
#define TS_BINARY_OP(n, ...) TS_REG(n)
#define TS_BINARY_OP_NO_GRAD(n, ...) TS_REG(n)
#include "stubs/binary_ops.def"
#undef TS_REG
TS_REGISTER_KERNEL(pow_scalar_stub, CPU, &pow_scalar_kernel);
TS_REGISTER_KERNEL(lerp_scalar_stub, CPU, &lerp_scalar_kernel);
TS_REGISTER_KERNEL(addcmul_stub, CPU, &addcmul_kernel);
TS_REGISTER_KERNEL(addcdiv_stub, CPU, &addcdiv_kernel);
TS_REGISTER_KERNEL(masked_fill_stub, CPU, &masked_fill_kernel);
TS_REGISTER_KERNEL(isclose_stub, CPU, &isclose_kernel);

}  // namespace ts::kernels
