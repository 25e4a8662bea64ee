// CPU kernel of rrelu_with_noise in training mode (src/ops/rrelu.cpp): PyTorch 1.13's serial
// loop. Every element <= 0 takes one uniform double in [lower, upper) from random64() (the
// bounds first converted to the tensor's dtype) and is scaled by it; the others keep their value
// and a noise of 1. PyTorch's Activation.cpp is built without FMA, so contraction is off here.
#pragma GCC optimize("fp-contract=off")
#include <cstdint>

#include "kernels/cpu/vec_math.h"
#include "stubs/random.h"
#include "tensor/random.h"

namespace ts::kernels {
namespace {

void rrelu_train_kernel(const Tensor& out, const Tensor& self, const Tensor& noise, double lower,
                        double upper, Generator& gen) {
  dispatch<kFloatingBF16>(self.dtype(), "rrelu_with_noise_out_cpu", [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = typename AccType<T>::type;
    const double lo = double(C(T(lower)));
    const double hi = double(C(T(upper)));
    const T* x = static_cast<const T*>(self.data_ptr());
    T* y = static_cast<T*>(out.data_ptr());
    T* nz = static_cast<T*>(noise.data_ptr());
    const int64_t n = self.numel();
    Generator::Lock g(gen);
    constexpr double kScale = 1.0 / double(uint64_t(1) << 53);
    constexpr uint64_t kMask = (uint64_t(1) << 53) - 1;
    for (int64_t i = 0; i < n; ++i) {
      const T v = x[i];
      if (C(v) <= C(0)) {
        const double u = double(g.random64() & kMask) * kScale;
        const double span = u * (hi - lo);
        const T r = T(C(span + lo));
        y[i] = T(C(v) * C(r));
        nz[i] = r;
      } else {
        nz[i] = T(C(1));
        y[i] = v;
      }
    }
  });
}

}  // namespace

TS_REGISTER_KERNEL(rrelu_train_stub, CPU, &rrelu_train_kernel);

}  // namespace ts::kernels
