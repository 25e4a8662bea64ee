// Node properties shared by the passes. The pure set is the one src/ir/README.md lists.
#include "passes/common.h"

#include <algorithm>
#include <cstring>
#include <functional>
#include <string_view>
#include <optional>
#include <utility>

#include "ir/scalar_eval.h"
#include "ops/registry.h"

namespace ts::passes {

using namespace ir;

namespace {

bool is_random(const std::string& name) {
  static const char* const kRandom[] = {"rand", "dropout", "bernoulli", "normal", "multinomial",
                                        "uniform", "exponential", "geometric", "cauchy", "log_normal",
                                        "random", "poisson"};
  for (const char* r : kRandom)
    if (name.find(r) != std::string::npos) return true;
  return false;
}

bool registry_pure(const ops::OpDef& op) {
  if (op.schema.returns.empty()) return false;  // called for its effect (backward, retain_grad)
  for (const auto& a : op.schema.args)
    if (a.type.is_write) return false;
  for (const auto& r : op.schema.returns)
    if (r.type.is_write) return false;
  return !is_random(op.schema.name) && op.schema.name.find("seed") == std::string::npos;
}

// A scalar aten:: node: op null and one of the kinds eval_scalar knows.
bool is_scalar_node(const Node& n) { return !n.op && n.kind.is_scalar_kind(); }

bool mentions(const Type* t, TypeKind k) {
  if (t->kind == k) return true;
  for (const Type* a : t->args)
    if (mentions(a, k)) return true;
  return false;
}

// Inputs of list/dict/tensor/unknown type: the result depends on mutable data.
bool reads_mutable_input(const Node& n) {
  for (const Value* v : n.inputs) {
    const Type* t = v->type;
    if (t->kind == TypeKind::List || t->kind == TypeKind::Dict || t->kind == TypeKind::Any ||
        t->kind == TypeKind::Class || mentions(t, TypeKind::Tensor))
      return true;
  }
  return false;
}

}  // namespace

size_t constant_hash(const IValue& v) {
  auto mix = [](size_t h, size_t x) { return h ^ (x + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2)); };
  if (v.is_bool()) return mix(1, size_t(v.to_bool()));
  if (v.is_int()) return mix(2, std::hash<int64_t>()(v.to_int()));
  if (v.is_double()) {
    double d = v.to_double();
    uint64_t bits;
    std::memcpy(&bits, &d, sizeof bits);
    return mix(3, std::hash<uint64_t>()(bits));
  }
  if (v.is_string()) return mix(4, std::hash<std::string_view>()(v.to_string()));
  if (v.is_none()) return 5;
  if (v.is_list() || v.is_tuple()) {
    size_t h = v.is_list() ? 6 : 7;
    for (const IValue& x : v.items()) h = mix(h, constant_hash(x));
    return h;
  }
  if (v.is_device()) return mix(8, std::hash<std::string>()(v.to_device().str()));
  if (v.is_dtype()) return mix(9, size_t(v.to_dtype()));
  return mix(10, std::hash<const void*>()(&v));
}

bool constant_equal(const IValue& a, const IValue& b) {
  if (a.is_bool() || b.is_bool()) return a.is_bool() && b.is_bool() && a.to_bool() == b.to_bool();
  if (a.is_int() || b.is_int()) return a.is_int() && b.is_int() && a.to_int() == b.to_int();
  if (a.is_double() || b.is_double()) {
    if (!a.is_double() || !b.is_double()) return false;
    double x = a.to_double(), y = b.to_double();
    return std::memcmp(&x, &y, sizeof x) == 0;  // bit patterns, as ivalue_key
  }
  if (a.is_string() || b.is_string()) return a.is_string() && b.is_string() && a.to_string() == b.to_string();
  if (a.is_none() || b.is_none()) return a.is_none() && b.is_none();
  if (a.is_list() || a.is_tuple() || b.is_list() || b.is_tuple()) {
    if (a.is_list() != b.is_list() || a.is_tuple() != b.is_tuple()) return false;
    const auto& x = a.items();
    const auto& y = b.items();
    if (x.size() != y.size()) return false;
    for (size_t i = 0; i < x.size(); ++i)
      if (!constant_equal(x[i], y[i])) return false;
    return true;
  }
  if (a.is_device() || b.is_device()) return a.is_device() && b.is_device() && a.to_device().str() == b.to_device().str();
  if (a.is_dtype() || b.is_dtype()) return a.is_dtype() && b.is_dtype() && a.to_dtype() == b.to_dtype();
  return &a == &b;  // tensors and others: only the same object
}

