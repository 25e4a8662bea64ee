// The `_ts.optim_*` builtins behind torch.optim's fused updates (stdlib/torch/optim/__init__.ts):
// one call per parameter group and step, one pass over each parameter's elements.
//
// The results equal the op-by-op path bit for bit. Every element goes through the same roundings
// as the kernels the op path runs (kernels/cpu/binary.cpp, pointwise.cpp): scalars are cast to the
// tensor's dtype, `x.add_(y, alpha=a)` is fma(a, y, x) and `s.addcmul_(a, b, value=v)` is
// fma(v * a, b, s) (the kernels are compiled with contraction on), `s.addcdiv_(a, b, value=v)` is
// s + (v * a) / b. Contraction is off in this file, so nothing else fuses: each fma below is one
// the op path performs too. The scalar math (bias corrections, step sizes) is Python's double
// arithmetic, as the interpreter evaluates it.
//
// A builtin returns None, and changes nothing, when a tensor is not a contiguous float32/float64
// CPU tensor of its parameter's dtype and size; the stdlib then runs the op path.
#if defined(__clang__)
#pragma clang fp contract(off)
#else
#pragma GCC optimize("fp-contract=off")
#endif

#include <cmath>
#include <omp.h>
#include <type_traits>
#include <vector>

#include "runtime/builtins.h"
#include "runtime/builtins_data.h"

