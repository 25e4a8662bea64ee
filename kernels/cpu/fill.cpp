#include "kernels/cpu/loops.h"
#include "stubs/fill.h"

namespace ts::kernels {
namespace {

void fill_kernel(TensorIter& it, const Scalar& v) {
  TS_DISPATCH_ALL(it.dtype(0), "fill_", {
    const scalar_t x = v.to<scalar_t>();
    it.for_each([x](char** data, const int64_t* strides, int64_t n) {
      if (strides[0] == int64_t(sizeof(scalar_t))) {
        auto* out = reinterpret_cast<scalar_t*>(data[0]);
        for (int64_t k = 0; k < n; ++k) out[k] = x;
      } else {
        for (int64_t k = 0; k < n; ++k) *reinterpret_cast<scalar_t*>(data[0] + k * strides[0]) = x;
      }
    });
  });
}

}  // namespace

TS_REGISTER_KERNEL(fill_stub, CPU, &fill_kernel);

}  // namespace ts::kernels
