// CPU kernel of pixel_shuffle / pixel_unshuffle (ops/pixel_shuffle.cpp): pure data movement, any
// dtype. One OpenMP loop over output rows above a grain size.
#include <omp.h>

#include <cstdint>
#include <cstring>

#include "kernels/cpu/loops.h"
#include "stubs/movement.h"

namespace ts::kernels {
namespace {

constexpr int64_t kShuffleGrain = 16384;

// Moves elements of `size` bytes: out[b, c, h * r + i, w * r + j] = in[b, c * r * r + i * r + j, h, w]
// (or the reverse for the inverse); one output row (fixed b, c, h, i) per iteration.
template <typename E>
void shuffle_typed(const Tensor& out, const Tensor& in, int64_t r, bool inverse) {
  // Shapes in the shuffled ("big") layout: [B, C, H * r, W * r] with C = channels / r^2.
  const Tensor& big = inverse ? in : out;
  const int64_t b = big.size(0), c = big.size(1), oh = big.size(2), ow = big.size(3);
  const int64_t h = oh / r, w = ow / r;
  const E* src = static_cast<const E*>(in.data_ptr());
  E* dst = static_cast<E*>(out.data_ptr());
  const int64_t rows = b * c * oh;
#pragma omp parallel for schedule(static) if (rows * ow > kShuffleGrain && !omp_in_parallel())
  for (int64_t row = 0; row < rows; ++row) {
    const int64_t y = row % oh, bc = row / oh;
    const int64_t hh = y / r, i = y % r;
    // The small layout's channel block for this (b, c): [r * r, H, W].
    const int64_t small_base = bc * r * r * h * w;
    for (int64_t j = 0; j < r; ++j) {
      const int64_t small_row = small_base + ((i * r + j) * h + hh) * w;
      if (!inverse) {
        E* o = dst + row * ow + j;
        const E* s = src + small_row;
        for (int64_t x = 0; x < w; ++x) o[x * r] = s[x];
      } else {
        const E* s = src + row * ow + j;
        E* o = dst + small_row;
        for (int64_t x = 0; x < w; ++x) o[x] = s[x * r];
      }
    }
  }
}

void pixel_shuffle_kernel(const Tensor& out, const Tensor& in, int64_t r, bool inverse) {
  switch (element_size(in.dtype())) {
    case 1: shuffle_typed<uint8_t>(out, in, r, inverse); return;
    case 2: shuffle_typed<uint16_t>(out, in, r, inverse); return;
    case 4: shuffle_typed<uint32_t>(out, in, r, inverse); return;
    case 8: shuffle_typed<uint64_t>(out, in, r, inverse); return;
    default: TS_ERROR("pixel_shuffle: unsupported element size");
  }
}

}  // namespace

TS_REGISTER_KERNEL(pixel_shuffle_stub, CPU, &pixel_shuffle_kernel);

}  // namespace ts::kernels
