// CPU kernels of torch.optim's fused updates (src/ops/optim_updates.cpp): one call per
// parameter, one pass over its elements.
//
// The results equal the op-by-op path bit for bit. Every element goes through the same roundings
// as the kernels the op path runs (kernels/cpu/binary.cpp, pointwise.cpp): scalars are cast to the
// tensor's dtype, `x.add_(y, alpha=a)` is fma(a, y, x) and `s.addcmul_(a, b, value=v)` is
// fma(v * a, b, s) (those kernels are compiled with contraction on), `s.addcdiv_(a, b, value=v)`
// is s + (v * a) / b. Contraction is off in this file, so nothing else fuses: each fma below is
// one the op path performs too. The scalar math (bias corrections, step sizes) is Python's
// double arithmetic, as the interpreter evaluates it; a step counter is counted in its own dtype
// (`step_t.add_(1)`, then `float(step_t.item())`).
//
// Every tensor is contiguous, float32 or float64, with its parameter's dtype and element count;
// a state tensor the options do not use is undefined (the op checks all of it first).
#if defined(__clang__)
#pragma clang fp contract(off)
#else
#pragma GCC optimize("fp-contract=off")
#endif

#include <cmath>
#include <omp.h>
#include <type_traits>

#include "stubs/optim.h"
#include "tensor/iter.h"
#include "tensor/tensor.h"

