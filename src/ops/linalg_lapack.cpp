// torch.linalg's LAPACK-backed ops: inv, det, slogdet, solve, cholesky, qr, svd, svdvals, eigh,
// lstsq, and the old names det/inverse/slogdet/logdet. Checks and messages follow PyTorch
// 1.13 (BatchLinearAlgebra.cpp, LinalgUtils.h); failures LAPACK reports (singular, not
// positive-definite) raise torch's LinAlgError; each carries its derivative.
//
// Each op copies its input into LAPACK's layout (a contiguous batch of column-major matrices:
// `A.mT()` made contiguous), runs the kernel over the batch (kernels/cpu/lapack.cpp) and
// copies the column-major results back into ordinary contiguous tensors.
#include <algorithm>
#include <cmath>
#include <limits>

#include "ops/api_linalg_lapack.h"
#include "ops/grad_util.h"
#include "ops/linalg_nn_util.h"
#include "ops/ops.h"
#include "ops/registry.h"
#include "stubs/lapack.h"
#include "tensor/iter.h"

namespace ts {

TS_DEFINE_STUB(lapack_lu_stub);
TS_DEFINE_STUB(lapack_solve_stub);
TS_DEFINE_STUB(lapack_cholesky_stub);
TS_DEFINE_STUB(lapack_geqrf_stub);
TS_DEFINE_STUB(lapack_orgqr_stub);
TS_DEFINE_STUB(lapack_svd_stub);
TS_DEFINE_STUB(lapack_eigh_stub);
TS_DEFINE_STUB(lapack_lstsq_stub);

using namespace lnn;
using namespace grad;

namespace {

void check_matrix(const Tensor& A, const char* fn, const char* arg = "A") {
  TS_CHECK(A.dim() >= 2, fn, ": The input tensor ", arg, " must have at least 2 dimensions.");
}
void check_square(const Tensor& A, const char* fn) {
  check_matrix(A, fn);
  TS_CHECK(A.size(-1) == A.size(-2), fn, ": A must be batches of square matrices, but they are ",
           A.size(-2), " by ", A.size(-1), " matrices");
}
// float16/bfloat16 pass PyTorch's dtype checks but have no LAPACK kernel.
void check_lapack_dtype(const Tensor& A, const char* kernel) {
  if (A.dtype() != DType::Float32 && A.dtype() != DType::Float64) not_implemented(kernel, A.dtype());
}

DimVector batch_shape(const Tensor& A) {
  return DimVector(IntArrayRef(A.sizes().data(), size_t(A.dim() - 2)));
}
int64_t count(IntArrayRef s) {
  int64_t n = 1;
  for (int64_t v : s) n *= v;
  return n;
}
DimVector with(IntArrayRef batch, std::initializer_list<int64_t> tail) {
  DimVector s(batch);
  for (int64_t v : tail) s.push_back(v);
  return s;
}

// A fresh column-major copy of A ([..., rows, cols] -> [..., cols, rows] contiguous).
Tensor to_lapack(const Tensor& A) {
  Tensor t = mT_view(A);
  Tensor c = empty(t.sizes(), options_of(A));
  copy_into(c, t);
  return c;
}
// A column-major buffer [..., cols, rows] back as a contiguous [..., rows, cols] tensor.
Tensor from_lapack(const Tensor& F) { return contiguous(mT_view(F)); }

Tensor int_tensor(IntArrayRef shape, const Tensor& like, DType t = DType::Int32) {
  return zeros(shape, options_of(like, t));
}

// Raises PyTorch's LinAlgError for the first batch element whose LAPACK info is nonzero.
template <typename Msg>
void check_infos(const Tensor& info, const char* fn, bool batched, Msg msg) {
  const int32_t* p = info.data<int32_t>();
  for (int64_t i = 0; i < info.numel(); ++i) {
    if (p[i] == 0) continue;
    std::string pre = batched ? util::str("(Batch element ", i, "): ") : std::string();
    util::throw_error(ErrorKind::LinAlg, util::str(fn, ": ", pre, msg(p[i])));
  }
}

// gesdd's info: -4 flags a NaN in the input; > 0 no convergence.
std::string svd_error(int info) {
  if (info < 0) return "The algorithm failed to converge because the input matrix contained non-finite values.";
  return util::str("The algorithm failed to converge because the input matrix is ill-conditioned or has too many "
                   "repeated singular values (error code: ", info - 1, ").");
}

// LU factors (column-major buffer), pivots and infos of a batch of square matrices.
struct LU {
  Tensor f, piv, info;
};
LU lu_factor(const Tensor& A) {
  const int64_t n = A.size(-1);
  DimVector b = batch_shape(A);
  LU r{to_lapack(A), int_tensor(with(b, {n}), A), int_tensor(b, A)};
  if (A.numel() > 0) lapack_lu_stub(A.device().type, r.f, r.piv, r.info, n, n);
  return r;
}

// det's sign from the pivots (-1 per row interchange) and the diagonal of U.
std::tuple<Tensor, Tensor> lu_sign_diag(const LU& lu, int64_t n) {
  Tensor d = diagonal(lu.f, 0, -2, -1);
  Tensor ar = arange(Scalar(1), Scalar(n + 1), Scalar(1), TensorOptions(DType::Int32));
  Tensor swaps = sum(ne(lu.piv, ar), IntArrayRef({-1}), false);
  Tensor perm = sub(ones_like(swaps, d.dtype()), remainder(swaps, Scalar(2)) * Scalar(2));
  return {perm, d};
}

Tensor solve_impl(const Tensor& A, const Tensor& B, bool left) {
  check_square(A, "linalg.solve");
  check_floating(A, "linalg.solve");
  TS_CHECK(A.dtype() == B.dtype(), "linalg.solve: Expected A and B to have the same dtype, but found A of type ",
           torch_type_name(A.dtype()), " and B of type ", torch_type_name(B.dtype()), " instead");
  // B is a (batch of) vector(s) when it is 1-d or has A's batch shape plus one dim.
  const bool vector = B.dim() == 1 ||
      (A.dim() - 1 == B.dim() && IntArrayRef(B.sizes()) == IntArrayRef(A.sizes().data(), size_t(A.dim() - 1)));
  Tensor b = vector ? unsqueeze_view(B, B.dim()) : B;
  const int64_t n = A.size(-1);
  TS_CHECK(b.dim() >= 2 && (left ? b.size(-2) : b.size(-1)) == n, "linalg.solve: Incompatible shapes of A and B for the equation ",
           left ? "AX = B" : "XA = B", " (", A.size(-2), "x", A.size(-1), " and ",
           b.dim() >= 2 ? b.size(-2) : b.size(0), "x", b.dim() >= 2 ? b.size(-1) : 1, ")");
  check_lapack_dtype(A, "linalg_solve");
  if (!left) b = mT_view(b);
  DimVector batch = broadcast_shapes(batch_shape(A), batch_shape(b));
  const int64_t k = b.size(-1);
  Tensor Ae = expand_view(A, with(batch, {n, n}));
  Tensor be = expand_view(b, with(batch, {n, k}));
  Tensor fa = left ? to_lapack(Ae) : contiguous(Ae).clone();  // XA = B: A^T's layout is A's
  Tensor fb = to_lapack(be);
  Tensor info = int_tensor(batch, A);
  if (fa.numel() > 0 && fb.numel() > 0) lapack_solve_stub(A.device().type, fa, fb, info, n, k);
  check_infos(info, "torch.linalg.solve", !batch.empty(), [](int) {
    return std::string("The solver failed because the input matrix is singular.");
  });
  Tensor x = from_lapack(fb);
  if (!left) x = contiguous(mT_view(x));
  return vector ? squeeze_view(x, x.dim() - 1) : x;
}

// The checks of the LU-based ops (inv, det, slogdet), in PyTorch's order.
void check_lu_input(const Tensor& A, const char* name) {
  check_matrix(A, name);
  check_square(A, name);
  check_floating(A, name);
  check_lapack_dtype(A, "lu_cpu");
}


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
}  // namespace

Tensor linalg_inv(const Tensor& A) {
  TS_AUTOGRAD("linalg_inv", A);
  check_lu_input(A, "linalg.inv");
  const int64_t n = A.size(-1);
  DimVector batch = batch_shape(A);
  Tensor fa = to_lapack(A);
  Tensor fb = to_lapack(expand_view(eye(n, options_of(A)), with(batch, {n, n})));
  Tensor info = int_tensor(batch, A);
  if (A.numel() > 0) lapack_solve_stub(A.device().type, fa, fb, info, n, n);
  check_infos(info, "linalg.inv", A.dim() > 2, [](int i) {
    return util::str("The diagonal element ", i,
                     " is zero, the inversion could not be completed because the input matrix is singular.");
  });
  return from_lapack(fb);
}

Tensor linalg_det(const Tensor& A) {
  TS_AUTOGRAD("linalg_det", A);
  check_lu_input(A, "linalg.det");
  LU lu = lu_factor(A);
  auto [perm, d] = lu_sign_diag(lu, A.size(-1));
  return mul(perm, prod(d, -1));
}

std::tuple<Tensor, Tensor> linalg_slogdet(const Tensor& A) {
  TS_AUTOGRAD("linalg_slogdet", A);
  check_lu_input(A, "linalg.slogdet");
  LU lu = lu_factor(A);
  auto [perm, d] = lu_sign_diag(lu, A.size(-1));
  Tensor sign = mul(perm, prod(ts::sign(d), -1));
  Tensor logabs = sum(log(abs(d)), IntArrayRef({-1}), false);
  return {sign, logabs};
}

Tensor linalg_solve(const Tensor& A, const Tensor& B, bool left) {
  TS_AUTOGRAD("linalg_solve", A, B, left);
  return solve_impl(A, B, left);
}

Tensor linalg_cholesky(const Tensor& self, bool upper) {
  TS_AUTOGRAD("linalg_cholesky", self, upper);
  check_square(self, "linalg.cholesky");
  check_floating(self, "linalg.cholesky");
  check_lapack_dtype(self, "cholesky_cpu");
  const int64_t n = self.size(-1);
  Tensor f = to_lapack(self);
  Tensor info = int_tensor(batch_shape(self), self);
  if (self.numel() > 0) lapack_cholesky_stub(self.device().type, f, info, n, upper);
  check_infos(info, "linalg.cholesky", self.dim() > 2, [](int i) {
    return util::str("The factorization could not be completed because the input is not "
                     "positive-definite (the leading minor of order ", i, " is not positive-definite).");
  });
  Tensor r = from_lapack(f);
  return upper ? triu(r) : tril(r);
}

std::tuple<Tensor, Tensor> linalg_qr(const Tensor& A, const std::string& mode) {
  TS_AUTOGRAD("linalg_qr", A, mode);
  TS_CHECK(mode == "reduced" || mode == "r" || mode == "complete", "qr received unrecognized mode '",
           mode, "' but expected one of 'reduced' (default), 'r', or 'complete'");
  check_matrix(A, "linalg.qr");
  check_floating(A, "linalg.qr");
  check_lapack_dtype(A, "geqrf_cpu");
  const int64_t m = A.size(-2), n = A.size(-1), k = std::min(m, n);
  DimVector batch = batch_shape(A);
  Tensor f = to_lapack(A);
  Tensor tau = zeros(with(batch, {k}), options_of(A));
  if (A.numel() > 0) lapack_geqrf_stub(A.device().type, f, tau, m, n);
  const bool complete = mode == "complete" && m > n;
  Tensor R = triu(from_lapack(f));
  if (!complete) R = contiguous(narrow(R, -2, 0, k));
  if (mode == "r") return {empty({0}, options_of(A)), R};
  const int64_t qc = complete ? m : k;
  // Q's columns start as the reflectors geqrf left below R's diagonal.
  Tensor fq = zeros(with(batch, {qc, m}), options_of(A));
  copy_into(narrow(fq, -2, 0, std::min(qc, n)), narrow(f, -2, 0, std::min(qc, n)));
  if (fq.numel() > 0) lapack_orgqr_stub(A.device().type, fq, tau, m, qc, k);
  return {from_lapack(fq), R};
}

std::tuple<Tensor, Tensor, Tensor> linalg_svd(const Tensor& A, bool full_matrices,
                                              const std::optional<std::string>& driver) {
  TS_AUTOGRAD("linalg_svd", A, full_matrices, driver);
  check_matrix(A, "linalg.svd");
  check_floating(A, "linalg.svd");
  TS_CHECK(!driver, "torch.linalg.svd: keyword argument `driver=` is only supported on CUDA inputs with cuSOLVER backend.");
  check_lapack_dtype(A, "linalg_svd_cpu");
  const int64_t m = A.size(-2), n = A.size(-1), k = std::min(m, n);
  DimVector batch = batch_shape(A);
  const int64_t uc = full_matrices ? m : k, vr = full_matrices ? n : k;
  Tensor S = empty(with(batch, {k}), options_of(A));
  if (k == 0) {  // no singular values: the identity where the factor is square
    Tensor U = full_matrices ? contiguous(expand_view(eye(m, options_of(A)), with(batch, {m, m})))
                             : zeros(with(batch, {m, uc}), options_of(A));
    Tensor V = full_matrices ? contiguous(expand_view(eye(n, options_of(A)), with(batch, {n, n})))
                             : zeros(with(batch, {vr, n}), options_of(A));
    return {U, S, V};
  }
  Tensor f = to_lapack(A);
  Tensor fu = empty(with(batch, {uc, m}), options_of(A));
  Tensor fv = empty(with(batch, {n, vr}), options_of(A));
  Tensor info = int_tensor(batch, A);
  if (count(batch) > 0)
    lapack_svd_stub(A.device().type, f, fu, S, fv, info, m, n, full_matrices ? 'A' : 'S');
  check_infos(info, "linalg.svd", A.dim() > 2, svd_error);
  return {from_lapack(fu), S, from_lapack(fv)};
}

Tensor linalg_svdvals(const Tensor& A, const std::optional<std::string>& driver) {
  TS_AUTOGRAD("linalg_svdvals", A, driver);
  check_matrix(A, "linalg.svd");
  check_floating(A, "linalg.svd");
  TS_CHECK(!driver, "torch.linalg.svd: keyword argument `driver=` is only supported on CUDA inputs with cuSOLVER backend.");
  check_lapack_dtype(A, "linalg_svd_cpu");
  const int64_t m = A.size(-2), n = A.size(-1), k = std::min(m, n);
  DimVector batch = batch_shape(A);
  Tensor S = empty(with(batch, {k}), options_of(A));
  if (k == 0 || count(batch) == 0) return S;
  Tensor f = to_lapack(A);
  Tensor info = int_tensor(batch, A);
  lapack_svd_stub(A.device().type, f, Tensor(), S, Tensor(), info, m, n, 'N');
  check_infos(info, "linalg.svd", A.dim() > 2, svd_error);
  return S;
}

std::tuple<Tensor, Tensor> linalg_eigh(const Tensor& self, const std::string& UPLO) {
  TS_AUTOGRAD("linalg_eigh", self, UPLO);
  check_square(self, "linalg.eigh");
  TS_CHECK(UPLO == "L" || UPLO == "U" || UPLO == "l" || UPLO == "u",
           "Expected UPLO argument to be 'L' or 'U', but got ", UPLO);
  check_lapack_dtype(self, "linalg_eigh_cpu");
  const int64_t n = self.size(-1);
  DimVector batch = batch_shape(self);
  Tensor f = to_lapack(self);
  Tensor w = empty(with(batch, {n}), options_of(self));
  Tensor info = int_tensor(batch, self);
  if (self.numel() > 0)
    lapack_eigh_stub(self.device().type, f, w, info, n, true, UPLO == "U" || UPLO == "u");
  check_infos(info, "linalg.eigh", self.dim() > 2, [](int i) {
    return util::str("The algorithm failed to converge because the input matrix is ill-conditioned "
                     "or has too many repeated eigenvalues (error code: ", i, ").");
  });
  return {w, from_lapack(f)};
}

std::tuple<Tensor, Tensor, Tensor, Tensor> linalg_lstsq(const Tensor& self, const Tensor& b,
                                                        std::optional<double> rcond,
                                                        const std::optional<std::string>& driver) {
  TS_AUTOGRAD("linalg_lstsq", self, b, rcond, driver);
  TS_CHECK(self.dim() >= 2, "torch.linalg.lstsq: input must have at least 2 dimensions.");
  TS_CHECK(b.dim() >= 1, "torch.linalg.lstsq: other must have at least 1 dimension.");
  TS_CHECK(self.dtype() == b.dtype(), "torch.linalg.lstsq: Expected input and other to have the same dtype, but got input's dtype ",
           torch_type_name(self.dtype()), " and other's dtype ", torch_type_name(b.dtype()));
  const int64_t dim_diff = self.dim() - b.dim();
  TS_CHECK(dim_diff == 0 || dim_diff == 1,
           "torch.linalg.lstsq: input.dim() must be greater or equal to other.dim() and (input.dim() - other.dim()) <= 1");
  const bool vector = dim_diff == 1;
  Tensor B = vector ? unsqueeze_view(b, b.dim()) : b;
  TS_CHECK(self.size(-2) == B.size(-2), vector ? "torch.linalg.lstsq: input.size(-2) should match other.size(-1)"
                                               : "torch.linalg.lstsq: input.size(-2) should match other.size(-2)");
  const std::string drv = driver.value_or("gelsy");
  TS_CHECK(drv == "gels" || drv == "gelsy" || drv == "gelsd" || drv == "gelss",
           "torch.linalg.lstsq: parameter `driver` should be one of (gels, gelsy, gelsd, gelss)");
  TS_CHECK(self.dtype() == DType::Float32 || self.dtype() == DType::Float64,
           "This function doesn't handle types other than float and double");
  const int64_t m = self.size(-2), n = self.size(-1), k = B.size(-1), ldb = std::max(m, n);
  const double rc = rcond.value_or((self.dtype() == DType::Float32 ? std::numeric_limits<float>::epsilon()
                                                                   : std::numeric_limits<double>::epsilon()) *
                                   double(std::max(m, n)));
  DimVector batch = broadcast_shapes(batch_shape(self), batch_shape(B));
  Tensor fa = to_lapack(expand_view(self, with(batch, {m, n})));
  Tensor fb = zeros(with(batch, {k, ldb}), options_of(self));
  copy_into(narrow(fb, -1, 0, m), mT_view(expand_view(B, with(batch, {m, k}))));
  const bool has_rank = drv != "gels", has_s = drv == "gelsd" || drv == "gelss";
  Tensor rank = has_rank ? zeros(batch, options_of(self, DType::Int64)) : empty({0}, options_of(self, DType::Int64));
  Tensor sv = has_s ? zeros(with(batch, {std::min(m, n)}), options_of(self)) : empty({0}, options_of(self));
  Tensor info = int_tensor(batch, self);
  if (count(batch) > 0 && m > 0 && n > 0)
    lapack_lstsq_stub(self.device().type, fa, fb, rank, sv, info, m, n, k, rc, drv);
  check_infos(info, "torch.linalg.lstsq", !batch.empty(), [](int i) {
    return util::str("The least squares solution could not be computed because the input matrix does not have full rank (error code: ",
                     i, ").");
  });
  Tensor full = from_lapack(fb);  // [..., ldb, k]
  Tensor x = contiguous(narrow(full, -2, 0, n));
  Tensor residuals = empty({0}, options_of(self));
  if (m > n && drv != "gelsy") {
    bool compute = true;
    if (has_s) compute = count(batch) == 0 || all(eq(rank, Scalar(n))).item<bool>();
    if (compute) residuals = sum(pow(narrow(full, -2, n, m - n), Scalar(2)), IntArrayRef({-2}), false);
  }
  if (vector) x = squeeze_view(x, x.dim() - 1);
  return {x, residuals, rank, sv};
}

// ---- the old names ----
Tensor det(const Tensor& self) { return linalg_det(self); }
Tensor inverse(const Tensor& self) { return linalg_inv(self); }
std::tuple<Tensor, Tensor> slogdet(const Tensor& self) { return linalg_slogdet(self); }
Tensor logdet(const Tensor& self) {
  auto [s, l] = linalg_slogdet(self);
  return where(lt(s, Scalar(0)), Scalar(std::numeric_limits<double>::quiet_NaN()), l);
}

TS_REGISTER_OPS(linalg_lapack) {
  auto fn = [](ops::OpDef& d) -> ops::OpDef& { return d.variants("function"); };
  fn(r.def<&linalg_inv>("linalg_inv(Tensor A) -> Tensor"));
  fn(r.def<&linalg_det>("linalg_det(Tensor A) -> Tensor"));
  fn(r.def<&linalg_slogdet>("linalg_slogdet(Tensor A) -> (Tensor sign, Tensor logabsdet)"));
  fn(r.def<&linalg_solve>("linalg_solve(Tensor A, Tensor B, *, bool left=True) -> Tensor"));
  fn(r.def<&linalg_cholesky>("linalg_cholesky(Tensor self, *, bool upper=False) -> Tensor"));
  fn(r.def<&linalg_qr>("linalg_qr(Tensor A, str mode=\"reduced\") -> (Tensor Q, Tensor R)"));
  fn(r.def<&linalg_svd>("linalg_svd(Tensor A, bool full_matrices=True, *, str? driver=None) -> (Tensor U, Tensor S, Tensor Vh)"));
  fn(r.def<&linalg_svdvals>("linalg_svdvals(Tensor A, *, str? driver=None) -> Tensor"));
  fn(r.def<&linalg_eigh>("linalg_eigh(Tensor self, str UPLO=\"L\") -> (Tensor eigenvalues, Tensor eigenvectors)"));
  fn(r.def<&linalg_lstsq>("linalg_lstsq(Tensor self, Tensor b, float? rcond=None, *, str? driver=None) -> (Tensor solution, Tensor residuals, Tensor rank, Tensor singular_values)"));
  r.def<&det>("det(Tensor self) -> Tensor").composite_op();
  r.def<&inverse>("inverse(Tensor self) -> Tensor").composite_op();
  r.def<&slogdet>("slogdet(Tensor self) -> (Tensor sign, Tensor logabsdet)").composite_op();
  r.def<&logdet>("logdet(Tensor self) -> Tensor").composite_op();
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
}

}  // namespace ts
