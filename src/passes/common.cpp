// Node properties shared by the passes. The pure set is the one src/ir/README.md lists.
#include "passes/common.h"

#include <cstring>

#include "ir/scalar_eval.h"
#include "ops/registry.h"

namespace ts::passes {

using namespace ir;

namespace {

bool starts_with(const std::string& s, const char* p) { return s.rfind(p, 0) == 0; }

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
bool is_scalar_node(const Node& n) { return starts_with(n.kind, "aten::") && !n.op && is_scalar_kind(n.kind); }

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

void key_ivalue(std::string& k, const IValue& v) {
  auto num = [&](char tag, int64_t x) {
    k += tag;
    k += std::to_string(x);
  };
  if (v.is_bool()) {
    num('b', v.to_bool());
  } else if (v.is_int()) {
    num('i', v.to_int());
  } else if (v.is_double()) {
    double d = v.to_double();
    int64_t bits;
    static_assert(sizeof bits == sizeof d);
    std::memcpy(&bits, &d, sizeof bits);
    num('d', bits);  // bit patterns: 0.0 and -0.0 differ, every nan payload is itself
  } else if (v.is_string()) {
    num('s', int64_t(v.to_string().size()));
    k += ':';
    k += v.to_string();
  } else if (v.is_none()) {
    k += 'N';
  } else if (v.is_list() || v.is_tuple()) {
    k += v.is_list() ? '[' : '(';
    for (const IValue& x : v.items()) {
      key_ivalue(k, x);
      k += ',';
    }
    k += v.is_list() ? ']' : ')';
  } else if (v.is_device()) {
    k += 'D';
    k += v.to_device().str();
  } else if (v.is_dtype()) {
    num('T', int(v.to_dtype()));
  } else {
    num('?', int64_t(reinterpret_cast<intptr_t>(&v)));  // tensors and others never compare equal
  }
}

}  // namespace

std::string ivalue_key(const IValue& v) {
  std::string k;
  key_ivalue(k, v);
  return k;
}

bool is_pure(const Node& n) {
  if (!n.blocks.empty()) return false;
  const std::string& k = n.kind;
  if (k == "prim::Constant" || k == "prim::TupleConstruct" || k == "prim::TupleIndex" ||
      k == "prim::TupleUnpack" || k == "aten::__is__" || k == "aten::__isnot__" ||
      k == "prim::unchecked_cast")
    return true;
  if (is_scalar_node(n)) {
    // __getitem__ on a list or dict may raise and reads mutable data.
    if (k == "aten::__getitem__" && !n.inputs.empty()) {
      TypeKind c = n.inputs[0]->type->kind;
      return c == TypeKind::Str || c == TypeKind::Tuple;
    }
    return true;
  }
  if (starts_with(k, "aten::") && n.op) return registry_pure(*n.op);
  return false;
}

bool reads_memory(const Node& n) {
  if (n.is("prim::Constant") || n.is("aten::__is__") || n.is("aten::__isnot__")) return false;
  if (n.op) return true;
  return reads_mutable_input(n);
}

bool may_raise(const Node& n) {
  const std::string& k = n.kind;
  if (n.op) return true;  // tensor ops check shapes and dtypes
  if (k == "prim::Constant" || k == "prim::TupleConstruct" || k == "prim::TupleUnpack" ||
      k == "aten::__is__" || k == "aten::__isnot__" || k == "prim::unchecked_cast" ||
      k == "prim::ListConstruct")
    return false;
  if (k == "prim::TupleIndex") {
    const IValue* i = n.inputs.size() == 2 ? constant_value(n.inputs[1]) : nullptr;
    if (!i || !i->is_int()) return true;
    int64_t size = int64_t(n.inputs[0]->type->args.size());
    return n.inputs[0]->type->kind != TypeKind::Tuple || i->to_int() < -size || i->to_int() >= size;
  }
  if (is_scalar_node(n)) {
    // Overflow of int add/sub/mul is not counted as raising (see README, Note [LICM and
    // raising nodes]); division, pow, shifts and parsing casts may raise.
    static const char* const kSafe[] = {"aten::eq", "aten::ne", "aten::lt", "aten::le", "aten::gt",
                                        "aten::ge", "aten::__not__", "aten::Bool", "aten::len",
                                        "aten::__and__", "aten::__or__", "aten::__xor__",
                                        "aten::__invert__", "aten::min", "aten::max"};
    for (const char* s : kSafe)
      if (k == s) return false;
    bool numbers = !n.inputs.empty();
    for (const Value* v : n.inputs) {
      TypeKind t = v->type->kind;
      numbers &= t == TypeKind::Int || t == TypeKind::Float || t == TypeKind::Bool;
    }
    if (numbers && (k == "aten::add" || k == "aten::sub" || k == "aten::mul" || k == "aten::neg" ||
                    k == "aten::abs" || k == "aten::Float" || k == "aten::str"))
      return false;
    // Division by a nonzero constant cannot raise.
    if (numbers && n.inputs.size() == 2 &&
        (k == "aten::floordiv" || k == "aten::remainder" || k == "aten::div")) {
      const IValue* d = constant_value(n.inputs[1]);
      if (d && ((d->is_int() && d->to_int() != 0) || (d->is_double() && d->to_double() != 0))) return false;
    }
    return true;
  }
  return true;
}

bool removable(const Node& n) {
  if (!n.blocks.empty()) return false;
  // A dead `a // b` still raises ZeroDivisionError when b is 0, so scalar nodes that may raise
  // stay; tensor ops are removed as PyTorch does (see README, Note [What DCE may delete]).
  if (is_pure(n)) return n.op || !may_raise(n);
  const std::string& k = n.kind;
  return k == "prim::ListConstruct" || k == "prim::DictConstruct" || k == "prim::Uninitialized" ||
         k == "prim::GetAttr" || k == "prim::isinstance" || k == "prim::MakeClosure";
}

bool has_side_effects(const Node& n) {
  if (n.is("prim::Try")) return true;  // exception handling: kept whole (its blocks are still optimized)
  if (n.is("prim::If") || n.is("prim::Loop")) {
    for (const Block* b : n.blocks)
      for (const Node* m : *b)
        if (has_side_effects(*m)) return true;
    return false;
  }
  return !removable(n);
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
  if (!v->node || !v->node->is("prim::Constant")) return nullptr;
  const IValue* a = v->node->attr("value");
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
  Node* c = g.create("prim::Constant", {}, {t});
  if (!v.is_none()) c->set_attr("value", v);
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