namespace ts::kernels::inline TS_CPU_NS {

namespace {

template <typename T>
T* ptr(const Tensor& t) {
  return reinterpret_cast<T*>(t.data_ptr());
}

// step_t.add_(1); returns float(step_t.item()).
double bump_step(const Tensor& t) {
  if (t.dtype() == DType::Float32) {
    float* p = ptr<float>(t);
    *p = *p + 1.0f;
    return *p;
  }
  double* p = ptr<double>(t);
  *p = *p + 1.0;
  return *p;
}

// Runs f(k) for k in [0, n), split across threads for large n. Each thread runs its own copy of f
// (the lambdas capture by value), so the loop's pointers and flags live in registers and the loop
// vectorizes; a shared by-reference capture kept it scalar, reloading both every element.
template <typename F>
void for_elements(int64_t n, const F& f) {
  auto run = [](F g, int64_t lo, int64_t hi) {
    for (int64_t k = lo; k < hi; ++k) g(k);
  };
  if (n <= kGrainSize) return run(f, 0, n);
#pragma omp parallel
  {
    const int64_t t = omp_get_thread_num(), nt = omp_get_num_threads();
    run(f, n * t / nt, n * (t + 1) / nt);
  }
}

// Calls f with one std::bool_constant per flag: inside f the flags are compile-time constants, so
// each combination's loop is straight-line code that vectorizes (with run-time flags GCC leaves a
// loop with several branches scalar).
template <typename F>
void with_flags(F f) {
  f();
}
template <typename F, typename... B>
void with_flags(F f, bool b, B... rest) {
  if (b) with_flags([&](auto... c) { f(std::true_type{}, c...); }, rest...);
  else with_flags([&](auto... c) { f(std::false_type{}, c...); }, rest...);
}

// max(a, b) propagating NaN (a's first), a on ties; selects, so the loops stay vectorized.
template <typename T>
inline T nan_max(T a, T b) {
  T r = b > a ? b : a;
  r = b != b ? b : r;
  return a != a ? a : r;
}

// exp_avg.mul_(beta1).add_(grad, alpha=1 - beta1) and
// exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=1 - beta2) for element k; the new moments.
template <typename T>
inline void update_moments(T* m, T* v, int64_t k, T gk, T b1, T one_b1, T b2, T one_b2, T& mk, T& vk) {
  mk = std::fma(one_b1, gk, T(m[k] * b1));
  vk = std::fma(T(one_b2 * gk), gk, T(v[k] * b2));
  m[k] = mk;
  v[k] = vk;
}

// The gradient an update uses: negated when maximizing, plus weight_decay * param (L2 decay).
template <typename T>
T grad_of(const T* g, const T* p, int64_t k, bool maximize, bool decay, T wd) {
  T d = maximize ? T(-g[k]) : g[k];
  return decay ? std::fma(wd, p[k], d) : d;
}

// Runs f with T = float or double, the parameter's dtype.
template <typename F>
void float_or_double(const Tensor& param, F f) {
  if (param.dtype() == DType::Float32) f(float{});
  else f(double{});
}

// ---- SGD ----
void sgd_kernel(const Tensor& param, const Tensor& grad, const Tensor& buf, bool fresh_buf, double lr,
                double momentum, double dampening, double weight_decay, bool nesterov, bool maximize) {
  float_or_double(param, [&](auto tag) {
    using T = decltype(tag);
    T* p = ptr<T>(param);
    const T* g = ptr<T>(grad);
    T* b = buf.defined() ? ptr<T>(buf) : nullptr;
    const T wd = T(weight_decay), mom = T(momentum), damp = T(1 - dampening), nlr = T(-lr);
    with_flags([&](auto maxim, auto decay, auto use_mom, auto fresh, auto nest) {
      for_elements(param.numel(), [=](int64_t k) {
        T d = maxim ? T(-g[k]) : g[k];
        if (decay) d = std::fma(wd, p[k], d);
        if (use_mom) {
          T m;
          if (fresh) {
            m = d;
          } else {
            m = b[k] * mom;
            m = std::fma(damp, d, m);
          }
          b[k] = m;
          d = nest ? std::fma(mom, m, d) : m;
        }
        p[k] = std::fma(nlr, d, p[k]);
      });
    }, maximize, weight_decay != 0, momentum != 0, fresh_buf, nesterov);
  });
}

// ---- Adam, AdamW ----
void adam_kernel(const Tensor& param, const Tensor& grad, const Tensor& step_t, const Tensor& exp_avg,
                 const Tensor& exp_avg_sq, const Tensor& max_exp_avg_sq, double lr, double beta1, double beta2,
                 double eps, double weight_decay, bool maximize, bool decoupled) {
  const double step = bump_step(step_t);
  const bool amsgrad = max_exp_avg_sq.defined();
  float_or_double(param, [&](auto tag) {
    using T = decltype(tag);
    T* p = ptr<T>(param);
    const T* g = ptr<T>(grad);
    T* m = ptr<T>(exp_avg);
    T* v = ptr<T>(exp_avg_sq);
    T* mx = amsgrad ? ptr<T>(max_exp_avg_sq) : nullptr;
    const double bias_correction1 = 1 - std::pow(beta1, step);
    const double bias_correction2 = 1 - std::pow(beta2, step);
    const double step_size = lr / bias_correction1;
    const double bias_correction2_sqrt = std::sqrt(bias_correction2);
    const T decay_mul = T(1 - lr * weight_decay), wd = T(weight_decay);
    const T b1 = T(beta1), b2 = T(beta2), one_b1 = T(1 - beta1), one_b2 = T(1 - beta2);
    const T bc2s = T(bias_correction2_sqrt), e = T(eps), nstep = T(-step_size);
    const bool l2 = !decoupled && weight_decay != 0;
    with_flags([&](auto maxim, auto decoupled_c, auto decay, auto ams) {
      for_elements(param.numel(), [=](int64_t k) {
        T gk = maxim ? T(-g[k]) : g[k], mk, vk;
        T pk = p[k];
        if (decoupled_c) pk = pk * decay_mul;
        else if (decay) gk = std::fma(wd, pk, gk);
        update_moments(m, v, k, gk, b1, one_b1, b2, one_b2, mk, vk);
        T src = vk;
        if (ams) {
          src = nan_max(mx[k], vk);  // torch.maximum(max_exp_avg_sq, exp_avg_sq); the two are >= +0
          mx[k] = src;
        }
        T denom = T(std::sqrt(src) / bc2s) + e;
        p[k] = pk + T(nstep * mk) / denom;
      });
    }, maximize, decoupled, l2, amsgrad);
  });
}

// ---- RMSprop ----
void rmsprop_kernel(const Tensor& param, const Tensor& grad, const Tensor& square_avg, const Tensor& grad_avg,
                    const Tensor& momentum_buffer, double lr, double alpha, double eps, double weight_decay,
                    double momentum, bool maximize) {
  float_or_double(param, [&](auto tag) {
    using T = decltype(tag);
    T* p = ptr<T>(param);
    const T* g = ptr<T>(grad);
    T* sa = ptr<T>(square_avg);
    T* ga = grad_avg.defined() ? ptr<T>(grad_avg) : nullptr;
    T* buf = momentum_buffer.defined() ? ptr<T>(momentum_buffer) : nullptr;
    const T wd = T(weight_decay), al = T(alpha), one_al = T(1 - alpha), e = T(eps), mom = T(momentum), nlr = T(-lr);
    with_flags([&](auto has_grad_avg, auto has_buf, auto maxim, auto decay) {
      for_elements(param.numel(), [=](int64_t k) {
        T gk = grad_of(g, p, k, maxim, decay, wd);
        T s2 = sa[k] * al;
        s2 = std::fma(T(one_al * gk), gk, s2);
        sa[k] = s2;
        T avg;
        if (has_grad_avg) {
          T m = ga[k] * al;
          m = std::fma(one_al, gk, m);
          ga[k] = m;
          avg = std::sqrt(std::fma(T(T(-1) * m), m, s2));
        } else {
          avg = std::sqrt(s2);
        }
        avg = avg + e;
        if (has_buf) {
          T b = buf[k] * mom;
          b = b + T(T(1) * gk) / avg;
          buf[k] = b;
          p[k] = std::fma(nlr, b, p[k]);
        } else {
          p[k] = p[k] + T(nlr * gk) / avg;
        }
      });
    }, ga != nullptr, buf != nullptr, maximize, weight_decay != 0);
  });
}

// ---- Adagrad ----
void adagrad_kernel(const Tensor& param, const Tensor& grad, const Tensor& step_t, const Tensor& state_sum,
                    double lr, double lr_decay, double eps, double weight_decay, bool maximize) {
  const double step = bump_step(step_t);
  const double clr = lr / (1 + (step - 1) * lr_decay);
  float_or_double(param, [&](auto tag) {
    using T = decltype(tag);
    T* p = ptr<T>(param);
    const T* g = ptr<T>(grad);
    T* sum = ptr<T>(state_sum);
    const T wd = T(weight_decay), e = T(eps), nclr = T(-clr);
    with_flags([&](auto maxim, auto decay) {
      for_elements(param.numel(), [=](int64_t k) {
        T gk = grad_of(g, p, k, maxim, decay, wd);
        T s2 = std::fma(T(T(1) * gk), gk, sum[k]);
        sum[k] = s2;
        T sd = std::sqrt(s2) + e;
        p[k] = p[k] + T(nclr * gk) / sd;
      });
    }, maximize, weight_decay != 0);
  });
}

// ---- Adadelta ----
void adadelta_kernel(const Tensor& param, const Tensor& grad, const Tensor& square_avg, const Tensor& acc_delta,
                     double lr, double rho, double eps, double weight_decay, bool maximize) {
  float_or_double(param, [&](auto tag) {
    using T = decltype(tag);
    T* p = ptr<T>(param);
    const T* g = ptr<T>(grad);
    T* sa = ptr<T>(square_avg);
    T* ad = ptr<T>(acc_delta);
    const T wd = T(weight_decay), r = T(rho), one_r = T(1 - rho), e = T(eps), nlr = T(-lr);
    with_flags([&](auto maxim, auto decay) {
      for_elements(param.numel(), [=](int64_t k) {
        T gk = grad_of(g, p, k, maxim, decay, wd);
        T s2 = sa[k] * r;
        s2 = std::fma(T(one_r * gk), gk, s2);
        sa[k] = s2;
        T sd = std::sqrt(T(s2 + e));
        T delta = std::sqrt(T(ad[k] + e));
        delta = delta / sd;
        delta = delta * gk;
        T acc = ad[k] * r;
        ad[k] = std::fma(T(one_r * delta), delta, acc);
        p[k] = std::fma(nlr, delta, p[k]);
      });
    }, maximize, weight_decay != 0);
  });
}

// ---- Adamax ----
void adamax_kernel(const Tensor& param, const Tensor& grad, const Tensor& step_t, const Tensor& exp_avg,
                   const Tensor& exp_inf, double lr, double beta1, double beta2, double eps, double weight_decay,
                   bool maximize) {
  const double step = bump_step(step_t);
  const double clr = lr / (1 - std::pow(beta1, step));
  float_or_double(param, [&](auto tag) {
    using T = decltype(tag);
    T* p = ptr<T>(param);
    const T* g = ptr<T>(grad);
    T* m = ptr<T>(exp_avg);
    T* inf = ptr<T>(exp_inf);
    const T wd = T(weight_decay), b1 = T(beta1), one_b1 = T(1 - beta1), b2 = T(beta2), e = T(eps), nclr = T(-clr);
    with_flags([&](auto maxim, auto decay) {
      for_elements(param.numel(), [=](int64_t k) {
        T gk = grad_of(g, p, k, maxim, decay, wd);
        T mk = m[k] * b1;
        mk = std::fma(one_b1, gk, mk);
        m[k] = mk;
        T x = inf[k] * b2, y = T(std::abs(gk)) + e;
        T r = nan_max(x, y);
        inf[k] = r;
        p[k] = p[k] + T(nclr * mk) / r;
      });
    }, maximize, weight_decay != 0);
  });
}

// ---- NAdam ----
// A one-element tensor's value as a double.
double get0(const Tensor& t) {
  return t.dtype() == DType::Float32 ? double(*ptr<float>(t)) : *ptr<double>(t);
}
// t * x (a tensor times a Python float, in the tensor's dtype), stored into t when `store`.
double mul0(const Tensor& t, double v, double x, bool store) {
  double r = t.dtype() == DType::Float32 ? double(float(v) * float(x)) : v * x;
  if (store) {
    if (t.dtype() == DType::Float32) *ptr<float>(t) = float(r);
    else *ptr<double>(t) = r;
  }
  return r;
}

void nadam_kernel(const Tensor& param, const Tensor& grad, const Tensor& step_t, const Tensor& mu_product_t,
                  const Tensor& exp_avg, const Tensor& exp_avg_sq, double lr, double beta1, double beta2, double eps,
                  double weight_decay, double momentum_decay) {
  const double step = bump_step(step_t);
  const double bias_correction2 = 1 - std::pow(beta2, step);
  const double mu = beta1 * (1. - 0.5 * std::pow(0.96, step * momentum_decay));
  const double mu_next = beta1 * (1. - 0.5 * std::pow(0.96, (step + 1) * momentum_decay));
  const double mu_product = mul0(mu_product_t, get0(mu_product_t), mu, true);
  const double mu_product_next = mul0(mu_product_t, mul0(mu_product_t, mu_product, mu, false), mu_next, false);
  const double c1 = -lr * (1. - mu) / (1. - mu_product);
  const double c2 = -lr * mu_next / (1. - mu_product_next);
  float_or_double(param, [&](auto tag) {
    using T = decltype(tag);
    T* p = ptr<T>(param);
    const T* g = ptr<T>(grad);
    T* m = ptr<T>(exp_avg);
    T* v = ptr<T>(exp_avg_sq);
    const T wd = T(weight_decay), b1 = T(beta1), one_b1 = T(1 - beta1), b2 = T(beta2), one_b2 = T(1 - beta2);
    const T bc2 = T(bias_correction2), e = T(eps), tc1 = T(c1), tc2 = T(c2);
    with_flags([&](auto decay) {
      for_elements(param.numel(), [=](int64_t k) {
        T gk = grad_of(g, p, k, false, decay, wd), mk, vk;
        update_moments(m, v, k, gk, b1, one_b1, b2, one_b2, mk, vk);
        T denom = std::sqrt(T(vk / bc2)) + e;
        T pk = p[k] + T(tc1 * gk) / denom;
        p[k] = pk + T(tc2 * mk) / denom;
      });
    }, weight_decay != 0);
  });
}

// ---- RAdam ----
void radam_kernel(const Tensor& param, const Tensor& grad, const Tensor& step_t, const Tensor& exp_avg,
                  const Tensor& exp_avg_sq, double lr, double beta1, double beta2, double eps, double weight_decay) {
  const double step = bump_step(step_t);
  const double bias_correction1 = 1 - std::pow(beta1, step);
  const double bias_correction2 = 1 - std::pow(beta2, step);
  const double rho_inf = 2 / (1 - beta2) - 1;
  const double rho_t = rho_inf - 2 * step * std::pow(beta2, step) / bias_correction2;
  const bool rectify = rho_t > 5.;
  double rect = 0;
  if (rectify) rect = std::sqrt((rho_t - 4) * (rho_t - 2) * rho_inf / ((rho_inf - 4) * (rho_inf - 2) * rho_t));
  float_or_double(param, [&](auto tag) {
    using T = decltype(tag);
    T* p = ptr<T>(param);
    const T* g = ptr<T>(grad);
    T* m = ptr<T>(exp_avg);
    T* v = ptr<T>(exp_avg_sq);
    const T wd = T(weight_decay), b1 = T(beta1), one_b1 = T(1 - beta1), b2 = T(beta2), one_b2 = T(1 - beta2);
    const T bc1 = T(bias_correction1), e = T(eps), tlr = T(lr), tr = T(rect);
    const T bc2s = T(std::sqrt(bias_correction2));
    with_flags([&](auto rectified, auto decay) {
      for_elements(param.numel(), [=](int64_t k) {
        T gk = grad_of(g, p, k, false, decay, wd), mk, vk;
        update_moments(m, v, k, gk, b1, one_b1, b2, one_b2, mk, vk);
        T u = T(mk / bc1) * tlr;
        if (rectified) {
          T ada = T(T(1) / T(std::sqrt(vk) + e)) * bc2s;
          u = T(u * ada) * tr;
        }
        p[k] = std::fma(T(-1), u, p[k]);
      });
    }, rectify, weight_decay != 0);
  });
}

}  // namespace

TS_REGISTER_KERNEL(optim_sgd_stub, CPU, &sgd_kernel);
TS_REGISTER_KERNEL(optim_adam_stub, CPU, &adam_kernel);
TS_REGISTER_KERNEL(optim_rmsprop_stub, CPU, &rmsprop_kernel);
TS_REGISTER_KERNEL(optim_adagrad_stub, CPU, &adagrad_kernel);
TS_REGISTER_KERNEL(optim_adadelta_stub, CPU, &adadelta_kernel);
TS_REGISTER_KERNEL(optim_adamax_stub, CPU, &adamax_kernel);
TS_REGISTER_KERNEL(optim_nadam_stub, CPU, &nadam_kernel);
TS_REGISTER_KERNEL(optim_radam_stub, CPU, &radam_kernel);

}  // namespace ts::kernels
