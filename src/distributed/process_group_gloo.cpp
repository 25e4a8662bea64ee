// ProcessGroupGloo (process_group_gloo.h): rendezvous over our Store, one worker thread running
// the collectives in issue order, gloo's options-style algorithms with our own reduce functions,
// and the error rules of src/distributed/README.md, Note [Process groups].
#include "distributed/process_group_gloo.h"

#include <gloo/allgather.h>
#include <gloo/allreduce.h>
#include <gloo/alltoallv.h>
#include <gloo/barrier.h>
#include <gloo/broadcast.h>
#include <gloo/gather.h>
#include <gloo/reduce.h>
#include <gloo/rendezvous/context.h>
#include <gloo/scatter.h>

#include <atomic>
#include <condition_variable>
#include <deque>
#include <map>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>

#include "distributed/forensics.h"
#include "distributed/gloo_buffers.h"
#include "distributed/gloo_reduce.h"
#include "distributed/gloo_rendezvous.h"
#include "distributed/gloo_work.h"
#include "util/error.h"

namespace ts::distributed {

using namespace gloo_impl;

namespace {

// ---------------------------------------------------------------------------------------------
// Descriptions and argument checks.

std::string describe(const Tensor& t) { return util::str(a_dtype(t.dtype()), " tensor of shape ", shape_str(t.sizes())); }
// "1 tensor", "3 tensors".
std::string tensors(size_t n) { return util::str(n, n == 1 ? " tensor" : " tensors"); }

std::string describe(const std::vector<Tensor>& ts, const char* what) {
  if (ts.empty()) return util::str("no ", what, " tensors");
  return util::str(ts.size(), " ", what, " tensors like ", describe(ts[0]));
}

void check_tensor(const char* fn, const Tensor& t, const char* what) {
  TS_CHECK(t.defined(), "ProcessGroupGloo::", fn, ": the ", what, " tensor is undefined");
  TS_CHECK(t.device().is_cpu(), "ProcessGroupGloo::", fn, ": the ", what,
           " tensor must be on the CPU (the gloo backend runs on CPU tensors)");
}

void check_same(const char* fn, const Tensor& ref, const Tensor& t, const char* what, size_t i) {
  check_tensor(fn, t, what);
  TS_CHECK(t.dtype() == ref.dtype(), "ProcessGroupGloo::", fn, ": invalid tensor type at index ", i,
           " of the ", what, " list (expected ", dtype_name(ref.dtype()), ", got ", dtype_name(t.dtype()), ")");
  TS_CHECK(t.sizes() == ref.sizes(), "ProcessGroupGloo::", fn, ": invalid tensor size at index ", i, " of the ", what,
           " list (expected ", shape_str(ref.sizes()), ", got ", shape_str(t.sizes()), ")");
}

void check_list(const char* fn, const std::vector<Tensor>& ts, const Tensor& ref, int size, const char* what) {
  TS_CHECK(int64_t(ts.size()) == size, "ProcessGroupGloo::", fn, ": the ", what, " list has ", tensors(ts.size()),
           "; it must have one per rank of the group (", size, ")");
  for (size_t i = 0; i < ts.size(); ++i) check_same(fn, ref, ts[i], what, i);
}

void check_root(const char* fn, int root, int size) {
  TS_CHECK(root >= 0 && root < size, "ProcessGroupGloo::", fn, ": invalid root rank: ", root,
           " (the group has ranks 0 to ", size - 1, ")");
}

void check_op(const char* fn, ReduceOp op, DType dtype) {
  bool bitwise = op == ReduceOp::BAND || op == ReduceOp::BOR || op == ReduceOp::BXOR;
  TS_CHECK(!bitwise || is_integral(dtype, /*include_bool=*/true), "ProcessGroupGloo::", fn, ": cannot use ReduceOp.",
           reduce_op_name(op), " with non-integral dtype ", dtype_name(dtype));
  TS_CHECK(op != ReduceOp::AVG || is_floating(dtype), "ProcessGroupGloo::", fn,
           ": cannot use ReduceOp.AVG with integral dtype ", dtype_name(dtype),
           " (an average needs a floating point tensor)");
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// The group.

namespace {
// Note [Hang forensics]: how often a rank's watchdog asks the store whether another rank failed,
// and how long a failing rank waits for the others' states.
constexpr Millis kWatchdogPoll{250};
constexpr Millis kForensicsWait{2000};
}  // namespace

struct ProcessGroupGloo::Impl {
  std::string address;
  std::shared_ptr<gloo::transport::Device> device;
  std::shared_ptr<gloo::Context> context;
  std::shared_ptr<Health> health = std::make_shared<Health>();

  int rank = 0, size = 0;
  std::shared_ptr<Store> store;
  std::string forensics_prefix;  // the group's keys for Note [Hang forensics]

  std::mutex mu;
  std::condition_variable cv;
  std::deque<std::shared_ptr<CollectiveWork>> queue;
  bool stop = false;
  uint64_t issued = 0;  // collectives issued: the next one's sequence number - 1
  std::shared_ptr<CollectiveWork> running;  // the collective the worker runs now
  std::shared_ptr<const Issued> last = std::make_shared<Issued>();  // the last collective issued
  std::thread worker;

  // Hang forensics: the watchdog publishes this rank's state once another rank reported a
  // failure; `published` makes that happen once.
  std::thread watchdog;
  std::atomic<bool> published{false};

  // Point-to-point: the message numbers of the sends per (destination, tag), and the recvs'
  // threads (joined when their recv is done, at the latest by the destructor).
  std::mutex p2p_mu;
  std::map<std::pair<int, int>, uint64_t> sent;
  std::vector<std::pair<std::shared_ptr<RecvWork>, std::thread>> recvs;

  void start_recv(const std::shared_ptr<RecvWork>& w, int tag) {
    std::lock_guard<std::mutex> g(p2p_mu);
    for (size_t i = 0; i < recvs.size();) {
      if (recvs[i].first->is_completed()) {
        recvs[i].second.join();
        recvs.erase(recvs.begin() + long(i));
      } else {
        ++i;
      }
    }
    std::shared_ptr<gloo::Context> ctx = context;
    recvs.emplace_back(w, std::thread([w, ctx, tag] { w->run(*ctx, tag); }));
  }
  uint64_t next_send(int dst, int tag) {
    std::lock_guard<std::mutex> g(p2p_mu);
    return sent[{dst, tag}]++;
  }

  void work_loop() {
    for (;;) {
      std::shared_ptr<CollectiveWork> w;
      {
        std::unique_lock<std::mutex> lk(mu);
        cv.wait(lk, [&] { return stop || !queue.empty(); });
        if (queue.empty()) return;
        w = std::move(queue.front());
        queue.pop_front();
        running = w;
      }
      std::string first = health->state();
      if (!first.empty()) {
        w->drop();
        w->finish(broken_message(w->what(), first));
        std::lock_guard<std::mutex> g(mu);
        running.reset();
        continue;
      }
      std::string reason = w->run();
      if (reason.empty()) {
        w->finish("");
      } else {
        // The first failure of the group: every rank's state goes into its message.
        std::string message = health->state().empty() ? report(*w, reason)
                                                      : util::str("ProcessGroupGloo: ", w->what(), " failed: ", reason);
        health->fail(util::str(w->what(), " failed: ", reason));
        w->finish(message);
      }
      std::lock_guard<std::mutex> g(mu);
      running.reset();
    }
  }

  // ---- Note [Hang forensics] ----

  std::string failed_key() const { return forensics_prefix + "failed"; }
  std::string state_key(int r) const { return util::str(forensics_prefix, "rank", r); }

  // This rank's state: the collective it is in (the running one, else the first queued), else
  // the last it issued.
  RankState state() {
    RankState st;
    st.rank = rank;
    std::lock_guard<std::mutex> g(mu);
    const Issued* i = last.get();
    if (running) i = &running->issued();
    else if (!queue.empty()) i = &queue.front()->issued();
    st.in_collective = running || !queue.empty();
    st.seq = int64_t(i->seq);
    st.collective = i->collective;
    st.fingerprint = i->fingerprint;
    st.site = i->site.str();
    return st;
  }

  // The watchdog publishes this rank's state once (a store that fails is left alone: the
  // report then lacks it).
  void publish() {
    if (published.exchange(true)) return;
    try {
      store->set(state_key(rank), state().encode());
    } catch (...) {
    }
  }

  // The message of `w`'s failure: publishes this rank's state, tells the other ranks (their
  // watchdogs publish theirs) and waits briefly for them.
  std::string report(const CollectiveWork& w, const std::string& reason) {
    std::vector<std::optional<RankState>> states(static_cast<size_t>(size));
    // This rank's own state is read here, not from the store: the watchdog may have published
    // an older one (a rank that was outside the collectives when another rank failed).
    states[size_t(rank)] = state();
    try {
      published = true;
      store->set(state_key(rank), states[size_t(rank)]->encode());
      store->add(failed_key(), 1);
      auto deadline = std::chrono::steady_clock::now() + kForensicsWait;
      std::vector<bool> have(size_t(size), false);
      have[size_t(rank)] = true;
      for (;;) {
        bool all = true;
        for (int r = 0; r < size; ++r) {
          if (have[size_t(r)]) continue;
          if (store->check({state_key(r)})) {
            have[size_t(r)] = true;
            states[size_t(r)] = RankState::decode(store->get_string(state_key(r)));
          } else {
            all = false;
          }
        }
        if (all || std::chrono::steady_clock::now() >= deadline) break;
        std::this_thread::sleep_for(Millis{50});
      }
    } catch (const std::exception& e) {
      // The store is gone (its host exited): report what this rank knows.
      states.assign(size_t(size), std::nullopt);
      states[size_t(rank)] = state();
      return util::str(hang_report(w.what(), reason, int64_t(w.issued().seq), w.issued().fingerprint, states),
                       "\n  (the other ranks' states are unknown: the group's store failed: ", e.what(), ")");
    }
    // The ranks that report this failure too read the states before this one may leave (its
    // process may host the store).
    int64_t readers = 0;
    for (const auto& st : states) readers += st && st->in_collective ? 1 : 0;
    try {
      auto deadline = std::chrono::steady_clock::now() + kForensicsWait;
      int64_t done = store->add(forensics_prefix + "read", 1);
      while (done < readers && std::chrono::steady_clock::now() < deadline) {
        std::this_thread::sleep_for(Millis{20});
        done = store->add(forensics_prefix + "read", 0);
      }
    } catch (...) {
    }
    return hang_report(w.what(), reason, int64_t(w.issued().seq), w.issued().fingerprint, states);
  }

  // The watchdog: every kWatchdogPoll, whether another rank reported a failure; then publishes.
  void watch() {
    std::unique_lock<std::mutex> lk(mu);
    while (!stop) {
      cv_watch.wait_for(lk, kWatchdogPoll, [&] { return stop; });
      if (stop || published.load()) break;
      lk.unlock();
      bool failed = false;
      try {
        failed = store->check({failed_key()});
      } catch (...) {
        lk.lock();
        break;  // the store is gone: nobody will ask
      }
      if (failed) publish();
      lk.lock();
    }
  }
  std::condition_variable cv_watch;

  // Queues a collective; `body` gets its tag (unique within the group and carrying the
  // collective's fingerprint) and the group's timeout as it was when the collective was issued.
  WorkPtr enqueue(const char* name, const std::string& desc, uint32_t fingerprint, Millis timeout,
                  std::vector<Tensor> outputs, std::function<void(uint32_t tag, Millis timeout)> body) {
    TS_CHECK(timeout.count() > 0, "ProcessGroupGloo::", name, ": the group's timeout must be positive, got ",
             timeout.count(), " ms");
    CallSite site = current_call_site();
    std::unique_lock<std::mutex> lk(mu);
    uint64_t seq = ++issued;
    std::string what = desc.empty() ? util::str(name, " #", seq) : util::str(name, " #", seq, " on ", desc);
    last = std::make_shared<const Issued>(Issued{seq, std::move(what), fingerprint, site});
    // The low byte numbers the collective, the rest is its fingerprint (Note [Hang forensics]).
    auto tag = uint32_t((fingerprint << 8) | (seq & 0xff));
    auto w = std::make_shared<CollectiveWork>(last, std::move(outputs),
                                              [body = std::move(body), tag, timeout] { body(tag, timeout); });
    std::string first = health->state();
    if (!first.empty()) {
      w->drop();
      w->finish(broken_message(w->what(), first));
      return w;
    }
    queue.push_back(w);
    lk.unlock();
    cv.notify_one();
    return w;
  }
};

namespace {

using Ctx = std::shared_ptr<gloo::Context>;

// The fingerprints of the collectives (Note [Hang forensics]): the algorithm gloo runs, the
// element type, the elements each rank contributes, the root and the reduce op.
uint32_t fingerprint(const char* algorithm, DType dtype, int64_t numel, int root = -1, int op = -1) {
  return collective_fingerprint(algorithm, int(dtype), numel, root, op);
}

// The element type gloo's setters are given (only its size matters).
#define TS_GLOO_CARRIER(dtype, ...) \
  with_carrier(element_size(dtype), [&](auto carrier_) { using C = typename decltype(carrier_)::type; __VA_ARGS__ })

void run_allreduce(const Ctx& ctx, char* data, size_t n, DType dtype, ReduceOp op, uint32_t tag, Millis timeout) {
  if (n == 0) return;
  gloo::AllreduceOptions o(ctx);
  TS_GLOO_CARRIER(dtype, o.setOutput<C>(reinterpret_cast<C*>(data), n););
  o.setReduceFunction(reduce_fn(dtype, op));
  o.setTag(tag);
  o.setTimeout(timeout);
  gloo::allreduce(o);
  if (op == ReduceOp::AVG) divide(data, dtype, n, ctx->size);
}

void run_allgather(const Ctx& ctx, const char* in, char* out, size_t n, DType dtype, uint32_t tag, Millis timeout) {
  if (n == 0) return;
  gloo::AllgatherOptions o(ctx);
  TS_GLOO_CARRIER(dtype, {
    o.setInput<C>(reinterpret_cast<C*>(const_cast<char*>(in)), n);
    o.setOutput<C>(reinterpret_cast<C*>(out), n * size_t(ctx->size));
  });
  o.setTag(tag);
  o.setTimeout(timeout);
  gloo::allgather(o);
}

// Sends send_counts[i] elements of `in` to rank i and receives recv_counts[i] from it.
void run_alltoallv(const Ctx& ctx, const char* in, std::vector<int64_t> send_counts, char* out,
                   std::vector<int64_t> recv_counts, DType dtype, uint32_t tag, Millis timeout) {
  // Every rank takes part, also one that sends and receives nothing (gloo still exchanges with
  // it); gloo wants a buffer even then.
  char dummy[8];
  gloo::AlltoallvOptions o(ctx);
  TS_GLOO_CARRIER(dtype, {
    o.setInput<C>(reinterpret_cast<C*>(in ? const_cast<char*>(in) : dummy), std::move(send_counts));
    o.setOutput<C>(reinterpret_cast<C*>(out ? out : dummy), std::move(recv_counts));
  });
  o.setTag(tag);
  o.setTimeout(timeout);
  gloo::alltoallv(o);
}

}  // namespace

ProcessGroupGloo::ProcessGroupGloo(std::shared_ptr<Store> store, int rank, int size, Millis timeout)
    : ProcessGroup(rank, size), impl_(std::make_unique<Impl>()) {
  TS_CHECK(store != nullptr, "ProcessGroupGloo: the store is None");
  TS_CHECK(size >= 1, "ProcessGroupGloo: the group size must be at least 1, got ", size);
  TS_CHECK(rank >= 0 && rank < size, "ProcessGroupGloo: invalid rank ", rank, " for a group of size ", size,
           " (ranks are 0 to ", size - 1, ")");
  TS_CHECK(timeout.count() > 0, "ProcessGroupGloo: the timeout must be positive, got ", timeout.count(), " ms");
  timeout_ = timeout;
  // The n-th group a rank makes on a store meets the n-th group of every other rank (ranks make
  // their groups in the same order, as torch.distributed requires).
  int64_t n = store->add(util::str("ts_gloo/rank", rank, "/groups"), 1);
  std::string prefix = util::str("ts_gloo/group", n, "/");
  impl_->device = make_device(impl_->address);
  store->set(util::str(prefix, "joined/", rank), std::string("1"));
  auto ctx = std::make_shared<gloo::rendezvous::Context>(rank, size);
  ctx->setTimeout(timeout);
  StoreAdapter adapter(store, prefix + "gloo/", timeout);
  try {
    ctx->connectFullMesh(adapter, impl_->device);
  } catch (...) {
    std::string reason = current_reason();
    std::string missing;
    int n_missing = 0;
    try {
      for (int r = 0; r < size; ++r) {
        if (store->check({util::str(prefix, "joined/", r)})) continue;
        missing += util::str(n_missing++ ? ", " : "", r);
      }
    } catch (...) {
      missing.clear();  // the store itself failed: the reason says so
      n_missing = 0;
    }
    TS_ERROR("ProcessGroupGloo: rank ", rank, " of a group of ", size, " could not connect to its peers within ",
             timeout.count(), " ms", n_missing ? util::str(" (rank", n_missing > 1 ? "s " : " ", missing,
                                                           n_missing > 1 ? " never joined)" : " never joined)")
                                                : std::string(),
             ": ", reason);
  }
  impl_->context = ctx;
  impl_->rank = rank;
  impl_->size = size;
  impl_->store = store;
  impl_->forensics_prefix = prefix + "forensics/";
  impl_->worker = std::thread([impl = impl_.get()] { impl->work_loop(); });
  if (size > 1) impl_->watchdog = std::thread([impl = impl_.get()] { impl->watch(); });
}

ProcessGroupGloo::~ProcessGroupGloo() {
  {
    std::lock_guard<std::mutex> g(impl_->mu);
    impl_->stop = true;
  }
  impl_->cv.notify_all();
  impl_->cv_watch.notify_all();
  if (impl_->worker.joinable()) impl_->worker.join();
  if (impl_->watchdog.joinable()) impl_->watchdog.join();
  // Pending recvs stop waiting (their works fail, saying why).
  std::lock_guard<std::mutex> g(impl_->p2p_mu);
  for (auto& [w, thread] : impl_->recvs) {
    w->abort();
    thread.join();
  }
}

const std::string& ProcessGroupGloo::address() const { return impl_->address; }

WorkPtr ProcessGroupGloo::allreduce(const Tensor& t, ReduceOp op) {
  check_tensor("allreduce", t, "input");
  check_op("allreduce", op, t.dtype());
  Ctx ctx = impl_->context;
  return impl_->enqueue("allreduce", describe(t), fingerprint("allreduce", t.dtype(), t.numel(), -1, int(op)), timeout_, {t}, [ctx, t, op](uint32_t tag, Millis timeout) {
    Flat f(t, /*read=*/true);
    run_allreduce(ctx, f.data, f.numel(), t.dtype(), op, tag, timeout);
    f.write_back();
  });
}

WorkPtr ProcessGroupGloo::broadcast(const Tensor& t, int root) {
  check_tensor("broadcast", t, "input");
  check_root("broadcast", root, size_);
  Ctx ctx = impl_->context;
  bool is_root = rank_ == root;
  return impl_->enqueue("broadcast", describe(t), fingerprint("broadcast", t.dtype(), t.numel(), root), timeout_, {t}, [ctx, t, root, is_root](uint32_t tag, Millis timeout) {
    Flat f(t, /*read=*/is_root);
    if (f.numel() == 0) return;
    gloo::BroadcastOptions o(ctx);
    TS_GLOO_CARRIER(t.dtype(), o.setOutput<C>(reinterpret_cast<C*>(f.data), f.numel()););
    o.setRoot(root);
    o.setTag(tag);
    o.setTimeout(timeout);
    gloo::broadcast(o);
    if (!is_root) f.write_back();
  });
}

WorkPtr ProcessGroupGloo::reduce(const Tensor& t, int root, ReduceOp op) {
  check_tensor("reduce", t, "input");
  check_root("reduce", root, size_);
  check_op("reduce", op, t.dtype());
  Ctx ctx = impl_->context;
  bool is_root = rank_ == root;
  return impl_->enqueue("reduce", describe(t), fingerprint("reduce", t.dtype(), t.numel(), root, int(op)), timeout_, {t}, [ctx, t, root, op, is_root](uint32_t tag, Millis timeout) {
    // Other ranks reduce in a copy: their tensor keeps its value.
    Flat f(t, /*read=*/true, /*own=*/!is_root);
    if (f.numel() == 0) return;
    gloo::ReduceOptions o(ctx);
    TS_GLOO_CARRIER(t.dtype(), o.setOutput<C>(reinterpret_cast<C*>(f.data), f.numel()););
    o.setRoot(root);
    o.setReduceFunction(reduce_fn(t.dtype(), op));
    o.setTag(tag);
    o.setTimeout(timeout);
    gloo::reduce(o);
    if (is_root) {
      if (op == ReduceOp::AVG) divide(f.data, t.dtype(), f.numel(), ctx->size);
      f.write_back();
    }
  });
}

WorkPtr ProcessGroupGloo::allgather(const std::vector<Tensor>& outputs, const Tensor& input) {
  check_tensor("allgather", input, "input");
  check_list("allgather", outputs, input, size_, "output");
  Ctx ctx = impl_->context;
  return impl_->enqueue("allgather", describe(input), fingerprint("allgather", input.dtype(), input.numel()), timeout_, outputs,
                        [ctx, outputs, input](uint32_t tag, Millis timeout) {
                          Flat in(input, /*read=*/true);
                          std::vector<char> out(in.t.nbytes() * outputs.size());
                          run_allgather(ctx, in.data, out.data(), in.numel(), input.dtype(), tag, timeout);
                          split_into(out, outputs);
                        });
}

WorkPtr ProcessGroupGloo::allgather_into_tensor(const Tensor& output, const Tensor& input) {
  check_tensor("allgather_into_tensor", input, "input");
  check_tensor("allgather_into_tensor", output, "output");
  TS_CHECK(output.dtype() == input.dtype(), "ProcessGroupGloo::allgather_into_tensor: the output tensor (",
           dtype_name(output.dtype()), ") and the input tensor (", dtype_name(input.dtype()),
           ") must have the same dtype");
  TS_CHECK(output.numel() == input.numel() * size_, "ProcessGroupGloo::allgather_into_tensor: output tensor size (",
           output.numel(), " elements) must be equal to world_size (", size_, ") times input tensor size (",
           input.numel(), " elements)");
  Ctx ctx = impl_->context;
  return impl_->enqueue("allgather_into_tensor", describe(input),
                        fingerprint("allgather", input.dtype(), input.numel()), timeout_, {output},
                        [ctx, output, input](uint32_t tag, Millis timeout) {
                          // The output gets its own buffer when it overlaps the input.
                          bool overlap = output.impl()->storage().get() == input.impl()->storage().get();
                          Flat in(input, /*read=*/true, /*own=*/overlap);
                          Flat out(output, /*read=*/false);
                          run_allgather(ctx, in.data, out.data, in.numel(), input.dtype(), tag, timeout);
                          out.write_back();
                        });
}

WorkPtr ProcessGroupGloo::gather(const std::vector<Tensor>& outputs, const Tensor& input, int root) {
  check_tensor("gather", input, "input");
  check_root("gather", root, size_);
  bool is_root = rank_ == root;
  if (is_root) {
    check_list("gather", outputs, input, size_, "output");
  } else {
    TS_CHECK(outputs.empty(), "ProcessGroupGloo::gather: only the root (rank ", root,
             ") takes an output list; rank ", rank_, " got ", tensors(outputs.size()));
  }
  Ctx ctx = impl_->context;
  return impl_->enqueue("gather", describe(input), fingerprint("gather", input.dtype(), input.numel(), root), timeout_, outputs,
                        [ctx, outputs, input, root, is_root](uint32_t tag, Millis timeout) {
                          Flat in(input, /*read=*/true);
                          if (in.numel() == 0) return;
                          std::vector<char> out(is_root ? in.t.nbytes() * size_t(ctx->size) : 0);
                          gloo::GatherOptions o(ctx);
                          TS_GLOO_CARRIER(input.dtype(), {
                            o.setInput<C>(reinterpret_cast<C*>(in.data), in.numel());
                            if (is_root) o.setOutput<C>(reinterpret_cast<C*>(out.data()), out.size() / sizeof(C));
                          });
                          o.setRoot(root);
                          o.setTag(tag);
                          o.setTimeout(timeout);
                          gloo::gather(o);
                          if (is_root) split_into(out, outputs);
                        });
}

WorkPtr ProcessGroupGloo::scatter(const Tensor& output, const std::vector<Tensor>& inputs, int root) {
  check_tensor("scatter", output, "output");
  check_root("scatter", root, size_);
  bool is_root = rank_ == root;
  if (is_root) {
    check_list("scatter", inputs, output, size_, "input");
  } else {
    TS_CHECK(inputs.empty(), "ProcessGroupGloo::scatter: only the root (rank ", root,
             ") takes an input list; rank ", rank_, " got ", tensors(inputs.size()));
  }
  Ctx ctx = impl_->context;
  return impl_->enqueue("scatter", describe(output), fingerprint("scatter", output.dtype(), output.numel(), root), timeout_, {output},
                        [ctx, output, inputs, root, is_root](uint32_t tag, Millis timeout) {
                          if (output.numel() == 0) return;
                          std::vector<char> in = concat(inputs);
                          Flat out(output, /*read=*/false);
                          size_t n = out.numel();
                          gloo::ScatterOptions o(ctx);
                          TS_GLOO_CARRIER(output.dtype(), {
                            if (is_root) {
                              std::vector<C*> ptrs;
                              for (size_t i = 0; i < inputs.size(); ++i)
                                ptrs.push_back(reinterpret_cast<C*>(in.data()) + i * n);
                              o.setInputs<C>(ptrs, n);
                            }
                            o.setOutput<C>(reinterpret_cast<C*>(out.data), n);
                          });
                          o.setRoot(root);
                          o.setTag(tag);
                          o.setTimeout(timeout);
                          gloo::scatter(o);
                          out.write_back();
                        });
}

// Reduce-scatter is an allreduce of the whole buffer of which each rank keeps its part (gloo has
// no options-style reduce_scatter; README, Note [Process groups]).
WorkPtr ProcessGroupGloo::reduce_scatter(const Tensor& output, const std::vector<Tensor>& inputs, ReduceOp op) {
  check_tensor("reduce_scatter", output, "output");
  check_list("reduce_scatter", inputs, output, size_, "input");
  check_op("reduce_scatter", op, output.dtype());
  Ctx ctx = impl_->context;
  int rank = rank_;
  return impl_->enqueue("reduce_scatter", describe(output),
                        fingerprint("allreduce", output.dtype(), output.numel() * size_, -1, int(op)), timeout_, {output},
                        [ctx, output, inputs, op, rank](uint32_t tag, Millis timeout) {
                          std::vector<char> buf = concat(inputs);
                          size_t n = size_t(output.numel());
                          run_allreduce(ctx, buf.data(), n * inputs.size(), output.dtype(), op, tag, timeout);
                          unpack(buf.data() + output.nbytes() * size_t(rank), output);
                        });
}

WorkPtr ProcessGroupGloo::reduce_scatter_tensor(const Tensor& output, const Tensor& input, ReduceOp op) {
  check_tensor("reduce_scatter_tensor", input, "input");
  check_tensor("reduce_scatter_tensor", output, "output");
  TS_CHECK(output.dtype() == input.dtype(), "ProcessGroupGloo::reduce_scatter_tensor: the output tensor (",
           dtype_name(output.dtype()), ") and the input tensor (", dtype_name(input.dtype()),
           ") must have the same dtype");
  TS_CHECK(input.numel() == output.numel() * size_, "ProcessGroupGloo::reduce_scatter_tensor: input tensor size (",
           input.numel(), " elements) must be equal to world_size (", size_, ") times output tensor size (",
           output.numel(), " elements)");
  check_op("reduce_scatter_tensor", op, output.dtype());
  Ctx ctx = impl_->context;
  int rank = rank_;
  return impl_->enqueue("reduce_scatter_tensor", describe(input),
                        fingerprint("allreduce", input.dtype(), input.numel(), -1, int(op)), timeout_, {output},
                        [ctx, output, input, op, rank](uint32_t tag, Millis timeout) {
                          Flat buf(input, /*read=*/true, /*own=*/true);  // the input keeps its value
                          run_allreduce(ctx, buf.data, buf.numel(), input.dtype(), op, tag, timeout);
                          unpack(buf.data + output.nbytes() * size_t(rank), output);
                        });
}

WorkPtr ProcessGroupGloo::all_to_all(const std::vector<Tensor>& outputs, const std::vector<Tensor>& inputs) {
  const char* fn = "all_to_all";
  TS_CHECK(int64_t(inputs.size()) == size_ && int64_t(outputs.size()) == size_, "ProcessGroupGloo::all_to_all: ",
           "the input and output lists must have one tensor per rank of the group (", size_, "), got ", inputs.size(),
           " inputs and ", outputs.size(), " outputs");
  for (size_t i = 0; i < inputs.size(); ++i) {
    check_tensor(fn, inputs[i], "input");
    check_tensor(fn, outputs[i], "output");
    TS_CHECK(inputs[i].dtype() == inputs[0].dtype() && outputs[i].dtype() == inputs[0].dtype(),
             "ProcessGroupGloo::all_to_all: every tensor must have the same dtype (", dtype_name(inputs[0].dtype()),
             "), got ", dtype_name(inputs[i].dtype()), " and ", dtype_name(outputs[i].dtype()), " at index ", i);
  }
  Ctx ctx = impl_->context;
  return impl_->enqueue("all_to_all", describe(inputs, "input"), fingerprint("alltoallv", inputs[0].dtype(), 0), timeout_, outputs,
                        [ctx, outputs, inputs](uint32_t tag, Millis timeout) {
                          std::vector<int64_t> send, recv;
                          for (const auto& t : inputs) send.push_back(t.numel());
                          for (const auto& t : outputs) recv.push_back(t.numel());
                          std::vector<char> in = concat(inputs);
                          size_t out_bytes = 0;
                          for (const auto& t : outputs) out_bytes += t.nbytes();
                          std::vector<char> out(out_bytes);
                          run_alltoallv(ctx, in.data(), send, out.data(), recv, inputs[0].dtype(), tag, timeout);
                          split_into(out, outputs);
                        });
}

namespace {
// Elements per rank of an all_to_all_single argument: its dim-0 splits times the row size.
std::vector<int64_t> split_counts(const Tensor& t, const std::vector<int64_t>& splits, int size, const char* what) {
  TS_CHECK(t.dim() >= 1, "ProcessGroupGloo::all_to_all_single: the ", what, " tensor must have at least one dimension");
  const int64_t rows = t.size(0);
  const int64_t row = rows == 0 ? 0 : t.numel() / rows;
  std::vector<int64_t> counts;
  if (splits.empty()) {
    TS_CHECK(rows % size == 0, "ProcessGroupGloo::all_to_all_single: the ", what, " tensor's dim 0 (", rows,
             ") does not divide equally across the group size (", size, ")");
    counts.assign(size_t(size), rows / size * row);
    return counts;
  }
  TS_CHECK(int64_t(splits.size()) == size, "ProcessGroupGloo::all_to_all_single: ", what, "_split_sizes has ",
           splits.size(), " entries; it must have one per rank of the group (", size, ")");
  int64_t total = 0;
  for (int64_t s : splits) {
    TS_CHECK(s >= 0, "ProcessGroupGloo::all_to_all_single: ", what, "_split_sizes has a negative entry (", s, ")");
    total += s;
    counts.push_back(s * row);
  }
  TS_CHECK(total == rows, "ProcessGroupGloo::all_to_all_single: ", what, "_split_sizes add up to ", total,
           ", which does not match the ", what, " tensor's dim 0 (", rows, ")");
  return counts;
}
}  // namespace

WorkPtr ProcessGroupGloo::all_to_all_single(const Tensor& output, const Tensor& input,
                                            const std::vector<int64_t>& output_splits,
                                            const std::vector<int64_t>& input_splits) {
  check_tensor("all_to_all_single", input, "input");
  check_tensor("all_to_all_single", output, "output");
  TS_CHECK(output.dtype() == input.dtype(), "ProcessGroupGloo::all_to_all_single: the output tensor (",
           dtype_name(output.dtype()), ") and the input tensor (", dtype_name(input.dtype()),
           ") must have the same dtype");
  std::vector<int64_t> send = split_counts(input, input_splits, size_, "input");
  std::vector<int64_t> recv = split_counts(output, output_splits, size_, "output");
  if (input.dim() >= 1 && output.dim() >= 1 && input.size(0) > 0 && output.size(0) > 0) {
    TS_CHECK(input.numel() / input.size(0) == output.numel() / output.size(0),
             "ProcessGroupGloo::all_to_all_single: the input and output tensors must have the same number of elements "
             "per dim-0 row (", input.numel() / input.size(0), " and ", output.numel() / output.size(0), ")");
  }
  if (input_splits.empty() && output_splits.empty()) {
    TS_CHECK(input.numel() == output.numel(), "ProcessGroupGloo::all_to_all_single: without split sizes the input (",
             input.numel(), " elements) and output (", output.numel(), " elements) must have the same size");
  }
  Ctx ctx = impl_->context;
  return impl_->enqueue("all_to_all_single", describe(input), fingerprint("alltoallv", input.dtype(), 0), timeout_, {output},
                        [ctx, output, input, send, recv](uint32_t tag, Millis timeout) {
                          bool overlap = output.impl()->storage().get() == input.impl()->storage().get();
                          Flat in(input, /*read=*/true, /*own=*/overlap);
                          Flat out(output, /*read=*/false);
                          run_alltoallv(ctx, in.data, send, out.data, recv, input.dtype(), tag, timeout);
                          out.write_back();
                        });
}

WorkPtr ProcessGroupGloo::barrier() {
  Ctx ctx = impl_->context;
  return impl_->enqueue("barrier", "", fingerprint("barrier", DType(0), 0), timeout_, {}, [ctx](uint32_t tag, Millis timeout) {
    gloo::BarrierOptions o(ctx);
    o.setTag(tag);
    o.setTimeout(timeout);
    gloo::barrier(o);
  });
}

WorkPtr ProcessGroupGloo::send(const Tensor& t, int dst, int tag) {
  check_tensor("send", t, "input");
  TS_CHECK(dst >= 0 && dst < size_, "ProcessGroupGloo::send: invalid destination rank ", dst,
           " (the group has ranks 0 to ", size_ - 1, ")");
  TS_CHECK(dst != rank_, "ProcessGroupGloo::send: rank ", rank_, " cannot send to itself");
  TS_CHECK(timeout_.count() > 0, "ProcessGroupGloo::send: the group's timeout must be positive");
  std::string what = util::str("send to rank ", dst, " (tag ", tag, ")");
  auto w = std::make_shared<SendWork>(util::str(what, " of ", describe(t)), t, impl_->health, timeout_);
  if (std::string first = impl_->health->state(); !first.empty()) {
    w->fail_now(broken_message(what, first));
    return w;
  }
  w->post(*impl_->context, dst, tag, impl_->next_send(dst, tag));
  return w;
}

WorkPtr ProcessGroupGloo::recv(const Tensor& t, int src, int tag) {
  check_tensor("recv", t, "output");
  TS_CHECK(src < size_, "ProcessGroupGloo::recv: invalid source rank ", src, " (the group has ranks 0 to ",
           size_ - 1, ")");
  TS_CHECK(src != rank_, "ProcessGroupGloo::recv: rank ", rank_, " cannot receive from itself");
  TS_CHECK(src >= 0 || size_ > 1, "ProcessGroupGloo::recv: a recv from any source needs another rank in the group");
  TS_CHECK(timeout_.count() > 0, "ProcessGroupGloo::recv: the group's timeout must be positive");
  std::string what = util::str("recv from ", src >= 0 ? util::str("rank ", src) : std::string("any rank"), " (tag ",
                               tag, ")");
  auto w = std::make_shared<RecvWork>(util::str(what, " of ", describe(t)), t, impl_->health, timeout_);
  if (std::string first = impl_->health->state(); !first.empty()) {
    w->fail_now(broken_message(what, first));
    return w;
  }
  w->post(*impl_->context, src < 0 ? -1 : src, tag);
  impl_->start_recv(w, tag);
  return w;
}

int ProcessGroupGloo::recv_source(const WorkPtr& w) {
  auto* p = dynamic_cast<RecvWork*>(w.get());
  TS_CHECK(p != nullptr, "ProcessGroupGloo::recv_source: the work is not a recv of this backend");
  p->wait(Millis{0});
  return p->source();
}

}  // namespace ts::distributed
