// The operator registry (DESIGN.md principle 1): one entry per op overload carrying its
// schema, a boxed entry point, variants, a derivative slot and an output-meta rule.
// Script bindings, the type checker's signatures, IR op kinds, `tsc --list-ops` and the
// conformance harness all read from here.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ops/boxing.h"
#include "ops/schema.h"

namespace ts::ops {

// Filled by the autograd layer: how to differentiate this op (see src/autograd/README.md).
struct Derivative;

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
  MetaFn meta;

  OpDef& variants(std::string_view v);  // "function", "method" or "function, method"
  OpDef& not_differentiable() {
    differentiable = false;
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