namespace ts::runtime {

namespace {

constexpr int64_t kParallelGrain = 32768;  // the kernels' grain (tensor/iter.h)

double num_arg(const IValue& v) { return v.is_bool() ? double(v.to_bool()) : v.is_number() ? v.to_double() : 0.0; }
bool flag(const IValue& v) { return v.is_bool() ? v.to_bool() : num_arg(v) != 0; }
// The hyperparameters a[first..last) are Python numbers and flags (a tensor learning rate, for
// one, takes the op path).
bool numbers(const Args& a, size_t first, size_t last) {
  if (a.size() < last) return false;
  for (size_t i = first; i < last; ++i)
    if (!a[i].is_number()) return false;
  return true;
}

std::vector<Tensor> tensor_list(const IValue& v) {
  std::vector<Tensor> out;
  for (const IValue& x : v.items()) out.push_back(x.is_none() ? Tensor() : x.to_tensor());
  return out;
}

// A parameter, gradient or state tensor the fused loops can take.
bool fusable(const Tensor& t, const Tensor& param) {
  return t.defined() && t.device().is_cpu() && t.is_contiguous() && t.dtype() == param.dtype() &&
         t.numel() == param.numel() && (param.dtype() == DType::Float32 || param.dtype() == DType::Float64);
}
bool all_fusable(const std::vector<Tensor>& ts, const std::vector<Tensor>& params) {
  if (ts.size() != params.size()) return false;
  for (size_t i = 0; i < ts.size(); ++i)
    if (!fusable(ts[i], params[i])) return false;
  return true;
}
// A 0-dim "step" tensor, counted in float32 or float64.
bool step_tensor(const Tensor& t) {
  return t.defined() && t.device().is_cpu() && t.numel() == 1 &&
         (t.dtype() == DType::Float32 || t.dtype() == DType::Float64);
}
// step_t.add_(1); returns float(step_t.item()).
double bump_step(const Tensor& t) {
  double s;
  if (t.dtype() == DType::Float32) {
    float* p = reinterpret_cast<float*>(t.data_ptr());
    *p = *p + 1.0f;
    s = *p;
  } else {
    double* p = reinterpret_cast<double*>(t.data_ptr());
    *p = *p + 1.0;
    s = *p;
  }
  t.bump_version();
  return s;
}

// Runs f(k) for k in [0, n), split across threads for large n. Each thread runs its own copy of f
// (the lambdas capture by value), so the loop's pointers and flags live in registers and the loop
// vectorizes; a shared by-reference capture kept it scalar, reloading both every element.
template <typename F>
void for_elements(int64_t n, const F& f) {
  auto run = [](F g, int64_t lo, int64_t hi) {
    for (int64_t k = lo; k < hi; ++k) g(k);
  };
  if (n <= kParallelGrain) return run(f, 0, n);
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

template <typename T>
T* ptr(const Tensor& t) {
  return reinterpret_cast<T*>(t.data_ptr());
}

// ---- SGD ----
struct SgdArgs {
  double lr, momentum, dampening, weight_decay;
  bool nesterov, maximize;
};

template <typename T>
void sgd_one(const Tensor& param, const Tensor& grad, const Tensor& buf, bool fresh, const SgdArgs& a) {
  T* p = ptr<T>(param);
  const T* g = ptr<T>(grad);
  T* b = buf.defined() ? ptr<T>(buf) : nullptr;
  const T wd = T(a.weight_decay), mom = T(a.momentum), damp = T(1 - a.dampening), nlr = T(-a.lr);
  with_flags([&](auto maximize, auto decay, auto use_mom, auto fresh_buf, auto nesterov) {
    for_elements(param.numel(), [=](int64_t k) {
      T d = maximize ? T(-g[k]) : g[k];
      if (decay) d = std::fma(wd, p[k], d);
      if (use_mom) {
        T m;
        if (fresh_buf) {
          m = d;
        } else {
          m = b[k] * mom;
          m = std::fma(damp, d, m);
        }
        b[k] = m;
        d = nesterov ? std::fma(mom, m, d) : m;
      }
      p[k] = std::fma(nlr, d, p[k]);
    });
  }, a.maximize, a.weight_decay != 0, a.momentum != 0, fresh, a.nesterov);
}

// _ts.optim_sgd(params, grads, momentum_buffers, lr, momentum, dampening, weight_decay, nesterov,
// maximize): the momentum buffers after the step (the given ones without momentum), or None.
IValue optim_sgd(Interp&, Args& a, const Kw&) {
  if (!numbers(a, 3, 9)) return IValue();
  std::vector<Tensor> params = tensor_list(a[0]), grads = tensor_list(a[1]), bufs = tensor_list(a[2]);
  SgdArgs s{num_arg(a[3]), num_arg(a[4]), num_arg(a[5]), num_arg(a[6]), flag(a[7]), flag(a[8])};
  if (!all_fusable(params, params) || !all_fusable(grads, params) || bufs.size() != params.size()) return IValue();
  for (size_t i = 0; i < params.size(); ++i)
    if (bufs[i].defined() && !fusable(bufs[i], params[i])) return IValue();
  std::vector<IValue> out;
  for (size_t i = 0; i < params.size(); ++i) {
    bool fresh = false;
    Tensor buf = bufs[i];
    if (s.momentum != 0 && !buf.defined()) {
      buf = grads[i].clone();  // torch.clone(d_p): filled in by the loop
      fresh = true;
    }
    if (params[i].dtype() == DType::Float32) sgd_one<float>(params[i], grads[i], buf, fresh, s);
    else sgd_one<double>(params[i], grads[i], buf, fresh, s);
    params[i].bump_version();
    if (s.momentum != 0) {
      if (!fresh) buf.bump_version();
      out.push_back(IValue(buf));
    } else {
      out.push_back(a[2].items()[i]);  // without momentum a buffer stays as it is
    }
  }
  return IValue::list(std::move(out));
}

// ---- Adam, AdamW ----
struct AdamArgs {
  double lr, beta1, beta2, eps, weight_decay;
  bool amsgrad, maximize, decoupled;
};

// exp_avg.mul_(beta1).add_(grad, alpha=1 - beta1) and
// exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=1 - beta2) for element k; the new moments.
template <typename T>
inline void update_moments(T* m, T* v, int64_t k, T gk, T b1, T one_b1, T b2, T one_b2, T& mk, T& vk) {
  mk = std::fma(one_b1, gk, T(m[k] * b1));
  vk = std::fma(T(one_b2 * gk), gk, T(v[k] * b2));
  m[k] = mk;
  v[k] = vk;
}

// max(a, b) propagating NaN (a's first), a on ties; selects, so the loops stay vectorized.
template <typename T>
inline T nan_max(T a, T b) {
  T r = b > a ? b : a;
  r = b != b ? b : r;
  return a != a ? a : r;
}

template <typename T>
void adam_one(const Tensor& param, const Tensor& grad, const Tensor& exp_avg, const Tensor& exp_avg_sq,
              const Tensor& max_sq, double step, const AdamArgs& a) {
  T* p = ptr<T>(param);
  const T* g = ptr<T>(grad);
  T* m = ptr<T>(exp_avg);
  T* v = ptr<T>(exp_avg_sq);
  T* mx = a.amsgrad ? ptr<T>(max_sq) : nullptr;
  const double bias_correction1 = 1 - std::pow(a.beta1, step);
  const double bias_correction2 = 1 - std::pow(a.beta2, step);
  const double step_size = a.lr / bias_correction1;
  const double bias_correction2_sqrt = std::sqrt(bias_correction2);
  const T decay_mul = T(1 - a.lr * a.weight_decay), wd = T(a.weight_decay);
  const T b1 = T(a.beta1), b2 = T(a.beta2), one_b1 = T(1 - a.beta1), one_b2 = T(1 - a.beta2);
  const T bc2s = T(bias_correction2_sqrt), eps = T(a.eps), nstep = T(-step_size);
  const bool l2 = !a.decoupled && a.weight_decay != 0;
  with_flags([&](auto maximize, auto decoupled, auto decay, auto amsgrad) {
    for_elements(param.numel(), [=](int64_t k) {
      T gk = maximize ? T(-g[k]) : g[k], mk, vk;
      T pk = p[k];
      if (decoupled) pk = pk * decay_mul;
      else if (decay) gk = std::fma(wd, pk, gk);
      update_moments(m, v, k, gk, b1, one_b1, b2, one_b2, mk, vk);
      T src = vk;
      if (amsgrad) {
        src = nan_max(mx[k], vk);  // torch.maximum(max_exp_avg_sq, exp_avg_sq); the two are >= +0
        mx[k] = src;
      }
      T denom = T(std::sqrt(src) / bc2s) + eps;
      p[k] = pk + T(nstep * mk) / denom;
    });
  }, a.maximize, a.decoupled, l2, a.amsgrad);
}

// _ts.optim_adam(params, grads, steps, exp_avgs, exp_avg_sqs, max_exp_avg_sqs, lr, beta1, beta2,
// eps, weight_decay, amsgrad, maximize, decoupled): True after the step, or None.
IValue optim_adam(Interp&, Args& a, const Kw&) {
  if (!numbers(a, 6, 14)) return IValue();
  std::vector<Tensor> params = tensor_list(a[0]), grads = tensor_list(a[1]), steps = tensor_list(a[2]);
  std::vector<Tensor> avgs = tensor_list(a[3]), sqs = tensor_list(a[4]), maxs = tensor_list(a[5]);
  AdamArgs s{num_arg(a[6]),  num_arg(a[7]),     num_arg(a[8]),     num_arg(a[9]),
             num_arg(a[10]), flag(a[11]), flag(a[12]), flag(a[13])};
  if (!all_fusable(params, params) || !all_fusable(grads, params) || !all_fusable(avgs, params) ||
      !all_fusable(sqs, params) || (s.amsgrad && !all_fusable(maxs, params)) || steps.size() != params.size())
    return IValue();
  for (const Tensor& t : steps)
    if (!step_tensor(t)) return IValue();
  for (size_t i = 0; i < params.size(); ++i) {
    double step = bump_step(steps[i]);
    Tensor mx = s.amsgrad ? maxs[i] : Tensor();
    if (params[i].dtype() == DType::Float32) adam_one<float>(params[i], grads[i], avgs[i], sqs[i], mx, step, s);
    else adam_one<double>(params[i], grads[i], avgs[i], sqs[i], mx, step, s);
    params[i].bump_version();
    avgs[i].bump_version();
    sqs[i].bump_version();
    if (s.amsgrad) mx.bump_version();
  }
  return IValue(true);
}

// The remaining optimizers take their arguments in one order: params, grads, the state tensors
// (one list per kind), then the hyperparameters.
bool state_lists_ok(Args& a, size_t first, size_t count, const std::vector<Tensor>& params,
                    std::vector<std::vector<Tensor>>& out, const std::vector<bool>& needed) {
  for (size_t j = 0; j < count; ++j) {
    out.push_back(tensor_list(a[first + j]));
    if (needed[j] && !all_fusable(out.back(), params)) return false;
  }
  return true;
}
bool steps_ok(const std::vector<Tensor>& steps, size_t n) {
  if (steps.size() != n) return false;
  for (const Tensor& t : steps)
    if (!step_tensor(t)) return false;
  return true;
}
void bump_all(const std::vector<Tensor>& params, size_t i, const std::vector<std::vector<Tensor>>& states) {
  params[i].bump_version();
  for (const auto& l : states)
    if (l.size() > i && l[i].defined()) l[i].bump_version();
}
template <typename T>
T grad_of(const T* g, const T* p, int64_t k, bool maximize, bool decay, T wd) {
  T d = maximize ? T(-g[k]) : g[k];
  return decay ? std::fma(wd, p[k], d) : d;
}
#define TS_OPTIM_DISPATCH(dt, ...)                  \
  if ((dt) == DType::Float32) {                     \
    using T = float;                                \
    __VA_ARGS__;                                    \
  } else {                                          \
    using T = double;                               \
    __VA_ARGS__;                                    \
  }

// _ts.optim_rmsprop(params, grads, square_avgs, grad_avgs, momentum_buffers, lr, alpha, eps,
// weight_decay, momentum, centered, maximize): True, or None.
IValue optim_rmsprop(Interp&, Args& a, const Kw&) {
  if (!numbers(a, 5, 12)) return IValue();
  std::vector<Tensor> params = tensor_list(a[0]), grads = tensor_list(a[1]);
  const double lr = num_arg(a[5]), alpha = num_arg(a[6]), eps = num_arg(a[7]), wdd = num_arg(a[8]),
               momentum = num_arg(a[9]);
  const bool centered = flag(a[10]), maximize = flag(a[11]);
  std::vector<std::vector<Tensor>> st;
  if (!all_fusable(params, params) || !all_fusable(grads, params) ||
      !state_lists_ok(a, 2, 3, params, st, {true, centered, momentum > 0}))
    return IValue();
  for (size_t i = 0; i < params.size(); ++i) {
    TS_OPTIM_DISPATCH(params[i].dtype(), {
      T* p = ptr<T>(params[i]);
      const T* g = ptr<T>(grads[i]);
      T* sa = ptr<T>(st[0][i]);
      T* ga = centered ? ptr<T>(st[1][i]) : nullptr;
      T* buf = momentum > 0 ? ptr<T>(st[2][i]) : nullptr;
      const T wd = T(wdd), al = T(alpha), one_al = T(1 - alpha), e = T(eps), mom = T(momentum), nlr = T(-lr);
      with_flags([&](auto has_grad_avg, auto has_buf, auto maxim, auto decay) {
        for_elements(params[i].numel(), [=](int64_t k) {
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
      }, ga != nullptr, buf != nullptr, maximize, wdd != 0);
    })
    bump_all(params, i, st);
  }
  return IValue(true);
}

// _ts.optim_adagrad(params, grads, steps, sums, lr, lr_decay, eps, weight_decay, maximize).
IValue optim_adagrad(Interp&, Args& a, const Kw&) {
  if (!numbers(a, 4, 9)) return IValue();
  std::vector<Tensor> params = tensor_list(a[0]), grads = tensor_list(a[1]), steps = tensor_list(a[2]);
  const double lr = num_arg(a[4]), lr_decay = num_arg(a[5]), eps = num_arg(a[6]), wdd = num_arg(a[7]);
  const bool maximize = flag(a[8]);
  std::vector<std::vector<Tensor>> st;
  if (!all_fusable(params, params) || !all_fusable(grads, params) || !steps_ok(steps, params.size()) ||
      !state_lists_ok(a, 3, 1, params, st, {true}))
    return IValue();
  for (size_t i = 0; i < params.size(); ++i) {
    const double step = bump_step(steps[i]);
    const double clr = lr / (1 + (step - 1) * lr_decay);
    TS_OPTIM_DISPATCH(params[i].dtype(), {
      T* p = ptr<T>(params[i]);
      const T* g = ptr<T>(grads[i]);
      T* sum = ptr<T>(st[0][i]);
      const T wd = T(wdd), e = T(eps), nclr = T(-clr);
      with_flags([&](auto maxim, auto decay) {
        for_elements(params[i].numel(), [=](int64_t k) {
          T gk = grad_of(g, p, k, maxim, decay, wd);
          T s2 = std::fma(T(T(1) * gk), gk, sum[k]);
          sum[k] = s2;
          T sd = std::sqrt(s2) + e;
          p[k] = p[k] + T(nclr * gk) / sd;
        });
      }, maximize, wdd != 0);
    })
    bump_all(params, i, st);
  }
  return IValue(true);
}

// _ts.optim_adadelta(params, grads, square_avgs, acc_deltas, lr, rho, eps, weight_decay, maximize).
IValue optim_adadelta(Interp&, Args& a, const Kw&) {
  if (!numbers(a, 4, 9)) return IValue();
  std::vector<Tensor> params = tensor_list(a[0]), grads = tensor_list(a[1]);
  const double lr = num_arg(a[4]), rho = num_arg(a[5]), eps = num_arg(a[6]), wdd = num_arg(a[7]);
  const bool maximize = flag(a[8]);
  std::vector<std::vector<Tensor>> st;
  if (!all_fusable(params, params) || !all_fusable(grads, params) || !state_lists_ok(a, 2, 2, params, st, {true, true}))
    return IValue();
  for (size_t i = 0; i < params.size(); ++i) {
    TS_OPTIM_DISPATCH(params[i].dtype(), {
      T* p = ptr<T>(params[i]);
      const T* g = ptr<T>(grads[i]);
      T* sa = ptr<T>(st[0][i]);
      T* ad = ptr<T>(st[1][i]);
      const T wd = T(wdd), r = T(rho), one_r = T(1 - rho), e = T(eps), nlr = T(-lr);
      with_flags([&](auto maxim, auto decay) {
        for_elements(params[i].numel(), [=](int64_t k) {
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
      }, maximize, wdd != 0);
    })
    bump_all(params, i, st);
  }
  return IValue(true);
}

// _ts.optim_adamax(params, grads, steps, exp_avgs, exp_infs, lr, beta1, beta2, eps, weight_decay,
// maximize).
IValue optim_adamax(Interp&, Args& a, const Kw&) {
  if (!numbers(a, 5, 11)) return IValue();
  std::vector<Tensor> params = tensor_list(a[0]), grads = tensor_list(a[1]), steps = tensor_list(a[2]);
  const double lr = num_arg(a[5]), beta1 = num_arg(a[6]), beta2 = num_arg(a[7]), eps = num_arg(a[8]),
               wdd = num_arg(a[9]);
  const bool maximize = flag(a[10]);
  std::vector<std::vector<Tensor>> st;
  if (!all_fusable(params, params) || !all_fusable(grads, params) || !steps_ok(steps, params.size()) ||
      !state_lists_ok(a, 3, 2, params, st, {true, true}))
    return IValue();
  for (size_t i = 0; i < params.size(); ++i) {
    const double step = bump_step(steps[i]);
    const double clr = lr / (1 - std::pow(beta1, step));
    TS_OPTIM_DISPATCH(params[i].dtype(), {
      T* p = ptr<T>(params[i]);
      const T* g = ptr<T>(grads[i]);
      T* m = ptr<T>(st[0][i]);
      T* inf = ptr<T>(st[1][i]);
      const T wd = T(wdd), b1 = T(beta1), one_b1 = T(1 - beta1), b2 = T(beta2), e = T(eps), nclr = T(-clr);
      with_flags([&](auto maxim, auto decay) {
        for_elements(params[i].numel(), [=](int64_t k) {
          T gk = grad_of(g, p, k, maxim, decay, wd);
          T mk = m[k] * b1;
          mk = std::fma(one_b1, gk, mk);
          m[k] = mk;
          T x = inf[k] * b2, y = T(std::abs(gk)) + e;
          T r = nan_max(x, y);
          inf[k] = r;
          p[k] = p[k] + T(nclr * mk) / r;
        });
      }, maximize, wdd != 0);
    })
    bump_all(params, i, st);
  }
  return IValue(true);
}

// A 0-dim state tensor's value as a double, and storing one (rounded to its dtype).
double get0(const Tensor& t) {
  return t.dtype() == DType::Float32 ? double(*ptr<float>(t)) : *ptr<double>(t);
}
// t * x (a tensor times a Python float, in the tensor's dtype), stored into t when `store`.
double mul0(const Tensor& t, double v, double x, bool store) {
  double r = t.dtype() == DType::Float32 ? double(float(v) * float(x)) : v * x;
  if (store) {
    if (t.dtype() == DType::Float32) *ptr<float>(t) = float(r);
    else *ptr<double>(t) = r;
    t.bump_version();
  }
  return r;
}

// _ts.optim_nadam(params, grads, steps, mu_products, exp_avgs, exp_avg_sqs, lr, beta1, beta2, eps,
// weight_decay, momentum_decay).
IValue optim_nadam(Interp&, Args& a, const Kw&) {
  if (!numbers(a, 6, 12)) return IValue();
  std::vector<Tensor> params = tensor_list(a[0]), grads = tensor_list(a[1]), steps = tensor_list(a[2]);
  std::vector<Tensor> mus = tensor_list(a[3]);
  const double lr = num_arg(a[6]), beta1 = num_arg(a[7]), beta2 = num_arg(a[8]), eps = num_arg(a[9]),
               wdd = num_arg(a[10]), momentum_decay = num_arg(a[11]);
  std::vector<std::vector<Tensor>> st;
  if (!all_fusable(params, params) || !all_fusable(grads, params) || !steps_ok(steps, params.size()) ||
      !steps_ok(mus, params.size()) || !state_lists_ok(a, 4, 2, params, st, {true, true}))
    return IValue();
  for (size_t i = 0; i < params.size(); ++i) {
    const double step = bump_step(steps[i]);
    const double bias_correction2 = 1 - std::pow(beta2, step);
    const double mu = beta1 * (1. - 0.5 * std::pow(0.96, step * momentum_decay));
    const double mu_next = beta1 * (1. - 0.5 * std::pow(0.96, (step + 1) * momentum_decay));
    const double mu_product = mul0(mus[i], get0(mus[i]), mu, true);
    const double mu_product_next = mul0(mus[i], mul0(mus[i], mu_product, mu, false), mu_next, false);
    const double c1 = -lr * (1. - mu) / (1. - mu_product);
    const double c2 = -lr * mu_next / (1. - mu_product_next);
    TS_OPTIM_DISPATCH(params[i].dtype(), {
      T* p = ptr<T>(params[i]);
      const T* g = ptr<T>(grads[i]);
      T* m = ptr<T>(st[0][i]);
      T* v = ptr<T>(st[1][i]);
      const T wd = T(wdd), b1 = T(beta1), one_b1 = T(1 - beta1), b2 = T(beta2), one_b2 = T(1 - beta2);
      const T bc2 = T(bias_correction2), e = T(eps), tc1 = T(c1), tc2 = T(c2);
      with_flags([&](auto decay) {
        for_elements(params[i].numel(), [=](int64_t k) {
          T gk = grad_of(g, p, k, false, decay, wd), mk, vk;
          update_moments(m, v, k, gk, b1, one_b1, b2, one_b2, mk, vk);
          T denom = std::sqrt(T(vk / bc2)) + e;
          T pk = p[k] + T(tc1 * gk) / denom;
          p[k] = pk + T(tc2 * mk) / denom;
        });
      }, wdd != 0);
    })
    bump_all(params, i, st);
  }
  return IValue(true);
}

// _ts.optim_radam(params, grads, steps, exp_avgs, exp_avg_sqs, lr, beta1, beta2, eps, weight_decay).
IValue optim_radam(Interp&, Args& a, const Kw&) {
  if (!numbers(a, 5, 10)) return IValue();
  std::vector<Tensor> params = tensor_list(a[0]), grads = tensor_list(a[1]), steps = tensor_list(a[2]);
  const double lr = num_arg(a[5]), beta1 = num_arg(a[6]), beta2 = num_arg(a[7]), eps = num_arg(a[8]),
               wdd = num_arg(a[9]);
  std::vector<std::vector<Tensor>> st;
  if (!all_fusable(params, params) || !all_fusable(grads, params) || !steps_ok(steps, params.size()) ||
      !state_lists_ok(a, 3, 2, params, st, {true, true}))
    return IValue();
  for (size_t i = 0; i < params.size(); ++i) {
    const double step = bump_step(steps[i]);
    const double bias_correction1 = 1 - std::pow(beta1, step);
    const double bias_correction2 = 1 - std::pow(beta2, step);
    const double rho_inf = 2 / (1 - beta2) - 1;
    const double rho_t = rho_inf - 2 * step * std::pow(beta2, step) / bias_correction2;
    const bool rectify = rho_t > 5.;
    double rect = 0;
    if (rectify) rect = std::sqrt((rho_t - 4) * (rho_t - 2) * rho_inf / ((rho_inf - 4) * (rho_inf - 2) * rho_t));
    TS_OPTIM_DISPATCH(params[i].dtype(), {
      T* p = ptr<T>(params[i]);
      const T* g = ptr<T>(grads[i]);
      T* m = ptr<T>(st[0][i]);
      T* v = ptr<T>(st[1][i]);
      const T wd = T(wdd), b1 = T(beta1), one_b1 = T(1 - beta1), b2 = T(beta2), one_b2 = T(1 - beta2);
      const T bc1 = T(bias_correction1), e = T(eps), tlr = T(lr), tr = T(rect);
      const T bc2s = T(std::sqrt(bias_correction2));
      with_flags([&](auto rectified, auto decay) {
        for_elements(params[i].numel(), [=](int64_t k) {
          T gk = grad_of(g, p, k, false, decay, wd), mk, vk;
          update_moments(m, v, k, gk, b1, one_b1, b2, one_b2, mk, vk);
          T u = T(mk / bc1) * tlr;
          if (rectified) {
            T ada = T(T(1) / T(std::sqrt(vk) + e)) * bc2s;
            u = T(u * ada) * tr;
          }
          p[k] = std::fma(T(-1), u, p[k]);
        });
      }, rectify, wdd != 0);
    })
    bump_all(params, i, st);
  }
  return IValue(true);
}

}  // namespace

void add_optim_builtins(std::map<std::string, BuiltinFn>& table) {
  table["_ts.optim_sgd"] = optim_sgd;
  table["_ts.optim_adam"] = optim_adam;
  table["_ts.optim_rmsprop"] = optim_rmsprop;
  table["_ts.optim_adagrad"] = optim_adagrad;
  table["_ts.optim_adadelta"] = optim_adadelta;
  table["_ts.optim_adamax"] = optim_adamax;
  table["_ts.optim_nadam"] = optim_nadam;
  table["_ts.optim_radam"] = optim_radam;
}

}  // namespace ts::runtime
