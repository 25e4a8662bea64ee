// CPU matrix products: gemm/gemv on raw pointers (gemm.h) and the kernels behind mm, bmm,
// addmm, baddbmm, mv, addmv and dot. Float types go to OpenBLAS (the OpenMP build), which
// follows the OpenMP thread count outside parallel regions and runs single-threaded inside.
#include "kernels/cpu/gemm.h"

#include <cblas.h>
#include <omp.h>

#include <climits>
#include <type_traits>
#include <vector>

#include "kernels/cpu/loops.h"
#include "stubs/blas.h"

namespace ts::kernels::inline TS_CPU_NS {
namespace {

// Integer products wrap around like PyTorch's (two's complement), without signed overflow.
template <typename T, bool = std::is_integral_v<T>>
struct Wrap {
  using type = std::make_unsigned_t<T>;
};
template <typename T>
struct Wrap<T, false> {
  using type = typename AccType<T>::type;
};
template <typename T>
using WrapT = typename Wrap<T>::type;

template <typename T>
void gemm_naive(int64_t m, int64_t n, int64_t k, T alpha, const T* a, int64_t a_rs, int64_t a_cs,
                const T* b, int64_t b_rs, int64_t b_cs, T beta, T* c, int64_t c_rs,
                int64_t c_cs) {
  using W = WrapT<T>;
  const W al = W(alpha), be = W(beta);
  const bool zero_beta = (beta == T(0));
  std::vector<W> acc(static_cast<size_t>(n));
  for (int64_t i = 0; i < m; ++i) {
    for (int64_t j = 0; j < n; ++j) acc[size_t(j)] = W(0);
    for (int64_t p = 0; p < k; ++p) {
      const W aip = W(a[i * a_rs + p * a_cs]);
      const T* brow = b + p * b_rs;
      if (b_cs == 1) {
        for (int64_t j = 0; j < n; ++j) acc[size_t(j)] += aip * W(brow[j]);
      } else {
        for (int64_t j = 0; j < n; ++j) acc[size_t(j)] += aip * W(brow[j * b_cs]);
      }
    }
    T* crow = c + i * c_rs;
    for (int64_t j = 0; j < n; ++j) {
      W r = al * acc[size_t(j)];
      if (!zero_beta) r += be * W(crow[j * c_cs]);
      crow[j * c_cs] = T(r);
    }
  }
}

// A BLAS view of an r x c operand: row-major ('N') with leading dim ld, or column-major ('T').
struct BlasLayout {
  bool ok = false;
  bool trans = false;
  int64_t ld = 0;
};

BlasLayout blas_layout(int64_t r, int64_t c, int64_t rs, int64_t cs) {
  BlasLayout l;
  if ((cs == 1 || c == 1) && (r == 1 || rs >= std::max<int64_t>(1, c))) {
    l.ok = true;
    l.ld = r == 1 ? std::max<int64_t>(1, c) : rs;
  } else if ((rs == 1 || r == 1) && (c == 1 || cs >= std::max<int64_t>(1, r))) {
    l.ok = true;
    l.trans = true;
    l.ld = c == 1 ? std::max<int64_t>(1, r) : cs;
  }
  if (l.ld > INT_MAX) l.ok = false;
  return l;
}

template <typename T>
void blas_gemm(bool ta, bool tb, int64_t m, int64_t n, int64_t k, T alpha, const T* a,
               int64_t lda, const T* b, int64_t ldb, T beta, T* c, int64_t ldc) {
  auto tra = ta ? CblasTrans : CblasNoTrans;
  auto trb = tb ? CblasTrans : CblasNoTrans;
  if constexpr (std::is_same_v<T, float>) {
    cblas_sgemm(CblasRowMajor, tra, trb, int(m), int(n), int(k), alpha, a, int(lda), b, int(ldb),
                beta, c, int(ldc));
  } else {
    cblas_dgemm(CblasRowMajor, tra, trb, int(m), int(n), int(k), alpha, a, int(lda), b, int(ldb),
                beta, c, int(ldc));
  }
}

// Copies an r x c strided matrix into a dense row-major buffer.
template <typename T, typename U>
void pack(std::vector<U>& buf, const T* p, int64_t r, int64_t c, int64_t rs, int64_t cs) {
  buf.resize(size_t(r * c));
  for (int64_t i = 0; i < r; ++i)
    for (int64_t j = 0; j < c; ++j) buf[size_t(i * c + j)] = U(p[i * rs + j * cs]);
}

template <typename T>
void gemm_blas_float(int64_t m, int64_t n, int64_t k, T alpha, const T* a, int64_t a_rs,
                     int64_t a_cs, const T* b, int64_t b_rs, int64_t b_cs, T beta, T* c,
                     int64_t c_rs, int64_t c_cs) {
  if (m == 0 || n == 0) return;
  if (m > INT_MAX || n > INT_MAX || k > INT_MAX) {
    gemm_naive(m, n, k, alpha, a, a_rs, a_cs, b, b_rs, b_cs, beta, c, c_rs, c_cs);
    return;
  }
  BlasLayout lc = blas_layout(m, n, c_rs, c_cs);
  if (lc.ok && lc.trans) {
    // Column-major C: compute C^T = B^T A^T into it as a row-major n x m matrix.
    gemm_blas_float(n, m, k, alpha, b, b_cs, b_rs, a, a_cs, a_rs, beta, c, c_cs, c_rs);
    return;
  }
  if (k == 0) {
    // BLAS may skip the beta scaling when k == 0; do it here.
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) {
        T& x = c[i * c_rs + j * c_cs];
        x = beta == T(0) ? T(0) : T(beta * x);
      }
    return;
  }
  std::vector<T> abuf, bbuf, cbuf;
  BlasLayout la = blas_layout(m, k, a_rs, a_cs);
  if (!la.ok) {
    pack(abuf, a, m, k, a_rs, a_cs);
    a = abuf.data();
    la = {true, false, k};
  }
  BlasLayout lb = blas_layout(k, n, b_rs, b_cs);
  if (!lb.ok) {
    pack(bbuf, b, k, n, b_rs, b_cs);
    b = bbuf.data();
    lb = {true, false, n};
  }
  if (!lc.ok) {
    if (beta != T(0)) pack(cbuf, c, m, n, c_rs, c_cs);
    else cbuf.assign(size_t(m * n), T(0));
    blas_gemm(la.trans, lb.trans, m, n, k, alpha, a, la.ld, b, lb.ld, beta, cbuf.data(), n);
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) c[i * c_rs + j * c_cs] = cbuf[size_t(i * n + j)];
    return;
  }
  blas_gemm(la.trans, lb.trans, m, n, k, alpha, a, la.ld, b, lb.ld, beta, c, lc.ld);
}

}  // namespace

