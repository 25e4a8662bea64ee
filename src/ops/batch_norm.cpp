// native_batch_norm and its backward for float and double: per-channel statistics accumulated
// in double as PyTorch's CPU kernels do, the output as x * alpha + beta per channel, and the
// backward from the per-channel sums of dy and (x - mean) * dy (PyTorch 1.13's formulas). The
// backward records a node of its own under create_graph (NativeBatchNormBackwardBackward0,
// PyTorch's batchnorm_double_backward).
#include <cmath>

#if defined(__AVX2__)
#include <immintrin.h>
#endif

#include "ops/derivative.h"
#include "ops/linalg_nn_util.h"
#include "ops/ops.h"
#include "ops/registry.h"

namespace ts {
using lnn::not_implemented;
using lnn::options_of;
namespace {

// Input viewed as [n, c, s] (s = the product of the spatial sizes).
struct BnShape {
  int64_t n, c, s;
};

BnShape bn_shape(const Tensor& x) {
  int64_t s = 1;
  for (int64_t d = 2; d < x.dim(); ++d) s *= x.size(d);
  return {x.size(0), x.size(1), s};
}

template <typename T>
const T* data_or_null(const Tensor& t) {
  return t.defined() ? static_cast<const T*>(t.data_ptr()) : nullptr;
}

// Row reductions over float rows: sums of x, of float (x - m)^2 and of float (x - m) * dy,
// widened to double lanes (PyTorch sums the statistics in double). Double rows sum serially.
inline double row_sum(const double* x, int64_t n) {
  double s = 0;
  for (int64_t i = 0; i < n; ++i) s += x[i];
  return s;
}
inline double row_sqdev(const double* x, int64_t n, double m) {
  double s = 0;
  for (int64_t i = 0; i < n; ++i) s += (x[i] - m) * (x[i] - m);
  return s;
}

#if defined(__AVX2__)
inline double sum_pd(__m256d v) {
  __m128d s = _mm_add_pd(_mm256_castpd256_pd128(v), _mm256_extractf128_pd(v, 1));
  return _mm_cvtsd_f64(_mm_add_sd(s, _mm_unpackhi_pd(s, s)));
}
#endif

// Sum of the row in double (each float widened exactly).
inline double row_sum(const float* x, int64_t n) {
  int64_t i = 0;
  double s = 0;
#if defined(__AVX2__)
  __m256d a0 = _mm256_setzero_pd(), a1 = _mm256_setzero_pd();
  for (; i + 8 <= n; i += 8) {
    const __m256 v = _mm256_loadu_ps(x + i);
    a0 = _mm256_add_pd(a0, _mm256_cvtps_pd(_mm256_castps256_ps128(v)));
    a1 = _mm256_add_pd(a1, _mm256_cvtps_pd(_mm256_extractf128_ps(v, 1)));
  }
  s = sum_pd(_mm256_add_pd(a0, a1));
#endif
  for (; i < n; ++i) s += double(x[i]);
  return s;
}

// Sum of the float squares (x - m)^2 in double, as PyTorch's collect_stats.
inline double row_sqdev(const float* x, int64_t n, float m) {
  int64_t i = 0;
  double s = 0;
#if defined(__AVX2__)
  const __m256 mv = _mm256_set1_ps(m);
  __m256d a0 = _mm256_setzero_pd(), a1 = _mm256_setzero_pd();
  for (; i + 8 <= n; i += 8) {
    const __m256 d = _mm256_sub_ps(_mm256_loadu_ps(x + i), mv);
    const __m256 q = _mm256_mul_ps(d, d);
    a0 = _mm256_add_pd(a0, _mm256_cvtps_pd(_mm256_castps256_ps128(q)));
    a1 = _mm256_add_pd(a1, _mm256_cvtps_pd(_mm256_extractf128_ps(q, 1)));
  }
  s = sum_pd(_mm256_add_pd(a0, a1));
#endif
  for (; i < n; ++i) {
    const float d = x[i] - m;
    s += double(d * d);
  }
  return s;
}

// sum += sum(dy), dotp += sum((x - m) * dy) over one row.
inline void row_grad_sums(const double* x, const double* dy, int64_t n, double m, double& sum,
                          double& dotp) {
  for (int64_t k = 0; k < n; ++k) {
    sum += dy[k];
    dotp += (x[k] - m) * dy[k];
  }
}
inline void row_grad_sums(const float* x, const float* dy, int64_t n, float m, double& sum,
                          double& dotp) {
  int64_t i = 0;
  double s = 0, d = 0;
#if defined(__AVX2__)
  // Float products (x - m) * dy as PyTorch forms them, summed in double lanes: the float
  // lane sums drifted by 1e-5 relative on long rows of periodic data.
  const __m256 mv = _mm256_set1_ps(m);
  __m256d s0 = _mm256_setzero_pd(), s1 = _mm256_setzero_pd();
  __m256d d0 = _mm256_setzero_pd(), d1 = _mm256_setzero_pd();
  for (; i + 8 <= n; i += 8) {
    const __m256 g = _mm256_loadu_ps(dy + i);
    const __m256 p = _mm256_mul_ps(_mm256_sub_ps(_mm256_loadu_ps(x + i), mv), g);
    s0 = _mm256_add_pd(s0, _mm256_cvtps_pd(_mm256_castps256_ps128(g)));
    s1 = _mm256_add_pd(s1, _mm256_cvtps_pd(_mm256_extractf128_ps(g, 1)));
    d0 = _mm256_add_pd(d0, _mm256_cvtps_pd(_mm256_castps256_ps128(p)));
    d1 = _mm256_add_pd(d1, _mm256_cvtps_pd(_mm256_extractf128_ps(p, 1)));
  }
  s = sum_pd(_mm256_add_pd(s0, s1));
  d = sum_pd(_mm256_add_pd(d0, d1));
#endif
  for (; i < n; ++i) {
    s += double(dy[i]);
    d += double((x[i] - m) * dy[i]);
  }
  sum += s;
  dotp += d;
}

template <typename T>
void bn_forward_kernel(const Tensor& x, const Tensor& w, const Tensor& b, const Tensor& rm, const Tensor& rv,
                       bool training, double momentum, double eps, Tensor& out, Tensor& save_mean,
                       Tensor& save_invstd) {
  const BnShape sh = bn_shape(x);
  const T* px = static_cast<const T*>(x.data_ptr());
  T* po = static_cast<T*>(out.data_ptr());
  const T* pw = data_or_null<T>(w);
  const T* pb = data_or_null<T>(b);
  T* prm = rm.defined() ? static_cast<T*>(rm.data_ptr()) : nullptr;
  T* prv = rv.defined() ? static_cast<T*>(rv.data_ptr()) : nullptr;
  T* psm = static_cast<T*>(save_mean.data_ptr());
  T* psi = static_cast<T*>(save_invstd.data_ptr());
  const int64_t m = sh.n * sh.s;
#pragma omp parallel for if (sh.c > 1 && sh.n * sh.c * sh.s > 32768)
  for (int64_t c = 0; c < sh.c; ++c) {
    T mean;
    double invstd;
    if (training) {
      // PyTorch 1.13: the mean rounded to the input type, the variance sum of (x - mean)^2
      // in that type, kept in it, then invstd = 1 / sqrt(var_sum / m + eps) in double.
      double sum = 0;
      for (int64_t i = 0; i < sh.n; ++i) sum += row_sum(px + (i * sh.c + c) * sh.s, sh.s);
      mean = T(sum / double(m));
      double sq = 0;
      for (int64_t i = 0; i < sh.n; ++i) sq += row_sqdev(px + (i * sh.c + c) * sh.s, sh.s, mean);
      const T var_sum = T(sq);
      invstd = 1.0 / std::sqrt(double(T(var_sum / T(m))) + eps);
      psm[c] = mean;
      psi[c] = T(invstd);
      if (prm) prm[c] = T(momentum * double(mean) + (1 - momentum) * double(prm[c]));
      if (prv) {
        const double unbiased = m > 1 ? double(T(var_sum / T(m - 1))) : double(T(var_sum / T(m)));
        prv[c] = T(momentum * unbiased + (1 - momentum) * double(prv[c]));
      }
    } else {
      mean = prm[c];
      invstd = 1.0 / std::sqrt(double(prv[c]) + eps);
      psm[c] = T(0);
      psi[c] = T(0);
    }
    // PyTorch: alpha = invstd * weight, beta = bias - mean * alpha, in the parameter type.
    const T alpha = T(T(invstd) * (pw ? pw[c] : T(1)));
    const T beta = T((pb ? pb[c] : T(0)) - mean * alpha);
    for (int64_t i = 0; i < sh.n; ++i) {
      const T* row = px + (i * sh.c + c) * sh.s;
      T* orow = po + (i * sh.c + c) * sh.s;
      for (int64_t k = 0; k < sh.s; ++k) orow[k] = row[k] * alpha + beta;
    }
  }
}

template <typename T>
void bn_backward_kernel(const Tensor& go, const Tensor& x, const Tensor& w, const Tensor& rm, const Tensor& rv,
                        const Tensor& sm, const Tensor& si, bool training, double eps, Tensor& gi, Tensor& gw,
                        Tensor& gb) {
  const BnShape sh = bn_shape(x);
  const T* px = static_cast<const T*>(x.data_ptr());
  const T* pg = static_cast<const T*>(go.data_ptr());
  const T* pw = data_or_null<T>(w);
  T* pgi = gi.defined() ? static_cast<T*>(gi.data_ptr()) : nullptr;
  T* pgw = gw.defined() ? static_cast<T*>(gw.data_ptr()) : nullptr;
  T* pgb = gb.defined() ? static_cast<T*>(gb.data_ptr()) : nullptr;
  const int64_t m = sh.n * sh.s;
#pragma omp parallel for if (sh.c > 1 && sh.n * sh.c * sh.s > 32768)
  for (int64_t c = 0; c < sh.c; ++c) {
    double mean, invstd;
    if (training) {
      mean = double(static_cast<const T*>(sm.data_ptr())[c]);
      invstd = double(static_cast<const T*>(si.data_ptr())[c]);
    } else {
      mean = double(static_cast<const T*>(rm.data_ptr())[c]);
      invstd = 1.0 / std::sqrt(double(static_cast<const T*>(rv.data_ptr())[c]) + eps);
    }
    double sum = 0, dotp = 0;
    for (int64_t i = 0; i < sh.n; ++i)
      row_grad_sums(px + (i * sh.c + c) * sh.s, pg + (i * sh.c + c) * sh.s, sh.s, T(mean), sum, dotp);
    const double wc = pw ? double(pw[c]) : 1.0;
    if (pgi) {
      if (training) {
        // PyTorch 1.13: dx = (dy - mean(dy) - (x - mean) * k) * invstd * w.
        const T k = T(dotp * invstd * invstd / double(m));
        const T gmean = T(sum / double(m));
        const T tm = T(mean), scale = T(invstd * wc);
        for (int64_t i = 0; i < sh.n; ++i) {
          const T* row = px + (i * sh.c + c) * sh.s;
          const T* grow = pg + (i * sh.c + c) * sh.s;
          T* out = pgi + (i * sh.c + c) * sh.s;
          for (int64_t j = 0; j < sh.s; ++j) out[j] = (grow[j] - gmean - (row[j] - tm) * k) * scale;
        }
      } else {
        const T scale = T(invstd * wc);
        for (int64_t i = 0; i < sh.n; ++i) {
          const T* grow = pg + (i * sh.c + c) * sh.s;
          T* out = pgi + (i * sh.c + c) * sh.s;
          for (int64_t j = 0; j < sh.s; ++j) out[j] = grow[j] * scale;
        }
      }
    }
    if (pgw) pgw[c] = T(dotp * invstd);
    if (pgb) pgb[c] = T(sum);
  }
}

// PyTorch 1.13's batchnorm_double_backward (native_batch_norm_backward's derivative): the
// gradients of (grad_input, grad_weight, grad_bias) = backward(gO, x, gamma) with respect to
// x, gamma and gO, given their incoming gradients ggI, ggG, ggB. The batch statistics are read
// from save_mean/save_invstd (training) or the running statistics (evaluation); their
// dependence on x is part of the formula. Written with differentiable ops.
std::tuple<Tensor, Tensor, Tensor> bn_double_backward(const Tensor& x, const Tensor& gamma, const Tensor& ggI,
                                                      const Tensor& ggG, const Tensor& ggB, const Tensor& gO,
                                                      const Tensor& rm, const Tensor& rv, bool training,
                                                      double eps, const Tensor& save_mean,
                                                      const Tensor& save_invstd) {
  const int64_t nd = x.dim();
  DimVector dims{0};
  for (int64_t d = 2; d < nd; ++d) dims.push_back(d);
  DimVector view(size_t(nd), 1);
  view[1] = x.size(1);
  auto dim1 = [&](const Tensor& t) { return reshape(t, view); };
  auto sum1 = [&](const Tensor& t, bool keep = true) { return sum(t, IntArrayRef(dims), keep); };
  const bool affine = gamma.defined();
  Tensor gamma_e = affine ? dim1(gamma) : Tensor();
  auto times_gamma = [&](const Tensor& t) { return affine ? gamma_e * t : t; };
  double m = double(x.size(0));
  for (int64_t d = 2; d < nd; ++d) m *= double(x.size(d));
  Tensor mu = dim1(training ? save_mean : rm);
  Tensor xmu = x - mu;
  Tensor s12 = dim1(training ? save_invstd : pow(rv + eps, -0.5));
  Tensor s1 = pow(s12, 2), s32 = pow(s12, 3);
  Tensor xmu_s32 = xmu * s32;
  Tensor go_xmu_sum = sum1(gO * xmu), go_sum = sum1(gO);

  Tensor gI;
  if (ggI.defined() && training) {
    Tensor ggi_sum = sum1(ggI), ggi_xmu_sum = sum1(ggI * xmu);
    Tensor all_sub = ggi_sum * go_sum / m - sum1(gO * ggI) + s1 * go_xmu_sum * ggi_xmu_sum * (3.0 / m);
    Tensor t0 = xmu_s32 * all_sub / m;
    Tensor t1 = ggi_xmu_sum * s32 / m * (go_sum / m - gO);
    Tensor t2 = go_xmu_sum * s32 / m * (ggi_sum / m - ggI);
    gI = times_gamma(t0 + t1 + t2);
  }
  if (affine && ggG.defined()) {
    Tensor ggG_e = dim1(ggG);
    Tensor term = training ? ggG_e * (gO * s12 - s12 * go_sum / m - xmu_s32 * go_xmu_sum / m)
                           : ggG_e * s12 * gO;
    gI = gI.defined() ? gI + term : term;
  }
  // The first backward's grad_input for incoming gradient g (without gamma's factor).
  auto first_back = [&](const Tensor& g) {
    return s12 / m * (g * m - sum1(g) - xmu * s1 * sum1(g * xmu));
  };
  Tensor gG;
  if (affine && ggI.defined())
    gG = training ? sum1(ggI * first_back(gO), false) : sum1(ggI * gO * s12, false);
  Tensor ggO;
  if (ggI.defined()) ggO = training ? times_gamma(first_back(ggI)) : times_gamma(ggI * s12);
  if (affine && ggG.defined()) {
    Tensor term = dim1(ggG) * xmu * s12;
    ggO = ggO.defined() ? ggO + term : term;
  }
  if (affine && ggB.defined()) {
    Tensor term = expand(dim1(ggB), x.sizes());
    ggO = ggO.defined() ? ggO + term : term;
  }
  return {gI, gG, ggO};
}

bool bn_fast_dtype(DType t) { return t == DType::Float32 || t == DType::Float64; }

}  // namespace

std::tuple<Tensor, Tensor, Tensor> native_batch_norm(const Tensor& input, const Tensor& weight, const Tensor& bias,
                                                     const Tensor& running_mean, const Tensor& running_var,
                                                     bool training, double momentum, double eps) {
  TS_AUTOGRAD("native_batch_norm", input, weight, bias, running_mean, running_var, training, momentum, eps);
  TS_CHECK(input.dim() >= 2, "batch_norm: expected an input with at least 2 dimensions, got ", input.dim());
  const DType t = input.dtype();
  if (!bn_fast_dtype(t)) not_implemented("native_batch_norm", t);
  for (const Tensor* p : {&weight, &bias, &running_mean, &running_var})
    TS_CHECK(!p->defined() || p->dtype() == t, "native_batch_norm: expected parameters of dtype ", dtype_name(t));
  TS_CHECK(training || (running_mean.defined() && running_var.defined()),
           "running_mean and running_var must be defined in evaluation mode");
  Tensor x = contiguous(input);
  const int64_t ch = x.size(1);
  Tensor out = empty(x.sizes(), options_of(x));
  Tensor save_mean = empty({training ? ch : 0}, options_of(x));
  Tensor save_invstd = empty({training ? ch : 0}, options_of(x));
  Tensor sm = training ? save_mean : empty({ch}, options_of(x));
  Tensor si = training ? save_invstd : empty({ch}, options_of(x));
  Tensor w = weight.defined() ? contiguous(weight) : Tensor(), b = bias.defined() ? contiguous(bias) : Tensor();
  if (x.numel() > 0) {
    if (t == DType::Float32)
      bn_forward_kernel<float>(x, w, b, running_mean, running_var, training, momentum, eps, out, sm, si);
    else
      bn_forward_kernel<double>(x, w, b, running_mean, running_var, training, momentum, eps, out, sm, si);
  }
  return {out, save_mean, save_invstd};
}

std::tuple<Tensor, Tensor, Tensor> native_batch_norm_backward(const Tensor& grad_out, const Tensor& input,
                                                              const Tensor& weight, const Tensor& running_mean,
                                                              const Tensor& running_var, const Tensor& save_mean,
                                                              const Tensor& save_invstd, bool train, double eps,
                                                              std::array<bool, 3> mask) {
  if (GradMode::is_enabled() && ops::any_requires_grad(grad_out, input, weight, save_mean, save_invstd)) {
    // Recorded as NativeBatchNormBackwardBackward0 (double backward).
    static const ops::OpDef& op = ops::find_op("native_batch_norm_backward");
    auto opt = [](const Tensor& t) { return t.defined() ? IValue(t) : IValue(); };
    Stack s{IValue(grad_out), IValue(input), opt(weight), opt(running_mean), opt(running_var),
            opt(save_mean), opt(save_invstd), IValue(train), IValue(eps),
            IValue::list({IValue(mask[0]), IValue(mask[1]), IValue(mask[2])})};
    ops::autograd_hook()(op, s);
    auto get = [&](size_t i) { return s.at(i).is_tensor() ? s[i].to_tensor() : Tensor(); };
    return {get(0), get(1), get(2)};
  }
  const DType t = input.dtype();
  if (!bn_fast_dtype(t)) not_implemented("native_batch_norm_backward", t);
  Tensor x = contiguous(input), go = contiguous(grad_out);
  const int64_t ch = x.size(1);
  Tensor gi = mask[0] ? empty(x.sizes(), options_of(x)) : Tensor();
  Tensor gw = mask[1] ? empty({ch}, options_of(x)) : Tensor();
  Tensor gb = mask[2] ? empty({ch}, options_of(x)) : Tensor();
  Tensor w = weight.defined() ? contiguous(weight) : Tensor();
  if (x.numel() > 0) {
    if (t == DType::Float32)
      bn_backward_kernel<float>(go, x, w, running_mean, running_var, save_mean, save_invstd, train, eps, gi, gw, gb);
    else
      bn_backward_kernel<double>(go, x, w, running_mean, running_var, save_mean, save_invstd, train, eps, gi, gw, gb);
  }
  return {gi, gw, gb};
}

TS_REGISTER_OPS(batch_norm) {
  ops::OpDef& bn = r.def<&native_batch_norm>("native_batch_norm(Tensor input, Tensor? weight, Tensor? bias, Tensor? running_mean, Tensor? running_var, bool training, float momentum, float eps) -> (Tensor, Tensor, Tensor)")
      .variants("function");
  ops::Derivative* bn_d = ops::make_derivative(bn, "NativeBatchNormBackward0", "input weight running_mean running_var result", TS_GRAD({
        auto [gi, gw, gb] = native_batch_norm_backward(c.grad(0), c.in(0), c.opt(1), c.opt(3), c.opt(4),
                                                       c.result(1), c.result(2), c.flag(5), c.f64(7),
                                                       {c.need(0), c.need(1), c.need(2)});
        return {gi, gw, gb, Tensor(), Tensor()};
      }));
  bn_d->nondiff_outputs = 0b110;  // save_mean, save_invstd (as in PyTorch, no history)
  bn.grad(bn_d);
  r.def("native_batch_norm_backward(Tensor grad_out, Tensor input, Tensor? weight, Tensor? running_mean, Tensor? running_var, Tensor? save_mean, Tensor? save_invstd, bool train, float eps, bool[3] output_mask) -> (Tensor, Tensor, Tensor)",
        [](Stack& s) {
          auto opt = [&](size_t i) { return s[i].is_none() ? Tensor() : s[i].to_tensor(); };
          auto mask = s[9].items();
          auto [gi, gw, gb] = native_batch_norm_backward(s[0].to_tensor(), s[1].to_tensor(), opt(2), opt(3), opt(4),
                                                         opt(5), opt(6), s[7].to_bool(), s[8].to_double(),
                                                         {mask[0].to_bool(), mask[1].to_bool(), mask[2].to_bool()});
          s.clear();
          for (Tensor* g : {&gi, &gw, &gb}) s.push_back(g->defined() ? IValue(*g) : IValue());
        })
      .variants("function")
      .grad("NativeBatchNormBackwardBackward0",
            "grad_out input weight running_mean running_var save_mean save_invstd", TS_GRAD({
        // Flat inputs: grad_out, input, weight, running_mean, running_var, save_mean, save_invstd.
        TS_CHECK(!c.need(5), "the derivative for 'native_batch_norm_backward save_mean' is not implemented.");
        TS_CHECK(!c.need(6), "the derivative for 'native_batch_norm_backward save_invstd' is not implemented.");
        // Only the outputs output_mask asked for exist (and have an incoming gradient).
        Tensor gg[3];
        const std::vector<IValue> mask = c.args[9].items();
        for (size_t i = 0, k = 0; i < 3; ++i)
          if (mask.at(i).to_bool() && k < c.grads.size()) gg[i] = c.grads[k++];
        auto [gi, gw, ggo] = bn_double_backward(c.in(1), c.opt(2), gg[0], gg[1], gg[2], c.in(0), c.opt(3),
                                                c.opt(4), c.flag(7), c.f64(8), c.opt(5), c.opt(6));
        return {TS_IF(0, ggo), TS_IF(1, gi), TS_IF(2, gw), Tensor(), Tensor(), Tensor(), Tensor()};
      }));
}

}  // namespace ts
