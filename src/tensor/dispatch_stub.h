// A kernel slot per device for one family of inner loops (like ATen's DispatchStub).
// Its signature is written once, in a TS_DECLARE_STUB of a src/stubs/ header that the op and
// every device's kernel file include; the op's file defines it with TS_DEFINE_STUB(name), which
// takes the declared type, and each device's kernel file fills its slot at start-up with
// TS_REGISTER_KERNEL, which accepts only a function of that signature (src/stubs/README.md).
// Calling an empty slot is a clear error naming the kernel and device.
#pragma once

#include <array>
#include <utility>

#include "tensor/device.h"
#include "util/error.h"

namespace ts {

template <typename Fn>
struct DispatchStub;

template <typename R, typename... Args>
struct DispatchStub<R(Args...)> {
  using FnPtr = R (*)(Args...);
  const char* name;
  std::array<FnPtr, kNumDeviceTypes> fns{};

  explicit constexpr DispatchStub(const char* n) : name(n) {}
  // Whether device type `d` has a kernel.
  bool has(DeviceType d) const { return fns[size_t(d)] != nullptr; }
  FnPtr get(DeviceType d) const {
    FnPtr f = fns[size_t(d)];
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
  KernelRegistrar(Stub& stub, DeviceType d, typename Stub::FnPtr fn) { stub.fns[size_t(d)] = fn; }
};

}  // namespace ts

// The one statement of a stub's signature, in a src/stubs/ header (copy_stub: tensor/iter.h).
#define TS_DECLARE_STUB(name, signature) extern ::ts::DispatchStub<signature> name
// The definition, in the op's .cpp file with the declaring header included: the type is the
// declared one, so the signature cannot be written a second time.
#define TS_DEFINE_STUB(name) decltype(name) name(#name)
// Fills the slot of `device` at start-up. `fn` must have exactly the declared signature: function
// pointer types do not convert implicitly, so a kernel that differs fails to compile.
#define TS_REGISTER_KERNEL(stub, device, fn) \
  static ::ts::KernelRegistrar<decltype(stub)> stub##_##device##_registrar(stub, ::ts::DeviceType::device, fn)