bool is_pure(const Node& n) {
  if (!n.blocks.empty()) return false;
  Symbol k = n.kind;
  if (k == kinds::Constant || k == kinds::TupleConstruct || k == kinds::TupleIndex ||
      k == kinds::TupleUnpack || k == kinds::is || k == kinds::isnot ||
      k == kinds::unchecked_cast)
    return true;
  if (is_scalar_node(n)) {
    // __getitem__ on a list or dict may raise and reads mutable data.
    if (k == kinds::getitem && !n.inputs.empty()) {
      TypeKind c = n.inputs[0]->type->kind;
      return c == TypeKind::Str || c == TypeKind::Tuple;
    }
    return true;
  }
  if (n.op && k.is_aten()) return registry_pure(*n.op);
  return false;
}

bool reads_memory(const Node& n) {
  if (n.is(kinds::Constant) || n.is(kinds::is) || n.is(kinds::isnot)) return false;
  if (n.op) return true;
  return reads_mutable_input(n);
}

namespace {

using Range = std::pair<int64_t, int64_t>;

// Bounds on an int or bool value that the graph shows (constants, bools, loop counters, lengths,
// sums and products of those), or nullopt for anything else (which may be any int64).
std::optional<Range> int_range(const Value* v, int depth = 0) {
  if (v->type->kind == TypeKind::Bool) return Range{0, 1};
  if (v->type->kind != TypeKind::Int || depth > 8) return std::nullopt;
  if (const IValue* c = constant_value(v)) {
    if (c->is_int()) return Range{c->to_int(), c->to_int()};
    if (c->is_bool()) return Range{c->to_bool(), c->to_bool()};
    return std::nullopt;
  }
  const Node* n = v->node;
  // A loop's counter counts from 0 and stays below its int64 trip count.
  if (n->is(kinds::Param) && v->offset == 0 && n->owner && n->owner->owner && n->owner->owner->is(kinds::Loop))
    return Range{0, INT64_MAX - 1};
  // Lengths of lists and strings are bounded by memory.
  if (n->is(kinds::len) && !n->op) return Range{0, int64_t(1) << 48};
  if (n->op || n->inputs.size() != 2 || !(n->is(kinds::add) || n->is(kinds::sub) || n->is(kinds::mul)))
    return std::nullopt;
  auto a = int_range(n->inputs[0], depth + 1);
  if (!a) return std::nullopt;
  auto b = int_range(n->inputs[1], depth + 1);
  if (!b) return std::nullopt;
  __int128 lo, hi;
  if (n->is(kinds::add)) {
    lo = __int128(a->first) + b->first, hi = __int128(a->second) + b->second;
  } else if (n->is(kinds::sub)) {
    lo = __int128(a->first) - b->second, hi = __int128(a->second) - b->first;
  } else {
    __int128 p[] = {__int128(a->first) * b->first, __int128(a->first) * b->second,
                    __int128(a->second) * b->first, __int128(a->second) * b->second};
    lo = *std::min_element(p, p + 4), hi = *std::max_element(p, p + 4);
  }
  if (lo < INT64_MIN || hi > INT64_MAX) return std::nullopt;
  return Range{int64_t(lo), int64_t(hi)};
}

// Int `+ - * neg abs //` may overflow 64 bits (Ts raises OverflowError) unless the operands'
// bounds rule it out.
bool int_may_overflow(const Node& n) {
  for (const Value* v : n.inputs)
    if (v->type->kind == TypeKind::Float) return false;  // a float result
  Symbol k = n.kind;
  if (k == kinds::neg || k == kinds::abs) {
    auto a = int_range(n.inputs[0]);
    return !a || a->first == INT64_MIN;
  }
  if (k == kinds::floordiv || k == kinds::remainder) {
    if (k == kinds::remainder) return false;  // x % -1 is 0
    auto a = int_range(n.inputs[0]), b = int_range(n.inputs[1]);
    bool minus_one = !b || (b->first <= -1 && b->second >= -1);
    return minus_one && (!a || a->first == INT64_MIN);  // INT64_MIN // -1
  }
  // add, sub, mul: x + 0, x - 0, x - x, x * 0, x * 1 fit whatever x is; otherwise the interval of
  // the result must.
  auto is = [&](size_t i, int64_t lo, int64_t hi) {
    auto r = int_range(n.inputs[i]);
    return r && r->first >= lo && r->second <= hi;
  };
  if (n.inputs.size() == 2) {
    if (k == kinds::add && (is(0, 0, 0) || is(1, 0, 0))) return false;
    if (k == kinds::sub && (is(1, 0, 0) || n.inputs[0] == n.inputs[1])) return false;
    if (k == kinds::mul && (is(0, 0, 1) || is(1, 0, 1))) return false;
  }
  return !int_range(n.outputs[0]);
}

// Registry ops that raise for no input (no shape, dtype or index check): everything else may
// raise, as no pass knows tensor shapes.
bool op_never_raises(const Node& n) {
  static const char* const kNever[] = {"detach", "alias", "numel", "dim", "is_floating_point", "is_complex",
                                       "is_contiguous", "requires_grad_"};
  const std::string& name = n.op->schema.name;
  for (const char* s : kNever)
    if (name == s) return true;
  // clone() with the default memory format (another format can fail on the tensor's rank).
  if (name == "clone") return n.inputs.size() == 1 || (constant_value(n.inputs[1]) && constant_value(n.inputs[1])->is_none());
  return false;
}

using Shape = std::vector<int64_t>;

// Sizes given as a ListConstruct of small nonnegative int constants.
std::optional<Shape> constant_sizes(const Value* v) {
  if (!v->node || !v->node->is(kinds::ListConstruct)) return std::nullopt;
  Shape s;
  int64_t numel = 1;
  for (const Value* x : v->node->inputs) {
    const IValue* c = constant_value(x);
    if (!c || !c->is_int() || c->to_int() < 0 || c->to_int() > (int64_t(1) << 20)) return std::nullopt;
    s.push_back(c->to_int());
    numel *= c->to_int();
    if (numel > (int64_t(1) << 30)) return std::nullopt;
  }
  return s;
}

std::optional<Shape> broadcast(const Shape& a, const Shape& b) {
  Shape r(std::max(a.size(), b.size()));
  for (size_t i = 0; i < r.size(); ++i) {
    int64_t x = i < a.size() ? a[a.size() - 1 - i] : 1, y = i < b.size() ? b[b.size() - 1 - i] : 1;
    if (x != y && x != 1 && y != 1) return std::nullopt;
    r[r.size() - 1 - i] = x == 1 ? y : x;
  }
  return r;
}

bool is_number(const Value* v) { return v->type->kind == TypeKind::Int || v->type->kind == TypeKind::Float; }

// The shape of a floating-point tensor whose making the graph shows and which cannot raise:
// zeros/ones/empty of constant sizes with every option None (the default float dtype, CPU),
// and add/sub/mul/div of such tensors that broadcast (or of one and a number). Float tensor
// arithmetic checks nothing else. Else nullopt: shapes are not known in general.
std::optional<Shape> known_float_shape(const Node& n, int depth = 0) {
  if (!n.op || n.outputs.size() != 1 || depth > 8) return std::nullopt;
  const std::string& name = n.op->schema.name;
  const std::string& ov = n.op->schema.overload;
  if ((name == "zeros" || name == "ones" || name == "empty") && (ov.empty() || ov == "memory_format")) {
    if (n.inputs.empty()) return std::nullopt;
    for (size_t i = 1; i < n.inputs.size(); ++i) {
      const IValue* c = constant_value(n.inputs[i]);
      if (!c || !c->is_none()) return std::nullopt;
    }
    return constant_sizes(n.inputs[0]);
  }
  bool binary = (name == "add" || name == "sub" || name == "mul" || name == "div") && (ov == "Tensor" || ov == "Scalar");
  if (!binary || n.inputs.size() < 2 || n.inputs.size() > 3) return std::nullopt;
  if (n.inputs.size() == 3 && !is_number(n.inputs[2])) return std::nullopt;  // alpha
  auto operand = [&](const Value* v) -> std::optional<Shape> {
    if (is_number(v)) return Shape{};
    if (v->type->kind != TypeKind::Tensor || !v->node) return std::nullopt;
    return known_float_shape(*v->node, depth + 1);
  };
  if (n.inputs[0]->type->kind != TypeKind::Tensor) return std::nullopt;
  auto a = operand(n.inputs[0]);
  if (!a) return std::nullopt;
  auto b = operand(n.inputs[1]);
  if (!b) return std::nullopt;
  return broadcast(*a, *b);
}

}  // namespace

