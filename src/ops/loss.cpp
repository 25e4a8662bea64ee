// nll_loss (1-d/2-d, 2-d spatial and N-d), cross_entropy (class indices with label smoothing,
// or class probabilities), mse_loss, and their backward. PyTorch 1.13's LossNLL.cpp,
// LossNLL2d.cpp and Loss.cpp are the specification; kernels are in kernels/cpu/nn.cpp.
#include "ops/api_binary.h"
#include "ops/api_nn.h"
#include "ops/linalg_nn_util.h"
#include "ops/registry.h"
#include "tensor/iter.h"

namespace ts {

// input [N, C, S...] contiguous, target [N, S...] int64 contiguous (validated), weight [C].
TS_DEFINE_STUB(nll_loss_stub, void(const Tensor& out, const Tensor& total_weight,
                                   const Tensor& input, const Tensor& target,
                                   const Tensor& weight, int64_t reduction,
                                   int64_t ignore_index));
TS_DEFINE_STUB(nll_loss_backward_stub, void(const Tensor& grad_input, const Tensor& grad_output,
                                            const Tensor& target, const Tensor& weight,
                                            int64_t reduction, int64_t ignore_index,
                                            const Tensor& total_weight));
// out (0-d) = sum of a contiguous floating tensor.
TS_DEFINE_STUB(sum_all_stub, void(const Tensor& out, const Tensor& in));
TS_DEFINE_STUB(squared_diff_stub, void(TensorIter& it));
TS_DEFINE_STUB(mse_backward_stub, void(TensorIter& it, double norm));

using namespace lnn;

namespace {

Tensor sum_all(const Tensor& t) {
  Tensor c = contiguous(t);
  Tensor out = empty({}, options_of(t));
  sum_all_stub(c.device().type, out, c);
  return out;
}

Tensor mean_all(const Tensor& t) {
  return div(sum_all(t), scalar_to_tensor(Scalar(int64_t(t.numel()))));
}

// Serial pass before the kernel: target dtype, bounds (IndexError as PyTorch raises).
Tensor checked_target(const Tensor& target, int64_t n_classes, int64_t ignore_index) {
  TS_CHECK(target.dtype() == DType::Int64, "expected scalar type Long but found ",
           torch_type_name(target.dtype()));
  Tensor t = contiguous(target);
  const int64_t* p = t.data<int64_t>();
  for (int64_t i = 0; i < t.numel(); ++i)
    TS_CHECK_INDEX(p[i] == ignore_index || (p[i] >= 0 && p[i] < n_classes), "Target ", p[i],
                   " is out of bounds.");
  return t;
}

void check_loss_dtypes(const Tensor& self, const Tensor& weight, const char* kernel) {
  DType t = self.dtype();
  if (t != DType::Float32 && t != DType::Float64 && t != DType::BFloat16) not_implemented(kernel, t);
  TS_CHECK(!weight.defined() || weight.dtype() == t, "expected scalar type ", torch_type_name(t),
           " but found ", torch_type_name(weight.dtype()));
}

std::tuple<Tensor, Tensor> nll_forward_run(const Tensor& self, const Tensor& target,
                                           const Tensor& weight, int64_t reduction,
                                           int64_t ignore_index, DimVector out_shape,
                                           int64_t n_classes, const char* kernel) {
  check_loss_dtypes(self, weight, kernel);
  Tensor t = checked_target(target, n_classes, ignore_index);
  Tensor out = empty(out_shape, options_of(self));
  Tensor tw = empty({}, options_of(self));
  Tensor in = contiguous(self);
  Tensor w = weight.defined() ? contiguous(weight) : weight;
  nll_loss_stub(in.device().type, out, tw, in, t, w, reduction, ignore_index);
  return {out, tw};
}

}  // namespace

std::tuple<Tensor, Tensor> nll_loss_forward(const Tensor& self, const Tensor& target,
                                            const Tensor& weight, int64_t reduction,
                                            int64_t ignore_index) {
  TS_CHECK(self.dim() > 0 && self.dim() <= 2, "input tensor should be 1D or 2D");
  TS_CHECK(target.dim() <= 1, "0D or 1D target tensor expected, multi-target not supported");
  const bool no_batch = self.dim() == 1 && target.dim() == 0;
  TS_CHECK(no_batch || self.size(0) == target.size(0), "size mismatch (got input: ",
           shape_str(self.sizes()), ", target: ", shape_str(target.sizes()), ")");
  const int64_t n_classes = self.size(-1);
  TS_CHECK(!weight.defined() || (weight.dim() == 1 && weight.numel() == n_classes),
           "weight tensor should be defined either for all ", n_classes,
           " classes or no classes but got weight tensor of shape: ", shape_str(weight.sizes()));
  DimVector shape;
  if (reduction == kReductionNone && self.dim() == 2) shape.push_back(self.size(0));
  return nll_forward_run(self, target, weight, reduction, ignore_index, shape, n_classes,
                         "nll_loss_out_frame");
}

std::tuple<Tensor, Tensor> nll_loss2d_forward(const Tensor& self, const Tensor& target,
                                              const Tensor& weight, int64_t reduction,
                                              int64_t ignore_index) {
  TS_CHECK(target.dim() == 3,
           "only batches of spatial targets supported (3D tensors) but got targets of dimension: ",
           target.dim());
  TS_CHECK(self.dim() == 4,
           "only batches of spatial inputs supported (4D tensors), but got input of dimension: ",
           self.dim());
  TS_CHECK(!weight.defined() || weight.numel() == self.size(1),
           "weight tensor should be defined either for all or no classes");
  TS_CHECK(self.size(0) == target.size(0) && self.size(2) == target.size(1) &&
               self.size(3) == target.size(2),
           "size mismatch (got input: ", shape_str(self.sizes()), " , target: ",
           shape_str(target.sizes()));
  DimVector shape;
  if (reduction == kReductionNone) shape = {self.size(0), self.size(2), self.size(3)};
  return nll_forward_run(self, target, weight, reduction, ignore_index, shape, self.size(1),
                         "nll_loss2d_forward_out_frame");
}

Tensor nll_loss(const Tensor& self, const Tensor& target, const Tensor& weight,
                int64_t reduction, int64_t ignore_index) {
  TS_AUTOGRAD("nll_loss", self, target, weight, reduction, ignore_index);
  return std::get<0>(nll_loss_forward(self, target, weight, reduction, ignore_index));
}

Tensor nll_loss2d(const Tensor& self, const Tensor& target, const Tensor& weight,
                  int64_t reduction, int64_t ignore_index) {
  return std::get<0>(nll_loss2d_forward(self, target, weight, reduction, ignore_index));
}

Tensor nll_loss_nd(const Tensor& self, const Tensor& target, const Tensor& weight,
                   int64_t reduction, int64_t ignore_index) {
  TS_CHECK_VALUE(self.dim() >= 1, "Expected 1 or more dimensions (got ", self.dim(), ")");
  TS_CHECK_VALUE(self.dim() == 1 || self.size(0) == target.size(0), "Expected input batch_size (",
                 self.size(0), ") to match target batch_size (", target.size(0), ").");
  if (self.dim() <= 2) return nll_loss(self, target, weight, reduction, ignore_index);
  if (self.dim() == 4) return nll_loss2d(self, target, weight, reduction, ignore_index);
  // 3-d or > 4-d: fold the spatial dims into one and run the 2-d loss.
  const int64_t n = self.size(0), c = self.size(1);
  DimVector out_size{n};
  for (int64_t i = 2; i < self.dim(); ++i) out_size.push_back(self.size(i));
  IntArrayRef tail_t(target.sizes().data() + 1, size_t(std::max<int64_t>(target.dim() - 1, 0)));
  IntArrayRef tail_s(self.sizes().data() + 2, size_t(self.dim() - 2));
  TS_CHECK(target.dim() >= 1 && tail_t == tail_s, "Expected target size ", shape_str(out_size),
           ", got ", shape_str(target.sizes()));
  int64_t spatial = 1;
  for (int64_t s : tail_s) spatial *= s;
  Tensor in = self.numel() > 0 ? reshape_local(self, {n, c, 1, spatial})
                               : reshape_local(self, {n, c, 0, 0});
  Tensor tg = target.numel() > 0 ? reshape_local(target, {n, 1, spatial})
                                 : reshape_local(target, {n, 0, 0});
  Tensor r = nll_loss2d(in, tg, weight, reduction, ignore_index);
  return reduction == kReductionNone ? reshape_local(r, out_size) : r;
}

namespace {
Tensor nll_backward_run(const Tensor& grad_output, const Tensor& self, const Tensor& target,
                        const Tensor& weight, int64_t reduction, int64_t ignore_index,
                        const Tensor& total_weight, int64_t n_classes, const char* kernel) {
  check_loss_dtypes(self, weight, kernel);
  TS_CHECK(total_weight.numel() == 1, "expected total_weight to be a  single element tensor, got: ",
           shape_str(total_weight.sizes()), " (", total_weight.numel(), " elements)");
  Tensor t = checked_target(target, n_classes, ignore_index);
  Tensor gi = empty(self.sizes(), options_of(self));
  fill_(gi, 0);
  Tensor go = contiguous(grad_output);
  Tensor w = weight.defined() ? contiguous(weight) : weight;
  nll_loss_backward_stub(gi.device().type, gi, go, t, w, reduction, ignore_index,
                         contiguous(total_weight));
  return gi;
}
}  // namespace

Tensor nll_loss_backward(const Tensor& grad_output, const Tensor& self, const Tensor& target,
                         const Tensor& weight, int64_t reduction, int64_t ignore_index,
                         const Tensor& total_weight) {
  TS_CHECK(self.dim() > 0 && self.dim() <= 2, "input tensor should be 1D or 2D");
  TS_CHECK(target.dim() <= 1, "0D or 1D target tensor expected, multi-target not supported");
  const bool no_batch = self.dim() == 1 && target.dim() == 0;
  TS_CHECK(no_batch || self.size(0) == target.size(0), "size mismatch (got input: ",
           shape_str(self.sizes()), ", target: ", shape_str(target.sizes()), ")");
  TS_CHECK(!weight.defined() || weight.numel() == self.size(-1),
           "weight tensor should be defined either for all or no classes");
  if (reduction == kReductionNone && self.dim() == 2) {
    TS_CHECK(grad_output.dim() == 1 && grad_output.size(0) == self.size(0),
             "Expected a tensor of dimension 1 and tensor.size[0] == ", self.size(0),
             " but got: dimension ", grad_output.dim(), " and tensor.size[0] == ",
             grad_output.dim() > 0 ? grad_output.size(0) : 1);
  } else {
    TS_CHECK(grad_output.dim() <= 1 && grad_output.numel() == 1,
             "Expected a single element grad_output tensor, but got: ",
             shape_str(grad_output.sizes()));
  }
  return nll_backward_run(grad_output, self, target, weight, reduction, ignore_index,
                          total_weight, self.size(-1), "nll_loss_backward_out_frame");
}

Tensor nll_loss2d_backward(const Tensor& grad_output, const Tensor& self, const Tensor& target,
                           const Tensor& weight, int64_t reduction, int64_t ignore_index,
                           const Tensor& total_weight) {
  TS_CHECK(target.dim() == 3 && self.dim() == 4 &&
               (!weight.defined() || weight.numel() == self.size(1)),
           "nll_loss2d_backward: expected 4-d input, 3-d target and a weight for every class");
  if (reduction == kReductionNone) {
    TS_CHECK(grad_output.sizes() == target.sizes(), "size mismatch (got grad_output: ",
             shape_str(grad_output.sizes()), " target: ", shape_str(target.sizes()));
  } else {
    TS_CHECK(grad_output.dim() <= 1 && grad_output.numel() == 1,
             "Expected a single element grad_output tensor, but got: ",
             shape_str(grad_output.sizes()));
  }
  return nll_backward_run(grad_output, self, target, weight, reduction, ignore_index,
                          total_weight, self.size(1), "nll_loss2d_backward_out_frame");
}

namespace {

// Weight viewed as [1, C, 1, ...] to broadcast against [N, C, ...].
Tensor weight_bcast(const Tensor& weight, int64_t ndim, int64_t class_dim) {
  if (ndim <= 1) return weight;
  DimVector s(size_t(ndim), 1);
  s[size_t(class_dim)] = weight.size(0);
  return reshape_local(weight, s);
}

// Sum over the class dim (PyTorch's .sum(class_dim)), one class slice at a time.
Tensor sum_class_dim(const Tensor& x, int64_t class_dim) {
  DimVector out_shape(x.sizes());
  out_shape.erase(size_t(class_dim));
  Tensor acc = empty(out_shape, options_of(x));
  fill_(acc, 0);
  for (int64_t j = 0; j < x.size(class_dim); ++j) add_(acc, select_view(x, class_dim, j));
  return acc;
}

Tensor reduce_loss(const Tensor& loss, int64_t reduction) {
  if (reduction == kReductionMean) return mean_all(loss);
  if (reduction == kReductionSum) return sum_all(loss);
  return loss;
}

Tensor ce_prob_target(const Tensor& self, const Tensor& target_in, const Tensor& weight,
                      int64_t reduction, double label_smoothing) {
  const int64_t class_dim = self.dim() == 1 ? 0 : 1;
  const int64_t n_classes = self.size(class_dim);
  TS_CHECK(!weight.defined() || (weight.dim() == 1 && weight.numel() == n_classes),
           "cross_entropy: weight tensor should be defined either for all ", n_classes,
           " classes or no classes but got weight tensor of shape: ", shape_str(weight.sizes()));
  Tensor input = log_softmax(self, class_dim, self.dtype());
  Tensor target = target_in;
  if (label_smoothing > 0.0) {
    TS_CHECK(label_smoothing <= 1.0, "label_smoothing must be between 0.0 and 1.0. Got: ",
             label_smoothing);
    target = add(mul(target_in, scalar_to_tensor(Scalar(1 - label_smoothing))),
                 scalar_to_tensor(Scalar(label_smoothing / double(n_classes))));
  }
  Tensor prod = mul(input, target);
  if (weight.defined()) prod = mul(prod, weight_bcast(weight, input.dim(), class_dim));
  Tensor r;
  if (reduction == kReductionMean) {
    if (input.numel() == 0) {
      r = sum_all(prod);
      fill_(r, std::numeric_limits<double>::quiet_NaN());
      return r;
    }
    r = div(sum_all(prod), scalar_to_tensor(Scalar(int64_t(input.numel() / n_classes))));
  } else if (reduction == kReductionSum) {
    r = sum_all(prod);
  } else {
    r = sum_class_dim(prod, class_dim);
  }
  return mul(r, scalar_to_tensor(Scalar(-1.0)));
}

Tensor ce_label_smoothing(const Tensor& self, const Tensor& target, const Tensor& weight,
                          int64_t reduction, int64_t ignore_index, double label_smoothing) {
  const int64_t class_dim = self.dim() == 1 ? 0 : 1;
  Tensor input = log_softmax(self, class_dim, self.dtype());
  Tensor nll = nll_loss_nd(input, target, weight, reduction, ignore_index);
  const int64_t n_classes = input.size(class_dim);
  Tensor smooth = weight.defined()
                      ? sum_class_dim(mul(input, weight_bcast(weight, input.dim(), class_dim)), class_dim)
                      : sum_class_dim(input, class_dim);
  smooth = contiguous(mul(smooth, scalar_to_tensor(Scalar(-1.0))));
  // masked_fill_(target == ignore_index, 0), and the kept targets' weights for the mean.
  Tensor tg = contiguous(target);
  TS_CHECK(tg.dtype() == DType::Int64, "expected scalar type Long but found ",
           torch_type_name(tg.dtype()));
  TS_CHECK(tg.numel() == smooth.numel(), "Expected target size ", shape_str(smooth.sizes()),
           ", got ", shape_str(tg.sizes()));
  const int64_t* tp = tg.data<int64_t>();
  Tensor keep = empty(smooth.sizes(), options_of(smooth));
  Tensor wsel = empty(smooth.sizes(), options_of(smooth));
  Tensor wc = weight.defined() ? to_dtype(contiguous(weight), DType::Float64) : Tensor();
  Tensor keep64 = empty(smooth.sizes(), options_of(smooth, DType::Float64));
  Tensor wsel64 = empty(smooth.sizes(), options_of(smooth, DType::Float64));
  double* kp = keep64.data<double>();
  double* wp = wsel64.data<double>();
  for (int64_t i = 0; i < tg.numel(); ++i) {
    const bool ign = tp[i] == ignore_index;
    kp[i] = ign ? 0.0 : 1.0;
    if (wc.defined()) {
      TS_CHECK_INDEX(ign || (tp[i] >= 0 && tp[i] < n_classes), "Target ", tp[i],
                     " is out of bounds.");
      wp[i] = ign ? 0.0 : wc.data<double>()[tp[i]];
    }
  }
  copy_into(keep, keep64);
  copy_into(wsel, wsel64);
  smooth = mul(smooth, keep);
  Tensor ret;
  if (reduction == kReductionMean) {
    ret = div(sum_all(smooth), weight.defined() ? sum_all(wsel) : sum_all(keep));
  } else if (reduction == kReductionSum) {
    ret = sum_all(smooth);
  } else {
    ret = smooth;
  }
  return add(mul(nll, scalar_to_tensor(Scalar(1 - label_smoothing))),
             mul(ret, scalar_to_tensor(Scalar(label_smoothing / double(n_classes)))));
}

}  // namespace

Tensor cross_entropy_loss(const Tensor& self, const Tensor& target, const Tensor& weight,
                          int64_t reduction, int64_t ignore_index, double label_smoothing) {
  if (self.sizes() == target.sizes()) {
    TS_CHECK(is_floating(target.dtype()),
             "Expected floating point type for target with class probabilities, got ",
             torch_type_name(target.dtype()));
    TS_CHECK(ignore_index < 0, "ignore_index is not supported for floating point target");
    return ce_prob_target(self, target, weight, reduction, label_smoothing);
  }
  if (label_smoothing > 0.0) {
    TS_CHECK(label_smoothing <= 1.0, "label_smoothing must be between 0.0 and 1.0. Got: ",
             label_smoothing);
    return ce_label_smoothing(self, target, weight, reduction, ignore_index, label_smoothing);
  }
  const int64_t class_dim = self.dim() == 1 ? 0 : 1;
  return nll_loss_nd(log_softmax(self, class_dim, self.dtype()), target, weight, reduction,
                     ignore_index);
}

namespace {
void check_mse_dtype(DType t) {
  if (t != DType::Float32 && t != DType::Float64 && t != DType::Float16) not_implemented("mse_cpu", t);
}
}  // namespace

Tensor mse_loss(const Tensor& self, const Tensor& target, int64_t reduction) {
  TS_AUTOGRAD("mse_loss", self, target, reduction);
  auto it = TensorIter::binary_op(Tensor(), self, target);
  check_mse_dtype(it.common_dtype());
  squared_diff_stub(it.device().type, it);
  return reduce_loss(it.output(), reduction);
}

Tensor mse_loss_out(const Tensor& self, const Tensor& target, int64_t reduction,
                    const Tensor& out) {
  if (reduction == kReductionNone) {
    auto it = TensorIter::binary_op(out, self, target);
    check_mse_dtype(it.common_dtype());
    squared_diff_stub(it.device().type, it);
    return out;
  }
  Tensor r = mse_loss(self, target, reduction);
  check_out_dtype(out, r.dtype());
  resize_out(out, r.sizes());
  copy_into(out, r);
  return out;
}

Tensor mse_loss_backward(const Tensor& grad_output, const Tensor& self, const Tensor& target,
                         int64_t reduction) {
  const double norm = reduction == kReductionMean ? 2. / double(self.numel()) : 2.;
  auto it = TensorIterConfig()
                .add_output(Tensor())
                .add_input(self)
                .add_input(target)
                .add_input(grad_output)
                .promote_inputs_to_common_dtype()
                .name("mse_loss_backward")
                .build();
  check_mse_dtype(it.common_dtype());
  mse_backward_stub(it.device().type, it, norm);
  return it.output();
}

TS_REGISTER_OPS(loss) {
  r.def<&nll_loss>("nll_loss(Tensor self, Tensor target, Tensor? weight=None, int reduction=1, int ignore_index=-100) -> Tensor");
  r.def<&nll_loss_nd>("nll_loss_nd(Tensor self, Tensor target, Tensor? weight=None, int reduction=1, int ignore_index=-100) -> Tensor");
  r.def<&nll_loss2d>("nll_loss2d(Tensor self, Tensor target, Tensor? weight=None, int reduction=1, int ignore_index=-100) -> Tensor");
  r.def<&nll_loss_forward>("nll_loss_forward(Tensor self, Tensor target, Tensor? weight, int reduction, int ignore_index) -> (Tensor output, Tensor total_weight)");
  r.def<&nll_loss2d_forward>("nll_loss2d_forward(Tensor self, Tensor target, Tensor? weight, int reduction, int ignore_index) -> (Tensor output, Tensor total_weight)");
  r.def<&nll_loss_backward>("nll_loss_backward(Tensor grad_output, Tensor self, Tensor target, Tensor? weight, int reduction, int ignore_index, Tensor total_weight) -> Tensor");
  r.def<&nll_loss2d_backward>("nll_loss2d_backward(Tensor grad_output, Tensor self, Tensor target, Tensor? weight, int reduction, int ignore_index, Tensor total_weight) -> Tensor");
  r.def<&cross_entropy_loss>("cross_entropy_loss(Tensor self, Tensor target, Tensor? weight=None, int reduction=1, int ignore_index=-100, float label_smoothing=0.0) -> Tensor");
  r.def<&mse_loss>("mse_loss(Tensor self, Tensor target, int reduction=1) -> Tensor");
  r.def<&mse_loss_out>("mse_loss.out(Tensor self, Tensor target, int reduction=1, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&mse_loss_backward>("mse_loss_backward(Tensor grad_output, Tensor self, Tensor target, int reduction) -> Tensor");
}

}  // namespace ts
