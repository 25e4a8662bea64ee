// CPU inner loops for add, mul, div.
#include <cmath>

#include "kernels/cpu/loops.h"
#include "stubs/binary.h"

namespace ts::kernels::inline TS_CPU_NS {
namespace {

void add_kernel(TensorIter& it, const Scalar& alpha) {
  TS_DISPATCH_ALL(it.common_dtype(), "add", {
    if constexpr (std::is_same_v<scalar_t, bool>) {
      bool a = alpha.to_bool();
      cpu_kernel(it, [a](bool x, bool y) -> bool { return x || (a && y); });
    } else {
      using acc_t = typename AccType<scalar_t>::type;
      auto a = alpha.to<acc_t>();
      if (a == acc_t(1)) {
        cpu_kernel(it, [](scalar_t x, scalar_t y) -> scalar_t { return scalar_t(acc_t(x) + acc_t(y)); });
      } else {
        cpu_kernel(it, [a](scalar_t x, scalar_t y) -> scalar_t {
          return scalar_t(acc_t(x) + a * acc_t(y));
        });
      }
    }
  });
}

void mul_kernel(TensorIter& it) {
  TS_DISPATCH_ALL(it.common_dtype(), "mul", {
    if constexpr (std::is_same_v<scalar_t, bool>) {
      cpu_kernel(it, [](bool x, bool y) -> bool { return x && y; });
    } else {
      using acc_t = typename AccType<scalar_t>::type;
      cpu_kernel(it, [](scalar_t x, scalar_t y) -> scalar_t { return scalar_t(acc_t(x) * acc_t(y)); });
    }
  });
}

void div_true_kernel(TensorIter& it) {
  TS_DISPATCH_FLOATING(it.common_dtype(), "div_true", {
    using acc_t = typename AccType<scalar_t>::type;
    cpu_kernel(it, [](scalar_t x, scalar_t y) -> scalar_t { return scalar_t(acc_t(x) / acc_t(y)); });
  });
}

// Integer division by zero is an error in PyTorch ("ZeroDivisionError"). Checked serially
// before the parallel loop: an exception must never leave an OpenMP region.
template <typename T>
void check_int_divisor(const TensorIter& it) {
  bool zero = false;
  it.serial_for_each([&](char** data, const int64_t* strides, int64_t n) {
    for (int64_t k = 0; k < n; ++k)
      if (*reinterpret_cast<const T*>(data[2] + k * strides[2]) == 0) zero = true;
  }, 0, it.numel());
  TS_CHECK(!zero, "ZeroDivisionError");  // PyTorch raises RuntimeError("ZeroDivisionError")
}

void div_trunc_kernel(TensorIter& it) {
  TS_DISPATCH_NUMERIC(it.common_dtype(), "div_trunc", {
    if constexpr (std::is_integral_v<scalar_t>) {
      check_int_divisor<scalar_t>(it);
      cpu_kernel(it, [](scalar_t x, scalar_t y) -> scalar_t { return scalar_t(x / y); });
    } else {
      using acc_t = typename AccType<scalar_t>::type;
      cpu_kernel(it, [](scalar_t x, scalar_t y) -> scalar_t { return scalar_t(std::trunc(acc_t(x) / acc_t(y))); });
    }
  });
}

// Python's floor division, with PyTorch's handling of signs and remainders.
template <typename T>
inline T div_floor_float(T a, T b) {
  if (b == 0) return a / b;
  T mod = std::fmod(a, b);
  T div = (a - mod) / b;
  if ((mod != 0) && ((b < 0) != (mod < 0))) div -= T(1);
  T floordiv;
  if (div != 0) {
    floordiv = std::floor(div);
    if (div - floordiv > T(0.5)) floordiv += T(1.0);
  } else {
    floordiv = std::copysign(T(0), a / b);
  }
  return floordiv;
}

void div_floor_kernel(TensorIter& it) {
  TS_DISPATCH_NUMERIC(it.common_dtype(), "div_floor", {
    if constexpr (std::is_integral_v<scalar_t>) {
      check_int_divisor<scalar_t>(it);
      cpu_kernel(it, [](scalar_t x, scalar_t y) -> scalar_t {
        if constexpr (std::is_signed_v<scalar_t>) {
          if ((x < 0) != (y < 0)) {
            auto q = x / y;
            return scalar_t(q * y != x ? q - 1 : q);
          }
        }
        return scalar_t(x / y);
      });
    } else {
      using acc_t = typename AccType<scalar_t>::type;
      cpu_kernel(it, [](scalar_t x, scalar_t y) -> scalar_t { return scalar_t(div_floor_float(acc_t(x), acc_t(y))); });
    }
  });
}

}  // namespace

TS_REGISTER_KERNEL(add_stub, CPU, &add_kernel);
TS_REGISTER_KERNEL(mul_stub, CPU, &mul_kernel);
TS_REGISTER_KERNEL(div_true_stub, CPU, &div_true_kernel);
TS_REGISTER_KERNEL(div_trunc_stub, CPU, &div_trunc_kernel);
TS_REGISTER_KERNEL(div_floor_stub, CPU, &div_floor_kernel);

}  // namespace ts::kernels
