// CPUID and XGETBV checks for the kernel levels, and the choice of TS_CPU_CAPABILITY.
#include "tensor/cpu_capability.h"

#include <cstdlib>
#include <cstring>

#include "ts_config.h"
#include "util/error.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#define TS_CPU_X86 1
#else
#define TS_CPU_X86 0
#endif

namespace ts {

namespace detail {
std::atomic<int8_t> g_cpu_capability{-1};
}  // namespace detail

namespace {

constexpr const char* kVariable = "TS_CPU_CAPABILITY";

#if TS_CPU_X86
// The register state the OS saves on a context switch (XCR0); 0 when it does not use XSAVE,
// and then no AVX state is preserved.
uint64_t os_saved_state(unsigned leaf1_ecx) {
  if (!(leaf1_ecx & (1u << 27))) return 0;  // OSXSAVE: XGETBV may be executed
  unsigned lo, hi;
  __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
  return (uint64_t(hi) << 32) | lo;
}

struct Features {
  bool avx2_level = false;    // x86-64-v3
  bool avx512_level = false;  // x86-64-v4
};

Features detect() {
  Features f;
  unsigned a, b, c, d;
  if (__get_cpuid_max(0, nullptr) < 7) return f;
  __cpuid(1, a, b, c, d);
  const unsigned l1c = c;
  __cpuid_count(7, 0, a, b, c, d);
  const unsigned l7b = b;
  unsigned ext_c = 0;
  if (__get_cpuid_max(0x80000000u, nullptr) >= 0x80000001u) {
    __cpuid(0x80000001u, a, b, c, d);
    ext_c = c;
  }
  auto bit = [](unsigned reg, int n) { return (reg >> n) & 1u; };
  const uint64_t xcr0 = os_saved_state(l1c);
  // x86-64-v2: SSE3, SSSE3, CX16, SSE4.1, SSE4.2, POPCNT (leaf 1 ECX), LAHF (ext ECX bit 0).
  const bool v2 = bit(l1c, 0) && bit(l1c, 9) && bit(l1c, 13) && bit(l1c, 19) && bit(l1c, 20) &&
                  bit(l1c, 23) && bit(ext_c, 0);
  // x86-64-v3: FMA, MOVBE, AVX, F16C (leaf 1 ECX); BMI1, AVX2, BMI2 (leaf 7 EBX); LZCNT (ext
  // ECX bit 5); and the OS saving the XMM and YMM registers (XCR0 bits 1 and 2).
  const bool ymm_saved = (xcr0 & 0x6) == 0x6;
  f.avx2_level = v2 && bit(l1c, 12) && bit(l1c, 22) && bit(l1c, 28) && bit(l1c, 29) &&
                 bit(l7b, 3) && bit(l7b, 5) && bit(l7b, 8) && bit(ext_c, 5) && ymm_saved;
  // x86-64-v4: AVX-512 F, DQ, CD, BW, VL (leaf 7 EBX bits 16, 17, 28, 30, 31), and the OS
  // saving the opmask and ZMM registers as well (XCR0 bits 5, 6, 7).
  const bool zmm_saved = (xcr0 & 0xe6) == 0xe6;
  f.avx512_level = f.avx2_level && bit(l7b, 16) && bit(l7b, 17) && bit(l7b, 28) &&
                   bit(l7b, 30) && bit(l7b, 31) && zmm_saved;
  return f;
}
#endif

bool available(CpuCapability c) { return cpu_supports(c) && cpu_capability_built(c); }

}  // namespace

const char* cpu_capability_name(CpuCapability c) {
  switch (c) {
    case CpuCapability::Default: return "default";
    case CpuCapability::AVX2: return "avx2";
    case CpuCapability::AVX512: return "avx512";
  }
  return "?";
}

bool cpu_supports(CpuCapability c) {
#if TS_CPU_X86
  static const Features f = detect();
  switch (c) {
    case CpuCapability::Default: return true;
    case CpuCapability::AVX2: return f.avx2_level;
    case CpuCapability::AVX512: return f.avx512_level;
  }
  return false;
#else
  return c == CpuCapability::Default;
#endif
}

bool cpu_capability_built(CpuCapability c) { return int(c) < TS_CPU_DISPATCH_LEVELS; }

std::string cpu_capabilities_available() {
  std::string s;
  for (int i = 0; i < kNumCpuCapabilities; ++i) {
    if (!available(CpuCapability(i))) continue;
    if (!s.empty()) s += ", ";
    s += cpu_capability_name(CpuCapability(i));
  }
  return s;
}

void set_cpu_capability(CpuCapability c) {
  TS_CHECK(available(c), "CPU capability '", cpu_capability_name(c), "' is not available here: ",
           cpu_supports(c) ? "this build has no kernels for it" : "this CPU does not support it",
           " (available: ", cpu_capabilities_available(), ")");
  detail::g_cpu_capability.store(int8_t(c), std::memory_order_relaxed);
}

CpuCapability detail::choose_cpu_capability() {
  const char* env = std::getenv(kVariable);
  CpuCapability chosen = CpuCapability::Default;
  if (env != nullptr && *env != '\0') {
    int found = -1;
    for (int i = 0; i < kNumCpuCapabilities; ++i)
      if (std::strcmp(env, cpu_capability_name(CpuCapability(i))) == 0) found = i;
    TS_CHECK(found >= 0, kVariable, "=", env, ": unknown CPU capability (one of default, avx2, ",
             "avx512; available here: ", cpu_capabilities_available(), ")");
    chosen = CpuCapability(found);
    TS_CHECK(available(chosen), kVariable, "=", env, ": ",
             cpu_supports(chosen) ? "this build has no kernels for it"
                                  : "this CPU does not support it",
             " (available here: ", cpu_capabilities_available(), ")");
  } else {
    for (int i = kNumCpuCapabilities - 1; i > 0; --i)
      if (available(CpuCapability(i))) {
        chosen = CpuCapability(i);
        break;
      }
  }
  detail::g_cpu_capability.store(int8_t(chosen), std::memory_order_relaxed);
  return chosen;
}

}  // namespace ts
