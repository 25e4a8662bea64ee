// cosine_similarity, pairwise_distance, pdist and cdist (PyTorch 1.13's Distance.cpp). All are
// composites of differentiable ops, so autograd records what they call.
#include <cmath>

#include "ops/api_nn_functional.h"
#include "ops/linalg_nn_util.h"
#include "ops/ops.h"
#include "ops/registry.h"
#include "tensor/grad_mode.h"
#include "tensor/iter.h"

namespace ts {

using namespace lnn;

namespace {

// x with its value clamped below at eps but its gradient that of x (PyTorch clamps in place
// under NoGradGuard).
Tensor clamp_min_value_only(const Tensor& x, double eps) {
  Tensor d = x.detach();
  return x + (clamp_min(d, Scalar(eps)) - d);
}

}  // namespace

Tensor cosine_similarity(const Tensor& x1_, const Tensor& x2_, int64_t dim, double eps) {
  const Tensor pair[2] = {x1_, x2_};
  const DType common = result_type(util::ArrayRef<Tensor>(pair, 2));
  TS_CHECK(is_floating(common), "expected common dtype to be floating point, yet common dtype is ",
           scalar_type_name(common));
  Tensor x1 = is_integral(x1_.dtype(), true) ? x1_.to(common) : x1_;
  Tensor x2 = is_integral(x2_.dtype(), true) ? x2_.to(common) : x2_;
  DimVector shape = broadcast_shapes(x1.sizes(), x2.sizes());
  x1 = expand(x1, shape);
  x2 = expand(x2, shape);
  Tensor n1 = clamp_min_value_only(norm(x1, Scalar(2), IntArrayRef{dim}, true), eps);
  Tensor n2 = clamp_min_value_only(norm(x2, Scalar(2), IntArrayRef{dim}, true), eps);
  return sum((x1 / n1) * (x2 / n2), dim);
}

Tensor pairwise_distance(const Tensor& x1, const Tensor& x2, double p, double eps, bool keepdim) {
  const int64_t out_dim = std::max(x1.dim(), x2.dim());
  return norm(x1 - x2 + eps, Scalar(p), IntArrayRef{out_dim - 1}, keepdim);
}

Tensor pdist(const Tensor& self, double p) {
  TS_CHECK(self.dim() == 2, "pdist only supports 2D tensors, got: ", self.dim(), "D");
  TS_CHECK(is_floating(self.dtype()), "pdist only supports floating-point dtypes");
  TS_CHECK(p >= 0, "pdist only supports non-negative p values");
  return _pdist_forward(contiguous(self), p);
}

Tensor _pdist_forward(const Tensor& self, double p) {
  // Empty cases (n <= 1, no columns) go through the same ops so the graph stays connected.
  const int64_t n = self.size(0);
  // Row pairs (i, j), i < j, in row-major order as PyTorch's kernel writes them.
  Tensor ij = triu_indices(n, n, 1);
  Tensor diff = index_select(self, 0, select(ij, 0, 0)) - index_select(self, 0, select(ij, 0, 1));
  return norm(diff, Scalar(p), IntArrayRef{1}, false);
}

namespace {

Tensor euclidean_dist(const Tensor& x1, const Tensor& x2) {
  Tensor x1_norm = sum(pow(x1, Scalar(2)), -1, true);
  Tensor x2_norm = sum(pow(x2, Scalar(2)), -1, true);
  Tensor a = cat({x1 * -2, x1_norm, ones_like(x1_norm)}, -1);
  Tensor b = cat({x2, ones_like(x2_norm), x2_norm}, -1);
  return sqrt(clamp_min(matmul(a, transpose(b, -2, -1)), Scalar(0)));
}

bool use_mm(double p, int64_t mode, int64_t r1, int64_t r2) {
  return p == 2 && (mode == 1 || (mode == 0 && (r1 > 25 || r2 > 25)));
}

void check_cdist_shapes(const Tensor& x1, const Tensor& x2) {
  TS_CHECK(x1.dim() >= 2, "cdist only supports at least 2D tensors, X1 got: ", x1.dim(), "D");
  TS_CHECK(x2.dim() >= 2, "cdist only supports at least 2D tensors, X2 got: ", x2.dim(), "D");
  TS_CHECK(x1.size(-1) == x2.size(-1), "X1 and X2 must have the same number of columns. X1: ",
           x1.size(-1), " X2: ", x2.size(-1));
}

}  // namespace

Tensor _cdist_forward(const Tensor& x1, const Tensor& x2, double p, std::optional<int64_t> compute_mode) {
  check_cdist_shapes(x1, x2);
  TS_CHECK(is_floating(x1.dtype()), "cdist only supports floating-point dtypes, X1 got: ",
           scalar_type_name(x1.dtype()));
  TS_CHECK(is_floating(x2.dtype()), "cdist only supports floating-point dtypes, X2 got: ",
           scalar_type_name(x2.dtype()));
  TS_CHECK(p >= 0, "cdist only supports non-negative p values");
  const int64_t mode = compute_mode.value_or(0);
  TS_CHECK(mode >= 0 && mode <= 2, "possible modes: 0, 1, 2, but was: ", mode);
  const int64_t r1 = x1.size(-2), r2 = x2.size(-2), c = x1.size(-1);
  DimVector batch = broadcast_shapes(IntArrayRef(x1.sizes().data(), size_t(x1.dim() - 2)),
                                     IntArrayRef(x2.sizes().data(), size_t(x2.dim() - 2)));
  DimVector out_shape = batch;
  out_shape.push_back(r1);
  out_shape.push_back(r2);
  int64_t nb = 1;
  for (int64_t b : batch) nb *= b;
  (void)nb;
  (void)c;
  DimVector s1 = batch, s2 = batch;
  s1.push_back(r1);
  s1.push_back(c);
  s2.push_back(r2);
  s2.push_back(c);
  Tensor a = expand(x1, s1), b = expand(x2, s2);
  if (use_mm(p, mode, r1, r2)) return euclidean_dist(a, b);
  return norm(unsqueeze(a, -2) - unsqueeze(b, -3), Scalar(p), IntArrayRef{-1}, false);
}

Tensor cdist(const Tensor& x1, const Tensor& x2, double p, std::optional<int64_t> compute_mode) {
  check_cdist_shapes(x1, x2);
  return _cdist_forward(x1, x2, p, compute_mode);
}

TS_REGISTER_OPS(distance) {
  r.def<&cosine_similarity>("cosine_similarity(Tensor x1, Tensor x2, int dim=1, float eps=1e-08) -> Tensor").composite_op().variants("function");
  r.def<&pairwise_distance>("pairwise_distance(Tensor x1, Tensor x2, float p=2., float eps=1e-06, bool keepdim=False) -> Tensor").composite_op().variants("function");
  r.def<&pdist>("pdist(Tensor self, float p=2.) -> Tensor").composite_op().variants("function");
  r.def<&_pdist_forward>("_pdist_forward(Tensor self, float p=2.) -> Tensor").composite_op().variants("function");
  r.def<&cdist>("cdist(Tensor x1, Tensor x2, float p=2., int? compute_mode=None) -> Tensor").composite_op().variants("function");
  r.def<&_cdist_forward>("_cdist_forward(Tensor x1, Tensor x2, float p, int? compute_mode) -> Tensor").composite_op().variants("function");
}

}  // namespace ts
