// torch.linalg's norms (vector_norm, matrix_norm, norm), pinv, matrix_rank and matrix_power,
// with PyTorch 1.13's checks, messages and decompositions (LinearAlgebra.cpp): matrix_norm,
// norm and matrix_power are composites of recorded ops; vector_norm and pinv carry their own
// derivatives (pinv's backward: grad_util.h).
#include <cmath>
#include <limits>

#include "ops/api_linalg_lapack.h"
#include "ops/grad_util.h"
#include "ops/linalg_nn_util.h"
#include "ops/ops.h"
#include "ops/registry.h"

namespace ts {

using namespace lnn;
using namespace grad;

namespace {

// c10::Scalar's printing: integral values without a fraction, inf as "inf".
std::string ord_str(const Scalar& s) {
  const double d = s.to_double();
  if (std::isinf(d)) return d > 0 ? "inf" : "-inf";
  if (d == std::floor(d) && std::abs(d) < 1e15) return std::to_string(int64_t(d));
  return s.str();
}

void check_norm_dtype(std::optional<DType> dtype, const char* fn) {
  if (dtype)
    TS_CHECK(is_floating(*dtype), fn, ": dtype should be floating point or complex, but got ",
             torch_type_name(*dtype));
}

DimVector all_dims(int64_t nd) {
  DimVector d;
  for (int64_t i = 0; i < nd; ++i) d.push_back(i);
  return d;
}

// max for positive orders, min for negative ones (matrix_norm's last reduction).
Tensor max_min(const Tensor& t, double ord, int64_t dim, bool keepdim) {
  return ord > 0 ? amax(t, IntArrayRef({dim}), keepdim) : amin(t, IntArrayRef({dim}), keepdim);
}

// Moves dims (d0, d1) to the end: the permutation and its inverse.
std::pair<DimVector, DimVector> backshift(int64_t d0, int64_t d1, int64_t nd) {
  DimVector p;
  for (int64_t i = 0; i < nd; ++i)
    if (i != d0 && i != d1) p.push_back(i);
  p.push_back(d0);
  p.push_back(d1);
  DimVector inv(size_t(nd), 0);
  for (int64_t i = 0; i < nd; ++i) inv[size_t(p[size_t(i)])] = i;
  return {p, inv};
}

DimVector matrix_norm_checks(const Tensor& A, IntArrayRef dim, std::optional<DType> dtype) {
  TS_CHECK(A.dim() >= 2, "linalg.matrix_norm: The input tensor A must have at least 2 dimensions.");
  check_floating(A, "linalg.matrix_norm");
  TS_CHECK(dim.size() == 2, "linalg.matrix_norm: dim must be a 2-tuple. Got ", shape_str(dim));
  DimVector d{wrap_dim(dim[0], A.dim()), wrap_dim(dim[1], A.dim())};
  TS_CHECK(d[0] != d[1], "linalg.matrix_norm: dims must be different. Got (", d[0], ", ", d[1], ")");
  check_norm_dtype(dtype, "linalg.matrix_norm");
  return d;
}

// The singular values of A with dims `d` moved to the end, reduced by `reduce` over the last
// dim; keepdim puts the reduced dims back in place.
template <typename F>
Tensor svd_norm(const Tensor& A, const DimVector& d, bool keepdim, std::optional<DType> dtype, F reduce) {
  auto [perm, inv] = backshift(d[0], d[1], A.dim());
  Tensor A_ = dtype ? A.to(*dtype) : A;
  Tensor r = reduce(linalg_svdvals(permute(A_, perm)));
  if (keepdim) r = permute(unsqueeze(unsqueeze(r, -1), -1), inv);
  return r;
}

// pinv / matrix_rank's tolerance rule: default rtol eps * max(m, n) unless atol > 0 is given.
std::pair<double, double> atol_rtol(const Tensor& A, std::optional<double> atol, std::optional<double> rtol) {
  const double eps = A.dtype() == DType::Float32 ? double(std::numeric_limits<float>::epsilon())
                                                 : std::numeric_limits<double>::epsilon();
  const double dflt = eps * double(std::max(A.size(-1), A.size(-2)));
  const double a = atol.value_or(0.0);
  const double r = rtol ? *rtol : (atol && *atol > 0 ? 0.0 : dflt);
  return {a, r};
}


// The (absolute) singular values or eigenvalues and the tolerance below which they count as 0.
Tensor tolerance(const Tensor& s_abs_max, double atol, double rtol) {
  return maximum(full_like(s_abs_max, Scalar(atol)), s_abs_max * Scalar(rtol));
}

}  // namespace

Tensor linalg_vector_norm(const Tensor& self, const Scalar& ord, std::optional<IntArrayRef> dim,
                          bool keepdim, std::optional<DType> dtype) {
  TS_AUTOGRAD("linalg_vector_norm", self, ord, dim, keepdim, dtype);
  check_floating(self, "linalg.vector_norm");
  const double p = ord.to_double();
  if (self.numel() == 0 && (p < 0.0 || p == INFINITY)) {
    TS_CHECK(dim && !dim->empty(), "linalg.vector_norm cannot compute the ", ord_str(ord),
             " norm on an empty tensor because the operation does not have an identity");
    for (int64_t d : *dim)
      TS_CHECK(self.size(d) != 0, "linalg.vector_norm cannot compute the ", ord_str(ord),
               " norm on the dimension ", d, "because this dimension is empty and the operation does not have an identity");
  }
  check_norm_dtype(dtype, "linalg.vector_norm");
  Tensor x = dtype ? self.to(*dtype) : self;
  DimVector dims = dim && !dim->empty() ? DimVector(*dim) : all_dims(self.dim());
  if (x.dim() == 0) return norm(x, ord);
  return norm(x, std::optional<Scalar>(ord), IntArrayRef(dims), keepdim);
}

Tensor linalg_matrix_norm(const Tensor& self, const Scalar& ord, IntArrayRef dim, bool keepdim,
                          std::optional<DType> dtype) {
  const double o = ord.to_double(), ao = std::abs(o);
  TS_CHECK(ao == 2.0 || ao == 1.0 || ao == INFINITY, "linalg.matrix_norm: Order ", ord_str(ord), " not supported.");
  DimVector d = matrix_norm_checks(self, dim, dtype);
  if (ao == 2.0)
    return svd_norm(self, d, keepdim, dtype, [&](const Tensor& s) { return max_min(s, o, -1, false); });
  if (ao == INFINITY) std::swap(d[0], d[1]);
  if (!keepdim && d[0] < d[1]) --d[1];
  return max_min(linalg_vector_norm(self, Scalar(1.0), IntArrayRef({d[0]}), keepdim, dtype), o, d[1], keepdim);
}

Tensor linalg_matrix_norm_str(const Tensor& self, const std::string& ord, IntArrayRef dim,
                              bool keepdim, std::optional<DType> dtype) {
  TS_CHECK(ord == "fro" || ord == "nuc", "linalg.matrix_norm: Order ", ord, " not supported.");
  DimVector d = matrix_norm_checks(self, dim, dtype);
  if (ord == "fro") return linalg_vector_norm(self, Scalar(2.0), IntArrayRef(d), keepdim, dtype);
  return svd_norm(self, d, keepdim, dtype, [](const Tensor& s) { return sum(s, IntArrayRef({-1}), false); });
}

Tensor linalg_norm(const Tensor& self, const std::optional<Scalar>& ord,
                   std::optional<IntArrayRef> dim, bool keepdim, std::optional<DType> dtype) {
  if (dim) {
    TS_CHECK(dim->size() == 1 || dim->size() == 2, "linalg.norm: If dim is specified, it must be of length 1 or 2. Got ",
             shape_str(*dim));
  } else if (ord) {
    TS_CHECK(self.dim() == 1 || self.dim() == 2, "linalg.norm: If dim is not specified but ord is, the input must be 1D or 2D. Got ",
             self.dim(), "D.");
  }
  if (ord && ((dim && dim->size() == 2) || (!dim && self.dim() == 2)))
    return linalg_matrix_norm(self, *ord, dim ? *dim : IntArrayRef({0, 1}), keepdim, dtype);
  return linalg_vector_norm(self, ord.value_or(Scalar(2.0)), dim, keepdim, dtype);
}

Tensor linalg_norm_str(const Tensor& self, const std::string& ord, std::optional<IntArrayRef> dim,
                       bool keepdim, std::optional<DType> dtype) {
  if (dim) {
    TS_CHECK(dim->size() == 1 || dim->size() == 2, "linalg.norm: If dim is specified, it must be of length 1 or 2. Got ",
             shape_str(*dim));
  } else {
    TS_CHECK(self.dim() == 1 || self.dim() == 2, "linalg.norm: If dim is not specified but ord is, the input must be 1D or 2D. Got ",
             self.dim(), "D.");
  }
  return linalg_matrix_norm_str(self, ord, dim ? *dim : IntArrayRef({0, 1}), keepdim, dtype);
}

Tensor linalg_pinv(const Tensor& self, std::optional<double> atol, std::optional<double> rtol, bool hermitian) {
  TS_AUTOGRAD("linalg_pinv.atol_rtol_float", self, atol, rtol, hermitian);
  auto [a, r] = atol_rtol(self, atol, rtol);  // (size(-2) raises PyTorch's IndexError for 1-d)
  TS_CHECK(self.dtype() == DType::Float32 || self.dtype() == DType::Float64,
           "This function doesn't handle types other than float and double");
  if (self.numel() == 0) {
    DimVector s(self.sizes());
    std::swap(s[s.size() - 1], s[s.size() - 2]);
    return zeros(s, options_of(self));
  }
  if (hermitian) {
    auto [S, U] = linalg_eigh(self, "L");
    Tensor S_abs = abs(S);
    Tensor tol = tolerance(amax(S_abs, IntArrayRef({-1}), true), a, r);
    Tensor S_inv = where(gt(S_abs, tol), reciprocal(S), Scalar(0.0));
    return matmul(mul(U, unsqueeze(S_inv, -2)), transpose(U, -2, -1));
  }
  auto [U, S, Vh] = linalg_svd(self, false);
  Tensor tol = tolerance(narrow(S, -1, 0, 1), a, r);
  Tensor S_inv = where(gt(S, tol), reciprocal(S), Scalar(0.0));
  return matmul(mul(transpose(Vh, -2, -1), unsqueeze(S_inv, -2)), transpose(U, -2, -1));
}

Tensor linalg_pinv_rcond(const Tensor& self, double rcond, bool hermitian) {
  return linalg_pinv(self, 0.0, rcond, hermitian);
}

Tensor linalg_matrix_rank(const Tensor& self, std::optional<double> atol, std::optional<double> rtol, bool hermitian) {
  TS_CHECK(self.dim() >= 2, "torch.linalg.matrix_rank: The input tensor input must have at least 2 dimensions.");
  TS_CHECK(self.dtype() == DType::Float32 || self.dtype() == DType::Float64,
           "This function doesn't handle types other than float and double");
  auto [a, r] = atol_rtol(self, atol, rtol);
  NoGradGuard no_grad;
  Tensor S = hermitian ? abs(std::get<0>(linalg_eigh(self, "L"))) : linalg_svdvals(self);
  if (S.size(-1) == 0) return zeros(S.sizes().size() > 1 ? IntArrayRef(S.sizes().data(), S.sizes().size() - 1) : IntArrayRef(),
                                    options_of(self, DType::Int64));
  Tensor tol = tolerance(amax(S, IntArrayRef({-1}), true), a, r);
  return sum(gt(S, tol), IntArrayRef({-1}), false);
}

Tensor linalg_matrix_rank_tol(const Tensor& self, double tol, bool hermitian) {
  return linalg_matrix_rank(self, tol, 0.0, hermitian);
}

Tensor linalg_matrix_power(const Tensor& self, int64_t n) {
  TS_CHECK(self.dim() >= 2, "linalg.matrix_power: The input tensor A must have at least 2 dimensions.");
  TS_CHECK(self.size(-1) == self.size(-2), "linalg.matrix_power: A must be batches of square matrices, but they are ",
           self.size(-2), " by ", self.size(-1), " matrices");
  if (n == 0) {  // the identity, still connected to self (a zero gradient) as PyTorch's copy_ is
    Tensor I = expand(eye(self.size(-1), options_of(self)), self.sizes());
    return where(ones_like(self, DType::Bool), I, self);
  }
  Tensor a = n < 0 ? linalg_inv(self) : self;
  uint64_t k = n < 0 ? uint64_t(-(n + 1)) + 1 : uint64_t(n);
  if (k == 1) return clone(a);
  if (k == 2) return matmul(a, a);
  if (k == 3) return matmul(matmul(a, a), a);
  Tensor z, result;
  while (k > 0) {
    z = z.defined() ? matmul(z, z) : a;
    if (k & 1) result = result.defined() ? matmul(result, z) : z;
    k >>= 1;
  }
  return result;
}

namespace {

// torch.norm is Python in PyTorch 1.13 (torch/functional.py): p "fro" is frobenius_norm, "nuc"
// nuclear_norm, a number aten::norm over `dim` (every dim when None). These overloads take its
// signature (keepdim and dtype optional, p a number or a string), on top of aten's schemas.
Tensor frobenius_norm(const Tensor& self, IntArrayRef dim, bool keepdim) {
  TS_CHECK(dim.size() <= 2, "Expected at most 2 dimensions, but got ", dim.size(), " dimensions instead.");
  if (dim.size() <= 1) return norm(self, std::optional<Scalar>(Scalar(int64_t(2))), dim, keepdim);
  const int64_t a = wrap_dim(dim[0], self.dim()), b = wrap_dim(dim[1], self.dim());
  TS_CHECK(a != b, "Expected dims to be different, got ", shape_str(dim), " instead");
  TS_CHECK(is_floating(self.dtype()), "result.scalar_type() == toRealValueType(self.scalar_type()) INTERNAL ASSERT FAILED: "
           "frobenius_norm of a ", scalar_type_name(self.dtype()), " tensor over two dims");
  return sqrt(sum(mul(self, self), IntArrayRef({a, b}), keepdim));
}

Tensor nuclear_norm(const Tensor& self, std::optional<IntArrayRef> dim, bool keepdim) {
  if (!dim)
    TS_CHECK(self.dim() == 2, "Expected a tensor with 2 dimensions, but got a tensor with ", self.dim(),
             " dimension", self.dim() == 1 ? "" : "s", " instead.");
  const DimVector d = dim ? DimVector(*dim) : DimVector{0, 1};
  TS_CHECK(d.size() == 2, "nuclear norm requires a 'dim' argument of size 2");
  const int64_t a = wrap_dim(d[0], self.dim()), b = wrap_dim(d[1], self.dim());
  TS_CHECK(a != b, "duplicate or invalid dimensions");
  auto [perm, inv] = backshift(a, b, self.dim());
  Tensor r = sum(linalg_svdvals(permute(self, perm)), IntArrayRef({-1}), keepdim);
  if (keepdim) r = permute(unsqueeze(r, -1), inv);
  return r;
}

// `every_dim`: with out=, torch.norm passes every dim to frobenius_norm for a missing dim.
Tensor norm_str_impl(const Tensor& self, const std::string& p, std::optional<IntArrayRef> dim, bool keepdim,
                     std::optional<DType> dtype, bool every_dim) {
  if (p == "fro") {
    TS_CHECK_VALUE(!dtype, "dtype argument is not supported in frobenius norm");
    if (dim) return frobenius_norm(self, *dim, keepdim);
    return frobenius_norm(self, every_dim ? IntArrayRef(all_dims(self.dim())) : IntArrayRef(), keepdim);
  }
  TS_CHECK(p == "nuc", "only valid string values are 'fro' and 'nuc', found ", p);
  TS_CHECK_VALUE(!dtype, "dtype argument is not supported in nuclear norm");
  return nuclear_norm(self, dim, keepdim);
}

Tensor norm_functional(const Tensor& self, const std::optional<Scalar>& p, std::optional<IntArrayRef> dim,
                       bool keepdim, std::optional<DType> dtype) {
  DimVector d = dim ? DimVector(*dim) : all_dims(self.dim());
  return dtype ? norm(self, p, IntArrayRef(d), keepdim, *dtype) : norm(self, p, IntArrayRef(d), keepdim);
}
Tensor norm_functional_out(const Tensor& self, const std::optional<Scalar>& p, std::optional<IntArrayRef> dim,
                           bool keepdim, std::optional<DType> dtype, const Tensor& out) {
  DimVector d = dim ? DimVector(*dim) : all_dims(self.dim());
  return dtype ? norm_dtype_out(self, p, IntArrayRef(d), keepdim, *dtype, out)
               : norm_out(self, p, IntArrayRef(d), keepdim, out);
}
Tensor norm_functional_str(const Tensor& self, const std::string& p, std::optional<IntArrayRef> dim, bool keepdim,
                           std::optional<DType> dtype) {
  return norm_str_impl(self, p, dim, keepdim, dtype, false);
}
Tensor norm_functional_str_out(const Tensor& self, const std::string& p, std::optional<IntArrayRef> dim,
                               bool keepdim, std::optional<DType> dtype, const Tensor& out) {
  Tensor r;
  {
    NoGradGuard g;
    r = norm_str_impl(self, p, dim, keepdim, dtype, true);
  }
  resize_out(out, r.sizes());
  copy_(out, r);
  return out;
}


// norm_backward with the gradient and the norm already at the input's rank.
Tensor vector_norm_back(const Tensor& g, const Tensor& x, const Tensor& norm, double p,
                        IntArrayRef dims) {
  if (p == 0.0) return zeros_like(x);
  if (p == 1.0) return sgn(x) * g;
  if (p == 2.0) return g * where(eq(norm, Scalar(0.0)), Scalar(0.0), x / norm);
  if (std::isinf(p)) {
    Tensor is_max = logical_or(eq(abs(x), norm), logical_and(isnan(x), isnan(norm))).to(norm.dtype());
    Tensor nb = x.dim() == 0 ? is_max : sum(is_max, dims, true);
    return sign(x) * is_max * (g / nb);
  }
  if (p < 1.0) {
    Tensor xs = sgn(x) * where(eq(x, Scalar(0.0)), Scalar(0.0), pow(abs(x), Scalar(p - 1.0)));
    return xs * g * pow(norm, Scalar(1.0 - p));
  }
  Tensor xs = p < 2.0 ? sgn(x) * pow(abs(x), Scalar(p - 1.0)) : x * pow(abs(x), Scalar(p - 2.0));
  Tensor scale = where(eq(norm, Scalar(0.0)), Scalar(0.0), g / pow(norm, Scalar(p - 1.0)));
  return xs * scale;
}

// Puts back the reduced dims of a (not keepdim) reduction result.
Tensor restore_dims(Tensor t, const DimVector& dims, bool keepdim) {
  if (keepdim) return t;
  for (int64_t d : dims) t = unsqueeze(t, d);
  return t;
}
}  // namespace

TS_REGISTER_OPS(linalg_norm) {
  auto fn = [](ops::OpDef& d) -> ops::OpDef& { return d.variants("function"); };
  fn(r.def<&linalg_vector_norm>("linalg_vector_norm(Tensor self, Scalar ord=2, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor"));
  fn(r.def<&linalg_matrix_norm>("linalg_matrix_norm(Tensor self, Scalar ord, int[] dim=[-2, -1], bool keepdim=False, *, ScalarType? dtype=None) -> Tensor")).composite_op();
  fn(r.def<&linalg_matrix_norm_str>("linalg_matrix_norm.str_ord(Tensor self, str ord=\"fro\", int[] dim=[-2, -1], bool keepdim=False, *, ScalarType? dtype=None) -> Tensor")).composite_op();
  fn(r.def<&linalg_norm>("linalg_norm(Tensor self, Scalar? ord=None, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor")).composite_op();
  fn(r.def<&linalg_norm_str>("linalg_norm.ord_str(Tensor self, str ord, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor")).composite_op();
  fn(r.def<&linalg_pinv_rcond>("linalg_pinv(Tensor self, float rcond, bool hermitian=False) -> Tensor")).composite_op();
  fn(r.def<&linalg_pinv>("linalg_pinv.atol_rtol_float(Tensor self, *, float? atol=None, float? rtol=None, bool hermitian=False) -> Tensor"));
  fn(r.def<&linalg_matrix_rank_tol>("linalg_matrix_rank(Tensor self, float tol, bool hermitian=False) -> Tensor")).not_differentiable();
  fn(r.def<&linalg_matrix_rank>("linalg_matrix_rank.atol_rtol_float(Tensor self, *, float? atol=None, float? rtol=None, bool hermitian=False) -> Tensor")).not_differentiable();
  fn(r.def<&linalg_matrix_power>("linalg_matrix_power(Tensor self, int n) -> Tensor")).composite_op();
  r.def<&linalg_matrix_power>("matrix_power(Tensor self, int n) -> Tensor").composite_op();
  // torch.norm's Python signature (after aten's norm overloads in reduce_stats.cpp).
  r.def<&norm_functional>("norm.functional(Tensor self, Scalar? p, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor").composite_op();
  r.def<&norm_functional_out>("norm.functional_out(Tensor self, Scalar? p, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)");
  r.def<&norm_functional_str>("norm.functional_str(Tensor self, str p=\"fro\", int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor").composite_op();
  r.def<&norm_functional_str_out>("norm.functional_str_out(Tensor self, str p=\"fro\", int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)");
  r.entry("linalg_pinv", "atol_rtol_float").grad("LinalgPinvBackward0", "self result", TS_GRAD({
    return {pinv_back(c.grad(), c.result(), c.in(0))};
  }));
  r.entry("linalg_vector_norm").grad("LinalgVectorNormBackward0", "self result", TS_GRAD({
    const Tensor& x = c.in(0);
    const double p = c.scalar(1).to_double();
    DimVector dims;
    if (!c.none(2) && !c.ints(2).empty())
      for (int64_t d : c.ints(2)) dims.push_back(wrap_dim(d, x.dim()));
    else
      for (int64_t d = 0; d < x.dim(); ++d) dims.push_back(d);
    std::sort(dims.begin(), dims.end());
    const bool kd = c.flag(3) || x.dim() == 0;
    Tensor g = restore_dims(c.grad(), dims, kd), res = restore_dims(c.result(), dims, kd);
    Tensor xr = c.none(4) ? x : x.to(c.grad().dtype());
    return {vector_norm_back(g, xr, res, p, IntArrayRef(dims))};
  }));
}

}  // namespace ts
