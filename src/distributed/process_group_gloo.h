// ProcessGroupGloo: the CPU backend of torch.distributed, over libgloo's TCP transport
// (src/distributed/README.md, Note [Process groups]). Collectives run on one worker thread per
// group in the order they were issued; each call checks its arguments, queues the collective
// and returns its Work. Point-to-point send/recv are posted at once (see the Note).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "distributed/process_group.h"
#include "distributed/store.h"

namespace ts::distributed {

class ProcessGroupGloo : public ProcessGroup {
 public:
  // Rendezvous through `store` (keys under a prefix of this group's own, so several groups may
  // share one store): every rank publishes its address and connects to every other one, waiting
  // at most `timeout` for the others. A missing peer is a ts::Error naming the ranks that did
  // not join. `timeout` also bounds every collective of the group.
  ProcessGroupGloo(std::shared_ptr<Store> store, int rank, int size, Millis timeout = kDefaultCollectiveTimeout);
  // Runs the collectives still queued (each bounded by the group's timeout; once one fails the
  // rest fail at once), joins the worker thread and closes the connections.
  ~ProcessGroupGloo() override;

  std::string backend_name() const override { return "gloo"; }

  WorkPtr allreduce(const Tensor& t, ReduceOp op) override;
  WorkPtr broadcast(const Tensor& t, int root) override;
  WorkPtr reduce(const Tensor& t, int root, ReduceOp op) override;
  WorkPtr allgather(const std::vector<Tensor>& outputs, const Tensor& input) override;
  WorkPtr allgather_into_tensor(const Tensor& output, const Tensor& input) override;
  WorkPtr gather(const std::vector<Tensor>& outputs, const Tensor& input, int root) override;
  WorkPtr scatter(const Tensor& output, const std::vector<Tensor>& inputs, int root) override;
  WorkPtr reduce_scatter(const Tensor& output, const std::vector<Tensor>& inputs, ReduceOp op) override;
  WorkPtr reduce_scatter_tensor(const Tensor& output, const Tensor& input, ReduceOp op) override;
  WorkPtr all_to_all(const std::vector<Tensor>& outputs, const std::vector<Tensor>& inputs) override;
  WorkPtr all_to_all_single(const Tensor& output, const Tensor& input, const std::vector<int64_t>& output_splits,
                            const std::vector<int64_t>& input_splits) override;
  WorkPtr barrier() override;
  WorkPtr send(const Tensor& t, int dst, int tag) override;
  WorkPtr recv(const Tensor& t, int src, int tag) override;
  int recv_source(const WorkPtr& w) override;

  // The host name or address this rank's connections are bound to (see the Note).
  const std::string& address() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace ts::distributed
