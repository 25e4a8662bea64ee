// ValueCopier: copy.deepcopy and the DataLoader workers' private copies (value_copy.h).
#include "runtime/value_copy.h"

#include "runtime/collections.h"
#include "runtime/interp.h"

namespace ts::runtime {

IValue ValueCopier::copy(const IValue& v) {
  IValue r = shell(v);
  while (!pending_.empty()) {
    auto [src, dst] = std::move(pending_.back());
    pending_.pop_back();
    fill(src, dst);
  }
  for (DictFill& d : dicts_)
    for (auto& [k, x] : d.items) d.dict.dict_ptr()->set(k, std::move(x));
  dicts_.clear();
  return r;
}

IValue ValueCopier::shell(const IValue& v) {
  const void* key = nullptr;
  if (v.is_list()) key = v.list_ptr().get();
  else if (v.is_tuple()) key = v.tuple_ptr().get();
  else if (v.is_dict()) key = v.dict_ptr().get();
  else if (v.is_object()) key = v.object_ptr().get();
  else if (v.is_tensor() && v.to_tensor().defined()) key = v.to_tensor().impl();
  else return v;  // None, numbers, strings, dtypes, devices: immutable
  if (auto it = memo_.find(key); it != memo_.end()) return it->second;

  IValue r;
  if (v.is_tensor()) {
    const Tensor& t = v.to_tensor();
    if (mode_ == Mode::Deep && !t.is_leaf())
      raise("RuntimeError", "Only Tensors created explicitly by the user (graph leaves) support the deepcopy protocol at the moment");
    Tensor c = mode_ == Mode::Deep ? t.detach().clone() : t.detach();
    c.requires_grad_(t.requires_grad());
    c.impl()->is_parameter = t.impl()->is_parameter;
    // PyTorch's Tensor.__deepcopy__ copies the grad; Parameter.__deepcopy__ does not.
    if (mode_ == Mode::Deep && t.grad().defined() && !t.impl()->is_parameter) c.set_grad(t.grad().detach().clone());
    return memo_[key] = IValue(c);
  }
  if (v.is_list()) {
    r = copy_tags(v, IValue::list({}));
  } else if (v.is_tuple()) {
    r = IValue::tuple({});
    r.tuple_ptr()->type_name = v.tuple_ptr()->type_name;
    r.tuple_ptr()->field_names = v.tuple_ptr()->field_names;
  } else if (v.is_dict()) {
    r = copy_tags(v, IValue::dict());
  } else {
    IValue::Object* o = v.object_ptr().get();
    if (auto* so = dynamic_cast<ScriptObject*>(o)) {
      r = IValue(new_object(so->cls));  // an exception object stays one (its trace is not copied)
    } else if (auto* c = dynamic_cast<Closure*>(o)) {
      r = IValue(IValue::ObjectPtr(std::make_shared<Closure>(c->fn, std::vector<IValue>())));
    } else if (auto* g = dynamic_cast<GeneratorValue*>(o)) {
      auto ng = std::make_shared<GeneratorValue>();
      ng->gen->set_state(g->gen->get_state());
      return memo_[key] = IValue(IValue::ObjectPtr(ng));
    } else if (auto* e = dynamic_cast<ExceptionValue*>(o)) {
      return memo_[key] = IValue(IValue::ObjectPtr(std::make_shared<ExceptionValue>(*e)));
    } else if (auto* gc = dynamic_cast<GradContext*>(o)) {
      return memo_[key] = IValue(IValue::ObjectPtr(std::make_shared<GradContext>(*gc)));
    } else {
      return memo_[key] = v;  // a native object without script-visible state to copy
    }
  }
  memo_[key] = r;
  pending_.emplace_back(v, r);
  return r;
}

void ValueCopier::fill(const IValue& src, const IValue& dst) {
  if (src.is_list() || src.is_tuple()) {
    std::vector<IValue> items;
    items.reserve(src.items().size());
    for (const IValue& x : src.items()) items.push_back(shell(x));
    if (src.is_list()) dst.list_ptr()->items = std::move(items);
    else dst.tuple_ptr()->items = std::move(items);
  } else if (src.is_dict()) {
    DictFill d{dst, {}};
    d.items.reserve(src.dict_ptr()->items.size());
    for (const auto& [k, x] : src.dict_ptr()->items) d.items.emplace_back(shell(k), shell(x));
    dicts_.push_back(std::move(d));
  } else if (auto* so = dynamic_cast<ScriptObject*>(src.object_ptr().get())) {
    auto* d = static_cast<ScriptObject*>(dst.object_ptr().get());
    for (size_t i = 0; i < so->slots.size(); ++i) d->slots[i] = shell(so->slots[i]);
  } else if (auto* c = dynamic_cast<Closure*>(src.object_ptr().get())) {
    auto* d = static_cast<Closure*>(dst.object_ptr().get());
    for (const IValue& x : c->captures) d->captures.push_back(shell(x));
  }
}

}  // namespace ts::runtime
