// Subscripts: tensor indexing (basic and advanced, reads and stores), and subscripts of lists,
// tuples, dicts and strings.
#include <cmath>

#include "frontend/emit/emitter.h"
#include "tensor/dtype.h"

namespace ts::frontend {

// ---- subscripts ----

ir::Value* Emitter::tensor_index(ir::Value* self, const Expr& e, ir::Value* store) {
  const auto& idx = e.elts;
  if (idx.size() == 1 && idx[0]->type &&
      (idx[0]->type->kind == TypeKind::Any ||
       (idx[0]->type->kind == TypeKind::List && idx[0]->type->args[0]->kind == TypeKind::Tensor))) {
    // t[i] with i typed Any: an int selects, a tensor or list indexes (decided at run time);
    // a list of tensors (nonzero(as_tuple=True)'s) indexes one dimension each.
    std::vector<ir::Value*> a = {self, expr(*idx[0])};
    if (store) a.push_back(store);
    return builtin("Tensor.index_any", a, store ? ir::none_type() : ir::tensor_type(), e.span);
  }
  size_t ell = idx.size();
  for (size_t i = 0; i < idx.size(); ++i)
    if (idx[i]->kind == ExprKind::Ellipsis) ell = i;
  ir::Value* cur = self;
  // A value typed Any: a tensor, or a number made a 0-d tensor of self's dtype (run time).
  if (store && store->type->kind == ir::TypeKind::Any) store = builtin("Tensor.store_value", {store, self}, ir::tensor_type(), e.span);
  std::vector<std::pair<int64_t, ir::Value*>> adv;
  auto cint = [&](int64_t v) { return constant(IValue(v), ir::int_type(), e.span); };
  auto slice = [&](const Expr& s, int64_t d) {
    ir::Value* lo = s.a ? expr(*s.a) : none(e.span);
    ir::Value* hi = s.b ? expr(*s.b) : none(e.span);
    ir::Value* st = s.c ? expr(*s.c) : cint(1);
    return op("_ts_slice_index", {cur, cint(d), lo, hi, st}, e.span);
  };
  int64_t d = 0, nones = 0;  // nones: `None` entries so far (the error names the tensor's dim)
  for (size_t i = 0; i < ell; ++i) {
    const Expr& x = *idx[i];
    if (x.kind == ExprKind::Slice) {
      cur = slice(x, d++);
    } else if (x.kind == ExprKind::None) {
      cur = op("unsqueeze", {cur, cint(d++)}, e.span);
      ++nones;
    } else {
      ir::Value* v = expr(x);
      if (v->type->kind == ir::TypeKind::Tensor || v->type->kind == ir::TypeKind::List) {
        adv.push_back({d++, v});
      } else {
        cur = op("_ts_select_index", {cur, cint(d), v, cint(int64_t(i) - nones)}, e.span);
      }
    }
  }
  int64_t p = -1;
  for (size_t i = idx.size(); i-- > ell + 1;) {
    const Expr& x = *idx[i];
    if (x.kind == ExprKind::Slice) {
      cur = slice(x, p--);
    } else if (x.kind == ExprKind::None) {
      cur = op("unsqueeze", {cur, cint(p--)}, e.span);
    } else if (x.kind == ExprKind::Ellipsis) {
      unsupported(x.span, "an index can have only one ellipsis");
    } else {
      ir::Value* v = expr(x);
      if (v->type->kind == ir::TypeKind::Tensor) unsupported(x.span, "tensor indices after `...` are not supported yet");
      cur = op("_ts_select_index", {cur, cint(p), v, cint(-1)}, e.span);
    }
  }
  if (!adv.empty()) {
    std::vector<ir::Value*> list;
    for (int64_t k = 0, a = 0; k <= adv.back().first; ++k) {
      if (adv[size_t(a)].first == k) {
        ir::Value* t = adv[size_t(a++)].second;
        if (t->type->kind == ir::TypeKind::List) t = op("tensor", {t}, e.span, {}, false);
        list.push_back(t);
      } else {
        list.push_back(none(e.span));
      }
    }
    ir::Value* l = add("prim::ListConstruct", list, {ir::list_type(ir::optional_type(ir::tensor_type()))}, e.span)->outputs[0];
    if (store && store->type->kind != ir::TypeKind::Tensor) {
      // `x[mask] = 0`: as PyTorch's __setitem__, a number becomes a 0-d tensor of x's dtype.
      ir::Value* dt = builtin("Tensor.dtype", {cur}, ir::dtype_type(), e.span);
      store = op("scalar_tensor", {store}, e.span, {{"dtype", dt}}, false);
    }
    if (store) return op("index_put_", {cur, l, store}, e.span);
    return op("index", {cur, l}, e.span);
  }
  if (store) {
    if (store->type->kind == ir::TypeKind::Tensor) return op("copy_", {cur, store}, e.span);
    return op("fill_", {cur, store}, e.span);
  }
  return cur;
}

ir::Value* Emitter::subscript(const Expr& e) {
  if (e.a->type && is_environ(e.a->type)) return builtin("os.environ.__getitem__", {expr(*e.elts[0])}, ir::str_type(), e.span);
  ir::Value* base = expr(*e.a);
  using K = ir::TypeKind;
  if (base->type->kind == K::Tensor) return tensor_index(base, e, nullptr);
  // Several indices (`g[:, 0]`) on a dynamic value: only a tensor takes them (checked).
  if (base->type->kind == K::Any && e.elts.size() != 1)
    return tensor_index(add("prim::unchecked_cast", {base}, {ir::tensor_type()}, e.span)->outputs[0], e, nullptr);
  if (base->type->kind == K::Class) {
    const Expr& ix = *e.elts[0];
    if (ix.kind == ExprKind::Slice) {
      std::vector<ir::Value*> a = {base};
      for (const ExprPtr* p : {&ix.a, &ix.b, &ix.c}) a.push_back(*p ? expr(**p) : none(ix.span));
      ir::Node* n = add("prim::CallMethod", a, {to_ir(e.type)}, e.span);
      n->set_attr("name", IValue("__getitem_slice__"));
      return n->outputs[0];
    }
    ir::Node* n = add("prim::CallMethod", {base, expr(ix)}, {to_ir(e.type)}, e.span);
    n->set_attr("name", IValue("__getitem__"));
    return n->outputs[0];
  }
  if (e.elts.size() != 1) unsupported(e.span, "only tensors take several indices");
  const Expr& ix = *e.elts[0];
  if (ix.kind == ExprKind::Slice) {
    std::vector<ir::Value*> a = {base};
    for (const ExprPtr* p : {&ix.a, &ix.b, &ix.c}) a.push_back(*p ? expr(**p) : none(ix.span));
    return builtin("slice", a, base->type->kind == K::Tuple ? to_ir(e.type) : base->type, e.span);
  }
  if (base->type->kind == K::Tuple) {
    int64_t k = 0;
    bool known = false;
    if (ix.kind == ExprKind::Int) known = true, k = ix.ival;
    if (ix.kind == ExprKind::Unary && ix.uop == UnaryOp::Neg && ix.a->kind == ExprKind::Int) known = true, k = -ix.a->ival;
    if (!known) unsupported(ix.span, "a tuple index must be an integer literal");
    int64_t n = int64_t(base->type->args.size());
    if (k < 0) k += n;
    if (k < 0 || k >= n) unsupported(ix.span, "tuple index out of range");
    return add("prim::TupleIndex", {base, constant(IValue(k), ir::int_type(), ix.span)}, {base->type->args[size_t(k)]}, e.span)->outputs[0];
  }
  return add("aten::__getitem__", {base, expr(ix)}, {to_ir(e.type)}, e.span)->outputs[0];
}

void Emitter::store_subscript(const Expr& t, ir::Value* v) {
  if (t.a->type && is_environ(t.a->type)) {
    builtin("os.environ.__setitem__", {expr(*t.elts[0]), v}, ir::none_type(), t.span);
    return;
  }
  ir::Value* base = expr(*t.a);
  if (base->type->kind == ir::TypeKind::Tensor) {
    tensor_index(base, t, v);
    return;
  }
  if (base->type->kind == ir::TypeKind::Any && t.elts.size() != 1) {
    tensor_index(add("prim::unchecked_cast", {base}, {ir::tensor_type()}, t.span)->outputs[0], t, v);
    return;
  }
  if (base->type->kind == ir::TypeKind::Class) {
    ir::Node* n = add("prim::CallMethod", {base, expr(*t.elts[0]), v}, {ir::none_type()}, t.span);
    n->set_attr("name", IValue("__setitem__"));
    return;
  }
  const Expr& ix = *t.elts[0];
  if (ix.kind == ExprKind::Slice) {  // xs[a:b:c] = values
    std::vector<ir::Value*> a = {base};
    for (const ExprPtr* p : {&ix.a, &ix.b, &ix.c}) a.push_back(*p ? expr(**p) : none(ix.span));
    a.push_back(v);
    builtin("__setslice__", a, ir::none_type(), t.span);
    return;
  }
  builtin("__setitem__", {base, expr(ix), v}, ir::none_type(), t.span);
}

}  // namespace ts::frontend
