#include "ir/resolve.h"

#include "ops/registry.h"

namespace ts::ir {

namespace {

using K = ops::SchemaType::Kind;

bool dynamic(const Type* t) { return t->kind == TypeKind::Any; }
bool number(const Type* t) {
  return t->kind == TypeKind::Int || t->kind == TypeKind::Float || t->kind == TypeKind::Bool ||
         t->kind == TypeKind::Number;
}

// wrap: a 0-d tensor may fill a Scalar parameter; numbers: a number may fill a Tensor one (only in
// the ops PyTorch's argument parser allows it for, ops::numbers_as_tensors).
bool fits_scalar(const Type* t, K k, bool wrap, bool numbers) {
  if (dynamic(t)) return true;
  switch (k) {
    case K::Tensor: return t->kind == TypeKind::Tensor || (numbers && number(t));
    case K::Int: return t->kind == TypeKind::Int || t->kind == TypeKind::Bool;
    case K::Float: return t->kind == TypeKind::Float || t->kind == TypeKind::Int;
    case K::Bool: return t->kind == TypeKind::Bool;
    case K::Str: return t->kind == TypeKind::Str;
    case K::Scalar: return number(t) || (wrap && t->kind == TypeKind::Tensor);  // a 0-d tensor, checked at run time
    case K::ScalarType: return t->kind == TypeKind::DType;
    case K::Device: return t->kind == TypeKind::Device || t->kind == TypeKind::Str;
    case K::Any:
    case K::TypeVar: return true;
    default: return false;
  }
}

bool fits(const Type* t, const ops::SchemaType& s, bool wrap, bool numbers) {
  if (dynamic(t)) return true;
  if (t->kind == TypeKind::None) return s.optional;
  if (t->kind == TypeKind::Optional) return s.optional && fits(t->args[0], s, wrap, numbers);
  if (s.list) {
    auto elem = [&](const Type* e) {
      if (e->kind == TypeKind::None) return s.optional_elem;
      if (e->kind == TypeKind::Optional) return s.optional_elem && fits_scalar(e->args[0], s.kind, wrap, numbers);
      return fits_scalar(e, s.kind, wrap, numbers);
    };
    if (t->kind == TypeKind::List) return dynamic(t->args[0]) || elem(t->args[0]);
    if (t->kind == TypeKind::Tuple) {
      for (const Type* e : t->args)
        if (!elem(e)) return false;
      return true;
    }
    return s.kind == K::Int && t->kind == TypeKind::Int;  // dim=1 for int[1]
  }
  return fits_scalar(t, s.kind, wrap, numbers);
}

std::optional<OpBinding> try_bind(const ops::OpDef& op, const std::vector<const Type*>& pos,
                                  const std::vector<std::pair<std::string, const Type*>>& kw, bool wrap,
                                  bool strict) {
  const auto& args = op.schema.args;
  OpBinding b;
  b.op = &op;
  b.params.resize(args.size());
  std::vector<bool> filled(args.size(), false);
  const bool numbers = wrap && ops::numbers_as_tensors(op.schema.name);
  std::string kinds;  // Note [Packed int arguments]
  for (const Type* t : pos) kinds += t->kind == TypeKind::Int ? 'i' : t->kind == TypeKind::Any ? 'd' : 'o';
  size_t ai = 0, pi = 0;
  while (pi < pos.size()) {
    if (ai >= args.size() || args[ai].kwarg_only) return std::nullopt;
    const auto& sa = args[ai];
    bool self = ai == 0 && sa.name == "self";
    if (size_t n = ops::packed_int_arguments(op.schema, ai, kinds, pi)) {
      for (size_t k = 0; k < n; ++k) b.params[ai].positional.push_back(pi++);
    } else {
      if (!fits(pos[pi], sa.type, wrap && !self, numbers)) return std::nullopt;
      b.params[ai].positional.push_back(pi++);
    }
    filled[ai++] = true;
  }
  for (size_t k = 0; k < kw.size(); ++k) {
    size_t idx = args.size();
    for (size_t j = 0; j < args.size(); ++j)
      if (args[j].name == kw[k].first || (kw[k].first == "input" && args[j].name == "self")) idx = j;
    if (idx == args.size() || filled[idx] || !fits(kw[k].second, args[idx].type, wrap, numbers)) return std::nullopt;
    b.params[idx].keyword = int(k);
    filled[idx] = true;
  }
  // Strict: an optional parameter without a default must be given (PyTorch's rule: x.sum() is
  // sum(self, *, dtype), not sum.dim_IntList with dim=None); lenient: it may be left None.
  for (size_t j = 0; j < args.size(); ++j)
    if (!filled[j] && !args[j].default_value && (strict || !args[j].type.optional)) return std::nullopt;
  return b;
}

}  // namespace

std::optional<OpBinding> bind_op(const std::string& name, const std::vector<const Type*>& pos,
                                 const std::vector<std::pair<std::string, const Type*>>& kw,
                                 bool method, const ops::OpDef* only, bool any_variant) {
  auto& reg = ops::Registry::get();
  bool wants_out = false;
  for (const auto& k : kw) wants_out |= k.first == "out";
  for (bool strict : {true, false}) {
    for (bool wrap : {false, true}) {
      for (const ops::OpDef* op : reg.overloads(name)) {
        if (only && op != only) continue;
        if (!any_variant && (method ? !op->is_method : !op->is_function)) continue;
        // An out= variant is called with `out=`, or with its named outputs (`sign=s, logabsdet=l`).
        bool names_output = false;
        for (const auto& k : kw)
          for (const auto& a : op->schema.args) names_output |= a.kwarg_only && a.type.is_write && a.name == k.first;
        if (op->schema.is_out() != (wants_out || names_output)) continue;
        if (auto b = try_bind(*op, pos, kw, wrap, strict)) return b;
      }
    }
  }
  return std::nullopt;
}

}  // namespace ts::ir
