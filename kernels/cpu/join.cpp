// cat of same-dtype contiguous inputs into a contiguous output: per outer index, one memcpy
// per input, split across threads by rows (or by bytes when there are few large rows).
#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "stubs/movement.h"
#include "tensor/dispatch_stub.h"
#include "tensor/iter.h"
#include "tensor/tensor.h"

namespace ts::kernels {
namespace {

struct Block {
  char* dst;
  const char* src;
  int64_t bytes;
};

// Rows of small blocks (stack along a late dim): typed moves instead of a memcpy call per
// block, input by input over tiles of rows so each input is read sequentially and the output
// tile stays in cache.
template <typename W>
void copy_rows_small(char* dst, int64_t out_row, const std::vector<const char*>& src,
                     const std::vector<int64_t>& row_bytes, const std::vector<int64_t>& dst_off,
                     int64_t r0, int64_t r1) {
  constexpr int64_t kTile = 256;
  const int64_t stride = out_row / int64_t(sizeof(W));
  for (int64_t t0 = r0; t0 < r1; t0 += kTile) {
    const int64_t t1 = std::min(r1, t0 + kTile);
    for (size_t j = 0; j < src.size(); ++j) {
      const int64_t m = row_bytes[j] / int64_t(sizeof(W));
      W* o = reinterpret_cast<W*>(dst + dst_off[j]) + t0 * stride;
      const W* in = reinterpret_cast<const W*>(src[j]) + t0 * m;
      if (m == 1) {
        for (int64_t r = 0; r < t1 - t0; ++r) o[r * stride] = in[r];
      } else {
        for (int64_t r = 0; r < t1 - t0; ++r)
          for (int64_t k = 0; k < m; ++k) o[r * stride + k] = in[r * m + k];
      }
    }
  }
}

void cat_contiguous_kernel(const Tensor& out, const std::vector<Tensor>& inputs, int64_t dim) {
  const int64_t es = int64_t(out.element_size());
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < dim; ++d) outer *= out.sizes()[d];
  for (int64_t d = dim + 1; d < out.dim(); ++d) inner *= out.sizes()[d];
  const int64_t out_row = out.sizes()[dim] * inner * es;
  const size_t n = inputs.size();
  std::vector<int64_t> row_bytes(n), dst_off(n);
  std::vector<const char*> src(n);
  int64_t off = 0, max_row = 0;
  for (size_t j = 0; j < n; ++j) {
    row_bytes[j] = inputs[j].sizes()[dim] * inner * es;
    src[j] = static_cast<const char*>(inputs[j].data_ptr());
    dst_off[j] = off;
    off += row_bytes[j];
    max_row = std::max(max_row, row_bytes[j]);
  }
  char* dst = static_cast<char*>(out.data_ptr());
  auto copy_rows = [&](int64_t r0, int64_t r1) {
    if (max_row <= 64) {
      switch (es) {
        case 1: return copy_rows_small<uint8_t>(dst, out_row, src, row_bytes, dst_off, r0, r1);
        case 2: return copy_rows_small<uint16_t>(dst, out_row, src, row_bytes, dst_off, r0, r1);
        case 4: return copy_rows_small<uint32_t>(dst, out_row, src, row_bytes, dst_off, r0, r1);
        default: return copy_rows_small<uint64_t>(dst, out_row, src, row_bytes, dst_off, r0, r1);
      }
    }
    for (int64_t r = r0; r < r1; ++r)
      for (size_t j = 0; j < n; ++j)
        std::memcpy(dst + r * out_row + dst_off[j], src[j] + r * row_bytes[j],
                    size_t(row_bytes[j]));
  };
  const int64_t total = outer * out_row;
  const int threads = omp_in_parallel() ? 1 : omp_get_max_threads();
  if (total < kGrainSize * es || threads <= 1) {
    copy_rows(0, outer);
    return;
  }
  if (outer >= 4 * threads) {
#pragma omp parallel num_threads(threads)
    {
      const int64_t t = omp_get_thread_num(), nt = omp_get_num_threads();
      const int64_t per = (outer + nt - 1) / nt;
      copy_rows(std::min(outer, t * per), std::min(outer, (t + 1) * per));
    }
    return;
  }
  // Few large rows: every thread copies its share of each block.
  std::vector<Block> blocks;
  for (int64_t r = 0; r < outer; ++r)
    for (size_t j = 0; j < n; ++j)
      blocks.push_back({dst + r * out_row + dst_off[j], src[j] + r * row_bytes[j], row_bytes[j]});
#pragma omp parallel num_threads(threads)
  {
    const int64_t t = omp_get_thread_num(), nt = omp_get_num_threads();
    for (const Block& b : blocks) {
      // Cut at 64-byte boundaries so threads do not share cache lines.
      int64_t per = ((b.bytes + nt - 1) / nt + 63) / 64 * 64;
      int64_t lo = std::min(b.bytes, t * per), hi = std::min(b.bytes, lo + per);
      if (lo < hi) std::memcpy(b.dst + lo, b.src + lo, size_t(hi - lo));
    }
  }
}

}  // namespace

TS_REGISTER_KERNEL(cat_contiguous_stub, CPU, &cat_contiguous_kernel);

}  // namespace ts::kernels