bool may_raise(const Node& n) {
  Symbol k = n.kind;
  if (n.op) return !op_never_raises(n) && !known_float_shape(n);
  if (k == kinds::Constant || k == kinds::TupleConstruct || k == kinds::TupleUnpack ||
      k == kinds::is || k == kinds::isnot || k == kinds::unchecked_cast ||
      k == kinds::ListConstruct)
    return false;
  if (k == kinds::TupleIndex) {
    const IValue* i = n.inputs.size() == 2 ? constant_value(n.inputs[1]) : nullptr;
    if (!i || !i->is_int()) return true;
    int64_t size = int64_t(n.inputs[0]->type->args.size());
    return n.inputs[0]->type->kind != TypeKind::Tuple || i->to_int() < -size || i->to_int() >= size;
  }
  if (is_scalar_node(n)) {
    // Division, pow, shifts and parsing casts may raise; int arithmetic may overflow (see
    // README, Note [What may raise]).
    static constexpr Symbol kSafe[] = {kinds::eq,    kinds::ne,   kinds::lt,     kinds::le,  kinds::gt,
                                       kinds::ge,    kinds::not_, kinds::Bool,   kinds::len, kinds::and_,
                                       kinds::or_,   kinds::xor_, kinds::invert, kinds::min, kinds::max};
    for (Symbol s : kSafe)
      if (k == s) return false;
    bool numbers = !n.inputs.empty();
    for (const Value* v : n.inputs) {
      TypeKind t = v->type->kind;
      numbers &= t == TypeKind::Int || t == TypeKind::Float || t == TypeKind::Bool;
    }
    if (numbers && (k == kinds::Float || k == kinds::Str)) return false;
    if (numbers && n.outputs.size() == 1 &&
        (k == kinds::add || k == kinds::sub || k == kinds::mul || k == kinds::neg || k == kinds::abs))
      return int_may_overflow(n);
    // Division by a nonzero constant cannot raise, except an int's INT64_MIN // -1.
    if (numbers && n.inputs.size() == 2 &&
        (k == kinds::floordiv || k == kinds::remainder || k == kinds::div)) {
      const IValue* d = constant_value(n.inputs[1]);
      if (d && d->is_double() && d->to_double() != 0) return false;
      if (d && d->is_int() && d->to_int() != 0) return k != kinds::div && int_may_overflow(n);
    }
    return true;
  }
  return true;
}

