// Tensors as flat row-major buffers for ProcessGroupGloo (gloo_buffers.h).
#include "distributed/gloo_buffers.h"

#include <cstring>

namespace ts::distributed::gloo_impl {

namespace {

// Calls f(pointer to element) for every element of `t` in row-major order.
template <typename F>
void for_each_element(const Tensor& t, F&& f) {
  const int64_t nd = t.dim();
  const int64_t es = int64_t(t.element_size());
  if (t.numel() == 0) return;
  std::vector<int64_t> idx(size_t(nd), 0);
  char* base = static_cast<char*>(t.data_ptr());
  for (int64_t k = 0, n = t.numel(); k < n; ++k) {
    int64_t off = 0;
    for (int64_t d = 0; d < nd; ++d) off += idx[size_t(d)] * t.stride(d);
    f(base + off * es);
    for (int64_t d = nd - 1; d >= 0; --d) {
      if (++idx[size_t(d)] < t.size(d)) break;
      idx[size_t(d)] = 0;
    }
  }
}

}  // namespace

void pack(const Tensor& t, char* dst) {
  if (t.is_contiguous()) {
    if (t.numel() > 0) std::memcpy(dst, t.data_ptr(), t.nbytes());
    return;
  }
  const size_t es = t.element_size();
  for_each_element(t, [&](char* p) {
    std::memcpy(dst, p, es);
    dst += es;
  });
}

void unpack(const char* src, const Tensor& t) {
  if (t.is_contiguous()) {
    if (t.numel() > 0 && static_cast<const void*>(src) != t.data_ptr()) std::memcpy(t.data_ptr(), src, t.nbytes());
  } else {
    const size_t es = t.element_size();
    for_each_element(t, [&](char* p) {
      std::memcpy(p, src, es);
      src += es;
    });
  }
  t.bump_version();
}


std::vector<char> concat(const std::vector<Tensor>& ts) {
  size_t total = 0;
  for (const auto& t : ts) total += t.nbytes();
  std::vector<char> buf(total);
  size_t off = 0;
  for (const auto& t : ts) {
    pack(t, buf.data() + off);
    off += t.nbytes();
  }
  return buf;
}
void split_into(const std::vector<char>& buf, const std::vector<Tensor>& ts) {
  size_t off = 0;
  for (const auto& t : ts) {
    unpack(buf.data() + off, t);
    off += t.nbytes();
  }
}

}  // namespace ts::distributed::gloo_impl
