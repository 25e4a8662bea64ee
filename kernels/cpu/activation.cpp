// CPU inner loops for the activation functions (src/ops/activation.cpp). Formulas and dtype
// sets follow PyTorch 1.13's CPU kernels; the transcendental ones vectorize through libmvec.
#include <cmath>
#include <limits>

#include "kernels/cpu/vec_math.h"
#include "stubs/activation.h"

namespace ts::kernels::inline TS_CPU_NS {
namespace {

#ifdef TS_VEC_AVX2
using vec::VF;
using vec::splat;
inline VF vadd(VF a, VF b) { return _mm256_add_ps(a, b); }
inline VF vsub(VF a, VF b) { return _mm256_sub_ps(a, b); }
inline VF vmul(VF a, VF b) { return _mm256_mul_ps(a, b); }
inline VF vdiv(VF a, VF b) { return _mm256_div_ps(a, b); }
inline VF vneg(VF a) { return _mm256_xor_ps(a, splat(-0.0f)); }
#define TS_VOP(...) __VA_ARGS__
#else
#define TS_VOP(...) 0
#endif

// A scalar of the op's dtype, as PyTorch's `scalar.to<scalar_t>()` rounds it, in float/double.
template <typename C, typename T>
C as_dtype(const Scalar& s) {
  return C(s.to<T>());
}

// Runs a float activation: `make(tag)` returns {scalar op, vector op} for the dtype.
template <unsigned Set, typename Make>
void activation(TensorIter& it, const char* kname, const Make& make) {
  dispatch<Set>(it.common_dtype(), kname, [&](auto tag) {
    using T = typename decltype(tag)::type;
    auto [sop, vop] = make(tag);
#ifdef TS_VEC_AVX2
    if constexpr (!std::is_same_v<T, double>) {
      it.for_each([&](char** data, const int64_t* strides, int64_t n) {
        vec::map_block<T, 1>(vop, data, strides, n);
      });
      return;
    }
#endif
    using C = std::conditional_t<std::is_same_v<T, double>, double, float>;
    cpu_kernel(it, [&](T a) -> T { return T(sop(C(a))); });
  });
}

void gelu_kernel(TensorIter& it, bool tanh_approx) {
  if (!tanh_approx) {
    // x * 0.5 * (1 + erf(x / sqrt(2)))
    activation<kFloatingBF16>(it, "GeluKernelImpl", [](auto) {
      auto sop = [](auto x) {
        using C = decltype(x);
        return x * C(0.5) * (C(1) + std::erf(x * C(M_SQRT1_2)));
      };
      auto vop = TS_VOP([](VF x) {
        return vmul(vmul(x, splat(0.5f)), vadd(splat(1.0f), vec::erf_as(vmul(x, splat(float(M_SQRT1_2))))));
      });
      return std::make_pair(sop, vop);
    });
    return;
  }
  // 0.5 * x * (1 + tanh(sqrt(2/pi) * (x + 0.044715 x^3)))
  constexpr double kBeta = M_SQRT2 * M_2_SQRTPI * 0.5, kKappa = 0.044715;
  if (it.common_dtype() == DType::BFloat16) {  // PyTorch 1.13 rounds every step to bfloat16
    const float b = rt<BFloat16>(float(kBeta)), k = rt<BFloat16>(float(kKappa));
    cpu_kernel(it, [=](BFloat16 a) -> BFloat16 {
      auto r = [](float v) { return rt<BFloat16>(v); };
      float x = a, cube = r(r(x * x) * x);
      float inner = r(b * r(x + r(k * cube)));
      return BFloat16(r(0.5f * x) * r(1.0f + r(std::tanh(inner))));
    });
    return;
  }
  activation<kFloatingBF16>(it, "GeluKernelImpl", [](auto) {
    auto sop = [](auto x) {
      using C = decltype(x);
      C inner = C(kBeta) * (x + C(kKappa) * (x * x * x));
      return C(0.5) * x * (C(1) + std::tanh(inner));
    };
    auto vop = TS_VOP([](VF x) {
      VF cube = vmul(vmul(x, x), x);
      VF inner = vmul(splat(float(kBeta)), vadd(x, vmul(splat(float(kKappa)), cube)));
      return vmul(vmul(splat(0.5f), x), vadd(splat(1.0f), _ZGVdN8v_tanhf(inner)));
    });
    return std::make_pair(sop, vop);
  });
}

// x / (1 + exp(-x))
void silu_kernel(TensorIter& it) {
  if (it.common_dtype() == DType::BFloat16) {  // PyTorch 1.13 rounds every step to bfloat16
    cpu_kernel(it, [](BFloat16 a) -> BFloat16 {
      float x = a;
      return BFloat16(x / rt<BFloat16>(1.0f + rt<BFloat16>(std::exp(-x))));
    });
    return;
  }
  activation<kFloatingBF16>(it, "silu_cpu", [](auto) {
    auto sop = [](auto x) { return x / (decltype(x)(1) + std::exp(-x)); };
    auto vop = TS_VOP([](VF x) { return vdiv(x, vadd(splat(1.0f), vec::exp(vneg(x)))); });
    return std::make_pair(sop, vop);
  });
}

// x * tanh(log1p(exp(x)))
void mish_kernel(TensorIter& it) {
  activation<kFloatSet>(it, "mish_cpu", [](auto) {
    auto sop = [](auto x) { return x * std::tanh(std::log1p(std::exp(x))); };
    auto vop = TS_VOP([](VF x) { return vmul(x, _ZGVdN8v_tanhf(vec::log1p(vec::exp(x)))); });
    return std::make_pair(sop, vop);
  });
}

// x * beta > threshold ? x : log1p(exp(x * beta)) / beta
void softplus_kernel(TensorIter& it, const Scalar& beta, const Scalar& threshold) {
  activation<kFloatingBF16>(it, "softplus_cpu", [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = std::conditional_t<std::is_same_v<T, double>, double, float>;
    const C b = as_dtype<C, T>(beta), th = as_dtype<C, T>(threshold);
    auto sop = [=](auto x) {
      using X = decltype(x);
      return X(x * X(b)) > X(th) ? x : X(std::log1p(std::exp(x * X(b))) / X(b));
    };
    auto vop = TS_VOP([=](VF x) {
      VF xb = vmul(x, splat(float(b)));
      VF soft = vdiv(vec::log1p(vec::exp(xb)), splat(float(b)));
      return _mm256_blendv_ps(soft, x, _mm256_cmp_ps(xb, splat(float(th)), _CMP_GT_OQ));
    });
    return std::make_pair(sop, vop);
  });
}

// x <= 0 ? (exp(x * input_scale) - 1) * alpha * scale : x * scale
void elu_kernel(TensorIter& it, const Scalar& alpha, const Scalar& scale, const Scalar& input_scale) {
  activation<kFloatingBF16>(it, "elu_cpu", [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = std::conditional_t<std::is_same_v<T, double>, double, float>;
    const C negcoef = C(T(as_dtype<C, T>(alpha) * as_dtype<C, T>(scale)));
    const C poscoef = as_dtype<C, T>(scale), negin = as_dtype<C, T>(input_scale);
    auto sop = [=](auto x) {
      using X = decltype(x);
      return x <= X(0) ? (std::exp(x * X(negin)) - X(1)) * X(negcoef) : x * X(poscoef);
    };
    auto vop = TS_VOP([=](VF x) {
      VF neg = vmul(vsub(vec::exp(vmul(x, splat(float(negin)))), splat(1.0f)), splat(float(negcoef)));
      VF pos = vmul(x, splat(float(poscoef)));
      return _mm256_blendv_ps(neg, pos, _mm256_cmp_ps(x, _mm256_setzero_ps(), _CMP_GT_OQ));
    });
    return std::make_pair(sop, vop);
  });
}

// min(x, 0) - log1p(exp(-|x|))
void log_sigmoid_kernel(TensorIter& it) {
  activation<kFloatingBF16>(it, "log_sigmoid_cpu", [](auto) {
    auto sop = [](auto x) {
      using X = decltype(x);
      return std::min(x, X(0)) - std::log1p(std::exp(-std::abs(x)));
    };
    auto vop = TS_VOP([](VF x) {
      VF absx = _mm256_andnot_ps(splat(-0.0f), x);
      // min(x, 0) keeping NaN: _mm256_min_ps returns its second operand for NaN.
      VF m = _mm256_min_ps(_mm256_setzero_ps(), x);
      return vsub(m, vec::log1p(vec::exp(vneg(absx))));
    });
    return std::make_pair(sop, vop);
  });
}

template <typename Op>
void simple_float(TensorIter& it, const char* kname, const Op& op) {
  dispatch<kFloatingBF16>(it.common_dtype(), kname, [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = typename AccType<T>::type;
    cpu_kernel(it, [&](T a) -> T { return T(op(C(a))); });
  });
}

void leaky_relu_kernel(TensorIter& it, const Scalar& slope) {
  dispatch<kFloatingBF16>(it.common_dtype(), "leaky_relu_cpu", [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = typename AccType<T>::type;
    const C s = C(slope.to<T>());
    cpu_kernel(it, [s](T a) -> T { return C(a) > C(0) ? a : T(C(a) * s); });
  });
}
void hardsigmoid_kernel(TensorIter& it) {
  simple_float(it, "hardsigmoid_cpu", [](auto x) {
    using C = decltype(x);
    return std::min(std::max(x + C(3), C(0)), C(6)) / C(6);
  });
}
void hardswish_kernel(TensorIter& it) {
  simple_float(it, "hardswish_cpu", [](auto x) {
    using C = decltype(x);
    return x * std::min(std::max(x + C(3), C(0)), C(6)) / C(6);
  });
}

// x <= threshold ? value : x, with both numbers converted to the tensor's dtype.
void threshold_kernel(TensorIter& it, const Scalar& threshold, const Scalar& value) {
  dispatch<kNumericBF16>(it.common_dtype(), "threshold_cpu", [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = typename AccType<T>::type;
    const C th = C(threshold.to<T>());
    const T v = value.to<T>();
    cpu_kernel(it, [th, v](T a) -> T { return C(a) <= th ? v : a; });
  });
}

}  // namespace

TS_REGISTER_KERNEL(gelu_stub, CPU, &gelu_kernel);
TS_REGISTER_KERNEL(silu_stub, CPU, &silu_kernel);
TS_REGISTER_KERNEL(mish_stub, CPU, &mish_kernel);
TS_REGISTER_KERNEL(softplus_stub, CPU, &softplus_kernel);
TS_REGISTER_KERNEL(elu_stub, CPU, &elu_kernel);
TS_REGISTER_KERNEL(leaky_relu_stub, CPU, &leaky_relu_kernel);
TS_REGISTER_KERNEL(hardsigmoid_stub, CPU, &hardsigmoid_kernel);
TS_REGISTER_KERNEL(hardswish_stub, CPU, &hardswish_kernel);
TS_REGISTER_KERNEL(threshold_stub, CPU, &threshold_kernel);
TS_REGISTER_KERNEL(log_sigmoid_stub, CPU, &log_sigmoid_kernel);

}  // namespace ts::kernels
