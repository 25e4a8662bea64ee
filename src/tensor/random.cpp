#include "tensor/random.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <random>

namespace ts {

void MT19937::init(uint64_t seed) {
  seed_ = seed;
  seeded_ = true;
  state_[0] = uint32_t(seed & 0xffffffffu);
  for (int j = 1; j < kN; ++j) {
    uint32_t p = state_[size_t(j - 1)];
    state_[size_t(j)] = 1812433253u * (p ^ (p >> 30)) + uint32_t(j);
  }
  // left = 1: the first draw regenerates the whole state first.
  left_ = 1;
  next_ = 0;
}

void MT19937::next_state() {
  constexpr uint32_t kMatrixA = 0x9908b0dfu, kUpper = 0x80000000u, kLower = 0x7fffffffu;
  auto twist = [](uint32_t u, uint32_t v) {
    return (((u & kUpper) | (v & kLower)) >> 1) ^ ((v & 1u) ? kMatrixA : 0u);
  };
  uint32_t* p = state_.data();
  left_ = kN;
  next_ = 0;
  int k = 0;
  for (; k < kN - kM; ++k) p[k] = p[k + kM] ^ twist(p[k], p[k + 1]);
  for (; k < kN - 1; ++k) p[k] = p[k + kM - kN] ^ twist(p[k], p[k + 1]);
  p[kN - 1] = p[kM - 1] ^ twist(p[kN - 1], p[0]);
}

void MT19937::generate(uint32_t* out, int64_t n) {
  while (n > 0) {
    if (left_ <= 1) {  // the next draw regenerates the state
      *out++ = (*this)();
      --n;
      continue;
    }
    const int64_t m = std::min<int64_t>(n, left_ - 1);
    const uint32_t* s = state_.data() + next_;
    for (int64_t k = 0; k < m; ++k) out[k] = temper(s[k]);
    next_ += uint32_t(m);
    left_ -= int32_t(m);
    out += m;
    n -= m;
  }
}

Generator::Generator(uint64_t seed) : engine_(seed) {}

void Generator::manual_seed(uint64_t seed) {
  std::lock_guard<std::mutex> lock(mutex_);
  next_double_normal_.reset();
  next_float_normal_.reset();
  engine_ = MT19937(seed);
}

uint64_t Generator::seed() {
  // PyTorch reads 8 bytes of /dev/urandom; random_device is that source on Linux. The top bit
  // is cleared so the seed is a non-negative Ts int (64-bit signed), as scripts compare it.
  std::random_device rd;
  uint64_t s = ((uint64_t(rd()) << 32) | rd()) & ~(uint64_t(1) << 63);
  manual_seed(s);
  return s;
}

uint64_t Generator::initial_seed() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return engine_.seed_;
}

uint32_t Generator::random() { return Lock(*this).random(); }
uint64_t Generator::random64() { return Lock(*this).random64(); }

std::optional<double> Generator::next_double_normal_sample() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return next_double_normal_;
}
void Generator::set_next_double_normal_sample(std::optional<double> v) {
  std::lock_guard<std::mutex> lock(mutex_);
  next_double_normal_ = v;
}
std::optional<float> Generator::next_float_normal_sample() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return next_float_normal_;
}
void Generator::set_next_float_normal_sample(std::optional<float> v) {
  std::lock_guard<std::mutex> lock(mutex_);
  next_float_normal_ = v;
}

namespace {

// PyTorch's THGeneratorState ("legacy_pod") followed by the float normal cache: the byte
// layout of torch.get_rng_state(). The 32-bit state words are widened to 64 bits; normal_x
// and normal_rho are unused (zero) and the cached double sample lives in normal_y.
struct LegacyState {
  uint64_t the_initial_seed;
  int32_t left;
  int32_t seeded;
  uint64_t next;
  uint64_t state[MT19937::kN];
  double normal_x;
  double normal_y;
  double normal_rho;
  int32_t normal_is_valid;
};
struct State {
  LegacyState legacy_pod;
  float next_float_normal_sample;
  bool is_next_float_normal_sample_valid;
};
static_assert(sizeof(LegacyState) == Generator::kLegacyStateSize);
static_assert(sizeof(State) == Generator::kStateSize);
static_assert(offsetof(State, next_float_normal_sample) == 5048);

}  // namespace

