// The autograd graph: nodes (one per recorded op, plus AccumulateGrad for leaves) and the edges
// from each node to the nodes that produced its inputs. See README.md.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "tensor/tensor.h"

namespace ts::autograd {

class Node;

// Where a gradient goes: input slot `input_nr` of node `fn` (null fn: nowhere).
struct Edge {
  std::shared_ptr<Node> fn;
  uint32_t input_nr = 0;
  bool valid() const { return fn != nullptr; }
};

// Shape and dtype a gradient must have (the forward tensor's), and the forward tensor's layout
// (what as_strided's backward reads instead of keeping the tensor).
struct TensorGeometry {
  DimVector sizes;
  DType dtype = DType::Float32;
  Device device;
  DimVector strides;
  int64_t storage_offset = 0;
};

using TensorList = std::vector<Tensor>;
// A hook on the gradient flowing into a node input; returns a replacement or an undefined tensor.
using GradHook = std::function<Tensor(const Tensor&)>;

class Node : public std::enable_shared_from_this<Node> {
 public:
  Node();
  // Frees the nodes only this one keeps alive iteratively, so dropping the graph of a
  // 100,000-op chain does not recurse 100,000 destructors deep.
  virtual ~Node();
  Node(const Node&) = delete;
  Node& operator=(const Node&) = delete;

  // Gradients of the forward outputs in, gradients of the forward inputs out (one per edge).
  virtual TensorList apply(TensorList&& grads) = 0;
  virtual std::string name() const = 0;
  // Drops saved tensors once a backward without retain_graph has used them.
  virtual void release_variables() {}

  uint64_t sequence_nr() const { return seq_; }
  const std::vector<Edge>& next_edges() const { return next_; }
  std::vector<Edge>& mutable_next_edges() { return next_; }
  // Geometry of each forward output (this node's gradient inputs).
  std::vector<TensorGeometry>& outputs() { return outputs_; }
  const std::vector<TensorGeometry>& outputs() const { return outputs_; }
  // Geometry of each forward input (gradients leaving through next_edges()).
  std::vector<TensorGeometry>& input_geometry() { return in_geom_; }
  const std::vector<TensorGeometry>& input_geometry() const { return in_geom_; }

  // Hooks on the gradient of forward output `nr`, run before apply (register_hook).
  std::vector<std::pair<uint32_t, GradHook>>& pre_hooks() { return pre_hooks_; }
  // retain_grad() on non-leaf output `nr`: runs after every other hook. `owner` is the
  // tensor's AutogradMeta, which removes its hook when it dies.
  struct RetainHook {
    uint32_t nr;
    const void* owner;
    std::function<void(const Tensor&)> fn;
  };
  std::vector<RetainHook>& retain_hooks() { return retain_hooks_; }
  // The running backward's bookkeeping for this node, kept here rather than in hash maps (a
  // node takes part in one backward at a time; a new task id resets it).
  struct TaskState {
    uint64_t task = 0;
    int deps = 0;
    int8_t needed = -1;  // -1: not decided yet
    bool seen = false;
    bool queued = false;
    TensorList buffer;
  };
  TaskState& state(uint64_t task) {
    if (state_.task != task) {
      state_ = TaskState{};
      state_.task = task;
    }
    return state_;
  }
  // Anomaly mode: what created this node ("mul.Tensor" at ...).
  std::string& creation_trace() { return trace_; }

 private:
  uint64_t seq_;
  std::vector<Edge> next_;
  std::vector<TensorGeometry> outputs_;
  std::vector<TensorGeometry> in_geom_;
  std::vector<std::pair<uint32_t, GradHook>> pre_hooks_;
  std::vector<RetainHook> retain_hooks_;
  std::string trace_;
  TaskState state_;
};

TensorGeometry geometry_of(const Tensor& t);

}  // namespace ts::autograd
