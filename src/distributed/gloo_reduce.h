// Internal to src/distributed, not a public header: the reduce functions ProcessGroupGloo gives
// gloo (ours for every dtype and op), AVG's division, and the element carriers of gloo's typed
// setters (README, Note [Process groups]).
#pragma once

#include <cstddef>
#include <cstdint>

#include "distributed/process_group.h"
#include "util/error.h"

namespace ts::distributed::gloo_impl {

// Reduce functions. gloo calls them as fn(out, a, b, n) with out possibly equal to a.
using ReduceFn = void (*)(void*, const void*, const void*, size_t);

// The function for `op` (AVG reduces as SUM; the caller divides afterwards).
ReduceFn reduce_fn(DType dtype, ReduceOp op);

// AVG: divides the summed elements by the group size (floating dtypes only).
void divide(char* data, DType dtype, size_t n, int size);

// gloo's typed setters only use sizeof(T): every dtype travels as the unsigned integer of its
// width.
template <typename F>
void with_carrier(size_t element_size, F&& f) {
  switch (element_size) {
    case 1: f(TypeTag<uint8_t>{}); return;
    case 2: f(TypeTag<uint16_t>{}); return;
    case 4: f(TypeTag<uint32_t>{}); return;
    case 8: f(TypeTag<uint64_t>{}); return;
  }
  TS_INTERNAL_ASSERT(false, "element size ", element_size);
}

}  // namespace ts::distributed::gloo_impl
