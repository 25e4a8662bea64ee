// conv3d, max_pool3d, avg_pool3d and max_unpool2d. conv3d and avg_pool3d are composites over
// their 2-d counterparts (one 2-d op per kernel depth offset on strided depth slices, combined
// by sum), so they reuse the 2-d kernels and autograd records them; max_pool3d takes the first
// result of max_pool3d_with_indices (pool3d.cpp); checks and messages follow
// PyTorch 1.13 (Convolution.cpp, Pool.h, DilatedMaxPool3d.cpp, AveragePool3d.cpp,
// MaxUnpooling.cpp).
#include <cmath>
#include <limits>

#include "ops/api_nn_extra.h"
#include "ops/linalg_nn_util.h"
#include "ops/ops.h"
#include "ops/registry.h"
#include "ops/sort_util.h"
#include "tensor/grad_mode.h"

namespace ts {

// out [B, D] (zeroed) += weight[rows[i]] * scale[i] for i in [ptr[b], ptr[b + 1]); scale may be
// undefined (1).
TS_DEFINE_STUB(embedding_bag_sum_stub, void(const Tensor& out, const Tensor& weight, const Tensor& rows,
                                            const Tensor& scale, const Tensor& ptr));

using namespace lnn;

namespace {

struct Triple {
  int64_t d, h, w;
};

// int[3] arguments given as one value or three.
Triple triple(IntArrayRef v, const char* msg, std::optional<Triple> dflt = std::nullopt) {
  if (v.empty() && dflt) return *dflt;
  TS_CHECK(v.size() == 1 || v.size() == 3, msg);
  return v.size() == 1 ? Triple{v[0], v[0], v[0]} : Triple{v[0], v[1], v[2]};
}

std::string tensor_type(DType t) { return sorting::legacy_type_name(t); }

// The depth slice of a depth-padded [N, C, D, ...] tensor read by kernel offset kd.
Tensor depth_slice(const Tensor& x, int64_t kd, int64_t dil, int64_t stride, int64_t od) {
  return slice(x, 2, kd * dil, kd * dil + (od - 1) * stride + 1, stride);
}

int64_t div_floor(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

// pooling_output_shape of Pool.h.
int64_t pool_out(int64_t in, int64_t k, int64_t pad, int64_t stride, int64_t dil, bool ceil_mode) {
  int64_t out = div_floor(in + 2 * pad - dil * (k - 1) - 1 + (ceil_mode ? stride - 1 : 0), stride) + 1;
  if (ceil_mode && (out - 1) * stride >= in + pad) --out;
  return out;
}

}  // namespace

Tensor conv3d(const Tensor& input_, const Tensor& weight, const Tensor& bias, IntArrayRef stride,
              IntArrayRef padding, IntArrayRef dilation, int64_t groups) {
  TS_CHECK(input_.dim() == 4 || input_.dim() == 5, "Expected 4D (unbatched) or 5D (batched) input "
           "to conv3d, but got input of size: ", shape_str(input_.sizes()));
  const bool batched = input_.dim() == 5;
  Tensor input = batched ? input_ : unsqueeze(input_, 0);
  TS_CHECK(weight.dim() == 5, "expected stride to be a single integer value or a list of ",
           weight.dim() - 2, " values to match the convolution dimensions, but got stride=",
           shape_str(stride.size() == 1 ? IntArrayRef(DimVector(3, stride[0])) : stride));
  const Triple s = triple(stride, "expected stride to be a single integer value or a list of 3 values");
  const Triple p = triple(padding, "expected padding to be a single integer value or a list of 3 values");
  const Triple d = triple(dilation, "expected dilation to be a single integer value or a list of 3 values");
  TS_CHECK(groups > 0, "non-positive groups is not supported");
  TS_CHECK(weight.size(0) % groups == 0, "Given groups=", groups, ", expected weight to be divisible by ",
           groups, " at dimension 0, but got weight of size [", shape_str(weight.sizes()), "] instead");
  TS_CHECK(input.size(1) == weight.size(1) * groups, "Given groups=", groups, ", weight of size ",
           shape_str(weight.sizes()), ", expected input", shape_str(input.sizes()), " to have ",
           weight.size(1) * groups, " channels, but got ", input.size(1), " channels instead");
  TS_CHECK(!bias.defined() || (bias.dim() == 1 && bias.size(0) == weight.size(0)), "Given weight of size ",
           shape_str(weight.sizes()), ", expected bias to be 1-dimensional with ", weight.size(0),
           " elements, but got bias of size ", shape_str(bias.defined() ? bias.sizes() : IntArrayRef()),
           " instead");
  const int64_t pd[3] = {input.size(2) + 2 * p.d, input.size(3) + 2 * p.h, input.size(4) + 2 * p.w};
  const int64_t kk[3] = {(weight.size(2) - 1) * d.d + 1, (weight.size(3) - 1) * d.h + 1, (weight.size(4) - 1) * d.w + 1};
  TS_CHECK(pd[0] >= kk[0] && pd[1] >= kk[1] && pd[2] >= kk[2], "Calculated padded input size per "
           "channel: (", pd[0], " x ", pd[1], " x ", pd[2], "). Kernel size: (", kk[0], " x ", kk[1],
           " x ", kk[2], "). Kernel size can't be greater than actual input size");
  TS_CHECK(input.dtype() == weight.dtype(), "Input type (", tensor_type(input.dtype()),
           ") and weight type (", tensor_type(weight.dtype()), ") should be the same or input "
           "should be a MKLDNN tensor and weight is a dense tensor");
  const int64_t n = input.size(0), kd = weight.size(2), o = weight.size(0);
  const int64_t od = (pd[0] - kk[0]) / s.d + 1;
  Tensor xp = p.d > 0 ? constant_pad_nd(input, {0, 0, 0, 0, p.d, p.d}, 0) : input;
  Tensor acc;
  for (int64_t k = 0; k < kd; ++k) {
    Tensor xs = depth_slice(xp, k, d.d, s.d, od);  // [N, C, OD, H, W]
    Tensor x2 = reshape(permute(xs, {0, 2, 1, 3, 4}), {n * od, input.size(1), input.size(3), input.size(4)});
    Tensor y = conv2d(x2, select(weight, 2, k), Tensor(), {s.h, s.w}, {p.h, p.w}, {d.h, d.w}, groups);
    acc = k == 0 ? y : acc + y;
  }
  Tensor out = permute(reshape(acc, {n, od, o, acc.size(2), acc.size(3)}), {0, 2, 1, 3, 4});
  if (bias.defined()) out = out + reshape(bias, {1, o, 1, 1, 1});
  out = contiguous(out);
  return batched ? out : squeeze(out, 0);
}

Tensor conv3d_padding(const Tensor& input, const Tensor& weight, const Tensor& bias, IntArrayRef stride,
                      const std::string& padding, IntArrayRef dilation, int64_t groups) {
  if (padding == "valid") return conv3d(input, weight, bias, stride, {0}, dilation, groups);
  TS_CHECK(padding == "same", "Invalid padding string: '", padding, "'");
  const Triple s = triple(stride, "expected stride to be a single integer value or a list of 3 values");
  TS_CHECK(s.d == 1 && s.h == 1 && s.w == 1, "padding='same' is not supported for strided convolutions");
  const Triple d = triple(dilation, "expected dilation to be a single integer value or a list of 3 values");
  TS_CHECK(weight.dim() == 5, "conv3d: expected a 5-D weight, got ", shape_str(weight.sizes()));
  const int64_t dil[3] = {d.d, d.h, d.w};
  DimVector sym(3), extra(6, 0);
  bool asym = false;
  for (int i = 0; i < 3; ++i) {
    const int64_t total = dil[i] * (weight.size(2 + i) - 1);
    sym[size_t(i)] = total / 2;
    // An odd total pads the extra element on the right, as PyTorch does with F.pad.
    if (total % 2) {
      asym = true;
      extra[size_t(2 * (2 - i) + 1)] = 1;
    }
  }
  Tensor in = asym ? constant_pad_nd(input, extra, 0) : input;
  return conv3d(in, weight, bias, stride, sym, dilation, groups);
}

// A composite: the with_indices op records MaxPool3DWithIndicesBackward0, as PyTorch.
Tensor max_pool3d(const Tensor& self, IntArrayRef kernel_size, IntArrayRef stride,
                  IntArrayRef padding, IntArrayRef dilation, bool ceil_mode) {
  return std::get<0>(max_pool3d_with_indices(self, kernel_size, stride, padding, dilation, ceil_mode));
}

namespace {

// Per output position along one dim, the window size PyTorch divides by.
std::vector<double> avg_counts(int64_t in, int64_t out, int64_t k, int64_t s, int64_t p, bool include_pad) {
  std::vector<double> c(static_cast<size_t>(out));
  for (int64_t o = 0; o < out; ++o) {
    int64_t start = o * s - p, end = std::min(start + k, in + p);
    const int64_t pool = end - start;
    start = std::max<int64_t>(start, 0);
    end = std::min(end, in);
    c[size_t(o)] = double(include_pad ? pool : end - start);
  }
  return c;
}

}  // namespace

Tensor avg_pool3d(const Tensor& self, IntArrayRef kernel_size, IntArrayRef stride_in, IntArrayRef padding,
                  bool ceil_mode, bool count_include_pad, std::optional<int64_t> divisor_override) {
  const Triple k = triple(kernel_size, "avg_pool3d: kernel_size must be a single int, or a tuple of three ints");
  const Triple s = triple(stride_in, "avg_pool3d: stride must be omitted, a single int, or a tuple of three ints", k);
  const Triple p = triple(padding, "avg_pool3d: padding must be a single int, or a tuple of three ints");
  TS_CHECK(!divisor_override || *divisor_override != 0, "divisor must be not zero");
  const int64_t nd = self.dim();
  TS_CHECK(nd == 4 || nd == 5, "non-empty 4D or 5D (batch mode) tensor expected for input");
  TS_CHECK(s.d != 0 && s.h != 0 && s.w != 0, "stride should not be zero");
  TS_CHECK(k.d / 2 >= p.d && k.h / 2 >= p.h && k.w / 2 >= p.w, "pad should be at most half of "
           "kernel size, but got pad=", p.d, " and kernel_size=", k.d);
  const int64_t id = self.size(-3), ih = self.size(-2), iw = self.size(-1);
  TS_CHECK(id >= k.d && ih >= k.h && iw >= k.w, "input image (T: ", id, " H: ", ih, " W: ", iw,
           ") smaller than kernel size (kT: ", k.d, " kH: ", k.h, " kW: ", k.w, ")");
  const int64_t od = pool_out(id, k.d, p.d, s.d, 1, ceil_mode);
  const int64_t oh = pool_out(ih, k.h, p.h, s.h, 1, ceil_mode);
  const int64_t ow = pool_out(iw, k.w, p.w, s.w, 1, ceil_mode);
  const DType t = self.dtype();
  if (!(is_floating(t) || t == DType::Int64) || t == DType::Float16) not_implemented("avg_pool3d_out_frame", t);
  const bool batched = nd == 5;
  Tensor x = batched ? self : unsqueeze(self, 0);
  const int64_t n = x.size(0), ch = x.size(1);
  DimVector out_shape{n, ch, od, oh, ow};
  const int64_t need = (od - 1) * s.d + k.d;
  const int64_t right = std::max<int64_t>(need - id - p.d, 0);
  Tensor xp = (p.d > 0 || right > 0) ? constant_pad_nd(x, {0, 0, 0, 0, p.d, right}, 0) : x;
  // Window sums (avg_pool2d with divisor 1 sums each H x W window), then PyTorch's divisor.
  Tensor acc;
  for (int64_t kd = 0; kd < k.d; ++kd) {
    Tensor xs = reshape(depth_slice(xp, kd, 1, s.d, od), {n, ch * od, ih, iw});
    Tensor y = avg_pool2d(xs, {k.h, k.w}, {s.h, s.w}, {p.h, p.w}, ceil_mode, true, int64_t(1));
    acc = kd == 0 ? y : acc + y;
  }
  Tensor sum5 = reshape(acc, out_shape);
  Tensor out;
  if (divisor_override) {
    out = t == DType::Int64 ? div(sum5, full({}, Scalar(*divisor_override), TensorOptions(DType::Int64)), std::string("trunc")) : sum5 / double(*divisor_override);
  } else {
    auto cd = avg_counts(id, od, k.d, s.d, p.d, count_include_pad);
    auto chh = avg_counts(ih, oh, k.h, s.h, p.h, count_include_pad);
    auto cw = avg_counts(iw, ow, k.w, s.w, p.w, count_include_pad);
    Tensor div_t = empty({od, oh, ow}, TensorOptions(DType::Float64));
    double* dp = div_t.data<double>();
    for (int64_t a = 0; a < od; ++a)
      for (int64_t b = 0; b < oh; ++b)
        for (int64_t c = 0; c < ow; ++c) dp[(a * oh + b) * ow + c] = cd[size_t(a)] * chh[size_t(b)] * cw[size_t(c)];
    out = t == DType::Int64 ? div(sum5, div_t.to(DType::Int64), std::string("trunc")) : sum5 / div_t.to(t);
  }
  return batched ? out : squeeze(out, 0);
}

Tensor max_unpool2d(const Tensor& self, const Tensor& indices, IntArrayRef output_size) {
  TS_CHECK(indices.dtype() == DType::Int64, "elements in indices should be type int64 but got: ",
           torch_type_name(indices.dtype()));
  TS_CHECK(output_size.size() == 2, "There should be exactly two elements (height, width) in "
           "output_size, but got ", output_size.size(), " elements.");
  TS_CHECK(self.dim() == 3 || self.dim() == 4, "Input to max_unpooling2d should be a 3d or 4d "
           "Tensor, but got a tensor with ", self.dim(), " dimensions.");
  TS_CHECK(self.sizes() == indices.sizes(), "Expected shape of indices to be same as that of the "
           "input tensor (", shape_str(self.sizes()), ") but got indices tensor with shape: ",
           shape_str(indices.sizes()));
  for (int64_t i = 1; i < self.dim(); ++i)
    TS_CHECK(self.size(i) > 0, "max_unpooling2d(): Expected input to have non-zero size for "
             "non-batch dimensions, but got ", shape_str(self.sizes()), " with dimension ", i,
             " being empty.");
  const DType t = self.dtype();
  if (!is_floating(t) || t == DType::Float16) not_implemented("max_unpool2d", t);
  const int64_t oh = output_size[0], ow = output_size[1];
  const bool batched = self.dim() == 4;
  Tensor x = batched ? self : unsqueeze(self, 0);
  Tensor idx = batched ? indices : unsqueeze(indices, 0);
  const int64_t n = x.size(0), ch = x.size(1);
  const int64_t plane = x.size(2) * x.size(3);
  Tensor flat_idx = reshape(idx, {n, ch, plane});
  {
    Tensor ic = contiguous(flat_idx);
    const int64_t* ip = ic.data<int64_t>();
    for (int64_t i = 0; i < ic.numel(); ++i)
      TS_CHECK(ip[i] >= 0 && ip[i] < oh * ow, "Found an invalid max index: ", ip[i],
               " (output volumes are of size ", oh, "x", ow);
  }
  Tensor out = scatter(zeros({n, ch, oh * ow}, options_of(self)), 2, flat_idx, reshape(x, {n, ch, plane}));
  out = reshape(out, {n, ch, oh, ow});
  return batched ? out : squeeze(out, 0);
}

// ---- embedding_bag (EmbeddingBag.cpp) ----

namespace {

std::string legacy_tensor(DType t) { return tensor_type(t); }

void check_types(const char* arg, const Tensor& t, std::initializer_list<DType> ok, const char* names) {
  for (DType d : ok)
    if (t.dtype() == d) return;
  TS_ERROR("Expected tensor for argument #1 '", arg, "' to have one of the following scalar types: ",
           names, "; but got ", legacy_tensor(t.dtype()), " instead (while checking arguments for "
           "embedding_bag)");
}

// Each index's bag (-1 before the first offset; nb and up once past the last bag), the kept
// count per bag, and the kept positions (in a bag, not padding_idx), in order.
struct BagLayout {
  std::vector<int64_t> bag, counts, keep_pos;
};

BagLayout bag_layout(const int64_t* ip, int64_t n, const int64_t* op, int64_t no, int64_t nb,
                     int64_t padding_idx) {
  BagLayout l;
  l.bag.resize(static_cast<size_t>(n));
  l.counts.assign(static_cast<size_t>(nb), 0);
  l.keep_pos.reserve(static_cast<size_t>(n));
  for (int64_t i = 0, b = -1; i < n; ++i) {
    while (b + 1 < no && op[b + 1] <= i) ++b;
    l.bag[size_t(i)] = b;
    if (b < nb && ip[i] != padding_idx) {
      ++l.counts[size_t(b)];
      l.keep_pos.push_back(i);
    }
  }
  return l;
}

Tensor vec_tensor(const std::vector<int64_t>& v) {
  Tensor t = empty({int64_t(v.size())}, TensorOptions(DType::Int64));
  std::copy(v.begin(), v.end(), t.data<int64_t>());
  return t;
}

// _embedding_bag's derivative (PyTorch's _embedding_bag_backward and
// _embedding_bag_per_sample_weights_backward), written with differentiable ops.
ops::Grads embedding_bag_grads(const ops::BackwardCtx& c) {
  TS_CHECK(!c.flag(5), "embedding_bag: sparse=True (sparse gradients) is not supported");
  const Tensor& weight = c.in(0);
  const Tensor& g = c.grad(0);
  const int64_t mode = c.i64(4);
  const Tensor psw = c.opt(6);
  Tensor idx = contiguous(c.in(1)).to(DType::Int64), off = contiguous(c.in(2)).to(DType::Int64);
  const int64_t n = idx.numel(), no = off.numel();
  const int64_t nb = c.flag(7) ? no - 1 : no;
  const BagLayout lay = bag_layout(idx.data<int64_t>(), n, off.data<int64_t>(), no, nb, c.i64(8));
  Tensor kp = vec_tensor(lay.keep_pos);
  std::vector<int64_t> kb_v(lay.keep_pos.size());
  for (size_t j = 0; j < kb_v.size(); ++j) kb_v[j] = lay.bag[size_t(lay.keep_pos[j])];
  Tensor kb = vec_tensor(kb_v);
  Tensor rows = index_select(idx, 0, kp);
  Tensor gw, gpsw;
  if (c.need(0)) {
    if (mode == 2) {
      // Each non-empty bag's gradient goes to the row that held its maximum, per column.
      std::vector<int64_t> nonempty;
      for (int64_t b = 0; b < nb; ++b)
        if (lay.counts[size_t(b)] > 0) nonempty.push_back(b);
      Tensor ne_t = vec_tensor(nonempty);
      Tensor mi = index_select(c.result(3), 0, ne_t).to(DType::Int64);
      gw = scatter_add(zeros(weight.sizes(), options_of(weight)), 0, mi, index_select(g, 0, ne_t));
    } else {
      Tensor gr = index_select(g, 0, kb);
      if (mode == 1) {
        Tensor cnt = clamp_min(vec_tensor(lay.counts), Scalar(int64_t(1))).to(g.dtype());
        gr = gr / unsqueeze(index_select(cnt, 0, kb), 1);
      }
      if (psw.defined()) gr = gr * unsqueeze(index_select(psw, 0, kp), 1);
      if (c.flag(3)) {
        Tensor freq = scatter_add(zeros({weight.size(0)}, TensorOptions(DType::Int64)), 0, idx, ones_like(idx));
        gr = gr / unsqueeze(index_select(freq, 0, rows).to(g.dtype()), 1);
      }
      gw = index_add(zeros(weight.sizes(), options_of(weight)), 0, rows, gr);
    }
  }
  if (psw.defined() && c.need(3)) {
    Tensor dots = sum(index_select(g, 0, kb) * index_select(weight, 0, rows), int64_t(1));
    gpsw = index_add(zeros({n}, options_of(psw)), 0, kp, dots);
  }
  return {gw, Tensor(), Tensor(), gpsw};
}

}  // namespace

std::tuple<Tensor, Tensor, Tensor, Tensor> _embedding_bag(
    const Tensor& weight, const Tensor& indices, const Tensor& offsets, bool scale_grad_by_freq,
    int64_t mode, bool sparse, const Tensor& per_sample_weights, bool include_last_offset,
    int64_t padding_idx) {
  TS_AUTOGRAD("_embedding_bag", weight, indices, offsets, scale_grad_by_freq, mode, sparse,
              per_sample_weights, include_last_offset, padding_idx);
  check_types("indices", indices, {DType::Int64, DType::Int32}, "Long, Int");
  // PyTorch names the offsets 'indices' in this message too.
  check_types("indices", offsets, {DType::Int64, DType::Int32}, "Long, Int");
  TS_CHECK(indices.dtype() == offsets.dtype(), "Expected tensor for argument #1 'indices' to have "
           "the same type as tensor for argument #1 'offsets'; but type ", legacy_tensor(indices.dtype()),
           " does not equal ", legacy_tensor(offsets.dtype()), " (while checking arguments for embedding_bag)");
  check_types("weight", weight, {DType::Float16, DType::Float32, DType::Float64}, "Half, Float, Double");
  TS_CHECK(indices.dim() == 1 && offsets.dim() == 1 && weight.dim() == 2,
           "embedding_bag: expected 1-D indices and offsets and a 2-D weight");
  Tensor idx = contiguous(indices).to(DType::Int64), off = contiguous(offsets).to(DType::Int64);
  const int64_t n = idx.numel(), no = off.numel(), ne = weight.size(0), dim = weight.size(1);
  const int64_t* ip = idx.data<int64_t>();
  const int64_t* op = off.data<int64_t>();
  TS_CHECK(no >= 1, "embedding_bag: offsets has to be a 1D Tensor but got null");
  TS_CHECK(op[0] == 0, "offsets[0] has to be 0, i.e., the first sequence in the mini-batch has to "
           "start from position 0. However, got ", op[0], "\n[ ", sorting::legacy_type_name(offsets.dtype()), "{} ]");
  TS_CHECK(op[no - 1] <= n, "offsets[-1] can not be greater than input's length ", n,
           " but got offsets[-1] of ", op[no - 1]);
  const bool has_psw = per_sample_weights.defined();
  if (has_psw) {
    TS_CHECK(mode == 0, "embedding_bag: per_sample_weights only supported with mode='sum'");
    TS_CHECK(per_sample_weights.dtype() == weight.dtype(), "Expected tensor for argument #1 'weight' "
             "to have the same type as tensor for argument #1 'per_sample_weights'; but type ",
             legacy_tensor(weight.dtype()), " does not equal ", legacy_tensor(per_sample_weights.dtype()),
             " (while checking arguments for embedding_bag)");
    TS_CHECK(per_sample_weights.dim() == 1, "Expected per_sample_weights.value().dim() == 1 to be "
             "true, but got false.  (Could this error message be improved?  If so, please report an "
             "enhancement request to PyTorch.)");
    TS_CHECK(per_sample_weights.numel() == n, "Expected per_sample_weights.value().numel() == "
             "indices.numel() to be true, but got false.  (Could this error message be improved?  If "
             "so, please report an enhancement request to PyTorch.)");
  }
  TS_CHECK(mode >= 0 && mode <= 2, "embedding_bag: mode must be 0 (sum), 1 (mean) or 2 (max), got ", mode);
  const int64_t nb = include_last_offset ? no - 1 : no;
  for (int64_t i = 0; i < n; ++i)
    TS_CHECK(ip[i] >= 0 && ip[i] < ne, "embedding_bag: Expected idx >= 0 && idx < num_embeddings "
             "but found idx to be ", ip[i]);
  const BagLayout lay = bag_layout(ip, n, op, no, nb, padding_idx);
  const std::vector<int64_t>& bag = lay.bag;
  const std::vector<int64_t>& counts = lay.counts;
  const std::vector<int64_t>& keep_pos = lay.keep_pos;
  const TensorOptions iopt(indices.dtype());
  auto kept_positions = [&] { return vec_tensor(keep_pos); };
  Tensor out, max_idx;
  Tensor bag_size = zeros({mode == 0 ? no : nb}, iopt);
  if (mode != 0) {
    Tensor bs = vec_tensor(counts);
    bag_size = bs.to(indices.dtype());
  }
  if (mode == 2) {
    // argmax per bag and column (the first maximum), read serially; empty bags give 0.
    Tensor wv = contiguous(weight).to(DType::Float64);
    const double* w = wv.data<double>();
    Tensor mi = zeros({nb, dim}, TensorOptions(DType::Int64));
    int64_t* m = mi.data<int64_t>();
    std::vector<char> seen(static_cast<size_t>(nb), 0);
    for (int64_t i : keep_pos) {
      const int64_t b = bag[size_t(i)], row = ip[i];
      for (int64_t d = 0; d < dim; ++d)
        if (!seen[size_t(b)] || w[row * dim + d] > w[m[b * dim + d] * dim + d]) m[b * dim + d] = row;
      seen[size_t(b)] = 1;
    }
    Tensor nonempty = empty({nb, 1}, TensorOptions(DType::Bool));
    for (int64_t b = 0; b < nb; ++b) nonempty.data<bool>()[b] = seen[size_t(b)] != 0;
    out = where(nonempty, gather(weight, 0, mi), Scalar(0.0));
    max_idx = mi.to(indices.dtype());
  } else {
    // Sum each bag's rows directly (kept positions are in bag order).
    Tensor ptr_t = zeros({nb + 1}, TensorOptions(DType::Int64));
    Tensor rows_t = empty({int64_t(keep_pos.size())}, TensorOptions(DType::Int64));
    int64_t* ptr = ptr_t.data<int64_t>();
    int64_t* rp = rows_t.data<int64_t>();
    for (size_t j = 0; j < keep_pos.size(); ++j) {
      ++ptr[bag[size_t(keep_pos[j])] + 1];
      rp[j] = ip[keep_pos[j]];
    }
    for (int64_t b = 0; b < nb; ++b) ptr[b + 1] += ptr[b];
    Tensor scale = has_psw ? contiguous(index_select(per_sample_weights, 0, kept_positions())) : Tensor();
    out = zeros({nb, dim}, options_of(weight));
    if (out.numel() > 0)
      embedding_bag_sum_stub(out.device().type, out, contiguous(weight), rows_t, scale, ptr_t);
    if (mode == 1) {
      Tensor c = clamp_min(vec_tensor(counts), Scalar(int64_t(1))).to(weight.dtype());
      out = out / unsqueeze(c, 1);
      max_idx = bag_size.clone();
    } else {
      max_idx = zeros({no}, iopt);
    }
  }
  // PyTorch's float32 sum path without padding_idx skips offset2bag (an empty tensor).
  const bool fast_sum = mode == 0 && padding_idx < 0 && weight.dtype() == DType::Float32;
  Tensor offset2bag = fast_sum ? empty({0}, iopt) : vec_tensor(bag).to(indices.dtype());
  return {out, offset2bag, bag_size, max_idx};
}

std::tuple<Tensor, Tensor, Tensor, Tensor> embedding_bag(
    const Tensor& weight, const Tensor& indices, const Tensor& offsets, bool scale_grad_by_freq,
    int64_t mode, bool sparse, const Tensor& per_sample_weights, bool include_last_offset) {
  return _embedding_bag(weight, indices, offsets, scale_grad_by_freq, mode, sparse,
                        per_sample_weights, include_last_offset, -1);
}

std::tuple<Tensor, Tensor, Tensor, Tensor> embedding_bag_padding_idx(
    const Tensor& weight, const Tensor& indices, const Tensor& offsets, bool scale_grad_by_freq,
    int64_t mode, bool sparse, const Tensor& per_sample_weights, bool include_last_offset,
    std::optional<int64_t> padding_idx) {
  int64_t pad = -1;
  if (padding_idx) {
    const int64_t ne = weight.size(0);
    pad = *padding_idx;
    TS_CHECK(pad >= -ne && pad < ne, "padding_idx must be within the number of embeddings, -", ne,
             " through ", ne - 1, ", but got ", pad);
    if (pad < 0) pad += ne;
  }
  return _embedding_bag(weight, indices, offsets, scale_grad_by_freq, mode, sparse,
                        per_sample_weights, include_last_offset, pad);
}

TS_REGISTER_OPS(nn_extra3) {
  r.def<&conv3d>("conv3d(Tensor input, Tensor weight, Tensor? bias=None, int[3] stride=1, int[3] padding=0, int[3] dilation=1, int groups=1) -> Tensor").composite_op().variants("function");
  r.def<&conv3d_padding>("conv3d.padding(Tensor input, Tensor weight, Tensor? bias=None, int[3] stride=1, str padding=\"valid\", int[3] dilation=1, int groups=1) -> Tensor").composite_op().variants("function");
  r.def<&max_pool3d>("max_pool3d(Tensor self, int[3] kernel_size, int[3] stride=[], int[3] padding=0, int[3] dilation=1, bool ceil_mode=False) -> Tensor").composite_op().variants("function");
  r.def<&avg_pool3d>("avg_pool3d(Tensor self, int[3] kernel_size, int[3] stride=[], int[3] padding=0, bool ceil_mode=False, bool count_include_pad=True, int? divisor_override=None) -> Tensor").composite_op().variants("");
  r.def<&embedding_bag>("embedding_bag(Tensor weight, Tensor indices, Tensor offsets, bool scale_grad_by_freq=False, int mode=0, bool sparse=False, Tensor? per_sample_weights=None, bool include_last_offset=False) -> (Tensor, Tensor, Tensor, Tensor)").composite_op().variants("function");
  r.def<&embedding_bag_padding_idx>("embedding_bag.padding_idx(Tensor weight, Tensor indices, Tensor offsets, bool scale_grad_by_freq, int mode, bool sparse, Tensor? per_sample_weights, bool include_last_offset, int? padding_idx) -> (Tensor, Tensor, Tensor, Tensor)").composite_op().variants("function");
  r.def<&_embedding_bag>("_embedding_bag(Tensor weight, Tensor indices, Tensor offsets, bool scale_grad_by_freq=False, int mode=0, bool sparse=False, Tensor? per_sample_weights=None, bool include_last_offset=False, int padding_idx=-1) -> (Tensor, Tensor, Tensor, Tensor)").variants("function")
      .grad("EmbeddingBagBackward0", "weight indices offsets per_sample_weights result", &embedding_bag_grads);
  r.def<&max_unpool2d>("max_unpool2d(Tensor self, Tensor indices, int[2] output_size) -> Tensor").composite_op().variants("");
}

}  // namespace ts