bool removable(const Node& n) {
  if (!n.blocks.empty()) return false;
  if (is_pure(n)) return true;
  Symbol k = n.kind;
  return k == kinds::ListConstruct || k == kinds::DictConstruct || k == kinds::Uninitialized ||
         k == kinds::GetAttr || k == kinds::isinstance || k == kinds::MakeClosure;
}

bool has_side_effects(const Node& n) {
  if (n.is(kinds::Try)) return true;  // exception handling: kept whole (its blocks are still optimized)
  if (n.is(kinds::If) || n.is(kinds::Loop)) {
    for (const Block* b : n.blocks)
      for (const Node* m : *b)
        if (has_side_effects(*m)) return true;
    return false;
  }
  return !removable(n);
}

bool terminates(const Node& loop) {
  // A `while` loop's trip count is the INT64_MAX constant: whether its condition ever turns
  // false is not decided here, so it may run forever. Any other trip count is finite.
  const IValue* trip = constant_value(loop.inputs[0]);
  return !(trip && trip->is_int() && trip->to_int() == INT64_MAX);
}

bool must_keep(const Node& n) {
  if (n.is(kinds::Try)) return true;
  if (n.is(kinds::If) || n.is(kinds::Loop)) {
    if (n.is(kinds::Loop) && !terminates(n)) return true;
    for (const Block* b : n.blocks)
      for (const Node* m : *b)
        if (must_keep(*m)) return true;
    return false;
  }
  return !removable(n) || (is_pure(n) && may_raise(n));
}

