// grid_sampler (2-d: bilinear, nearest and bicubic; 3-d: trilinear and nearest; zeros / border /
// reflection padding),
// affine_grid_generator, the feature and alpha dropouts, exponential_ and scaled dot-product
// attention. PyTorch 1.13's GridSampler.h / AffineGridGenerator.cpp / Dropout.cpp /
// DistributionTemplates.h and attention.cpp are the specification. Everything but exponential_
// is a composite of differentiable ops; grid_sampler_2d/3d record one node each (PyTorch's
// GridSampler2D/3DBackward0), whose backward is the adjoint of that composite.
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "ops/api_nn_extra.h"
#include "ops/vjp.h"
#include "ops/linalg_nn_util.h"
#include "ops/ops.h"
#include "ops/registry.h"
#include "tensor/grad_mode.h"
#include "tensor/iter.h"

namespace ts {

TS_DEFINE_STUB(grid_sampler_2d_stub, void(const Tensor& out, const Tensor& input, const Tensor& grid,
                                          int64_t mode, int64_t padding, bool align_corners));

using namespace lnn;

namespace {

Tensor unnormalize(const Tensor& coord, int64_t size, bool align_corners) {
  return align_corners ? (coord + 1) / 2 * double(size - 1) : ((coord + 1) * double(size) - 1) / 2;
}

Tensor pad_coord(const Tensor& x, int64_t size, int64_t padding_mode, bool align_corners);

// grid_sampler_unnormalize, then border clipping or reflection (GridSampler.h).
Tensor source_coord(const Tensor& coord, int64_t size, int64_t padding_mode, bool align_corners) {
  return pad_coord(unnormalize(coord, size, align_corners), size, padding_mode, align_corners);
}

// Border / reflection applied to an already unnormalized coordinate (compute_coordinates).
Tensor pad_coord(const Tensor& x, int64_t size, int64_t padding_mode, bool align_corners) {
  auto clip = [&](const Tensor& v) { return clamp(v, Scalar(0.0), Scalar(double(size - 1))); };
  if (padding_mode == 1) return clip(x);
  if (padding_mode == 2) {
    const double twice_low = align_corners ? 0.0 : -1.0;
    const double twice_high = align_corners ? 2.0 * double(size - 1) : 2.0 * double(size) - 1;
    if (twice_low == twice_high) return clip(zeros_like(x));
    const double lo = twice_low / 2, span = (twice_high - twice_low) / 2;
    Tensor in = abs(x - lo);
    Tensor extra = fmod(in, Scalar(span));
    Tensor even = eq(remainder(floor(in / span), Scalar(2.0)), Scalar(0.0));
    return clip(where(even, extra + lo, span - extra + lo));
  }
  return x;
}

// Values of input [N, C, H, W] at integer positions (iy, ix) [N, Ho, Wo]; 0 outside.
Tensor gather_2d(const Tensor& input, const Tensor& iy, const Tensor& ix) {
  const int64_t n = input.size(0), ch = input.size(1), h = input.size(2), w = input.size(3);
  Tensor inside = logical_and(logical_and(ge(ix, Scalar(0)), lt(ix, Scalar(w))),
                              logical_and(ge(iy, Scalar(0)), lt(iy, Scalar(h))));
  Tensor lin = where(inside, iy * w + ix, Scalar(int64_t(0)));  // [N, Ho, Wo]
  const int64_t ho = ix.size(1), wo = ix.size(2);
  Tensor idx = expand(reshape(lin, {n, 1, ho * wo}), {n, ch, ho * wo});
  Tensor vals = reshape(gather(reshape(input, {n, ch, h * w}), 2, idx), {n, ch, ho, wo});
  return vals * unsqueeze(inside, 1).to(input.dtype());
}

// A tensor of `like`'s sizes over `flat`'s storage with strides in `like`'s dim order (dense
// `like`), or row-major otherwise: what empty_like's preserve_format gives.
Tensor permute_like(const Tensor& flat, const Tensor& like) {
  DimVector perm;
  for (int64_t d = 0; d < like.dim(); ++d) perm.push_back(d);
  std::stable_sort(perm.begin(), perm.end(), [&](int64_t a, int64_t b) { return like.stride(a) > like.stride(b); });
  // Dense and non-overlapping: the sorted strides are the contiguous strides of the permuted sizes.
  DimVector psize;
  for (int64_t d : perm) psize.push_back(like.size(d));
  DimVector pst = contiguous_strides(psize);
  bool dense = true;
  for (size_t i = 0; i < perm.size(); ++i)
    dense = dense && (like.size(perm[i]) == 1 || like.stride(perm[i]) == pst[i]);
  if (!dense) return make_view(flat, DimVector(like.sizes()), contiguous_strides(like.sizes()), flat.storage_offset());
  DimVector st(size_t(like.dim()));
  for (size_t i = 0; i < perm.size(); ++i) st[size_t(perm[i])] = pst[i];
  return make_view(flat, DimVector(like.sizes()), st, flat.storage_offset());
}

// Bicubic: 4 x 4 taps around floor(x), each tap's coordinate padded on its own
// (get_value_bounded), weights get_cubic_upsample_coefficients (A = -0.75), rows first.
Tensor grid_bicubic(const Tensor& input, const Tensor& grid, int64_t padding_mode, bool align_corners) {
  const int64_t h = input.size(2), w = input.size(3);
  Tensor ix = unnormalize(select(grid, -1, 0), w, align_corners);
  Tensor iy = unnormalize(select(grid, -1, 1), h, align_corners);
  Tensor fx = floor(ix.detach()), fy = floor(iy.detach());
  auto coeffs = [](const Tensor& t) {
    constexpr double a = -0.75;
    auto c1 = [&](const Tensor& x) { return ((a + 2) * x - (a + 3)) * x * x + 1; };
    auto c2 = [&](const Tensor& x) { return ((a * x - 5 * a) * x + 8 * a) * x - 4 * a; };
    Tensor x2 = 1 - t;
    return std::array<Tensor, 4>{c2(t + 1), c1(t), c1(x2), c2(x2 + 1)};
  };
  auto cx = coeffs(ix - fx), cy = coeffs(iy - fy);
  auto tap = [&](const Tensor& base, int64_t k, int64_t size) {
    Tensor c = pad_coord(base + double(k - 1), size, padding_mode, align_corners);
    return c.to(DType::Int64);  // static_cast<int64_t>: truncation
  };
  Tensor out;
  for (int64_t j = 0; j < 4; ++j) {
    Tensor yy = tap(fy, j, h);
    Tensor row;
    for (int64_t i = 0; i < 4; ++i) {
      Tensor term = gather_2d(input, yy, tap(fx, i, w)) * unsqueeze(cx[size_t(i)], 1);
      row = i == 0 ? term : row + term;
    }
    Tensor term = row * unsqueeze(cy[size_t(j)], 1);
    out = j == 0 ? term : out + term;
  }
  return out;
}

// Values of input [N, C, D, H, W] at integer positions (iz, iy, ix) [N, Do, Ho, Wo]; 0 outside.
Tensor gather_3d(const Tensor& input, const Tensor& iz, const Tensor& iy, const Tensor& ix) {
  const int64_t n = input.size(0), ch = input.size(1);
  const int64_t d = input.size(2), h = input.size(3), w = input.size(4);
  Tensor inside = logical_and(logical_and(logical_and(ge(ix, Scalar(0)), lt(ix, Scalar(w))),
                                          logical_and(ge(iy, Scalar(0)), lt(iy, Scalar(h)))),
                              logical_and(ge(iz, Scalar(0)), lt(iz, Scalar(d))));
  Tensor lin = where(inside, (iz * h + iy) * w + ix, Scalar(int64_t(0)));  // [N, Do, Ho, Wo]
  const int64_t od = ix.size(1), oh = ix.size(2), ow = ix.size(3);
  Tensor idx = expand(reshape(lin, {n, 1, od * oh * ow}), {n, ch, od * oh * ow});
  Tensor vals = reshape(gather(reshape(input, {n, ch, d * h * w}), 2, idx), {n, ch, od, oh, ow});
  return vals * unsqueeze(inside, 1).to(input.dtype());
}

// grid_sampler_3d_cpu_impl: trilinear (the eight corners summed tnw, tne, tsw, tse, bnw, bne,
// bsw, bse, each weight a product x * y * z) or nearest (nearbyint), as differentiable ops.
Tensor grid_sample_3d(const Tensor& input, const Tensor& grid, int64_t interpolation_mode,
                      int64_t padding_mode, bool align_corners) {
  const int64_t d = input.size(2), h = input.size(3), w = input.size(4);
  Tensor ix = source_coord(select(grid, -1, 0), w, padding_mode, align_corners);
  Tensor iy = source_coord(select(grid, -1, 1), h, padding_mode, align_corners);
  Tensor iz = source_coord(select(grid, -1, 2), d, padding_mode, align_corners);
  if (interpolation_mode == 1) {
    Tensor rx = round(ix.detach()).to(DType::Int64), ry = round(iy.detach()).to(DType::Int64);
    return gather_3d(input, round(iz.detach()).to(DType::Int64), ry, rx);
  }
  Tensor x0f = floor(ix.detach()), y0f = floor(iy.detach()), z0f = floor(iz.detach());
  Tensor x0 = x0f.to(DType::Int64), y0 = y0f.to(DType::Int64), z0 = z0f.to(DType::Int64);
  Tensor x1 = x0 + 1, y1 = y0 + 1, z1 = z0 + 1;
  const Tensor wx[2] = {(x0f + 1) - ix, ix - x0f};
  const Tensor wy[2] = {(y0f + 1) - iy, iy - y0f};
  const Tensor wz[2] = {(z0f + 1) - iz, iz - z0f};
  const Tensor xs[2] = {x0, x1}, ys[2] = {y0, y1}, zs[2] = {z0, z1};
  Tensor out;
  for (int c = 0; c < 8; ++c) {
    const int a = c >> 2, b = (c >> 1) & 1, e = c & 1;  // z, y, x corner
    Tensor term = gather_3d(input, zs[a], ys[b], xs[e]) * unsqueeze(wx[e] * wy[b] * wz[a], 1);
    out = c == 0 ? term : out + term;
  }
  return out;
}

// grid_sampler's checks, then the sampling as differentiable ops (or the 2-d kernel when nothing
// is recorded).
Tensor grid_sampler_impl(const Tensor& input, const Tensor& grid, int64_t interpolation_mode,
                         int64_t padding_mode, bool align_corners) {
  TS_CHECK(input.dim() > 0 && grid.dim() > 0 && input.size(0) == grid.size(0),
           "grid_sampler(): expected grid and input to have same batch size, but got input with "
           "sizes ", shape_str(input.sizes()), " and grid with sizes ", shape_str(grid.sizes()));
  TS_CHECK(grid.size(-1) == input.dim() - 2, "grid_sampler(): expected grid to have size ",
           input.dim() - 2, " in last dimension, but got grid with sizes ", shape_str(grid.sizes()));
  for (int64_t i = 2; i < input.dim(); ++i)
    TS_CHECK(input.size(i) > 0, "grid_sampler(): expected input to have non-empty spatial "
             "dimensions, but input has sizes ", shape_str(input.sizes()), " with dimension ", i,
             " being empty");
  const int64_t nd = input.dim() == 4 ? 4 : 5;
  TS_CHECK(input.dim() == nd && grid.dim() == nd, "grid_sampler(): expected ", nd, "D input and grid "
           "with same number of dimensions, but got input with sizes ", shape_str(input.sizes()),
           " and grid with sizes ", shape_str(grid.sizes()));
  if (nd == 5) {
    TS_CHECK(interpolation_mode != 2, "grid_sampler(): bicubic interpolation only supports 4D input");
    TS_CHECK(grid.dtype() == input.dtype(), "expected scalar type ", torch_type_name(input.dtype()),
             " but found ", torch_type_name(grid.dtype()));
    if (input.dtype() != DType::Float32 && input.dtype() != DType::Float64)
      not_implemented("grid_sampler3d_cpu", input.dtype());
    return grid_sample_3d(input, grid, interpolation_mode, padding_mode, align_corners);
  }
  TS_CHECK(grid.dtype() == input.dtype(), "expected scalar type ", torch_type_name(input.dtype()),
           " but found ", torch_type_name(grid.dtype()));
  TS_CHECK(input.dtype() == DType::Float32 || input.dtype() == DType::Float64,
           "grid_sampler_2d_cpu not implemented for ", torch_type_name(input.dtype()));
  TS_CHECK(interpolation_mode >= 0 && interpolation_mode <= 2,
           "grid_sampler(): unknown interpolation mode ", interpolation_mode);
  const int64_t h = input.size(2), w = input.size(3);
  if (interpolation_mode == 2) return grid_bicubic(input, grid, padding_mode, align_corners);
  if (!GradMode::is_enabled() || !ops::any_requires_grad(input, grid)) {
    // No graph to record: the direct kernel (same formulas as the composite below).
    Tensor out = empty({input.size(0), input.size(1), grid.size(1), grid.size(2)}, options_of(input));
    if (out.numel() > 0)
      grid_sampler_2d_stub(input.device().type, out, contiguous(input), contiguous(grid),
                           interpolation_mode, padding_mode, align_corners);
    return out;
  }
  Tensor ix = source_coord(select(grid, -1, 0), w, padding_mode, align_corners);
  Tensor iy = source_coord(select(grid, -1, 1), h, padding_mode, align_corners);
  if (interpolation_mode == 1) {
    // nearbyint: halves to even, as torch.round.
    Tensor rx = round(ix.detach()).to(DType::Int64), ry = round(iy.detach()).to(DType::Int64);
    return gather_2d(input, ry, rx);
  }
  Tensor x0f = floor(ix.detach()), y0f = floor(iy.detach());
  Tensor x0 = x0f.to(DType::Int64), y0 = y0f.to(DType::Int64);
  Tensor x1 = x0 + 1, y1 = y0 + 1;
  // PyTorch's weights: nw = (x_se - x) * (y_se - y), ...
  Tensor wx1 = ix - x0f, wy1 = iy - y0f;
  Tensor wx0 = (x0f + 1) - ix, wy0 = (y0f + 1) - iy;
  auto term = [&](const Tensor& yy, const Tensor& xx, const Tensor& wgt) {
    return gather_2d(input, yy, xx) * unsqueeze(wgt, 1);
  };
  return term(y0, x0, wx0 * wy0) + term(y0, x1, wx1 * wy0) + term(y1, x0, wx0 * wy1) +
         term(y1, x1, wx1 * wy1);
}

// grid_sampler_{2,3}d_backward: the adjoint of the composite above, taken by the autograd
// layer on detached inputs. Recorded under create_graph, it gets PyTorch's node that refuses a
// further backward (PyTorch 1.13 has no derivative for it either).
std::tuple<Tensor, Tensor> grid_backward(const char* name, const Tensor& grad_output, const Tensor& input,
                                         const Tensor& grid, int64_t interpolation_mode, int64_t padding_mode,
                                         bool align_corners, std::array<bool, 2> mask) {
  if (GradMode::is_enabled() && ops::any_requires_grad(grad_output, input, grid)) {
    Stack s{IValue(grad_output), IValue(input), IValue(grid), IValue(interpolation_mode),
            IValue(padding_mode), IValue(align_corners), IValue::list({IValue(mask[0]), IValue(mask[1])})};
    ops::autograd_hook()(ops::find_op(name), s);
    auto get = [&](size_t i) { return s.at(i).is_tensor() ? s[i].to_tensor() : Tensor(); };
    return {get(0), get(1)};
  }
  EnableGradGuard on;
  Tensor x = input.detach(), g = grid.detach();
  x.requires_grad_(mask[0]);
  g.requires_grad_(mask[1]);
  std::vector<Tensor> wrt;
  if (mask[0]) wrt.push_back(x);
  if (mask[1]) wrt.push_back(g);
  if (wrt.empty()) return {Tensor(), Tensor()};
  Tensor out = grid_sampler_impl(x, g, interpolation_mode, padding_mode, align_corners);
  std::vector<Tensor> got;
  if (out.requires_grad()) got = ops::vjp_hook()({out}, wrt, {grad_output.detach()});
  auto pick = [&](size_t k, const Tensor& like) {
    Tensor r = k < got.size() && got[k].defined() ? got[k] : zeros_like(like);
    return r.detach();
  };
  Tensor gi = mask[0] ? pick(0, input) : Tensor();
  Tensor gg = mask[1] ? pick(mask[0] ? 1 : 0, grid) : Tensor();
  return {gi, gg};
}

std::tuple<Tensor, Tensor> grid_sampler_2d_backward(const Tensor& grad_output, const Tensor& input,
                                                    const Tensor& grid, int64_t interpolation_mode,
                                                    int64_t padding_mode, bool align_corners,
                                                    std::array<bool, 2> mask) {
  return grid_backward("grid_sampler_2d_backward", grad_output, input, grid, interpolation_mode, padding_mode,
                       align_corners, mask);
}
std::tuple<Tensor, Tensor> grid_sampler_3d_backward(const Tensor& grad_output, const Tensor& input,
                                                    const Tensor& grid, int64_t interpolation_mode,
                                                    int64_t padding_mode, bool align_corners,
                                                    std::array<bool, 2> mask) {
  return grid_backward("grid_sampler_3d_backward", grad_output, input, grid, interpolation_mode, padding_mode,
                       align_corners, mask);
}

template <auto F>
void boxed_grid_backward(Stack& s) {
  auto items = s[6].items();
  auto [gi, gg] = F(s[0].to_tensor(), s[1].to_tensor(), s[2].to_tensor(), s[3].to_int(), s[4].to_int(),
                    s[5].to_bool(), {items.at(0).to_bool(), items.at(1).to_bool()});
  s.clear();
  s.push_back(gi.defined() ? IValue(gi) : IValue());
  s.push_back(gg.defined() ? IValue(gg) : IValue());
}

}  // namespace

// PyTorch's grid_sampler: the checks, then grid_sampler_2d or grid_sampler_3d (each one node).
Tensor grid_sampler(const Tensor& input, const Tensor& grid, int64_t interpolation_mode,
                    int64_t padding_mode, bool align_corners) {
  if (input.dim() == 5 && grid.dim() == 5 && input.size(0) == grid.size(0) && grid.size(-1) == 3)
    return grid_sampler_3d(input, grid, interpolation_mode, padding_mode, align_corners);
  if (input.dim() == 4 && grid.dim() == 4 && input.size(0) == grid.size(0) && grid.size(-1) == 2)
    return grid_sampler_2d(input, grid, interpolation_mode, padding_mode, align_corners);
  return grid_sampler_impl(input, grid, interpolation_mode, padding_mode, align_corners);  // its errors
}

Tensor grid_sampler_2d(const Tensor& input, const Tensor& grid, int64_t interpolation_mode,
                       int64_t padding_mode, bool align_corners) {
  TS_AUTOGRAD("grid_sampler_2d", input, grid, interpolation_mode, padding_mode, align_corners);
  return grid_sampler_impl(input, grid, interpolation_mode, padding_mode, align_corners);
}

Tensor grid_sampler_3d(const Tensor& input, const Tensor& grid, int64_t interpolation_mode,
                       int64_t padding_mode, bool align_corners) {
  TS_AUTOGRAD("grid_sampler_3d", input, grid, interpolation_mode, padding_mode, align_corners);
  return grid_sampler_impl(input, grid, interpolation_mode, padding_mode, align_corners);
}

namespace {

Tensor linspace_from_neg_one(const Tensor& theta, int64_t steps, bool align_corners) {
  if (steps <= 1) return zeros({}, options_of(theta));
  Tensor r = linspace(Scalar(-1), Scalar(1), steps, options_of(theta));
  if (!align_corners) r = r * double(steps - 1) / double(steps);
  return r;
}

}  // namespace

Tensor affine_grid_generator(const Tensor& theta, IntArrayRef size, bool align_corners) {
  TS_CHECK(size.size() == 4 || size.size() == 5,
           "AffineGridGenerator needs 4d (spatial) or 5d (volumetric) inputs.");
  const int64_t n = size[0];
  Tensor base;
  {
    GradModeGuard no_grad(false);
    if (size.size() == 4) {
      const int64_t h = size[2], w = size[3];
      base = empty({n, h, w, 3}, options_of(theta));
      copy_(select(base, -1, 0), linspace_from_neg_one(theta, w, align_corners));
      copy_(select(base, -1, 1), unsqueeze(linspace_from_neg_one(theta, h, align_corners), -1));
      fill_(select(base, -1, 2), Scalar(1));
    } else {
      const int64_t d = size[2], h = size[3], w = size[4];
      base = empty({n, d, h, w, 4}, options_of(theta));
      copy_(select(base, -1, 0), linspace_from_neg_one(theta, w, align_corners));
      copy_(select(base, -1, 1), unsqueeze(linspace_from_neg_one(theta, h, align_corners), -1));
      copy_(select(base, -1, 2),
            unsqueeze(unsqueeze(linspace_from_neg_one(theta, d, align_corners), -1), -1));
      fill_(select(base, -1, 3), Scalar(1));
    }
  }
  const int64_t k = size.size() == 4 ? 3 : 4;
  int64_t pts = 1;
  for (size_t i = 2; i < size.size(); ++i) pts *= size[i];
  Tensor grid = bmm(reshape(base, {n, pts, k}), transpose(theta, 1, 2));
  DimVector out_shape;
  out_shape.push_back(n);
  for (size_t i = 2; i < size.size(); ++i) out_shape.push_back(size[i]);
  out_shape.push_back(k - 1);
  return reshape(grid, out_shape);
}

// ---- dropouts (Dropout.cpp's _dropout_impl) ----

namespace {

Tensor dropout_impl(const Tensor& input, double p, bool train, bool feature, bool alpha) {
  TS_CHECK(p >= 0 && p <= 1, "dropout probability has to be between 0 and 1, but got ", p);
  if (p == 0 || !train || input.numel() == 0) return input;
  if (p == 1) return input * zeros({}, options_of(input));
  Tensor noise;
  if (feature) {
    TS_CHECK(input.dim() >= 2, "Feature dropout requires at least 2 dimensions in the input");
    DimVector s(size_t(input.dim()), 1);
    s[0] = input.size(0);
    s[1] = input.size(1);
    noise = empty(s, options_of(input));
  } else {
    noise = empty(input.sizes(), options_of(input));
  }
  {
    GradModeGuard no_grad(false);
    bernoulli_(noise, 1 - p);
  }
  if (alpha) {
    constexpr double kAlpha = 1.7580993408473766;
    const double a = 1. / std::sqrt((kAlpha * kAlpha * p + 1) * (1 - p));
    Tensor b = (noise + (-1)) * (kAlpha * a) + kAlpha * a * p;
    Tensor out = input * (noise * a);
    return out + b;
  }
  return input * (noise / (1 - p));
}

void check_float_result(const Tensor& input) {
  TS_CHECK(is_floating(input.dtype()), "result type Float can't be cast to the desired output "
           "type ", scalar_type_name(input.dtype()));
}

}  // namespace

Tensor feature_dropout(const Tensor& input, double p, bool train) {
  if (train && p > 0 && p < 1 && input.numel() > 0 && input.dim() >= 2) check_float_result(input);
  return dropout_impl(input, p, train, true, false);
}
Tensor alpha_dropout(const Tensor& input, double p, bool train) {
  if (train && p > 0 && p < 1 && input.numel() > 0) check_float_result(input);
  return dropout_impl(input, p, train, false, true);
}
Tensor feature_alpha_dropout(const Tensor& input, double p, bool train) {
  if (train && p > 0 && p < 1 && input.numel() > 0 && input.dim() >= 2) check_float_result(input);
  return dropout_impl(input, p, train, true, true);
}

// ---- exponential_ ----

namespace {

// Fills `t` with exponential draws in the order PyTorch's TensorIterator visits it: by
// descending stride (memory order for permuted dense tensors, row-major otherwise).
void fill_exponential(const Tensor& t, double lambd, Generator* gen) {
  DimVector perm;
  for (int64_t d = 0; d < t.dim(); ++d) perm.push_back(d);
  std::stable_sort(perm.begin(), perm.end(), [&](int64_t a, int64_t b) { return t.stride(a) > t.stride(b); });
  DimVector shape;
  for (int64_t d : perm) shape.push_back(t.size(d));
  // One random64 per element, u = low 53 bits * 2^-53, value -1/lambda * log(1 - u) in double
  // (DistributionTemplates.h, the CPU path of a build without MKL).
  Tensor vals = empty(shape, TensorOptions(DType::Float64));
  {
    Generator::Lock lock(generator_or_default(gen));
    double* p = vals.data<double>();
    for (int64_t i = 0; i < vals.numel(); ++i) {
      const double u = double(lock.random64() & ((uint64_t(1) << 53) - 1)) * (1.0 / double(uint64_t(1) << 53));
      p[i] = -1.0 / lambd * std::log(1.0 - u);
    }
  }
  GradModeGuard no_grad(false);
  copy_(permute(t, perm), vals);
}

}  // namespace

Tensor exponential_(const Tensor& self, double lambd, Generator* gen) {
  TS_CHECK(lambd >= 0.0, "exponential_ expects lambda >= 0.0, but found lambda=", lambd);
  const DType t = self.dtype();
  if (!is_floating(t)) not_implemented("exponential_cpu", t);
  fill_exponential(self, lambd, gen);
  return self;
}

Tensor exponential(const Tensor& self, double lambd, Generator* gen) {
  TS_CHECK(lambd >= 0.0, "exponential_ expects lambda >= 0.0, but found lambda=", lambd);
  if (!is_floating(self.dtype())) not_implemented("exponential_cpu", self.dtype());
  // empty_like keeps a dense tensor's strides, so the draws land in its memory order.
  Tensor out = empty({self.numel()}, options_of(self));
  Tensor shaped = permute_like(out, self);
  fill_exponential(shaped, lambd, gen);
  return shaped;
}

// ---- attention ----

namespace {

// The additive mask: bool masks keep True positions (False becomes -inf).
Tensor additive_mask(const Tensor& mask, DType t) {
  if (mask.dtype() != DType::Bool) return mask;
  return masked_fill(zeros(mask.sizes(), TensorOptions(t)), logical_not(mask),
                     Scalar(-std::numeric_limits<double>::infinity()));
}

// A 0-dim tensor of `t` (not a wrapped number): the scale keeps double precision for float64,
// as PyTorch's Python-float scalars do.
Tensor same_type_scalar(double v, DType t) { return scalar_tensor(Scalar(v), TensorOptions(t)); }

Tensor causal_mask(int64_t l, int64_t s) {
  return tril(ones({l, s}, TensorOptions(DType::Bool)));
}

}  // namespace

std::tuple<Tensor, Tensor> _scaled_dot_product_attention(const Tensor& query, const Tensor& key,
                                                         const Tensor& value, const Tensor& attn_mask,
                                                         double dropout_p, bool need_attn_weights,
                                                         bool is_causal) {
  TS_CHECK(is_floating(query.dtype()), "expected scalar type Float but found ",
           torch_type_name(query.dtype()));
  Tensor mask = attn_mask;
  if (is_causal) {
    TS_CHECK(!attn_mask.defined(), "_scaled_dot_product_attention: Explicit attn_mask should not "
             "be set when is_causal=True");
    mask = causal_mask(query.size(-2), key.size(-2));
  }
  Tensor q = query * same_type_scalar(1.0 / std::sqrt(double(query.size(-1))), query.dtype());
  Tensor attn = matmul(q, transpose(key, -2, -1));
  if (mask.defined()) attn = attn + additive_mask(mask, query.dtype());
  attn = softmax(attn, -1);
  if (dropout_p > 0.0) attn = dropout(attn, dropout_p, true);
  return {matmul(attn, value), attn};
}

Tensor scaled_dot_product_attention(const Tensor& query, const Tensor& key, const Tensor& value,
                                    const Tensor& attn_mask, double dropout_p, bool is_causal,
                                    std::optional<double> scale) {
  TS_CHECK(is_floating(query.dtype()), "expected scalar type Float but found ",
           torch_type_name(query.dtype()));
  const int64_t l = query.size(-2), s = key.size(-2);
  const double sc = scale ? *scale : 1.0 / std::sqrt(double(query.size(-1)));
  Tensor attn = matmul(query, transpose(key, -2, -1));
  attn = attn * same_type_scalar(sc, attn.dtype());
  if (is_causal) {
    TS_CHECK(!attn_mask.defined(), "_scaled_dot_product_attention: Explicit attn_mask should not "
             "be set when is_causal=True");
    attn = attn + additive_mask(causal_mask(l, s), attn.dtype());
  }
  if (attn_mask.defined()) attn = attn + additive_mask(attn_mask, attn.dtype());
  attn = softmax(attn, -1);
  if (dropout_p > 0.0) attn = dropout(attn, dropout_p, true);
  return matmul(attn, value);
}

namespace {
Tensor b_exponential_(const Tensor& self, double lambd, Generator* g) { return exponential_(self, lambd, g); }
Tensor b_exponential(const Tensor& self, double lambd, Generator* g) { return exponential(self, lambd, g); }
}  // namespace

TS_REGISTER_OPS(nn_extra2) {
  r.def<&grid_sampler>("grid_sampler(Tensor input, Tensor grid, int interpolation_mode, int padding_mode, bool align_corners) -> Tensor").composite_op().variants("function");
  r.def<&grid_sampler_2d>("grid_sampler_2d(Tensor input, Tensor grid, int interpolation_mode, int padding_mode, bool align_corners) -> Tensor").variants("function")
      .grad("GridSampler2DBackward0", "input grid", TS_GRAD({
        auto [gi, gg] = grid_sampler_2d_backward(c.grad(), c.in(0), c.in(1), c.i64(2), c.i64(3), c.flag(4),
                                                 {c.need(0), c.need(1)});
        return {gi, gg};
      }));
  r.def<&grid_sampler_3d>("grid_sampler_3d(Tensor input, Tensor grid, int interpolation_mode, int padding_mode, bool align_corners) -> Tensor").variants("function")
      .grad("GridSampler3DBackward0", "input grid", TS_GRAD({
        auto [gi, gg] = grid_sampler_3d_backward(c.grad(), c.in(0), c.in(1), c.i64(2), c.i64(3), c.flag(4),
                                                 {c.need(0), c.need(1)});
        return {gi, gg};
      }));
  const char* kGridBackArgs = "(Tensor grad_output, Tensor input, Tensor grid, int interpolation_mode, int padding_mode, bool align_corners, bool[2] output_mask) -> (Tensor, Tensor)";
  r.def(std::string("grid_sampler_2d_backward") + kGridBackArgs, &boxed_grid_backward<&grid_sampler_2d_backward>)
      .variants("")
      .no_derivative_in_pytorch();
  r.def(std::string("grid_sampler_3d_backward") + kGridBackArgs, &boxed_grid_backward<&grid_sampler_3d_backward>)
      .variants("")
      .no_derivative_in_pytorch();
  r.def<&affine_grid_generator>("affine_grid_generator(Tensor theta, int[] size, bool align_corners) -> Tensor").composite_op().variants("function");
  r.def<&feature_dropout>("feature_dropout(Tensor input, float p, bool train) -> Tensor").composite_op().variants("function");
  r.def<&alpha_dropout>("alpha_dropout(Tensor input, float p, bool train) -> Tensor").composite_op().variants("function");
  r.def<&feature_alpha_dropout>("feature_alpha_dropout(Tensor input, float p, bool train) -> Tensor").composite_op().variants("function");
  r.def<&b_exponential_>("exponential_(Tensor(a!) self, float lambd=1., *, Generator? generator=None) -> Tensor(a!)").not_differentiable().variants("method");
  r.def<&b_exponential>("exponential(Tensor self, float lambd=1., *, Generator? generator=None) -> Tensor").not_differentiable().variants("method");
  r.def<&_scaled_dot_product_attention>("_scaled_dot_product_attention(Tensor query, Tensor key, Tensor value, Tensor? attn_mask=None, float dropout_p=0., bool need_attn_weights=False, bool is_causal=False) -> (Tensor, Tensor)").composite_op().variants("function");
  r.def<&scaled_dot_product_attention>("scaled_dot_product_attention(Tensor query, Tensor key, Tensor value, Tensor? attn_mask=None, float dropout_p=0., bool is_causal=False, *, float? scale=None) -> Tensor").composite_op().variants("function");
}

}  // namespace ts
