// torch.normal's four overloads and torch.multinomial, drawing exactly as PyTorch 1.13's CPU
// code does (DistributionTemplates.h normal_impl, Distributions.cpp multinomial_out and
// cpu/MultinomialKernel.cpp), so the same seed gives the same numbers.
#include <cmath>
#include <vector>

#include "ops/api_creation.h"
#include "ops/api_random.h"
#include "ops/api_random.h"
#include "ops/api_reduce.h"
#include "ops/api_sort.h"
#include "ops/ops.h"
#include "ops/registry.h"
#include "tensor/iter.h"

namespace ts {

namespace {

// The `generator` argument of a call recorded for autograd (the C++ API records only calls on
// the default generator; scripts record through the registry with theirs).
const std::optional<int64_t> kNoGenerator;

void check_std(double std) { TS_CHECK(std >= 0.0, "normal expects std >= 0.0, but found std ", std); }

void check_std(const Tensor& std) {
  TS_CHECK(std.numel() == 0 || min(std).item<double>() >= 0.0, "normal expects all elements of std >= 0.0");
}

// PyTorch's resize_output: an out= tensor of another shape is resized (with a warning there
// when it was not empty).
void resize_to(const Tensor& out, IntArrayRef shape) { resize_out(out, shape); }

Tensor normal_into(const Tensor& out, const Tensor& mean, double std, Generator* gen) {
  check_std(std);
  resize_to(out, broadcast_shapes(mean.sizes(), out.sizes()));
  normal_(out, 0.0, std, gen);
  return add_(out, mean);
}

Tensor normal_into(const Tensor& out, double mean, const Tensor& std, Generator* gen) {
  check_std(std);
  resize_to(out, std.sizes());
  normal_(out, 0.0, 1.0, gen);
  return add_(mul_(out, std), full({}, Scalar(mean), TensorOptions(out.dtype())));
}

Tensor normal_into(const Tensor& out, const Tensor& mean, const Tensor& std, Generator* gen) {
  resize_to(out, broadcast_shapes(mean.sizes(), std.sizes()));
  normal_(out, 0.0, 1.0, gen);
  return add_(mul_(out, std), mean);
}

}  // namespace

Tensor normal(const Tensor& mean, double std, Generator* gen) {
  if (!gen) TS_AUTOGRAD("normal.Tensor_float", mean, std, kNoGenerator);
  check_std(std);
  Tensor out = empty(mean.sizes(), TensorOptions(mean.dtype()));
  GradModeGuard no_grad(false);
  return normal_into(out, mean, std, gen);
}

Tensor normal(double mean, const Tensor& std, Generator* gen) {
  if (!gen) TS_AUTOGRAD("normal.float_Tensor", mean, std, kNoGenerator);
  check_std(std);
  Tensor out = empty(std.sizes(), TensorOptions(std.dtype()));
  GradModeGuard no_grad(false);
  return normal_into(out, mean, std, gen);
}

Tensor normal(const Tensor& mean, const Tensor& std, Generator* gen) {
  if (!gen) TS_AUTOGRAD("normal.Tensor_Tensor", mean, std, kNoGenerator);
  check_std(std);
  Tensor out = empty(broadcast_shapes(mean.sizes(), std.sizes()), TensorOptions(mean.dtype()));
  GradModeGuard no_grad(false);
  return normal_into(out, mean, std, gen);
}

Tensor normal(double mean, double std, IntArrayRef size, Generator* gen, TensorOptions options) {
  check_std(std);
  return normal_(empty(size, options), mean, std, gen);
}

Tensor multinomial_out(const Tensor& self, int64_t n_sample, bool replacement, Generator* gen, const Tensor& result) {
  TS_CHECK(self.dim() > 0 && self.dim() <= 2, "prob_dist must be 1 or 2 dim");
  TS_CHECK(is_floating(self.dtype()), "multinomial only supports floating-point dtypes for input, got: ",
           scalar_type_name(self.dtype()));
  TS_CHECK(result.dtype() == DType::Int64, "multinomial expects Long tensor out, got: ",
           scalar_type_name(result.dtype()));
  TS_CHECK(n_sample > 0, "cannot sample n_sample <= 0 samples");
  const int64_t n_categories = self.size(-1);
  TS_CHECK(replacement || n_sample <= n_categories,
           "cannot sample n_sample > prob_dist.size(-1) samples without replacement");
  TS_CHECK(n_categories <= (int64_t(1) << 24), "number of categories cannot exceed 2^24");
  if (self.dim() == 1) resize_to(result, {n_sample});
  else resize_to(result, {self.size(0), n_sample});
  if (result.numel() == 0) return result;
  GradModeGuard no_grad(false);
  if (!replacement) {
    // Gumbel-max: the top n_sample of p / q with q ~ Exp(1). (PyTorch 1.13 takes this path
    // without replacement only; one draw with replacement goes the cumulative way below.)
    const bool valid = logical_and(lt(max(self), Scalar(INFINITY)), ge(min(self), Scalar(0.0))).item<bool>();
    TS_CHECK(valid, "probability tensor contains either `inf`, `nan` or element < 0");
    const bool zero_row = self.dim() == 1 ? eq(sum(self), Scalar(0.0)).item<bool>()
                                          : sum(eq(sum(self, IntArrayRef{1}), Scalar(0.0))).item<bool>();
    TS_CHECK(!zero_row, "invalid multinomial distribution (sum of probabilities <= 0)");
    Tensor q = exponential_(empty_like(self), 1.0, gen);
    q = div(self, q);
    if (n_sample == 1) return argmax_out(q, -1, true, result);
    return copy_(result, std::get<1>(topk(q, n_sample)));
  }
  // With replacement: per row, the normalized cumulative distribution (in the input's type;
  // float for the 16-bit types) and a binary search for each double uniform draw.
  Tensor probs = self.dim() == 1 ? unsqueeze(self, 0) : self;
  const int64_t n_dist = probs.size(0);
  Tensor p64 = probs.to(DType::Float64).contiguous();
  const double* p = p64.data<double>();
  Tensor out = empty({n_dist, n_sample}, TensorOptions(DType::Int64));
  int64_t* o = out.data<int64_t>();
  const bool wide = self.dtype() == DType::Float64;
  std::vector<double> cum(static_cast<size_t>(n_categories));
  Generator::Lock lock(generator_or_default(gen));
  for (int64_t i = 0; i < n_dist; ++i) {
    const double* row = p + i * n_categories;
    double sum_d = 0.0;
    float sum_f = 0.0f;
    for (int64_t j = 0; j < n_categories; ++j) {
      const double v = row[j];
      TS_CHECK(v >= 0, "invalid multinomial distribution (encountering probability entry < 0)");
      TS_CHECK(std::isfinite(v), "invalid multinomial distribution (encountering probability entry = infinity or NaN)");
      if (wide) cum[size_t(j)] = sum_d += v;
      else cum[size_t(j)] = sum_f += float(v);
    }
    const double total = wide ? sum_d : double(sum_f);
    TS_CHECK(total > 0, "invalid multinomial distribution (sum of probabilities <= 0)");
    for (auto& c : cum) c = wide ? c / total : double(float(c) / sum_f);
    cum[size_t(n_categories - 1)] = 1.0;
    for (int64_t j = 0; j < n_sample; ++j) {
      const double u = double(lock.random64() & ((uint64_t(1) << 53) - 1)) * 0x1p-53;
      int64_t lo = 0, hi = n_categories;
      while (hi - lo > 0) {
        const int64_t mid = lo + (hi - lo) / 2;
        if (cum[size_t(mid)] < u) lo = mid + 1;
        else hi = mid;
      }
      o[i * n_sample + j] = lo;
    }
  }
  return copy_(result, self.dim() == 1 ? squeeze(out, 0) : out);
}

Tensor multinomial(const Tensor& self, int64_t n_sample, bool replacement, Generator* gen) {
  Tensor result = empty({0}, TensorOptions(DType::Int64));
  return multinomial_out(self, n_sample, replacement, gen, result);
}

namespace {

using NoneArg = std::optional<int64_t>;

Tensor b_normal_tf(const Tensor& mean, double std, Generator* g) { return normal(mean, std, g); }
Tensor b_normal_ft(double mean, const Tensor& std, Generator* g) { return normal(mean, std, g); }
Tensor b_normal_tt(const Tensor& mean, const Tensor& std, Generator* g) { return normal(mean, std, g); }
Tensor b_normal_ff(double mean, double std, IntArrayRef size, Generator* g, std::optional<DType> dtype, NoneArg,
                   std::optional<Device> device, std::optional<bool> pin) {
  TS_CHECK(!pin.value_or(false), "Pinned memory requires CUDA.");
  TensorOptions o;
  o.dtype = dtype;
  if (device) o.device = *device;
  return normal(mean, std, size, g, o);
}
Tensor b_normal_tf_out(const Tensor& mean, double std, Generator* g, const Tensor& out) {
  return normal_into(out, mean, std, g);
}
Tensor b_normal_ft_out(double mean, const Tensor& std, Generator* g, const Tensor& out) {
  return normal_into(out, mean, std, g);
}
Tensor b_normal_tt_out(const Tensor& mean, const Tensor& std, Generator* g, const Tensor& out) {
  check_std(std);
  return normal_into(out, mean, std, g);
}
Tensor b_normal_ff_out(double mean, double std, IntArrayRef size, Generator* g, const Tensor& out) {
  check_std(std);
  resize_to(out, size);
  return normal_(out, mean, std, g);
}
Tensor b_multinomial(const Tensor& self, int64_t n, bool replacement, Generator* g) {
  return multinomial(self, n, replacement, g);
}
Tensor b_multinomial_out(const Tensor& self, int64_t n, bool replacement, Generator* g, const Tensor& out) {
  return multinomial_out(self, n, replacement, g, out);
}

}  // namespace

TS_REGISTER_OPS(normal_multinomial) {
  r.def<&b_normal_tf>("normal.Tensor_float(Tensor mean, float std=1, *, Generator? generator=None) -> Tensor").variants("function");
  r.def<&b_normal_tf_out>("normal.Tensor_float_out(Tensor mean, float std=1, *, Generator? generator=None, Tensor(a!) out) -> Tensor(a!)").not_differentiable();
  r.def<&b_normal_ft>("normal.float_Tensor(float mean, Tensor std, *, Generator? generator=None) -> Tensor");
  r.def<&b_normal_ft_out>("normal.float_Tensor_out(float mean, Tensor std, *, Generator? generator=None, Tensor(a!) out) -> Tensor(a!)").not_differentiable();
  r.def<&b_normal_tt>("normal.Tensor_Tensor(Tensor mean, Tensor std, *, Generator? generator=None) -> Tensor");
  r.def<&b_normal_tt_out>("normal.Tensor_Tensor_out(Tensor mean, Tensor std, *, Generator? generator=None, Tensor(a!) out) -> Tensor(a!)").not_differentiable();
  r.def<&b_normal_ff>("normal.float_float(float mean, float std, int[] size, *, Generator? generator=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor").not_differentiable();
  r.def<&b_normal_ff_out>("normal.float_float_out(float mean, float std, int[] size, *, Generator? generator=None, Tensor(a!) out) -> Tensor(a!)").not_differentiable();
  r.def<&b_multinomial>("multinomial(Tensor self, int num_samples, bool replacement=False, *, Generator? generator=None) -> Tensor").not_differentiable();
  r.def<&b_multinomial_out>("multinomial.out(Tensor self, int num_samples, bool replacement=False, *, Generator? generator=None, Tensor(a!) out) -> Tensor(a!)").not_differentiable();
  r.entry("normal", "Tensor_float").grad("NormalBackward1", "", TS_GRAD({ return {zeros_like(c.grad())}; }));
  r.entry("normal", "float_Tensor").grad("NormalBackward2", "", TS_GRAD({ return {zeros_like(c.grad())}; }));
  r.entry("normal", "Tensor_Tensor").grad("NormalBackward3", "mean std", TS_GRAD({
    return {TS_IF(0, zeros(c.in(0).sizes(), TensorOptions(c.grad().dtype()))),
            TS_IF(1, zeros(c.in(1).sizes(), TensorOptions(c.grad().dtype())))};
  }));
}

}  // namespace ts
