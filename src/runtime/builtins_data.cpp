// The `_ts` builtins behind torch.utils.data, torch.Generator and torchvision's datasets
// (stdlib/torch/_generator.ts, stdlib/torch/utils/data, stdlib/torchvision): generator
// handles, sampling with an explicit generator, and the IDX reader of src/data.
#include <omp.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <memory>

#include "data/data.h"
#include "ops/api_random.h"
#include "runtime/builtins.h"
#include "runtime/builtins_data.h"
#include "tensor/random.h"

namespace ts::runtime {

namespace {

// A torch.Generator's native state is a GeneratorValue (ops/ivalue.h); the script class
// torch.Generator holds one.
using GeneratorHandle = GeneratorValue;

// `h` is a handle or None (the default generator).
Generator* generator_arg(const IValue& h, const char* fn) {
  if (h.is_none()) return nullptr;
  auto* g = h.is_object() ? dynamic_cast<GeneratorHandle*>(h.object_ptr().get()) : nullptr;
  if (!g) raise("TypeError", std::string(fn) + "(): argument 'generator' must be torch.Generator, not " + h.type_name());
  return g->gen.get();
}
Generator& handle(const IValue& h, const char* fn) {
  Generator* g = generator_arg(h, fn);
  if (!g) raise("TypeError", std::string(fn) + "(): expected a torch.Generator");
  return *g;
}
int64_t int_arg(const IValue& v, const char* fn, const char* what) {
  if (v.is_bool()) return v.to_bool();
  if (!v.is_int()) raise("TypeError", std::string(fn) + "(): argument '" + what + "' must be int, not " + v.type_name());
  return v.to_int();
}

IValue g_new(Interp&, Args&, const Kw&) { return IValue(IValue::ObjectPtr(std::make_shared<GeneratorHandle>())); }
IValue g_manual_seed(Interp&, Args& a, const Kw&) {
  // PyTorch takes the seed modulo 2^64 (negative seeds wrap).
  handle(a[0], "manual_seed").manual_seed(uint64_t(int_arg(a[1], "manual_seed", "seed")));
  return IValue();
}
IValue g_seed(Interp&, Args& a, const Kw&) { return IValue(int64_t(handle(a[0], "seed").seed())); }
IValue g_initial_seed(Interp&, Args& a, const Kw&) {
  return IValue(int64_t(handle(a[0], "initial_seed").initial_seed()));
}
// The state of a generator, or of the default one for None (torch.get_rng_state()).
IValue g_get_state(Interp&, Args& a, const Kw&) {
  return IValue(generator_or_default(generator_arg(a[0], "get_state")).get_state());
}
IValue g_set_state(Interp&, Args& a, const Kw&) {
  if (!a[1].is_tensor()) raise("TypeError", "set_state(): argument 'new_state' must be Tensor, not " + a[1].type_name());
  generator_or_default(generator_arg(a[0], "set_state")).set_state(a[1].to_tensor());
  return IValue();
}

// _ts.randperm(n, generator): torch.randperm(n, generator=generator) (int64).
IValue s_randperm(Interp&, Args& a, const Kw&) {
  return IValue(randperm(int_arg(a[0], "randperm", "n"), TensorOptions(DType::Int64), generator_arg(a[1], "randperm")));
}
// _ts.randint(high, n, generator): torch.randint(high=high, size=(n,), dtype=torch.int64, generator=generator).
IValue s_randint(Interp&, Args& a, const Kw&) {
  int64_t n = int_arg(a[1], "randint", "size");
  return IValue(randint(int_arg(a[0], "randint", "high"), {n}, TensorOptions(DType::Int64), generator_arg(a[2], "randint")));
}
// _ts.multinomial(weights, n, replacement, generator): torch.multinomial(weights, n, replacement, generator=...).
IValue s_multinomial(Interp&, Args& a, const Kw&) {
  if (!a[0].is_tensor()) raise("TypeError", "multinomial(): argument 'input' must be Tensor, not " + a[0].type_name());
  int64_t n = int_arg(a[1], "multinomial", "num_samples");
  return IValue(multinomial(a[0].to_tensor(), n, a[2].is_bool() && a[2].to_bool(), generator_arg(a[3], "multinomial")));
}
// _ts.random_seed(generator): torch.empty((), dtype=torch.int64).random_(generator=generator).item().
IValue s_random_seed(Interp&, Args& a, const Kw&) {
  Tensor t = empty({}, TensorOptions(DType::Int64));
  random_(t, generator_arg(a[0], "random_"));
  return IValue(*static_cast<const int64_t*>(t.data_ptr()));
}
IValue s_read_bytes(Interp&, Args& a, const Kw&) {
  if (!a[0].is_string()) raise("TypeError", "read_bytes(): argument 'path' must be str, not " + a[0].type_name());
  return IValue(data::read_bytes(a[0].to_string()));
}
IValue s_read_idx(Interp&, Args& a, const Kw&) {
  if (!a[0].is_string()) raise("TypeError", "read_idx(): argument 'path' must be str, not " + a[0].type_name());
  return IValue(data::read_idx(a[0].to_string()));
}

// tqdm's output: stderr, unbuffered as in Python; whether it is a terminal, and its width.
IValue t_stderr_write(Interp&, Args& a, const Kw&) {
  if (!a[0].is_string()) raise("TypeError", "write() argument must be str, not " + a[0].type_name());
  write_stream(true, a[0].to_string());
  return IValue();
}
IValue t_stderr_isatty(Interp&, Args&, const Kw&) { return IValue(bool(::isatty(2))); }
IValue t_terminal_columns(Interp&, Args&, const Kw&) {
  struct winsize ws {};
  if (::ioctl(2, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) return IValue(int64_t(ws.ws_col));
  const char* c = std::getenv("COLUMNS");
  int64_t n = c ? std::atoll(c) : 0;
  return IValue(n > 0 ? n : int64_t(80));
}

// _ts.stdout_columns(): the width Python's shutil.get_terminal_size() answers (argparse's help
// is wrapped to it): COLUMNS when set, else stdout's terminal, else 80.
IValue t_stdout_columns(Interp&, Args&, const Kw&) {
  if (const char* c = std::getenv("COLUMNS"); c && std::atoll(c) > 0) return IValue(int64_t(std::atoll(c)));
  struct winsize ws {};
  if (::ioctl(1, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) return IValue(int64_t(ws.ws_col));
  return IValue(int64_t(80));
}

// _ts.set_loader_threads(n) -> the previous count: this thread's OpenMP team size. The
// DataLoader builds batches single-threaded (small copies, as PyTorch's workers do): a
// parallel region per stacked batch costs more than it saves when cores are busy.
IValue t_set_loader_threads(Interp&, Args& a, const Kw&) {
  int prev = omp_get_max_threads();
  int64_t n = int_arg(a[0], "set_loader_threads", "n");
  if (n > 0) omp_set_num_threads(int(n));
  return IValue(int64_t(prev));
}

}  // namespace

const std::map<std::string, BuiltinFn>& data_builtins() {
  static const std::map<std::string, BuiltinFn> m = [] {
    std::map<std::string, BuiltinFn> t = {
      {"_ts.generator_new", g_new},
      {"_ts.generator_manual_seed", g_manual_seed},
      {"_ts.generator_seed", g_seed},
      {"_ts.generator_initial_seed", g_initial_seed},
      {"_ts.generator_get_state", g_get_state},
      {"_ts.generator_set_state", g_set_state},
      {"_ts.randperm", s_randperm},
      {"_ts.randint", s_randint},
      {"_ts.multinomial", s_multinomial},
      {"_ts.random_seed", s_random_seed},
      {"_ts.read_idx", s_read_idx},
      {"_ts.read_bytes", s_read_bytes},
      {"_ts.stderr_write", t_stderr_write},
      {"_ts.stderr_isatty", t_stderr_isatty},
      {"_ts.terminal_columns", t_terminal_columns},
      {"_ts.stdout_columns", t_stdout_columns},
      {"_ts.set_loader_threads", t_set_loader_threads},
    };
    add_worker_builtins(t);
    add_optim_builtins(t);
    return t;
  }();
  return m;
}

}  // namespace ts::runtime
