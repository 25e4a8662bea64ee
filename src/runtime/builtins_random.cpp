// Python's `random` module with CPython's algorithms (Modules/_randommodule.c, Lib/random.py),
// so seeded scripts draw the same numbers; tsrun --seed and DataLoader workers seed it.
#include <algorithm>
#include <mutex>
#include <random>
#include <set>
#include <cmath>
#include <vector>

#include "runtime/builtins.h"
#include "tensor/random.h"

namespace ts::runtime {

namespace {

IValue none() { return IValue(); }

// ---- random: CPython's Mersenne Twister use (Modules/_randommodule.c, Lib/random.py) ----
struct PyRandom {
  std::mutex mu;
  MT19937 mt;
  PyRandom() { seed_words({uint32_t(std::random_device()()), uint32_t(std::random_device()())}); }
  void seed_words(const std::vector<uint32_t>& key) {
    mt.init(19650218u);
    auto& s = mt.state_;
    const size_t n = MT19937::kN;
    size_t i = 1, j = 0;
    for (size_t k = std::max(n, key.size()); k; --k) {
      s[i] = (s[i] ^ ((s[i - 1] ^ (s[i - 1] >> 30)) * 1664525u)) + key[j] + uint32_t(j);
      ++i, ++j;
      if (i >= n) s[0] = s[n - 1], i = 1;
      if (j >= key.size()) j = 0;
    }
    for (size_t k = n - 1; k; --k) {
      s[i] = (s[i] ^ ((s[i - 1] ^ (s[i - 1] >> 30)) * 1566083941u)) - uint32_t(i);
      ++i;
      if (i >= n) s[0] = s[n - 1], i = 1;
    }
    s[0] = 0x80000000u;
    mt.left_ = 1;
    mt.next_ = 0;
  }
  double random() {
    uint32_t a = mt() >> 5, b = mt() >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
  }
  uint64_t bits(int k) {  // k <= 64
    if (k <= 32) return mt() >> (32 - k);
    uint64_t lo = mt();
    uint64_t hi = mt() >> (64 - k);
    return lo | (hi << 32);
  }
  int64_t below(int64_t n) {
    if (n <= 0) raise("ValueError", "empty range for randrange()");
    int k = 64 - __builtin_clzll(uint64_t(n));
    uint64_t r = bits(k);
    while (r >= uint64_t(n)) r = bits(k);
    return int64_t(r);
  }
};
// A DataLoader worker thread's own state (ThreadPythonRandom), else the program's.
thread_local PyRandom* thread_rng = nullptr;
PyRandom& rng() {
  if (thread_rng) return *thread_rng;
  static PyRandom r;
  return r;
}
// random.seed(n) for an int n: CPython's key is |n| in 32-bit words.
void seed_int(PyRandom& r, int64_t seed) {
  uint64_t u = seed < 0 ? uint64_t(0) - uint64_t(seed) : uint64_t(seed);
  std::vector<uint32_t> key = {uint32_t(u)};
  if (u >> 32) key.push_back(uint32_t(u >> 32));
  r.seed_words(key);
}
IValue r_seed(Interp&, Args& a, const Kw&) {
  auto& r = rng();
  std::lock_guard<std::mutex> lock(r.mu);
  if (a.empty() || a[0].is_none()) {
    r.seed_words({uint32_t(std::random_device()())});
    return none();
  }
  if (!a[0].is_int() && !a[0].is_bool()) raise("TypeError", "random.seed() in Ts takes an int");
  seed_int(r, a[0].is_bool() ? int64_t(a[0].to_bool()) : a[0].to_int());
  return none();
}
IValue r_random(Interp&, Args&, const Kw&) {
  std::lock_guard<std::mutex> lock(rng().mu);
  return IValue(rng().random());
}
IValue r_uniform(Interp&, Args& a, const Kw&) {
  std::lock_guard<std::mutex> lock(rng().mu);
  double lo = real_arg(a[0]), hi = real_arg(a[1]);
  return IValue(lo + (hi - lo) * rng().random());
}
IValue r_randrange(Interp&, Args& a, const Kw&) {
  std::lock_guard<std::mutex> lock(rng().mu);
  if (a.size() == 1) return IValue(rng().below(a[0].to_int()));
  int64_t lo = a[0].to_int(), hi = a[1].to_int(), step = a.size() > 2 ? a[2].to_int() : 1;
  if (step == 1) {
    if (hi <= lo) raise("ValueError", "empty range for randrange(" + std::to_string(lo) + ", " + std::to_string(hi) + ")");
    return IValue(lo + rng().below(hi - lo));
  }
  if (step == 0) raise("ValueError", "zero step for randrange()");
  int64_t n = step > 0 ? (hi - lo + step - 1) / step : (hi - lo + step + 1) / step;
  if (n <= 0) raise("ValueError", "empty range for randrange()");
  return IValue(lo + step * rng().below(n));
}
IValue r_randint(Interp& I, Args& a, const Kw& kw) {
  Args b = {a[0], IValue(a[1].to_int() + 1)};
  return r_randrange(I, b, kw);
}
IValue r_getrandbits(Interp&, Args& a, const Kw&) {
  std::lock_guard<std::mutex> lock(rng().mu);
  int64_t k = a[0].to_int();
  if (k < 0) raise("ValueError", "number of bits must be non-negative");
  if (k > 63) raise("ValueError", "Ts ints are 64-bit: getrandbits() takes at most 63 bits");
  return IValue(k == 0 ? int64_t(0) : int64_t(rng().bits(int(k))));
}
IValue r_shuffle(Interp&, Args& a, const Kw&) {
  if (!a[0].is_list()) raise("TypeError", "shuffle() takes a list");
  std::lock_guard<std::mutex> lock(rng().mu);
  auto& xs = a[0].list_ptr()->items;
  for (int64_t i = int64_t(xs.size()) - 1; i > 0; --i) std::swap(xs[size_t(i)], xs[size_t(rng().below(i + 1))]);
  return none();
}
IValue r_choice(Interp& I, Args& a, const Kw&) {
  std::vector<IValue> xs = iterate_value(I, a[0]);
  if (xs.empty()) raise("IndexError", "Cannot choose from an empty sequence");
  std::lock_guard<std::mutex> lock(rng().mu);
  return xs[size_t(rng().below(int64_t(xs.size())))];
}

// random.sample(population, k): CPython 3.11's algorithm (a pool for small populations, a set
// of chosen indices for large ones), so a seeded script draws the same sample.
IValue r_sample(Interp& I, Args& a, const Kw& kw) {
  std::vector<IValue> pop = iterate_value(I, arg(a, kw, 0, "population", "sample"));
  const int64_t k = arg(a, kw, 1, "k", "sample").to_int(), n = int64_t(pop.size());
  if (k < 0 || k > n) raise("ValueError", "Sample larger than population or is negative");
  std::lock_guard<std::mutex> lock(rng().mu);
  std::vector<IValue> result(static_cast<size_t>(k));
  int64_t setsize = 21;
  if (k > 5) setsize += int64_t(std::pow(4.0, std::ceil(std::log(double(k) * 3) / std::log(4.0))));
  if (n <= setsize) {
    std::vector<IValue> pool = pop;
    for (int64_t i = 0; i < k; ++i) {
      int64_t j = rng().below(n - i);
      result[size_t(i)] = pool[size_t(j)];
      pool[size_t(j)] = pool[size_t(n - i - 1)];
    }
  } else {
    std::set<int64_t> selected;
    for (int64_t i = 0; i < k; ++i) {
      int64_t j = rng().below(n);
      while (selected.count(j)) j = rng().below(n);
      selected.insert(j);
      result[size_t(i)] = pop[size_t(j)];
    }
  }
  return IValue::list(result);
}

// random.choices(population, weights=None, *, cum_weights=None, k=1): CPython's algorithm.
IValue r_choices(Interp& I, Args& a, const Kw& kw) {
  std::vector<IValue> pop = iterate_value(I, arg(a, kw, 0, "population", "choices"));
  const size_t npos = a.size() - kw.size();
  const IValue* w = npos > 1 ? &a[1] : kwarg(a, kw, "weights");
  const IValue* cw = kwarg(a, kw, "cum_weights");
  const IValue* kv = kwarg(a, kw, "k");
  const int64_t k = kv ? kv->to_int() : 1;
  const double n = double(pop.size());
  std::lock_guard<std::mutex> lock(rng().mu);
  std::vector<IValue> r;
  if ((!cw || cw->is_none()) && (!w || w->is_none())) {
    if (pop.empty() && k > 0) raise("IndexError", "list index out of range");
    for (int64_t i = 0; i < k; ++i) r.push_back(pop[size_t(std::floor(rng().random() * n))]);
    return IValue::list(r);
  }
  if (cw && !cw->is_none() && w && !w->is_none()) raise("TypeError", "Cannot specify both weights and cumulative weights");
  std::vector<double> cum;
  if (cw && !cw->is_none()) {
    for (const IValue& x : iterate_value(I, *cw)) cum.push_back(real_arg(x));
  } else {
    double acc = 0;
    for (const IValue& x : iterate_value(I, *w)) cum.push_back(acc += real_arg(x));
  }
  if (cum.size() != pop.size()) raise("ValueError", "The number of weights does not match the population");
  const double total = cum.empty() ? 0.0 : cum.back();
  if (total <= 0.0) raise("ValueError", "Total of weights must be greater than zero");
  if (!std::isfinite(total)) raise("ValueError", "Total of weights must be finite");
  for (int64_t i = 0; i < k; ++i) {
    double x = rng().random() * total;
    size_t at = size_t(std::upper_bound(cum.begin(), cum.end() - 1, x) - cum.begin());  // bisect_right, hi = n - 1
    r.push_back(pop[at]);
  }
  return IValue::list(r);
}

}  // namespace

const std::map<std::string, BuiltinFn>& random_builtins() {
  static const std::map<std::string, BuiltinFn> m = {
      {"random.seed", r_seed}, {"random.random", r_random}, {"random.uniform", r_uniform},
      {"random.randrange", r_randrange}, {"random.randint", r_randint}, {"random.getrandbits", r_getrandbits},
      {"random.shuffle", r_shuffle}, {"random.choice", r_choice}, {"random.sample", r_sample},
      {"random.choices", r_choices},
  };
  return m;
}

// Seeds Python's `random` module (tsrun --seed).
void seed_python_random(int64_t seed) {
  auto& r = rng();
  std::lock_guard<std::mutex> lock(r.mu);
  seed_int(r, seed);
}

ThreadPythonRandom::ThreadPythonRandom(int64_t seed) : prev_(thread_rng) {
  auto* r = new PyRandom();
  seed_int(*r, seed);
  state_ = r;
  thread_rng = r;
}
ThreadPythonRandom::~ThreadPythonRandom() {
  thread_rng = static_cast<PyRandom*>(prev_);
  delete static_cast<PyRandom*>(state_);
}

}  // namespace ts::runtime
