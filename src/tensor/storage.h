// Storage: a refcounted byte buffer on a device, shared by all views of a tensor.
// It also holds the version counter that in-place writes bump (shared by views, as in PyTorch).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>

#include "tensor/device.h"
#include "util/intrusive_ptr.h"

namespace ts {

constexpr size_t kAlignment = 64;

// Allocates device memory. The CPU allocator returns 64-byte aligned blocks.
class Allocator {
 public:
  virtual ~Allocator() = default;
  virtual void* allocate(size_t nbytes) = 0;
  virtual void deallocate(void* p, size_t nbytes) = 0;
};

Allocator* cpu_allocator();
// The allocator for a device; a device without a backend is a clear error.
Allocator* allocator_for(Device d);
// How many CUDA devices this build can use (torch.cuda.device_count): 0, as no CUDA backend is
// compiled in yet; the CUDA backend answers here.
int64_t cuda_device_count();

class StorageImpl : public util::RefCounted {
 public:
  StorageImpl(size_t nbytes, Device device);
  // Wraps memory owned by someone else; `deleter` runs when the storage dies.
  StorageImpl(void* data, size_t nbytes, Device device, std::function<void(void*)> deleter);
  ~StorageImpl() override;
  StorageImpl(const StorageImpl&) = delete;
  StorageImpl& operator=(const StorageImpl&) = delete;

  void* data() const { return data_; }
  size_t nbytes() const { return nbytes_; }
  Device device() const { return device_; }
  uint32_t version() const { return version_.load(std::memory_order_relaxed); }
  void bump_version() { version_.fetch_add(1, std::memory_order_relaxed); }
  // Allocated in inference mode: every tensor over it is an inference tensor (grad_mode.h).
  bool inference() const { return inference_; }

 private:
  void* data_;
  size_t nbytes_;
  Device device_;
  Allocator* allocator_ = nullptr;
  std::function<void(void*)> deleter_;
  std::atomic<uint32_t> version_{0};
  bool inference_ = false;
};

using Storage = util::IntrusivePtr<StorageImpl>;

}  // namespace ts
