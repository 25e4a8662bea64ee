// Iteration: what Python's `for` and iter()/next() yield over lists, tuples, dicts, strs,
// tensors and script objects with `__iter__`/`__next__` or `__len__`/`__getitem__`; the native
// iterator iter() makes of a sequence; the cells `for x in obj` keeps its iterator in.
#include <optional>

#include "ops/api_shape.h"
#include "runtime/builtins.h"
#include "util/utf8_code_points.h"

namespace ts::runtime {

namespace {

// iter(x) on a list, tuple, dict, str or tensor: a native iterator over its elements.
struct SeqIter : IValue::Object {
  std::vector<IValue> items;
  size_t pos = 0;
  std::string type_name() const override { return "iterator"; }
};

bool is_script_object(const IValue& v) { return v.is_object() && dynamic_cast<ScriptObject*>(v.object_ptr().get()); }

// The native iterator iter() makes of a sequence, or null.
SeqIter* seq_iter(const IValue& v) { return v.is_object() ? dynamic_cast<SeqIter*>(v.object_ptr().get()) : nullptr; }

std::vector<IValue> iterate(Interp& I, const IValue& v) {
  if (v.is_list() || v.is_tuple()) return v.items();
  if (v.is_object()) {
    if (auto* s = dynamic_cast<SeqIter*>(v.object_ptr().get())) {
      std::vector<IValue> rest(s->items.begin() + int64_t(s->pos), s->items.end());
      s->pos = s->items.size();
      return rest;
    }
    auto* o = dynamic_cast<ScriptObject*>(v.object_ptr().get());
    if (o && o->cls->method("__iter__")) {  // the iterator protocol
      std::vector<IValue> none, r;
      IValue it = I.call_method(v, "__iter__", none);
      if (seq_iter(it)) return iterate(I, it);  // `return iter(self.items)`
      if (!is_script_object(it)) raise("TypeError", "iter() returned non-iterator of type '" + it.type_name() + "'");
      for (;;) {
        try {
          r.push_back(I.call_method(it, "__next__", none));
        } catch (ScriptError& e) {
          if (!e.is("StopIteration")) throw;
          return r;
        }
      }
    }
    if (o && o->cls->method("__len__") && o->cls->method("__getitem__")) {
      std::vector<IValue> none, r;
      int64_t n = I.call_method(v, "__len__", none).to_int();
      for (int64_t i = 0; i < n; ++i) {
        std::vector<IValue> idx = {IValue(i)};
        r.push_back(I.call_method(v, "__getitem__", idx));
      }
      return r;
    }
  }
  if (v.is_dict()) {
    std::vector<IValue> r;
    for (const auto& [k, x] : v.dict_ptr()->items) r.push_back(k);
    return r;
  }
  if (v.is_string()) {
    std::vector<IValue> r;
    const std::string& str = v.to_string();  // one str per code point
    std::vector<size_t> at = util::code_point_starts(str);
    for (size_t k = 0; k + 1 < at.size(); ++k) r.emplace_back(str.substr(at[k], at[k + 1] - at[k]));
    return r;
  }
  if (v.is_tensor()) {
    std::vector<IValue> r;
    if (v.to_tensor().dim() == 0) raise("TypeError", "iteration over a 0-d tensor");
    for (const Tensor& t : unbind(v.to_tensor(), 0)) r.emplace_back(t);
    return r;
  }
  (void)I;
  raise("TypeError", "'" + v.type_name() + "' object is not iterable");
}

}  // namespace

// ---- the iterator protocol ----
// `for x in obj` over a class with `__iter__`: one cell holds the iterator and its current
// element; iter_advance calls `__next__` and turns StopIteration into the end of the loop.
struct IterCell : IValue::Object {
  IValue it, value;
  std::string type_name() const override { return "iterator"; }
};

IValue b_iter_start(Interp&, std::vector<IValue>& a, const std::vector<std::string>&) {
  auto c = std::make_shared<IterCell>();
  c->it = a[0];
  return IValue(IValue::ObjectPtr(c));
}

IterCell& cell_of(const IValue& v) { return static_cast<IterCell&>(*v.object_ptr()); }

IValue b_iter_advance(Interp& I, std::vector<IValue>& a, const std::vector<std::string>&) {
  IterCell& c = cell_of(a[0]);
  std::vector<IValue> none;
  if (SeqIter* s = seq_iter(c.it)) {  // __iter__ returned iter(a sequence)
    if (s->pos >= s->items.size()) {
      c.value = IValue();
      return IValue(false);
    }
    c.value = s->items[s->pos++];
    return IValue(true);
  }
  if (!is_script_object(c.it)) raise("TypeError", "iter() returned non-iterator of type '" + c.it.type_name() + "'");
  try {
    c.value = I.call_method(c.it, "__next__", none);
  } catch (ScriptError& e) {
    if (!e.is("StopIteration")) throw;
    c.value = IValue();
    return IValue(false);
  }
  return IValue(true);
}

IValue b_iter_value(Interp&, std::vector<IValue>& a, const std::vector<std::string>&) { return cell_of(a[0]).value; }

// iter(obj) and next(it) on script objects.
IValue b_iter(Interp& I, std::vector<IValue>& a, const std::vector<std::string>&) {
  std::vector<IValue> none;
  auto* o = a[0].is_object() ? dynamic_cast<ScriptObject*>(a[0].object_ptr().get()) : nullptr;
  if (o) return I.call_method(a[0], "__iter__", none);
  auto s = std::make_shared<SeqIter>();
  s->items = iterate(I, a[0]);
  return IValue(IValue::ObjectPtr(s));
}

IValue b_next(Interp& I, std::vector<IValue>& a, const std::vector<std::string>&) {
  std::vector<IValue> none;
  if (auto* s = a[0].is_object() ? dynamic_cast<SeqIter*>(a[0].object_ptr().get()) : nullptr) {
    if (s->pos < s->items.size()) return s->items[s->pos++];
    if (a.size() >= 2) return a[1];
    raise("StopIteration", "");
  }
  if (a.size() < 2) return I.call_method(a[0], "__next__", none);
  try {
    return I.call_method(a[0], "__next__", none);
  } catch (ScriptError& e) {
    if (!e.is("StopIteration")) throw;
    return a[1];  // next(it, default)
  }
}

const std::map<std::string, BuiltinFn>& iteration_builtins() {
  static const std::map<std::string, BuiltinFn> m = {
      {"iter_start", b_iter_start}, {"iter_advance", b_iter_advance}, {"iter_value", b_iter_value},
      {"iter", b_iter}, {"next", b_next}};
  return m;
}

std::vector<IValue> iterate_value(Interp& I, const IValue& v) { return iterate(I, v); }

bool is_iterator_object(const IValue& v) {
  auto* o = v.is_object() ? dynamic_cast<ScriptObject*>(v.object_ptr().get()) : nullptr;
  return o && o->cls->method("__iter__");
}

std::vector<IValue> iterate_prefix(Interp& I, const IValue& v, size_t n) {
  if (!is_iterator_object(v)) {
    std::vector<IValue> all = iterate(I, v);
    if (all.size() > n) all.resize(n);
    return all;
  }
  std::vector<IValue> none, r;
  IValue it = I.call_method(v, "__iter__", none);
  while (r.size() < n) {
    try {
      r.push_back(I.call_method(it, "__next__", none));
    } catch (ScriptError& e) {
      if (!e.is("StopIteration")) throw;
      break;
    }
  }
  return r;
}

// it.__next__() / it.__iter__() on the native iterator iter() makes of a sequence (a script's
// __iter__ returning iter(self.items), then driven by a sampler's __next__ calls).
std::optional<IValue> native_iterator_method(const IValue& it, const std::string& name) {
  SeqIter* s = seq_iter(it);
  if (!s) return std::nullopt;
  if (name == "__iter__") return it;
  if (name != "__next__") return std::nullopt;
  if (s->pos >= s->items.size()) raise("StopIteration", "");
  return s->items[s->pos++];
}

}  // namespace ts::runtime
