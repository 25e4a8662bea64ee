// CPU loop for index_select along dim 0 of a contiguous tensor (embedding lookups, batches of
// rows): each output row is one memcpy of a whole source row. Checks each index before using
// it and reports failure instead of reading out of bounds, as the other gathers do.
#include <omp.h>

#include <atomic>
#include <cstring>

#include "kernels/cpu/loops.h"
#include "stubs/index.h"

namespace ts::kernels {
namespace {

// Bytes copied below which the rows are copied on one thread: waking a sleeping OpenMP thread
// (the passive wait policy tsrun uses) costs about as much as copying a megabyte.
constexpr int64_t kParallelBytes = int64_t(2) << 20;

template <typename I>
bool copy_rows(char* out, const char* src, const I* idx, int64_t n, int64_t size, int64_t row_bytes) {
  std::atomic<bool> ok{true};
  auto run = [&](int64_t b, int64_t e) {
    for (int64_t i = b; i < e; ++i) {
      const int64_t v = int64_t(idx[i]);
      if (v < 0 || v >= size) {
        ok.store(false, std::memory_order_relaxed);
        return;
      }
      std::memcpy(out + i * row_bytes, src + v * row_bytes, size_t(row_bytes));
    }
  };
  const int nt = omp_in_parallel() || n * row_bytes < kParallelBytes ? 1 : omp_get_max_threads();
  if (nt <= 1) {
    run(0, n);
  } else {
#pragma omp parallel num_threads(nt)
    {
      const int64_t per = (n + nt - 1) / nt, b = omp_get_thread_num() * per;
      run(b, std::min(n, b + per));
    }
  }
  return ok.load();
}

// out[i] = src[index[i]] over whole rows: src and out contiguous, index a contiguous 1-d int32
// or int64 tensor. False (out partly written) when an index lies outside [0, src.size(0)).
bool index_rows_kernel(const Tensor& out, const Tensor& src, const Tensor& index) {
  const int64_t n = index.numel(), size = src.size(0);
  const int64_t row_bytes = size == 0 ? 0 : src.numel() / size * src.element_size();
  char* o = static_cast<char*>(out.data_ptr());
  const char* s = static_cast<const char*>(src.data_ptr());
  if (index.dtype() == DType::Int32)
    return copy_rows(o, s, index.data<int32_t>(), n, size, row_bytes);
  return copy_rows(o, s, index.data<int64_t>(), n, size, row_bytes);
}

}  // namespace

TS_REGISTER_KERNEL(index_rows_stub, CPU, &index_rows_kernel);

}  // namespace ts::kernels
