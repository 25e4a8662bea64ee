// Derivatives of torch.linalg's ops, PyTorch 1.13's node names and derivatives.yaml formulas
// (FunctionsManual.cpp: linalg_det_backward, cholesky_backward, linalg_qr_backward,
// svd_backward, linalg_eig_backward, pinv_backward, linalg_lstsq_backward, norm_backward),
// real case. SVD and eigh gradients assume distinct singular values / eigenvalues, as
// PyTorch's do; eigh's and cholesky's are symmetric (the input is taken as symmetric).
#include <algorithm>
#include <cmath>

#include "ops/api_linalg_lapack.h"
#include "ops/ops.h"
#include "ops/registry.h"

namespace ts {

namespace {

Tensor mT(const Tensor& t) { return transpose(t, -2, -1); }

// PyTorch's linalg_solve_is_vector_rhs: B is a (batch of) vector(s).
bool vector_rhs(IntArrayRef A, IntArrayRef B) {
  return B.size() == 1 || (A.size() - 1 == B.size() && IntArrayRef(A.data(), A.size() - 1) == B);
}

// det's gradient, the cofactor matrix scaled by g. Where some det is 0 (inv does not exist),
// through the SVD as PyTorch does: cof(A) = det(U) det(Vh) U diag(prod_{j != i} s_j) Vh.
Tensor det_back(const Tensor& g, const Tensor& det, const Tensor& A) {
  if (A.numel() == 0) return zeros_like(A);
  Tensor gd = unsqueeze(unsqueeze(g * det, -1), -1);
  if (all(ne(det, Scalar(0.0))).item<bool>()) return gd * mT(linalg_inv(A));
  auto [U, S, Vh] = linalg_svd(A, true);
  const int64_t n = S.size(-1);
  Tensor ones_ = ones_like(narrow(S, -1, 0, 1));
  // Products of the singular values before and after each index (no division by zero).
  Tensor before = cat({ones_, cumprod(narrow(S, -1, 0, n - 1), -1)}, -1);
  Tensor after = flip(cat({ones_, cumprod(narrow(flip(S, {-1}), -1, 0, n - 1), -1)}, -1), {-1});
  Tensor alpha = unsqueeze(unsqueeze(g * linalg_det(U) * linalg_det(Vh), -1), -1);
  return alpha * matmul(U * unsqueeze(before * after, -2), Vh);
}

Tensor cholesky_back(Tensor gL, bool upper, Tensor L) {
  if (upper) {
    L = mT(L);
    gL = mT(gL);
  }
  Tensor Linv = linalg_inv(L);
  Tensor phi = tril(matmul(mT(L), gL));
  phi = phi - diag_embed(diagonal(phi, 0, -2, -1)) * Scalar(0.5);
  Tensor gA = matmul(matmul(mT(Linv), phi), Linv);
  return (gA + mT(gA)) * Scalar(0.5);
}

// A = QR with m >= n (Q m x n, R n x n): gA = (gQ + Q copyltu(M)) R^{-T}, M = R gR^T - gQ^T Q.
Tensor qr_back_tall(const Tensor& gQ, const Tensor& gR, const Tensor& Q, const Tensor& R) {
  Tensor M = matmul(R, mT(gR)) - matmul(mT(gQ), Q);
  Tensor copyltu = tril(M) + mT(tril(M, -1));
  Tensor b = gQ + matmul(Q, copyltu);
  return mT(linalg_solve(R, mT(b)));
}

Tensor qr_back(const Tensor& gQ, const Tensor& gR, const Tensor& Q, const Tensor& R,
               const std::string& mode) {
  const int64_t m = Q.size(-2), n = R.size(-1);
  TS_CHECK(mode != "r", "The derivative of linalg.qr depends on Q, which is not computed when mode='r'. "
           "Please use linalg.qr(A, mode='reduced') if you are going to differentiate through linalg.qr.");
  TS_CHECK(mode != "complete" || m <= n,
           "The QR decomposition is not differentiable when mode='complete' and nrows > ncols.");
  if (m >= n) return qr_back_tall(gQ, gR, Q, R);
  // A = [U | V], U = QX square, V = QY.
  Tensor X = narrow(R, -1, 0, m), Y = narrow(R, -1, m, n - m);
  Tensor gX = narrow(gR, -1, 0, m), gY = narrow(gR, -1, m, n - m);
  Tensor gU = qr_back_tall(gQ + matmul(matmul(Q, Y), mT(gY)), gX, Q, X);
  return cat({gU, matmul(Q, gY)}, -1);
}

Tensor svd_back(const Tensor& gU, const Tensor& gS, const Tensor& gVh, const Tensor& U,
                const Tensor& S, const Tensor& Vh) {
  const int64_t m = U.size(-2), n = Vh.size(-1);
  auto skew = [](const Tensor& a) { return a - mT(a); };
  Tensor UhgU = skew(matmul(mT(U), gU));
  Tensor VhgV = skew(matmul(Vh, mT(gVh)));
  Tensor S2 = S * S;
  Tensor E = unsqueeze(S2, -2) - unsqueeze(S2, -1);
  E = E + diag_embed(ones_like(S));  // E's diagonal is 0: make it 1
  Tensor gA = (UhgU * unsqueeze(S, -2) + unsqueeze(S, -1) * VhgV) / E;
  gA = gA + diag_embed(gS);
  if (m > n) {
    gA = matmul(U, gA);
    Tensor gUSinv = gU / unsqueeze(S, -2);
    gA = gA + gUSinv - matmul(U, matmul(mT(U), gUSinv));
    return matmul(gA, Vh);
  }
  if (m < n) {
    gA = matmul(gA, Vh);
    Tensor SinvgVh = gVh / unsqueeze(S, -1);
    gA = gA + SinvgVh - matmul(matmul(SinvgVh, mT(Vh)), Vh);
    return matmul(U, gA);
  }
  return matmul(U, matmul(gA, Vh));
}

Tensor eigh_back(const Tensor& gL, const Tensor& gV, const Tensor& L, const Tensor& V) {
  Tensor VhgV = matmul(mT(V), gV);
  VhgV = (VhgV - mT(VhgV)) * Scalar(0.5);
  Tensor E = unsqueeze(L, -2) - unsqueeze(L, -1);
  E = E + diag_embed(ones_like(L));
  Tensor gA = VhgV / E + diag_embed(gL);
  return matmul(V, matmul(gA, mT(V)));
}

Tensor pinv_back(const Tensor& grad, const Tensor& pinvA, const Tensor& A) {
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

TS_REGISTER_GRADS(linalg_grads) {
  r.entry("linalg_inv").grad("LinalgInvExBackward0", "result", TS_GRAD({
    Tensor Rt = mT(c.result());
    return {neg(matmul(matmul(Rt, c.grad()), Rt))};
  }));
  r.entry("linalg_det").grad("LinalgDetBackward0", "A result", TS_GRAD({
    return {det_back(c.grad(), c.result(), c.in(0))};
  }));
  r.entry("linalg_slogdet").grad("LinalgSlogdetBackward0", "A", TS_GRAD({
    Tensor g = unsqueeze(unsqueeze(c.grad(1), -1), -1);
    return {g * mT(linalg_inv(c.in(0)))};
  }));
  r.entry("linalg_solve").grad("LinalgSolveExBackward0", "A result", TS_GRAD({
    const Tensor& A = c.in(0);
    const bool left = c.flag(2);
    const bool vec = vector_rhs(c.sizes(0), c.sizes(1));
    Tensor g = vec ? unsqueeze(c.grad(), -1) : c.grad();
    Tensor X = vec ? unsqueeze(c.result(), -1) : c.result();
    Tensor gB = linalg_solve(mT(A), g, left);
    Tensor gA;
    if (c.need(0)) gA = left ? neg(matmul(gB, mT(X))) : neg(matmul(mT(X), gB));
    return {gA, TS_IF(1, vec ? squeeze(gB, -1) : gB)};
  }));
  r.entry("linalg_cholesky").grad("LinalgCholeskyExBackward0", "result", TS_GRAD({
    return {cholesky_back(c.grad(), c.flag(1), c.result())};
  }));
  r.entry("linalg_qr").grad("LinalgQrBackward0", "result", TS_GRAD({
    return {qr_back(c.grad(0), c.grad(1), c.result(0), c.result(1), c.args[1].to_string())};
  }));
  r.entry("linalg_svd").grad("LinalgSvdBackward0", "result", TS_GRAD({
    Tensor U = c.result(0), Vh = c.result(2), gU = c.grad(0), gVh = c.grad(2);
    const Tensor& S = c.result(1);
    if (c.flag(1)) {  // full_matrices: only the first k columns of U / rows of Vh matter
      const int64_t k = S.size(-1);
      U = narrow(U, -1, 0, k);
      gU = narrow(gU, -1, 0, k);
      Vh = narrow(Vh, -2, 0, k);
      gVh = narrow(gVh, -2, 0, k);
    }
    return {svd_back(gU, c.grad(1), gVh, U, S, Vh)};
  }));
  r.entry("linalg_svdvals").grad("LinalgSvdBackward0", "A", TS_GRAD({
    auto [U, S, Vh] = linalg_svd(c.in(0), false);
    return {matmul(U * unsqueeze(c.grad(), -2), Vh)};
  }));
  r.entry("linalg_eigh").grad("LinalgEighBackward0", "result", TS_GRAD({
    return {eigh_back(c.grad(0), c.grad(1), c.result(0), c.result(1))};
  }));
  ops::OpDef& lstsq = r.entry("linalg_lstsq");
  ops::Derivative* lstsq_d = ops::make_derivative(lstsq, "LinalgLstsqBackward0", "self b", TS_GRAD({
    const Tensor& A = c.in(0);
    const bool vec = c.sizes(1).size() + 1 == c.sizes(0).size();
    Tensor gX = vec ? unsqueeze(c.grad(0), -1) : c.grad(0);
    Tensor B = vec ? unsqueeze(c.in(1), -1) : c.in(1);
    Tensor pinvA = linalg_pinv(A);
    Tensor gA, gB;
    if (c.need(0)) gA = pinv_back(matmul(gX, mT(B)), pinvA, A);
    if (c.need(1)) {
      gB = matmul(mT(pinvA), gX);
      if (vec) gB = squeeze(gB, -1);
    }
    return {gA, gB};
  }));
  lstsq_d->nondiff_outputs = 0b1110;  // residuals, rank, singular_values
  lstsq.grad(lstsq_d);
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
