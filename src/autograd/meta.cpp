#include "autograd/meta.h"

#include <atomic>

#include "autograd/functions.h"

namespace ts::autograd {

namespace {
std::atomic<uint64_t> g_next_sequence_nr{0};
}

Node::Node() : seq_(g_next_sequence_nr.fetch_add(1, std::memory_order_relaxed)) {}

namespace {
// Nodes waiting to be freed by the outermost ~Node on this thread.
thread_local std::vector<std::shared_ptr<Node>>* node_release_queue = nullptr;
}  // namespace

Node::~Node() {
  bool outermost = node_release_queue == nullptr;
  std::vector<std::shared_ptr<Node>> queue;
  if (outermost) node_release_queue = &queue;
  for (Edge& e : next_)
    if (e.fn && e.fn.use_count() == 1) node_release_queue->push_back(std::move(e.fn));
  if (!outermost) return;
  while (!queue.empty()) {  // each pop may queue that node's own inputs
    std::shared_ptr<Node> n = std::move(queue.back());
    queue.pop_back();
  }
  node_release_queue = nullptr;
}

TensorGeometry geometry_of(const Tensor& t) {
  return TensorGeometry{DimVector(t.sizes()), t.dtype(), t.device(), DimVector(t.strides()),
                        t.storage_offset()};
}

bool AutogradMeta::requires_grad() const {
  return leaf_requires_grad || grad_fn != nullptr;
}

AutogradMeta::~AutogradMeta() {
  if (retains_grad && grad_fn)
    std::erase_if(grad_fn->retain_hooks(), [this](const Node::RetainHook& h) { return h.owner == this; });
}

std::string AutogradMeta::grad_fn_name() const { return grad_fn ? grad_fn->name() : std::string(); }

AutogradMeta& ensure_meta(const Tensor& t) {
  auto& slot = t.impl()->autograd_meta;
  if (!slot) slot = std::make_unique<AutogradMeta>();
  return *static_cast<AutogradMeta*>(slot.get());
}

bool is_leaf(const Tensor& t) {
  const AutogradMeta* m = meta_of(t);
  return !m || !m->grad_fn;
}

std::shared_ptr<Node> grad_fn(const Tensor& t) {
  const AutogradMeta* m = meta_of(t);
  return m ? m->grad_fn : nullptr;
}

Edge gradient_edge(const Tensor& t) {
  if (!t.requires_grad()) return {};
  AutogradMeta* m = &ensure_meta(t);
  if (m->grad_fn) return {m->grad_fn, m->output_nr};
  // A view that requires grad only through its base but has no history (made in no-grad mode):
  // PyTorch lets its gradient go nowhere.
  if (!m->leaf_requires_grad) return {};
  std::shared_ptr<Node> acc = m->grad_accumulator.lock();
  if (!acc) {
    acc = std::make_shared<AccumulateGrad>(t);
    m->grad_accumulator = acc;
  }
  return {acc, 0};
}

void set_history(const Tensor& t, const std::shared_ptr<Node>& fn, uint32_t nr) {
  AutogradMeta& m = ensure_meta(t);
  m.grad_fn = fn;
  m.output_nr = nr;
}

Tensor plain_alias(const Tensor& t) {
  return Tensor(util::make_intrusive<TensorImpl>(t.impl()->storage(), t.dtype(),
                                                  DimVector(t.sizes()), DimVector(t.strides()),
                                                  t.storage_offset()));
}

}  // namespace ts::autograd
