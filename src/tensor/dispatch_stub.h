// A kernel slot per device for one family of inner loops (like ATen's DispatchStub).
// Its signature is written once, in a TS_DECLARE_STUB of a src/stubs/ header that the op and
// every device's kernel file include; the op's file defines it with TS_DEFINE_STUB(name), which
// takes the declared type, and each device's kernel file fills its slot at start-up with
// TS_REGISTER_KERNEL, which accepts only a function of that signature (src/stubs/README.md).
// Calling an empty slot is a clear error naming the kernel and device.
// The CPU has a column per CPU capability (tensor/cpu_capability.h): a kernel file compiled for
// level L registers into column L, and a call runs the column of the level in use. Column L
// holds the kernel of the highest level <= L that registered one, so a kernel file compiled only
// at the default level serves every level (kernels/README.md, Note [Runtime CPU dispatch]).
#pragma once

#include <array>
#include <utility>

#include "tensor/cpu_capability.h"
#include "tensor/device.h"
#include "util/error.h"

namespace ts {

template <typename Fn>
struct DispatchStub;

template <typename R, typename... Args>
struct DispatchStub<R(Args...)> {
  using FnPtr = R (*)(Args...);
  const char* name;
  std::array<FnPtr, kNumDeviceTypes> fns{};  // the CPU's entry unused: see cpu_fns
  std::array<FnPtr, kNumCpuCapabilities> cpu_fns{};
  std::array<int8_t, kNumCpuCapabilities> cpu_fn_level{-1, -1, -1};  // the level of cpu_fns[i]

  explicit constexpr DispatchStub(const char* n) : name(n) {}
  // Whether device type `d` has a kernel.
  bool has(DeviceType d) const {
    return d == DeviceType::CPU ? cpu_fns[0] != nullptr : fns[size_t(d)] != nullptr;
  }
  // Fills the CPU columns at and above `level` that hold no kernel of a higher level.
  void register_cpu(int level, FnPtr fn) {
    for (int i = level; i < kNumCpuCapabilities; ++i)
      if (cpu_fn_level[size_t(i)] <= level) {
        cpu_fns[size_t(i)] = fn;
        cpu_fn_level[size_t(i)] = int8_t(level);
      }
  }
  FnPtr get(DeviceType d) const {
    FnPtr f = d == DeviceType::CPU ? cpu_fns[size_t(cpu_capability())] : fns[size_t(d)];
    TS_CHECK(f != nullptr, "no ", device_type_name(d), " kernel for '", name, "'",
             d == DeviceType::CUDA ? " (this build has no CUDA backend)" : "");
    return f;
  }
  template <typename... A>
  R operator()(DeviceType d, A&&... args) const {
    return get(d)(std::forward<A>(args)...);
  }
};

template <typename Stub>
struct KernelRegistrar {
  KernelRegistrar(Stub& stub, DeviceType d, typename Stub::FnPtr fn, int cpu_level) {
    if (d == DeviceType::CPU) stub.register_cpu(cpu_level, fn);
    else stub.fns[size_t(d)] = fn;
  }
};

}  // namespace ts

// The one statement of a stub's signature, in a src/stubs/ header (copy_stub: tensor/iter.h).
#define TS_DECLARE_STUB(name, signature) extern ::ts::DispatchStub<signature> name
// The definition, in the op's .cpp file with the declaring header included: the type is the
// declared one, so the signature cannot be written a second time.
#define TS_DEFINE_STUB(name) decltype(name) name(#name)
// Fills the slot of `device` at start-up (for the CPU, the column of the level this file is
// compiled for: TS_CPU_CAPABILITY_LEVEL). `fn` must have exactly the declared signature:
// function pointer types do not convert implicitly, so a kernel that differs fails to compile.
#define TS_REGISTER_KERNEL(stub, device, fn)                                                 \
  static ::ts::KernelRegistrar<decltype(stub)> stub##_##device##_registrar(                  \
      stub, ::ts::DeviceType::device, fn, TS_CPU_CAPABILITY_LEVEL)