Tensor Generator::get_state() const {
  State s;
  std::memset(&s, 0, sizeof(s));  // padding bytes are zero, as in PyTorch's value-init
  {
    std::lock_guard<std::mutex> lock(mutex_);
    s.legacy_pod.the_initial_seed = engine_.seed_;
    s.legacy_pod.left = engine_.left_;
    s.legacy_pod.seeded = engine_.seeded_ ? 1 : 0;
    s.legacy_pod.next = engine_.next_;
    for (int i = 0; i < MT19937::kN; ++i) s.legacy_pod.state[i] = engine_.state_[size_t(i)];
    if (next_double_normal_) {
      s.legacy_pod.normal_is_valid = 1;
      s.legacy_pod.normal_y = *next_double_normal_;
    }
    if (next_float_normal_) {
      s.is_next_float_normal_sample_valid = true;
      s.next_float_normal_sample = *next_float_normal_;
    }
  }
  Tensor t = empty({kStateSize}, TensorOptions(DType::UInt8));
  std::memcpy(t.data_ptr(), &s, sizeof(s));
  return t;
}

void Generator::set_state(const Tensor& state) {
  TS_CHECK_TYPE(state.defined() && state.dtype() == DType::UInt8 && state.device().is_cpu(),
                "RNG state must be a torch.ByteTensor");
  int64_t n = state.numel();
  TS_CHECK(n == kLegacyStateSize || n == kStateSize, "Expected either a "
           "CPUGeneratorImplStateLegacy of size ", kLegacyStateSize,
           " or a CPUGeneratorImplState of size ", kStateSize,
           " but found the input RNG state size to be ", n);
  State s;
  std::memset(&s, 0, sizeof(s));
  Tensor c = state.contiguous();
  std::memcpy(&s, c.data_ptr(), size_t(n));

  std::optional<double> double_normal;
  std::optional<float> float_normal;
  const LegacyState& pod = s.legacy_pod;
  if (n == kLegacyStateSize) {
    // The legacy layout cached (x, rho) of a Box-Muller pair; PyTorch rebuilds the sine sample.
    if (pod.normal_is_valid) {
      double theta = 2.0 * 3.14159265358979323846 * pod.normal_x;
      double_normal = pod.normal_rho * std::sin(theta);
    }
  } else {
    if (s.is_next_float_normal_sample_valid) float_normal = s.next_float_normal_sample;
    if (pod.normal_is_valid) double_normal = pod.normal_y;
  }
  MT19937 engine;
  for (int i = 0; i < MT19937::kN; ++i) engine.state_[size_t(i)] = uint32_t(pod.state[i]);
  engine.seed_ = pod.the_initial_seed;
  engine.left_ = pod.left;
  engine.seeded_ = pod.seeded != 0;
  engine.next_ = uint32_t(pod.next);
  TS_CHECK(engine.is_valid(), "Invalid mt19937 state");

  std::lock_guard<std::mutex> lock(mutex_);
  engine_ = engine;
  next_double_normal_ = double_normal;
  next_float_normal_ = float_normal;
}

namespace {
thread_local Generator* thread_default_generator = nullptr;
}  // namespace

void set_thread_default_generator(Generator* gen) { thread_default_generator = gen; }

Generator& default_generator() {
  if (thread_default_generator) [[unlikely]] return *thread_default_generator;
  // Seeded like PyTorch's default CPU generator: nondeterministically, once.
  static Generator* gen = [] {
    auto* g = new Generator();
    g->seed();
    return g;
  }();
  return *gen;
}

void manual_seed(uint64_t seed) { default_generator().manual_seed(seed); }

}  // namespace ts
