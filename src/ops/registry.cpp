#include "ops/registry.h"

#include <memory>
#include <set>

#include "tensor/grad_mode.h"

namespace ts::ops {

OpDef& OpDef::variants(std::string_view v) {
  is_function = v.find("function") != std::string_view::npos;
  is_method = v.find("method") != std::string_view::npos;
  return *this;
}

Registry& Registry::get() {
  static Registry r;
  return r;
}

OpDef& Registry::def(std::string_view schema, BoxedFn fn) {
  auto op = std::make_unique<OpDef>();
  op->schema_text = std::string(schema);
  op->schema = parse_schema(schema);
  op->fn = std::move(fn);
  const auto& s = op->schema;
  bool self_tensor = !s.args.empty() && s.args[0].name == "self" &&
                     s.args[0].type.kind == SchemaType::Kind::Tensor && !s.args[0].type.list;
  op->is_method = self_tensor;
  op->is_function = !s.is_inplace();  // torch.relu_ exists in PyTorch too, but rarely used
  for (const OpDef* other : by_name_[s.name])
    TS_INTERNAL_ASSERT(other->schema.overload != s.overload, "op ", s.full_name(),
                       " registered twice");
  OpDef* raw = op.get();
  owned_.push_back(std::move(op));
  by_name_[raw->schema.name].push_back(raw);
  return *raw;
}

const std::vector<OpDef*>& Registry::overloads(std::string_view name) const {
  static const std::vector<OpDef*> kNone;
  auto it = by_name_.find(name);
  return it == by_name_.end() ? kNone : it->second;
}

const OpDef* Registry::find(std::string_view name, std::string_view overload) const {
  for (const OpDef* op : overloads(name))
    if (op->schema.overload == overload) return op;
  return nullptr;
}

std::vector<const OpDef*> Registry::all() const {
  std::vector<const OpDef*> r;
  for (const auto& [n, ops] : by_name_)
    for (const OpDef* op : ops) r.push_back(op);
  return r;
}

bool has_op(std::string_view name) { return !Registry::get().overloads(name).empty(); }

namespace {

using K = SchemaType::Kind;

bool is_number(const IValue& v) { return v.is_int() || v.is_double() || v.is_bool(); }

}  // namespace

// The ops whose Tensor parameters also take a number, as in PyTorch 1.13's argument parser
// (should_allow_numbers_as_tensors), with the dunder forms the interpreter calls.
size_t packed_int_arguments(const FunctionSchema& s, size_t ai, const std::string& arg_kind, size_t first) {
  const auto& sa = s.args[ai];
  if (!sa.type.list || sa.type.kind != SchemaType::Kind::Int || first + 1 >= arg_kind.size()) return 0;
  size_t n = 0;  // the int-or-dynamic run from `first`
  while (first + n < arg_kind.size() && arg_kind[first + n] != 'o') ++n;
  if (n < 2) return 0;
  if (arg_kind[first] == 'i' && arg_kind[first + 1] == 'i') return n;  // view(2, 3, n)
  // Values known only at run time pack when the places left cannot take them one each.
  size_t places = 0;
  for (size_t k = ai; k < s.args.size(); ++k) places += !s.args[k].kwarg_only;
  return arg_kind.size() - first > places ? n : 0;
}

bool numbers_as_tensors(std::string_view name) {
  static const std::set<std::string, std::less<>> ops = {
      "add", "add_", "div", "div_", "divide", "divide_", "mul", "mul_", "multiply", "multiply_",
      "sub", "sub_", "subtract", "subtract_", "true_divide", "true_divide_", "to", "_to_copy",
      "copy_", "floor_divide", "floor_divide_"};
  return ops.count(name) > 0 || name.rfind("__", 0) == 0;
}

namespace {

// convert() for an argument of op `s`, with PyTorch's rule for a number in a Tensor parameter:
// taken (when wrapping) only by the ops numbers_as_tensors names.
std::optional<IValue> convert_arg(const FunctionSchema& s, const SchemaType& t, const IValue& v, bool allow_wrap) {
  if (t.kind == K::Tensor && !t.list && is_number(v) && !(allow_wrap && numbers_as_tensors(s.name)))
    return std::nullopt;
  return convert(t, v, allow_wrap);
}

}  // namespace

std::optional<IValue> convert(const SchemaType& t, const IValue& v, bool allow_wrap) {
  if (v.is_none()) {
    if (t.optional) return v;
    return std::nullopt;
  }
  if (t.list) {
    // int[2] takes a single int and repeats it, as PyTorch does.
    if (t.fixed_len > 0 && v.is_int() && t.kind == K::Int)
      return IValue::list(std::vector<IValue>(size_t(t.fixed_len), v));
    if (!v.is_list() && !v.is_tuple()) return std::nullopt;
    SchemaType elem = t;
    elem.list = false;
    elem.optional = t.optional_elem;
    std::vector<IValue> out;
    for (const IValue& x : v.items()) {
      auto c = convert(elem, x, allow_wrap);
      if (!c) return std::nullopt;
      out.push_back(std::move(*c));
    }
    return IValue::list(std::move(out));
  }
  switch (t.kind) {
    case K::Tensor:
      if (v.is_tensor()) return v;
      if (allow_wrap && is_number(v)) return IValue(scalar_to_tensor(v.to_scalar()));
      return std::nullopt;
    case K::Int:
      if (v.is_int()) return v;
      return std::nullopt;
    case K::Float:
      if (v.is_double()) return v;
      if (v.is_int()) return IValue(double(v.to_int()));
      return std::nullopt;
    case K::Bool:
      if (v.is_bool()) return v;
      return std::nullopt;
    case K::Str:
      if (v.is_string()) return v;
      return std::nullopt;
    case K::Scalar:
      if (is_number(v)) return v;
      if (v.is_tensor() && v.to_tensor().dim() == 0 && allow_wrap) return IValue(v.to_tensor().item());
      return std::nullopt;
    case K::ScalarType:
      if (v.is_dtype()) return v;
      return std::nullopt;
    case K::Device:
      if (v.is_device()) return v;
      if (v.is_string()) return IValue(parse_device(v.to_string()));
      return std::nullopt;
    case K::Generator:
      if (v.is_object() && dynamic_cast<GeneratorValue*>(v.object_ptr().get())) return v;
      return std::nullopt;
    case K::Layout:
    case K::MemoryFormat:
    case K::Dimname:
      return std::nullopt;  // only None is accepted (handled above)
    case K::Any:
    case K::TypeVar:
      return v;
  }
  return std::nullopt;
}

std::optional<Stack> bind_args(const FunctionSchema& s, const Stack& args_in, const Kwargs& kwargs,
                               bool allow_wrap, std::string* why) {
  Stack out(s.args.size());
  std::vector<bool> given(s.args.size(), false);
  size_t npos = 0;
  for (const SchemaArg& a : s.args)
    if (!a.kwarg_only) ++npos;
  // As in PyTorch, a last positional int[] argument also takes its ints one by one:
  // x.view(2, 3), x.new_zeros(4).
  Stack packed;
  if (npos > 0 && args_in.size() >= npos) {
    const SchemaType& t = s.args[npos - 1].type;
    bool ints = t.list && t.kind == K::Int && !t.optional && t.fixed_len == 0;
    for (size_t i = npos - 1; ints && i < args_in.size(); ++i) ints = args_in[i].is_int();
    if (ints) {
      auto tail = args_in.begin() + std::ptrdiff_t(npos - 1);
      packed.assign(args_in.begin(), tail);
      packed.push_back(IValue::list(std::vector<IValue>(tail, args_in.end())));
    }
  }
  const Stack& args = packed.empty() ? args_in : packed;
  if (args.size() > npos) {
    if (why) *why = util::str("takes ", npos, " positional arguments but ", args.size(), " were given");
    return std::nullopt;
  }
  auto put = [&](size_t i, const IValue& v) {
    auto c = convert_arg(s, s.args[i].type, v, allow_wrap);
    if (!c) {
      if (why)
        *why = util::str("argument '", s.args[i].name, "' must be ", s.args[i].type.str(),
                         ", not ", v.type_name());
      return false;
    }
    out[i] = std::move(*c);
    given[i] = true;
    return true;
  };
  for (size_t i = 0; i < args.size(); ++i)
    if (!put(i, args[i])) return std::nullopt;
  for (const auto& [name, v] : kwargs) {
    size_t i = 0;
    while (i < s.args.size() && s.args[i].name != name) ++i;
    if (i == s.args.size()) {
      if (why) *why = util::str("got an unexpected keyword argument '", name, "'");
      return std::nullopt;
    }
    if (given[i]) {
      if (why) *why = util::str("got multiple values for argument '", name, "'");
      return std::nullopt;
    }
    if (!put(i, v)) return std::nullopt;
  }
  for (size_t i = 0; i < s.args.size(); ++i) {
    if (given[i]) continue;
    if (!s.args[i].default_value) {
      if (why) *why = util::str("missing required argument '", s.args[i].name, "'");
      return std::nullopt;
    }
    const IValue& d = *s.args[i].default_value;
    if (s.args[i].type.list && s.args[i].type.fixed_len > 0 && d.is_int()) {
      out[i] = IValue::list(std::vector<IValue>(size_t(s.args[i].type.fixed_len), d));
    } else {
      out[i] = d;
    }
  }
  return out;
}

namespace {

// PyTorch's Python argument parser: names of schema types and of Python values.
std::string python_type_name(const SchemaType& t) {
  using T = SchemaType::Kind;
  if (t.list) {
    switch (t.kind) {
      case T::Int: return "tuple of ints";
      case T::Float: return "tuple of floats";
      case T::Tensor: return "tuple of Tensors";
      case T::Dimname: return "tuple of names";
      case T::Scalar: return "tuple of Scalars";
      default: return "tuple";
    }
  }
  switch (t.kind) {
    case T::Tensor: return "Tensor";
    case T::Int: return "int";
    case T::Float: return "float";
    case T::Bool: return "bool";
    case T::Str: return "str";
    case T::Scalar: return "Number";
    case T::ScalarType: return "torch.dtype";
    case T::Layout: return "torch.layout";
    case T::Device: return "torch.device";
    case T::Generator: return "torch.Generator";
    case T::MemoryFormat: return "torch.memory_format";
    case T::Dimname: return "name";
    default: return "object";
  }
}

std::string python_value_name(const IValue& v) {
  if (v.is_list()) return "list";
  if (v.is_tuple()) return "tuple";
  if (v.is_dtype()) return "torch.dtype";
  if (v.is_device()) return "torch.device";
  return v.type_name();
}

// The error PyTorch's parser raises for a single Python signature (an out= overload shares its
// function's), in its order: missing or mistyped arguments, then stray keywords. Empty when
// the failure is another kind (too many positional arguments keep the generic message).
std::string single_signature_error(const FunctionSchema& s, std::string_view name,
                                   const Stack& args, const Kwargs& kwargs) {
  auto py = [](const std::string& n) { return n == "self" ? std::string("input") : n; };
  size_t npos = 0;
  for (const SchemaArg& a : s.args)
    if (!a.kwarg_only) ++npos;
  if (args.size() > npos) return "";
  for (size_t i = 0; i < s.args.size(); ++i) {
    const SchemaArg& a = s.args[i];
    const IValue* v = i < args.size() ? &args[i] : nullptr;
    for (const auto& [k, x] : kwargs)
      if (!v && k == a.name) v = &x;
    if (!v) {
      if (a.default_value) continue;
      // "foo() missing 2 required positional argument: "a", "b"" (PyTorch's wording, with its
      // plural the other way round).
      int n = 0;
      std::string names;
      for (size_t j = i; j < s.args.size(); ++j)
        if (!s.args[j].default_value) names += (n++ ? ", \"" : "\"") + py(s.args[j].name) + "\"";
      return util::str(name, "() missing ", n, " required positional argument", n == 1 ? "s" : "", ": ",
                       names);
    }
    if (!convert_arg(s, a.type, *v, true)) {
      std::string pos = i < args.size() ? util::str(" (position ", i + 1, ")") : "";
      return util::str(name, "(): argument '", py(a.name), "'", pos, " must be ", python_type_name(a.type),
                       ", not ", python_value_name(*v));
    }
  }
  for (const auto& [k, x] : kwargs) {
    size_t i = 0;
    while (i < s.args.size() && s.args[i].name != k) ++i;
    if (i == s.args.size()) return util::str(name, "() got an unexpected keyword argument '", k, "'");
    if (i < args.size()) return util::str(name, "() got multiple values for argument '", k, "'");
  }
  return "";
}

}  // namespace

Stack call(std::string_view name, const Stack& args, const Kwargs& kwargs) {
  const auto& ops = Registry::get().overloads(name);
  TS_CHECK(!ops.empty(), "unknown operator '", name, "'");
  std::vector<std::string> reasons;
  for (bool wrap : {false, true}) {
    for (const OpDef* op : ops) {
      std::string why;
      auto bound = bind_args(op->schema, args, kwargs, wrap, &why);
      if (!bound) {
        if (wrap) reasons.push_back("  " + op->schema.str() + ": " + why);
        continue;
      }
      run_op(*op, *bound);
      return std::move(*bound);
    }
  }
  // PyTorch names the bad argument when only one signature takes this many arguments (its
  // out= variants counted with the signature they belong to); otherwise it lists them all.
  const size_t given = args.size() + kwargs.size();
  bool has_out = false;
  for (const OpDef* op : ops) has_out = has_out || op->schema.is_out();
  const OpDef *single = nullptr, *only = nullptr;
  int signatures = 0, plausible = 0;
  for (const OpDef* op : ops) {
    if (op->schema.is_out()) continue;
    only = op;
    ++signatures;
    size_t required = 0;
    for (const SchemaArg& a : op->schema.args) required += a.default_value ? 0 : 1;
    if (given < required || given > op->schema.args.size() + (has_out ? 1 : 0)) continue;
    single = op;
    ++plausible;
  }
  if (signatures == 1) single = only;
  if (signatures == 1 || plausible == 1) {
    std::string err = single_signature_error(single->schema, name, args, kwargs);
    if (!err.empty()) util::throw_error(ErrorKind::Type, std::move(err));
  }
  std::string msg = util::str(name, "() received an invalid combination of arguments - got (");
  for (size_t i = 0; i < args.size(); ++i) msg += (i ? ", " : "") + args[i].type_name();
  for (const auto& [k, v] : kwargs) msg += util::str(", ", k, "=", v.type_name());
  msg += "), but expected one of:\n";
  for (const auto& r : reasons) msg += r + "\n";
  msg.pop_back();
  util::throw_error(ErrorKind::Type, std::move(msg));
}

OpDef& Registry::entry(std::string_view name, std::string_view overload) {
  auto* op = const_cast<OpDef*>(find(name, overload));
  TS_INTERNAL_ASSERT(op, "no registry entry ", name, ".", overload);
  return *op;
}

const Derivative* Registry::grad_pair(std::string_view name, std::string node_name,
                                      std::string_view saves, BackwardFn fn) {
  const Derivative* d = entry(name).grad(std::move(node_name), saves, fn).derivative;
  std::string inplace = std::string(name) + "_";
  if (find(inplace, "")) entry(inplace).grad(d);
  return d;
}

namespace {
AutogradHook g_autograd_hook = nullptr;

bool value_requires_grad(const IValue& v) {
  if (v.is_tensor()) return v.to_tensor().requires_grad();
  if (v.is_list())
    for (const IValue& x : v.items())
      if (x.is_tensor() && x.to_tensor().requires_grad()) return true;
  return false;
}
}  // namespace

void set_autograd_hook(AutogradHook hook) { g_autograd_hook = hook; }
AutogradHook autograd_hook() {
  TS_INTERNAL_ASSERT(g_autograd_hook, "the autograd layer is not linked in");
  return g_autograd_hook;
}

bool needs_autograd(const Stack& stack) {
  if (!GradMode::is_enabled()) return false;
  for (const IValue& v : stack)
    if (value_requires_grad(v)) return true;
  return false;
}

namespace {
// PyTorch's rule for inference tensors (tensor/grad_mode.h) once inference mode is off: no
// in-place writes (requires_grad_ has its own message, in Tensor::requires_grad_).
bool writes_inference_tensor(const OpDef& op, const Stack& stack) {
  if (op.schema.name == "requires_grad_") return false;
  for (size_t i = 0; i < op.schema.args.size() && i < stack.size(); ++i) {
    if (!op.schema.args[i].type.is_write || !stack[i].is_tensor()) continue;
    const Tensor& t = stack[i].to_tensor();
    if (t.defined() && t.impl()->storage()->inference()) return true;
  }
  return false;
}
}  // namespace

void run_op(const OpDef& op, Stack& stack) {
  // PyTorch raises after the write has been made (where it would bump the version counter).
  bool refused = InferenceMode::made_any() && !InferenceMode::is_enabled() && writes_inference_tensor(op, stack);
  if (g_autograd_hook && needs_autograd(stack)) {
    g_autograd_hook(op, stack);
  } else {
    op.fn(stack);
  }
  TS_CHECK(!refused, "Inplace update to inference tensor outside InferenceMode is not allowed.You can make a clone to get "
           "a normal tensor before doing inplace update.See https://github.com/pytorch/rfcs/pull/17 for more details.");
}

const OpDef& find_op(std::string_view full_name) {
  auto dot = full_name.find('.');
  std::string_view name = full_name.substr(0, dot);
  std::string_view overload = dot == std::string_view::npos ? "" : full_name.substr(dot + 1);
  const OpDef* op = Registry::get().find(name, overload);
  TS_INTERNAL_ASSERT(op, "no registry entry ", full_name);
  return *op;
}

Derivative* make_derivative(const OpDef& op, std::string name, std::string_view saves,
                            BackwardFn fn) {
  // Flat tensor index of each schema argument (-1: not a tensor), for "when" masks.
  const auto& args = op.schema.args;
  std::vector<int> flat(args.size(), -1);
  int n = 0;
  for (size_t i = 0; i < args.size(); ++i)
    if (args[i].type.kind == SchemaType::Kind::Tensor && !args[i].type.list) flat[i] = n++;
    else if (args[i].type.kind == SchemaType::Kind::Tensor) n += 64;  // lists: no masks past it
  auto arg_index = [&](std::string_view a) {
    for (size_t i = 0; i < args.size(); ++i)
      if (args[i].name == a) return int(i);
    TS_INTERNAL_ASSERT(false, "derivative of ", op.schema.full_name(), " saves unknown argument '",
                       a, "'");
    return -1;
  };
  auto* d = new Derivative{std::move(name), {}, 0, 0, fn};  // lives as long as the registry
  size_t pos = 0;
  while (pos < saves.size()) {
    size_t end = saves.find(' ', pos);
    if (end == std::string_view::npos) end = saves.size();
    std::string_view item = saves.substr(pos, end - pos);
    pos = end + 1;
    if (item.empty()) continue;
    if (item == "result") {
      d->save_results = ~uint64_t(0);
      continue;
    }
    if (item.starts_with("result") && item.size() == 7 && item[6] >= '0' && item[6] <= '9') {
      d->save_results |= uint64_t(1) << (item[6] - '0');  // "result1": output 1 only
      continue;
    }
    auto colon = item.find(':');
    Derivative::Save sv{arg_index(item.substr(0, colon)), 0};
    if (colon != std::string_view::npos) {
      int w = flat[size_t(arg_index(item.substr(colon + 1)))];
      TS_INTERNAL_ASSERT(w >= 0 && w < 64, "derivative of ", op.schema.full_name(),
                         ": a save condition must name a tensor argument");
      sv.when = uint64_t(1) << w;
    }
    d->saves.push_back(sv);
  }
  return d;
}

}  // namespace ts::ops
