// CPU kernels behind torch.linalg's decompositions: LAPACK through OpenBLAS (its Fortran
// symbols, declared here). Every matrix arrives in LAPACK's layout: a contiguous batch whose
// matrices are stored column by column (the ops layer copies `A.mT()` into it), leading
// dimension = rows. Batches run one matrix after another; OpenBLAS threads inside each call.
#include <algorithm>
#include <string>
#include <vector>

#include "kernels/cpu/loops.h"
#include "stubs/lapack.h"

extern "C" {
// LU, solve
void sgetrf_(const int* m, const int* n, float* a, const int* lda, int* ipiv, int* info);
void dgetrf_(const int* m, const int* n, double* a, const int* lda, int* ipiv, int* info);
void sgesv_(const int* n, const int* nrhs, float* a, const int* lda, int* ipiv, float* b,
            const int* ldb, int* info);
void dgesv_(const int* n, const int* nrhs, double* a, const int* lda, int* ipiv, double* b,
            const int* ldb, int* info);
// Cholesky
void spotrf_(const char* uplo, const int* n, float* a, const int* lda, int* info);
void dpotrf_(const char* uplo, const int* n, double* a, const int* lda, int* info);
// QR
void sgeqrf_(const int* m, const int* n, float* a, const int* lda, float* tau, float* work,
             const int* lwork, int* info);
void dgeqrf_(const int* m, const int* n, double* a, const int* lda, double* tau, double* work,
             const int* lwork, int* info);
void sorgqr_(const int* m, const int* n, const int* k, float* a, const int* lda, const float* tau,
             float* work, const int* lwork, int* info);
void dorgqr_(const int* m, const int* n, const int* k, double* a, const int* lda,
             const double* tau, double* work, const int* lwork, int* info);
// SVD (divide and conquer)
void sgesdd_(const char* jobz, const int* m, const int* n, float* a, const int* lda, float* s,
             float* u, const int* ldu, float* vt, const int* ldvt, float* work, const int* lwork,
             int* iwork, int* info);
void dgesdd_(const char* jobz, const int* m, const int* n, double* a, const int* lda, double* s,
             double* u, const int* ldu, double* vt, const int* ldvt, double* work,
             const int* lwork, int* iwork, int* info);
// Symmetric eigendecomposition (divide and conquer)
void ssyevd_(const char* jobz, const char* uplo, const int* n, float* a, const int* lda, float* w,
             float* work, const int* lwork, int* iwork, const int* liwork, int* info);
void dsyevd_(const char* jobz, const char* uplo, const int* n, double* a, const int* lda,
             double* w, double* work, const int* lwork, int* iwork, const int* liwork, int* info);
// Least squares
void sgels_(const char* trans, const int* m, const int* n, const int* nrhs, float* a,
            const int* lda, float* b, const int* ldb, float* work, const int* lwork, int* info);
void dgels_(const char* trans, const int* m, const int* n, const int* nrhs, double* a,
            const int* lda, double* b, const int* ldb, double* work, const int* lwork, int* info);
void sgelsy_(const int* m, const int* n, const int* nrhs, float* a, const int* lda, float* b,
             const int* ldb, int* jpvt, const float* rcond, int* rank, float* work,
             const int* lwork, int* info);
void dgelsy_(const int* m, const int* n, const int* nrhs, double* a, const int* lda, double* b,
             const int* ldb, int* jpvt, const double* rcond, int* rank, double* work,
             const int* lwork, int* info);
void sgelsd_(const int* m, const int* n, const int* nrhs, float* a, const int* lda, float* b,
             const int* ldb, float* s, const float* rcond, int* rank, float* work,
             const int* lwork, int* iwork, int* info);
void dgelsd_(const int* m, const int* n, const int* nrhs, double* a, const int* lda, double* b,
             const int* ldb, double* s, const double* rcond, int* rank, double* work,
             const int* lwork, int* iwork, int* info);
void sgelss_(const int* m, const int* n, const int* nrhs, float* a, const int* lda, float* b,
             const int* ldb, float* s, const float* rcond, int* rank, float* work,
             const int* lwork, int* info);
void dgelss_(const int* m, const int* n, const int* nrhs, double* a, const int* lda, double* b,
             const int* ldb, double* s, const double* rcond, int* rank, double* work,
             const int* lwork, int* info);
}

