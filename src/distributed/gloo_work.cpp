// The works of ProcessGroupGloo (gloo_work.h).
#include "distributed/gloo_work.h"

#include <gloo/common/error.h>
#include <gloo/common/logging.h>

#include <stdexcept>

#include "util/error.h"

namespace ts::distributed::gloo_impl {

namespace {

// "[file:line] message" from gloo reads as "message".
std::string gloo_reason(const char* what) {
  std::string s(what);
  if (!s.empty() && s[0] == '[') {
    size_t end = s.find("] ");
    if (end != std::string::npos) s = s.substr(end + 2);
  }
  while (!s.empty() && (s.back() == ' ' || s.back() == '\n')) s.pop_back();
  return s.empty() ? std::string("unknown error in gloo") : s;
}

// Point-to-point messages live in slots of their own, away from the collectives' (gloo/types.h
// prefixes 0x01 to 0x08): a header slot per tag, and a data slot per tag and message number
// (README, Note [Process groups], Send and recv).
constexpr uint64_t kHeaderSlotPrefix = uint64_t(0x80) << 56;
constexpr uint64_t kDataSlotPrefix = uint64_t(0x81) << 56;
uint64_t header_slot(int tag) { return kHeaderSlotPrefix | (uint64_t(uint32_t(tag)) << 24); }
uint64_t data_slot(int tag, uint64_t seq) {
  return kDataSlotPrefix | (uint64_t(uint32_t(tag)) << 24) | (seq & 0xffffff);
}

}  // namespace

std::string a_dtype(DType t) { return util::str(dtype_name(t)[0] == 'i' ? "an " : "a ", dtype_name(t)); }

std::string current_reason() {
  try {
    throw;
  } catch (const Error& e) {
    return e.message();
  } catch (const gloo::EnforceNotMet& e) {
    return gloo_reason(e.what());
  } catch (const std::exception& e) {
    return gloo_reason(e.what());
  } catch (...) {
    return "unknown error";
  }
}

std::string broken_message(const std::string& what, const std::string& first) {
  return util::str("ProcessGroupGloo: ", what, " was not run: the group is broken since ", first);
}

void SendWork::post(gloo::Context& ctx, int dst, int tag, uint64_t seq) {
  header_ = Header{flat_.t.numel(), uint64_t(flat_.t.dtype()), seq};
  header_buf_ = ctx.createUnboundBuffer(&header_, sizeof(header_));
  header_buf_->send(dst, header_slot(tag));
  if (flat_.t.nbytes() > 0) {
    data_buf_ = ctx.createUnboundBuffer(flat_.data, flat_.t.nbytes());
    data_buf_->send(dst, data_slot(tag, seq));
  }
}

void SendWork::wait(Millis timeout) {
  std::lock_guard<std::mutex> g(mu_);
  if (!done_) {
    Millis t = timeout.count() > 0 ? timeout : timeout_;
    std::string reason;
    try {
      if (!header_buf_->waitSend(t) || (data_buf_ && !data_buf_->waitSend(t)))
        reason = "the send was aborted";
    } catch (...) {
      reason = current_reason();
    }
    header_buf_.reset();
    data_buf_.reset();
    done_ = true;
    if (!reason.empty()) {
      message_ = util::str("ProcessGroupGloo: ", what_, " failed: ", reason);
      health_->fail(util::str(what_, " failed: ", reason));
    }
  }
  rethrow_locked();
}

void RecvWork::post(gloo::Context& ctx, int src, int tag) {
  std::lock_guard<std::mutex> g(bufs_mu_);
  header_buf_ = ctx.createUnboundBuffer(&header_, sizeof(header_));
  if (src >= 0) {
    header_buf_->recv(src, header_slot(tag));
  } else {
    std::vector<int> ranks;
    for (int r = 0; r < ctx.size; ++r)
      if (r != ctx.rank) ranks.push_back(r);
    header_buf_->recv(ranks, header_slot(tag));
  }
}

void RecvWork::run(gloo::Context& ctx, int tag) {
  std::string reason;
  bool breaks = true;
  try {
    int from = -1;
    if (!header_buf_->waitRecv(&from, timeout_)) {
      reason = "the group was destroyed before the message arrived";
    } else {
      const Tensor& t = flat_.t;
      size_t nbytes = t.nbytes();
      std::vector<char> scratch;
      char* dst = flat_.data;
      if (header_.dtype >= uint64_t(kNumDTypes)) {
        reason = util::str("rank ", from, " sent a message this backend cannot read");
      } else if (DType(header_.dtype) != t.dtype() || header_.numel != t.numel()) {
        DType sent = DType(header_.dtype);
        reason = util::str("rank ", from, " sent ", a_dtype(sent), " tensor of ", header_.numel,
                           " elements, but the recv tensor is ", a_dtype(t.dtype()), " tensor of ", t.numel(),
                           " elements");
        breaks = false;  // the data is still received (into scratch memory): the stream stays in step
        nbytes = size_t(header_.numel) * element_size(sent);
        scratch.resize(nbytes);
        dst = scratch.data();
      }
      if (header_.dtype < uint64_t(kNumDTypes) && nbytes > 0) {
        std::unique_ptr<gloo::transport::UnboundBuffer> data = ctx.createUnboundBuffer(dst, nbytes);
        {
          std::lock_guard<std::mutex> g(bufs_mu_);
          if (aborted_) throw std::runtime_error("the group was destroyed before the message arrived");
          data->recv(from, data_slot(tag, header_.seq));
          data_buf_ = data.get();
        }
        bool ok = data->waitRecv(timeout_);
        {
          std::lock_guard<std::mutex> g(bufs_mu_);
          data_buf_ = nullptr;
        }
        if (!ok) throw std::runtime_error("the group was destroyed before the message arrived");
      }
      if (reason.empty()) {
        flat_.write_back();
        std::lock_guard<std::mutex> g(mu_);
        source_ = from;
      }
    }
  } catch (...) {
    reason = current_reason();
  }
  {
    std::lock_guard<std::mutex> g(bufs_mu_);
    header_buf_.reset();
  }
  finish(reason, breaks);
}

}  // namespace ts::distributed::gloo_impl
