// Scans and small reductions: cummax, cummin, diff, trace, dist, renorm (PyTorch 1.13 schemas
// and checks). diff and dist are compositions of other ops, as in PyTorch; the loops are in
// kernels/cpu/scan.cpp.
#include "ops/api_binary.h"
#include "ops/api_creation.h"
#include "ops/api_pointwise.h"
#include "ops/api_reduce.h"
#include "ops/api_shape.h"
#include "ops/api_sort.h"
#include "ops/grad_util.h"
#include "ops/ops.h"
#include "ops/reduce_util.h"
#include "ops/registry.h"
#include "ops/sort_util.h"
#include "stubs/scan.h"

namespace ts {

TS_DEFINE_STUB(cummaxmin_stub);
TS_DEFINE_STUB(trace_stub);
TS_DEFINE_STUB(renorm_factor_stub);

using namespace sorting;
using grad::norm_back;

namespace {

std::tuple<Tensor, Tensor> cummaxmin(const Tensor& self, int64_t dim, bool is_max) {
  Tensor v = empty(self.sizes(), options(self.dtype(), self.device()));
  Tensor i = empty(self.sizes(), options(DType::Int64, self.device()));
  // As in PyTorch, the dim is only checked when there is something to scan.
  if (self.dim() == 0) {
    copy_into(v, self);
    i.zero_();
  } else if (self.numel() != 0) {
    const int64_t d = wrap_dim(dim, self.dim());
    check_dtype(self, is_max ? "cummax_cpu" : "cummin_cpu", false, true, true);
    cummaxmin_stub(self.device().type, self.contiguous(), v, i, d, is_max);
  }
  return {v, i};
}

std::tuple<Tensor, Tensor> cummaxmin_out(const Tensor& self, int64_t dim, bool is_max, const Tensor& values,
                                         const Tensor& indices) {
  TS_CHECK(values.dtype() == self.dtype(), "expected scalar_type ", scalar_type_name(self.dtype()),
           " but found ", scalar_type_name(values.dtype()));
  TS_CHECK(indices.dtype() == DType::Int64, "expected scalar_type Long but found ",
           scalar_type_name(indices.dtype()));
  auto [v, i] = cummaxmin(self, dim, is_max);
  return write_pair(values, indices, v, i);
}

void diff_check_other(const Tensor& self, const Tensor& other, int64_t dim) {
  if (!other.defined()) return;
  const int64_t d = wrap_dim(dim, self.dim(), false);
  TS_CHECK(other.dim() == self.dim(), "diff expects prepend or append to be the same dimension as input");
  for (int64_t i = 0; i < other.dim(); ++i)
    TS_CHECK(other.sizes()[i] == self.sizes()[i] || i == d,
             "diff expects the shape of tensor to prepend or append to match that of input except along the "
             "differencing dimension; input.size(", i, ") = ", self.sizes()[i], ", but got tensor.size(", i,
             ") = ", other.sizes()[i]);
}

// n-th forward difference along `dim`; n >= the dim's size leaves it empty, n < 0 returns the
// input itself (PyTorch 1.13 accepts it), bool differences are logical_xor.
Tensor diff_helper(const Tensor& self, int64_t n, int64_t dim) {
  if (n == 0) return self.clone();
  const int64_t size = self.size(dim);
  int64_t len = size - 1;
  Tensor r = self;
  const bool is_bool = self.dtype() == DType::Bool;
  n = std::min(n, size);
  for (int64_t i = 0; i < n; ++i) {
    Tensor a = narrow(r, dim, 1, len), b = narrow(r, dim, 0, len);
    r = is_bool ? logical_xor(a, b) : sub(a, b);
    --len;
  }
  return r;
}

Tensor diff_impl(const Tensor& self, int64_t n, int64_t dim, const Tensor& prepend, const Tensor& append) {
  TS_CHECK(self.dim() >= 1, "diff expects input to be at least one-dimensional");
  diff_check_other(self, prepend, dim);
  diff_check_other(self, append, dim);
  if ((!prepend.defined() && !append.defined()) || n == 0) return diff_helper(self, n, dim);
  std::vector<Tensor> parts;
  if (prepend.defined()) parts.push_back(prepend);
  parts.push_back(self);
  if (append.defined()) parts.push_back(append);
  return diff_helper(cat(parts, dim), n, dim);
}

void renorm_check(const Scalar& p, const Tensor& self, const Scalar& maxnorm) {
  TS_CHECK(p.to<double>() > 0.0, "renorm: non-positive-norm not supported");
  TS_CHECK(maxnorm.to<double>() >= 0.0, "renorm: expected maxnorm to be >= 0 but got ", maxnorm.to<double>());
  TS_CHECK(self.dim() > 1, "renorm: input needs at least 2 dimensions, got ", self.dim(), " dimensions");
}

// Each slice along `dim` whose p-norm exceeds maxnorm is scaled by maxnorm / (norm + 1e-7).
// The norm is computed in float for the 16-bit types, and the factor rounded to self's type.
Tensor renorm_impl(const Tensor& self, const Scalar& p, int64_t dim, const Scalar& maxnorm) {
  renorm_check(p, self, maxnorm);
  const int64_t d = wrap_dim(dim, self.dim());
  TS_CHECK(is_floating(self.dtype()), "linalg.vector_norm: Expected a floating point or complex tensor as input. Got ",
           scalar_type_name(self.dtype()));
  DimVector dims;
  for (int64_t i = 0; i < self.dim(); ++i)
    if (i != d) dims.push_back(i);
  const bool half = reduce::is_half_type(self.dtype());
  Tensor nrm = norm(half ? self.to(DType::Float32) : self, std::optional<Scalar>(p), IntArrayRef(dims), true);
  TensorIter it = TensorIter::unary_op(Tensor(), nrm);
  renorm_factor_stub(self.device().type, it, maxnorm.to<double>());
  return mul(self, it.output().to(self.dtype()));
}

}  // namespace

// ---- Public API ----

std::tuple<Tensor, Tensor> cummax(const Tensor& self, int64_t dim) {
  TS_AUTOGRAD("cummax", self, dim);
  return cummaxmin(self, dim, true);
}
std::tuple<Tensor, Tensor> cummin(const Tensor& self, int64_t dim) {
  TS_AUTOGRAD("cummin", self, dim);
  return cummaxmin(self, dim, false);
}
std::tuple<Tensor, Tensor> cummax_out(const Tensor& self, int64_t dim, const Tensor& values, const Tensor& indices) {
  return cummaxmin_out(self, dim, true, values, indices);
}
std::tuple<Tensor, Tensor> cummin_out(const Tensor& self, int64_t dim, const Tensor& values, const Tensor& indices) {
  return cummaxmin_out(self, dim, false, values, indices);
}

Tensor diff(const Tensor& self, int64_t n, int64_t dim, const Tensor& prepend, const Tensor& append) {
  return diff_impl(self, n, dim, prepend, append);
}
Tensor diff_out(const Tensor& self, int64_t n, int64_t dim, const Tensor& prepend, const Tensor& append,
                const Tensor& out) {
  Tensor r = diff_impl(self, n, dim, prepend, append);
  if (n == 0) {
    TS_CHECK(out.dtype() == self.dtype(), "expected scalar_type ", scalar_type_name(self.dtype()), " but found ",
             scalar_type_name(out.dtype()));
  } else if (self.dtype() != DType::Bool) {
    TS_CHECK(can_cast(r.dtype(), out.dtype()), "result type ", scalar_type_name(r.dtype()),
             " can't be cast to the desired output type ", scalar_type_name(out.dtype()));
  }
  return reduce::write_out(out, r);
}

Tensor trace(const Tensor& self) {
  TS_AUTOGRAD("trace", self);
  check_dtype(self, "trace", false, false, false);
  TS_CHECK(self.dim() == 2, "trace: expected a matrix, but got tensor with dim ", self.dim());
  const DType od = is_integral(self.dtype(), true) ? DType::Int64 : self.dtype();
  Tensor out = empty({}, options(od, self.device()));
  trace_stub(self.device().type, self, out);
  return out;
}

Tensor dist(const Tensor& self, const Tensor& other, const Scalar& p) { return norm(sub(self, other), p); }

Tensor renorm(const Tensor& self, const Scalar& p, int64_t dim, const Scalar& maxnorm) {
  TS_AUTOGRAD("renorm", self, p, dim, maxnorm);
  return renorm_impl(self, p, dim, maxnorm);
}
Tensor renorm_(const Tensor& self, const Scalar& p, int64_t dim, const Scalar& maxnorm) {
  TS_AUTOGRAD("renorm_", self, p, dim, maxnorm);
  renorm_check(p, self, maxnorm);
  copy_into(self, renorm_impl(self, p, dim, maxnorm));
  return self;
}
Tensor renorm_out(const Tensor& self, const Scalar& p, int64_t dim, const Scalar& maxnorm, const Tensor& out) {
  renorm_check(p, self, maxnorm);
  reduce::check_out_dtype(out, self.dtype());
  return reduce::write_out(out, renorm_impl(self, p, dim, maxnorm));
}

TS_REGISTER_OPS(scan) {
  r.def<&cummax>("cummax(Tensor self, int dim) -> (Tensor values, Tensor indices)");
  r.def<&cummax_out>("cummax.out(Tensor self, int dim, *, Tensor(a!) values, Tensor(b!) indices) -> (Tensor(a!) values, Tensor(b!) indices)");
  r.def<&cummin>("cummin(Tensor self, int dim) -> (Tensor values, Tensor indices)");
  r.def<&cummin_out>("cummin.out(Tensor self, int dim, *, Tensor(a!) values, Tensor(b!) indices) -> (Tensor(a!) values, Tensor(b!) indices)");
  r.def<&diff>("diff(Tensor self, int n=1, int dim=-1, Tensor? prepend=None, Tensor? append=None) -> Tensor").composite_op();
  r.def<&diff_out>("diff.out(Tensor self, int n=1, int dim=-1, Tensor? prepend=None, Tensor? append=None, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&trace>("trace(Tensor self) -> Tensor");
  r.def<&dist>("dist(Tensor self, Tensor other, Scalar p=2) -> Tensor");
  r.def<&renorm>("renorm(Tensor self, Scalar p, int dim, Scalar maxnorm) -> Tensor");
  r.def<&renorm_>("renorm_(Tensor(a!) self, Scalar p, int dim, Scalar maxnorm) -> Tensor(a!)").variants("method");
  r.def<&renorm_out>("renorm.out(Tensor self, Scalar p, int dim, Scalar maxnorm, *, Tensor(a!) out) -> Tensor(a!)");
  for (const char* n : {"cummax", "cummin"})
    r.entry(n).grad(std::string(n) == "cummax" ? "CummaxBackward0" : "CumminBackward0", "result",
                    TS_GRAD({
                      const IntArrayRef sizes = c.sizes(0);
                      if (sizes.empty()) return {c.grad(0)};
                      if (c.grad(0).numel() == 0) return {c.grad(0)};
                      TensorOptions o(c.grad(0).dtype());
                      const int64_t d = wrap_dim(c.i64(1), int64_t(sizes.size()));
                      return {scatter_add(zeros(sizes, o), d, c.result(1), c.grad(0))};
                    }));
  r.entry("dist").composite_op();
  r.entry("trace").grad("TraceBackward0", "", TS_GRAD({
    TensorOptions o(c.grad().dtype());
    return {c.grad() * eye(c.sizes(0)[0], c.sizes(0)[1], o)};
  }));

  // Derivatives (PyTorch 1.13's derivatives.yaml formulas and node names).
  // renorm_backward: slices scaled by f = maxnorm / (norm + 1e-7) get f * (grad - nb / (norm + 1e-7)),
  // nb being norm's backward of sum(self * grad) over the slice.
  r.grad_pair("renorm", "RenormBackward0", "self", TS_GRAD({
    const Tensor& x = c.in(0);
    const double p = c.scalar(1).to<double>();
    const int64_t d = c.i64(2) < 0 ? c.i64(2) + x.dim() : c.i64(2);
    const Scalar maxnorm = c.scalar(3);
    std::vector<int64_t> dims;
    for (int64_t i = 0; i < x.dim(); ++i)
      if (i != d) dims.push_back(i);
    Tensor nrm = norm(x, std::optional<Scalar>(c.scalar(1)), IntArrayRef(dims), true);
    Tensor go = sum(x * c.grad(), IntArrayRef(dims), true);
    Tensor nb = norm_back(go, x, nrm, p, dims);
    Tensor inv = reciprocal(nrm + 1e-7);
    Tensor factor = inv * maxnorm;
    return {where(gt(nrm, maxnorm), factor * (c.grad() - inv * nb), c.grad())};
  }));
}

}  // namespace ts
