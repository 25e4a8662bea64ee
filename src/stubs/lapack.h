// Kernel slots of the LAPACK-backed linear algebra (ops/linalg_lapack.cpp,
// kernels/cpu/lapack.cpp).
#pragma once

#include <string>

#include "tensor/dispatch_stub.h"
#include "tensor/tensor.h"

namespace ts {

TS_DECLARE_STUB(lapack_lu_stub, void(const Tensor& a, const Tensor& piv, const Tensor& info,
                                     int64_t m, int64_t n));
TS_DECLARE_STUB(lapack_solve_stub, void(const Tensor& a, const Tensor& b, const Tensor& info,
                                        int64_t n, int64_t nrhs));
TS_DECLARE_STUB(lapack_cholesky_stub, void(const Tensor& a, const Tensor& info, int64_t n,
                                           bool upper));
TS_DECLARE_STUB(lapack_geqrf_stub, void(const Tensor& a, const Tensor& tau, int64_t m,
                                        int64_t n));
TS_DECLARE_STUB(lapack_orgqr_stub, void(const Tensor& q, const Tensor& tau, int64_t m,
                                        int64_t ncols, int64_t k));
TS_DECLARE_STUB(lapack_svd_stub, void(const Tensor& a, const Tensor& u, const Tensor& s,
                                      const Tensor& vt, const Tensor& info, int64_t m, int64_t n,
                                      char jobz));
TS_DECLARE_STUB(lapack_eigh_stub, void(const Tensor& a, const Tensor& w, const Tensor& info,
                                       int64_t n, bool vectors, bool upper));
TS_DECLARE_STUB(lapack_lstsq_stub, void(const Tensor& a, const Tensor& b, const Tensor& rank,
                                        const Tensor& s, const Tensor& info, int64_t m,
                                        int64_t n, int64_t nrhs, double rcond,
                                        const std::string& driver));

}  // namespace ts
