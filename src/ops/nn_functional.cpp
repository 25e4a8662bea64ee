// layer_norm, embedding, batch_norm, group_norm, instance_norm, the binary cross entropies,
// l1 / smooth_l1 / huber / kl_div / poisson_nll losses, glu and one_hot. Each is a composite of public differentiable ops (src/autograd/
// README.md, Note [Recording ops]): autograd records the ops it calls, so the result's grad_fn
// is the last of those (not PyTorch's NativeLayerNormBackward0 & co.). Checks and formulas
// follow PyTorch 1.13 (layer_norm.cpp, Normalization.cpp, group_norm.cpp, Loss.cpp, ...).
#include <cmath>
#include <sstream>

#include "ops/linalg_nn_util.h"
#include "ops/ops.h"
#include "ops/registry.h"
#include "ops/sort_util.h"
#include "tensor/grad_mode.h"
#include "tensor/iter.h"

namespace ts {

using namespace lnn;

namespace {

bool is_norm_dtype(DType t) {
  return t == DType::Float32 || t == DType::Float64 || t == DType::BFloat16;
}

// PyTorch's kernels read the parameters with the input's type ("expected scalar type Double
// but found Float").
void check_param_dtype(const Tensor& p, DType t) {
  TS_CHECK(!p.defined() || p.dtype() == t, "expected scalar type ", torch_type_name(t),
           " but found ", torch_type_name(p.dtype()));
}

// bfloat16 normalizes in float, as PyTorch's mixed kernels do.
Tensor to_compute(const Tensor& t) { return t.dtype() == DType::BFloat16 ? t.to(DType::Float32) : t; }

// (x - mean) / sqrt(var + eps) over `dims` (biased variance).
Tensor normalize(const Tensor& x, IntArrayRef dims, double eps) {
  Tensor xc = x - mean(x, dims, true);
  return xc * rsqrt(mean(xc * xc, dims, true) + eps);
}

Tensor reduce_loss(const Tensor& loss, int64_t reduction) {
  if (reduction == kReductionMean) return mean(loss);
  if (reduction == kReductionSum) return sum(loss);
  return loss;
}

}  // namespace

Tensor layer_norm(const Tensor& input, IntArrayRef normalized_shape, const Tensor& weight,
                  const Tensor& bias, double eps, bool /*cudnn_enable*/) {
  const int64_t nd = int64_t(normalized_shape.size());
  TS_CHECK(nd >= 1, "Expected normalized_shape to be at least 1-dimensional, i.e., containing at "
           "least one element, but got normalized_shape = ", shape_str(normalized_shape));
  TS_CHECK(!weight.defined() || weight.sizes() == normalized_shape,
           "Expected weight to be of same shape as normalized_shape, but got weight of shape ",
           shape_str(weight.defined() ? weight.sizes() : IntArrayRef()), " and normalized_shape = ",
           shape_str(normalized_shape));
  TS_CHECK(!bias.defined() || bias.sizes() == normalized_shape,
           "Expected bias to be of same shape as normalized_shape, but got bias of shape ",
           shape_str(bias.defined() ? bias.sizes() : IntArrayRef()), " and normalized_shape = ",
           shape_str(normalized_shape));
  const int64_t in_dim = input.dim();
  if (in_dim < nd ||
      IntArrayRef(input.sizes().data() + (in_dim - nd), size_t(nd)) != normalized_shape) {
    std::ostringstream expected;
    expected << "[*";
    for (int64_t s : normalized_shape) expected << ", " << s;
    expected << "]";
    TS_ERROR("Given normalized_shape=", shape_str(normalized_shape), ", expected input with shape ",
             expected.str(), ", but got input of size", shape_str(input.sizes()));
  }
  const DType t = input.dtype();
  if (!is_norm_dtype(t)) not_implemented("LayerNormKernelImpl", t);
  check_param_dtype(weight, t);
  check_param_dtype(bias, t);
  DimVector dims;
  for (int64_t d = in_dim - nd; d < in_dim; ++d) dims.push_back(d);
  Tensor out = normalize(to_compute(input), IntArrayRef(dims), eps);
  if (weight.defined()) out = out * weight;
  if (bias.defined()) out = out + bias;
  return out.dtype() == t ? out : out.to(t);
}

Tensor embedding(const Tensor& weight, const Tensor& indices, int64_t padding_idx,
                 bool scale_grad_by_freq, bool sparse) {
  TS_CHECK(weight.dim() == 2, "'weight' must be 2-D");
  TS_CHECK(indices.dtype() == DType::Int64 || indices.dtype() == DType::Int32,
           "Expected tensor for argument #1 'indices' to have one of the following scalar types: "
           "Long, Int; but got ", sorting::legacy_type_name(indices.dtype()),
           " instead (while checking arguments for embedding)");
  Tensor flat_idx = reshape(indices, {-1});
  Tensor rows = index_select(weight, 0, flat_idx);
  if (rows.requires_grad()) {
    // No sparse tensors here: refuse rather than hand back a dense gradient.
    TS_CHECK(!sparse, "embedding: sparse=True (sparse gradients) is not supported");
    // The forward value stays the gathered rows; only the gradient is masked / scaled.
    Tensor fixed = rows.detach();
    if (scale_grad_by_freq) {
      Tensor counts = scatter_add(zeros({weight.size(0)}, options_of(flat_idx, DType::Int64)), 0,
                                  flat_idx.to(DType::Int64), ones_like(flat_idx, DType::Int64));
      Tensor scale = reciprocal(index_select(counts, 0, flat_idx).to(rows.dtype()));
      rows = fixed + (rows - fixed) * unsqueeze(scale, 1);
    }
    if (padding_idx >= 0) rows = where(unsqueeze(eq(flat_idx, Scalar(padding_idx)), 1), fixed, rows);
  }
  DimVector shape(indices.sizes());
  shape.push_back(weight.size(1));
  return reshape(rows, shape);
}

namespace {

void check_bn_features(const char* name, int64_t num_features, const Tensor& t) {
  TS_CHECK(t.numel() == num_features, name, " should contain ", num_features, " elements not ",
           t.numel());
}

// [C] viewed as [1, C, 1, ...] against an input of `ndim` dims.
Tensor channel_view(const Tensor& p, int64_t ndim) {
  DimVector s(size_t(ndim), 1);
  s[1] = p.numel();
  return reshape(p, s);
}

}  // namespace

Tensor batch_norm(const Tensor& input, const Tensor& weight, const Tensor& bias,
                  const Tensor& running_mean, const Tensor& running_var, bool training,
                  double momentum, double eps, bool /*cudnn_enabled*/) {
  const int64_t num_features = input.dim() >= 2 ? input.size(1) : 0;
  if (input.numel() == 0) {
    // PyTorch: a clone (not a view) scaled by the first weight/bias, to keep the graph.
    Tensor out = clone(input);
    if (weight.defined()) out = out * select(weight, 0, 0);
    if (bias.defined()) out = out + select(bias, 0, 0);
    return out;
  }
  if (running_mean.defined())
    check_bn_features("running_mean", num_features, running_mean);
  else
    TS_CHECK(training, "running_mean must be defined in evaluation mode");
  if (running_var.defined())
    check_bn_features("running_var", num_features, running_var);
  else
    TS_CHECK(training, "running_var must be defined in evaluation mode");
  if (weight.defined()) check_bn_features("weight", num_features, weight);
  if (bias.defined()) check_bn_features("bias", num_features, bias);
  const DType t = input.dtype();
  if (!is_norm_dtype(t)) not_implemented("batch_norm", t);
  for (const Tensor* p : {&weight, &bias, &running_mean, &running_var}) {
    if (!p->defined() || p->dtype() == t) continue;
    TS_CHECK(t == DType::BFloat16, "mixed dtype (CPU): expect input to have scalar type of BFloat16");
    TS_CHECK(p->dtype() == DType::Float32,
             "mixed dtype (CPU): expect parameter to have scalar type of Float");
  }
  bool same = true;
  for (const Tensor* p : {&weight, &bias, &running_mean, &running_var}) same &= !p->defined() || p->dtype() == t;
  // Running statistics that require grad (evaluation mode) keep the composite, which differentiates them.
  for (const Tensor* p : {&running_mean, &running_var}) same &= !p->defined() || !p->requires_grad();
  if ((t == DType::Float32 || t == DType::Float64) && same)
    return std::get<0>(native_batch_norm(input, weight, bias, running_mean, running_var, training, momentum, eps));
  const int64_t nd = input.dim();
  Tensor x = to_compute(input);
  Tensor out;
  if (training) {
    DimVector dims{0};
    for (int64_t d = 2; d < nd; ++d) dims.push_back(d);
    Tensor xc = x - mean(x, IntArrayRef(dims), true);
    Tensor var = mean(xc * xc, IntArrayRef(dims), true);
    out = xc * rsqrt(var + eps);
    if (running_mean.defined() || running_var.defined()) {
      // Running statistics are state, not part of the graph.
      GradModeGuard no_grad(false);
      const double n = double(input.numel() / num_features);
      if (running_mean.defined()) {
        Tensor m = reshape(mean(x, IntArrayRef(dims)).detach(), {num_features});
        copy_(running_mean, m * momentum + running_mean * (1 - momentum));
      }
      if (running_var.defined()) {
        Tensor v = reshape(var.detach(), {num_features}) * (n / (n - 1));
        copy_(running_var, v * momentum + running_var * (1 - momentum));
      }
    }
  } else {
    out = (x - channel_view(running_mean, nd)) * rsqrt(channel_view(running_var, nd) + eps);
  }
  if (weight.defined()) out = out * channel_view(weight, nd);
  if (bias.defined()) out = out + channel_view(bias, nd);
  return out.dtype() == t ? out : out.to(t);
}

Tensor group_norm(const Tensor& input, int64_t num_groups, const Tensor& weight,
                  const Tensor& bias, double eps, bool /*cudnn_enabled*/) {
  const int64_t n = input.size(0);
  const int64_t ch = input.size(wrap_dim(1, input.dim()));
  TS_CHECK(num_groups > 0, "Expected num groups to be greater than 0, got ", num_groups);
  TS_CHECK(ch % num_groups == 0,
           "Expected number of channels in input to be divisible by num_groups, but got input of "
           "shape ", shape_str(input.sizes()), " and num_groups=", num_groups);
  TS_CHECK(!weight.defined() || (weight.dim() == 1 && weight.numel() == ch),
           "Expected weight to be a vector of size equal to the number of channels in input, but "
           "got weight of shape ", shape_str(weight.defined() ? weight.sizes() : IntArrayRef()),
           " and input of shape ", shape_str(input.sizes()));
  // PyTorch 1.13 prints the weight's shape in the bias message; [0] when there is no weight.
  const DimVector no_weight{0};
  TS_CHECK(!bias.defined() || (bias.dim() == 1 && bias.numel() == ch),
           "Expected bias to be a vector of size equal to the number of channels in input, but "
           "got bias of shape ",
           shape_str(weight.defined() ? weight.sizes() : IntArrayRef(no_weight)),
           " and input of shape ", shape_str(input.sizes()));
  const DType t = input.dtype();
  if (!is_norm_dtype(t)) not_implemented("GroupNormKernelImpl", t);
  check_param_dtype(weight, t);
  check_param_dtype(bias, t);
  int64_t inner = ch / num_groups;
  for (int64_t d = 2; d < input.dim(); ++d) inner *= input.size(d);
  Tensor grouped = reshape(to_compute(input), {n, num_groups, inner});
  Tensor out = reshape(normalize(grouped, {2}, eps), input.sizes());
  if (weight.defined()) out = out * channel_view(weight, input.dim());
  if (bias.defined()) out = out + channel_view(bias, input.dim());
  return out.dtype() == t ? out : out.to(t);
}

Tensor binary_cross_entropy(const Tensor& self, const Tensor& target, const Tensor& weight,
                            int64_t reduction) {
  const DType t = self.dtype();
  TS_CHECK(target.dtype() == t, "Found dtype ", torch_type_name(target.dtype()),
           " but expected ", torch_type_name(t));
  if (t != DType::Float32 && t != DType::Float64) not_implemented("binary_cross_entropy", t);
  // PyTorch's kernel checks every element (NaN fails too) before computing.
  if (self.numel() > 0) {
    GradModeGuard no_grad(false);
    TS_CHECK(all(logical_and(ge(self, Scalar(0)), le(self, Scalar(1)))).item<bool>(),
             "all elements of input should be between 0 and 1");
  }
  // (t - 1) * max(log(1 - x), -100) - t * max(log(x), -100). Where x(1 - x) < 1e-12 PyTorch's
  // gradient is (x - t) / 1e-12 (its backward's EPSILON), not the clamped logs' 0 * inf = NaN:
  // there the logs see a detached x and a zero-valued term carries that gradient instead.
  Tensor xd = self.detach();
  Tensor near_edge = lt(xd * (1 - xd), Scalar(1e-12));
  Tensor xg = where(near_edge, xd, self);
  Tensor loss = (target - 1) * clamp_min(log(1 - xg), Scalar(-100)) -
                target * clamp_min(log(xg), Scalar(-100));
  if (GradMode::is_enabled() && self.requires_grad())
    loss = loss + (self - xd) * where(near_edge, (xd - target.detach()) / 1e-12, Scalar(0));
  if (weight.defined()) loss = loss * weight;
  return reduce_loss(loss, reduction);
}

Tensor binary_cross_entropy_with_logits(const Tensor& self, const Tensor& target,
                                        const Tensor& weight, const Tensor& pos_weight,
                                        int64_t reduction) {
  // PyTorch builds the loss in place on (1 - target): its shape and dtype are the result's.
  Tensor one_minus_t = 1 - target;
  const DType out_t = one_minus_t.dtype();
  const DType want = promote_types(out_t, self.dtype());
  TS_CHECK(can_cast(want, out_t), "result type ", scalar_type_name(want),
           " can't be cast to the desired output type ", scalar_type_name(out_t));
  Tensor loss = one_minus_t * self;
  TS_CHECK(loss.sizes() == one_minus_t.sizes(), "output with shape ",
           shape_str(one_minus_t.sizes()), " doesn't match the broadcast shape ",
           shape_str(loss.sizes()));
  Tensor max_val = clamp_min(neg(self), Scalar(0));
  Tensor log_term = log(exp(neg(max_val)) + exp(neg(self) - max_val));
  if (pos_weight.defined()) {
    Tensor log_weight = (pos_weight - 1) * target + 1;
    loss = loss + log_weight * (log_term + max_val);
  } else {
    loss = loss + max_val + log_term;
  }
  if (weight.defined()) loss = loss * weight;
  if (loss.dtype() != out_t) loss = loss.to(out_t);
  return reduce_loss(loss, reduction);
}

Tensor l1_loss(const Tensor& self, const Tensor& target, int64_t reduction) {
  return reduce_loss(abs(self - target), reduction);
}

Tensor smooth_l1_loss(const Tensor& self, const Tensor& target, int64_t reduction, double beta) {
  TS_CHECK(beta >= 0, "smooth_l1_loss does not support negative values for beta.");
  if (beta == 0) return l1_loss(self, target, reduction);
  Tensor z = abs(self - target);
  if (!is_floating(z.dtype())) not_implemented("smooth_l1_cpu", z.dtype());
  return reduce_loss(where(lt(z, Scalar(beta)), z * 0.5 * z / beta, z - 0.5 * beta), reduction);
}

Tensor huber_loss(const Tensor& self, const Tensor& target, int64_t reduction, double delta) {
  TS_CHECK(delta > 0, "huber_loss does not support non-positive values for delta.");
  Tensor z = abs(self - target);
  if (!is_floating(z.dtype())) not_implemented("huber_cpu", z.dtype());
  return reduce_loss(where(lt(z, Scalar(delta)), z * 0.5 * z, (z - 0.5 * delta) * delta),
                     reduction);
}

Tensor kl_div(const Tensor& self, const Tensor& target, int64_t reduction, bool log_target) {
  TS_CHECK(is_floating(self.dtype()) && is_floating(target.dtype()),
           "kl_div: Integral inputs not supported.");
  Tensor out = log_target ? exp(target) * (target - self) : xlogy(target, target) - target * self;
  return reduce_loss(out, reduction);
}

Tensor glu(const Tensor& self, int64_t dim) {
  TS_CHECK(self.dim() > 0, "glu does not support 0-dimensional tensors");
  const int64_t d = wrap_dim(dim, self.dim());
  const int64_t n = self.size(d);
  TS_CHECK(n % 2 == 0, "Halving dimension must be even, but dimension ", d, " is size ", n);
  if (!is_floating(self.dtype())) not_implemented("glu_cpu", self.dtype());
  return narrow(self, d, 0, n / 2) * sigmoid(narrow(self, d, n / 2, n / 2));
}

Tensor poisson_nll_loss(const Tensor& input, const Tensor& target, bool log_input, bool full,
                        double eps, int64_t reduction) {
  Tensor loss = log_input ? exp(input) - target * input : input - target * log(input + eps);
  if (full) {
    Tensor stirling = target * log(target) - target + 0.5 * log(2 * M_PI * target);
    loss = loss + masked_fill(stirling, le(target, Scalar(1)), Scalar(0));
  }
  return reduce_loss(loss, reduction);
}

Tensor instance_norm(const Tensor& input, const Tensor& weight, const Tensor& bias,
                     const Tensor& running_mean, const Tensor& running_var, bool use_input_stats,
                     double momentum, double eps, bool cudnn_enabled) {
  TS_CHECK(use_input_stats || (running_mean.defined() && running_var.defined()),
           "Expected running_mean and running_var to be defined when use_input_stats is false");
  const int64_t b = input.size(0), ch = input.size(1);
  DimVector shape(input.sizes());
  shape[1] = b * ch;
  shape[0] = 1;
  auto rep = [&](const Tensor& t) { return t.defined() ? repeat(t, {b}) : t; };
  Tensor w = rep(weight), bi = rep(bias), rm = rep(running_mean), rv = rep(running_var);
  Tensor out = batch_norm(reshape(contiguous(input), shape), w, bi, rm, rv, use_input_stats,
                          momentum, eps, cudnn_enabled);
  if (running_mean.defined() || running_var.defined()) {
    // The running statistics are state: averaged back over the batch without recording.
    GradModeGuard no_grad(false);
    if (running_mean.defined()) copy_(running_mean, mean(reshape(rm, {b, ch}), 0, false));
    if (running_var.defined()) copy_(running_var, mean(reshape(rv, {b, ch}), 0, false));
  }
  return reshape(out, input.sizes());
}

Tensor one_hot(const Tensor& self, int64_t num_classes) {
  TS_CHECK(self.dtype() == DType::Int64, "one_hot is only applicable to index tensor.");
  DimVector shape(self.sizes());
  if (self.numel() == 0) {
    TS_CHECK(num_classes > 0, "Can not infer total number of classes from empty tensor.");
    shape.push_back(num_classes);
    return zeros(shape, options_of(self));
  }
  GradModeGuard no_grad(false);
  TS_CHECK(min(self).item<int64_t>() >= 0, "Class values must be non-negative.");
  const int64_t mx = max(self).item<int64_t>();
  if (num_classes == -1) num_classes = mx + 1;
  else TS_CHECK(mx < num_classes, "Class values must be smaller than num_classes.");
  shape.push_back(num_classes);
  Tensor out = zeros(shape, options_of(self));
  scatter_(out, -1, unsqueeze(self, -1), Scalar(int64_t(1)));
  return out;
}

TS_REGISTER_OPS(nn_functional) {
  r.def<&layer_norm>("layer_norm(Tensor input, int[] normalized_shape, Tensor? weight=None, Tensor? bias=None, float eps=1e-05, bool cudnn_enable=True) -> Tensor").composite_op().variants("function");
  r.def<&embedding>("embedding(Tensor weight, Tensor indices, int padding_idx=-1, bool scale_grad_by_freq=False, bool sparse=False) -> Tensor").composite_op().variants("function");
  r.def<&batch_norm>("batch_norm(Tensor input, Tensor? weight, Tensor? bias, Tensor? running_mean, Tensor? running_var, bool training, float momentum, float eps, bool cudnn_enabled) -> Tensor").composite_op().variants("function");
  r.def<&group_norm>("group_norm(Tensor input, int num_groups, Tensor? weight=None, Tensor? bias=None, float eps=1e-05, bool cudnn_enabled=True) -> Tensor").composite_op().variants("function");
  r.def<&binary_cross_entropy>("binary_cross_entropy(Tensor self, Tensor target, Tensor? weight=None, int reduction=1) -> Tensor").composite_op().variants("");
  r.def<&binary_cross_entropy_with_logits>("binary_cross_entropy_with_logits(Tensor self, Tensor target, Tensor? weight=None, Tensor? pos_weight=None, int reduction=1) -> Tensor").composite_op().variants("function");
  r.def<&l1_loss>("l1_loss(Tensor self, Tensor target, int reduction=1) -> Tensor").composite_op().variants("");
  r.def<&smooth_l1_loss>("smooth_l1_loss(Tensor self, Tensor target, int reduction=1, float beta=1.) -> Tensor").composite_op().variants("");
  r.def<&huber_loss>("huber_loss(Tensor self, Tensor target, int reduction=1, float delta=1.) -> Tensor").composite_op().variants("");
  r.def<&kl_div>("kl_div(Tensor self, Tensor target, int reduction=1, *, bool log_target=False) -> Tensor").composite_op().variants("function");
  r.def<&glu>("glu(Tensor self, int dim=-1) -> Tensor").composite_op().variants("");
  r.def<&poisson_nll_loss>("poisson_nll_loss(Tensor input, Tensor target, bool log_input, bool full, float eps, int reduction) -> Tensor").composite_op().variants("function");
  r.def<&instance_norm>("instance_norm(Tensor input, Tensor? weight, Tensor? bias, Tensor? running_mean, Tensor? running_var, bool use_input_stats, float momentum, float eps, bool cudnn_enabled) -> Tensor").composite_op().variants("function");
  r.def<&one_hot>("one_hot(Tensor self, int num_classes=-1) -> Tensor").not_differentiable().variants("");
}

}  // namespace ts