template <typename T>
void gemm(int64_t m, int64_t n, int64_t k, T alpha, const T* a, int64_t a_rs, int64_t a_cs,
          const T* b, int64_t b_rs, int64_t b_cs, T beta, T* c, int64_t c_rs, int64_t c_cs) {
  if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
    gemm_blas_float(m, n, k, alpha, a, a_rs, a_cs, b, b_rs, b_cs, beta, c, c_rs, c_cs);
  } else if constexpr (std::is_same_v<T, BFloat16>) {
    // Through float BLAS: products and sums in float, one rounding at the end.
    if (m == 0 || n == 0) return;
    std::vector<float> af, bf, cf;
    pack(af, a, m, k, a_rs, a_cs);
    pack(bf, b, k, n, b_rs, b_cs);
    float fbeta = float(beta);
    if (fbeta != 0.f) pack(cf, c, m, n, c_rs, c_cs);
    else cf.assign(size_t(m * n), 0.f);
    gemm_blas_float<float>(m, n, k, float(alpha), af.data(), k, 1, bf.data(), n, 1, fbeta,
                           cf.data(), n, 1);
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) c[i * c_rs + j * c_cs] = BFloat16(cf[size_t(i * n + j)]);
  } else {
    if (m == 0 || n == 0) return;
    gemm_naive(m, n, k, alpha, a, a_rs, a_cs, b, b_rs, b_cs, beta, c, c_rs, c_cs);
  }
}

template <typename T>
void gemv(int64_t m, int64_t k, T alpha, const T* a, int64_t a_rs, int64_t a_cs, const T* x,
          int64_t incx, T beta, T* y, int64_t incy) {
  if (m == 0) return;
  if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
    BlasLayout la = blas_layout(m, k, a_rs, a_cs);
    bool fits = la.ok && k > 0 && m <= INT_MAX && k <= INT_MAX && incx > 0 && incy > 0 &&
                incx <= INT_MAX && incy <= INT_MAX;
    if (fits) {
      // Row-major storage: NoTrans over (m x k); column-major: Trans over the stored k x m.
      auto tr = la.trans ? CblasTrans : CblasNoTrans;
      int rows = la.trans ? int(k) : int(m), cols = la.trans ? int(m) : int(k);
      if constexpr (std::is_same_v<T, float>)
        cblas_sgemv(CblasRowMajor, tr, rows, cols, alpha, a, int(la.ld), x, int(incx), beta, y,
                    int(incy));
      else
        cblas_dgemv(CblasRowMajor, tr, rows, cols, alpha, a, int(la.ld), x, int(incx), beta, y,
                    int(incy));
      return;
    }
  }
  // y as an m x 1 matrix, x as k x 1.
  gemm<T>(m, 1, k, alpha, a, a_rs, a_cs, x, incx, 1, beta, y, incy, 1);
}

#define TS_GEMM_INST(T)                                                                        \
  template void gemm<T>(int64_t, int64_t, int64_t, T, const T*, int64_t, int64_t, const T*,    \
                        int64_t, int64_t, T, T*, int64_t, int64_t);                            \
  template void gemv<T>(int64_t, int64_t, T, const T*, int64_t, int64_t, const T*, int64_t, T, \
                        T*, int64_t);
