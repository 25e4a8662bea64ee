// Direct float32 convolution for stride 1 (see conv_direct.h). One sample's input is copied
// into zero-padded planes `wp` wide; an output position p = oy * wp + ox then reads tap
// (ki, kj) of channel c at plane c, index p + ki * dh * wp + kj * dw: every tap is the same
// plane shifted, so the product is a GEMM whose B rows are views, computed by register tiles
// (conv_direct_tiles.inc) of 4 channels x 24 positions in the avx2 copy of this file, 8 x 48 in
// the avx512 copy (tensor/cpu_capability.h); the default copy has none (conv.cpp keeps im2col +
// GEMM). Columns ox >= ow are computed and dropped.
#include "kernels/cpu/conv_direct.h"

#include <omp.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <utility>
#include <vector>

#if defined(__AVX2__) && defined(__FMA__)
#include <immintrin.h>
#define TS_DIRECT_CONV 1
#else
#define TS_DIRECT_CONV 0
#endif

namespace ts::kernels::inline TS_CPU_NS {

#if TS_DIRECT_CONV
namespace {

int64_t round_up(int64_t x, int64_t m) { return (x + m - 1) / m * m; }

// GCC turns short copy loops into memmove calls, which cost more than these copies.
#define TS_NO_MEMCALLS __attribute__((optimize("no-tree-loop-distribute-patterns")))

TS_NO_MEMCALLS inline void copy_floats(float* __restrict dst, const float* __restrict src,
                                       int64_t n) {
  int64_t x = 0;
  for (; x + 8 <= n; x += 8) _mm256_storeu_ps(dst + x, _mm256_loadu_ps(src + x));
  if (x < n) {
    const __m256i m = _mm256_cmpgt_epi32(_mm256_set1_epi32(int(n - x)),
                                         _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
    _mm256_maskstore_ps(dst + x, m, _mm256_maskload_ps(src + x, m));
  }
}

inline float hsum(__m256 v) {
  __m128 s = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
  s = _mm_add_ps(s, _mm_movehl_ps(s, s));
  s = _mm_add_ss(s, _mm_movehdup_ps(s));
  return _mm_cvtss_f32(s);
}

// A stride-1 convolution of `cin` source planes [src_h, src_w] placed at (pt, pl) in zero
// planes `wp` wide, producing `cout` planes [oh, ow] over the flat range [0, pflat).
// cout4 is cout rounded up to the forward tiles' channel count mr, pflat oh * wp rounded up to
// the lanes.
struct Plan;
using FwdFn = void (*)(const float*, const Plan&, const float*, const float*, float*, int64_t,
                       int64_t);
struct Plan {
  int64_t cin, cout, kh, kw, dh, dw, src_h, src_w, pt, pl, oh, ow;
  int64_t wp, rows, pflat, plane, cout4, k;
  std::vector<int64_t> taps;  // flat offset of tap (ki, kj)
  int64_t mr = 0, nr = 0;     // forward tile: channels, positions
  FwdFn fwd = nullptr;
};

// Register tiles come in two channel counts per CPU: a wide one and a 5-channel one for counts
// such as 10 and 20 that the wide one would round up (LeNet's 10 -> 16 with 8 channels: 37% of
// the FMAs wasted). Forward: mr channels x nr positions through rows(pin, plan, packed weights,
// bias, obuf, p0, p1).
struct FwdTiles {
  int64_t mr, nr;
  FwdFn rows;
};
// Weight gradient: mr channels x kb taps, through rows(gyf, pin, koff, plan, channel rows, mem).
struct BwTiles {
  int64_t mr, kb;
  void (*rows)(const float*, const float*, const int64_t*, const Plan&, int64_t, float*);
};

#ifndef __AVX512F__
namespace avx2 {
struct V {
  using T = __m256;
  static constexpr int kLanes = 8;
  static T load(const float* p) { return _mm256_loadu_ps(p); }
  static void store(float* p, T v) { _mm256_storeu_ps(p, v); }
  static T fma(T a, T b, T c) { return _mm256_fmadd_ps(a, b, c); }
  static T bcast(const float* p) { return _mm256_broadcast_ss(p); }
  static T zero() { return _mm256_setzero_ps(); }
  static T add(T a, T b) { return _mm256_add_ps(a, b); }
};
constexpr int kMr = 4, kNv = 3;  // 12 accumulators of the 16 registers (narrow: 5 x 2)
constexpr int kAcc = 12, kNvMax = 2;
#include "kernels/cpu/conv_direct_tiles.inc"
}  // namespace avx2
#else
namespace avx512 {
struct V {
  using T = __m512;
  static constexpr int kLanes = 16;
  static T load(const float* p) { return _mm512_loadu_ps(p); }
  static void store(float* p, T v) { _mm512_storeu_ps(p, v); }
  static T fma(T a, T b, T c) { return _mm512_fmadd_ps(a, b, c); }
  static T bcast(const float* p) { return _mm512_set1_ps(*p); }
  static T zero() { return _mm512_setzero_ps(); }
  static T add(T a, T b) { return _mm512_add_ps(a, b); }
};
constexpr int kMr = 8, kNv = 3;  // 24 accumulators of the 32 registers (narrow: 5 x 4)
constexpr int kAcc = 24, kNvMax = 2;
#include "kernels/cpu/conv_direct_tiles.inc"
}  // namespace avx512
#endif

// The tiles for this CPU.
struct Isa {
  int64_t lanes;
  FwdTiles fwd_wide, fwd_narrow;
  BwTiles bw_wide, bw_narrow;
  void (*bwc_rows)(const float*, const float* const*, int64_t, const Plan&, int64_t, float*);
};

// The tiles of the level this copy is compiled for.
const Isa& isa() {
#ifndef __AVX512F__
  using namespace avx2;
  static const Isa k{8,
                     {kMr, kNv * 8, &fwd_rows<kMr, kNv>}, {5, 2 * 8, &fwd_rows<5, 2>},
                     {kMr, 3, &bw_rows<kMr, 3>}, {5, 2, &bw_rows<5, 2>},
                     &bwc_rows};
#else
  using namespace avx512;
  static const Isa k{16,
                     {kMr, kNv * 16, &fwd_rows<kMr, kNv>}, {5, 4 * 16, &fwd_rows<5, 4>},
                     {kMr, 3, &bw_rows<kMr, 3>}, {5, 4, &bw_rows<5, 4>},
                     &bwc_rows};
#endif
  return k;
}

Plan make_plan(int64_t cin, int64_t cout, int64_t src_h, int64_t src_w, int64_t pt, int64_t pl,
               int64_t kh, int64_t kw, int64_t dh, int64_t dw, int64_t oh, int64_t ow) {
  const Isa& is = isa();
  Plan p{cin, cout, kh, kw, dh, dw, src_h, src_w, pt, pl, oh, ow, 0, 0, 0, 0, 0, 0, {}};
  p.wp = ow + (kw - 1) * dw;
  p.rows = oh + (kh - 1) * dh;
  p.pflat = round_up(oh * p.wp, is.lanes);
  // The last tile reads up to pflat - 1 + the largest tap offset.
  p.plane = round_up(p.pflat + (kh - 1) * dh * p.wp + (kw - 1) * dw, 16);
  const FwdTiles& ft =
      round_up(cout, is.fwd_narrow.mr) < round_up(cout, is.fwd_wide.mr) ? is.fwd_narrow : is.fwd_wide;
  p.mr = ft.mr;
  p.nr = ft.nr;
  p.fwd = ft.rows;
  p.cout4 = round_up(cout, p.mr);
  p.k = cin * kh * kw;
  for (int64_t i = 0; i < kh; ++i)
    for (int64_t j = 0; j < kw; ++j) p.taps.push_back(i * dh * p.wp + j * dw);
  return p;
}

// Copies the source planes inside the padded ones; the borders keep the zeros they were
// allocated with (every sample writes the same interior).
void fill_padded(const float* src, float* pin, const Plan& p) {
  const int64_t ny = std::min(p.src_h, p.rows - p.pt), nx = std::min(p.src_w, p.wp - p.pl);
  if (ny <= 0 || nx <= 0) return;
  for (int64_t c = 0; c < p.cin; ++c)
    for (int64_t y = 0; y < ny; ++y)
      copy_floats(pin + c * p.plane + (y + p.pt) * p.wp + p.pl, src + (c * p.src_h + y) * p.src_w,
                  nx);
}

// Output positions per pass: obuf stays small (and in cache) for large images.
int64_t chunk_of(const Plan& p) { return std::min(p.pflat, p.nr * 128); }

// One sample (one group): padded input -> out [cout][oh][ow], a chunk of positions at a time
// through obuf [cout4][chunk].
void fwd_sample(const float* pin, const Plan& p, const float* wpk, const float* b4, float* obuf,
                float* out) {
  const int64_t chunk = chunk_of(p);
  for (int64_t p0 = 0; p0 < p.pflat; p0 += chunk) {
    const int64_t p1 = std::min(p.pflat, p0 + chunk);
    p.fwd(pin, p, wpk, b4, obuf, p0, p1);
    // Valid outputs in [p0, p1): rows y with columns [0, ow) clipped to the range.
    for (int64_t y = p0 / p.wp; y < p.oh && y * p.wp < p1; ++y) {
      const int64_t x0 = std::max<int64_t>(0, p0 - y * p.wp);
      const int64_t x1 = std::min(p.ow, p1 - y * p.wp);
      if (x1 <= x0) continue;
      for (int64_t co = 0; co < p.cout; ++co)
        copy_floats(out + (co * p.oh + y) * p.ow + x0,
                    obuf + co * (p1 - p0) + y * p.wp + x0 - p0, x1 - x0);
    }
  }
}

// Packed weights wpk[cb][k][r] = wt(cb * mr + r, k), zero past cout.
template <typename F>
std::vector<float> pack_weights(const Plan& p, F wt) {
  const int64_t mr = p.mr;
  std::vector<float> w(size_t(p.cout4 * p.k), 0.f);
  for (int64_t co = 0; co < p.cout; ++co)
    for (int64_t k = 0; k < p.k; ++k) w[size_t(((co / mr) * p.k + k) * mr + co % mr)] = wt(co, k);
  return w;
}

bool parallel_batch(int64_t n) {
  return n > 1 && omp_get_max_threads() > 1 && !omp_in_parallel();
}

// f(first, last, thread) over contiguous sample ranges, one per thread.
template <typename F>
void for_samples(int64_t n, int nt, F f) {
  if (nt > 1) {
#pragma omp parallel num_threads(nt)
    {
      const int64_t t = omp_get_thread_num(), m = omp_get_num_threads();
      f(n * t / m, n * (t + 1) / m, int(t));
    }
  } else {
    f(0, n, 0);
  }
}

// Runs the shifted-view product for every sample and group: src planes [groups * plan.cin]
// per sample, dst planes [groups * plan.cout].
void run_forward(const float* src, float* dst, const Plan& p, int64_t n, int64_t groups,
                 const std::vector<std::vector<float>>& wpk,
                 const std::vector<std::vector<float>>& b4) {
  const int64_t src_sample = groups * p.cin * p.src_h * p.src_w;
  const int64_t dst_sample = groups * p.cout * p.oh * p.ow;
  for_samples(n, parallel_batch(n) ? omp_get_max_threads() : 1, [&](int64_t lo, int64_t hi, int) {
    std::vector<float> pin(size_t(p.cin * p.plane), 0.f), obuf(size_t(p.cout4 * chunk_of(p)));
    for (int64_t s = lo; s < hi; ++s)
      for (int64_t g = 0; g < groups; ++g) {
        fill_padded(src + s * src_sample + g * p.cin * p.src_h * p.src_w, pin.data(), p);
        fwd_sample(pin.data(), p, wpk[size_t(g)].data(),
                   b4.empty() ? nullptr : b4[size_t(g)].data(), obuf.data(),
                   dst + s * dst_sample + g * p.cout * p.oh * p.ow);
      }
  });
}

}  // namespace

bool direct_conv_supported(const DirectConvShape& s) {
  if (s.groups < 1 || s.cin % s.groups != 0 || s.cout % s.groups != 0) return false;
  if (s.oh <= 0 || s.ow <= 0 || s.kh < 1 || s.kw < 1 || s.pt < 0 || s.pl < 0) return false;
  const int64_t cg = s.cin / s.groups, og = s.cout / s.groups, wp = s.ow + (s.kw - 1) * s.dw;
  // 1x1 without padding is already a plain GEMM; many channels suit blocked BLAS better;
  // padded width far above the output width wastes the dropped columns.
  if (s.kh == 1 && s.kw == 1 && s.pt == 0 && s.pl == 0) return false;
  if (cg * s.kh * s.kw > 1152 || og > 128) return false;
  return 3 * s.ow >= 2 * wp;
}

bool direct_conv_backward_input_supported(const DirectConvShape& s) {
  if (!direct_conv_supported(s)) return false;
  const int64_t pt = (s.kh - 1) * s.dh - s.pt, pl = (s.kw - 1) * s.dw - s.pl;
  return pt >= 0 && pl >= 0 && 3 * s.w >= 2 * (s.w + (s.kw - 1) * s.dw);
}

void direct_conv2d(const float* in, const float* weight, const float* bias, float* out,
                   const DirectConvShape& s) {
  const int64_t cg = s.cin / s.groups, og = s.cout / s.groups;
  const Plan p = make_plan(cg, og, s.h, s.w, s.pt, s.pl, s.kh, s.kw, s.dh, s.dw, s.oh, s.ow);
  std::vector<std::vector<float>> wpk, b4;
  for (int64_t g = 0; g < s.groups; ++g) {
    const float* wg = weight + g * og * p.k;
    wpk.push_back(pack_weights(p, [&](int64_t co, int64_t k) { return wg[co * p.k + k]; }));
    if (bias) {
      std::vector<float> b(size_t(p.cout4), 0.f);
      for (int64_t co = 0; co < og; ++co) b[size_t(co)] = bias[g * og + co];
      b4.push_back(std::move(b));
    }
  }
  run_forward(in, out, p, s.n, s.groups, wpk, b4);
}

void direct_conv2d_backward_input(const float* grad_out, const float* weight, float* grad_in,
                                  const DirectConvShape& s) {
  // The input gradient of a stride-1 convolution is a stride-1 convolution of grad_out,
  // padded by dilation * (kernel - 1) - padding, with the kernel flipped and its channel
  // dimensions swapped.
  const int64_t cg = s.cin / s.groups, og = s.cout / s.groups, kk = s.kh * s.kw;
  const Plan p = make_plan(og, cg, s.oh, s.ow, (s.kh - 1) * s.dh - s.pt,
                           (s.kw - 1) * s.dw - s.pl, s.kh, s.kw, s.dh, s.dw, s.h, s.w);
  std::vector<std::vector<float>> wpk;
  for (int64_t g = 0; g < s.groups; ++g) {
    const float* wg = weight + g * og * cg * kk;
    wpk.push_back(pack_weights(p, [&](int64_t ci, int64_t k) {
      const int64_t co = k / kk, t = kk - 1 - k % kk;  // flipped tap
      return wg[(co * cg + ci) * kk + t];
    }));
  }
  run_forward(grad_out, grad_in, p, s.n, s.groups, wpk, {});
}

namespace {

// grad_bias[co] += the sum of one sample's grad_out plane, per channel (8-lane float partials
// per plane, accumulated in double across planes).
void add_bias_grad(const float* gy, int64_t channels, int64_t ohw, double* mb) {
  for (int64_t co = 0; co < channels; ++co) {
    const float* row = gy + co * ohw;
    __m256 v = _mm256_setzero_ps();
    int64_t i = 0;
    for (; i + 8 <= ohw; i += 8) v = _mm256_add_ps(v, _mm256_loadu_ps(row + i));
    float r = hsum(v);
    for (; i < ohw; ++i) r += row[i];
    mb[co] += double(r);
  }
}

// Whether the channel-vectorized weight gradient (bwc_rows) takes this plan: with AVX-512 and
// two or more channel vectors (one vector is load-bound; AVX2's 16 registers measured slower).
bool channel_vectorized(const Plan& p, const Isa& is) {
  return p.dw == 1 && (p.kw == 3 || p.kw == 5) && is.lanes == 16 && p.cout >= 2 * is.lanes;
}

}  // namespace

void direct_conv2d_backward_weight(const float* grad_out, const float* in, float* grad_weight,
                                   float* grad_bias, const DirectConvShape& s) {
  const int64_t cg = s.cin / s.groups, og = s.cout / s.groups;
  const Plan p = make_plan(cg, og, s.h, s.w, s.pt, s.pl, s.kh, s.kw, s.dh, s.dw, s.oh, s.ow);
  const int64_t ohw = s.oh * s.ow, kt = int64_t(p.taps.size());
  const Isa& is = isa();
  const bool by_channel = channel_vectorized(p, is);
  // Accumulator layouts per group: by channel [k][ld] (ld = og rounded up to the lanes);
  // otherwise lane partials [crows / mr][k blocks][mr][kb][lanes] of the tile set that wastes
  // fewer channel rows (crows: og rounded up to its mr).
  const int64_t ld = round_up(og, is.lanes);
  const BwTiles& bw =
      round_up(og, is.bw_narrow.mr) < round_up(og, is.bw_wide.mr) ? is.bw_narrow : is.bw_wide;
  const int64_t mr = bw.mr, kb = bw.kb, crows = round_up(og, mr);
  const int64_t kblocks = (p.k + kb - 1) / kb;
  const int64_t tile = mr * kb * is.lanes;
  const int64_t per_group = by_channel ? p.k * ld : crows / mr * kblocks * tile;
  std::vector<int64_t> koff(size_t(kblocks * kb), 0);
  for (int64_t k = 0; k < p.k; ++k) koff[size_t(k)] = (k / kt) * p.plane + p.taps[size_t(k % kt)];
  const int nt = parallel_batch(s.n) ? omp_get_max_threads() : 1;
  // Per-thread sums, added in thread order at the end (deterministic).
  std::vector<float> acc(size_t(nt * s.groups * per_group), 0.f);
  std::vector<double> bacc(grad_bias ? size_t(nt * s.cout) : 0, 0.0);
  for_samples(s.n, nt, [&](int64_t lo, int64_t hi, int t) {
    std::vector<float> pin(size_t(p.cin * p.plane), 0.f);
    // grad_out spread over the padded width: [crows][pflat], or transposed [oh * wp][ld].
    std::vector<float> gyf(size_t(by_channel ? p.oh * p.wp * ld : crows * p.pflat), 0.f);
    std::vector<const float*> rows(size_t(p.cin * p.kh));
    for (int64_t c = 0; c < p.cin; ++c)
      for (int64_t i = 0; i < p.kh; ++i)
        rows[size_t(c * p.kh + i)] = pin.data() + c * p.plane + i * p.dh * p.wp;
    float* my = acc.data() + size_t(t) * size_t(s.groups * per_group);
    for (int64_t n = lo; n < hi; ++n)
      for (int64_t g = 0; g < s.groups; ++g) {
        const float* gy = grad_out + (n * s.cout + g * og) * ohw;
        if (grad_bias)
          add_bias_grad(gy, og, ohw, bacc.data() + size_t(t) * size_t(s.cout) + size_t(g * og));
        if (!grad_weight) continue;
        fill_padded(in + (n * s.cin + g * cg) * s.h * s.w, pin.data(), p);
        if (by_channel) {
          for (int64_t y = 0; y < s.oh; ++y)
            for (int64_t x = 0; x < s.ow; ++x) {
              float* dst = gyf.data() + (y * p.wp + x) * ld;
              const float* src = gy + y * s.ow + x;
              for (int64_t co = 0; co < og; ++co) dst[co] = src[co * ohw];
            }
          is.bwc_rows(gyf.data(), rows.data(), p.cin * p.kh, p, ld, my + g * per_group);
        } else {
          for (int64_t co = 0; co < og; ++co)
            for (int64_t y = 0; y < s.oh; ++y)
              copy_floats(gyf.data() + co * p.pflat + y * p.wp, gy + co * ohw + y * s.ow, s.ow);
          bw.rows(gyf.data(), pin.data(), koff.data(), p, crows, my + g * per_group);
        }
      }
  });
  if (grad_weight) {
    for (int64_t g = 0; g < s.groups; ++g)
      for (int64_t co = 0; co < og; ++co)
        for (int64_t k = 0; k < p.k; ++k) {
          float v = 0.f;
          for (int t = 0; t < nt; ++t) {
            const float* mine = acc.data() + size_t(t) * size_t(s.groups * per_group) +
                                size_t(g * per_group);
            if (by_channel) {
              v += mine[k * ld + co];
            } else {
              const float* lanes = mine + ((co / mr) * kblocks + k / kb) * tile +
                                   ((co % mr) * kb + k % kb) * is.lanes;
              for (int64_t l = 0; l < is.lanes; l += 8) v += hsum(_mm256_loadu_ps(lanes + l));
            }
          }
          grad_weight[(g * og + co) * p.k + k] = v;
        }
  }
  if (grad_bias) {
    for (int64_t co = 0; co < s.cout; ++co) {
      double v = 0;
      for (int t = 0; t < nt; ++t) v += bacc[size_t(t) * size_t(s.cout) + size_t(co)];
      grad_bias[co] = float(v);
    }
  }
}

#else  // no AVX2 + FMA: conv.cpp keeps im2col + GEMM

bool direct_conv_supported(const DirectConvShape&) { return false; }
bool direct_conv_backward_input_supported(const DirectConvShape&) { return false; }
void direct_conv2d(const float*, const float*, const float*, float*, const DirectConvShape&) {}
void direct_conv2d_backward_input(const float*, const float*, float*, const DirectConvShape&) {}
void direct_conv2d_backward_weight(const float*, const float*, float*, float*,
                                   const DirectConvShape&) {}

#endif

}  // namespace ts::kernels
