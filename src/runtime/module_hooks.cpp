// Calling an nn.Module whose hooks are set: forward pre-hooks, forward hooks and full backward
// hooks, as PyTorch 1.13's Module._call_impl runs them.
//
// Note [Module hooks]
// ~~~~~~~~~~~~~~~~~~~
// A module keeps its hooks in three dicts of its own (stdlib/torch/nn/module.ts:
// `_forward_pre_hooks`, `_forward_hooks`, `_backward_hooks`, handle id -> hook, in registration
// order) and registering one sets the instance's `hooks` flag. The front end marks each call
// of a module (`m(x)`, not `m.forward(x)`): a prim::CallMethod of forward with the attribute
// `module_call` (the number of positional arguments the call gave, plus one) or the builtin
// dyn.call_module for a value typed nn.Module. At run time such a call checks the flag and,
// when set, comes here; otherwise it is the plain call, so programs without hooks pay one test
// per module call.
//
// Here, as in PyTorch: `input` is the tuple of the call's positional arguments. Each pre-hook
// is called as hook(module, input); a result other than None replaces input (a non-tuple is
// wrapped in one). With backward hooks and an input tensor that requires grad (grad mode on),
// the input tensors pass through an identity autograd node, BackwardHookFunctionBackward, whose
// backward calls the hooks as hook(module, grad_input, grad_output): grad_input has one entry
// per positional argument (None where it is not a tensor or has no gradient) and a result
// other than None replaces it. Then forward runs; each forward hook is called as
// hook(module, input, output) and a result other than None replaces the output. Then, with
// backward hooks, the output tensors pass through another identity node whose backward
// records grad_output (and, when no input required grad, calls the hooks there with
// grad_input all None, as PyTorch does).
//
// Ts differences, each an error rather than a different answer: a hook's replacement output
// must be of the same kind as forward's (the call site's type is forward's return type); a
// pre-hook that changes the number of inputs of a call that also passed keyword arguments is
// refused (the keywords were bound to positions before the call).
#include <functional>
#include <memory>
#include <optional>

#include "autograd/function.h"
#include "runtime/builtins.h"
#include "runtime/interp.h"
#include "runtime/runtime.h"
#include "tensor/grad_mode.h"

