// DistributedDataParallel's gradient reducer (src/distributed/README.md, Note [The reducer]):
// parameters grouped into buckets, each bucket's all-reduce launched from an autograd hook as
// soon as its last gradient is accumulated, so communication overlaps the rest of backward.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "distributed/process_group.h"
#include "tensor/tensor.h"

namespace ts::distributed {

struct ReducerOptions {
  int64_t bucket_cap_bytes = 25 * 1024 * 1024;  // bucket_cap_mb=25
  int64_t first_bucket_bytes = 1024 * 1024;     // PyTorch's _DEFAULT_FIRST_BUCKET_BYTES
  bool find_unused_parameters = false;
  bool gradient_as_bucket_view = false;
};

class Reducer : public std::enable_shared_from_this<Reducer> {
 public:
  // `params` in registration order; those that do not require grad take no part. Registers a
  // post-accumulate hook on each (the hooks hold the reducer weakly).
  static std::shared_ptr<Reducer> create(std::vector<Tensor> params, ProcessGroupPtr pg, ReducerOptions opts);

  // Before a forward whose backward will synchronize: the previous synchronized backward must
  // have reduced every bucket (else a RuntimeError names the parameters that got no gradient).
  void prepare_for_forward();
  // After that forward: arms the reduction for the coming backward. With
  // find_unused_parameters, the parameters a backward from `outputs` cannot reach are marked
  // ready at once (their share is zero).
  void prepare_for_backward(const std::vector<Tensor>& outputs);

  // The parameter indices of each bucket, in bucket order (for tests and logging).
  std::vector<std::vector<size_t>> bucket_indices() const;
  // Buckets rebuilt from the first iteration's gradient order.
  bool rebuilt() const { return rebuilt_; }

 private:
  struct Bucket {
    std::vector<size_t> params;   // indices into params_
    std::vector<int64_t> offsets;  // each one's start in `flat`
    Tensor flat;
    int pending = 0;
    WorkPtr work;
  };
  Reducer(std::vector<Tensor> params, ProcessGroupPtr pg, ReducerOptions opts);
  void build_buckets();
  void on_grad_ready(size_t i);
  void mark_ready(size_t i, bool used);
  void launch(Bucket& b);
  void finalize();
  void rebuild_buckets();

  std::vector<Tensor> params_;
  ProcessGroupPtr pg_;
  ReducerOptions opts_;
  std::vector<Bucket> buckets_;
  std::vector<size_t> bucket_of_;  // per parameter
  std::vector<size_t> slot_of_;    // its position in its bucket
  std::vector<int8_t> ready_;      // this iteration
  std::vector<int8_t> used_;       // got a gradient this iteration
  std::vector<size_t> order_;      // first iteration: the order gradients became ready
  size_t next_bucket_ = 0;
  bool armed_ = false;     // a synchronized backward is expected
  bool expecting_ = false; // armed and not yet finished
  bool rebuilt_ = false;
  int64_t iteration_ = 0;
  std::recursive_mutex mu_;
};

}  // namespace ts::distributed
