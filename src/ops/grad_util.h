// Internal helpers shared by the derivatives of several families (each derivative is attached
// where its op is registered: src/autograd/README.md, Note [Recording ops]): reductions'
// reduced dims put back (reduce.cpp, reduce_stats.cpp), norm's backward (reduce_stats.cpp,
// scan.cpp's renorm), pinv's backward (linalg_lapack.cpp's lstsq, linalg_norm.cpp's pinv).
// Formulas use differentiable ops only, so a backward with create_graph records itself.
#pragma once

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include "ops/derivative.h"
#include "ops/ops.h"

namespace ts::grad {

inline Tensor zero_where(const Tensor& mask, const Tensor& g) { return where(mask, Scalar(0.0), g); }

inline bool has_zero(const Tensor& x) { return x.numel() > 0 && any(eq(x, Scalar(0.0))).item<bool>(); }

// Reduced dims of "int[1]? dim" at argument `arg` (None or [] = all), sorted and wrapped.
inline std::vector<int64_t> dims_of(const ops::BackwardCtx& c, int arg, int64_t nd) {
  std::vector<int64_t> d;
  if (arg >= 0 && !c.none(size_t(arg))) d = c.ints(size_t(arg));
  if (d.empty()) {
    d.resize(size_t(nd));
    std::iota(d.begin(), d.end(), 0);
  }
  for (int64_t& x : d) x = wrap_dim(x, nd);
  std::sort(d.begin(), d.end());
  return d;
}

// A reduced tensor put back in the input's rank (keepdim=True shape).
inline Tensor restore(const Tensor& t, const std::vector<int64_t>& dims, bool keepdim, int64_t nd) {
  if (keepdim || nd == 0) return t;
  Tensor r = t;
  for (int64_t d : dims) r = unsqueeze(r, d);
  return r;
}

// PyTorch's norm_backward, with the reduced gradient and result already at the input's rank.
inline Tensor norm_back(const Tensor& g, const Tensor& x, const Tensor& res, double p,
                        const std::vector<int64_t>& dims) {
  if (p == 0.0) return zeros_like(x);
  if (p == 1.0) return g * sgn(x);
  if (p == 2.0) return where(eq(res, Scalar(0.0)), Scalar(0.0), g * x / res);
  if (std::isinf(p)) {
    Tensor mask = eq(abs(x), res).to(g.dtype());
    Tensor cnt = x.dim() == 0 ? mask : sum(mask, IntArrayRef(dims), true);
    return g * sgn(x) * mask / cnt;
  }
  Tensor v = x * pow(abs(x), Scalar(p - 2.0)) / pow(res, Scalar(p - 1.0));
  return where(eq(res, Scalar(0.0)), Scalar(0.0), g * v);
}

inline Tensor mT(const Tensor& t) { return transpose(t, -2, -1); }

inline Tensor pinv_back(const Tensor& grad, const Tensor& pinvA, const Tensor& A) {
  const int64_t m = A.size(-2), n = A.size(-1);
  Tensor pinvAh = mT(pinvA), gradh = mT(grad);
  if (m <= n) {
    Tensor K = matmul(gradh, pinvA);
    Tensor KpinvAh = matmul(K, pinvAh);
    return -mT(matmul(pinvA, K)) + KpinvAh - matmul(matmul(A, pinvA), KpinvAh) +
           matmul(matmul(pinvAh, pinvA), gradh - matmul(K, A));
  }
  Tensor K = matmul(pinvA, gradh);
  Tensor pinvAhK = matmul(pinvAh, K);
  return -mT(matmul(K, pinvA)) + matmul(matmul(gradh - matmul(A, K), pinvA), pinvAh) + pinvAhK -
         matmul(matmul(pinvAhK, pinvA), A);
}

}  // namespace ts::grad
