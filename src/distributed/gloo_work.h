// Internal to src/distributed, not a public header: the works of ProcessGroupGloo (a collective
// run on the group's worker thread, a send, a recv), the group's health they share, and the
// reasons of failures (README, Note [Process groups], Send and recv and Errors).
#pragma once

#include <gloo/context.h>
#include <gloo/transport/unbound_buffer.h>

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "distributed/forensics.h"
#include "distributed/gloo_buffers.h"
#include "distributed/process_group.h"
#include "util/error.h"

namespace ts::distributed::gloo_impl {

// "a float32", "an int64".
std::string a_dtype(DType t);

// The reason of the exception in flight (call inside a catch block); gloo's "[file:line]
// message" reads as "message".
std::string current_reason();

// What a send announces before its data: the receiver checks it against its tensor.
struct Header {
  int64_t numel = 0;
  uint64_t dtype = 0;
  uint64_t seq = 0;  // the message number of this (sender, receiver, tag)
};

// Whether the group still works, shared by the group and its works (a Work may outlive it).
struct Health {
  std::mutex mu;
  std::string broken;  // empty while healthy; else the first failure
  // Records the first failure (later ones follow from it).
  void fail(const std::string& what) {
    std::lock_guard<std::mutex> g(mu);
    if (broken.empty()) broken = what;
  }
  std::string state() {
    std::lock_guard<std::mutex> g(mu);
    return broken;
  }
};

// "ProcessGroupGloo: <what> was not run: the group is broken since <first>".
std::string broken_message(const std::string& what, const std::string& first);

// What hang forensics knows of a collective (README, Note [Hang forensics]).
struct Issued {
  uint64_t seq = 0;
  std::string collective;  // "allreduce #2 on a float32 tensor of shape [4]"
  uint32_t fingerprint = 0;
  CallSite site;
};

// The completion state every work here shares: done, and the failure's message (empty on
// success); waiters sleep on cv_.
class CompletableWork : public Work {
 public:
  bool is_completed() override {
    std::lock_guard<std::mutex> g(mu_);
    return done_;
  }
  bool is_success() override {
    std::lock_guard<std::mutex> g(mu_);
    return done_ && message_.empty();
  }

 protected:
  // Marks the work done, failed with `message` unless it is empty (a failure already recorded
  // stays); notify() then wakes the waiters.
  void mark_done(std::string message) {
    std::lock_guard<std::mutex> g(mu_);
    done_ = true;
    if (!message.empty()) message_ = std::move(message);
  }
  void notify() { cv_.notify_all(); }
  // With mu_ held: throws the failure, if any.
  void rethrow_locked() const {
    if (!message_.empty()) throw Error(ErrorKind::Runtime, message_);
  }

  std::mutex mu_;
  std::condition_variable cv_;
  bool done_ = false;
  std::string message_;
};

// One collective: its body runs on the worker thread.
class CollectiveWork : public CompletableWork {
 public:
  // `issued` is shared with the group, which remembers the last collective issued.
  CollectiveWork(std::shared_ptr<const Issued> issued, std::vector<Tensor> outputs, std::function<void()> body)
      : issued_(std::move(issued)), outputs_(std::move(outputs)), body_(std::move(body)) {}

  void wait(Millis timeout) override {
    std::unique_lock<std::mutex> lk(mu_);
    // The worker bounds every collective by the group's timeout, so an unbounded wait ends.
    if (timeout.count() <= 0) {
      cv_.wait(lk, [&] { return done_; });
    } else if (!cv_.wait_for(lk, timeout, [&] { return done_; })) {
      TS_ERROR("ProcessGroupGloo: ", what(), ": wait() timed out after ", timeout.count(),
               " ms (the collective is still running)");
    }
    rethrow_locked();
  }
  std::vector<Tensor> result() override { return outputs_; }

