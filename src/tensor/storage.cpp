#include "tensor/storage.h"

#include <cstdint>
#include <cstdlib>
#include <malloc.h>
#include <new>

#include "tensor/grad_mode.h"
#include "util/error.h"

namespace ts {

namespace {

// Small blocks are recycled through per-thread free lists: aligned_alloc/free of tiny blocks
// costs more than a small op itself. See src/tensor/README.md, Note [Small-block cache].
constexpr size_t kSmallMax = 4096;
constexpr size_t kClasses = kSmallMax / kAlignment;
constexpr int kPerClass = 32;

// A block is malloc'ed with kAlignment spare bytes and aligned by hand; the pointer malloc gave
// sits just below the aligned address. glibc's memalign splits freed chunks unevenly: a C model
// of one step's allocations (4 MB and 1 MB blocks freed and made again, 200 steps) grew the heap
// to 76 MB with 72 MB of it free; the same requests through malloc stayed at 16 MB.
static_assert(kAlignment >= 2 * sizeof(void*), "the header needs room below the aligned address");
void* aligned_block(size_t rounded) {
  void* raw = std::malloc(rounded + kAlignment);
  if (raw == nullptr) return nullptr;
  // malloc aligns to at least 16 bytes, so the aligned address is 16 or more bytes past raw.
  auto* p = reinterpret_cast<void**>((reinterpret_cast<uintptr_t>(raw) + kAlignment) & ~uintptr_t(kAlignment - 1));
  p[-1] = raw;
  return p;
}
void free_block(void* p) { std::free(static_cast<void**>(p)[-1]); }

// Training frees and reallocates the same few-MB tensors every step. glibc's defaults hand them
// back to the kernel (a block above the dynamic mmap threshold is unmapped; a free heap top above
// 128 KB is trimmed) and fault them in again page by page: tests/bench's MLP forward+backward (C++
// API, two threads) took about 1400 us instead of 440. The library keeps blocks under 64 MB in the heap
// and trims only above 512 MB, once, when it loads (a process may keep up to 512 MB of freed heap).
const bool malloc_configured = [] {
  mallopt(M_MMAP_THRESHOLD, 64 << 20);
  mallopt(M_TRIM_THRESHOLD, 512 << 20);
  return true;
}();

struct SmallCache {
  void* blocks[kClasses][kPerClass];
  int count[kClasses] = {};
  ~SmallCache() {
    for (size_t c = 0; c < kClasses; ++c)
      for (int i = 0; i < count[c]; ++i) free_block(blocks[c][i]);
  }
};

SmallCache& small_cache() {
  thread_local SmallCache cache;
  return cache;
}

class CpuAllocator final : public Allocator {
 public:
  void* allocate(size_t nbytes) override {
    if (nbytes == 0) return nullptr;
    size_t rounded = (nbytes + kAlignment - 1) / kAlignment * kAlignment;
    if (rounded <= kSmallMax) {
      SmallCache& c = small_cache();
      size_t cls = rounded / kAlignment - 1;
      if (c.count[cls] > 0) return c.blocks[cls][--c.count[cls]];
    }
    void* p = aligned_block(rounded);
    TS_CHECK(p != nullptr, "DefaultCPUAllocator: not enough memory: you tried to allocate ",
             nbytes, " bytes.");
    return p;
  }
  void deallocate(void* p, size_t nbytes) override {
    if (p == nullptr) return;
    size_t rounded = (nbytes + kAlignment - 1) / kAlignment * kAlignment;
    if (rounded <= kSmallMax) {
      SmallCache& c = small_cache();
      size_t cls = rounded / kAlignment - 1;
      if (c.count[cls] < kPerClass) {
        c.blocks[cls][c.count[cls]++] = p;
        return;
      }
    }
    free_block(p);
  }
};

}  // namespace

Allocator* cpu_allocator() {
  static CpuAllocator a;
  return &a;
}

Allocator* allocator_for(Device d) {
  if (d.is_cpu()) return cpu_allocator();
  TS_ERROR("Torch not compiled with CUDA enabled (this build of tsrun has no CUDA backend; "
           "device '", d.str(), "' is not available)");
}

int64_t cuda_device_count() { return 0; }

StorageImpl::StorageImpl(size_t nbytes, Device device)
    : nbytes_(nbytes), device_(device), allocator_(allocator_for(device)), inference_(InferenceMode::is_enabled()) {
  data_ = allocator_->allocate(nbytes);
}

StorageImpl::StorageImpl(void* data, size_t nbytes, Device device,
                         std::function<void(void*)> deleter)
    : data_(data), nbytes_(nbytes), device_(device), deleter_(std::move(deleter)),
      inference_(InferenceMode::is_enabled()) {}

StorageImpl::~StorageImpl() {
  if (allocator_) {
    allocator_->deallocate(data_, nbytes_);
  } else if (deleter_) {
    deleter_(data_);
  }
}

}  // namespace ts
