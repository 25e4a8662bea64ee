// Process groups (src/distributed/README.md, Note [Process groups]): the collectives every
// backend provides, in the shape torch.distributed's functions have, and Work, the handle of one
// collective in flight. ProcessGroupGloo (process_group_gloo.h) is the CPU backend.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "distributed/store.h"
#include "tensor/tensor.h"

namespace ts::distributed {

// torch.distributed.ReduceOp. AVG is SUM divided by the group size (integer tensors: PyTorch's
// Gloo rejects AVG, and so does ours).
enum class ReduceOp { SUM, PRODUCT, MIN, MAX, AVG, BAND, BOR, BXOR };
const char* reduce_op_name(ReduceOp op);

// The default timeout of a process group's collectives (settable per group).
inline constexpr Millis kDefaultCollectiveTimeout{600'000};

// One collective in flight. Collectives of a group run in the order they were issued, on every
// rank; wait() blocks until this one finished and rethrows its error (a ts::Error naming the
// collective and its sequence number), so `async_op=True` and the blocking form fail alike.
class Work {
 public:
  virtual ~Work() = default;
  virtual bool is_completed() = 0;
  // True once completed without error.
  virtual bool is_success() = 0;
  // Blocks until done; throws the collective's error. A timeout of zero means the group's.
  virtual void wait(Millis timeout = Millis{0}) = 0;
  // The tensors the collective wrote (its outputs), for Work.result() and futures.
  virtual std::vector<Tensor> result() = 0;
};
using WorkPtr = std::shared_ptr<Work>;

// Every tensor argument is a CPU tensor the collective reads and/or writes in place (outputs keep
// their storage, as in PyTorch). Argument errors (wrong sizes, dtypes, ranks, non-contiguous
// where the backend needs contiguous) throw ts::Error before anything is sent. Lists that only
// the root uses (gather's outputs, scatter's inputs) are empty on other ranks.
class ProcessGroup {
 public:
  ProcessGroup(int rank, int size) : rank_(rank), size_(size) {}
  virtual ~ProcessGroup() = default;
  ProcessGroup(const ProcessGroup&) = delete;
  ProcessGroup& operator=(const ProcessGroup&) = delete;

  int rank() const { return rank_; }
  int size() const { return size_; }
  virtual std::string backend_name() const = 0;

  virtual WorkPtr allreduce(const Tensor& t, ReduceOp op) = 0;
  virtual WorkPtr broadcast(const Tensor& t, int root) = 0;
  // The result lands in `t` on the root; other ranks' `t` is left as the backend leaves it.
  virtual WorkPtr reduce(const Tensor& t, int root, ReduceOp op) = 0;
  virtual WorkPtr allgather(const std::vector<Tensor>& outputs, const Tensor& input) = 0;
  // `output` holds size() copies of `input`'s shape concatenated along dim 0.
  virtual WorkPtr allgather_into_tensor(const Tensor& output, const Tensor& input) = 0;
  virtual WorkPtr gather(const std::vector<Tensor>& outputs, const Tensor& input, int root) = 0;
  virtual WorkPtr scatter(const Tensor& output, const std::vector<Tensor>& inputs, int root) = 0;
  virtual WorkPtr reduce_scatter(const Tensor& output, const std::vector<Tensor>& inputs, ReduceOp op) = 0;
  virtual WorkPtr reduce_scatter_tensor(const Tensor& output, const Tensor& input, ReduceOp op) = 0;
  virtual WorkPtr all_to_all(const std::vector<Tensor>& outputs, const std::vector<Tensor>& inputs) = 0;
  // Splits along dim 0; empty split lists mean equal parts.
  virtual WorkPtr all_to_all_single(const Tensor& output, const Tensor& input, const std::vector<int64_t>& output_splits,
                                    const std::vector<int64_t>& input_splits) = 0;
  virtual WorkPtr barrier() = 0;
  virtual WorkPtr send(const Tensor& t, int dst, int tag) = 0;
  // src < 0: from any rank; the work's source_rank() tells which (see recv_source).
  virtual WorkPtr recv(const Tensor& t, int src, int tag) = 0;
  // After a recv from any source completed: the rank it came from.
  virtual int recv_source(const WorkPtr& w) = 0;

  Millis timeout() const { return timeout_; }
  void set_timeout(Millis t) { timeout_ = t; }

 protected:
  int rank_, size_;
  Millis timeout_ = kDefaultCollectiveTimeout;
};
using ProcessGroupPtr = std::shared_ptr<ProcessGroup>;

}  // namespace ts::distributed
