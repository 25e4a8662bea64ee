// Runtime CPU dispatch: the instruction-set level whose copy of the hot CPU kernels runs.
// The library is built for a baseline x86-64 (meson option `arch`), and the hot kernel files of
// kernels/cpu are compiled once more per level below (kernels/README.md, Note [Runtime CPU
// dispatch]); each copy fills its own column of the CPU kernel slots (tensor/dispatch_stub.h).
// The level is chosen once, at the first kernel call, from CPUID and the OS's saved register
// state (XGETBV): the best level this CPU and this build both have, or the one named by the
// environment variable TS_CPU_CAPABILITY (default, avx2 or avx512), which must be supported.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>

namespace ts {

// default: the build's own -march (x86-64 unless configured otherwise);
// avx2: x86-64-v3 (AVX, AVX2, FMA, F16C, BMI1/2, LZCNT, MOVBE);
// avx512: x86-64-v4 (v3 + AVX-512 F, BW, CD, DQ, VL).
enum class CpuCapability : int8_t { Default = 0, AVX2 = 1, AVX512 = 2 };
inline constexpr int kNumCpuCapabilities = 3;

const char* cpu_capability_name(CpuCapability c);
// Whether this CPU and its OS can run code of level `c` (Default: always).
bool cpu_supports(CpuCapability c);
// Whether this build compiled the hot kernels for level `c` (Default: always).
bool cpu_capability_built(CpuCapability c);
// The levels this CPU supports and this build has, as "default, avx2, avx512".
std::string cpu_capabilities_available();

namespace detail {
// The level in use, or -1 until the first call of cpu_capability() chooses it.
extern std::atomic<int8_t> g_cpu_capability;
CpuCapability choose_cpu_capability();
}  // namespace detail

// The level in use. The first call reads TS_CPU_CAPABILITY; a value that is unknown, or that
// this CPU or build does not have, is an error naming the variable, the value and the levels
// available (raised again at every call until the variable is fixed).
inline CpuCapability cpu_capability() {
  int8_t c = detail::g_cpu_capability.load(std::memory_order_relaxed);
  return c >= 0 ? CpuCapability(c) : detail::choose_cpu_capability();
}

// Switches the level for the rest of the process (the tests compare levels in one process);
// an error if `c` is not available here.
void set_cpu_capability(CpuCapability c);

}  // namespace ts

// A kernel source compiled per level (kernels/README.md) sees TS_CPU_CAPABILITY_LEVEL (0, 1 or
// 2, set by the build; 0 when unset) and puts its code in the namespace TS_CPU_NS
// (`namespace ts::kernels::inline TS_CPU_NS {`), so that each level's copy of a function, and of
// every inline helper of the kernel headers, has a name of its own: two copies of one name
// compiled for different levels would let the linker keep either, and an AVX-512 copy could
// then run on a CPU without AVX-512.
#ifndef TS_CPU_CAPABILITY_LEVEL
#define TS_CPU_CAPABILITY_LEVEL 0
#endif
#if TS_CPU_CAPABILITY_LEVEL == 0
#define TS_CPU_NS cpu_default
#elif TS_CPU_CAPABILITY_LEVEL == 1
#define TS_CPU_NS cpu_avx2
#elif TS_CPU_CAPABILITY_LEVEL == 2
#define TS_CPU_NS cpu_avx512
#else
#error "TS_CPU_CAPABILITY_LEVEL must be 0, 1 or 2"
#endif
