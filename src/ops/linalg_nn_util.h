// Internal helpers shared by the linalg and nn families (linalg.cpp, nn.cpp, conv.cpp,
// loss.cpp): PyTorch's type names for messages, out= handling and the few views they build
// without going through the shape ops (transposes, unsqueeze, folding batch dims).
#pragma once

#include <optional>
#include <utility>

#include "ops/api_core.h"
#include "ops/api_shape.h"
#include "tensor/tensor.h"

namespace ts::lnn {

// A pooling argument given as one int or a pair; a stride may also be empty (`dflt`, the
// kernel size). Another length is an error with PyTorch's message `msg`, naming op and argument.
inline std::pair<int64_t, int64_t> int_pair(IntArrayRef v, const char* msg,
                                            std::optional<std::pair<int64_t, int64_t>> dflt = std::nullopt) {
  TS_CHECK(v.size() == 1 || v.size() == 2 || (v.empty() && dflt), msg);
  if (v.empty()) return *dflt;
  return {v[0], v.size() == 1 ? v[0] : v[1]};
}

// ScalarType names as PyTorch's "expected scalar type Float but found Double" prints them.
inline const char* torch_type_name(DType t) { return scalar_type_name(t); }


[[noreturn]] inline void not_implemented(const char* kernel, DType t) {
  TS_ERROR("\"", kernel, "\" not implemented for '", torch_type_name(t), "'");
}

// torch.linalg's dtype check (float16/bfloat16 pass it but have no LAPACK kernel).
inline void check_floating(const Tensor& A, const char* fn) {
  TS_CHECK(is_floating(A.dtype()), fn, ": Expected a floating point or complex tensor as input. Got ",
           torch_type_name(A.dtype()));
}

inline TensorOptions options_of(const Tensor& t, std::optional<DType> dtype = std::nullopt) {
  TensorOptions o(dtype.value_or(t.dtype()));
  o.device = t.device();
  return o;
}

inline void check_out_dtype(const Tensor& out, DType want) {
  TS_CHECK(out.dtype() == want, "Expected out tensor to have dtype ", cpp_type_name(want),
           ", but got ", cpp_type_name(out.dtype()), " instead");
}

inline bool same_storage(const Tensor& a, const Tensor& b) {
  return a.defined() && b.defined() && a.impl()->storage() == b.impl()->storage();
}

// Views built directly on the storage (no autograd, no checks beyond the callers').
inline Tensor transpose_view(const Tensor& t, int64_t a, int64_t b) {
  DimVector sz(t.sizes()), st(t.strides());
  std::swap(sz[size_t(a)], sz[size_t(b)]);
  std::swap(st[size_t(a)], st[size_t(b)]);
  return make_view(t, std::move(sz), std::move(st), t.storage_offset());
}
inline Tensor mT_view(const Tensor& t) { return transpose_view(t, t.dim() - 2, t.dim() - 1); }

inline Tensor unsqueeze_view(const Tensor& t, int64_t d) {
  DimVector sz(t.sizes()), st(t.strides());
  int64_t s = d < t.dim() ? t.sizes()[size_t(d)] * t.strides()[size_t(d)] : 1;
  sz.insert(size_t(d), 1);
  st.insert(size_t(d), s);
  return make_view(t, std::move(sz), std::move(st), t.storage_offset());
}

inline Tensor select_view(const Tensor& t, int64_t d, int64_t i) {
  DimVector sz(t.sizes()), st(t.strides());
  int64_t off = t.storage_offset() + i * st[size_t(d)];
  sz.erase(size_t(d));
  st.erase(size_t(d));
  return make_view(t, std::move(sz), std::move(st), off);
}

inline Tensor squeeze_view(const Tensor& t, int64_t d) {
  if (t.dim() == 0 || t.sizes()[size_t(d)] != 1) return t;
  DimVector sz(t.sizes()), st(t.strides());
  sz.erase(size_t(d));
  st.erase(size_t(d));
  return make_view(t, std::move(sz), std::move(st), t.storage_offset());
}

inline Tensor permute_view(const Tensor& t, IntArrayRef perm) {
  DimVector sz(perm.size()), st(perm.size());
  for (size_t i = 0; i < perm.size(); ++i) {
    sz[i] = t.sizes()[size_t(perm[i])];
    st[i] = t.strides()[size_t(perm[i])];
  }
  return make_view(t, std::move(sz), std::move(st), t.storage_offset());
}

// Broadcasts `t` to `sizes` (leading dims added, size-1 dims get stride 0); the caller has
// checked that the shapes broadcast.
inline Tensor expand_view(const Tensor& t, IntArrayRef sizes) {
  size_t nd = sizes.size(), td = size_t(t.dim());
  DimVector st(nd, 0);
  for (size_t i = 0; i < td; ++i) {
    size_t o = nd - td + i;
    st[o] = t.sizes()[i] == sizes[o] ? t.strides()[i] : 0;
  }
  return make_view(t, DimVector(sizes), std::move(st), t.storage_offset());
}

// expand() with PyTorch's checks and wording (used for addmm's `self` and similar).
inline Tensor expand_checked(const Tensor& t, IntArrayRef sizes) {
  const int64_t nd = int64_t(sizes.size()), td = t.dim();
  TS_CHECK(nd >= td, "expand(", shape_str(t.sizes()), ", size=", shape_str(sizes),
           "): the number of sizes provided (", nd,
           ") must be greater or equal to the number of dimensions in the tensor (", td, ")");
  for (int64_t i = nd - 1; i >= 0; --i) {
    int64_t d = td - (nd - i);
    int64_t size = d >= 0 ? t.sizes()[size_t(d)] : 1;
    TS_CHECK(size == sizes[size_t(i)] || size == 1, "The expanded size of the tensor (",
             sizes[size_t(i)], ") must match the existing size (", size,
             ") at non-singleton dimension ", i, ".  Target sizes: ", shape_str(sizes),
             ".  Tensor sizes: ", shape_str(t.sizes()));
  }
  return expand_view(t, sizes);
}

// PyTorch's computeStride: strides for viewing `t` as `shape` without a copy, when they exist.
inline std::optional<DimVector> view_strides(const Tensor& t, IntArrayRef shape) {
  IntArrayRef old_sz = t.sizes(), old_st = t.strides();
  DimVector st(shape.size(), 0);
  if (old_sz.empty()) return DimVector(shape.size(), 1);
  if (t.numel() == 0) {
    if (old_sz == shape) return DimVector(old_st);
    return DimVector(contiguous_strides(shape));
  }
  int64_t view_d = int64_t(shape.size()) - 1;
  int64_t chunk_base_stride = old_st.empty() ? 1 : old_st.back();
  int64_t tensor_numel = 1, view_numel = 1;
  for (int64_t td = int64_t(old_sz.size()) - 1; td >= 0; --td) {
    tensor_numel *= old_sz[size_t(td)];
    if (td == 0 || (old_sz[size_t(td - 1)] != 1 &&
                    old_st[size_t(td - 1)] != tensor_numel * chunk_base_stride)) {
      while (view_d >= 0 && (view_numel < tensor_numel || shape[size_t(view_d)] == 1)) {
        st[size_t(view_d)] = view_numel * chunk_base_stride;
        view_numel *= shape[size_t(view_d)];
        --view_d;
      }
      if (view_numel != tensor_numel) return std::nullopt;
      if (td > 0) {
        chunk_base_stride = old_st[size_t(td - 1)];
        tensor_numel = 1;
        view_numel = 1;
      }
    }
  }
  if (view_d != -1) return std::nullopt;
  return st;
}

// reshape: a view when the strides allow one, else a contiguous copy.
inline Tensor reshape_local(const Tensor& t, IntArrayRef shape) {
  if (auto st = view_strides(t, shape)) return make_view(t, DimVector(shape), std::move(*st), t.storage_offset());
  Tensor c = contiguous(t);
  return make_view(c, DimVector(shape), contiguous_strides(shape), c.storage_offset());
}

// Loss reductions (PyTorch's at::Reduction).
enum Reduction : int64_t { kReductionNone = 0, kReductionMean = 1, kReductionSum = 2 };

// size(i) with the dim check PyTorch's shape checks trip over on too few dims (padding, fold).
inline int64_t size_at(const Tensor& t, int64_t i) { return t.size(wrap_dim(i, t.dim())); }

// The depth slice of a depth-padded [N, C, D, ...] tensor read by kernel offset kd (conv3d,
// avg_pool3d).
inline Tensor depth_slice(const Tensor& x, int64_t kd, int64_t dil, int64_t stride, int64_t od) {
  return slice(x, 2, kd * dil, kd * dil + (od - 1) * stride + 1, stride);
}

}  // namespace ts::lnn
