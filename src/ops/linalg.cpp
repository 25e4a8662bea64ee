// Matrix products: mm, bmm, mv, dot, matmul, the add* forms, outer, cross, and their
// derivatives (tensordot and kron are in tensor_products.cpp, einsum in einsum.cpp).
// Shape checks and messages follow PyTorch 1.13 (LinearAlgebra.cpp, Blas.cpp); every product
// ends in bmm_stub / addmv_stub / dot_stub (kernels/cpu/gemm.cpp).
#include <algorithm>
#include <cctype>

#include "ops/api_binary.h"
#include "ops/api_linalg.h"
#include "ops/api_reduce.h"
#include "ops/api_shape.h"
#include "ops/linalg_nn_util.h"
#include "ops/ops.h"
#include "ops/registry.h"
#include "stubs/blas.h"
#include "tensor/iter.h"

namespace ts {

TS_DEFINE_STUB(bmm_stub);
TS_DEFINE_STUB(addmv_stub);
TS_DEFINE_STUB(dot_stub);

using namespace lnn;

namespace {

bool is_zero(const Scalar& s) { return s.to_double() == 0.0; }

void check_gemm_dtype(DType t, const char* kernel) {
  if (t == DType::Bool || t == DType::Float16) not_implemented(kernel, t);
}

void check_same_type(const Tensor& expected, const Tensor& found) {
  TS_CHECK(expected.dtype() == found.dtype(), "expected scalar type ",
           torch_type_name(expected.dtype()), " but found ", torch_type_name(found.dtype()));
}

void check_inplace_shape(const Tensor& self, IntArrayRef shape) {
  TS_CHECK(self.sizes() == shape, "Bad in-place call: input tensor size ", shape_str(self.sizes()),
           " and output tensor size ", shape_str(shape), " should match");
}

// The result tensor of an op: `out` checked and resized, or a fresh one.
Tensor result_tensor(const Tensor& out, IntArrayRef shape, const Tensor& like) {
  if (out.defined()) {
    check_out_dtype(out, like.dtype());
    resize_out(out, shape);
    return out;
  }
  return empty(shape, options_of(like));
}

// Runs the product kernel; goes through a temporary when C overlaps an input.
void run_bmm(const Tensor& c, const Tensor& a, const Tensor& b, const Scalar& beta,
             const Scalar& alpha) {
  if (c.numel() == 0) return;
  if (same_storage(c, a) || same_storage(c, b)) {
    Tensor tmp = empty(c.sizes(), options_of(c));
    if (!is_zero(beta)) copy_into(tmp, c);
    bmm_stub(c.device().type, tmp, a, b, beta, alpha);
    copy_into(c, tmp);
    return;
  }
  bmm_stub(c.device().type, c, a, b, beta, alpha);
}

void run_mm(const Tensor& c, const Tensor& a, const Tensor& b, const Scalar& beta,
            const Scalar& alpha) {
  run_bmm(unsqueeze_view(c, 0), unsqueeze_view(a, 0), unsqueeze_view(b, 0), beta, alpha);
}

void check_mm_shapes(const Tensor& m1, const Tensor& m2) {
  TS_CHECK(m1.size(1) == m2.size(0), "mat1 and mat2 shapes cannot be multiplied (", m1.size(0),
           "x", m1.size(1), " and ", m2.size(0), "x", m2.size(1), ")");
}

Tensor mm_impl(const Tensor& self, const Tensor& mat2, const Tensor& out) {
  TS_CHECK(self.dim() == 2, "self must be a matrix");
  TS_CHECK(mat2.dim() == 2, "mat2 must be a matrix");
  check_mm_shapes(self, mat2);
  DimVector shape{self.size(0), mat2.size(1)};
  Tensor r = result_tensor(out, shape, self);
  check_same_type(self, mat2);
  check_gemm_dtype(self.dtype(), "addmm_impl_cpu_");
  run_mm(r, self, mat2, 0, 1);
  return r;
}

// addmm / addmm_ / addmm.out: `out` undefined means functional; `inplace` writes into self.
Tensor addmm_impl(const Tensor& self, const Tensor& m1, const Tensor& m2, const Scalar& beta,
                  const Scalar& alpha, const Tensor& out, bool inplace) {
  TS_CHECK(self.dtype() == m2.dtype(), "self and mat2 must have the same dtype");
  TS_CHECK(m1.dtype() == m2.dtype(), "mat1 and mat2 must have the same dtype");
  TS_CHECK(m1.dim() == 2, "mat1 must be a matrix, got ", m1.dim(), "-D tensor");
  TS_CHECK(m2.dim() == 2, "mat2 must be a matrix, got ", m2.dim(), "-D tensor");
  check_mm_shapes(m1, m2);
  DimVector shape{m1.size(0), m2.size(1)};
  if (inplace) check_inplace_shape(self, shape);
  Tensor r = inplace ? self : result_tensor(out, shape, m1);
  check_gemm_dtype(m1.dtype(), "addmm_impl_cpu_");
  if (!inplace) {
    Tensor self_e = expand_checked(self, shape);
    if (!is_zero(beta) && !r.is_same(self)) copy_into(r, self_e);
  }
  run_mm(r, m1, m2, beta, alpha);
  if (inplace) r.bump_version();
  return r;
}

// bmm and baddbmm (PyTorch's common_checks_baddbmm_bmm).
Tensor baddbmm_impl(const Tensor& self, const Tensor& b1, const Tensor& b2, const Scalar& beta,
                    const Scalar& alpha, const Tensor& out, bool inplace, bool is_bmm) {
  Tensor self_e;
  if (!is_bmm) self_e = expand_checked(self, {b1.size(0), b1.size(1), b2.size(2)});
  TS_CHECK(b1.dim() == 3, "batch1 must be a 3D tensor");
  TS_CHECK(b2.dim() == 3, "batch2 must be a 3D tensor");
  const int64_t bs = b1.size(0), k = b1.size(2);
  TS_CHECK(b2.size(0) == bs && b2.size(1) == k,
           "Expected size for first two dimensions of batch2 tensor to be: [", bs, ", ", k,
           "] but got: [", b2.size(0), ", ", b2.size(1), "].");
  DimVector shape{bs, b1.size(1), b2.size(2)};
  if (inplace) check_inplace_shape(self, shape);
  Tensor r = inplace ? self : result_tensor(out, shape, b2);
  if (!is_bmm && !inplace && !is_zero(beta) && !r.is_same(self)) copy_into(r, self_e);
  check_same_type(b1, b2);
  check_gemm_dtype(b1.dtype(), is_bmm ? "bmm" : "baddbmm");
  // PyTorch's in-place kernel for small products (k * m * n < 400) computes self * beta +
  // alpha * (b1 @ b2) even for beta = 0: self's NaN and infinities survive as NaN.
  Tensor kept;
  if (inplace && !is_bmm && is_zero(beta) && is_floating(self.dtype()) && k * shape[1] * shape[2] < 400)
    kept = mul(self, scalar_to_tensor(Scalar(0.0)));
  run_bmm(r, b1, b2, is_bmm ? Scalar(0) : beta, is_bmm ? Scalar(1) : alpha);
  if (kept.defined()) add_(r, kept);
  if (inplace) r.bump_version();
  return r;
}

Tensor addbmm_impl(const Tensor& self, const Tensor& b1, const Tensor& b2, const Scalar& beta,
                   const Scalar& alpha, const Tensor& out, bool inplace) {
  Tensor self_e = expand_checked(self, {b1.size(1), b2.size(2)});
  TS_CHECK(b1.dim() == 3, "batch1 must be a 3D tensor");
  TS_CHECK(b2.dim() == 3, "batch2 must be a 3D tensor");
  TS_CHECK(b1.size(0) == b2.size(0), "batch1 and batch2 must have same number of batches, got ",
           b1.size(0), " and ", b2.size(0));
  TS_CHECK(b1.size(2) == b2.size(1), "Incompatible matrix sizes for bmm (", b1.size(1), "x",
           b1.size(2), " and ", b2.size(1), "x", b2.size(2), ")");
  DimVector shape{b1.size(1), b2.size(2)};
  // PyTorch resizes the result (even self, for addbmm_) to the expanded shape.
  Tensor r = inplace ? self : out.defined() ? out : empty(shape, options_of(self));
  if (out.defined()) check_out_dtype(out, self.dtype());
  resize_out(r, shape);
  if (!is_zero(beta) && !r.is_same(self_e)) copy_into(r, self_e);
  const int64_t nb = b1.size(0);
  if (nb == 0) {
    if (is_zero(beta)) zero_(r);
    else if (!(beta.to_double() == 1.0)) mul_(r, scalar_to_tensor(beta));
  }
  Scalar b = beta;
  for (int64_t i = 0; i < nb; ++i) {
    Tensor a1 = make_view(b1, {b1.size(1), b1.size(2)}, {b1.stride(1), b1.stride(2)},
                          b1.storage_offset() + i * b1.stride(0));
    Tensor a2 = make_view(b2, {b2.size(1), b2.size(2)}, {b2.stride(1), b2.stride(2)},
                          b2.storage_offset() + i * b2.stride(0));
    addmm_impl(r, a1, a2, b, alpha, Tensor(), true);
    b = Scalar(1);
  }
  if (inplace) r.bump_version();
  return r;
}

// addmv and mv (mv is addmv_ into a fresh result with beta = 0).
Tensor addmv_impl(const Tensor& self, const Tensor& mat, const Tensor& vec, const Scalar& beta,
                  const Scalar& alpha, const Tensor& out, bool inplace, bool is_mv) {
  TS_CHECK(mat.dim() == 2 && vec.dim() == 1 && self.dim() <= 1,
           "vector + matrix @ vector expected, got ", self.dim(), ", ", mat.dim(), ", ",
           vec.dim());
  TS_CHECK(mat.size(1) == vec.size(0) && (mat.size(0) == self.numel() || self.numel() == 1),
           "size mismatch, got ", self.size(0), ", ", mat.size(0), "x", mat.size(1), ",",
           vec.size(0));
  DimVector shape{mat.size(0)};
  if (inplace) check_inplace_shape(self, shape);
  Tensor r = inplace ? self : result_tensor(out, shape, vec);
  if (mat.numel() == 0) {
    if (is_zero(beta)) zero_(r);
    else copy_into(r, mul(expand_checked(self, shape), scalar_to_tensor(beta)));
    return r;
  }
  if (!is_mv && !inplace && !is_zero(beta) && !r.is_same(self))
    copy_into(r, expand_checked(self, shape));
  check_gemm_dtype(mat.dtype(), "addmv_impl_cpu");
  check_same_type(mat, vec);
  if (r.numel() == 0) return r;
  if (same_storage(r, mat) || same_storage(r, vec)) {
    Tensor tmp = contiguous(r).clone();
    addmv_stub(r.device().type, tmp, mat, vec, beta, alpha);
    copy_into(r, tmp);
  } else {
    addmv_stub(r.device().type, r, mat, vec, beta, alpha);
  }
  if (inplace) r.bump_version();
  return r;
}

Tensor mv_impl(const Tensor& self, const Tensor& vec, const Tensor& out) {
  Tensor r = out.defined() ? out : empty({self.size(0)}, options_of(vec));
  if (out.defined()) {
    // mv.out resizes first, then runs addmv with the result as `self`.
    check_out_dtype(out, vec.dtype());
    resize_out(out, {self.dim() > 0 ? self.size(0) : 1});
  }
  return addmv_impl(r, self, vec, 0, 1, Tensor(), true, true);
}

Tensor dot_impl(const Tensor& self, const Tensor& other, const Tensor& out) {
  TS_CHECK(self.dim() == 1 && other.dim() == 1, "1D tensors expected, but got ", self.dim(),
           "D and ", other.dim(), "D tensors");
  TS_CHECK(self.dtype() == other.dtype(),
           "dot : expected both vectors to have same dtype, but found ",
           torch_type_name(self.dtype()), " and ", torch_type_name(other.dtype()));
  TS_CHECK(self.numel() == other.numel(), "inconsistent tensor size, expected tensor [",
           self.numel(), "] and src [", other.numel(),
           "] to have the same number of elements, but got ", self.numel(), " and ",
           other.numel(), " elements respectively");
  if (self.dtype() == DType::Bool || self.dtype() == DType::Float16)
    not_implemented("dot", self.dtype());
  Tensor r = empty({}, options_of(self));
  dot_stub(self.device().type, r, self, other);
  if (!out.defined()) return r;
  check_out_dtype(out, self.dtype());
  resize_out(out, {});
  copy_into(out, r);
  return out;
}

// PyTorch 1.13's should_fold: fold the batch dims of the larger operand into mm/mv rows.
bool should_fold(const Tensor& t1, int64_t dim2) {
  const int64_t d1 = t1.dim();
  if (!(d1 >= 3 && (dim2 == 1 || dim2 == 2))) return false;
  auto sz = t1.sizes();
  auto st = t1.strides();
  // [b, n, m] with the last two dims transposed: bmm handles it without a copy.
  if (d1 == 3 && dim2 == 2 && st.back() != 1 && st.front() == sz[1] * sz[2]) return false;
  return true;
}

Tensor matmul_impl(const Tensor& t1, const Tensor& t2) {
  const int64_t d1 = t1.dim(), d2 = t2.dim();
  TS_CHECK(d1 != 0 && d2 != 0, "both arguments to matmul need to be at least 1D, but they are ",
           d1, "D and ", d2, "D");
  if (d1 == 1 && d2 == 1) return dot(t1, t2);
  if (d1 == 2 && d2 == 1) return mv(t1, t2);
  if (d1 == 1 && d2 == 2) return squeeze_view(mm(unsqueeze_view(t1, 0), t2), 0);
  if (d1 == 2 && d2 == 2) return mm(t1, t2);
  if (should_fold(t1, d2) || should_fold(t2, d1)) {
    const bool transpose = d2 > d1;
    Tensor a = transpose ? mT_view(t2) : t1;
    Tensor b = !transpose ? t2 : d1 == 2 ? transpose_view(t1, 0, 1) : t1;
    DimVector out_shape(a.sizes());
    const int64_t last = out_shape.back();
    out_shape.pop_back();
    int64_t folded = 1;
    for (int64_t s : out_shape) folded *= s;
    const bool b_matrix = b.dim() == 2;
    if (b_matrix) out_shape.push_back(b.size(1));
    Tensor af = reshape_local(a, {folded, last});
    if (b_matrix) {
      Tensor o = reshape_local(mm(af, b), out_shape);
      return transpose ? contiguous(mT_view(o)) : o;
    }
    return reshape_local(mv(af, b), out_shape);
  }
  // Batched: broadcast the batch dims, flatten them, bmm.
  const int64_t n = d1 > 1 ? t1.size(-2) : 1, m1 = t1.size(-1);
  const int64_t m2 = d2 > 1 ? t2.size(-2) : t2.size(0), p = d2 > 1 ? t2.size(-1) : 1;
  IntArrayRef bt1(t1.sizes().data(), size_t(std::max<int64_t>(d1 - 2, 0)));
  IntArrayRef bt2(t2.sizes().data(), size_t(std::max<int64_t>(d2 - 2, 0)));
  DimVector out_shape = broadcast_shapes(bt1, bt2);
  int64_t nb = 1;
  for (int64_t s : out_shape) nb *= s;
  DimVector e1(out_shape);
  e1.push_back(n);
  e1.push_back(m1);
  Tensor a = reshape_local(expand_view(d1 == 1 ? unsqueeze_view(t1, 0) : t1, e1), {nb, n, m1});
  DimVector e2(out_shape);
  e2.push_back(m2);
  if (d2 > 1) e2.push_back(p);
  Tensor b = expand_view(t2, e2);
  b = d2 == 1 ? unsqueeze_view(reshape_local(b, {nb, m2}), 2) : reshape_local(b, {nb, m2, p});
  if (d1 > 1) out_shape.push_back(n);
  if (d2 > 1) out_shape.push_back(p);
  return reshape_local(bmm(a, b), out_shape);
}

}  // namespace

Tensor mm(const Tensor& self, const Tensor& mat2) {
  TS_AUTOGRAD("mm", self, mat2);
  return mm_impl(self, mat2, Tensor());
}
Tensor mm_out(const Tensor& self, const Tensor& mat2, const Tensor& out) {
  return mm_impl(self, mat2, out);
}
Tensor bmm(const Tensor& self, const Tensor& mat2) {
  TS_AUTOGRAD("bmm", self, mat2);
  return baddbmm_impl(Tensor(), self, mat2, 0, 1, Tensor(), false, true);
}
Tensor bmm_out(const Tensor& self, const Tensor& mat2, const Tensor& out) {
  return baddbmm_impl(Tensor(), self, mat2, 0, 1, out, false, true);
}
Tensor mv(const Tensor& self, const Tensor& vec) {
  TS_AUTOGRAD("mv", self, vec);
  return mv_impl(self, vec, Tensor());
}
Tensor mv_out(const Tensor& self, const Tensor& vec, const Tensor& out) {
  return mv_impl(self, vec, out);
}
Tensor dot(const Tensor& self, const Tensor& tensor) {
  TS_AUTOGRAD("dot", self, tensor);
  return dot_impl(self, tensor, Tensor());
}
Tensor dot_out(const Tensor& self, const Tensor& tensor, const Tensor& out) {
  return dot_impl(self, tensor, out);
}
// PyTorch's reshape internals (shape.cpp).
Tensor unsafe_view(const Tensor& self, IntArrayRef size);
// In-place squeeze of one dim (movement.cpp).
Tensor squeeze_(const Tensor& self, int64_t dim);

namespace {
// matmul while recording: PyTorch 1.13's decomposition with recording ops, so the graph has
// its nodes (DotBackward0, MvBackward0, MmBackward0; UnsafeViewBackward0 over mm/mv after
// folding batch dims into rows, or over bmm; CloneBackward0 after a transposed fold).
Tensor matmul_recorded(const Tensor& t1, const Tensor& t2) {
  const int64_t d1 = t1.dim(), d2 = t2.dim();
  TS_CHECK(d1 != 0 && d2 != 0, "both arguments to matmul need to be at least 1D, but they are ",
           d1, "D and ", d2, "D");
  if (d1 == 1 && d2 == 1) return dot(t1, t2);
  if (d1 == 2 && d2 == 1) return mv(t1, t2);
  if (d1 == 1 && d2 == 2) return squeeze_(mm(unsqueeze(t1, 0), t2), 0);  // SqueezeBackward3
  if (d1 == 2 && d2 == 2) return mm(t1, t2);
  if (should_fold(t1, d2) || should_fold(t2, d1)) {
    const bool transpose_out = d2 > d1;
    Tensor a = transpose_out ? transpose(t2, -2, -1) : t1;
    Tensor b = !transpose_out ? t2 : d1 == 2 ? t(t1) : t1;
    DimVector out_shape(a.sizes());
    const int64_t last = out_shape.back();
    out_shape.pop_back();
    int64_t folded = 1;
    for (int64_t s : out_shape) folded *= s;
    Tensor af = reshape(a, {folded, last});
    if (b.dim() == 1) return unsafe_view(mv(af, b), out_shape);
    out_shape.push_back(b.size(1));
    Tensor o = unsafe_view(mm(af, b), out_shape);
    return transpose_out ? contiguous(transpose(o, -2, -1)) : o;
  }
  const int64_t n = d1 > 1 ? t1.size(-2) : 1, m1 = t1.size(-1);
  const int64_t m2 = d2 > 1 ? t2.size(-2) : t2.size(0), p = d2 > 1 ? t2.size(-1) : 1;
  IntArrayRef bt1(t1.sizes().data(), size_t(std::max<int64_t>(d1 - 2, 0)));
  IntArrayRef bt2(t2.sizes().data(), size_t(std::max<int64_t>(d2 - 2, 0)));
  DimVector out_shape = broadcast_shapes(bt1, bt2);
  int64_t nb = 1;
  for (int64_t s : out_shape) nb *= s;
  DimVector e1(out_shape), e2(out_shape);
  e1.push_back(n);
  e1.push_back(m1);
  e2.push_back(m2);
  e2.push_back(p);
  Tensor a = reshape(expand(d1 == 1 ? unsqueeze(t1, 0) : t1, e1), {nb, n, m1});
  Tensor b = reshape(expand(d2 == 1 ? unsqueeze(t2, -1) : t2, e2), {nb, m2, p});
  if (d1 > 1) out_shape.push_back(n);
  if (d2 > 1) out_shape.push_back(p);
  return unsafe_view(bmm(a, b), out_shape);
}
}  // namespace

Tensor matmul(const Tensor& self, const Tensor& other) {
  if (GradMode::is_enabled() && (self.requires_grad() || other.requires_grad())) return matmul_recorded(self, other);
  return matmul_impl(self, other);
}
Tensor matmul_out(const Tensor& self, const Tensor& other, const Tensor& out) {
  const int64_t d1 = self.dim(), d2 = other.dim();
  if (d1 == 1 && d2 == 1) return dot_out(self, other, out);
  if (d1 == 2 && d2 == 1) return mv_out(self, other, out);
  if (d1 == 2 && d2 == 2) return mm_out(self, other, out);
  Tensor r = matmul_impl(self, other);
  check_out_dtype(out, r.dtype());
  resize_out(out, r.sizes());
  copy_into(out, r);
  return out;
}

Tensor addmm(const Tensor& self, const Tensor& mat1, const Tensor& mat2, const Scalar& beta,
             const Scalar& alpha) {
  TS_AUTOGRAD("addmm", self, mat1, mat2, beta, alpha);
  return addmm_impl(self, mat1, mat2, beta, alpha, Tensor(), false);
}
Tensor addmm_(const Tensor& self, const Tensor& mat1, const Tensor& mat2, const Scalar& beta,
              const Scalar& alpha) {
  TS_AUTOGRAD("addmm_", self, mat1, mat2, beta, alpha);
  return addmm_impl(self, mat1, mat2, beta, alpha, Tensor(), true);
}
Tensor addmm_out(const Tensor& self, const Tensor& mat1, const Tensor& mat2, const Scalar& beta,
                 const Scalar& alpha, const Tensor& out) {
  return addmm_impl(self, mat1, mat2, beta, alpha, out, false);
}
Tensor baddbmm(const Tensor& self, const Tensor& batch1, const Tensor& batch2, const Scalar& beta,
               const Scalar& alpha) {
  TS_AUTOGRAD("baddbmm", self, batch1, batch2, beta, alpha);
  return baddbmm_impl(self, batch1, batch2, beta, alpha, Tensor(), false, false);
}
Tensor baddbmm_(const Tensor& self, const Tensor& batch1, const Tensor& batch2,
                const Scalar& beta, const Scalar& alpha) {
  return baddbmm_impl(self, batch1, batch2, beta, alpha, Tensor(), true, false);
}
Tensor baddbmm_out(const Tensor& self, const Tensor& batch1, const Tensor& batch2,
                   const Scalar& beta, const Scalar& alpha, const Tensor& out) {
  return baddbmm_impl(self, batch1, batch2, beta, alpha, out, false, false);
}
Tensor addbmm(const Tensor& self, const Tensor& batch1, const Tensor& batch2, const Scalar& beta,
              const Scalar& alpha) {
  TS_AUTOGRAD("addbmm", self, batch1, batch2, beta, alpha);
  return addbmm_impl(self, batch1, batch2, beta, alpha, Tensor(), false);
}
Tensor addbmm_(const Tensor& self, const Tensor& batch1, const Tensor& batch2, const Scalar& beta,
               const Scalar& alpha) {
  return addbmm_impl(self, batch1, batch2, beta, alpha, Tensor(), true);
}
Tensor addbmm_out(const Tensor& self, const Tensor& batch1, const Tensor& batch2,
                  const Scalar& beta, const Scalar& alpha, const Tensor& out) {
  return addbmm_impl(self, batch1, batch2, beta, alpha, out, false);
}
Tensor addmv(const Tensor& self, const Tensor& mat, const Tensor& vec, const Scalar& beta,
             const Scalar& alpha) {
  TS_AUTOGRAD("addmv", self, mat, vec, beta, alpha);
  return addmv_impl(self, mat, vec, beta, alpha, Tensor(), false, false);
}
Tensor addmv_(const Tensor& self, const Tensor& mat, const Tensor& vec, const Scalar& beta,
              const Scalar& alpha) {
  return addmv_impl(self, mat, vec, beta, alpha, Tensor(), true, false);
}
Tensor addmv_out(const Tensor& self, const Tensor& mat, const Tensor& vec, const Scalar& beta,
                 const Scalar& alpha, const Tensor& out) {
  return addmv_impl(self, mat, vec, beta, alpha, out, false, false);
}

namespace {
void check_1d(const Tensor& t, const char* arg, const char* fn) {
  TS_CHECK(t.dim() == 1, fn, ": Expected 1-D argument ", arg, ", but got ", t.dim(), "-D");
}
}  // namespace

Tensor outer(const Tensor& self, const Tensor& vec2) {
  TS_AUTOGRAD("outer", self, vec2);
  check_1d(self, "self", "outer");
  check_1d(vec2, "vec2", "outer");
  return mul(unsqueeze_view(self, 1), vec2);
}
Tensor outer_out(const Tensor& self, const Tensor& vec2, const Tensor& out) {
  check_1d(self, "self", "outer");
  check_1d(vec2, "vec2", "outer");
  return mul_out(unsqueeze_view(self, 1), vec2, out);
}

namespace {
Tensor cross_impl(const Tensor& a, const Tensor& b, int64_t dim, const Tensor& out) {
  TS_CHECK(a.dim() == b.dim(), "linalg.cross: inputs must have the same number of dimensions.");
  TS_CHECK(a.size(dim) == 3 && b.size(dim) == 3, "linalg.cross: inputs dimension ", dim,
           " must have length 3. Got ", a.size(dim), " and ", b.size(dim));
  DimVector shape = broadcast_shapes(a.sizes(), b.sizes());
  check_same_type(a, b);
  if (a.dtype() == DType::Bool || a.dtype() == DType::Float16)
    not_implemented("linalg_cross", a.dtype());
  const int64_t d = wrap_dim(dim, a.dim());
  Tensor ae = expand_view(a, shape), be = expand_view(b, shape);
  Tensor r = result_tensor(out, shape, a);
  Tensor tmp = same_storage(r, a) || same_storage(r, b) ? empty(shape, options_of(a)) : r;
  auto comp = [&](const Tensor& t, int64_t i) { return select_view(t, d, i); };
  for (int64_t i = 0; i < 3; ++i) {
    int64_t j = (i + 1) % 3, k = (i + 2) % 3;
    copy_into(comp(tmp, i), sub(mul(comp(ae, j), comp(be, k)), mul(comp(ae, k), comp(be, j))));
  }
  if (!tmp.is_same(r)) copy_into(r, tmp);
  return r;
}
int64_t default_cross_dim(std::optional<int64_t> dim, IntArrayRef sizes) {
  if (dim) return *dim;
  for (size_t i = 0; i < sizes.size(); ++i)
    if (sizes[i] == 3) return int64_t(i);
  TS_ERROR("no dimension of size 3 in input");
}
}  // namespace

// A composite over linalg_cross, as PyTorch 1.13's (its node is LinalgCrossBackward0).
Tensor cross(const Tensor& self, const Tensor& other, std::optional<int64_t> dim) {
  return linalg_cross(self, other, default_cross_dim(dim, self.sizes()));
}
Tensor cross_out(const Tensor& self, const Tensor& other, std::optional<int64_t> dim,
                 const Tensor& out) {
  return cross_impl(self, other, default_cross_dim(dim, self.sizes()), out);
}
Tensor linalg_cross(const Tensor& self, const Tensor& other, int64_t dim) {
  TS_AUTOGRAD("linalg_cross", self, other, dim);
  return cross_impl(self, other, dim, Tensor());
}
Tensor linalg_cross_out(const Tensor& self, const Tensor& other, int64_t dim, const Tensor& out) {
  return cross_impl(self, other, dim, out);
}

TS_REGISTER_OPS(linalg) {
  r.def<&mm>("mm(Tensor self, Tensor mat2) -> Tensor");
  r.def<&mm_out>("mm.out(Tensor self, Tensor mat2, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&matmul>("matmul(Tensor self, Tensor other) -> Tensor").composite_op();
  r.def<&matmul_out>("matmul.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&bmm>("bmm(Tensor self, Tensor mat2) -> Tensor");
  r.def<&bmm_out>("bmm.out(Tensor self, Tensor mat2, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&mv>("mv(Tensor self, Tensor vec) -> Tensor");
  r.def<&mv_out>("mv.out(Tensor self, Tensor vec, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&dot>("dot(Tensor self, Tensor tensor) -> Tensor");
  r.def<&dot_out>("dot.out(Tensor self, Tensor tensor, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&addmm>("addmm(Tensor self, Tensor mat1, Tensor mat2, *, Scalar beta=1, Scalar alpha=1) -> Tensor");
  r.def<&addmm_out>("addmm.out(Tensor self, Tensor mat1, Tensor mat2, *, Scalar beta=1, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)");
  r.def<&addmm_>("addmm_(Tensor(a!) self, Tensor mat1, Tensor mat2, *, Scalar beta=1, Scalar alpha=1) -> Tensor(a!)");
  r.def<&baddbmm>("baddbmm(Tensor self, Tensor batch1, Tensor batch2, *, Scalar beta=1, Scalar alpha=1) -> Tensor");
  r.def<&baddbmm_out>("baddbmm.out(Tensor self, Tensor batch1, Tensor batch2, *, Scalar beta=1, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)");
  r.def<&baddbmm_>("baddbmm_(Tensor(a!) self, Tensor batch1, Tensor batch2, *, Scalar beta=1, Scalar alpha=1) -> Tensor(a!)");
  r.def<&addbmm>("addbmm(Tensor self, Tensor batch1, Tensor batch2, *, Scalar beta=1, Scalar alpha=1) -> Tensor");
  r.def<&addbmm_out>("addbmm.out(Tensor self, Tensor batch1, Tensor batch2, *, Scalar beta=1, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)");
  r.def<&addbmm_>("addbmm_(Tensor(a!) self, Tensor batch1, Tensor batch2, *, Scalar beta=1, Scalar alpha=1) -> Tensor(a!)");
  r.def<&addmv>("addmv(Tensor self, Tensor mat, Tensor vec, *, Scalar beta=1, Scalar alpha=1) -> Tensor");
  r.def<&addmv_out>("addmv.out(Tensor self, Tensor mat, Tensor vec, *, Scalar beta=1, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)");
  r.def<&addmv_>("addmv_(Tensor(a!) self, Tensor mat, Tensor vec, *, Scalar beta=1, Scalar alpha=1) -> Tensor(a!)");
  r.def<&outer>("outer(Tensor self, Tensor vec2) -> Tensor");
  r.def<&outer_out>("outer.out(Tensor self, Tensor vec2, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&outer>("ger(Tensor self, Tensor vec2) -> Tensor").composite_op();  // records outer's node
  r.def<&outer_out>("ger.out(Tensor self, Tensor vec2, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&cross>("cross(Tensor self, Tensor other, int? dim=None) -> Tensor").composite_op();
  r.def<&cross_out>("cross.out(Tensor self, Tensor other, int? dim=None, *, Tensor(a!) out) -> Tensor(a!)");
  // derivatives.yaml: self: linalg_cross(other.conj(), grad, dim), other: linalg_cross(grad,
  // self.conj(), dim); a broadcast input's gradient is summed back by the engine.
  r.def<&linalg_cross>("linalg_cross(Tensor self, Tensor other, *, int dim=-1) -> Tensor")
      .variants("function")
      .grad("LinalgCrossBackward0", "self:other other:self", TS_GRAD({
        return {TS_IF(0, linalg_cross(c.in(1), c.grad(), c.i64(2))),
                TS_IF(1, linalg_cross(c.grad(), c.in(0), c.i64(2)))};
      }));
  r.def<&linalg_cross_out>("linalg_cross.out(Tensor self, Tensor other, *, int dim=-1, Tensor(a!) out) -> Tensor(a!)")
      .variants("function");

  // Derivatives (PyTorch 1.13's derivatives.yaml formulas and node names).
  r.entry("mm").grad("MmBackward0", "self:mat2 mat2:self", TS_GRAD({
    return {TS_IF(0, mm(c.grad(), t(c.in(1)))), TS_IF(1, mm(t(c.in(0)), c.grad()))};
  }));
  r.entry("addmm").grad("AddmmBackward0", "mat1:mat2 mat2:mat1", TS_GRAD({
    const Scalar beta = c.scalar(3), alpha = c.scalar(4);
    return {TS_IF(0, c.grad() * beta), TS_IF(1, mm(c.grad(), t(c.in(2))) * alpha),
            TS_IF(2, mm(t(c.in(1)), c.grad()) * alpha)};
  }));
  r.entry("addmm_").grad(r.entry("addmm").derivative);
  // ---- products ----
  r.entry("dot").grad("DotBackward0", "self:tensor tensor:self", TS_GRAD({
    return {TS_IF(0, c.grad() * c.in(1)), TS_IF(1, c.grad() * c.in(0))};
  }));
  r.entry("mv").grad("MvBackward0", "self:vec vec:self", TS_GRAD({
    return {TS_IF(0, mm(unsqueeze(c.grad(), 1), unsqueeze(c.in(1), 0))),
            TS_IF(1, mv(t(c.in(0)), c.grad()))};
  }));
  r.entry("bmm").grad("BmmBackward0", "self:mat2 mat2:self", TS_GRAD({
    return {TS_IF(0, bmm(c.grad(), transpose(c.in(1), 1, 2))),
            TS_IF(1, bmm(transpose(c.in(0), 1, 2), c.grad()))};
  }));
  // ---- more products ----
  r.grad_pair("addmv", "AddmvBackward0", "mat:vec vec:mat", TS_GRAD({
    const Scalar beta = c.scalar(3), alpha = c.scalar(4);
    return {TS_IF(0, c.grad() * beta),
            TS_IF(1, mm(unsqueeze(c.grad(), 1), unsqueeze(c.in(2), 0)) * alpha),
            TS_IF(2, mv(t(c.in(1)), c.grad()) * alpha)};
  }));
  r.grad_pair("baddbmm", "BaddbmmBackward0", "batch1:batch2 batch2:batch1", TS_GRAD({
    const Scalar beta = c.scalar(3), alpha = c.scalar(4);
    return {TS_IF(0, c.grad() * beta), TS_IF(1, bmm(c.grad(), transpose(c.in(2), 1, 2)) * alpha),
            TS_IF(2, bmm(transpose(c.in(1), 1, 2), c.grad()) * alpha)};
  }));
  r.grad_pair("addbmm", "AddbmmBackward0", "batch1 batch2", TS_GRAD({
    const Scalar beta = c.scalar(3), alpha = c.scalar(4);
    const Tensor &b1 = c.in(1), &b2 = c.in(2);
    Tensor g = expand(unsqueeze(c.grad(), 0), {b1.size(0), c.grad().size(0), c.grad().size(1)});
    return {TS_IF(0, c.grad() * beta), TS_IF(1, bmm(g, transpose(b2, 1, 2)) * alpha),
            TS_IF(2, bmm(transpose(b1, 1, 2), g) * alpha)};
  }));
  r.entry("outer").grad("MulBackward0", "self:vec2 vec2:self", TS_GRAD({
    if (c.dtype(0) == c.dtype(1)) return {TS_IF(0, mv(c.grad(), c.in(1))), TS_IF(1, mv(t(c.grad()), c.in(0)))};
    // outer promotes mixed dtypes: mul's backward, each gradient in its input's dtype
    return {TS_IF(0, sum(c.grad() * unsqueeze(c.in(1), 0), IntArrayRef({1}), false).to(c.dtype(0))),
            TS_IF(1, sum(c.grad() * unsqueeze(c.in(0), 1), IntArrayRef({0}), false).to(c.dtype(1)))};
  }));
}

}  // namespace ts
