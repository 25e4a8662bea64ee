// The DataLoader's worker pool (README.md, Note [Worker threads]): threads with one task queue
// each; tasks numbered in submission order and queued round robin over the workers (or to a
// chosen one), results taken back in submission order; and the seeds that make each sample's
// and each batch's randomness independent of which worker runs it. What a worker does with a
// task is the caller's: src/runtime/data_workers.cpp runs the script's fetch and collate
// functions in it.
#pragma once

#include <omp.h>

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "tensor/random.h"
#include "util/error.h"

namespace ts::data {

// splitmix64's output function: a well-mixed 64-bit key.
inline uint64_t splitmix64(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}
// The seed of the generator map-style sample `index` is fetched with, in an epoch whose base
// seed is `base_seed`.
inline uint64_t sample_seed(int64_t base_seed, int64_t index) {
  return splitmix64(uint64_t(base_seed) ^ splitmix64(uint64_t(index)));
}
// The seed of the generator batch number `task` of a map-style dataset is collated with.
inline uint64_t batch_seed(int64_t base_seed, int64_t task) {
  return splitmix64(uint64_t(base_seed) ^ ~splitmix64(uint64_t(task)));
}

// Makes `g` the calling thread's default generator until the scope ends (also on exceptions).
struct ThreadGeneratorScope {
  explicit ThreadGeneratorScope(Generator* g) { set_thread_default_generator(g); }
  ~ThreadGeneratorScope() { set_thread_default_generator(nullptr); }
  ThreadGeneratorScope(const ThreadGeneratorScope&) = delete;
  ThreadGeneratorScope& operator=(const ThreadGeneratorScope&) = delete;
};

// Tasks carry an `In` (the indices), results an `Out` (the batch) or the worker's exception.
template <typename In, typename Out>
class WorkerPool {
 public:
  struct Task {
    int64_t id;
    In input;
    bool batched;
  };
  struct Result {
    Out value{};
    std::exception_ptr error;
    int worker = 0;
    bool ended = false;  // an IterableDataset worker whose iterator is exhausted
  };

  WorkerPool() = default;
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;
  ~WorkerPool() { shutdown(); }

  int num_workers() const { return num_workers_; }

  // Starts `n` threads; thread w runs body(w), which takes tasks with next_task(w) and hands
  // each result to finish(). Each runs ops single-threaded (PyTorch's worker processes do too):
  // the workers load in parallel.
  void start(int n, std::function<void(int)> body) {
    num_workers_ = n;
    queues_.resize(size_t(n));
    for (int w = 0; w < n; ++w)
      threads_.emplace_back([body, w] {
        omp_set_num_threads(1);
        body(w);
      });
  }
  // Worker w's next task, waiting for one; nullopt once the pool is shut down.
  std::optional<Task> next_task(int w) {
    std::unique_lock<std::mutex> lock(mu_);
    auto& q = queues_[size_t(w)];
    task_cv_.wait(lock, [this, &q] { return stop_ || !q.empty(); });
    if (stop_) return std::nullopt;
    Task t = std::move(q.front());
    q.pop_front();
    return t;
  }
  void finish(int64_t id, Result r) {
    {
      std::lock_guard<std::mutex> lock(mu_);
      results_[id] = std::move(r);
    }
    done_cv_.notify_all();
  }
  // Queues the next task for worker `worker % n`, or for worker `id % n` when `worker` < 0.
  void submit(In input, bool batched, int worker) {
    {
      std::lock_guard<std::mutex> lock(mu_);
      TS_CHECK(!stop_, "DataLoader worker pool is shut down");
      const int64_t id = next_submit_++;
      const int w = worker >= 0 ? worker % num_workers_ : int(id % num_workers_);
      queues_[size_t(w)].push_back({id, std::move(input), batched});
    }
    task_cv_.notify_all();
  }
  // The result of the oldest task not taken yet, waiting for it: at most `timeout` seconds when
  // `timeout` > 0 (nullopt when it runs out), else without limit.
  std::optional<Result> get(double timeout) {
    std::unique_lock<std::mutex> lock(mu_);
    TS_CHECK(next_get_ < next_submit_, "DataLoader worker pool: no batch was submitted");
    auto ready = [this] { return results_.count(next_get_) > 0; };
    if (timeout > 0 && !done_cv_.wait_for(lock, std::chrono::duration<double>(timeout), ready))
      return std::nullopt;
    done_cv_.wait(lock, ready);
    Result r = std::move(results_[next_get_]);
    results_.erase(next_get_);
    ++next_get_;
    return r;
  }
  // Drops the queued tasks and joins the threads (a task running finishes first).
  void shutdown() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      stop_ = true;
      for (auto& q : queues_) q.clear();
    }
    task_cv_.notify_all();
    for (auto& t : threads_)
      if (t.joinable()) t.join();
    threads_.clear();
  }

 private:
  int num_workers_ = 0;
  std::vector<std::thread> threads_;
  std::mutex mu_;
  std::condition_variable task_cv_, done_cv_;
  std::vector<std::deque<Task>> queues_;
  std::map<int64_t, Result> results_;
  int64_t next_submit_ = 0, next_get_ = 0;
  bool stop_ = false;
};

}  // namespace ts::data
