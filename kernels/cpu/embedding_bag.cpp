// CPU kernel of embedding_bag's sums (ops/embedding_bag.cpp): rows summed in index order per bag,
// as PyTorch sums them. One OpenMP loop over bags above a grain size.
#include <omp.h>

#include <cstdint>
#include <type_traits>
#include <vector>

#include "kernels/cpu/loops.h"
#include "stubs/index.h"

namespace ts::kernels {
namespace {

constexpr int64_t kBagGrain = 16384;

// Rows summed in index order per bag (PyTorch's order), one bag per iteration.
template <typename T>
void bag_sum_typed(const Tensor& out, const Tensor& weight, const Tensor& rows, const Tensor& scale,
                   const Tensor& ptr) {
  using Acc = std::conditional_t<std::is_same_v<T, double>, double, float>;
  const int64_t nb = out.size(0), d = out.size(1);
  const T* w = weight.data<T>();
  const int64_t* r = rows.data<int64_t>();
  const int64_t* p = ptr.data<int64_t>();
  const T* sc = scale.defined() ? scale.data<T>() : nullptr;
  T* o = out.data<T>();
#pragma omp parallel if (p[nb] * d > kBagGrain && !omp_in_parallel())
  {
    std::vector<Acc> acc(static_cast<size_t>(d));
#pragma omp for schedule(static)
    for (int64_t b = 0; b < nb; ++b) {
      Acc* __restrict a = acc.data();
      std::fill(a, a + d, Acc(0));
      for (int64_t i = p[b]; i < p[b + 1]; ++i) {
        const T* __restrict row = w + r[i] * d;
        if (sc) {
          const Acc s = Acc(sc[i]);
          for (int64_t k = 0; k < d; ++k) a[k] += Acc(row[k]) * s;
        } else {
          for (int64_t k = 0; k < d; ++k) a[k] += Acc(row[k]);
        }
      }
      for (int64_t k = 0; k < d; ++k) o[b * d + k] = T(acc[size_t(k)]);
    }
  }
}

void embedding_bag_sum_kernel(const Tensor& out, const Tensor& weight, const Tensor& rows,
                              const Tensor& scale, const Tensor& ptr) {
  TS_DISPATCH_FLOATING(weight.dtype(), "embedding_bag", { bag_sum_typed<scalar_t>(out, weight, rows, scale, ptr); });
}

}  // namespace

TS_REGISTER_KERNEL(embedding_bag_sum_stub, CPU, &embedding_bag_sum_kernel);

}  // namespace ts::kernels
