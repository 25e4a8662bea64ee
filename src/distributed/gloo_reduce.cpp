// The reduce functions of ProcessGroupGloo (gloo_reduce.h).
#include "distributed/gloo_reduce.h"

#include <cmath>
#include <type_traits>

namespace ts::distributed::gloo_impl {

namespace {

template <typename T>
constexpr bool is_half_v = std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>;

// Signed integers add and multiply modulo 2^bits, as PyTorch's integer arithmetic does.
template <typename T>
T wrap_add(T a, T b) {
  return T(uint64_t(a) + uint64_t(b));
}
template <typename T>
T wrap_mul(T a, T b) {
  return T(uint64_t(a) * uint64_t(b));
}

// Minimum and maximum propagate NaN (as torch.minimum/maximum).
template <typename T>
T pick_min(T a, T b) {
  if constexpr (std::is_floating_point_v<T> || is_half_v<T>) {
    float fa = float(a), fb = float(b);
    if (std::isnan(fa)) return a;
    if (std::isnan(fb)) return b;
    return fb < fa ? b : a;
  } else {
    return b < a ? b : a;
  }
}
template <typename T>
T pick_max(T a, T b) {
  if constexpr (std::is_floating_point_v<T> || is_half_v<T>) {
    float fa = float(a), fb = float(b);
    if (std::isnan(fa)) return a;
    if (std::isnan(fb)) return b;
    return fb > fa ? b : a;
  } else {
    return b > a ? b : a;
  }
}

template <typename T, ReduceOp Op>
T combine(T a, T b) {
  if constexpr (std::is_same_v<T, bool>) {
    // Bool tensors reduce logically: SUM/MAX/BOR are "any", PRODUCT/MIN/BAND "all".
    if constexpr (Op == ReduceOp::SUM || Op == ReduceOp::MAX || Op == ReduceOp::BOR) return a || b;
    if constexpr (Op == ReduceOp::PRODUCT || Op == ReduceOp::MIN || Op == ReduceOp::BAND) return a && b;
    return a != b;  // BXOR
  } else if constexpr (Op == ReduceOp::MIN) {
    return pick_min(a, b);
  } else if constexpr (Op == ReduceOp::MAX) {
    return pick_max(a, b);
  } else if constexpr (is_half_v<T>) {
    // 16-bit floats compute in float and round once per step.
    if constexpr (Op == ReduceOp::SUM) return T(float(a) + float(b));
    return T(float(a) * float(b));  // PRODUCT
  } else if constexpr (std::is_floating_point_v<T>) {
    if constexpr (Op == ReduceOp::SUM) return a + b;
    return a * b;  // PRODUCT
  } else {
    if constexpr (Op == ReduceOp::SUM) return wrap_add(a, b);
    if constexpr (Op == ReduceOp::PRODUCT) return wrap_mul(a, b);
    if constexpr (Op == ReduceOp::BAND) return T(a & b);
    if constexpr (Op == ReduceOp::BOR) return T(a | b);
    return T(a ^ b);  // BXOR
  }
}

template <typename T, ReduceOp Op>
void reduce_loop(void* out, const void* a, const void* b, size_t n) {
  auto* po = static_cast<T*>(out);
  const auto* pa = static_cast<const T*>(a);
  const auto* pb = static_cast<const T*>(b);
  for (size_t i = 0; i < n; ++i) po[i] = combine<T, Op>(pa[i], pb[i]);
}

}  // namespace

ReduceFn reduce_fn(DType dtype, ReduceOp op) {
  return TS_DISPATCH_ALL(dtype, "ProcessGroupGloo reduce", {
    using T = scalar_t;
    switch (op) {
      case ReduceOp::SUM:
      case ReduceOp::AVG: return &reduce_loop<T, ReduceOp::SUM>;
      case ReduceOp::PRODUCT: return &reduce_loop<T, ReduceOp::PRODUCT>;
      case ReduceOp::MIN: return &reduce_loop<T, ReduceOp::MIN>;
      case ReduceOp::MAX: return &reduce_loop<T, ReduceOp::MAX>;
      default: break;
    }
    if constexpr (std::is_integral_v<T>) {
      switch (op) {
        case ReduceOp::BAND: return &reduce_loop<T, ReduceOp::BAND>;
        case ReduceOp::BOR: return &reduce_loop<T, ReduceOp::BOR>;
        default: return &reduce_loop<T, ReduceOp::BXOR>;
      }
    }
    TS_INTERNAL_ASSERT(false, "bitwise reduce op on a floating dtype passed the argument checks");
    return ReduceFn(nullptr);
  });
}

void divide(char* data, DType dtype, size_t n, int size) {
  TS_DISPATCH_ALL(dtype, "ProcessGroupGloo AVG", {
    using T = scalar_t;
    if constexpr (std::is_floating_point_v<T> || is_half_v<T>) {
      auto* p = reinterpret_cast<T*>(data);
      using Acc = typename AccType<T>::type;
      for (size_t i = 0; i < n; ++i) p[i] = T(Acc(p[i]) / Acc(size));
    } else {
      TS_INTERNAL_ASSERT(false, "AVG on an integer dtype passed the argument checks");
    }
  });
}

}  // namespace ts::distributed::gloo_impl
