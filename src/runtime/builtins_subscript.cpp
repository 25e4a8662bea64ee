// Subscripts the emitter hands to the runtime: slices of strings, lists, tuples (and tensors
// typed Any), and item and slice stores and deletes on lists and dicts, with Python's errors.
#include <algorithm>

#include "ops/registry.h"
#include "runtime/builtins.h"
#include "runtime/collections.h"
#include "util/utf8_code_points.h"

namespace ts::runtime {

namespace {

IValue none() { return IValue(); }

// Python slice bounds for a sequence of length n.
void slice_bounds(const IValue& lo, const IValue& hi, const IValue& st, int64_t n, int64_t* b, int64_t* e, int64_t* s) {
  *s = st.is_none() ? 1 : st.to_int();
  if (*s == 0) raise("ValueError", "slice step cannot be zero");
  auto clamp = [&](const IValue& v, int64_t dflt) {
    if (v.is_none()) return dflt;
    int64_t x = v.to_int();
    if (x < 0) x += n;
    if (*s > 0) return std::clamp<int64_t>(x, 0, n);
    return std::clamp<int64_t>(x, -1, n - 1);
  };
  *b = clamp(lo, *s > 0 ? 0 : n - 1);
  *e = clamp(hi, *s > 0 ? n : -1);
}

IValue b_slice(Interp&, Args& a, const Kw&) {
  const IValue& v = a[0];
  if (v.is_string()) {
    const std::string& str = v.to_string();
    int64_t b, e, s;
    std::string r;
    if (std::all_of(str.begin(), str.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; })) {
      slice_bounds(a[1], a[2], a[3], int64_t(str.size()), &b, &e, &s);
      for (int64_t i = b; s > 0 ? i < e : i > e; i += s) r += str[size_t(i)];
      return IValue(r);
    }
    std::vector<size_t> at = util::code_point_starts(str);  // by code point, as Python slices
    slice_bounds(a[1], a[2], a[3], int64_t(at.size()) - 1, &b, &e, &s);
    for (int64_t i = b; s > 0 ? i < e : i > e; i += s) r.append(str, at[size_t(i)], at[size_t(i) + 1] - at[size_t(i)]);
    return IValue(r);
  }
  if (v.is_tensor())  // t[a:b:c] with t typed Any: the first dimension's slice
    return ops::call("slice", {v, IValue(int64_t(0)), a[1], a[2], a[3].is_none() ? IValue(int64_t(1)) : a[3]})[0];
  const auto& items = v.items();
  int64_t b, e, s;
  slice_bounds(a[1], a[2], a[3], int64_t(items.size()), &b, &e, &s);
  std::vector<IValue> r;
  for (int64_t i = b; s > 0 ? i < e : i > e; i += s) r.push_back(items[size_t(i)]);
  if (!v.is_tuple()) return IValue::list(r);
  IValue t = IValue::tuple(r);
  if (v.tuple_ptr()->type_name == "torch.Size") t.tuple_ptr()->type_name = "torch.Size";  // a Size's slice is one
  return t;
}

// The position `xs[i] = v` / `del xs[i]` refers to (Python's negative indices).
size_t list_position(const std::vector<IValue>& items, const IValue& index) {
  int64_t i = index.to_int(), n = int64_t(items.size());
  if (i < 0) i += n;
  if (i < 0 || i >= n) raise("IndexError", "list assignment index out of range");
  return size_t(i);
}

IValue b_setitem(Interp& I, Args& a, const Kw& kw) {
  IValue& c = a[0];
  if (c.is_tensor()) return find_builtin("Tensor.index_any")(I, a, kw);  // t[i] = v, t typed Any
  if (c.is_dict()) {
    c.dict_ptr()->set(a[1], a[2]);
    return none();
  }
  if (c.is_list()) {
    auto& items = c.list_ptr()->items;
    items[list_position(items, a[1])] = a[2];
    return none();
  }
  raise("TypeError", "'" + c.type_name() + "' object does not support item assignment");
}

// xs[b:e:s] = values (Python's list slice assignment: a plain slice may change the length; an
// extended one needs as many values as it selects).
IValue b_setslice(Interp& I, Args& a, const Kw&) {
  IValue& c = a[0];
  if (!c.is_list()) raise("TypeError", "'" + c.type_name() + "' object does not support slice assignment");
  std::vector<IValue> vals = iterate_value(I, a[4]);
  auto& items = c.list_ptr()->items;
  int64_t b, e, s;
  slice_bounds(a[1], a[2], a[3], int64_t(items.size()), &b, &e, &s);
  if (s == 1) {
    if (e < b) e = b;
    items.erase(items.begin() + b, items.begin() + e);
    items.insert(items.begin() + b, vals.begin(), vals.end());
    return none();
  }
  std::vector<int64_t> at;
  for (int64_t i = b; s > 0 ? i < e : i > e; i += s) at.push_back(i);
  if (at.size() != vals.size())
    raise("ValueError", "attempt to assign sequence of size " + std::to_string(vals.size()) +
                            " to extended slice of size " + std::to_string(at.size()));
  for (size_t k = 0; k < at.size(); ++k) items[size_t(at[k])] = vals[k];
  return none();
}

IValue b_delitem(Interp& I, Args& a, const Kw&) {
  IValue& c = a[0];
  if (c.is_dict()) {
    if (!c.dict_ptr()->erase(a[1])) raise("KeyError", py_repr(I, a[1]));
    return none();
  }
  if (c.is_list()) {
    auto& items = c.list_ptr()->items;
    items.erase(items.begin() + long(list_position(items, a[1])));
    return none();
  }
  raise("TypeError", "'" + c.type_name() + "' object doesn't support item deletion");
}

}  // namespace

// `t[i] = v` with v typed Any: v itself when it is a tensor, else a 0-d tensor of t's dtype (as
// PyTorch's __setitem__ makes of a number).
IValue b_store_value(Interp&, Args& a, const Kw&) {
  if (a[0].is_tensor()) return a[0];
  return ops::call("scalar_tensor", {a[0]}, {{"dtype", IValue(a[1].to_tensor().dtype())}})[0];
}

const std::map<std::string, BuiltinFn>& subscript_builtins() {
  static const std::map<std::string, BuiltinFn> m = {
      {"slice", b_slice}, {"__setitem__", b_setitem}, {"__setslice__", b_setslice}, {"__delitem__", b_delitem},
      {"Tensor.store_value", b_store_value}};
  return m;
}

}  // namespace ts::runtime
