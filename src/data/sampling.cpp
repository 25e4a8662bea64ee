// Sampling the data samplers need beyond the op registry: multinomial with and without
// replacement, drawing exactly as PyTorch 1.13's CPU kernels do.
#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include "data/data.h"
#include "util/error.h"

namespace ts::data {

Tensor multinomial_with_replacement(const Tensor& weights, int64_t n, Generator& gen) {
  TS_CHECK(weights.dim() == 1, "prob_dist must be 1 or 2 dim");
  TS_CHECK(weights.dtype() == DType::Float64, "multinomial: expected float64 weights");
  TS_CHECK(n > 0, "cannot sample n_sample <= 0 samples");
  const int64_t k = weights.size(0);
  TS_CHECK(k > 0, "cannot sample from an empty distribution");
  Tensor w = weights.contiguous();
  const double* p = static_cast<const double*>(w.data_ptr());
  std::vector<double> cum(static_cast<size_t>(k));
  double sum = 0;
  for (int64_t j = 0; j < k; ++j) {
    TS_CHECK(p[j] >= 0, "invalid multinomial distribution (encountering probability entry < 0)");
    TS_CHECK(std::isfinite(p[j]), "invalid multinomial distribution (encountering probability entry = infinity or NaN)");
    sum += p[j];
    cum[size_t(j)] = sum;
  }
  TS_CHECK(sum > 0, "invalid multinomial distribution (sum of probabilities <= 0)");
  for (auto& c : cum) c /= sum;
  cum[size_t(k - 1)] = 1;  // PyTorch: the last bucket sums to exactly 1
  Tensor out = empty({n}, TensorOptions(DType::Int64));
  auto* o = static_cast<int64_t*>(out.data_ptr());
  Generator::Lock lock(gen);
  for (int64_t i = 0; i < n; ++i) {
    // at::uniform_real_distribution<double>(0, 1): the low 53 bits of one 64-bit draw.
    double u = double(lock.random64() & ((uint64_t(1) << 53) - 1)) * 0x1p-53;
    int64_t lo = 0, hi = k;
    while (hi - lo > 0) {
      int64_t mid = lo + (hi - lo) / 2;
      if (cum[size_t(mid)] < u) lo = mid + 1;
      else hi = mid;
    }
    o[i] = lo;
  }
  return out;
}

Tensor multinomial_without_replacement(const Tensor& weights, int64_t n, Generator& gen) {
  TS_CHECK(weights.dim() == 1, "prob_dist must be 1 or 2 dim");
  TS_CHECK(weights.dtype() == DType::Float64, "multinomial: expected float64 weights");
  TS_CHECK(n > 0, "cannot sample n_sample <= 0 samples");
  const int64_t k = weights.size(0);
  TS_CHECK(n <= k, "cannot sample n_sample > prob_dist.size(-1) samples without replacement");
  Tensor w = weights.contiguous();
  const double* p = static_cast<const double*>(w.data_ptr());
  double sum = 0;
  for (int64_t j = 0; j < k; ++j) {
    TS_CHECK(std::isfinite(p[j]) && p[j] >= 0, "probability tensor contains either `inf`, `nan` or element < 0");
    sum += p[j];
  }
  TS_CHECK(sum != 0, "invalid multinomial distribution (sum of probabilities <= 0)");
  // q = empty_like(weights).exponential_(1, gen); q = weights / q (the Gumbel-max trick).
  std::vector<double> r(static_cast<size_t>(k));
  {
    Generator::Lock lock(gen);
    for (int64_t j = 0; j < k; ++j) {
      double u = double(lock.random64() & ((uint64_t(1) << 53) - 1)) * 0x1p-53;
      double q = -1.0 * std::log(1.0 - u);
      r[size_t(j)] = p[j] / q;
    }
  }
  std::vector<int64_t> order(static_cast<size_t>(k));
  std::iota(order.begin(), order.end(), 0);
  // n == 1 is argmax (the first maximum); otherwise topk's descending order.
  std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) { return r[size_t(a)] > r[size_t(b)]; });
  Tensor out = empty({n}, TensorOptions(DType::Int64));
  auto* o = static_cast<int64_t*>(out.data_ptr());
  for (int64_t i = 0; i < n; ++i) o[i] = order[size_t(i)];
  return out;
}

}  // namespace ts::data