bool only_read(const Value* v, int depth) {
  if (depth > 8) return false;
  for (const Use& u : v->uses) {
    const Node* n = u.user;
    // Block outputs (graph results, If/Loop values) and impure users may mutate or keep it.
    if (!is_pure(*n)) return false;
    bool passes_on = !n->op;  // tuples, casts: the value lives on in the output
    if (n->op)
      for (const auto& r : n->op->schema.returns) passes_on |= !r.type.alias.empty();  // views
    if (!passes_on) continue;
    for (const Value* o : n->outputs)
      if (is_mutable_type(o->type) && !only_read(o, depth + 1)) return false;
  }
  return true;
}

const IValue* constant_value(const Value* v) {
  static const IValue kNone;
  if (!v->node || !v->node->is(kinds::Constant)) return nullptr;
  const IValue* a = v->node->attr(attr_names::value);
  return a ? a : &kNone;
}

bool is_constant(const Value* v, int64_t i) {
  const IValue* c = constant_value(v);
  return c && c->is_int() && c->to_int() == i && v->type->kind == TypeKind::Int;
}

bool is_constant_true(const Value* v) {
  const IValue* c = constant_value(v);
  return c && c->is_bool() && c->to_bool();
}

bool constant_fits(const IValue& v, const Type* t) {
  switch (t->kind) {
    case TypeKind::Any: return !v.is_tensor();
    case TypeKind::None: return v.is_none();
    case TypeKind::Bool: return v.is_bool();
    case TypeKind::Int: return v.is_int();
    case TypeKind::Float: return v.is_double();
    case TypeKind::Str: return v.is_string();
    case TypeKind::Number: return v.is_int() || v.is_double() || v.is_bool();
    case TypeKind::Optional: return v.is_none() || constant_fits(v, t->args[0]);
    case TypeKind::Tuple: {
      if (!v.is_tuple() || v.items().size() != t->args.size()) return false;
      for (size_t i = 0; i < t->args.size(); ++i)
        if (!constant_fits(v.items()[i], t->args[i])) return false;
      return true;
    }
    default: return false;  // lists, dicts, tensors, objects: never made into constants here
  }
}

bool is_mutable_type(const Type* t) {
  if (t->kind == TypeKind::List || t->kind == TypeKind::Dict || t->kind == TypeKind::Class ||
      t->kind == TypeKind::Any || t->kind == TypeKind::Tensor)
    return true;
  for (const Type* a : t->args)
    if (is_mutable_type(a)) return true;
  return false;
}

Value* insert_constant(Graph& g, const IValue& v, const Type* t, Node* at) {
  Node* c = g.create(kinds::Constant, {}, {t});
  if (!v.is_none()) c->set_attr(attr_names::value, v);
  c->insert_before(at);
  return c->outputs[0];
}

void replace_node(Node* n, const std::vector<Value*>& with) {
  for (size_t i = 0; i < n->outputs.size(); ++i) n->outputs[i]->replace_all_uses_with(with[i]);
  n->destroy();
}

size_t block_size(const Block& b, size_t limit) {
  size_t size = 0;
  for (const Node* n : b) {
    if (size > limit) break;
    ++size;
    for (const Block* s : n->blocks) size += block_size(*s, limit - std::min(limit, size));
  }
  return size;
}

}  // namespace ts::passes
