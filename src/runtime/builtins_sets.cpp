// Python's set, as a dict whose values are None tagged "set" (src/frontend/check/
// check_python_builtins.cpp, Note [Sets are dicts]): set(), its methods, | & - ^, and repr.
#include "runtime/builtins.h"
#include "runtime/collections.h"
#include "util/error.h"

namespace ts::runtime {

const char* const kSet = "set";

namespace {

IValue::Dict& D(const IValue& v) { return *v.dict_ptr(); }

IValue new_set() {
  IValue d = IValue::dict();
  d.dict_ptr()->type_name = kSet;
  return d;
}

IValue set_of(Interp& I, const IValue& iterable) {
  IValue s = new_set();
  for (const IValue& x : iterate_value(I, iterable)) D(s).set(x, IValue());
  return s;
}

// The elements of `v` (a set, or any iterable for the methods that take one).
std::vector<IValue> elements(Interp& I, const IValue& v) {
  if (v.is_dict()) {
    std::vector<IValue> r;
    for (const auto& [k, x] : D(v).items) r.push_back(k);
    return r;
  }
  return iterate_value(I, v);
}

bool has(const IValue& s, const IValue& x) { return D(s).find(x) != nullptr; }

IValue b_set(Interp& I, Args& a, const Kw&) { return a.empty() ? new_set() : set_of(I, a[0]); }

IValue s_add(Interp&, Args& a, const Kw&) {
  D(a[0]).set(a[1], IValue());
  return IValue();
}
IValue s_discard(Interp&, Args& a, const Kw&) {
  D(a[0]).erase(a[1]);
  return IValue();
}
IValue s_remove(Interp& I, Args& a, const Kw&) {
  if (!has(a[0], a[1])) raise("KeyError", py_repr(I, a[1]));
  D(a[0]).erase(a[1]);
  return IValue();
}
IValue s_update(Interp& I, Args& a, const Kw&) {
  for (size_t i = 1; i < a.size(); ++i)
    for (const IValue& x : elements(I, a[i])) D(a[0]).set(x, IValue());
  return IValue();
}
IValue s_copy(Interp&, Args& a, const Kw&) {
  IValue s = new_set();
  for (const auto& [k, x] : D(a[0]).items) D(s).set(k, IValue());
  return s;
}
IValue s_clear(Interp&, Args& a, const Kw&) {
  D(a[0]).clear();
  return IValue();
}
IValue s_pop(Interp&, Args& a, const Kw&) {
  if (D(a[0]).items.empty()) raise("KeyError", "'pop from an empty set'");
  IValue x = D(a[0]).items.front().first;
  D(a[0]).erase(x);
  return x;
}

// union / intersection / difference / symmetric_difference of a set and iterables: a new set.
IValue combine(Interp& I, const IValue& s, const std::vector<IValue>& others, char op) {
  IValue r = new_set();
  if (op == '|') {
    for (const auto& [k, x] : D(s).items) D(r).set(k, IValue());
    for (const IValue& o : others)
      for (const IValue& x : elements(I, o)) D(r).set(x, IValue());
    return r;
  }
  if (op == '^') {
    IValue other = others.empty() ? new_set() : set_of(I, others[0]);
    for (const auto& [k, x] : D(s).items)
      if (!has(other, k)) D(r).set(k, IValue());
    for (const auto& [k, x] : D(other).items)
      if (!has(s, k)) D(r).set(k, IValue());
    return r;
  }
  std::vector<IValue> sets;
  for (const IValue& o : others) sets.push_back(set_of(I, o));
  for (const auto& [k, x] : D(s).items) {
    bool keep = true;
    for (const IValue& o : sets) keep &= op == '&' ? has(o, k) : !has(o, k);
    if (keep) D(r).set(k, IValue());
  }
  return r;
}
IValue s_union(Interp& I, Args& a, const Kw&) { return combine(I, a[0], {a.begin() + 1, a.end()}, '|'); }
IValue s_intersection(Interp& I, Args& a, const Kw&) { return combine(I, a[0], {a.begin() + 1, a.end()}, '&'); }
IValue s_difference(Interp& I, Args& a, const Kw&) { return combine(I, a[0], {a.begin() + 1, a.end()}, '-'); }
IValue s_symmetric_difference(Interp& I, Args& a, const Kw&) {
  return combine(I, a[0], {a.begin() + 1, a.end()}, '^');
}
IValue s_issubset(Interp& I, Args& a, const Kw&) {
  IValue other = set_of(I, a[1]);
  for (const auto& [k, x] : D(a[0]).items)
    if (!has(other, k)) return IValue(false);
  return IValue(true);
}
IValue s_issuperset(Interp& I, Args& a, const Kw&) {
  for (const IValue& x : elements(I, a[1]))
    if (!has(a[0], x)) return IValue(false);
  return IValue(true);
}
IValue s_isdisjoint(Interp& I, Args& a, const Kw&) {
  for (const IValue& x : elements(I, a[1]))
    if (has(a[0], x)) return IValue(false);
  return IValue(true);
}

}  // namespace

bool is_set(const IValue& v) { return v.is_dict() && D(v).type_name == kSet; }

std::optional<IValue> set_op(Interp& I, const std::string& kind, const std::vector<IValue>& in) {
  if (in.size() != 2 || !is_set(in[0]) || !is_set(in[1])) return std::nullopt;
  char op = kind == "aten::__or__" ? '|' : kind == "aten::__and__" ? '&' : kind == "aten::sub" ? '-'
            : kind == "aten::__xor__" ? '^' : 0;
  if (!op) return std::nullopt;
  return combine(I, in[0], {in[1]}, op);
}

std::string set_repr(Interp& I, const IValue& v) {
  if (D(v).items.empty()) return "set()";
  std::string s = "{";
  for (size_t i = 0; i < D(v).items.size(); ++i) s += (i ? ", " : "") + py_repr(I, D(v).items[i].first);
  return s + "}";
}

const std::map<std::string, BuiltinFn>& set_builtins() {
  static const std::map<std::string, BuiltinFn> m = {
      {"set", b_set}, {"set.add", s_add}, {"set.discard", s_discard}, {"set.remove", s_remove},
      {"set.update", s_update}, {"set.copy", s_copy}, {"set.clear", s_clear}, {"set.pop", s_pop},
      {"set.union", s_union}, {"set.intersection", s_intersection}, {"set.difference", s_difference},
      {"set.symmetric_difference", s_symmetric_difference}, {"set.issubset", s_issubset},
      {"set.issuperset", s_issuperset}, {"set.isdisjoint", s_isdisjoint}};
  return m;
}

}  // namespace ts::runtime
