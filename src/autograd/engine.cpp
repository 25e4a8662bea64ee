// The backward engine: dependency counting from the roots, a ready queue ordered by creation
// (latest node first, as PyTorch), gradient buffers per node, captures for autograd.grad.
#include <algorithm>
#include <atomic>
#include <cmath>
#include <queue>
#include <unordered_map>

#include "autograd/autograd.h"
#include "autograd/functions.h"
#include "ops/ops.h"

namespace ts::autograd {

namespace {

thread_local bool tl_anomaly = false;

std::string size_str(IntArrayRef s) {
  std::string r = "torch.Size([";
  for (size_t i = 0; i < s.size(); ++i) r += (i ? ", " : "") + std::to_string(s[i]);
  return r + "])";
}

bool expandable(IntArrayRef from, IntArrayRef to) {
  if (from.size() > to.size()) return false;
  const size_t lead = to.size() - from.size();
  for (size_t i = 0; i < from.size(); ++i)
    if (from[i] != to[lead + i] && from[i] != 1) return false;
  return true;
}

// Sums a broadcast gradient back to the input's shape.
Tensor sum_to(const Tensor& g, IntArrayRef shape) {
  const size_t lead = size_t(g.dim()) - shape.size();
  std::vector<int64_t> dims;
  for (size_t i = 0; i < size_t(g.dim()); ++i)
    if (i < lead || (shape[i - lead] == 1 && g.size(int64_t(i)) != 1)) dims.push_back(int64_t(i));
  Tensor r = dims.empty() ? g : sum(g, IntArrayRef(dims), true);
  return r.dim() == int64_t(shape.size()) ? r : r.reshape(shape);
}

struct Capture {
  uint32_t slot;
  size_t index;
};

std::atomic<uint64_t> g_next_task{1};

struct GraphTask {
  uint64_t id = g_next_task.fetch_add(1, std::memory_order_relaxed);
  bool keep_graph = false;
  bool selective = false;  // only nodes on a path to a capture or target run
  std::unordered_map<Node*, std::vector<Capture>> captures;
  TensorList captured;
  std::vector<std::shared_ptr<Node>> keep_alive;
};

struct ByNewest {
  bool operator()(const Node* a, const Node* b) const { return a->sequence_nr() < b->sequence_nr(); }
};

void add_to_buffer(GraphTask& task, Node* n, uint32_t slot, Tensor g) {
  TensorList& buf = n->state(task.id).buffer;
  if (buf.size() < n->outputs().size()) buf.resize(std::max<size_t>(n->outputs().size(), slot + 1));
  if (buf.size() <= slot) buf.resize(slot + 1);
  if (!buf[slot].defined()) {
    buf[slot] = std::move(g);
  } else {
    buf[slot] = add(buf[slot], g);
  }
}

void compute_dependencies(GraphTask& task, const std::vector<Node*>& roots) {
  std::vector<Node*> stack(roots.begin(), roots.end());
  for (Node* r : roots) r->state(task.id).seen = true;
  while (!stack.empty()) {
    Node* n = stack.back();
    stack.pop_back();
    for (const Edge& e : n->next_edges()) {
      if (!e.valid()) continue;
      Node::TaskState& c = e.fn->state(task.id);
      c.deps += 1;
      if (!c.seen) {
        c.seen = true;
        stack.push_back(e.fn.get());
      }
    }
  }
}

// Marks the nodes that lie on a path to a capture or a target (autograd.grad, backward(inputs)).
bool mark_needed(GraphTask& task, Node* n, const std::unordered_map<Node*, bool>& targets) {
  Node::TaskState& st = n->state(task.id);
  if (st.needed >= 0) return st.needed > 0 || task.captures.count(n);
  st.needed = 0;  // the graph has no cycles; this also stops revisits
  bool need = targets.count(n) > 0;
  for (const Edge& e : n->next_edges())
    if (e.valid() && mark_needed(task, e.fn.get(), targets)) need = true;
  st.needed = need ? 1 : 0;
  return need || task.captures.count(n);
}

void validate_outputs(Node& n, TensorList& out) {
  const auto& edges = n.next_edges();
  TS_CHECK(out.size() == edges.size() || edges.empty(), "function ", n.name(),
           " returned an incorrect number of gradients (expected ", edges.size(), ", got ",
           out.size(), ")");
  for (size_t i = 0; i < out.size() && i < edges.size(); ++i) {
    Tensor& g = out[i];
    if (!g.defined()) continue;
    if (!edges[i].valid()) {
      g = Tensor();
      continue;
    }
    const TensorGeometry& want = n.input_geometry()[i];
    if (g.sizes() != IntArrayRef(want.sizes)) {
      TS_CHECK(expandable(want.sizes, g.sizes()), "Function ", n.name(),
               " returned an invalid gradient at index ", i, " - got ", shape_str(g.sizes()),
               " but expected shape compatible with ", shape_str(want.sizes));
      g = sum_to(g, want.sizes);
    }
    if (g.dtype() != want.dtype) g = g.to(want.dtype);
  }
}

void check_nan(const Node& n, const TensorList& out) {
  for (size_t i = 0; i < out.size(); ++i) {
    if (!out[i].defined() || !is_floating(out[i].dtype())) continue;
    if (any(isnan(out[i])).item<bool>())
      TS_ERROR("Function '", n.name(), "' returned nan values in its ", i, "th output.");
  }
}

TensorList call_node(Node& n, TensorList&& in) {
  if (!tl_anomaly) return n.apply(std::move(in));
  TensorList out;
  try {
    out = n.apply(std::move(in));
  } catch (const Error& e) {
    std::string trace = n.creation_trace().empty() ? std::string() : " (forward op: " + n.creation_trace() + ")";
    util::throw_error(e.kind(), std::string(e.what()) + "\nError detected in " + n.name() + trace);
  }
  try {
    check_nan(n, out);
  } catch (const Error& e) {
    std::string trace = n.creation_trace().empty() ? std::string() : ", made by the forward op " + n.creation_trace();
    util::throw_error(e.kind(), std::string(e.what()) + trace);
  }
  return out;
}

void run_hooks(Node& n, TensorList& in) {
  for (auto& [nr, hook] : n.pre_hooks()) {
    if (nr >= in.size() || !in[nr].defined()) continue;
    Tensor r = hook(in[nr]);
    if (r.defined()) in[nr] = std::move(r);
  }
  if (auto* acc = dynamic_cast<AccumulateGrad*>(&n)) {
    if (AutogradMeta* m = meta_of(acc->variable()); m && !in.empty() && in[0].defined()) {
      for (auto& hook : m->leaf_hooks) {
        Tensor r = hook(in[0]);
        if (r.defined()) in[0] = std::move(r);
      }
    }
  }
  for (auto& h : n.retain_hooks())
    if (h.nr < in.size() && in[h.nr].defined()) h.fn(in[h.nr]);
}

void execute(GraphTask& task, const std::vector<Node*>& roots) {
  std::priority_queue<Node*, std::vector<Node*>, ByNewest> ready;
  for (Node* r : roots)
    if (r->state(task.id).deps == 0) ready.push(r);
  while (!ready.empty()) {
    Node* n = ready.top();
    ready.pop();
    Node::TaskState& st = n->state(task.id);
    if (st.queued) continue;
    st.queued = true;
    TensorList in = std::move(st.buffer);
    in.resize(std::max(in.size(), n->outputs().size()));
    if (auto c = task.captures.find(n); c != task.captures.end())
      for (const Capture& cap : c->second)
        if (cap.slot < in.size() && in[cap.slot].defined()) {
          Tensor& slot = task.captured[cap.index];
          slot = slot.defined() ? add(slot, in[cap.slot]) : in[cap.slot];
        }
    if (task.selective && st.needed != 1) continue;
    run_hooks(*n, in);
    const bool any_grad = std::any_of(in.begin(), in.end(), [](const Tensor& t) { return t.defined(); });
    TensorList out = any_grad ? call_node(*n, std::move(in)) : TensorList(n->next_edges().size());
    if (!task.keep_graph) n->release_variables();
    validate_outputs(*n, out);
    const auto& edges = n->next_edges();
    for (size_t i = 0; i < edges.size(); ++i) {
      if (!edges[i].valid()) continue;
      Node* c = edges[i].fn.get();
      if (i < out.size() && out[i].defined()) add_to_buffer(task, c, edges[i].input_nr, std::move(out[i]));
      if (--c->state(task.id).deps == 0) ready.push(c);
    }
  }
}

TensorList make_root_grads(const TensorList& outputs, const TensorList& grads, bool create_graph) {
  TS_CHECK(grads.empty() || grads.size() == outputs.size(), "grad_tensors should have the same "
           "length as tensors (", grads.size(), " vs ", outputs.size(), ")");
  TensorList out(outputs.size());
  for (size_t i = 0; i < outputs.size(); ++i) {
    const Tensor& o = outputs[i];
    // PyTorch checks the given gradients' shapes before whether the outputs require grad.
    if (i < grads.size() && grads[i].defined()) {
      TS_CHECK(grads[i].sizes() == o.sizes(), "Mismatch in shape: grad_output[", i,
               "] has a shape of ", size_str(grads[i].sizes()), " and output[", i,
               "] has a shape of ", size_str(o.sizes()), ".");
      out[i] = create_graph ? grads[i] : plain_alias(grads[i]);
    } else {
      // Only an output that requires grad needs its gradient made (PyTorch's _make_grads);
      // one that does not is reported below.
      TS_CHECK(o.numel() == 1 || !o.requires_grad(), "grad can be implicitly created only for scalar outputs");
      out[i] = ones_like(o);
    }
  }
  for (size_t i = 0; i < outputs.size(); ++i) {
    TS_CHECK(outputs[i].requires_grad(), "element ", i,
             " of tensors does not require grad and does not have a grad_fn");
  }
  return out;
}

// Runs a backward from `outputs`; captures gradients at `capture_edges` (index = position).
TensorList run_backward(const TensorList& outputs, const TensorList& grad_outputs, bool keep_graph,
                        bool create_graph, const std::vector<Edge>& capture_edges,
                        const std::vector<Node*>& targets) {
  TensorList root_grads = make_root_grads(outputs, grad_outputs, create_graph);
  GradModeGuard mode(create_graph);
  GraphTask task;
  task.keep_graph = keep_graph;
  std::vector<Node*> roots;
  for (size_t i = 0; i < outputs.size(); ++i) {
    Edge e = gradient_edge(outputs[i]);
    task.keep_alive.push_back(e.fn);
    add_to_buffer(task, e.fn.get(), e.input_nr, root_grads[i]);
    if (std::find(roots.begin(), roots.end(), e.fn.get()) == roots.end()) roots.push_back(e.fn.get());
  }
  compute_dependencies(task, roots);
  task.captured.resize(capture_edges.size());
  for (size_t i = 0; i < capture_edges.size(); ++i)
    if (capture_edges[i].valid())
      task.captures[capture_edges[i].fn.get()].push_back({capture_edges[i].input_nr, i});
  if (!capture_edges.empty() || !targets.empty()) {
    task.selective = true;
    std::unordered_map<Node*, bool> t;
    for (Node* n : targets) t[n] = true;
    for (Node* r : roots) mark_needed(task, r, t);
  }
  execute(task, roots);
  return std::move(task.captured);
}

}  // namespace

bool anomaly_enabled() { return tl_anomaly; }
void set_anomaly_enabled(bool on) { tl_anomaly = on; }

void backward(const TensorList& tensors, const TensorList& grad_tensors,
              std::optional<bool> retain_graph, bool create_graph, const TensorList& inputs) {
  const bool keep = retain_graph.value_or(create_graph);
  if (inputs.empty()) {
    run_backward(tensors, grad_tensors, keep, create_graph, {}, {});
    return;
  }
  // Only the given inputs accumulate: leaves through their accumulators, others by capture.
  std::vector<Edge> captures(inputs.size());
  std::vector<Node*> targets;
  std::vector<std::shared_ptr<Node>> hold;
  for (size_t i = 0; i < inputs.size(); ++i) {
    TS_CHECK(inputs[i].requires_grad(), "One of the differentiated Tensors does not require grad");
    Edge e = gradient_edge(inputs[i]);
    hold.push_back(e.fn);
    if (is_leaf(inputs[i])) {
      targets.push_back(e.fn.get());
    } else {
      captures[i] = e;
    }
  }
  TensorList got = run_backward(tensors, grad_tensors, keep, create_graph, captures, targets);
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (!got[i].defined()) continue;
    AutogradMeta& m = ensure_meta(inputs[i]);
    m.grad = m.grad.defined() ? add(m.grad, got[i]) : (create_graph ? got[i] : clone(got[i]));
  }
}

