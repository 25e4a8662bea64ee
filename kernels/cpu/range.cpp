// Element generators for arange, linspace and logspace, bit-identical to PyTorch 1.13's CPU
// kernels (AVX2 build): see src/ops/README.md, Note [Range kernels match PyTorch bit for bit].
// Which multiply-adds are fused matters for the last bit, so this file turns off the
// compiler's own contraction and writes every fused one as std::fma.
#pragma GCC optimize("fp-contract=off")

#include <omp.h>

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "stubs/range.h"
#include "tensor/iter.h"
#include "tensor/tensor.h"

namespace ts::kernels {
namespace {

template <typename T>
constexpr bool kHalfLike = std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>;

// Elements per 256-bit vector: PyTorch's vectorized loop works in blocks of two vectors from
// the start of each thread's chunk, then finishes the chunk element by element.
template <typename T>
constexpr int64_t kVec = 32 / int64_t(sizeof(T));

// Runs body(begin, end) over [0, n) split like PyTorch's parallel_for (grain 32768).
template <typename F>
void parallel_chunks(int64_t n, const F& body) {
  const int threads = omp_in_parallel() ? 1 : omp_get_max_threads();
  if (n <= kGrainSize || threads <= 1) {
    body(int64_t(0), n);
    return;
  }
  const int64_t nt = std::min<int64_t>(threads, (n + kGrainSize - 1) / kGrainSize);
  const int64_t chunk = (n + nt - 1) / nt;
#pragma omp parallel for num_threads(int(nt)) schedule(static, 1)
  for (int64_t t = 0; t < nt; ++t) {
    const int64_t b = t * chunk, e = std::min(n, b + chunk);
    if (b < e) body(b, e);
  }
}

// Vectorized blocks then a scalar tail, per chunk: `block(out, j)` fills out[j, j + kVec).
template <typename T, typename Block, typename Scalar1>
void vec_pattern(T* out, int64_t n, const Block& block, const Scalar1& scalar) {
  constexpr int64_t V = kVec<T>;
  parallel_chunks(n, [&](int64_t b, int64_t e) {
    int64_t i = b;
    for (; i + 2 * V <= e; i += 2 * V) {
      block(out, i);
      block(out, i + V);
    }
    for (; i < e; ++i) out[i] = scalar(i);
  });
}

template <typename T>
void arange_typed(T* out, int64_t n, const Scalar& start_s, const Scalar& step_s) {
  if constexpr (std::is_integral_v<T>) {
    // int64 accumulation; wraps into narrower types like PyTorch's static_cast.
    const uint64_t start = uint64_t(start_s.to<int64_t>()), step = uint64_t(step_s.to<int64_t>());
    parallel_chunks(n, [&](int64_t b, int64_t e) {
      for (int64_t i = b; i < e; ++i) out[i] = T(int64_t(start + step * uint64_t(i)));
    });
  } else {
    using A = std::conditional_t<kHalfLike<T>, float, double>;
    const A start = A(start_s.to<double>()), step = A(step_s.to<double>());
    constexpr int64_t V = kVec<T>;
    auto scalar = [&](int64_t i) { return T(std::fma(step, A(i), start)); };
    auto block = [&](T* o, int64_t j) {
      const A base = A(T(std::fma(step, A(j), start)));
      for (int64_t k = 0; k < V; ++k) {
        if constexpr (kHalfLike<T>) {
          o[j + k] = T(base + A(k) * step);
        } else {
          o[j + k] = T(std::fma(A(k), step, base));
        }
      }
    };
    vec_pattern(out, n, block, scalar);
  }
}

void arange_kernel(const Tensor& out, const Scalar& start, const Scalar& step) {
  const int64_t n = out.numel();
  TS_DISPATCH_ALL(out.dtype(), "arange_cpu", {
    if constexpr (std::is_same_v<scalar_t, bool>) {
      TS_ERROR("\"arange_cpu\" not implemented for 'Bool'");
    } else {
      arange_typed(static_cast<scalar_t*>(out.data_ptr()), n, start, step);
    }
  });
}

// linspace's two halves: from start forward below steps / 2, from end backward above.
template <typename T>
void linspace_typed(T* out, int64_t steps, const Scalar& start_s, const Scalar& end_s) {
  constexpr int64_t V = kVec<T>;
  const int64_t halfway = steps / 2;
  if constexpr (kHalfLike<T>) {
    // Half arithmetic rounds after every operation (c10's Half operators).
    auto r = [](float x) { return float(T(x)); };
    const float start = float(T(float(start_s.to<double>())));
    const float end = float(T(float(end_s.to<double>())));
    const float step = r(r(end - start) / r(float(steps - 1)));
    auto scalar = [&](int64_t i) {
      if (i < halfway) return T(start + r(step * r(float(i))));
      return T(end - r(step * r(float(steps - i - 1))));
    };
    auto block = [&](T* o, int64_t j) {
      const float base = float(scalar(j));
      for (int64_t k = 0; k < V; ++k) o[j + k] = T(base + r(r(float(k)) * step));
    };
    vec_pattern(out, steps, block, scalar);
  } else {
    using A = std::conditional_t<std::is_integral_v<T>, double, T>;
    const T start = start_s.to<T>(), end = end_s.to<T>();
    const A step = (A(end) - A(start)) / A(steps - 1);
    auto scalar = [&](int64_t i) {
      if (i < halfway) return T(std::fma(step, A(i), A(start)));
      return T(std::fma(-step, A(steps - i - 1), A(end)));
    };
    auto block = [&](T* o, int64_t j) {
      const A base = A(scalar(j));
      for (int64_t k = 0; k < V; ++k) o[j + k] = T(base + A(k) * step);
    };
    vec_pattern(out, steps, block, scalar);
  }
}

void linspace_kernel(const Tensor& out, const Scalar& start, const Scalar& end) {
  TS_DISPATCH_ALL(out.dtype(), "linspace_cpu", {
    if constexpr (std::is_same_v<scalar_t, bool>) {
      TS_ERROR("\"linspace_cpu\" not implemented for 'Bool'");
    } else {
      linspace_typed(static_cast<scalar_t*>(out.data_ptr()), out.numel(), start, end);
    }
  });
}

// double -> integer as x86's truncating conversion does it (out-of-range gives the minimum),
// through int32 for types up to 32 bits, as the compiled PyTorch kernel does.
template <typename T>
T to_integer(double x) {
  if constexpr (sizeof(T) == 8) {
    return (x > -9223372036854775808.0 && x < 9223372036854775808.0) ? T(x) : INT64_MIN;
  } else {
    return T((x > -2147483649.0 && x < 2147483648.0) ? int32_t(x) : INT32_MIN);
  }
}

template <typename T>
void logspace_typed(T* out, int64_t steps, const Scalar& start_s, const Scalar& end_s,
                    double base) {
  const int64_t halfway = steps / 2;
  const T start = start_s.to<T>(), end = end_s.to<T>();
  double step;
  if constexpr (kHalfLike<T>) {
    step = double(float(T(float(end) - float(start)))) / double(steps - 1);
  } else {
    step = double(end - start) / double(steps - 1);
  }
  const double ds = double(start), de = double(end);
  parallel_chunks(steps, [&](int64_t b, int64_t e) {
    for (int64_t i = b; i < e; ++i) {
      const double x = i < halfway ? ds + step * double(i) : de - step * double(steps - i - 1);
      const double v = std::pow(base, x);
      if constexpr (std::is_integral_v<T>) {
        out[i] = to_integer<T>(v);
      } else if constexpr (kHalfLike<T>) {
        out[i] = T(float(v));
      } else {
        out[i] = T(v);
      }
    }
  });
}

void logspace_kernel(const Tensor& out, const Scalar& start, const Scalar& end, double base) {
  TS_DISPATCH_ALL(out.dtype(), "logspace_cpu", {
    if constexpr (std::is_same_v<scalar_t, bool> || std::is_same_v<scalar_t, Half>) {
      TS_ERROR("\"logspace_cpu\" not implemented for '",
               std::is_same_v<scalar_t, bool> ? "Bool" : "Half", "'");
    } else {
      logspace_typed(static_cast<scalar_t*>(out.data_ptr()), out.numel(), start, end, base);
    }
  });
}

}  // namespace

TS_REGISTER_KERNEL(arange_stub, CPU, &arange_kernel);
TS_REGISTER_KERNEL(linspace_stub, CPU, &linspace_kernel);
TS_REGISTER_KERNEL(logspace_stub, CPU, &logspace_kernel);

}  // namespace ts::kernels
