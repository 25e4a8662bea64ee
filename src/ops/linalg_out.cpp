// out= variants of torch.linalg: the result is computed as by the plain op, then checked and
// written into the caller's tensors (resized as PyTorch's resize_output does). PyTorch 1.13's
// rules differ per function and are kept: most require the out dtype to equal the result's;
// lstsq, pinv and matrix_rank cast; norm and matrix_norm word the dtype error differently.
// With an input requiring grad, autograd refuses the call (src/autograd/record.cpp names the
// internal op PyTorch's message names); matrix_rank and the norms, which PyTorch computes
// anyway, are not differentiable here.
#include <initializer_list>

#include "ops/api_linalg_lapack.h"
#include "ops/reduce_util.h"
#include "ops/registry.h"
#include "ops/derivative.h"
#include "tensor/grad_mode.h"

namespace ts {

namespace {

// Strict dtype, then resize and copy.
Tensor put(const Tensor& out, const Tensor& r) {
  reduce::check_out_dtype(out, r.dtype());
  return reduce::write_out(out, r);
}

// linalg.norm's wording: "linalg.norm expected out tensor dtype Double but got: Float".
Tensor put_norm(const char* name, const Tensor& out, const Tensor& r) {
  TS_CHECK(out.dtype() == r.dtype(), name, " expected out tensor dtype ", scalar_type_name(r.dtype()),
           " but got: ", scalar_type_name(out.dtype()));
  return reduce::write_out(out, r);
}

// The plain op's result, without recording.
template <class F>
auto compute(F f) {
  NoGradGuard g;
  return f();
}

}  // namespace

Tensor linalg_inv_out(const Tensor& A, const Tensor& out) {
  TS_AUTOGRAD("linalg_inv.out", A, out);
  return put(out, compute([&] { return linalg_inv(A); }));
}
Tensor linalg_det_out(const Tensor& A, const Tensor& out) {
  TS_AUTOGRAD("linalg_det.out", A, out);
  return put(out, compute([&] { return linalg_det(A); }));
}
std::tuple<Tensor, Tensor> linalg_slogdet_out(const Tensor& A, const Tensor& sign, const Tensor& logabsdet) {
  TS_AUTOGRAD("linalg_slogdet.out", A, sign, logabsdet);
  auto [s, l] = compute([&] { return linalg_slogdet(A); });
  put(sign, s);
  put(logabsdet, l);
  return {sign, logabsdet};
}
Tensor linalg_solve_out(const Tensor& A, const Tensor& B, bool left, const Tensor& out) {
  TS_AUTOGRAD("linalg_solve.out", A, B, left, out);
  return put(out, compute([&] { return linalg_solve(A, B, left); }));
}
Tensor linalg_cholesky_out(const Tensor& A, bool upper, const Tensor& out) {
  TS_AUTOGRAD("linalg_cholesky.out", A, upper, out);
  return put(out, compute([&] { return linalg_cholesky(A, upper); }));
}
std::tuple<Tensor, Tensor> linalg_qr_out(const Tensor& A, const std::string& mode, const Tensor& Q, const Tensor& R) {
  TS_AUTOGRAD("linalg_qr.out", A, mode, Q, R);
  auto [q, r] = compute([&] { return linalg_qr(A, mode); });
  put(Q, q);
  put(R, r);
  return {Q, R};
}
std::tuple<Tensor, Tensor, Tensor> linalg_svd_out(const Tensor& A, bool full_matrices,
                                                  const std::optional<std::string>& driver, const Tensor& U,
                                                  const Tensor& S, const Tensor& Vh) {
  TS_AUTOGRAD("linalg_svd.U", A, full_matrices, driver, U, S, Vh);
  auto [u, s, v] = compute([&] { return linalg_svd(A, full_matrices, driver); });
  put(U, u);
  put(S, s);
  put(Vh, v);
  return {U, S, Vh};
}
Tensor linalg_svdvals_out(const Tensor& A, const std::optional<std::string>& driver, const Tensor& out) {
  TS_AUTOGRAD("linalg_svdvals.out", A, driver, out);
  return put(out, compute([&] { return linalg_svdvals(A, driver); }));
}
std::tuple<Tensor, Tensor> linalg_eigh_out(const Tensor& A, const std::string& UPLO, const Tensor& L,
                                           const Tensor& V) {
  TS_AUTOGRAD("linalg_eigh.eigvals", A, UPLO, L, V);
  auto [l, v] = compute([&] { return linalg_eigh(A, UPLO); });
  put(L, l);
  put(V, v);
  return {L, V};
}
std::tuple<Tensor, Tensor, Tensor, Tensor> linalg_lstsq_out(const Tensor& A, const Tensor& B,
                                                            std::optional<double> rcond,
                                                            const std::optional<std::string>& driver,
                                                            const Tensor& solution, const Tensor& residuals,
                                                            const Tensor& rank, const Tensor& sv) {
  TS_AUTOGRAD("linalg_lstsq.out", A, B, rcond, driver, solution, residuals, rank, sv);
  auto [x, res, rk, s] = compute([&] { return linalg_lstsq(A, B, rcond, driver); });
  reduce::write_out(solution, x);
  reduce::write_out(residuals, res);
  reduce::write_out(rank, rk);
  reduce::write_out(sv, s);
  return {solution, residuals, rank, sv};
}
Tensor linalg_pinv_out(const Tensor& A, std::optional<double> atol, std::optional<double> rtol, bool hermitian,
                       const Tensor& out) {
  TS_AUTOGRAD("linalg_pinv.atol_rtol_float_out", A, atol, rtol, hermitian, out);
  return reduce::write_out(out, compute([&] { return linalg_pinv(A, atol, rtol, hermitian); }));
}
Tensor linalg_pinv_rcond_out(const Tensor& A, double rcond, bool hermitian, const Tensor& out) {
  TS_AUTOGRAD("linalg_pinv.out", A, rcond, hermitian, out);
  return reduce::write_out(out, compute([&] { return linalg_pinv_rcond(A, rcond, hermitian); }));
}
Tensor linalg_matrix_rank_out(const Tensor& A, std::optional<double> atol, std::optional<double> rtol,
                              bool hermitian, const Tensor& out) {
  return reduce::write_out(out, compute([&] { return linalg_matrix_rank(A, atol, rtol, hermitian); }));
}
Tensor linalg_matrix_rank_tol_out(const Tensor& A, double tol, bool hermitian, const Tensor& out) {
  return reduce::write_out(out, compute([&] { return linalg_matrix_rank_tol(A, tol, hermitian); }));
}
Tensor linalg_matrix_power_out(const Tensor& A, int64_t n, const Tensor& out) {
  TS_AUTOGRAD("linalg_matrix_power.out", A, n, out);
  return put(out, compute([&] { return linalg_matrix_power(A, n); }));
}
Tensor linalg_vector_norm_out(const Tensor& x, const Scalar& ord, std::optional<IntArrayRef> dim, bool keepdim,
                              std::optional<DType> dtype, const Tensor& out) {
  TS_AUTOGRAD("linalg_vector_norm.out", x, ord, dim, keepdim, dtype, out);
  return put(out, compute([&] { return linalg_vector_norm(x, ord, dim, keepdim, dtype); }));
}
Tensor linalg_matrix_norm_out(const Tensor& A, const Scalar& ord, IntArrayRef dim, bool keepdim,
                              std::optional<DType> dtype, const Tensor& out) {
  return put_norm("linalg.matrix_norm", out, compute([&] { return linalg_matrix_norm(A, ord, dim, keepdim, dtype); }));
}
Tensor linalg_matrix_norm_str_out(const Tensor& A, const std::string& ord, IntArrayRef dim, bool keepdim,
                                  std::optional<DType> dtype, const Tensor& out) {
  return put_norm("linalg.matrix_norm", out,
                  compute([&] { return linalg_matrix_norm_str(A, ord, dim, keepdim, dtype); }));
}
Tensor linalg_norm_out(const Tensor& A, const std::optional<Scalar>& ord, std::optional<IntArrayRef> dim,
                       bool keepdim, std::optional<DType> dtype, const Tensor& out) {
  return put_norm("linalg.norm", out, compute([&] { return linalg_norm(A, ord, dim, keepdim, dtype); }));
}
Tensor linalg_norm_str_out(const Tensor& A, const std::string& ord, std::optional<IntArrayRef> dim, bool keepdim,
                           std::optional<DType> dtype, const Tensor& out) {
  return put_norm("linalg.norm", out, compute([&] { return linalg_norm_str(A, ord, dim, keepdim, dtype); }));
}

TS_REGISTER_OPS(linalg_out) {
  auto fn = [](ops::OpDef& d) -> ops::OpDef& { return d.variants("function"); };
  fn(r.def<&linalg_inv_out>("linalg_inv.out(Tensor A, *, Tensor(a!) out) -> Tensor(a!)"));
  fn(r.def<&linalg_det_out>("linalg_det.out(Tensor A, *, Tensor(a!) out) -> Tensor(a!)"));
  fn(r.def<&linalg_slogdet_out>("linalg_slogdet.out(Tensor A, *, Tensor(a!) sign, Tensor(b!) logabsdet) -> (Tensor(a!) sign, Tensor(b!) logabsdet)"));
  fn(r.def<&linalg_solve_out>("linalg_solve.out(Tensor A, Tensor B, *, bool left=True, Tensor(a!) out) -> Tensor(a!)"));
  fn(r.def<&linalg_cholesky_out>("linalg_cholesky.out(Tensor self, *, bool upper=False, Tensor(a!) out) -> Tensor(a!)"));
  fn(r.def<&linalg_qr_out>("linalg_qr.out(Tensor A, str mode=\"reduced\", *, Tensor(a!) Q, Tensor(b!) R) -> (Tensor(a!) Q, Tensor(b!) R)"));
  fn(r.def<&linalg_svd_out>("linalg_svd.U(Tensor A, bool full_matrices=True, *, str? driver=None, Tensor(a!) U, Tensor(b!) S, Tensor(c!) Vh) -> (Tensor(a!) U, Tensor(b!) S, Tensor(c!) Vh)"));
  fn(r.def<&linalg_svdvals_out>("linalg_svdvals.out(Tensor A, *, str? driver=None, Tensor(a!) out) -> Tensor(a!)"));
  fn(r.def<&linalg_eigh_out>("linalg_eigh.eigvals(Tensor self, str UPLO=\"L\", *, Tensor(a!) eigvals, Tensor(b!) eigvecs) -> (Tensor(a!) eigenvalues, Tensor(b!) eigenvectors)"));
  fn(r.def<&linalg_lstsq_out>("linalg_lstsq.out(Tensor self, Tensor b, float? rcond=None, *, str? driver=None, Tensor(a!) solution, Tensor(b!) residuals, Tensor(c!) rank, Tensor(d!) singular_values) -> (Tensor(a!) solution, Tensor(b!) residuals, Tensor(c!) rank, Tensor(d!) singular_values)"));
  fn(r.def<&linalg_pinv_rcond_out>("linalg_pinv.out(Tensor self, float rcond, bool hermitian=False, *, Tensor(a!) out) -> Tensor(a!)"));
  fn(r.def<&linalg_pinv_out>("linalg_pinv.atol_rtol_float_out(Tensor self, *, float? atol=None, float? rtol=None, bool hermitian=False, Tensor(a!) out) -> Tensor(a!)"));
  fn(r.def<&linalg_matrix_rank_tol_out>("linalg_matrix_rank.out(Tensor self, float tol, bool hermitian=False, *, Tensor(a!) out) -> Tensor(a!)")).not_differentiable();
  fn(r.def<&linalg_matrix_rank_out>("linalg_matrix_rank.atol_rtol_float_out(Tensor self, *, float? atol=None, float? rtol=None, bool hermitian=False, Tensor(a!) out) -> Tensor(a!)")).not_differentiable();
  fn(r.def<&linalg_matrix_power_out>("linalg_matrix_power.out(Tensor self, int n, *, Tensor(a!) out) -> Tensor(a!)"));
  fn(r.def<&linalg_vector_norm_out>("linalg_vector_norm.out(Tensor self, Scalar ord=2, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)"));
  fn(r.def<&linalg_matrix_norm_out>("linalg_matrix_norm.out(Tensor self, Scalar ord, int[] dim=[-2, -1], bool keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)")).not_differentiable();
  fn(r.def<&linalg_matrix_norm_str_out>("linalg_matrix_norm.str_ord_out(Tensor self, str ord=\"fro\", int[] dim=[-2, -1], bool keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)")).not_differentiable();
  fn(r.def<&linalg_norm_out>("linalg_norm.out(Tensor self, Scalar? ord=None, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)")).not_differentiable();
  fn(r.def<&linalg_norm_str_out>("linalg_norm.ord_str_out(Tensor self, str ord, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)")).not_differentiable();
}

}  // namespace ts