TensorList grad(const TensorList& outputs, const TensorList& inputs, const TensorList& grad_outputs,
                std::optional<bool> retain_graph, bool create_graph, bool allow_unused) {
  std::vector<Edge> captures;
  for (const Tensor& t : inputs) {
    TS_CHECK(t.requires_grad(), "One of the differentiated Tensors does not require grad");
    captures.push_back(gradient_edge(t));
  }
  TensorList got = run_backward(outputs, grad_outputs, retain_graph.value_or(create_graph),
                                create_graph, captures, {});
  for (size_t i = 0; i < got.size(); ++i) {
    if (!got[i].defined()) {
      TS_CHECK(allow_unused, "One of the differentiated Tensors appears to not have been used in "
               "the graph. Set allow_unused=True if this is the desired behavior.");
    } else if (!create_graph) {
      got[i] = plain_alias(got[i]);
    }
  }
  return got;
}

void register_hook(const Tensor& t, GradHook hook) {
  TS_CHECK(t.requires_grad(), "cannot register a hook on a tensor that doesn't require gradient");
  AutogradMeta& m = ensure_meta(t);
  if (m.grad_fn) {
    m.grad_fn->pre_hooks().emplace_back(m.output_nr, std::move(hook));
  } else {
    m.leaf_hooks.push_back(std::move(hook));
  }
}

TensorList reachable_leaves(const TensorList& outputs) {
  TensorList leaves;
  std::unordered_map<const Node*, bool> seen;
  std::vector<Node*> stack;
  for (const Tensor& t : outputs) {
    if (!t.defined()) continue;
    if (std::shared_ptr<Node> fn = grad_fn(t)) stack.push_back(fn.get());
    else if (t.requires_grad()) leaves.push_back(t);  // an output that is itself a leaf
  }
  while (!stack.empty()) {  // iterative: graphs may be 100,000 nodes deep
    Node* n = stack.back();
    stack.pop_back();
    if (!seen.emplace(n, true).second) continue;
    if (auto* acc = dynamic_cast<AccumulateGrad*>(n)) leaves.push_back(acc->variable());
    for (const Edge& e : n->next_edges())
      if (e.fn) stack.push_back(e.fn.get());
  }
  return leaves;
}

void register_post_accumulate_grad_hook(const Tensor& t, std::function<void(const Tensor&)> hook) {
  TS_CHECK(is_leaf(t), "post accumulate grad hooks cannot be registered on non-leaf tensors");
  ensure_meta(t).post_accumulate_hooks.push_back(std::move(hook));
}

}  // namespace ts::autograd
