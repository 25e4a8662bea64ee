// DataLoader worker threads (src/data/README.md, Note [Worker threads]): the script's side of
// the pool of data/worker_pool.h. Each worker runs the script's fetch and collate functions on
// its own copy of the program's state (the dataset, the loader, the collate function and the
// module globals), as a forked worker process would; a worker's exception (with its script
// traceback) reaches the main thread at the batch it belongs to, and the pool goes on with the
// next batches, as PyTorch's does.
#include <algorithm>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "data/worker_pool.h"
#include "runtime/builtins_data.h"
#include "runtime/value_copy.h"
#include "tensor/random.h"

namespace ts::runtime {

namespace {

using data::ThreadGeneratorScope;

struct WorkerPool;
struct WorkerContext {
  int id = -1;
  WorkerPool* pool = nullptr;
};
thread_local WorkerContext worker_ctx;

// A worker's error on its way to the main thread: _ts.worker_reraise raises it there.
struct WorkerError : IValue::Object {
  std::exception_ptr error;
  explicit WorkerError(std::exception_ptr e) : error(std::move(e)) {}
  std::string type_name() const override { return "_WorkerError"; }
};

// What the worker functions are called with: fetch(dataset, index) -> sample;
// collate(loader, data, batched) -> batch; for an IterableDataset, make_iter(dataset) ->
// iterator. The pool keeps the main program's; each worker gets its own copy.
struct WorkerProgram {
  IValue fetch, collate, dataset, loader, init_fn, make_iter;
  GlobalsCopy globals;
};

// Tasks are index lists (or one index), results batches.
using Pool = data::WorkerPool<IValue, IValue>;

struct WorkerPool;
// The pools whose threads run: an interpreter stops its own before it frees its code
// (shutdown_worker_pools).
std::mutex g_live_mu;
std::vector<WorkerPool*> g_live;

struct WorkerPool : IValue::Object {
  Interp* interp = nullptr;
  WorkerProgram main;
  std::vector<WorkerProgram> programs;  // one per worker, copied before the threads start
  bool iterable = false, drop_last = false;
  int64_t base_seed = 0;
  int num_workers = 0;
  Pool pool;

  std::string type_name() const override { return "_WorkerPool"; }
  ~WorkerPool() override {
    pool.shutdown();  // the threads use `programs`: stop them first
    std::lock_guard<std::mutex> lock(g_live_mu);
    std::erase(g_live, this);
  }

  // Copies the program's state for every worker (here, on the main thread, while nothing else
  // runs script code on it), then starts the threads.
  void start() {
    for (int w = 0; w < num_workers; ++w) {
      ValueCopier copier(ValueCopier::Mode::Fork);
      WorkerProgram p;
      p.globals = interp->copy_globals(copier);
      for (auto [from, to] : {std::pair{&main.fetch, &p.fetch}, {&main.collate, &p.collate}, {&main.dataset, &p.dataset},
                              {&main.loader, &p.loader}, {&main.init_fn, &p.init_fn}, {&main.make_iter, &p.make_iter}})
        *to = copier.copy(*from);
      programs.push_back(std::move(p));
    }
    {
      std::lock_guard<std::mutex> lock(g_live_mu);
      g_live.push_back(this);
    }
    pool.start(num_workers, [this](int w) { run(w); });
  }

  // dataset[index] with a default generator of the sample's own, keyed by (base seed, index).
  IValue fetch_one(const WorkerProgram& p, const IValue& index) {
    int64_t i = index.is_int() ? index.to_int() : 0;
    Generator gen(data::sample_seed(base_seed, i));
    ThreadGeneratorScope scope(&gen);
    std::vector<IValue> args = {p.dataset, index};
    return interp->call_value(p.fetch, args);
  }
  // The next element of a worker's iterator, or nullopt at StopIteration.
  std::optional<IValue> next_of(const IValue& it) {
    std::vector<IValue> none;
    try {
      return interp->call_method(it, "__next__", none);
    } catch (ScriptError& e) {
      if (!e.is("StopIteration")) throw;
      return std::nullopt;
    }
  }