  const std::string& what() const { return issued_->collective; }
  const Issued& issued() const { return *issued_; }
  // Runs the body (worker thread); returns the failure's reason, empty on success.
  std::string run() {
    std::string reason;
    try {
      body_();
    } catch (...) {
      reason = current_reason();
    }
    body_ = nullptr;  // drops the tensors the body held
    return reason;
  }
  // Not run (the group is broken): drops the tensors the body held.
  void drop() { body_ = nullptr; }
  void finish(std::string message) {
    mark_done(std::move(message));
    notify();
  }

 private:
  std::shared_ptr<const Issued> issued_;
  std::vector<Tensor> outputs_;
  std::function<void()> body_;
};

// Completion shared by the point-to-point works.
class P2PWork : public CompletableWork {
 public:
  P2PWork(std::string what, Tensor t, bool is_recv, std::shared_ptr<Health> health, Millis timeout)
      : what_(std::move(what)), flat_(t, /*read=*/!is_recv), health_(std::move(health)), timeout_(timeout) {}

  std::vector<Tensor> result() override { return {flat_.t}; }
  const std::string& what() const { return what_; }
  void fail_now(std::string message) { mark_done(std::move(message)); }

 protected:
  // Records the end; `reason` empty on success. `breaks` tells whether the group is broken (the
  // connection failed) rather than just this message refused.
  void finish(const std::string& reason, bool breaks) {
    mark_done(reason.empty() ? std::string() : util::str("ProcessGroupGloo: ", what_, " failed: ", reason));
    if (!reason.empty() && breaks) health_->fail(util::str(what_, " failed: ", reason));
    notify();
  }

  std::string what_;
  Flat flat_;
  std::shared_ptr<Health> health_;
  Millis timeout_;
};

// A send: the header and the data are posted at once; wait() waits for gloo to finish both.
class SendWork : public P2PWork {
 public:
  SendWork(std::string what, Tensor t, std::shared_ptr<Health> health, Millis timeout)
      : P2PWork(std::move(what), std::move(t), /*is_recv=*/false, std::move(health), timeout) {}

  void post(gloo::Context& ctx, int dst, int tag, uint64_t seq);
  void wait(Millis timeout) override;

 private:
  Header header_;
  std::unique_ptr<gloo::transport::UnboundBuffer> header_buf_, data_buf_;
};

// A recv: the header is posted at once; a thread of its own waits for it, checks it against the
// tensor, receives the data (into the tensor, or into scratch memory when it does not fit, so
// that the sender still completes) and completes the work.
class RecvWork : public P2PWork {
 public:
  RecvWork(std::string what, Tensor t, std::shared_ptr<Health> health, Millis timeout)
      : P2PWork(std::move(what), std::move(t), /*is_recv=*/true, std::move(health), timeout) {}

  void post(gloo::Context& ctx, int src, int tag);

  // The body of the recv's thread.
  void run(gloo::Context& ctx, int tag);

  // The group is going away: the thread stops waiting.
  void abort() {
    std::lock_guard<std::mutex> g(bufs_mu_);
    aborted_ = true;
    if (header_buf_) header_buf_->abortWaitRecv();
    if (data_buf_) data_buf_->abortWaitRecv();
  }

  void wait(Millis timeout) override {
    std::unique_lock<std::mutex> lk(mu_);
    // The recv's thread ends within the group's timeout (twice: header, then data).
    if (timeout.count() <= 0) {
      cv_.wait(lk, [&] { return done_; });
    } else if (!cv_.wait_for(lk, timeout, [&] { return done_; })) {
      TS_ERROR("ProcessGroupGloo: ", what_, ": wait() timed out after ", timeout.count(),
               " ms (the recv is still pending)");
    }
    rethrow_locked();
  }
  // The rank the message came from (-1 until the recv completed).
  int source() {
    std::lock_guard<std::mutex> g(mu_);
    return source_;
  }

 private:
  Header header_;
  std::mutex bufs_mu_;  // guards header_buf_, data_buf_ and aborted_ against abort()
  std::unique_ptr<gloo::transport::UnboundBuffer> header_buf_;
  gloo::transport::UnboundBuffer* data_buf_ = nullptr;
  bool aborted_ = false;
  int source_ = -1;
};

}  // namespace ts::distributed::gloo_impl
