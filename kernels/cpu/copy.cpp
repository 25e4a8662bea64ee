// dtype-converting copy: the kernel under copy_, to(), and every TensorIter cast.
#include <type_traits>
#include <cstring>

#include "kernels/cpu/loops.h"

namespace ts::kernels::inline TS_CPU_NS {
namespace {

template <typename To, typename From>
inline To convert(From v) {
  if constexpr (std::is_same_v<To, bool>) {
    return static_cast<float>(v) != 0;
  } else if constexpr (std::is_same_v<To, Half> || std::is_same_v<To, BFloat16>) {
    return To(static_cast<float>(v));
  } else if constexpr (std::is_same_v<From, Half> || std::is_same_v<From, BFloat16>) {
    return static_cast<To>(static_cast<float>(v));
  } else {
    return static_cast<To>(v);
  }
}

void copy_kernel(TensorIter& iter) {
  DType dst = iter.dtype(0), src = iter.input_dtype(0);
  if (dst == src) {
    size_t es = element_size(dst);
    iter.for_each([es](char** data, const int64_t* strides, int64_t n) {
      if (strides[0] == int64_t(es) && strides[1] == int64_t(es)) {
        std::memcpy(data[0], data[1], size_t(n) * es);
      } else {
        for (int64_t k = 0; k < n; ++k) std::memcpy(data[0] + k * strides[0], data[1] + k * strides[1], es);
      }
    });
    return;
  }
  TS_DISPATCH_ALL(dst, "copy_", {
    using out_t = scalar_t;
    TS_DISPATCH_ALL(src, "copy_", {
      using in_t = scalar_t;
      // A bool is loaded and stored as its byte: GCC has no vector type for bool and left every
      // conversion from or to bool scalar (a float mask from a comparison: 3.4 ns per element).
      using in_b = std::conditional_t<std::is_same_v<in_t, bool>, uint8_t, in_t>;
      using out_b = std::conditional_t<std::is_same_v<out_t, bool>, uint8_t, out_t>;
      // A bool's byte is 0 or 1, so it converts as that integer (GCC keeps `bool(byte)` scalar).
      cpu_kernel(iter, [](in_b v) -> out_b { return out_b(convert<out_t>(v)); });
    });
  });
}

}  // namespace

TS_REGISTER_KERNEL(copy_stub, CPU, &copy_kernel);

}  // namespace ts::kernels
