// Internal to src/distributed, not a public header: tensors as flat row-major buffers, the
// bytes ProcessGroupGloo hands gloo (non-contiguous tensors are copied and written back; README,
// Note [Process groups]).
#pragma once

#include <cstddef>
#include <vector>

#include "tensor/tensor.h"

namespace ts::distributed::gloo_impl {

// Copies `t`'s elements in row-major order to `dst`.
void pack(const Tensor& t, char* dst);

// Writes row-major `src` into `t` and counts it as an in-place write.
void unpack(const char* src, const Tensor& t);

// A tensor's elements as one buffer: its own memory when contiguous (and `own` is false), a
// row-major copy otherwise.
struct Flat {
  Tensor t;
  std::vector<char> copy;
  char* data;
  Flat(const Tensor& tensor, bool read, bool own = false) : t(tensor) {
    if (t.is_contiguous() && !own) {
      data = static_cast<char*>(t.data_ptr());
    } else {
      copy.resize(t.nbytes());
      data = copy.data();
      if (read) pack(t, data);
    }
  }
  size_t numel() const { return size_t(t.numel()); }
  // The collective wrote `data`: make it the tensor's value.
  void write_back() const { unpack(data, t); }
};

// Several tensors' elements one after another.
std::vector<char> concat(const std::vector<Tensor>& ts);
// Writes `buf` (as concat made it) back into `ts`.
void split_into(const std::vector<char>& buf, const std::vector<Tensor>& ts);

}  // namespace ts::distributed::gloo_impl
