// How an op is differentiated (the registry entry's derivative slot), and the hand-off from the
// op layer to the autograd layer. See src/autograd/README.md, Note [Recording ops].
#pragma once

#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

#include "ops/ivalue.h"
#include "tensor/grad_mode.h"

namespace ts::ops {

struct OpDef;

// What a backward formula sees. Tensor inputs are numbered in order ("flat" index: a Tensor[]
// argument contributes one per element); other arguments keep their schema position.
struct BackwardCtx {
  std::vector<Tensor> grads;  // one per forward output; zeros where no gradient flowed
  Stack args;                 // forward arguments; tensors only where the derivative saves them
  std::vector<Tensor> results;  // forward outputs, when the derivative saves them
  std::vector<bool> needs;      // per flat tensor input: whether its gradient is wanted
  std::vector<IntArrayRef> in_sizes;  // per flat tensor input (valid during the formula)
  std::vector<DType> in_dtypes;     // per flat tensor input
  std::vector<IntArrayRef> in_strides;  // per flat tensor input: its layout at the call
  std::vector<int64_t> in_offsets;      // per flat tensor input: its storage offset at the call

  const Tensor& grad(size_t i = 0) const { return grads[i]; }
  const Tensor& in(size_t arg) const { return args[arg].to_tensor(); }
  Tensor opt(size_t arg) const { return args[arg].is_none() ? Tensor() : args[arg].to_tensor(); }
  std::vector<Tensor> in_list(size_t arg) const { return args[arg].to_tensor_list(); }
  Scalar scalar(size_t arg) const { return args[arg].to_scalar(); }
  int64_t i64(size_t arg) const { return args[arg].to_int(); }
  double f64(size_t arg) const { return args[arg].to_double(); }
  bool flag(size_t arg) const { return args[arg].to_bool(); }
  bool none(size_t arg) const { return args[arg].is_none(); }
  std::vector<int64_t> ints(size_t arg) const { return args[arg].to_int_list(); }
  const Tensor& result(size_t i = 0) const { return results[i]; }
  bool need(size_t flat) const { return needs[flat]; }
  IntArrayRef sizes(size_t flat) const { return in_sizes[flat]; }
  DType dtype(size_t flat) const { return in_dtypes[flat]; }
  IntArrayRef strides(size_t flat) const { return in_strides[flat]; }
  int64_t storage_offset(size_t flat) const { return in_offsets[flat]; }
};

// One gradient per flat tensor input (undefined: none, or not wanted).
using Grads = std::vector<Tensor>;
using BackwardFn = Grads (*)(const BackwardCtx&);

struct Derivative {
  std::string name;  // the graph node's name, as PyTorch prints it: "MulBackward0"
  // Tensor arguments to keep for the backward: (schema position, flat inputs whose need for a
  // gradient makes it needed; 0 = always).
  struct Save {
    int arg;
    uint64_t when;
  };
  std::vector<Save> saves;
  // Outputs to keep for the backward (bit i: output i). Only those: a saved output is
  // version-checked, so keeping one the formula does not read would refuse an in-place write
  // into it that PyTorch allows (ReLU(inplace=True) after BatchNorm).
  uint64_t save_results = 0;
  // Outputs (bit i: output i) that get no history even when floating (PyTorch's
  // output_differentiability: False, e.g. linalg_lstsq's residuals, rank, singular_values).
  uint64_t nondiff_outputs = 0;
  BackwardFn fn = nullptr;
};

// Builds a Derivative against `schema`. `saves` names what the formula reads, space separated:
// "self" (always), "other:self" (other, only when self needs a gradient), "result" (every
// output), "result1" (output 1 only; c.result(i) of an output not kept is undefined).
Derivative* make_derivative(const OpDef& op, std::string name, std::string_view saves,
                            BackwardFn fn);

// Installed by the autograd layer: runs `op` on `stack` and records it in the graph.
using AutogradHook = void (*)(const OpDef& op, Stack& stack);
void set_autograd_hook(AutogradHook hook);
AutogradHook autograd_hook();

// Whether a call of `op` with these bound arguments must go through the autograd layer: grad
// mode is on and a tensor argument requires grad.
bool needs_autograd(const Stack& stack);
// Runs a bound call: through the autograd layer when needed, else straight to the kernel.
void run_op(const OpDef& op, Stack& stack);

// ---- The typed C++ API's way in (TS_AUTOGRAD) ----
namespace detail {
inline bool any_grad(const Tensor& t) { return t.defined() && t.requires_grad(); }
inline bool any_grad(const std::vector<Tensor>& ts) {
  for (const Tensor& t : ts)
    if (any_grad(t)) return true;
  return false;
}
template <typename T>
bool any_grad(const T&) {
  return false;
}
inline IValue box(const Tensor& t) { return t.defined() ? IValue(t) : IValue(); }
template <typename T>
IValue box(const T& v) {
  return IValue(v);
}
template <typename T>
IValue box(const std::optional<T>& v) {
  return v ? box(*v) : IValue();
}
}  // namespace detail

template <typename... A>
bool any_requires_grad(const A&... a) {
  return (detail::any_grad(a) || ...);
}

// The result of a redispatched call, converted to the typed function's return type.
struct Redispatched {
  Stack out;
  operator Tensor() const { return out.at(0).is_none() ? Tensor() : out.at(0).to_tensor(); }  // NOLINT
  operator std::tuple<Tensor, Tensor>() const {  // NOLINT
    return {out.at(0).to_tensor(), out.at(1).to_tensor()};
  }
  operator std::tuple<Tensor, Tensor, Tensor>() const {  // NOLINT
    return {out.at(0).to_tensor(), out.at(1).to_tensor(), out.at(2).to_tensor()};
  }
  operator std::tuple<Tensor, Tensor, Tensor, Tensor>() const {  // NOLINT
    return {out.at(0).to_tensor(), out.at(1).to_tensor(), out.at(2).to_tensor(), out.at(3).to_tensor()};
  }
  operator std::vector<Tensor>() const { return out.at(0).to_tensor_list(); }  // NOLINT
};

const OpDef& find_op(std::string_view full_name);  // "mul.Tensor"; internal error when absent

template <typename... A>
Redispatched redispatch(const OpDef& op, const A&... a) {
  Stack s;
  s.reserve(sizeof...(A));
  (s.push_back(detail::box(a)), ...);
  autograd_hook()(op, s);
  return Redispatched{std::move(s)};
}

}  // namespace ts::ops

// First statement of a differentiable op's C++ function: when grad mode is on and an argument
// requires grad, the call goes through the registry entry `full_name` to the autograd layer
// (which then calls this function again with grad mode off). All arguments, in schema order.
#define TS_AUTOGRAD(full_name, ...)                                                     \
  do {                                                                                  \
    if (::ts::GradMode::is_enabled() && ::ts::ops::any_requires_grad(__VA_ARGS__)) {    \
      static const ::ts::ops::OpDef& ts_op_ = ::ts::ops::find_op(full_name);            \
      return ::ts::ops::redispatch(ts_op_, __VA_ARGS__);                                \
    }                                                                                   \
  } while (0)

// A backward formula: TS_GRAD({ return {TS_IF(0, mul(c.grad(), c.in(1))), ...}; })
#define TS_GRAD(...) +[](const ::ts::ops::BackwardCtx& c) -> ::ts::ops::Grads __VA_ARGS__
// The gradient of flat input `i`, computed only when it is wanted.
#define TS_IF(i, ...) (c.need(i) ? ::ts::Tensor(__VA_ARGS__) : ::ts::Tensor())
