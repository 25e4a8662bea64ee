// Interpolation: upsample_nearest{1,2,3}d, upsample_linear1d, upsample_bilinear2d,
// upsample_trilinear3d, upsample_bicubic2d, _upsample_nearest_exact{1,2,3}d and the antialiased
// _upsample_bilinear2d_aa / _upsample_bicubic2d_aa, each with its `.vec` overload (output_size or
// scale_factors, as F.interpolate calls them). The source indices and weights are PyTorch 1.13's
// (UpSample.h, UpSampleKernel.cpp), computed in the same types and order so the chosen pixels
// match bit for bit. The forward runs kernels/cpu/upsample.cpp's separable kernel (PyTorch's
// nesting of the weighted sums); the derivative is its adjoint written with index_add, one
// spatial dim at a time, so it is differentiable again.
#include <cmath>
#include <sstream>
#include <vector>

#include "ops/api_upsample.h"
#include "ops/linalg_nn_util.h"
#include "ops/ops.h"
#include "ops/registry.h"
#include "stubs/upsample.h"
#include "tensor/iter.h"

namespace ts {

TS_DEFINE_STUB(interp_stub);

using namespace lnn;

using OptScale = std::optional<double>;
using OptSizes = std::optional<std::vector<int64_t>>;
using OptScales = std::optional<std::vector<double>>;

namespace {

// NearestExact: the pixel whose center is nearest (nearest-exact); LinearAA / CubicAA: the
// antialiased filters (a triangle / Keys cubic with a = -0.5 widened by the downscale factor).
enum class Interp { Nearest, Linear, Cubic, NearestExact, LinearAA, CubicAA };

bool is_nearest(Interp m) { return m == Interp::Nearest || m == Interp::NearestExact; }

template <typename T>
T compute_scales_value(OptScale scale, int64_t in, int64_t out) {
  return (scale && *scale > 0.) ? T(1.0 / *scale) : T(in) / T(out);
}

template <typename T>
T area_pixel_scale(int64_t in, int64_t out, bool align_corners, OptScale scale) {
  if (align_corners) return out > 1 ? T(in - 1) / T(out - 1) : T(0);
  return compute_scales_value<T>(scale, in, out);
}

// PyTorch's expression `scale * (dst + 0.5) - 0.5` is evaluated in double (the 0.5 literal)
// and contracted into one fma by the AVX2 build.
template <typename T>
T area_pixel_source_index(T scale, int64_t dst, bool align_corners, bool cubic) {
  if (align_corners) return scale * T(dst);
  T src = T(std::fma(double(scale), double(dst) + 0.5, -0.5));
  return (!cubic && src < T(0)) ? T(0) : src;
}

int64_t nearest_idx(int64_t out_i, int64_t in, int64_t out, OptScale scale) {
  if (out == in) return out_i;
  if (out == 2 * in) return out_i >> 1;
  const float s = compute_scales_value<float>(scale, in, out);
  return std::min(int64_t(std::floor(float(out_i) * s)), in - 1);
}

// nearest_exact_idx: floorf((dst + 0.5) * scale), the product in double.
int64_t nearest_exact_idx(int64_t out_i, int64_t in, int64_t out, OptScale scale) {
  const float s = compute_scales_value<float>(scale, in, out);
  return std::min(int64_t(std::floor(float((double(out_i) + 0.5) * double(s)))), in - 1);
}

// Taps along one dim: `taps` index vectors and weight vectors of length `out`.
struct Taps {
  std::vector<std::vector<int64_t>> idx;
  std::vector<std::vector<double>> w;
};

template <typename T>
Taps linear_taps(int64_t in, int64_t out, bool align_corners, OptScale scale) {
  Taps t{std::vector<std::vector<int64_t>>(2, std::vector<int64_t>(size_t(out))),
         std::vector<std::vector<double>>(2, std::vector<double>(size_t(out)))};
  const T ratio = area_pixel_scale<T>(in, out, align_corners, scale);
  for (int64_t i = 0; i < out; ++i) {
    int64_t i0 = i, i1 = i;
    T l0 = T(1), l1 = T(0);
    if (out != in) {
      const T real = area_pixel_source_index<T>(ratio, i, align_corners, false);
      i0 = int64_t(real);
      i1 = i0 + (i0 < in - 1 ? 1 : 0);
      l1 = real - T(i0);
      l0 = T(1) - l1;
    }
    t.idx[0][size_t(i)] = i0;
    t.idx[1][size_t(i)] = i1;
    t.w[0][size_t(i)] = double(l0);
    t.w[1][size_t(i)] = double(l1);
  }
  return t;
}

// The Keys cubic's two pieces, ((a + 2) x - (a + 3)) x x + 1 and ((a x - 5a) x + 8a) x - 4a,
// with each multiply that feeds an add contracted into an fma, as PyTorch's AVX2 build of
// UpSampleKernel.cpp computes them (written out, since this file is built for the baseline).
template <typename T>
T cubic1(T x, T a) { return std::fma(std::fma(a + T(2), x, -(a + T(3))) * x, x, T(1)); }
template <typename T>
T cubic2(T x, T a) { return std::fma(std::fma(std::fma(a, x, -(T(5) * a)), x, T(8) * a), x, -(T(4) * a)); }

template <typename T>
Taps cubic_taps(int64_t in, int64_t out, bool align_corners, OptScale scale) {
  Taps t{std::vector<std::vector<int64_t>>(4, std::vector<int64_t>(size_t(out))),
         std::vector<std::vector<double>>(4, std::vector<double>(size_t(out)))};
  const T ratio = area_pixel_scale<T>(in, out, align_corners, scale);
  const T a = T(-0.75);
  for (int64_t i = 0; i < out; ++i) {
    const T real = area_pixel_source_index<T>(ratio, i, align_corners, true);
    const int64_t base = int64_t(std::floor(real));
    const T x1 = real - T(base), x2 = T(1) - x1;
    const T c[4] = {cubic2<T>(x1 + T(1), a), cubic1<T>(x1, a), cubic1<T>(x2, a), cubic2<T>(x2 + T(1), a)};
    for (int k = 0; k < 4; ++k) {
      t.idx[size_t(k)][size_t(i)] = std::max<int64_t>(std::min<int64_t>(base - 1 + k, in - 1), 0);
      t.w[size_t(k)][size_t(i)] = double(c[k]);
    }
  }
  return t;
}

// The antialiased filters of _compute_weights_aa.
template <typename T>
T aa_filter(T x, bool cubic) {
  if (x < T(0)) x = -x;
  if (!cubic) return x < T(1) ? T(1) - x : T(0);
  const T a = T(-0.5);
  if (x < T(1)) return cubic1<T>(x, a);
  if (x < T(2)) return cubic2<T>(x, a);
  return T(0);
}

// compute_indices_weights_aa: every output takes the inputs within `support` of its center,
// weighted by the filter (stretched by the scale when downsampling) and normalized to sum 1;
// unused taps have weight 0. Types and rounding follow UpSampleKernel.cpp.
template <typename T>
Taps aa_taps(int64_t in, int64_t out, bool align_corners, OptScale scale, bool cubic) {
  const T s = area_pixel_scale<T>(in, out, align_corners, scale);
  const double interp = cubic ? 4.0 : 2.0;
  const T support = s >= T(1) ? T(interp * 0.5 * double(s)) : T(interp * 0.5);
  const int64_t k = int64_t(std::ceil(double(support))) * 2 + 1;
  Taps t{std::vector<std::vector<int64_t>>(size_t(k), std::vector<int64_t>(size_t(out))),
         std::vector<std::vector<double>>(size_t(k), std::vector<double>(size_t(out)))};
  const T invscale = s >= T(1) ? T(1) / s : T(1);
  std::vector<T> w(static_cast<size_t>(k));
  for (int64_t i = 0; i < out; ++i) {
    const T center = T(double(s) * (double(i) + 0.5));
    const int64_t xmin = std::max(int64_t(double(center - support) + 0.5), int64_t(0));
    const int64_t xsize = std::min(int64_t(double(center + support) + 0.5), in) - xmin;
    T total = T(0);
    for (int64_t j = 0; j < k; ++j) {
      w[size_t(j)] = j < xsize ? aa_filter<T>(T((double(T(j + xmin) - center) + 0.5) * double(invscale)), cubic) : T(0);
      total += w[size_t(j)];
    }
    for (int64_t j = 0; j < k; ++j) {
      const T wj = (j < xsize && total != T(0)) ? w[size_t(j)] / total : w[size_t(j)];
      t.idx[size_t(j)][size_t(i)] = j < xsize ? xmin + j : std::min(xmin, in - 1);
      t.w[size_t(j)][size_t(i)] = double(wj);
    }
  }
  return t;
}

Tensor int_tensor(const std::vector<int64_t>& v) {
  Tensor t = empty({int64_t(v.size())}, TensorOptions(DType::Int64));
  std::copy(v.begin(), v.end(), t.data<int64_t>());
  return t;
}

// Weights as a [out, 1, ...] tensor of `dt` broadcasting along `dim` of an `nd`-dim tensor.
Tensor weight_tensor(const std::vector<double>& w, DType dt, int64_t dim, int64_t nd) {
  Tensor t = empty({int64_t(w.size())}, TensorOptions(DType::Float64));
  std::copy(w.begin(), w.end(), t.data<double>());
  DimVector shape(size_t(nd - dim), 1);
  shape[0] = int64_t(w.size());
  return reshape(t.to(dt), shape);
}

const char* kDimNames[3] = {"D", "H", "W"};

void check_sizes(const Tensor& input, IntArrayRef output_size, int64_t nsp) {
  TS_CHECK(int64_t(output_size.size()) == nsp, "It is expected output_size equals to ", nsp,
           ", but got size ", output_size.size());
  TS_CHECK(input.dim() == nsp + 2, "It is expected input_size equals to ", nsp + 2,
           ", but got size ", input.dim());
  bool ok = true;
  for (int64_t i = 0; i < nsp; ++i) ok = ok && input.size(2 + i) > 0 && output_size[size_t(i)] > 0;
  if (!ok) {
    std::ostringstream s;
    s << "Input and output sizes should be greater than 0, but got input (";
    const char** names = kDimNames + (3 - nsp);
    for (int64_t i = 0; i < nsp; ++i) s << (i ? ", " : "") << names[i] << ": " << input.size(2 + i);
    s << (nsp == 1 ? ") and output (" : ") output (");
    for (int64_t i = 0; i < nsp; ++i) s << (i ? ", " : "") << names[i] << ": " << output_size[size_t(i)];
    s << ")";
    TS_ERROR(s.str());
  }
  int64_t rest = 1;
  for (int64_t i = 1; i < input.dim(); ++i) rest *= input.size(i);
  TS_CHECK(input.numel() != 0 || rest != 0, "Non-empty ", nsp + 2,
           "D data tensor expected but got a tensor with sizes ", shape_str(input.sizes()));
}

// The taps of every spatial dim (nearest: one tap of weight 1).
std::vector<Taps> all_taps(IntArrayRef in_sizes, IntArrayRef output_size, bool align_corners,
                           const std::vector<OptScale>& scales, Interp mode, DType dt) {
  std::vector<Taps> taps;
  for (size_t i = 0; i < scales.size(); ++i) {
    const int64_t in = in_sizes[2 + i], out = output_size[i];
    const OptScale sc = scales[i];
    if (is_nearest(mode)) {
      Taps t{std::vector<std::vector<int64_t>>(1, std::vector<int64_t>(static_cast<size_t>(out))),
             std::vector<std::vector<double>>(1, std::vector<double>(static_cast<size_t>(out), 1.0))};
      for (int64_t j = 0; j < out; ++j)
        t.idx[0][size_t(j)] = mode == Interp::Nearest ? nearest_idx(j, in, out, sc) : nearest_exact_idx(j, in, out, sc);
      taps.push_back(std::move(t));
    } else if (mode == Interp::LinearAA || mode == Interp::CubicAA) {
      const bool cubic = mode == Interp::CubicAA;
      taps.push_back(dt == DType::Float64 ? aa_taps<double>(in, out, align_corners, sc, cubic)
                                          : aa_taps<float>(in, out, align_corners, sc, cubic));
    } else if (dt == DType::Float64) {
      taps.push_back(mode == Interp::Linear ? linear_taps<double>(in, out, align_corners, sc)
                                            : cubic_taps<double>(in, out, align_corners, sc));
    } else {
      taps.push_back(mode == Interp::Linear ? linear_taps<float>(in, out, align_corners, sc)
                                            : cubic_taps<float>(in, out, align_corners, sc));
    }
  }
  return taps;
}

// [K, O] tensors of one dim's indices and weights, for the kernel.
std::pair<Tensor, Tensor> packed(const Taps& t) {
  const int64_t k = int64_t(t.idx.size()), o = int64_t(t.idx[0].size());
  Tensor idx = empty({k, o}, TensorOptions(DType::Int64));
  Tensor w = empty({k, o}, TensorOptions(DType::Float64));
  for (int64_t a = 0; a < k; ++a) {
    std::copy(t.idx[size_t(a)].begin(), t.idx[size_t(a)].end(), idx.data<int64_t>() + a * o);
    std::copy(t.w[size_t(a)].begin(), t.w[size_t(a)].end(), w.data<double>() + a * o);
  }
  return {idx, w};
}

void check_interp_dtype(const Tensor& input, Interp mode, const char* kernel) {
  const DType dt = input.dtype();
  const bool aa = mode == Interp::LinearAA || mode == Interp::CubicAA;
  const bool ok = is_nearest(mode) ? (dt == DType::Float32 || dt == DType::Float64 || dt == DType::UInt8 ||
                                      (mode == Interp::Nearest && dt == DType::BFloat16))
                                   : (dt == DType::Float32 || dt == DType::Float64 ||
                                      (!aa && dt == DType::BFloat16));
  if (!ok) not_implemented(kernel, dt);
}

// The forward without autograd: the kernel for float / double (and any dtype for nearest);
// bfloat16 interpolation goes through index_select and weighted sums in float.
Tensor upsample_forward(const Tensor& input, IntArrayRef output_size, bool align_corners,
                        const std::vector<OptScale>& scales, Interp mode) {
  const int64_t nsp = int64_t(scales.size());
  const DType dt = input.dtype();
  std::vector<Taps> taps = all_taps(input.sizes(), output_size, align_corners, scales, mode, dt);
  DimVector out_shape(input.sizes());
  for (int64_t i = 0; i < nsp; ++i) out_shape[size_t(2 + i)] = output_size[size_t(i)];
  if (is_nearest(mode) || dt == DType::Float32 || dt == DType::Float64) {
    // [P, D, H, W] views: missing leading spatial dims are size 1 with one tap.
    int64_t planes = input.size(0) * input.size(1);
    DimVector in4{planes, 1, 1, 1}, out4{planes, 1, 1, 1};
    for (int64_t i = 0; i < nsp; ++i) {
      in4[size_t(4 - nsp + i)] = input.size(2 + i);
      out4[size_t(4 - nsp + i)] = output_size[size_t(i)];
    }
    Taps unit{{{0}}, {{1.0}}};
    const Taps* dims[3];
    for (int64_t i = 0; i < 3; ++i) dims[i] = i < 3 - nsp ? &unit : &taps[size_t(i - (3 - nsp))];
    auto [id, wd] = packed(*dims[0]);
    auto [ih, wh] = packed(*dims[1]);
    auto [iw, ww] = packed(*dims[2]);
    Tensor out = empty(out_shape, options_of(input));
    if (out.numel() == 0) return out;
    Tensor in = contiguous(input);
    interp_stub(in.device().type, reshape_local(out, out4), reshape_local(in, in4), id, wd, ih, wh, iw, ww);
    return out;
  }
  const int64_t nd = input.dim();
  Tensor x = input.to(DType::Float32);
  for (int64_t i = nsp - 1; i >= 0; --i) {
    const int64_t dim = 2 + i;
    const Taps& t = taps[size_t(i)];
    Tensor acc;
    for (size_t k = 0; k < t.idx.size(); ++k) {
      Tensor wk = weight_tensor(t.w[k], dt, dim, nd).to(DType::Float32);
      Tensor term = index_select(x, dim, int_tensor(t.idx[k])) * wk;
      acc = k == 0 ? term : acc + term;
    }
    x = acc;
  }
  return x.to(dt);
}

// The gradient: the adjoint of the forward, one dim at a time from the first (index_add of
// the weighted incoming gradient at each tap's source positions). Differentiable itself.
Tensor upsample_backward(const Tensor& grad, IntArrayRef in_sizes, IntArrayRef output_size,
                         bool align_corners, const std::vector<OptScale>& scales, Interp mode) {
  const int64_t nsp = int64_t(scales.size());
  const DType dt = grad.dtype();
  std::vector<Taps> taps = all_taps(in_sizes, output_size, align_corners, scales, mode, dt);
  Tensor g = grad;
  const int64_t nd = grad.dim();
  for (int64_t i = 0; i < nsp; ++i) {
    const int64_t dim = 2 + i;
    const Taps& t = taps[size_t(i)];
    DimVector shape(g.sizes());
    shape[size_t(dim)] = in_sizes[size_t(dim)];
    Tensor acc = zeros(shape, options_of(g));
    for (size_t k = 0; k < t.idx.size(); ++k) {
      Tensor src = is_nearest(mode) ? g : g * weight_tensor(t.w[k], dt, dim, nd);
      acc = index_add(acc, dim, int_tensor(t.idx[k]), src);
    }
    g = acc;
  }
  return g;
}

// compute_output_size of the .vec overloads.
std::vector<int64_t> vec_output_size(const Tensor& input, const OptSizes& output_size,
                                     const OptScales& scale_factors, int64_t nsp) {
  if (output_size) {
    TS_CHECK(!scale_factors, "Must specify exactly one of output_size and scale_factors");
    TS_CHECK(int64_t(output_size->size()) == nsp, "Expected static_cast<int64_t>(output_size->size()) "
             "== spatial_dimensions to be true, but got false.  (Could this error message be "
             "improved?  If so, please report an enhancement request to PyTorch.)");
    return *output_size;
  }
  TS_CHECK(scale_factors, "Must specify exactly one of output_size and scale_factors");
  TS_CHECK(int64_t(scale_factors->size()) == nsp, "Expected static_cast<int64_t>(scale_factors->size()) "
           "== spatial_dimensions to be true, but got false.  (Could this error message be "
           "improved?  If so, please report an enhancement request to PyTorch.)");
  std::vector<int64_t> out;
  for (int64_t i = 0; i < nsp; ++i)
    out.push_back(int64_t(double(input.size(2 + i)) * (*scale_factors)[size_t(i)]));
  return out;
}

std::vector<OptScale> vec_scales(const OptScales& s, int64_t nsp) {
  std::vector<OptScale> out(static_cast<size_t>(nsp));
  if (s)
    for (int64_t i = 0; i < nsp; ++i) out[size_t(i)] = (*s)[size_t(i)];
  return out;
}

// The .vec overloads record a node of their own (PyTorch's ...Backward1): their optional lists,
// boxed for the registry call.
bool vec_records(const Tensor& input) { return GradMode::is_enabled() && input.requires_grad(); }
IValue box_sizes(const OptSizes& s) { return s ? IValue(IntArrayRef(*s)) : IValue(); }
IValue box_scales(const OptScales& s) {
  if (!s) return IValue();
  std::vector<IValue> items(s->begin(), s->end());
  return IValue::list(std::move(items));
}

// A .vec overload's derivative: the base op's, with the output size read from the gradient.
Tensor vec_grad(const ops::BackwardCtx& c, int64_t nsp, size_t scales_arg, bool align_corners,
                Interp mode) {
  IntArrayRef gs = c.grad().sizes();
  std::vector<int64_t> osize(gs.end() - nsp, gs.end());
  OptScales sf;
  if (!c.none(scales_arg)) sf = c.args[scales_arg].to_double_list();
  return upsample_backward(c.grad(), c.sizes(0), osize, align_corners, vec_scales(sf, nsp), mode);
}

}  // namespace

Tensor upsample_nearest1d(const Tensor& self, IntArrayRef output_size, OptScale scales) {
  TS_AUTOGRAD("upsample_nearest1d", self, output_size, scales);
  check_sizes(self, output_size, 1);
  check_interp_dtype(self, Interp::Nearest, "compute_indices_weights_nearest");
  return upsample_forward(self, output_size, false, {scales}, Interp::Nearest);
}
Tensor upsample_nearest2d(const Tensor& self, IntArrayRef output_size, OptScale scales_h, OptScale scales_w) {
  TS_AUTOGRAD("upsample_nearest2d", self, output_size, scales_h, scales_w);
  check_sizes(self, output_size, 2);
  check_interp_dtype(self, Interp::Nearest, "compute_indices_weights_nearest");
  return upsample_forward(self, output_size, false, {scales_h, scales_w}, Interp::Nearest);
}
Tensor upsample_nearest3d(const Tensor& self, IntArrayRef output_size, OptScale scales_d,
                          OptScale scales_h, OptScale scales_w) {
  TS_AUTOGRAD("upsample_nearest3d", self, output_size, scales_d, scales_h, scales_w);
  check_sizes(self, output_size, 3);
  check_interp_dtype(self, Interp::Nearest, "upsample_nearest3d_channels_last");
  return upsample_forward(self, output_size, false, {scales_d, scales_h, scales_w}, Interp::Nearest);
}
Tensor upsample_linear1d(const Tensor& self, IntArrayRef output_size, bool align_corners, OptScale scales) {
  TS_AUTOGRAD("upsample_linear1d", self, output_size, align_corners, scales);
  check_sizes(self, output_size, 1);
  check_interp_dtype(self, Interp::Linear, "compute_indices_weights_linear");
  return upsample_forward(self, output_size, align_corners, {scales}, Interp::Linear);
}
Tensor upsample_bilinear2d(const Tensor& self, IntArrayRef output_size, bool align_corners,
                           OptScale scales_h, OptScale scales_w) {
  TS_AUTOGRAD("upsample_bilinear2d", self, output_size, align_corners, scales_h, scales_w);
  check_sizes(self, output_size, 2);
  check_interp_dtype(self, Interp::Linear, "compute_indices_weights_linear");
  return upsample_forward(self, output_size, align_corners, {scales_h, scales_w}, Interp::Linear);
}
Tensor upsample_trilinear3d(const Tensor& self, IntArrayRef output_size, bool align_corners,
                            OptScale scales_d, OptScale scales_h, OptScale scales_w) {
  TS_AUTOGRAD("upsample_trilinear3d", self, output_size, align_corners, scales_d, scales_h, scales_w);
  check_sizes(self, output_size, 3);
  check_interp_dtype(self, Interp::Linear, "compute_indices_weights_linear");
  return upsample_forward(self, output_size, align_corners, {scales_d, scales_h, scales_w}, Interp::Linear);
}
Tensor upsample_bicubic2d(const Tensor& self, IntArrayRef output_size, bool align_corners,
                          OptScale scales_h, OptScale scales_w) {
  TS_AUTOGRAD("upsample_bicubic2d", self, output_size, align_corners, scales_h, scales_w);
  check_sizes(self, output_size, 2);
  check_interp_dtype(self, Interp::Cubic, "compute_indices_weights_cubic");
  return upsample_forward(self, output_size, align_corners, {scales_h, scales_w}, Interp::Cubic);
}

namespace {
// The .vec overloads are composites over the base ops (which carry the derivatives).
Tensor call_base(const Tensor& in, const std::vector<int64_t>& os, bool ac, const std::vector<OptScale>& sc,
                 Interp mode) {
  if (mode == Interp::Nearest) {
    if (sc.size() == 1) return upsample_nearest1d(in, os, sc[0]);
    if (sc.size() == 2) return upsample_nearest2d(in, os, sc[0], sc[1]);
    return upsample_nearest3d(in, os, sc[0], sc[1], sc[2]);
  }
  if (mode == Interp::Cubic) return upsample_bicubic2d(in, os, ac, sc[0], sc[1]);
  if (sc.size() == 1) return upsample_linear1d(in, os, ac, sc[0]);
  if (sc.size() == 2) return upsample_bilinear2d(in, os, ac, sc[0], sc[1]);
  return upsample_trilinear3d(in, os, ac, sc[0], sc[1], sc[2]);
}
}  // namespace

#define TS_UPSAMPLE_VEC(name, nsp, mode, kernel)                                                   \
  Tensor name##_vec(const Tensor& input, OptSizes output_size, OptScales scale_factors) {         \
    if (vec_records(input)) {                                                                      \
      static const ops::OpDef& op = ops::find_op(#name ".vec");                                    \
      return ops::redispatch(op, input, box_sizes(output_size), box_scales(scale_factors));        \
    }                                                                                              \
    auto osize = vec_output_size(input, output_size, scale_factors, nsp);                          \
    auto sc = vec_scales(scale_factors, nsp);                                                       \
    return call_base(input, osize, false, sc, mode);                                               \
  }
#define TS_UPSAMPLE_VEC_AC(name, nsp, mode, kernel)                                                \
  Tensor name##_vec(const Tensor& input, OptSizes output_size, bool align_corners,                \
                    OptScales scale_factors) {                                                      \
    if (vec_records(input)) {                                                                      \
      static const ops::OpDef& op = ops::find_op(#name ".vec");                                    \
      return ops::redispatch(op, input, box_sizes(output_size), align_corners,                     \
                             box_scales(scale_factors));                                           \
    }                                                                                              \
    auto osize = vec_output_size(input, output_size, scale_factors, nsp);                          \
    auto sc = vec_scales(scale_factors, nsp);                                                       \
    return call_base(input, osize, align_corners, sc, mode);                                       \
  }
TS_UPSAMPLE_VEC(upsample_nearest1d, 1, Interp::Nearest, "compute_indices_weights_nearest")
TS_UPSAMPLE_VEC(upsample_nearest2d, 2, Interp::Nearest, "compute_indices_weights_nearest")
TS_UPSAMPLE_VEC(upsample_nearest3d, 3, Interp::Nearest, "upsample_nearest3d_channels_last")
TS_UPSAMPLE_VEC_AC(upsample_linear1d, 1, Interp::Linear, "compute_indices_weights_linear")
TS_UPSAMPLE_VEC_AC(upsample_bilinear2d, 2, Interp::Linear, "compute_indices_weights_linear")
TS_UPSAMPLE_VEC_AC(upsample_trilinear3d, 3, Interp::Linear, "compute_indices_weights_linear")
TS_UPSAMPLE_VEC_AC(upsample_bicubic2d, 2, Interp::Cubic, "compute_indices_weights_cubic")
#undef TS_UPSAMPLE_VEC
#undef TS_UPSAMPLE_VEC_AC

// ---- nearest-exact and antialiased interpolation (PyTorch's private _upsample_* ops, what
// F.interpolate calls for mode="nearest-exact" and antialias=True) ----

namespace {
Tensor run_upsample(const Tensor& self, IntArrayRef osize, bool ac, const std::vector<OptScale>& sc,
                    Interp mode, const char* kernel) {
  check_sizes(self, osize, int64_t(sc.size()));
  check_interp_dtype(self, mode, kernel);
  return upsample_forward(self, osize, ac, sc, mode);
}
constexpr const char* kNearestKernel = "compute_indices_weights_nearest";
constexpr const char* kAAKernel = "compute_indices_weights_aa";
}  // namespace

Tensor _upsample_nearest_exact1d(const Tensor& self, IntArrayRef output_size, OptScale scales) {
  TS_AUTOGRAD("_upsample_nearest_exact1d", self, output_size, scales);
  return run_upsample(self, output_size, false, {scales}, Interp::NearestExact, kNearestKernel);
}
Tensor _upsample_nearest_exact2d(const Tensor& self, IntArrayRef output_size, OptScale scales_h,
                                 OptScale scales_w) {
  TS_AUTOGRAD("_upsample_nearest_exact2d", self, output_size, scales_h, scales_w);
  return run_upsample(self, output_size, false, {scales_h, scales_w}, Interp::NearestExact, kNearestKernel);
}
Tensor _upsample_nearest_exact3d(const Tensor& self, IntArrayRef output_size, OptScale scales_d,
                                 OptScale scales_h, OptScale scales_w) {
  TS_AUTOGRAD("_upsample_nearest_exact3d", self, output_size, scales_d, scales_h, scales_w);
  // PyTorch names its channels-last kernel when the layout is ambiguous (one channel).
  const bool cl = self.dim() == 5 && self.size(1) == 1;
  return run_upsample(self, output_size, false, {scales_d, scales_h, scales_w}, Interp::NearestExact,
                      cl ? "upsample_nearest3d_channels_last" : kNearestKernel);
}
Tensor _upsample_bilinear2d_aa(const Tensor& self, IntArrayRef output_size, bool align_corners,
                               OptScale scales_h, OptScale scales_w) {
  TS_AUTOGRAD("_upsample_bilinear2d_aa", self, output_size, align_corners, scales_h, scales_w);
  return run_upsample(self, output_size, align_corners, {scales_h, scales_w}, Interp::LinearAA, kAAKernel);
}
Tensor _upsample_bicubic2d_aa(const Tensor& self, IntArrayRef output_size, bool align_corners,
                              OptScale scales_h, OptScale scales_w) {
  TS_AUTOGRAD("_upsample_bicubic2d_aa", self, output_size, align_corners, scales_h, scales_w);
  return run_upsample(self, output_size, align_corners, {scales_h, scales_w}, Interp::CubicAA, kAAKernel);
}

// The .vec overloads: the ops above with output_size or scale_factors.
Tensor _upsample_nearest_exact1d_vec(const Tensor& input, OptSizes output_size, OptScales scale_factors) {
  if (vec_records(input)) {
    static const ops::OpDef& op = ops::find_op("_upsample_nearest_exact1d.vec");
    return ops::redispatch(op, input, box_sizes(output_size), box_scales(scale_factors));
  }
  auto sc = vec_scales(scale_factors, 1);
  return _upsample_nearest_exact1d(input, vec_output_size(input, output_size, scale_factors, 1), sc[0]);
}
Tensor _upsample_nearest_exact2d_vec(const Tensor& input, OptSizes output_size, OptScales scale_factors) {
  if (vec_records(input)) {
    static const ops::OpDef& op = ops::find_op("_upsample_nearest_exact2d.vec");
    return ops::redispatch(op, input, box_sizes(output_size), box_scales(scale_factors));
  }
  auto sc = vec_scales(scale_factors, 2);
  return _upsample_nearest_exact2d(input, vec_output_size(input, output_size, scale_factors, 2), sc[0], sc[1]);
}
Tensor _upsample_nearest_exact3d_vec(const Tensor& input, OptSizes output_size, OptScales scale_factors) {
  if (vec_records(input)) {
    static const ops::OpDef& op = ops::find_op("_upsample_nearest_exact3d.vec");
    return ops::redispatch(op, input, box_sizes(output_size), box_scales(scale_factors));
  }
  auto sc = vec_scales(scale_factors, 3);
  return _upsample_nearest_exact3d(input, vec_output_size(input, output_size, scale_factors, 3), sc[0], sc[1],
                                   sc[2]);
}
Tensor _upsample_bilinear2d_aa_vec(const Tensor& input, OptSizes output_size, bool align_corners,
                                   OptScales scale_factors) {
  if (vec_records(input)) {
    static const ops::OpDef& op = ops::find_op("_upsample_bilinear2d_aa.vec");
    return ops::redispatch(op, input, box_sizes(output_size), align_corners, box_scales(scale_factors));
  }
  auto sc = vec_scales(scale_factors, 2);
  return _upsample_bilinear2d_aa(input, vec_output_size(input, output_size, scale_factors, 2), align_corners,
                                 sc[0], sc[1]);
}
Tensor _upsample_bicubic2d_aa_vec(const Tensor& input, OptSizes output_size, bool align_corners,
                                  OptScales scale_factors) {
  if (vec_records(input)) {
    static const ops::OpDef& op = ops::find_op("_upsample_bicubic2d_aa.vec");
    return ops::redispatch(op, input, box_sizes(output_size), align_corners, box_scales(scale_factors));
  }
  auto sc = vec_scales(scale_factors, 2);
  return _upsample_bicubic2d_aa(input, vec_output_size(input, output_size, scale_factors, 2), align_corners,
                                sc[0], sc[1]);
}

namespace {
OptScale opt_scale(const ops::BackwardCtx& c, size_t i) {
  return c.none(i) ? OptScale() : OptScale(c.f64(i));
}
}  // namespace

TS_REGISTER_OPS(upsample) {
  r.def<&upsample_nearest1d>("upsample_nearest1d(Tensor self, SymInt[1] output_size, float? scales=None) -> Tensor").variants("")
      .grad("UpsampleNearest1DBackward0", "", TS_GRAD({
        return {upsample_backward(c.grad(), c.sizes(0), c.ints(1), false, {opt_scale(c, 2)}, Interp::Nearest)};
      }));
  r.def<&upsample_nearest1d_vec>("upsample_nearest1d.vec(Tensor input, SymInt[]? output_size, float[]? scale_factors) -> Tensor").variants("")
      .grad("UpsampleNearest1DBackward1", "", TS_GRAD({ return {vec_grad(c, 1, 2, false, Interp::Nearest)}; }));
  r.def<&upsample_nearest2d>("upsample_nearest2d(Tensor self, SymInt[2] output_size, float? scales_h=None, float? scales_w=None) -> Tensor").variants("")
      .grad("UpsampleNearest2DBackward0", "", TS_GRAD({
        return {upsample_backward(c.grad(), c.sizes(0), c.ints(1), false, {opt_scale(c, 2), opt_scale(c, 3)}, Interp::Nearest)};
      }));
  r.def<&upsample_nearest2d_vec>("upsample_nearest2d.vec(Tensor input, SymInt[]? output_size, float[]? scale_factors) -> Tensor").variants("")
      .grad("UpsampleNearest2DBackward1", "", TS_GRAD({ return {vec_grad(c, 2, 2, false, Interp::Nearest)}; }));
  r.def<&upsample_nearest3d>("upsample_nearest3d(Tensor self, SymInt[3] output_size, float? scales_d=None, float? scales_h=None, float? scales_w=None) -> Tensor").variants("")
      .grad("UpsampleNearest3DBackward0", "", TS_GRAD({
        return {upsample_backward(c.grad(), c.sizes(0), c.ints(1), false, {opt_scale(c, 2), opt_scale(c, 3), opt_scale(c, 4)}, Interp::Nearest)};
      }));
  r.def<&upsample_nearest3d_vec>("upsample_nearest3d.vec(Tensor input, SymInt[]? output_size, float[]? scale_factors) -> Tensor").variants("")
      .grad("UpsampleNearest3DBackward1", "", TS_GRAD({ return {vec_grad(c, 3, 2, false, Interp::Nearest)}; }));
  r.def<&upsample_linear1d>("upsample_linear1d(Tensor self, SymInt[1] output_size, bool align_corners, float? scales=None) -> Tensor").variants("")
      .grad("UpsampleLinear1DBackward0", "", TS_GRAD({
        return {upsample_backward(c.grad(), c.sizes(0), c.ints(1), c.flag(2), {opt_scale(c, 3)}, Interp::Linear)};
      }));
  r.def<&upsample_linear1d_vec>("upsample_linear1d.vec(Tensor input, SymInt[]? output_size, bool align_corners, float[]? scale_factors) -> Tensor").variants("")
      .grad("UpsampleLinear1DBackward1", "", TS_GRAD({ return {vec_grad(c, 1, 3, c.flag(2), Interp::Linear)}; }));
  r.def<&upsample_bilinear2d>("upsample_bilinear2d(Tensor self, SymInt[2] output_size, bool align_corners, float? scales_h=None, float? scales_w=None) -> Tensor").variants("")
      .grad("UpsampleBilinear2DBackward0", "", TS_GRAD({
        return {upsample_backward(c.grad(), c.sizes(0), c.ints(1), c.flag(2), {opt_scale(c, 3), opt_scale(c, 4)}, Interp::Linear)};
      }));
  r.def<&upsample_bilinear2d_vec>("upsample_bilinear2d.vec(Tensor input, SymInt[]? output_size, bool align_corners, float[]? scale_factors) -> Tensor").variants("")
      .grad("UpsampleBilinear2DBackward1", "", TS_GRAD({ return {vec_grad(c, 2, 3, c.flag(2), Interp::Linear)}; }));
  r.def<&upsample_trilinear3d>("upsample_trilinear3d(Tensor self, SymInt[3] output_size, bool align_corners, float? scales_d=None, float? scales_h=None, float? scales_w=None) -> Tensor").variants("")
      .grad("UpsampleTrilinear3DBackward0", "", TS_GRAD({
        return {upsample_backward(c.grad(), c.sizes(0), c.ints(1), c.flag(2), {opt_scale(c, 3), opt_scale(c, 4), opt_scale(c, 5)}, Interp::Linear)};
      }));
  r.def<&upsample_trilinear3d_vec>("upsample_trilinear3d.vec(Tensor input, SymInt[]? output_size, bool align_corners, float[]? scale_factors) -> Tensor").variants("")
      .grad("UpsampleTrilinear3DBackward1", "", TS_GRAD({ return {vec_grad(c, 3, 3, c.flag(2), Interp::Linear)}; }));
  r.def<&upsample_bicubic2d>("upsample_bicubic2d(Tensor self, SymInt[2] output_size, bool align_corners, float? scales_h=None, float? scales_w=None) -> Tensor").variants("")
      .grad("UpsampleBicubic2DBackward0", "", TS_GRAD({
        return {upsample_backward(c.grad(), c.sizes(0), c.ints(1), c.flag(2), {opt_scale(c, 3), opt_scale(c, 4)}, Interp::Cubic)};
      }));
  r.def<&upsample_bicubic2d_vec>("upsample_bicubic2d.vec(Tensor input, SymInt[]? output_size, bool align_corners, float[]? scale_factors) -> Tensor").variants("")
      .grad("UpsampleBicubic2DBackward1", "", TS_GRAD({ return {vec_grad(c, 2, 3, c.flag(2), Interp::Cubic)}; }));
  r.def<&_upsample_nearest_exact1d>("_upsample_nearest_exact1d(Tensor self, SymInt[1] output_size, float? scales=None) -> Tensor").variants("")
      .grad("UpsampleNearestExact1DBackward0", "", TS_GRAD({
        return {upsample_backward(c.grad(), c.sizes(0), c.ints(1), false, {opt_scale(c, 2)}, Interp::NearestExact)};
      }));
  r.def<&_upsample_nearest_exact1d_vec>("_upsample_nearest_exact1d.vec(Tensor input, SymInt[]? output_size, float[]? scale_factors) -> Tensor").variants("")
      .grad("UpsampleNearestExact1DBackward1", "", TS_GRAD({ return {vec_grad(c, 1, 2, false, Interp::NearestExact)}; }));
  r.def<&_upsample_nearest_exact2d>("_upsample_nearest_exact2d(Tensor self, SymInt[2] output_size, float? scales_h=None, float? scales_w=None) -> Tensor").variants("")
      .grad("UpsampleNearestExact2DBackward0", "", TS_GRAD({
        return {upsample_backward(c.grad(), c.sizes(0), c.ints(1), false, {opt_scale(c, 2), opt_scale(c, 3)}, Interp::NearestExact)};
      }));
  r.def<&_upsample_nearest_exact2d_vec>("_upsample_nearest_exact2d.vec(Tensor input, SymInt[]? output_size, float[]? scale_factors) -> Tensor").variants("")
      .grad("UpsampleNearestExact2DBackward1", "", TS_GRAD({ return {vec_grad(c, 2, 2, false, Interp::NearestExact)}; }));
  r.def<&_upsample_nearest_exact3d>("_upsample_nearest_exact3d(Tensor self, SymInt[3] output_size, float? scales_d=None, float? scales_h=None, float? scales_w=None) -> Tensor").variants("")
      .grad("UpsampleNearestExact3DBackward0", "", TS_GRAD({
        return {upsample_backward(c.grad(), c.sizes(0), c.ints(1), false, {opt_scale(c, 2), opt_scale(c, 3), opt_scale(c, 4)}, Interp::NearestExact)};
      }));
  r.def<&_upsample_nearest_exact3d_vec>("_upsample_nearest_exact3d.vec(Tensor input, SymInt[]? output_size, float[]? scale_factors) -> Tensor").variants("")
      .grad("UpsampleNearestExact3DBackward1", "", TS_GRAD({ return {vec_grad(c, 3, 2, false, Interp::NearestExact)}; }));
  r.def<&_upsample_bilinear2d_aa>("_upsample_bilinear2d_aa(Tensor self, SymInt[2] output_size, bool align_corners, float? scales_h=None, float? scales_w=None) -> Tensor").variants("")
      .grad("UpsampleBilinear2DAaBackward0", "", TS_GRAD({
        return {upsample_backward(c.grad(), c.sizes(0), c.ints(1), c.flag(2), {opt_scale(c, 3), opt_scale(c, 4)}, Interp::LinearAA)};
      }));
  r.def<&_upsample_bilinear2d_aa_vec>("_upsample_bilinear2d_aa.vec(Tensor input, SymInt[]? output_size, bool align_corners, float[]? scale_factors) -> Tensor").variants("")
      .grad("UpsampleBilinear2DAaBackward1", "", TS_GRAD({ return {vec_grad(c, 2, 3, c.flag(2), Interp::LinearAA)}; }));
  r.def<&_upsample_bicubic2d_aa>("_upsample_bicubic2d_aa(Tensor self, SymInt[2] output_size, bool align_corners, float? scales_h=None, float? scales_w=None) -> Tensor").variants("")
      .grad("UpsampleBicubic2DAaBackward0", "", TS_GRAD({
        return {upsample_backward(c.grad(), c.sizes(0), c.ints(1), c.flag(2), {opt_scale(c, 3), opt_scale(c, 4)}, Interp::CubicAA)};
      }));
  r.def<&_upsample_bicubic2d_aa_vec>("_upsample_bicubic2d_aa.vec(Tensor input, SymInt[]? output_size, bool align_corners, float[]? scale_factors) -> Tensor").variants("")
      .grad("UpsampleBicubic2DAaBackward1", "", TS_GRAD({ return {vec_grad(c, 2, 3, c.flag(2), Interp::CubicAA)}; }));
}

}  // namespace ts
