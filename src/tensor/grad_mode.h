// Grad mode: whether ops record themselves for autograd on this thread (PyTorch's
// torch.is_grad_enabled / no_grad / enable_grad). It lives in the tensor layer because the op
// layer checks it on every call before handing a call to the autograd layer.
#pragma once

#include <atomic>

namespace ts {

class GradMode {
 public:
  static bool is_enabled() { return enabled_; }
  static void set_enabled(bool on) { enabled_ = on; }

 private:
  static thread_local bool enabled_;
};

// Inference mode (torch.inference_mode): grad mode is off, and memory allocated meanwhile makes
// inference tensors (StorageImpl::inference): their views are too, they cannot be written in
// place or saved for backward once the mode is off. `made_any` is set the first time such memory
// is allocated, so the checks cost nothing in a program that never uses the mode.
class InferenceMode {
 public:
  static bool is_enabled() { return enabled_; }
  static void set_enabled(bool on) {
    enabled_ = on;
    if (on) made_any_.store(true, std::memory_order_relaxed);
  }
  static bool made_any() { return made_any_.load(std::memory_order_relaxed); }

 private:
  static thread_local bool enabled_;
  static std::atomic<bool> made_any_;
};

// Sets grad mode for a scope and restores the previous mode (set_grad_enabled(b)).
class GradModeGuard {
 public:
  explicit GradModeGuard(bool on) : prev_(GradMode::is_enabled()) { GradMode::set_enabled(on); }
  ~GradModeGuard() { GradMode::set_enabled(prev_); }
  GradModeGuard(const GradModeGuard&) = delete;
  GradModeGuard& operator=(const GradModeGuard&) = delete;

 private:
  bool prev_;
};

struct NoGradGuard : GradModeGuard {
  NoGradGuard() : GradModeGuard(false) {}
};
struct EnableGradGuard : GradModeGuard {
  EnableGradGuard() : GradModeGuard(true) {}
};

}  // namespace ts
