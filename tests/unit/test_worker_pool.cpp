// src/data/worker_pool.h: the DataLoader's worker pool engine. Tasks go round robin over the
// workers (or to a chosen one) and results come back in submission order whatever order the
// workers finish in, with a worker's exception in its own result; a timeout gives nothing back;
// asking for a batch never submitted is an error. (The script-level behaviour, batches and seeds
// compared with PyTorch's DataLoader, is tested by tests/parity/cases/data_*.ts.)
#include <doctest/doctest.h>

#include <chrono>
#include <stdexcept>
#include <string>
#include <thread>

#include "data/worker_pool.h"

using namespace ts;

namespace {

using Pool = data::WorkerPool<int, int>;

// Worker body: task input x gives 10 * x, after sleeping longer for earlier tasks, so that the
// workers finish out of order; input -1 throws.
void square_worker(Pool& pool, int w) {
  while (auto task = pool.next_task(w)) {
    Pool::Result r;
    r.worker = w;
    std::this_thread::sleep_for(std::chrono::milliseconds(task->input >= 0 ? 2 * (6 - task->input % 6) : 1));
    try {
      if (task->input < 0) throw std::runtime_error("bad sample");
      r.value = 10 * task->input;
    } catch (...) {
      r.error = std::current_exception();
    }
    pool.finish(task->id, std::move(r));
  }
}

}  // namespace

TEST_CASE("worker pool: results in submission order, round robin over the workers") {
  Pool pool;
  pool.start(3, [&pool](int w) { square_worker(pool, w); });
  for (int i = 0; i < 12; ++i) pool.submit(i, true, -1);
  for (int i = 0; i < 12; ++i) {
    auto r = pool.get(0);
    REQUIRE(r);
    CHECK(r->value == 10 * i);
    CHECK(r->worker == i % 3);
    CHECK_FALSE(r->error);
  }
  pool.submit(7, true, 5);  // to worker 5 % 3
  auto r = pool.get(0);
  REQUIRE(r);
  CHECK(r->worker == 2);
  CHECK(r->value == 70);
}

TEST_CASE("worker pool: a worker's exception comes back with its batch, the next batches too") {
  Pool pool;
  pool.start(2, [&pool](int w) { square_worker(pool, w); });
  pool.submit(1, true, -1);
  pool.submit(-1, true, -1);
  pool.submit(3, true, -1);
  CHECK(pool.get(0)->value == 10);
  auto bad = pool.get(0);
  REQUIRE(bad);
  REQUIRE(bad->error);
  CHECK_THROWS_WITH_AS(std::rethrow_exception(bad->error), "bad sample", std::runtime_error);
  CHECK(pool.get(0)->value == 30);
}

TEST_CASE("worker pool: timeout, nothing submitted, shut down") {
  Pool pool;
  pool.start(1, [&pool](int w) {
    while (auto task = pool.next_task(w)) {
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
      pool.finish(task->id, Pool::Result{task->input, nullptr, w, false});
    }
  });
  CHECK_THROWS_WITH_AS(pool.get(0), "DataLoader worker pool: no batch was submitted", Error);
  pool.submit(4, true, -1);
  CHECK_FALSE(pool.get(0.01));  // not ready within 10 ms
  auto r = pool.get(0);          // then waits for it
  REQUIRE(r);
  CHECK(r->value == 4);
  pool.shutdown();
  CHECK_THROWS_WITH_AS(pool.submit(5, true, -1), "DataLoader worker pool is shut down", Error);
}