namespace ts::runtime {

using autograd::TensorList;

namespace {

ScriptObject* script_object_of(const IValue& v) {
  return v.is_object() ? dynamic_cast<ScriptObject*>(v.object_ptr().get()) : nullptr;
}

// The hooks in a module's hooks dict `attr`, in registration order (a copy: a hook may remove
// itself or add others while they run, which takes effect at the next call, as in PyTorch).
std::vector<IValue> hooks_of(const ScriptObject& o, const char* attr) {
  size_t s = o.cls->slot(attr);
  if (s >= o.slots.size() || !o.slots[s].is_dict()) return {};
  std::vector<IValue> out;
  for (const auto& kv : o.slots[s].dict_ptr()->items) out.push_back(kv.second);
  return out;
}

// What kind of value a call site can hold in forward's place: a hook's replacement must match.
std::string value_kind(const IValue& v) {
  if (v.is_tensor()) return "Tensor";
  if (v.is_tuple()) return "tuple of " + std::to_string(v.items().size());
  if (auto* o = script_object_of(v)) return o->cls->name;
  return v.type_name();
}

struct BackwardHooks {
  Interp* interp = nullptr;
  IValue module;
  std::vector<IValue> hooks;
  size_t n_inputs = 0, n_outputs = 0;
  std::vector<size_t> input_index;  // positions of the tensors passed through the input node
  bool input_node = false;
  std::optional<std::vector<IValue>> grad_outputs;  // set by the output node's backward
};

// One entry per position: the gradient of the tensor at that position, or None.
std::vector<IValue> pack_with_none(const std::vector<size_t>& index, const TensorList& grads, size_t n) {
  std::vector<IValue> out(n);
  for (size_t k = 0; k < index.size() && k < grads.size(); ++k)
    if (grads[k].defined()) out[index[k]] = IValue(grads[k]);
  return out;
}

// Passes the tensors among `values` through an identity node named BackwardHookFunction whose
// backward is `bwd`; returns the values with those tensors replaced and their positions.
// Unchanged (and no positions) when no tensor requires grad or grad mode is off.
std::vector<size_t> through_identity(std::vector<IValue>& values, autograd::BackwardFn bwd) {
  std::vector<size_t> index;
  TensorList tensors;
  bool wants_grad = false;
  for (size_t i = 0; i < values.size(); ++i)
    if (values[i].is_tensor()) {
      index.push_back(i);
      tensors.push_back(values[i].to_tensor());
      wants_grad = wants_grad || tensors.back().requires_grad();
    }
  if (!wants_grad || !GradMode::is_enabled()) return {};
  TensorList outs = autograd::Function("BackwardHookFunction")
                        .forward([](autograd::FunctionCtx& ctx, const TensorList& in) {
                          TensorList frozen;
                          for (const Tensor& t : in)
                            if (!t.requires_grad()) frozen.push_back(t);
                          ctx.mark_non_differentiable(frozen);
                          return in;
                        })
                        .backward(std::move(bwd))
                        .apply(tensors);
  for (size_t k = 0; k < index.size(); ++k) values[index[k]] = IValue(outs[k]);
  return index;
}

void setup_input_hook(const std::shared_ptr<BackwardHooks>& st, std::vector<IValue>& input) {
  st->n_inputs = input.size();
  std::weak_ptr<BackwardHooks> weak = st;
  st->input_index = through_identity(input, [weak](autograd::FunctionCtx&, const TensorList& grads) {
    auto s = weak.lock();
    if (!s || !s->grad_outputs) return grads;  // no grad_output was recorded: PyTorch ignores it too
    std::vector<IValue> res = pack_with_none(s->input_index, grads, s->n_inputs);
    for (const IValue& hook : s->hooks) {
      std::vector<IValue> args = {s->module, IValue::tuple(res), IValue::tuple(*s->grad_outputs)};
      IValue out = s->interp->call_value(hook, args);
      if (out.is_none()) continue;
      std::vector<IValue> got = out.is_tuple() ? out.items() : std::vector<IValue>{out};
      if (got.size() != res.size())
        raise("RuntimeError", "Backward hook returned an invalid number of grad_input, got " + std::to_string(got.size()) +
                                  ", but expected " + std::to_string(res.size()));
      res = std::move(got);
    }
    s->grad_outputs.reset();
    TensorList out;
    for (size_t i : s->input_index) {
      const IValue& g = res[i];
      if (!g.is_none() && !g.is_tensor()) raise("TypeError", "a backward hook's grad_input must hold Tensors or None, not " + g.type_name());
      out.push_back(g.is_none() ? Tensor() : g.to_tensor());
    }
    return out;
  });
  st->input_node = !st->input_index.empty();
}

IValue setup_output_hook(const std::shared_ptr<BackwardHooks>& st, IValue result) {
  bool is_tuple = result.is_tuple();
  std::vector<IValue> outs = is_tuple ? result.items() : std::vector<IValue>{result};
  st->n_outputs = outs.size();
  // The output node's backward keeps the state alive until the graph is freed.
  auto index = std::make_shared<std::vector<size_t>>();
  *index = through_identity(outs, [st, index](autograd::FunctionCtx&, const TensorList& grads) {
    st->grad_outputs = pack_with_none(*index, grads, st->n_outputs);
    if (!st->input_node) {
      // No input required grad: the hooks run here, with grad_input all None.
      std::vector<IValue> none(st->n_inputs);
      for (const IValue& hook : st->hooks) {
        std::vector<IValue> args = {st->module, IValue::tuple(none), IValue::tuple(*st->grad_outputs)};
        IValue r = st->interp->call_value(hook, args);
        bool all_none = r.is_none();
        if (r.is_tuple()) {
          all_none = true;
          for (const IValue& x : r.items()) all_none = all_none && x.is_none();
        }
        if (!all_none)
          raise("RuntimeError", "Backward hook for Modules where no input requires gradient should always return None or None for all gradients.");
      }
      st->grad_outputs.reset();
    }
    return grads;
  });
  if (index->empty()) return result;
  return is_tuple ? IValue::tuple(std::move(outs)) : outs[0];
}

}  // namespace

bool module_hooks_set(const IValue& self) {
  ScriptObject* o = script_object_of(self);
  return o && o->hooks;
}

IValue call_module_hooked(Interp& I, const IValue& self, std::vector<IValue> input, const ModuleForward& forward) {
  ScriptObject* o = script_object_of(self);
  std::vector<IValue> pre = hooks_of(*o, "_forward_pre_hooks"), post = hooks_of(*o, "_forward_hooks"),
                      back = hooks_of(*o, "_backward_hooks");
  for (const IValue& hook : pre) {
    std::vector<IValue> args = {self, IValue::tuple(input)};
    IValue r = I.call_value(hook, args);
    if (!r.is_none()) input = r.is_tuple() ? r.items() : std::vector<IValue>{r};
  }
  std::shared_ptr<BackwardHooks> bw;
  if (!back.empty()) {
    bw = std::make_shared<BackwardHooks>();
    bw->interp = &I;
    bw->module = self;
    bw->hooks = back;
    setup_input_hook(bw, input);
  }
  std::vector<IValue> call_input = input;
  IValue result = forward(call_input);
  for (const IValue& hook : post) {
    std::vector<IValue> args = {self, IValue::tuple(input), result};
    IValue r = I.call_value(hook, args);
    if (r.is_none()) continue;
    if (value_kind(r) != value_kind(result))
      raise("TypeError", "a forward hook of " + o->cls->name + " returned " + value_kind(r) + " where forward returned " +
                             value_kind(result) + "; in tsrun a hook's replacement output must be of forward's type");
    result = r;
  }
  if (bw) result = setup_output_hook(bw, result);
  return result;
}

namespace {

IValue ts_enable_module_hooks(Interp&, Args& a, const Kw&) {
  if (ScriptObject* o = script_object_of(a[0])) o->hooks = true;
  return IValue();
}

}  // namespace

const std::map<std::string, BuiltinFn>& module_hook_builtins() {
  static const std::map<std::string, BuiltinFn> m = {{"_ts.enable_module_hooks", ts_enable_module_hooks}};
  return m;
}

}  // namespace ts::runtime