namespace ts::kernels {
namespace {

// float and double only: LAPACK has no half-precision routines.
#define TS_DISPATCH_LAPACK(dtype, opname, ...)                                       \
  [&] {                                                                              \
    auto body_ = [&](auto tag_) {                                                    \
      using scalar_t = typename decltype(tag_)::type;                                \
      (__VA_ARGS__)();                                                               \
    };                                                                               \
    switch (dtype) {                                                                 \
      TS_DISPATCH_CASE(float, Float32, 0, 0)                                         \
      TS_DISPATCH_CASE(double, Float64, 0, 0)                                        \
      default: break;                                                                \
    }                                                                                \
    TS_ERROR("\"", opname, "\" not implemented for '", ::ts::dtype_name(dtype), "'"); \
  }()

// Per-type entry points: one overload set over float and double.
struct Lapack {
  static void getrf(int m, int n, float* a, int* p, int* info) { sgetrf_(&m, &n, a, &m, p, info); }
  static void getrf(int m, int n, double* a, int* p, int* info) { dgetrf_(&m, &n, a, &m, p, info); }
  static void gesv(int n, int k, float* a, int* p, float* b, int* info) {
    sgesv_(&n, &k, a, &n, p, b, &n, info);
  }
  static void gesv(int n, int k, double* a, int* p, double* b, int* info) {
    dgesv_(&n, &k, a, &n, p, b, &n, info);
  }
  static void potrf(char u, int n, float* a, int* info) { spotrf_(&u, &n, a, &n, info); }
  static void potrf(char u, int n, double* a, int* info) { dpotrf_(&u, &n, a, &n, info); }
  static void geqrf(int m, int n, float* a, float* tau, float* w, int lw, int* info) {
    sgeqrf_(&m, &n, a, &m, tau, w, &lw, info);
  }
  static void geqrf(int m, int n, double* a, double* tau, double* w, int lw, int* info) {
    dgeqrf_(&m, &n, a, &m, tau, w, &lw, info);
  }
  static void orgqr(int m, int n, int k, float* a, const float* tau, float* w, int lw, int* info) {
    sorgqr_(&m, &n, &k, a, &m, tau, w, &lw, info);
  }
  static void orgqr(int m, int n, int k, double* a, const double* tau, double* w, int lw,
                    int* info) {
    dorgqr_(&m, &n, &k, a, &m, tau, w, &lw, info);
  }
  static void gesdd(char j, int m, int n, float* a, float* s, float* u, int ldu, float* vt,
                    int ldvt, float* w, int lw, int* iw, int* info) {
    sgesdd_(&j, &m, &n, a, &m, s, u, &ldu, vt, &ldvt, w, &lw, iw, info);
  }
  static void gesdd(char j, int m, int n, double* a, double* s, double* u, int ldu, double* vt,
                    int ldvt, double* w, int lw, int* iw, int* info) {
    dgesdd_(&j, &m, &n, a, &m, s, u, &ldu, vt, &ldvt, w, &lw, iw, info);
  }
  static void syevd(char j, char u, int n, float* a, float* w, float* wk, int lw, int* iw,
                    int liw, int* info) {
    ssyevd_(&j, &u, &n, a, &n, w, wk, &lw, iw, &liw, info);
  }
  static void syevd(char j, char u, int n, double* a, double* w, double* wk, int lw, int* iw,
                    int liw, int* info) {
    dsyevd_(&j, &u, &n, a, &n, w, wk, &lw, iw, &liw, info);
  }
};

int as_int(int64_t v) { return int(v); }

template <typename T>
T* batch_ptr(const Tensor& t, int64_t i, int64_t per) {
  return t.data<T>() + i * per;
}

template <typename T>
void lu_kernel_t(const Tensor& a, const Tensor& piv, const Tensor& info, int64_t m, int64_t n) {
  const int64_t nb = info.numel(), k = std::min(m, n);
  for (int64_t i = 0; i < nb; ++i)
    Lapack::getrf(as_int(m), as_int(n), batch_ptr<T>(a, i, m * n),
                  piv.data<int32_t>() + i * k, info.data<int32_t>() + i);
}

void lu_kernel(const Tensor& a, const Tensor& piv, const Tensor& info, int64_t m, int64_t n) {
  TS_DISPATCH_LAPACK(a.dtype(), "lu_cpu", [&] { lu_kernel_t<scalar_t>(a, piv, info, m, n); });
}

template <typename T>
void solve_kernel_t(const Tensor& a, const Tensor& b, const Tensor& info, int64_t n, int64_t k) {
  const int64_t nb = info.numel();
  std::vector<int> piv(size_t(std::max<int64_t>(n, 1)));
  for (int64_t i = 0; i < nb; ++i)
    Lapack::gesv(as_int(n), as_int(k), batch_ptr<T>(a, i, n * n), piv.data(),
                 batch_ptr<T>(b, i, n * k), info.data<int32_t>() + i);
}

void solve_kernel(const Tensor& a, const Tensor& b, const Tensor& info, int64_t n, int64_t k) {
  TS_DISPATCH_LAPACK(a.dtype(), "linalg_solve", [&] { solve_kernel_t<scalar_t>(a, b, info, n, k); });
}

template <typename T>
void cholesky_kernel_t(const Tensor& a, const Tensor& info, int64_t n, bool upper) {
  const int64_t nb = info.numel();
  for (int64_t i = 0; i < nb; ++i)
    Lapack::potrf(upper ? 'U' : 'L', as_int(n), batch_ptr<T>(a, i, n * n),
                  info.data<int32_t>() + i);
}

void cholesky_kernel(const Tensor& a, const Tensor& info, int64_t n, bool upper) {
  TS_DISPATCH_LAPACK(a.dtype(), "cholesky_cpu", [&] { cholesky_kernel_t<scalar_t>(a, info, n, upper); });
}

template <typename T>
void geqrf_kernel_t(const Tensor& a, const Tensor& tau, int64_t m, int64_t n) {
  const int64_t k = std::min(m, n), nb = k == 0 ? 0 : a.numel() / (m * n);
  int info = 0;
  T q = 0;
  Lapack::geqrf(as_int(m), as_int(n), nullptr, nullptr, &q, -1, &info);
  std::vector<T> work(size_t(std::max<T>(q, 1)));
  for (int64_t i = 0; i < nb; ++i)
    Lapack::geqrf(as_int(m), as_int(n), batch_ptr<T>(a, i, m * n), batch_ptr<T>(tau, i, k),
                  work.data(), int(work.size()), &info);
}

void geqrf_kernel(const Tensor& a, const Tensor& tau, int64_t m, int64_t n) {
  TS_DISPATCH_LAPACK(a.dtype(), "geqrf_cpu", [&] { geqrf_kernel_t<scalar_t>(a, tau, m, n); });
}

template <typename T>
void orgqr_kernel_t(const Tensor& q, const Tensor& tau, int64_t m, int64_t nc, int64_t k) {
  if (m == 0 || nc == 0) return;
  const int64_t nb = q.numel() / (m * nc);
  int info = 0;
  T w = 0;
  Lapack::orgqr(as_int(m), as_int(nc), as_int(k), nullptr, nullptr, &w, -1, &info);
  std::vector<T> work(size_t(std::max<T>(w, 1)));
  for (int64_t i = 0; i < nb; ++i)
    Lapack::orgqr(as_int(m), as_int(nc), as_int(k), batch_ptr<T>(q, i, m * nc),
                  batch_ptr<T>(tau, i, k), work.data(), int(work.size()), &info);
}

void orgqr_kernel(const Tensor& q, const Tensor& tau, int64_t m, int64_t nc, int64_t k) {
  TS_DISPATCH_LAPACK(q.dtype(), "orgqr_cpu", [&] { orgqr_kernel_t<scalar_t>(q, tau, m, nc, k); });
}

// jobz 'A': U m x m, Vt n x n; 'S': U m x k, Vt k x n; 'N': singular values only.
template <typename T>
void svd_kernel_t(const Tensor& a, const Tensor& u, const Tensor& s, const Tensor& vt,
                  const Tensor& info, int64_t m, int64_t n, char jobz) {
  const int64_t nb = info.numel(), k = std::min(m, n);
  const int64_t ucols = jobz == 'A' ? m : k, vrows = jobz == 'A' ? n : k;
  const int ldu = std::max(as_int(m), 1), ldvt = std::max(as_int(vrows), 1);
  std::vector<int> iwork(size_t(std::max<int64_t>(8 * k, 1)));
  T q = 0;
  int qi = 0;
  T dummy = 0;
  Lapack::gesdd(jobz, as_int(m), as_int(n), nullptr, nullptr, nullptr, ldu, nullptr, ldvt, &q, -1,
                iwork.data(), &qi);
  std::vector<T> work(size_t(std::max<T>(q, 1)));
  for (int64_t i = 0; i < nb; ++i) {
    T* up = jobz == 'N' ? &dummy : batch_ptr<T>(u, i, m * ucols);
    T* vp = jobz == 'N' ? &dummy : batch_ptr<T>(vt, i, vrows * n);
    Lapack::gesdd(jobz, as_int(m), as_int(n), batch_ptr<T>(a, i, m * n), batch_ptr<T>(s, i, k), up,
                  ldu, vp, ldvt, work.data(), int(work.size()), iwork.data(),
                  info.data<int32_t>() + i);
  }
}

void svd_kernel(const Tensor& a, const Tensor& u, const Tensor& s, const Tensor& vt,
                const Tensor& info, int64_t m, int64_t n, char jobz) {
  TS_DISPATCH_LAPACK(a.dtype(), "linalg_svd_cpu", [&] { svd_kernel_t<scalar_t>(a, u, s, vt, info, m, n, jobz); });
}

template <typename T>
void eigh_kernel_t(const Tensor& a, const Tensor& w, const Tensor& info, int64_t n, bool vectors,
                   bool upper) {
  const int64_t nb = info.numel();
  const char jobz = vectors ? 'V' : 'N', uplo = upper ? 'U' : 'L';
  T q = 0;
  int qi = 0, qinfo = 0;
  Lapack::syevd(jobz, uplo, as_int(n), nullptr, nullptr, &q, -1, &qi, -1, &qinfo);
  std::vector<T> work(size_t(std::max<T>(q, 1)));
  std::vector<int> iwork(size_t(std::max(qi, 1)));
  for (int64_t i = 0; i < nb; ++i)
    Lapack::syevd(jobz, uplo, as_int(n), batch_ptr<T>(a, i, n * n), batch_ptr<T>(w, i, n),
                  work.data(), int(work.size()), iwork.data(), int(iwork.size()),
                  info.data<int32_t>() + i);
}

void eigh_kernel(const Tensor& a, const Tensor& w, const Tensor& info, int64_t n, bool vectors,
                 bool upper) {
  TS_DISPATCH_LAPACK(a.dtype(), "linalg_eigh_cpu", [&] { eigh_kernel_t<scalar_t>(a, w, info, n, vectors, upper); });
}

// Least squares min ||A X - B|| per batch; b has ldb = max(m, n) rows and nrhs columns.
template <typename T>
void lstsq_one(const std::string& driver, int m, int n, int k, T* a, T* b, int ldb, T rcond,
               int64_t* rank, T* s, int* info) {
  const int lda = std::max(m, 1);
  int r = 0;
  T q = 0;
  if (driver == "gels") {
    const char tr = 'N';
    auto call = [&](T* w, int lw) {
      if constexpr (std::is_same_v<T, float>) sgels_(&tr, &m, &n, &k, a, &lda, b, &ldb, w, &lw, info);
      else dgels_(&tr, &m, &n, &k, a, &lda, b, &ldb, w, &lw, info);
    };
    call(&q, -1);
    std::vector<T> w(size_t(std::max<T>(q, 1)));
    call(w.data(), int(w.size()));
    return;
  }
  if (driver == "gelsy") {
    std::vector<int> jpvt(size_t(std::max(n, 1)), 0);
    auto call = [&](T* w, int lw) {
      if constexpr (std::is_same_v<T, float>)
        sgelsy_(&m, &n, &k, a, &lda, b, &ldb, jpvt.data(), &rcond, &r, w, &lw, info);
      else dgelsy_(&m, &n, &k, a, &lda, b, &ldb, jpvt.data(), &rcond, &r, w, &lw, info);
    };
    call(&q, -1);
    std::vector<T> w(size_t(std::max<T>(q, 1)));
    call(w.data(), int(w.size()));
  } else if (driver == "gelsd") {
    int qi = 0;
    auto call = [&](T* w, int lw, int* iw) {
      if constexpr (std::is_same_v<T, float>)
        sgelsd_(&m, &n, &k, a, &lda, b, &ldb, s, &rcond, &r, w, &lw, iw, info);
      else dgelsd_(&m, &n, &k, a, &lda, b, &ldb, s, &rcond, &r, w, &lw, iw, info);
    };
    call(&q, -1, &qi);
    std::vector<T> w(size_t(std::max<T>(q, 1)));
    std::vector<int> iw(size_t(std::max(qi, 1)));
    call(w.data(), int(w.size()), iw.data());
  } else {
    auto call = [&](T* w, int lw) {
      if constexpr (std::is_same_v<T, float>)
        sgelss_(&m, &n, &k, a, &lda, b, &ldb, s, &rcond, &r, w, &lw, info);
      else dgelss_(&m, &n, &k, a, &lda, b, &ldb, s, &rcond, &r, w, &lw, info);
    };
    call(&q, -1);
    std::vector<T> w(size_t(std::max<T>(q, 1)));
    call(w.data(), int(w.size()));
  }
  *rank = r;
}

template <typename T>
void lstsq_kernel_t(const Tensor& a, const Tensor& b, const Tensor& rank, const Tensor& s,
                    const Tensor& info, int64_t m, int64_t n, int64_t k, double rcond,
                    const std::string& driver) {
  const int64_t nb = info.numel(), ldb = std::max<int64_t>({m, n, 1});
  const bool has_rank = driver != "gels", has_s = driver == "gelsd" || driver == "gelss";
  int64_t unused_rank = 0;
  T unused_s = 0;
  for (int64_t i = 0; i < nb; ++i)
    lstsq_one<T>(driver, as_int(m), as_int(n), as_int(k), batch_ptr<T>(a, i, m * n),
                 batch_ptr<T>(b, i, ldb * k), as_int(ldb), T(rcond),
                 has_rank ? rank.data<int64_t>() + i : &unused_rank,
                 has_s ? batch_ptr<T>(s, i, std::min(m, n)) : &unused_s,
                 info.data<int32_t>() + i);
}

void lstsq_kernel(const Tensor& a, const Tensor& b, const Tensor& rank, const Tensor& s,
                  const Tensor& info, int64_t m, int64_t n, int64_t k, double rcond,
                  const std::string& driver) {
  TS_DISPATCH_LAPACK(a.dtype(), "linalg_lstsq_cpu", [&] {
    lstsq_kernel_t<scalar_t>(a, b, rank, s, info, m, n, k, rcond, driver);
  });
}

#undef TS_DISPATCH_LAPACK

}  // namespace

TS_REGISTER_KERNEL(lapack_lu_stub, CPU, &lu_kernel);
TS_REGISTER_KERNEL(lapack_solve_stub, CPU, &solve_kernel);
TS_REGISTER_KERNEL(lapack_cholesky_stub, CPU, &cholesky_kernel);
TS_REGISTER_KERNEL(lapack_geqrf_stub, CPU, &geqrf_kernel);
TS_REGISTER_KERNEL(lapack_orgqr_stub, CPU, &orgqr_kernel);
TS_REGISTER_KERNEL(lapack_svd_stub, CPU, &svd_kernel);
TS_REGISTER_KERNEL(lapack_eigh_stub, CPU, &eigh_kernel);
TS_REGISTER_KERNEL(lapack_lstsq_stub, CPU, &lstsq_kernel);

}  // namespace ts::kernels