  void run(int w) {
    worker_ctx = {w, this};
    WorkerProgram& p = programs[size_t(w)];
    ThreadGlobalsScope globals_scope(&p.globals);
    // An IterableDataset worker draws from its own generator seeded base_seed + id, as a
    // PyTorch worker process does; map-style samples get one each (fetch_one).
    Generator worker_gen(uint64_t(base_seed + w));
    ThreadPythonRandom py_random(base_seed + w);  // the `random` module, seeded as PyTorch's workers
    std::optional<ThreadGeneratorScope> scope;
    if (iterable) scope.emplace(&worker_gen);
    IValue it;
    bool ended = false;
    std::exception_ptr start_error;
    try {
      if (!p.init_fn.is_none()) {
        std::vector<IValue> args = {IValue(int64_t(w))};
        interp->call_value(p.init_fn, args);
      }
      if (iterable) {
        std::vector<IValue> args = {p.dataset};
        it = interp->call_value(p.make_iter, args);
      }
    } catch (...) {
      start_error = std::current_exception();
    }
    while (std::optional<Pool::Task> task = pool.next_task(w)) {
      Pool::Result r;
      r.worker = w;
      try {
        if (start_error) std::rethrow_exception(start_error);
        std::optional<IValue> samples;
        if (!iterable) {
          if (task->batched) {
            std::vector<IValue> items;
            for (const IValue& idx : task->input.items()) items.push_back(fetch_one(p, idx));
            samples = IValue::list(std::move(items));
          } else {
            samples = fetch_one(p, task->input);
          }
        } else if (!ended) {
          // PyTorch's _IterableDatasetFetcher: a short last batch unless drop_last.
          if (task->batched) {
            std::vector<IValue> items;
            size_t want = task->input.items().size();
            while (items.size() < want) {
              std::optional<IValue> v = next_of(it);
              if (!v) {
                ended = true;
                break;
              }
              items.push_back(std::move(*v));
            }
            if (!items.empty() && !(drop_last && items.size() < want)) samples = IValue::list(std::move(items));
          } else {
            samples = next_of(it);
            if (!samples) ended = true;
          }
        }
        if (samples) {
          // A map-style batch's collate gets a generator keyed by its batch number.
          Generator batch_gen(data::batch_seed(base_seed, task->id));
          std::optional<ThreadGeneratorScope> batch_scope;
          if (!iterable) batch_scope.emplace(&batch_gen);
          std::vector<IValue> args = {p.loader, *samples, IValue(task->batched)};
          // A copy, so that the batch shares nothing with the worker's state.
          r.value = ValueCopier(ValueCopier::Mode::Fork).copy(interp->call_value(p.collate, args));
        } else {
          r.ended = true;
        }
      } catch (ScriptError& e) {
        // An exception object of the script's own class leaves as a copy, as batches do.
        if (!e.value.is_none()) e.value = ValueCopier(ValueCopier::Mode::Fork).copy(e.value);
        r.error = std::make_exception_ptr(e);
      } catch (...) {
        r.error = std::current_exception();
      }
      pool.finish(task->id, std::move(r));
    }
  }

