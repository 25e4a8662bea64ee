// The operator registry (DESIGN.md principle 1): one entry per op overload carrying its
// schema, a boxed entry point, variants, a derivative slot and an output-meta rule.
// Script bindings, the type checker's signatures, IR op kinds, `tsc --list-ops` and the
// conformance harness all read from here.
#pragma once

#include <functional>
#include <initializer_list>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ops/boxing.h"
#include "ops/derivative.h"
#include "ops/schema.h"

namespace ts::ops {


// Output shapes and dtypes computed without running the kernel.
struct TensorMeta {
  DimVector sizes;
  DType dtype;
};
using MetaFn = std::function<std::vector<TensorMeta>(const Stack& args)>;

struct OpDef {
  std::string schema_text;
  FunctionSchema schema;
  BoxedFn fn;
  bool is_function = true;  // torch.X exists
  bool is_method = true;    // Tensor.X exists
  const Derivative* derivative = nullptr;
  bool differentiable = true;  // false: integer/bool outputs, comparisons, creation ops
  // No derivative of its own because it only calls differentiable ops (which record
  // themselves). Without this flag and without a derivative, an op's outputs get a node that
  // raises "not implemented" at backward time: never a silently wrong gradient.
  bool composite = false;
  // PyTorch 1.13 has no derivative for it either (aminmax, scatter with reduce=): a backward
  // reaching its outputs raises PyTorch's "derivative for aten::X is not implemented".
  bool no_derivative_in_torch = false;
  // An op with a derivative that, for the arguments where this returns true, runs as a composite
  // instead (the ops it calls record themselves): linear is one AddmmBackward0 node for a matrix
  // with a bias and PyTorch's view/matmul/add nodes otherwise.
  bool (*composite_when)(const Stack&) = nullptr;
  uint64_t no_grad_args = 0;  // schema positions that must not require grad (nll_loss's weight)
  MetaFn meta;

  OpDef& variants(std::string_view v);  // "function", "method" or "function, method"
  OpDef& not_differentiable() {
    differentiable = false;
    return *this;
  }
  OpDef& composite_op() {
    composite = true;
    return *this;
  }
  OpDef& composite_if(bool (*when)(const Stack&)) {
    composite_when = when;
    return *this;
  }
  OpDef& no_derivative_in_pytorch() {
    no_derivative_in_torch = true;
    return *this;
  }
  // PyTorch's "The function 'X' is not differentiable with respect to argument 'A'" check.
  OpDef& no_grad_arg(std::string_view name) {
    for (size_t i = 0; i < schema.args.size(); ++i)
      if (schema.args[i].name == name) no_grad_args |= uint64_t(1) << i;
    return *this;
  }
  // The op's derivative (src/autograd/README.md, Note [Recording ops]): the graph node's name,
  // what the formula reads ("self other:self result"), and the formula.
  OpDef& grad(std::string name, std::string_view saves, BackwardFn fn) {
    derivative = make_derivative(*this, std::move(name), saves, fn);
    return *this;
  }
  // Shares another entry's derivative (in-place variants: mul_ records MulBackward0).
  OpDef& grad(const Derivative* d) {
    derivative = d;
    return *this;
  }
  OpDef& with_meta(MetaFn m) {
    meta = std::move(m);
    return *this;
  }
};

class Registry {
 public:
  static Registry& get();
  OpDef& def(std::string_view schema, BoxedFn fn);
  template <auto F>
  OpDef& def(std::string_view schema) {
    OpDef& op = def(schema, make_boxed<F>());
    constexpr size_t n = std::tuple_size_v<typename detail::FnTraits<decltype(F)>::Args>;
    TS_INTERNAL_ASSERT(op.schema.args.size() == n, "op ", op.schema.full_name(), " has ",
                       op.schema.args.size(), " schema arguments but its C++ function takes ", n);
    return op;
  }
  // Every overload of `name` ("add"), in registration order; empty when unknown.
  const std::vector<OpDef*>& overloads(std::string_view name) const;
  const OpDef* find(std::string_view name, std::string_view overload) const;
  // An entry registered earlier, for attaching a derivative after the fact; internal error if
  // absent.
  OpDef& entry(std::string_view name, std::string_view overload = "");
  // Gives `name` (default overload) a derivative and shares it with `name_` when registered.
  const Derivative* grad_pair(std::string_view name, std::string node_name,
                              std::string_view saves, BackwardFn fn);
  std::vector<const OpDef*> all() const;

 private:
  std::map<std::string, std::vector<OpDef*>, std::less<>> by_name_;
  std::vector<std::unique_ptr<OpDef>> owned_;
};

// Binds positional and keyword arguments to a schema: fills defaults, converts numbers and
// lists, wraps numbers as tensors where `allow_wrap`. Returns an empty optional with `why` set
// when the arguments do not fit.
using Kwargs = std::vector<std::pair<std::string, IValue>>;
std::optional<Stack> bind_args(const FunctionSchema& s, const Stack& args, const Kwargs& kwargs,
                               bool allow_wrap, std::string* why);

// For each out= overload of the named factory ops (registered already), registers a twin
// "<overload>_dtype" that also takes dtype/layout/device/pin_memory, checks them against out as
// PyTorch's Python binding does, and runs the out= overload (src/ops/factory_out.cpp).
void add_out_dtype_twins(Registry& r, std::initializer_list<const char*> factories);

// Whether op `name`'s Tensor parameters also take a Python number (torch.add(2, x)), as in
// PyTorch 1.13's argument parser: the arithmetic ops and the dunders.
bool numbers_as_tensors(std::string_view name);

// Note [Packed int arguments]: `x.view(2, 3)` gives an int[] parameter its ints one by one,
// as PyTorch's argument parser takes them. How many positional arguments, from `first` on,
// parameter `ai` of `s` takes packed (0: it takes one argument as it is). `arg_kind[i]` says
// what the checker knows of argument i: 'i' an int, 'd' a value known only at run time
// (packed when more arguments are given than the schema has positional places left), 'o'
// anything else. The checker and the IR binder both bind through this rule.
size_t packed_int_arguments(const FunctionSchema& s, size_t ai, const std::string& arg_kind, size_t first);

// Converts `v` to what a parameter of type `t` takes (int to float, str to Device, lists
// element-wise, numbers to tensors when `allow_wrap`); nullopt when it does not fit.
std::optional<IValue> convert(const SchemaType& t, const IValue& v, bool allow_wrap);

// Calls op `name` with Python-style arguments, picking the first overload that fits (exact
// matches before ones that wrap numbers as tensors). No overload fitting is a TypeError that
// lists the schemas, as PyTorch does.
Stack call(std::string_view name, const Stack& args, const Kwargs& kwargs = {});
// Whether `name` is registered.
bool has_op(std::string_view name);

}  // namespace ts::ops

// Registers a family's ops at start-up: TS_REGISTER_OPS(pointwise) { r.def<&add>("..."); }
#define TS_REGISTER_OPS(family)                                                      \
  static void ts_register_ops_##family(::ts::ops::Registry& r);                      \
  static const bool ts_ops_registered_##family = [] {                                \
    ts_register_ops_##family(::ts::ops::Registry::get());                            \
    return true;                                                                     \
  }();                                                                               \
  static void ts_register_ops_##family(::ts::ops::Registry& r)
