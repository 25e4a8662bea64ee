// Runtime CPU dispatch (tensor/cpu_capability.h, kernels/README.md): the feature checks against
// the kernel's own view in /proc/cpuinfo, the choice made from TS_CPU_CAPABILITY, and the CPU
// columns of a kernel slot. (Every level's kernels are checked against PyTorch by the
// conformance suite, which tools/test runs under each level this machine has.)
#include <doctest/doctest.h>

#include <cstdlib>
#include <functional>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "tensor/cpu_capability.h"
#include "tensor/dispatch_stub.h"

using namespace ts;

namespace {

// The flags of the first CPU in /proc/cpuinfo (empty when there is none to read).
std::set<std::string> cpuinfo_flags() {
  std::ifstream f("/proc/cpuinfo");
  std::string line;
  while (std::getline(f, line)) {
    if (line.rfind("flags", 0) != 0) continue;
    std::istringstream words(line.substr(line.find(':') + 1));
    std::set<std::string> flags;
    for (std::string w; words >> w;) flags.insert(w);
    return flags;
  }
  return {};
}

// Runs f with TS_CPU_CAPABILITY set to `value` (unset for nullptr) and the level not yet
// chosen; restores both.
template <typename F>
void with_variable(const char* value, F f) {
  const char* old = std::getenv("TS_CPU_CAPABILITY");
  const std::string saved = old ? old : "";
  const CpuCapability level = cpu_capability();
  struct Restore {
    bool had;
    std::string value;
    CpuCapability level;
    ~Restore() {
      if (had) setenv("TS_CPU_CAPABILITY", value.c_str(), 1);
      else unsetenv("TS_CPU_CAPABILITY");
      set_cpu_capability(level);
    }
  } restore{old != nullptr, saved, level};
  if (value) setenv("TS_CPU_CAPABILITY", value, 1);
  else unsetenv("TS_CPU_CAPABILITY");
  detail::g_cpu_capability.store(-1);
  f();
}

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

void kernel_a() {}
void kernel_b() {}
void kernel_c() {}

}  // namespace

TEST_CASE("CPU capabilities: CPUID and XGETBV agree with the kernel's /proc/cpuinfo") {
  const std::set<std::string> flags = cpuinfo_flags();
  if (flags.empty()) return;  // not Linux on x86: nothing to compare with
  auto has = [&](std::initializer_list<const char*> names) {
    for (const char* n : names)
      if (!flags.count(n)) return false;
    return true;
  };
  // x86-64-v3 and v4 as the kernel names their features (it lists AVX ones only when the OS
  // saves the registers they need). LZCNT ("abm") is left out: some virtual machines' kernels
  // omit the flag while CPUID reports the instruction (seen on this project's 2-core hosts).
  const bool v3 = has({"avx", "avx2", "fma", "f16c", "bmi1", "bmi2", "movbe", "sse4_2",
                       "popcnt", "ssse3", "cx16"});
  const bool v4 = v3 && has({"avx512f", "avx512bw", "avx512cd", "avx512dq", "avx512vl"});
  CHECK(cpu_supports(CpuCapability::Default));
  CHECK(cpu_supports(CpuCapability::AVX2) == v3);
  CHECK(cpu_supports(CpuCapability::AVX512) == v4);
}

TEST_CASE("TS_CPU_CAPABILITY: unset picks the best level available, a name forces it") {
  with_variable(nullptr, [] {
    CpuCapability best = CpuCapability::Default;
    for (int i = 0; i < kNumCpuCapabilities; ++i)
      if (cpu_supports(CpuCapability(i)) && cpu_capability_built(CpuCapability(i)))
        best = CpuCapability(i);
    CHECK(cpu_capability() == best);
  });
  with_variable("default", [] { CHECK(cpu_capability() == CpuCapability::Default); });
  if (cpu_supports(CpuCapability::AVX2) && cpu_capability_built(CpuCapability::AVX2))
    with_variable("avx2", [] { CHECK(cpu_capability() == CpuCapability::AVX2); });
}

TEST_CASE("TS_CPU_CAPABILITY: an unknown or unavailable value is an error naming it") {
  with_variable("avx3", [] {
    const std::string e = error_of([] { cpu_capability(); });
    CHECK(e.find("TS_CPU_CAPABILITY=avx3: unknown CPU capability") != std::string::npos);
    CHECK(e.find("available here: default") != std::string::npos);
    // Still an error at the next call: nothing was chosen.
    CHECK(error_of([] { cpu_capability(); }) == e);
  });
  for (int i = 1; i < kNumCpuCapabilities; ++i) {
    const CpuCapability c = CpuCapability(i);
    if (cpu_supports(c) && cpu_capability_built(c)) continue;
    with_variable(cpu_capability_name(c), [&] {
      const std::string e = error_of([] { cpu_capability(); });
      CHECK(e.find(std::string("TS_CPU_CAPABILITY=") + cpu_capability_name(c) + ": ") == 0);
    });
  }
}

TEST_CASE("a CPU kernel slot runs the highest level at or below the one in use") {
  // Registration order must not matter (static initialisation order across files is unknown).
  for (int order = 0; order < 2; ++order) {
    DispatchStub<void()> stub("test_stub");
    CHECK_FALSE(stub.has(DeviceType::CPU));
    if (order == 0) {
      stub.register_cpu(0, &kernel_a);
      stub.register_cpu(2, &kernel_c);
    } else {
      stub.register_cpu(2, &kernel_c);
      stub.register_cpu(0, &kernel_a);
    }
    CHECK(stub.has(DeviceType::CPU));
    CHECK((stub.cpu_fns[0] == &kernel_a));
    CHECK((stub.cpu_fns[1] == &kernel_a));  // no level-1 kernel: the default one
    CHECK((stub.cpu_fns[2] == &kernel_c));
    stub.register_cpu(1, &kernel_b);
    CHECK((stub.cpu_fns[1] == &kernel_b));
    CHECK((stub.cpu_fns[2] == &kernel_c));  // a lower level never replaces a higher one
  }
}
