// The `_ts` builtins behind torch.utils.data, torch.Generator and torchvision's datasets
// (stdlib/torch/_generator.ts, stdlib/torch/utils/data, stdlib/torchvision): generator
// handles, sampling with an explicit generator, and the IDX reader of src/data.
#include <sys/ioctl.h>
#include <unistd.h>

#include <omp.h>

#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <exception>
#include <map>
#include <memory>
#include <mutex>
#include <thread>

#include "data/data.h"
#include "ops/api_random.h"
#include "runtime/builtins.h"
#include "tensor/random.h"

namespace ts::runtime {

namespace {

// A torch.Generator's native state; the script class torch.Generator holds one.
struct GeneratorHandle : IValue::Object {
  std::shared_ptr<Generator> gen = std::make_shared<Generator>();
  std::string type_name() const override { return "torch._C.Generator"; }
};

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
IValue g_get_state(Interp&, Args& a, const Kw&) { return IValue(handle(a[0], "get_state").get_state()); }
IValue g_set_state(Interp&, Args& a, const Kw&) {
  if (!a[1].is_tensor()) raise("TypeError", "set_state(): argument 'new_state' must be Tensor, not " + a[1].type_name());
  handle(a[0], "set_state").set_state(a[1].to_tensor());
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
// _ts.multinomial_replacement(weights, n, generator): torch.multinomial(weights, n, True, generator=...).
IValue s_multinomial(Interp&, Args& a, const Kw&) {
  if (!a[0].is_tensor()) raise("TypeError", "multinomial(): argument 'input' must be Tensor, not " + a[0].type_name());
  Generator* g = generator_arg(a[2], "multinomial");
  return IValue(data::multinomial_with_replacement(a[0].to_tensor(), int_arg(a[1], "multinomial", "num_samples"),
                                                   generator_or_default(g)));
}
// _ts.random_seed(generator): torch.empty((), dtype=torch.int64).random_(generator=generator).item().
IValue s_random_seed(Interp&, Args& a, const Kw&) {
  Tensor t = empty({}, TensorOptions(DType::Int64));
  random_(t, generator_arg(a[0], "random_"));
  return IValue(*static_cast<const int64_t*>(t.data_ptr()));
}
IValue s_read_idx(Interp&, Args& a, const Kw&) {
  if (!a[0].is_string()) raise("TypeError", "read_idx(): argument 'path' must be str, not " + a[0].type_name());
  return IValue(data::read_idx(a[0].to_string()));
}

// tqdm's output: stderr, unbuffered as in Python; whether it is a terminal, and its width.
IValue t_stderr_write(Interp&, Args& a, const Kw&) {
  if (!a[0].is_string()) raise("TypeError", "write() argument must be str, not " + a[0].type_name());
  const std::string& s = a[0].to_string();
  std::fflush(stdout);  // keep the order of prints and progress lines
  std::fwrite(s.data(), 1, s.size(), stderr);
  std::fflush(stderr);
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

// ---- DataLoader worker threads ----
// A pool of threads that run the script's fetch (dataset[i] for each index of a batch) and
// collate functions; the main thread submits batches of indices in sampler order and takes the
// results back in the same order. A worker's exception (with its script traceback) is handed
// to the main thread at the batch it belongs to; the pool then stops (joining its threads), so
// a failure never leaves a thread behind or a main thread waiting. Each sample is fetched with
// a default generator of its own, seeded from (the epoch's base seed, the sample index), so
// random augmentations do not depend on the number of workers or on scheduling.

uint64_t splitmix64(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

struct WorkerPool;
struct WorkerContext {
  int id = -1;
  WorkerPool* pool = nullptr;
};
thread_local WorkerContext worker_ctx;

struct WorkerPool : IValue::Object {
  Interp* interp = nullptr;
  IValue fetch, collate, dataset, loader, init_fn;
  int64_t base_seed = 0;
  int num_workers = 0;
  std::vector<std::thread> threads;
  std::mutex mu;
  std::condition_variable task_cv, done_cv;
  struct Task {
    int64_t id;
    IValue indices;
    bool batched;
  };
  // Batch k goes to worker k % num_workers, as PyTorch's index queues do, so which worker
  // loads a batch (get_worker_info().id) is deterministic.
  std::vector<std::deque<Task>> queues;
  struct Result {
    IValue value;
    std::exception_ptr error;
  };
  std::map<int64_t, Result> results;
  std::exception_ptr init_error;
  int64_t next_submit = 0, next_get = 0;
  bool stop = false;

  std::string type_name() const override { return "_WorkerPool"; }
  ~WorkerPool() override { shutdown(); }

  void start() {
    queues.resize(size_t(num_workers));
    for (int w = 0; w < num_workers; ++w) threads.emplace_back([this, w] { run(w); });
  }
  void shutdown() {
    {
      std::lock_guard<std::mutex> lock(mu);
      stop = true;
      for (auto& q : queues) q.clear();
    }
    task_cv.notify_all();
    for (auto& t : threads) {
      if (t.joinable()) t.join();
    }
    threads.clear();
  }
  IValue fetch_one(const IValue& index) {
    // The sample's own default generator while its __getitem__ runs.
    int64_t i = index.is_int() ? index.to_int() : 0;
    Generator gen(splitmix64(uint64_t(base_seed) ^ splitmix64(uint64_t(i))));
    set_thread_default_generator(&gen);
    try {
      std::vector<IValue> args = {dataset, index};
      IValue v = interp->call_value(fetch, args);
      set_thread_default_generator(nullptr);
      return v;
    } catch (...) {
      set_thread_default_generator(nullptr);
      throw;
    }
  }
  void run(int w) {
    worker_ctx = {w, this};
    omp_set_num_threads(1);  // workers load in parallel; ops inside one run on its thread
    if (!init_fn.is_none()) {
      try {
        std::vector<IValue> args = {IValue(int64_t(w))};
        interp->call_value(init_fn, args);
      } catch (...) {
        std::lock_guard<std::mutex> lock(mu);
        if (!init_error) init_error = std::current_exception();
        done_cv.notify_all();
        return;
      }
    }
    for (;;) {
      Task task;
      {
        std::unique_lock<std::mutex> lock(mu);
        auto& q = queues[size_t(w)];
        task_cv.wait(lock, [this, &q] { return stop || !q.empty(); });
        if (stop) return;
        task = std::move(q.front());
        q.pop_front();
      }
      Result r;
      try {
        IValue data;
        if (task.batched) {
          std::vector<IValue> items;
          for (const IValue& idx : task.indices.items()) items.push_back(fetch_one(idx));
          data = IValue::list(std::move(items));
        } else {
          data = fetch_one(task.indices);
        }
        std::vector<IValue> args = {loader, data, IValue(task.batched)};
        r.value = interp->call_value(collate, args);
      } catch (...) {
        r.error = std::current_exception();
      }
      {
        std::lock_guard<std::mutex> lock(mu);
        results[task.id] = std::move(r);
      }
      done_cv.notify_all();
    }
  }
  void submit(IValue indices, bool batched) {
    {
      std::lock_guard<std::mutex> lock(mu);
      if (stop) raise("RuntimeError", "DataLoader worker pool is shut down");
      int64_t id = next_submit++;
      queues[size_t(id % num_workers)].push_back({id, std::move(indices), batched});
    }
    task_cv.notify_all();
  }
  IValue get() {
    Result r;
    {
      std::unique_lock<std::mutex> lock(mu);
      if (next_get >= next_submit) raise("RuntimeError", "DataLoader worker pool: no batch was submitted");
      done_cv.wait(lock, [this] { return init_error || results.count(next_get); });
      if (init_error && !results.count(next_get)) r.error = init_error;
      else {
        r = std::move(results[next_get]);
        results.erase(next_get);
        ++next_get;
      }
    }
    if (r.error) {
      shutdown();
      std::rethrow_exception(r.error);
    }
    return r.value;
  }
};

WorkerPool& pool_of(const IValue& v) {
  auto* p = v.is_object() ? dynamic_cast<WorkerPool*>(v.object_ptr().get()) : nullptr;
  if (!p) raise("TypeError", "expected a DataLoader worker pool, not " + v.type_name());
  return *p;
}

// _ts.worker_pool(num_workers, fetch, collate, dataset, loader, base_seed, worker_init_fn)
IValue w_pool(Interp& I, Args& a, const Kw&) {
  auto p = std::make_shared<WorkerPool>();
  p->interp = &I;
  p->num_workers = int(int_arg(a[0], "worker_pool", "num_workers"));
  if (p->num_workers <= 0) raise("ValueError", "worker_pool(): num_workers must be positive");
  p->fetch = a[1];
  p->collate = a[2];
  p->dataset = a[3];
  p->loader = a[4];
  p->base_seed = int_arg(a[5], "worker_pool", "base_seed");
  p->init_fn = a[6];
  p->start();
  return IValue(IValue::ObjectPtr(p));
}
IValue w_submit(Interp&, Args& a, const Kw&) {
  pool_of(a[0]).submit(a[1], a[2].is_bool() ? a[2].to_bool() : true);
  return IValue();
}
IValue w_get(Interp&, Args& a, const Kw&) { return pool_of(a[0]).get(); }
IValue w_shutdown(Interp&, Args& a, const Kw&) {
  pool_of(a[0]).shutdown();
  return IValue();
}
// _ts.worker_info(): None on the main thread, else (id, num_workers, seed, dataset).
IValue w_info(Interp&, Args&, const Kw&) {
  if (worker_ctx.id < 0 || !worker_ctx.pool) return IValue();
  WorkerPool& p = *worker_ctx.pool;
  return IValue::tuple({IValue(int64_t(worker_ctx.id)), IValue(int64_t(p.num_workers)),
                        IValue(p.base_seed + worker_ctx.id), p.dataset});
}

}  // namespace

const std::map<std::string, BuiltinFn>& data_builtins() {
  static const std::map<std::string, BuiltinFn> m = {
      {"_ts.generator_new", g_new},
      {"_ts.generator_manual_seed", g_manual_seed},
      {"_ts.generator_seed", g_seed},
      {"_ts.generator_initial_seed", g_initial_seed},
      {"_ts.generator_get_state", g_get_state},
      {"_ts.generator_set_state", g_set_state},
      {"_ts.randperm", s_randperm},
      {"_ts.randint", s_randint},
      {"_ts.multinomial_replacement", s_multinomial},
      {"_ts.random_seed", s_random_seed},
      {"_ts.read_idx", s_read_idx},
      {"_ts.stderr_write", t_stderr_write},
      {"_ts.stderr_isatty", t_stderr_isatty},
      {"_ts.terminal_columns", t_terminal_columns},
      {"_ts.worker_pool", w_pool},
      {"_ts.worker_submit", w_submit},
      {"_ts.worker_get", w_get},
      {"_ts.worker_shutdown", w_shutdown},
      {"_ts.worker_info", w_info},
  };
  return m;
}

}  // namespace ts::runtime
