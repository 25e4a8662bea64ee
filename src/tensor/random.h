// The CPU random generator: PyTorch 1.13's MT19937 engine, seeding, the cached normal
// samples and the 5056-byte state layout, so streams and torch.get_rng_state() bytes match
// PyTorch bit for bit. The sampling algorithms live in kernels/cpu/random.cpp.
#pragma once

#include <array>
#include <cstdint>
#include <mutex>
#include <optional>

#include "tensor/tensor.h"

namespace ts {

// 32-bit Mersenne Twister (Matsumoto-Nishimura mt19937ar), laid out like PyTorch's
// at::mt19937 so its fields map one to one onto the serialized state.
class MT19937 {
 public:
  static constexpr int kN = 624;
  static constexpr int kM = 397;
  static constexpr uint64_t kDefaultSeed = 5489;

  explicit MT19937(uint64_t seed = kDefaultSeed) { init(seed); }

  // Only the low 32 bits reach the state; the full seed is remembered (initial_seed()).
  void init(uint64_t seed);

  uint32_t operator()() {
    if (--left_ == 0) next_state();
    return temper(state_[size_t(next_++)]);
  }
  // The next n draws, the values n calls of operator() would give (vectorized tempering).
  void generate(uint32_t* out, int64_t n);

  // PyTorch's is_valid(): what set_state accepts.
  bool is_valid() const { return seeded_ && left_ > 0 && left_ <= kN && next_ <= uint32_t(kN); }

  uint64_t seed_ = 0;
  int32_t left_ = 1;
  bool seeded_ = false;
  uint32_t next_ = 0;
  std::array<uint32_t, kN> state_{};

 private:
  static uint32_t temper(uint32_t y) {
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= y >> 18;
    return y;
  }
  void next_state();
};

class Generator {
 public:
  // The seed of a Generator made without one (PyTorch's default_rng_seed_val).
  static constexpr uint64_t kDefaultSeed = 67280421310721ull;
  // Bytes of get_state(): CPUGeneratorImplState, and the older layout set_state also takes.
  static constexpr int64_t kStateSize = 5056;
  static constexpr int64_t kLegacyStateSize = 5048;

  explicit Generator(uint64_t seed = kDefaultSeed);
  Generator(const Generator&) = delete;
  Generator& operator=(const Generator&) = delete;

  // Reseeds and drops both cached normal samples (torch.manual_seed).
  void manual_seed(uint64_t seed);
  // Reseeds from a nondeterministic source and returns the seed (Generator.seed()).
  uint64_t seed();
  uint64_t initial_seed() const;

  // One draw each, taking the lock. Kernels hold a Lock for the whole fill instead.
  uint32_t random();
  // Two 32-bit draws, the first one in the high half.
  uint64_t random64();

  std::optional<double> next_double_normal_sample() const;
  void set_next_double_normal_sample(std::optional<double> v);
  std::optional<float> next_float_normal_sample() const;
  void set_next_float_normal_sample(std::optional<float> v);

  // A uint8 tensor of kStateSize bytes in PyTorch's layout (torch.get_rng_state()).
  Tensor get_state() const;
  // Accepts PyTorch's current (5056-byte) and legacy (5048-byte) layouts.
  void set_state(const Tensor& state);

  std::mutex& mutex() const { return mutex_; }

  // Holds the generator's lock for a whole sampling kernel (PyTorch's "Acquire lock when
  // using random generators"); draws through it take no further lock.
  class Lock {
   public:
    explicit Lock(Generator& g) : g_(g), lock_(g.mutex_) {}
    uint32_t random() { return g_.engine_(); }
    // n consecutive 32-bit draws.
    void random_block(uint32_t* out, int64_t n) { g_.engine_.generate(out, n); }
    uint64_t random64() {
      uint64_t hi = g_.engine_();
      uint64_t lo = g_.engine_();
      return (hi << 32) | lo;
    }
    std::optional<double>& next_double_normal() { return g_.next_double_normal_; }
    std::optional<float>& next_float_normal() { return g_.next_float_normal_; }

   private:
    Generator& g_;
    std::lock_guard<std::mutex> lock_;
  };

 private:
  mutable std::mutex mutex_;
  MT19937 engine_;
  std::optional<double> next_double_normal_;
  std::optional<float> next_float_normal_;
};

// The process-wide CPU generator, seeded nondeterministically until manual_seed; or, on a
// thread that set one, that thread's own (data-loader workers key one per sample).
Generator& default_generator();
// The calling thread's default generator from now on (null: the process-wide one again).
void set_thread_default_generator(Generator* gen);
// torch.manual_seed for the CPU generator.
void manual_seed(uint64_t seed);
// The generator an op uses: `gen`, or the default one when null.
inline Generator& generator_or_default(Generator* gen) { return gen ? *gen : default_generator(); }

}  // namespace ts
