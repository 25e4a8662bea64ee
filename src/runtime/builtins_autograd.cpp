// torch.autograd.Function in scripts: Fn.apply(...) runs the script's forward(ctx, ...) with grad
// mode off through autograd::Function, which records one "<Fn>Backward" node whose backward
// calls the script's backward(ctx, grads...) in this interpreter.
#include <atomic>
#include <mutex>
#include <unordered_map>

#include "autograd/autograd.h"
#include "autograd/node.h"
#include "runtime/builtins.h"
#include "runtime/fnctx.h"
#include "runtime/runtime.h"
#include "tensor/grad_mode.h"

namespace ts::runtime {
using autograd::TensorList;

ScriptFnCtx* fn_ctx(const IValue& v) {
  return v.is_object() ? dynamic_cast<ScriptFnCtx*>(v.object_ptr().get()) : nullptr;
}

namespace {

TensorList tensors_in(const std::vector<IValue>& args) {
  TensorList out;
  for (const IValue& a : args) out.push_back(a.is_none() ? Tensor() : a.to_tensor());
  return out;
}

}  // namespace

IValue fn_ctx_getattr(ScriptFnCtx& c, const std::string& name) {
  if (name == "saved_tensors") {
    std::vector<IValue> out;
    for (const Tensor& t : c.ctx->saved_tensors()) out.push_back(t.defined() ? IValue(t) : IValue());
    return IValue::tuple(out);
  }
  if (name == "needs_input_grad") {
    std::vector<IValue> out;
    for (bool b : c.needs) out.emplace_back(b);
    return IValue::tuple(out);
  }
  auto it = c.attrs.find(name);
  if (it == c.attrs.end()) raise("AttributeError", "'FunctionCtx' object has no attribute '" + name + "'");
  return it->second;
}

void fn_ctx_setattr(ScriptFnCtx& c, const std::string& name, const IValue& v) {
  if (name == "saved_tensors" || name == "needs_input_grad")
    raise("AttributeError", "attribute '" + name + "' of 'FunctionCtx' objects is not writable");
  c.attrs[name] = v;
}

IValue fn_ctx_call(ScriptFnCtx& c, const std::string& name, const std::vector<IValue>& args) {
  if (name == "save_for_backward") {
    c.ctx->save_for_backward(tensors_in(args));
    return IValue();
  }
  if (name == "mark_non_differentiable") {
    c.ctx->mark_non_differentiable(tensors_in(args));
    return IValue();
  }
  if (name == "set_materialize_grads") return IValue();  // gradients are always materialized
  raise("AttributeError", "'FunctionCtx' object has no attribute '" + name + "'");
}

namespace {

// autograd.apply(name, forward, backward, args...)
IValue b_autograd_apply(Interp& I, Args& a, const Kw&) {
  const std::string name = a[0].to_string();
  IValue fwd = a[1], bwd = a[2];
  std::vector<IValue> inputs(a.begin() + 3, a.end());
  TensorList tin;
  std::vector<size_t> tpos;
  std::vector<bool> needs;
  for (size_t i = 0; i < inputs.size(); ++i) {
    bool t = inputs[i].is_tensor();
    needs.push_back(t && GradMode::is_enabled() && inputs[i].to_tensor().requires_grad());
    if (!t) continue;
    tin.push_back(inputs[i].to_tensor());
    tpos.push_back(i);
  }
  IValue result;                 // what forward returned (tensors replaced after apply)
  std::vector<size_t> out_pos;   // positions of tensors in a returned tuple
  const size_t nin = inputs.size();
  autograd::Function fn(name);
  fn.forward([&](autograd::FunctionCtx& ctx, const TensorList&) {
    auto c = std::make_shared<ScriptFnCtx>();
    c->ctx = &ctx;
    c->needs = needs;
    IValue cv{IValue::ObjectPtr(c)};
    ctx.data["__script_ctx__"] = cv;
    std::vector<IValue> args = {cv};
    args.insert(args.end(), inputs.begin(), inputs.end());
    result = I.call_value(fwd, args);
    TensorList outs;
    if (result.is_tuple()) {
      const auto& items = result.items();
      for (size_t i = 0; i < items.size(); ++i)
        if (items[i].is_tensor()) {
          outs.push_back(items[i].to_tensor());
          out_pos.push_back(i);
        }
    } else {
      if (!result.is_tensor()) raise("TypeError", name + ".forward must return a Tensor or a tuple of Tensors");
      outs.push_back(result.to_tensor());
    }
    return outs;
  });
  fn.backward([&I, bwd, nin, tpos, name](autograd::FunctionCtx& ctx, const TensorList& grads) {
    std::vector<IValue> args = {ctx.data["__script_ctx__"]};
    for (const Tensor& g : grads) args.push_back(g.defined() ? IValue(g) : IValue());
    IValue r = I.call_value(bwd, args);
    std::vector<IValue> rs = r.is_tuple() ? r.items() : std::vector<IValue>{r};
    if (rs.size() != nin)
      raise("RuntimeError", "function " + name + "Backward returned an incorrect number of gradients (expected " +
                                std::to_string(nin) + ", got " + std::to_string(rs.size()) + ")");
    TensorList out;
    for (size_t p : tpos) out.push_back(rs[p].is_none() ? Tensor() : rs[p].to_tensor());
    return out;
  });
  TensorList outs = fn.apply(tin);
  if (!result.is_tuple()) return IValue(outs.at(0));
  std::vector<IValue> items = result.items();
  for (size_t k = 0; k < out_pos.size(); ++k) items[out_pos[k]] = IValue(outs[k]);
  return IValue::tuple(items);
}

// `t.grad_fn`: the node that made t (None for leaves and tensors made without recording).
// Scripts see it as a dynamic value with PyTorch's name(), next_functions and metadata.
struct GradFnValue : IValue::Object {
  std::shared_ptr<autograd::Node> node;
  explicit GradFnValue(std::shared_ptr<autograd::Node> n) : node(std::move(n)) {}
  std::string type_name() const override {  // the Python class name: AccumulateGrad, CopySlices, AddBackward0
    std::string n = node->name();
    return n.starts_with("torch::autograd::") ? n.substr(17) : n;
  }
};

IValue node_value(const std::shared_ptr<autograd::Node>& n) {
  return n ? IValue(IValue::ObjectPtr(std::make_shared<GradFnValue>(n))) : IValue();
}

autograd::Node& node_of(const IValue& v) { return *static_cast<GradFnValue*>(v.object_ptr().get())->node; }

IValue t_grad_fn(Interp&, Args& a, const Kw&) { return node_value(autograd::grad_fn(a[0].to_tensor())); }
// name() spells PyTorch's C++ nodes with their namespace (torch::autograd::CopySlices).
IValue n_name(Interp&, Args& a, const Kw&) {
  std::string n = node_of(a[0]).name();
  return IValue(n == "CopySlices" ? "torch::autograd::" + n : n);
}
// ((next node or None, input number), ...) as PyTorch's next_functions.
IValue n_next_functions(Interp&, Args& a, const Kw&) {
  std::vector<IValue> items;
  for (const autograd::Edge& e : node_of(a[0]).next_edges())
    items.push_back(IValue::tuple({node_value(e.fn), IValue(int64_t(e.input_nr))}));
  return IValue::tuple(items);
}

}  // namespace

bool is_grad_fn(const IValue& v) {
  return v.is_object() && dynamic_cast<GradFnValue*>(v.object_ptr().get()) != nullptr;
}

namespace {

// Tensor.register_hook from scripts: the engine's hook calls the script function with the
// gradient (None keeps it, a Tensor replaces it). RemovableHandle.remove() finds the hook by its
// id and turns it off, which from then on is what PyTorch's removal from the tensor's hooks is.
struct ScriptGradHook {
  IValue fn;
  std::atomic<bool> removed{false};
};
std::mutex g_hooks_mu;
std::unordered_map<int64_t, std::weak_ptr<ScriptGradHook>> g_hooks;  // by handle id
int64_t g_next_hook = 0;

IValue t_register_hook(Interp& I, Args& a, const Kw&) {
  auto h = std::make_shared<ScriptGradHook>();
  h->fn = a[1];
  autograd::register_hook(a[0].to_tensor(), [&I, h](const Tensor& g) -> Tensor {
    if (h->removed.load()) return Tensor();
    std::vector<IValue> args{g.defined() ? IValue(g) : IValue()};
    IValue r = I.call_value(h->fn, args);
    if (r.is_none()) return Tensor();
    if (!r.is_tensor()) raise("TypeError", "a Tensor hook must return a Tensor or None, not " + r.type_name());
    return r.to_tensor();
  });
  std::lock_guard<std::mutex> lock(g_hooks_mu);
  if (g_hooks.size() >= 1024 && (g_hooks.size() & (g_hooks.size() - 1)) == 0)  // now and then
    std::erase_if(g_hooks, [](const auto& kv) { return kv.second.expired(); });
  int64_t id = g_next_hook++;
  g_hooks[id] = h;
  return IValue(id);
}

IValue ts_next_hook_id(Interp&, Args&, const Kw&) {
  std::lock_guard<std::mutex> lock(g_hooks_mu);
  return IValue(g_next_hook++);
}

IValue ts_remove_hook(Interp&, Args& a, const Kw&) {
  std::lock_guard<std::mutex> lock(g_hooks_mu);
  auto it = g_hooks.find(a[0].to_int());
  if (it != g_hooks.end()) {
    if (auto h = it->second.lock()) h->removed.store(true);
    g_hooks.erase(it);
  }
  return IValue();
}

}  // namespace

const std::map<std::string, BuiltinFn>& autograd_builtins() {
  static const std::map<std::string, BuiltinFn> m = {
      {"autograd.apply", b_autograd_apply}, {"Tensor.grad_fn", t_grad_fn}, {"Tensor.register_hook", t_register_hook},
      {"_ts.remove_hook", ts_remove_hook}, {"_ts.next_hook_id", ts_next_hook_id},
      {"grad_fn.name", n_name}, {"grad_fn.next_functions", n_next_functions}};
  return m;
}

}  // namespace ts::runtime