  void submit(const IValue& indices, bool batched, int worker) {
    // The worker gets its own copy: the sampler may reuse its list.
    pool.submit(ValueCopier(ValueCopier::Mode::Fork).copy(indices), batched, worker);
  }
  // `timeout` > 0: seconds to wait for the batch (DataLoader(timeout=...)), else no limit.
  Pool::Result get(double timeout, const std::string& shown) {
    std::optional<Pool::Result> r = pool.get(timeout);
    if (!r) raise("RuntimeError", "DataLoader timed out after " + shown + " seconds");
    return std::move(*r);
  }
  void shutdown() { pool.shutdown(); }
};

WorkerPool& pool_of(const IValue& v) {
  auto* p = v.is_object() ? dynamic_cast<WorkerPool*>(v.object_ptr().get()) : nullptr;
  if (!p) raise("TypeError", "expected a DataLoader worker pool, not " + v.type_name());
  return *p;
}

int64_t int_of(const IValue& v, const char* what) {
  if (v.is_bool()) return v.to_bool();
  if (!v.is_int()) raise("TypeError", std::string("worker_pool(): ") + what + " must be int, not " + v.type_name());
  return v.to_int();
}

IValue error_value(const std::exception_ptr& e) {
  return e ? IValue(IValue::ObjectPtr(std::make_shared<WorkerError>(e))) : IValue();
}

// _ts.worker_pool(num_workers, fetch, collate, dataset, loader, base_seed, worker_init_fn,
//                 make_iter, drop_last): make_iter is None for a map-style dataset.
IValue w_pool(Interp& I, Args& a, const Kw&) {
  auto p = std::make_shared<WorkerPool>();
  p->interp = &I;
  p->num_workers = int(int_of(a[0], "num_workers"));
  if (p->num_workers <= 0) raise("ValueError", "worker_pool(): num_workers must be positive");
  p->main.fetch = a[1];
  p->main.collate = a[2];
  p->main.dataset = a[3];
  p->main.loader = a[4];
  p->base_seed = int_of(a[5], "base_seed");
  p->main.init_fn = a[6];
  p->main.make_iter = a.size() > 7 ? a[7] : IValue();
  p->iterable = !p->main.make_iter.is_none();
  p->drop_last = a.size() > 8 && a[8].is_bool() && a[8].to_bool();
  p->start();
  return IValue(IValue::ObjectPtr(p));
}
// _ts.worker_submit(pool, indices, batched, worker): worker -1 is task id % num_workers.
IValue w_submit(Interp&, Args& a, const Kw&) {
  bool batched = a.size() > 2 && a[2].is_bool() ? a[2].to_bool() : true;
  int worker = a.size() > 3 ? int(int_of(a[3], "worker")) : -1;
  pool_of(a[0]).submit(a[1], batched, worker);
  return IValue();
}
// _ts.worker_get(pool, timeout): (error, batch), the next batch in submission order. `error` is
// None, or the worker's exception for _ts.worker_reraise: the caller first asks for the next
// batch, as PyTorch's iterator does before it re-raises, so the pool keeps going.
double timeout_of(Args& a) { return a.size() > 1 && a[1].is_number() ? a[1].to_double() : 0; }
IValue w_get(Interp& I, Args& a, const Kw&) {
  auto r = pool_of(a[0]).get(timeout_of(a), a.size() > 1 ? py_str(I, a[1]) : "");
  return IValue::tuple({error_value(r.error), r.value});
}
// _ts.worker_get_iterable(pool, timeout): (worker id, ended, batch, error) for an
// IterableDataset pool.
IValue w_get_iterable(Interp& I, Args& a, const Kw&) {
  auto r = pool_of(a[0]).get(timeout_of(a), a.size() > 1 ? py_str(I, a[1]) : "");
  return IValue::tuple({IValue(int64_t(r.worker)), IValue(r.ended), r.value, error_value(r.error)});
}
// _ts.worker_reraise(error): raises a worker's exception, with its script traceback.
IValue w_reraise(Interp&, Args& a, const Kw&) {
  auto* e = a[0].is_object() ? dynamic_cast<WorkerError*>(a[0].object_ptr().get()) : nullptr;
  if (!e) raise("TypeError", "worker_reraise() expects a worker error, not " + a[0].type_name());
  std::rethrow_exception(e->error);
}
IValue w_shutdown(Interp&, Args& a, const Kw&) {
  pool_of(a[0]).shutdown();
  return IValue();
}
// _ts.worker_info(): None on other threads; in a worker, (id, num_workers, seed, dataset).
IValue w_info(Interp&, Args&, const Kw&) {
  if (worker_ctx.id < 0 || !worker_ctx.pool) return IValue();
  WorkerPool& p = *worker_ctx.pool;
  return IValue::tuple({IValue(int64_t(worker_ctx.id)), IValue(int64_t(p.num_workers)),
                        IValue(p.base_seed + worker_ctx.id), p.programs[size_t(worker_ctx.id)].dataset});
}

}  // namespace

void shutdown_worker_pools(const Interp& I) {
  std::vector<WorkerPool*> mine;
  {
    std::lock_guard<std::mutex> lock(g_live_mu);
    for (WorkerPool* p : g_live)
      if (p->interp == &I) mine.push_back(p);
  }
  // Only the interpreter's own thread frees a pool, and it is here: none goes away meanwhile.
  for (WorkerPool* p : mine) p->shutdown();
}

void add_worker_builtins(std::map<std::string, BuiltinFn>& table) {
  table["_ts.worker_pool"] = w_pool;
  table["_ts.worker_submit"] = w_submit;
  table["_ts.worker_get"] = w_get;
  table["_ts.worker_get_iterable"] = w_get_iterable;
  table["_ts.worker_shutdown"] = w_shutdown;
  table["_ts.worker_info"] = w_info;
  table["_ts.worker_reraise"] = w_reraise;
}

}  // namespace ts::runtime
