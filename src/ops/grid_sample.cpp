// grid_sampler (2-d: bilinear, nearest and bicubic; 3-d: trilinear and nearest; zeros / border /
// reflection padding) and affine_grid_generator. PyTorch 1.13's GridSampler.h and
// AffineGridGenerator.cpp are the specification. Both are composites of differentiable ops;
// grid_sampler_2d/3d record one node each (PyTorch's GridSampler2D/3DBackward0), whose backward
// is the adjoint of that composite. The 2-d bilinear / nearest forward runs the kernel in
// kernels/cpu/grid_sample.cpp.
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "ops/api_upsample.h"
#include "ops/vjp.h"
#include "ops/linalg_nn_util.h"
#include "ops/ops.h"
#include "ops/registry.h"
#include "stubs/upsample.h"
#include "tensor/grad_mode.h"
#include "tensor/iter.h"

namespace ts {

TS_DEFINE_STUB(grid_sampler_2d_stub);

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

TS_REGISTER_OPS(grid_sample) {
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
}

}  // namespace ts