TS_GEMM_INST(float)
TS_GEMM_INST(double)
TS_GEMM_INST(BFloat16)
TS_GEMM_INST(uint8_t)
TS_GEMM_INST(int8_t)
TS_GEMM_INST(int16_t)
TS_GEMM_INST(int32_t)
TS_GEMM_INST(int64_t)
#undef TS_GEMM_INST

namespace {

// Matrices per batch below this many multiply-adds run one per thread (single-threaded BLAS);
// larger ones run in sequence with BLAS using every thread.
constexpr int64_t kSmallGemm = 96 * 96 * 96;

template <typename T>
void bmm_typed(const Tensor& c, const Tensor& a, const Tensor& b, const Scalar& beta,
               const Scalar& alpha) {
  const int64_t batch = c.size(0), m = c.size(1), n = c.size(2), k = a.size(2);
  const T al = alpha.to<T>(), be = beta.to<T>();
  const T* ap = static_cast<const T*>(a.data_ptr());
  const T* bp = static_cast<const T*>(b.data_ptr());
  T* cp = static_cast<T*>(c.data_ptr());
  const int64_t as0 = a.stride(0), as1 = a.stride(1), as2 = a.stride(2);
  const int64_t bs0 = b.stride(0), bs1 = b.stride(1), bs2 = b.stride(2);
  const int64_t cs0 = c.stride(0), cs1 = c.stride(1), cs2 = c.stride(2);
  auto one = [&](int64_t i) {
    gemm<T>(m, n, k, al, ap + i * as0, as1, as2, bp + i * bs0, bs1, bs2, be, cp + i * cs0, cs1,
            cs2);
  };
  // Never call BLAS from inside an inactive OpenMP region: it would open a nested team.
  if (batch > 1 && m * n * std::max<int64_t>(k, 1) <= kSmallGemm && omp_get_max_threads() > 1 &&
      !omp_in_parallel()) {
#pragma omp parallel for schedule(static)
    for (int64_t i = 0; i < batch; ++i) one(i);
  } else {
    for (int64_t i = 0; i < batch; ++i) one(i);
  }
}

void bmm_kernel(const Tensor& c, const Tensor& a, const Tensor& b, const Scalar& beta,
                const Scalar& alpha) {
  TS_DISPATCH_ALL(c.dtype(), "bmm", {
    if constexpr (kHasGemm<scalar_t>) bmm_typed<scalar_t>(c, a, b, beta, alpha);
  });
}

void addmv_kernel(const Tensor& y, const Tensor& a, const Tensor& x, const Scalar& beta,
                  const Scalar& alpha) {
  TS_DISPATCH_ALL(y.dtype(), "addmv", {
    if constexpr (kHasGemm<scalar_t>) {
      gemv<scalar_t>(a.size(0), a.size(1), alpha.to<scalar_t>(),
                     static_cast<const scalar_t*>(a.data_ptr()), a.stride(0), a.stride(1),
                     static_cast<const scalar_t*>(x.data_ptr()), x.stride(0), beta.to<scalar_t>(),
                     static_cast<scalar_t*>(y.data_ptr()), y.stride(0));
    }
  });
}

void dot_kernel(const Tensor& out, const Tensor& a, const Tensor& b) {
  const int64_t n = a.numel();
  TS_DISPATCH_ALL(out.dtype(), "dot", {
    if constexpr (kHasGemm<scalar_t>) {
      const scalar_t* x = static_cast<const scalar_t*>(a.data_ptr());
      const scalar_t* y = static_cast<const scalar_t*>(b.data_ptr());
      const int64_t ix = n > 0 ? a.stride(0) : 1, iy = n > 0 ? b.stride(0) : 1;
      scalar_t* r = static_cast<scalar_t*>(out.data_ptr());
      if constexpr (std::is_same_v<scalar_t, float> || std::is_same_v<scalar_t, double>) {
        if (n <= INT_MAX && ix > 0 && iy > 0 && ix <= INT_MAX && iy <= INT_MAX) {
          if constexpr (std::is_same_v<scalar_t, float>)
            *r = cblas_sdot(int(n), x, int(ix), y, int(iy));
          else
            *r = cblas_ddot(int(n), x, int(ix), y, int(iy));
          return;
        }
      }
      using W = WrapT<scalar_t>;
      W s = W(0);
      for (int64_t i = 0; i < n; ++i) s += W(x[i * ix]) * W(y[i * iy]);
      *r = scalar_t(s);
    }
  });
}

}  // namespace

TS_REGISTER_KERNEL(bmm_stub, CPU, &bmm_kernel);
TS_REGISTER_KERNEL(addmv_stub, CPU, &addmv_kernel);
TS_REGISTER_KERNEL(dot_stub, CPU, &dot_kernel);

}  // namespace ts::kernels
