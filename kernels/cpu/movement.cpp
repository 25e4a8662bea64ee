// CPU loops for data movement that views cannot express: a copy through signed strides (flip,
// rot90) and the triangle masks (tril, triu). Both move raw elements, so one loop per element
// size serves every dtype.
#include <omp.h>

#include <algorithm>
#include <cstring>
#include <type_traits>
#include <vector>

#include "kernels/cpu/loops.h"
#include "stubs/movement.h"

namespace ts::kernels {
namespace {

template <typename F>
void parallel_rows(int64_t rows, int64_t row_len, const F& body) {
  const int nt = omp_in_parallel() ? 1 : omp_get_max_threads();
  if (nt <= 1 || rows < 2 || rows * row_len < kGrainSize) return body(int64_t(0), rows);
#pragma omp parallel num_threads(nt)
  {
    const int64_t per = (rows + nt - 1) / nt, r0 = omp_get_thread_num() * per;
    if (r0 < rows) body(r0, std::min(rows, r0 + per));
  }
}

// out (contiguous, `in`'s logical shape) = in's elements read at
// base + offset + sum(index[d] * strides[d]), strides in elements and possibly negative.
template <typename E>
void signed_copy(E* out, const E* base, IntArrayRef sizes, IntArrayRef strides, int64_t offset) {
  const int64_t nd = int64_t(sizes.size());
  const int64_t inner = nd ? sizes[nd - 1] : 1, st = nd ? strides[nd - 1] : 1;
  int64_t rows = 1;
  for (int64_t d = 0; d + 1 < nd; ++d) rows *= sizes[d];
  parallel_rows(rows, inner, [&](int64_t r0, int64_t r1) {
    // Row r's start: decompose r over the outer dims.
    std::vector<int64_t> idx(static_cast<size_t>(std::max<int64_t>(nd - 1, 0)));
    int64_t rem = r0, pos = offset;
    for (int64_t d = nd - 2; d >= 0; --d) {
      idx[size_t(d)] = rem % sizes[d];
      rem /= sizes[d];
      pos += idx[size_t(d)] * strides[d];
    }
    for (int64_t r = r0; r < r1; ++r) {
      E* o = out + r * inner;
      const E* src = base + pos;
      if (st == 1) std::memcpy(o, src, size_t(inner) * sizeof(E));
      else if (st == -1) for (int64_t j = 0; j < inner; ++j) o[j] = src[-j];
      else for (int64_t j = 0; j < inner; ++j) o[j] = src[j * st];
      for (int64_t d = nd - 2; d >= 0; --d) {  // next row
        pos += strides[d];
        if (++idx[size_t(d)] < sizes[d]) break;
        pos -= idx[size_t(d)] * strides[d];
        idx[size_t(d)] = 0;
      }
    }
  });
}

void signed_strided_copy_kernel(const Tensor& out, const Tensor& in, IntArrayRef strides, int64_t offset) {
  if (out.numel() == 0) return;
  const char* base = static_cast<const char*>(in.data_ptr());
  char* o = static_cast<char*>(out.data_ptr());
  switch (in.element_size()) {
    case 1: return signed_copy(reinterpret_cast<uint8_t*>(o), reinterpret_cast<const uint8_t*>(base), out.sizes(), strides, offset);
    case 2: return signed_copy(reinterpret_cast<uint16_t*>(o), reinterpret_cast<const uint16_t*>(base), out.sizes(), strides, offset);
    case 4: return signed_copy(reinterpret_cast<uint32_t*>(o), reinterpret_cast<const uint32_t*>(base), out.sizes(), strides, offset);
    default: return signed_copy(reinterpret_cast<uint64_t*>(o), reinterpret_cast<const uint64_t*>(base), out.sizes(), strides, offset);
  }
}

// Keeps element (i, j) of each R x C matrix when j - i <= diagonal (lower) or >= diagonal
// (upper); the rest become zero bytes, which is 0 / false in every dtype.
template <typename E>
void triangle(E* out, const E* in, int64_t batch, int64_t R, int64_t C, int64_t diagonal, bool lower) {
  parallel_rows(batch * R, C, [&](int64_t r0, int64_t r1) {
    for (int64_t r = r0; r < r1; ++r) {
      const int64_t i = r % R;
      const E* x = in + r * C;
      E* y = out + r * C;
      // Columns [lo, hi) are kept.
      const int64_t lo = lower ? 0 : std::clamp<int64_t>(i + diagonal, 0, C);
      const int64_t hi = lower ? std::clamp<int64_t>(i + diagonal + 1, 0, C) : C;
      for (int64_t j = 0; j < C; ++j) y[j] = (j >= lo && j < hi) ? x[j] : E(0);
    }
  });
}

void triangle_kernel(const Tensor& out, const Tensor& in, int64_t diagonal, bool lower) {
  if (out.numel() == 0) return;
  const int64_t R = in.sizes()[in.dim() - 2], C = in.sizes()[in.dim() - 1];
  const int64_t batch = in.numel() / (R * C);
  const char* x = static_cast<const char*>(in.data_ptr());
  char* y = static_cast<char*>(out.data_ptr());
  switch (in.element_size()) {
    case 1: return triangle(reinterpret_cast<uint8_t*>(y), reinterpret_cast<const uint8_t*>(x), batch, R, C, diagonal, lower);
    case 2: return triangle(reinterpret_cast<uint16_t*>(y), reinterpret_cast<const uint16_t*>(x), batch, R, C, diagonal, lower);
    case 4: return triangle(reinterpret_cast<uint32_t*>(y), reinterpret_cast<const uint32_t*>(x), batch, R, C, diagonal, lower);
    default: return triangle(reinterpret_cast<uint64_t*>(y), reinterpret_cast<const uint64_t*>(x), batch, R, C, diagonal, lower);
  }
}

// out[cumsum[i] - repeats[i] .. cumsum[i]) = i; the op checked sizes and signs.
void repeat_index_kernel(const Tensor& repeats, const Tensor& cumsum, const Tensor& out) {
  auto run = [&](auto tag) {
    using I = typename decltype(tag)::type;
    const I* rep = static_cast<const I*>(repeats.data_ptr());
    const int64_t* cs = static_cast<const int64_t*>(cumsum.data_ptr());
    I* o = static_cast<I*>(out.data_ptr());
    for (int64_t i = 0; i < repeats.numel(); ++i)
      for (int64_t j = cs[i] - int64_t(rep[i]); j < cs[i]; ++j) o[j] = I(i);
  };
  if (repeats.dtype() == DType::Int32) run(TypeTag<int32_t>{});
  else run(TypeTag<int64_t>{});
}

// Row-major (row, col) pairs of the lower (j <= i + offset) or upper (j >= i + offset)
// triangle of a row x col matrix.
void tri_indices_kernel(const Tensor& out, int64_t row, int64_t col, int64_t offset, bool lower) {
  const int64_t n = out.sizes()[1];
  TS_DISPATCH_ALL(out.dtype(), lower ? "tril_indices" : "triu_indices", {
    using I = scalar_t;
    if constexpr (std::is_integral_v<I> && !std::is_same_v<I, bool>) {
      I* r = static_cast<I*>(out.data_ptr());
      I* c = r + n;
      int64_t k = 0;
      for (int64_t i = 0; i < row; ++i) {
        const int64_t lo = lower ? 0 : std::max<int64_t>(0, i + offset);
        const int64_t hi = lower ? std::min<int64_t>(col, i + offset + 1) : col;
        for (int64_t j = lo; j < hi; ++j, ++k) {
          r[k] = I(i);
          c[k] = I(j);
        }
      }
    }
  });
}

}  // namespace

TS_REGISTER_KERNEL(repeat_index_stub, CPU, &repeat_index_kernel);
TS_REGISTER_KERNEL(tri_indices_stub, CPU, &tri_indices_kernel);
TS_REGISTER_KERNEL(signed_strided_copy_stub, CPU, &signed_strided_copy_kernel);
TS_REGISTER_KERNEL(triangle_stub, CPU, &triangle_kernel);

}  // namespace ts::kernels
