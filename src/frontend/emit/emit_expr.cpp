// Expressions: names, literals, operators, attributes (subscripts: emit_subscript.cpp),
// comprehensions, f-strings, and what `for` iterates over.
#include <algorithm>
#include <cmath>

#include "frontend/emit/emitter.h"
#include "tensor/dtype.h"

namespace ts::frontend {

namespace {

const char* scalar_kind(BinOp op) {
  switch (op) {
    case BinOp::Add: return "aten::add";
    case BinOp::Sub: return "aten::sub";
    case BinOp::Mul: return "aten::mul";
    case BinOp::Div: return "aten::div";
    case BinOp::FloorDiv: return "aten::floordiv";
    case BinOp::Mod: return "aten::remainder";
    case BinOp::Pow: return "aten::pow";
    case BinOp::LShift: return "aten::__lshift__";
    case BinOp::RShift: return "aten::__rshift__";
    case BinOp::BitOr: return "aten::__or__";
    case BinOp::BitXor: return "aten::__xor__";
    case BinOp::BitAnd: return "aten::__and__";
    case BinOp::MatMul: return nullptr;
  }
  return nullptr;
}

const ir::Type* scalar_result(BinOp op, const ir::Type* a, const ir::Type* b) {
  using K = ir::TypeKind;
  if (a->kind == K::Str || a->kind == K::List || a->kind == K::Tuple || a->kind == K::Dict) return a;  // Dict: Counters
  if (b->kind == K::List || b->kind == K::Str) return b;
  if (a->kind == K::Any || b->kind == K::Any || a->kind == K::Number || b->kind == K::Number) return ir::any_type();
  if (op == BinOp::Div) return ir::float_type();
  // int ** int is an int, or a float for a negative exponent: only known at run time.
  if (op == BinOp::Pow && a->kind != K::Float && b->kind != K::Float) return ir::any_type();
  if (a->kind == K::Float || b->kind == K::Float) return ir::float_type();
  if (op == BinOp::BitAnd || op == BinOp::BitOr || op == BinOp::BitXor) {
    if (a->kind == K::Bool && b->kind == K::Bool) return ir::bool_type();
  }
  return ir::int_type();
}

const char* dunder_of(BinOp op) {
  static const char* d[] = {"__add__", "__sub__", "__mul__", "__matmul__", "__truediv__", "__floordiv__", "__mod__",
                            "__pow__", "__lshift__", "__rshift__", "__or__", "__xor__", "__and__"};
  return d[int(op)];
}

}  // namespace

ir::Value* Emitter::name(const Expr& e) {
  ir::Value* v = nullptr;
  const Type* t = e.type;
  if (is_local(e.name)) {
    v = env->lookup(e.name);
    if (!v) v = uninitialized(to_ir(t));
  } else if (t && t->kind == TypeKind::Function && t->fn && toplevel_fns_.count(t->fn)) {
    ir::Node* n = add("prim::MakeClosure", {}, {ir::function_type()}, e.span);
    n->fn = function(t->fn);
    return n->outputs[0];
  } else if (e.name == "__name__") {
    return constant(IValue(ctx->mod->name), ir::str_type(), e.span);
  } else if (t && t->kind != TypeKind::ClassValue && Checker::names_class(t)) {
    return class_value(t, e.span);
  } else if (t && t->kind == TypeKind::Builtin && t->name == e.name) {
    // A Python builtin used as a value (`key=len`, `map(abs, xs)`): the runtime's builtin.
    return builtin("builtin.value", {constant(IValue(e.name), ir::str_type(), e.span)}, ir::any_type(), e.span);
  } else if (t && (t->kind == TypeKind::Module || t->kind == TypeKind::ClassObj || t->kind == TypeKind::Builtin ||
                   t->kind == TypeKind::TorchOp || t->kind == TypeKind::TypeObj)) {
    unsupported(e.span, "`" + e.name + "` cannot be used as a value here yet");
  } else {
    ir::Node* n = add("prim::GetGlobal", {}, {to_ir(t)}, e.span);
    n->set_attr("module", IValue(ctx->mod->name));
    n->set_attr("name", IValue(e.name));
    ctx->mod->slot(e.name);
    return n->outputs[0];
  }
  // Narrowed by `is not None` / isinstance: a checked cast to the narrower type.
  const ir::Type* want = to_ir(t);
  using K = ir::TypeKind;
  const ir::Type* have = v->type;
  bool narrower = want != have && want->kind != K::Any &&
                  ((have->kind == K::Optional && (want == have->args[0] || want->kind == K::Class)) ||
                   (have->kind == K::Class && want->kind == K::Class && want->cls->derives_from(have->cls)) ||
                   have->kind == K::Any);
  if (narrower) return add("prim::unchecked_cast", {v}, {want}, e.span)->outputs[0];
  return v;
}

ir::Value* Emitter::to_bool(ir::Value* v, const Span& at) {
  if (v->type->kind == ir::TypeKind::Bool) return v;
  return builtin("bool", {v}, ir::bool_type(), at);
}

ir::Value* Emitter::binary(BinOp bop, ir::Value* a, ir::Value* b, const Expr& e) {
  using K = ir::TypeKind;
  bool ta = a->type->kind == K::Tensor, tb = b->type->kind == K::Tensor;
  if (ta || tb) {
    static const char* names[] = {"add", "sub", "mul", "matmul", "div", "floor_divide", "remainder",
                                  "pow", "bitwise_left_shift", "bitwise_right_shift", "bitwise_or",
                                  "bitwise_xor", "bitwise_and"};
    std::string n = names[int(bop)];
    if (ta) return op(n, {a, b}, e.span);
    // A number on the left: Python calls the tensor's reflected operator.
    switch (bop) {
      case BinOp::Add:
      case BinOp::Mul:
      case BinOp::BitAnd:
      case BinOp::BitOr:
      case BinOp::BitXor: return op(n, {b, a}, e.span);
      case BinOp::Sub: return op("rsub", {b, a}, e.span);
      case BinOp::Div: return op("mul", {op("reciprocal", {b}, e.span), a}, e.span);
      default: return op(n, {a, b}, e.span, {}, false);
    }
  }
  if (a->type->kind == K::Class) {
    ir::Node* n = add("prim::CallMethod", {a, b}, {to_ir(e.type)}, e.span);
    n->set_attr("name", IValue(std::string(dunder_of(bop))));
    return n->outputs[0];
  }
  const char* k = scalar_kind(bop);
  if (!k) unsupported(e.span, "`@` needs tensors");
  const ir::Type* rt = scalar_result(bop, a->type, b->type);
  if (bop == BinOp::Pow && (a->type->kind == K::Int || a->type->kind == K::Bool) && b->node && b->node->is("prim::Constant")) {
    // int ** a literal exponent >= 0 is an int (2**62), as the checker types it.
    const IValue* c = b->node->attr("value");
    if (c && c->is_int() && c->to_int() >= 0) rt = ir::int_type();
  }
  return add(k, {a, b}, {rt}, e.span)->outputs[0];
}

ir::Value* Emitter::compare(CmpOp cop, ir::Value* a, ir::Value* b, const Span& at) {
  using K = ir::TypeKind;
  switch (cop) {
    case CmpOp::Is: return add("aten::__is__", {a, b}, {ir::bool_type()}, at)->outputs[0];
    case CmpOp::IsNot: return add("aten::__isnot__", {a, b}, {ir::bool_type()}, at)->outputs[0];
    case CmpOp::In:
    case CmpOp::NotIn: {
      ir::Value* r;
      if (b->type->kind == K::Class) {
        ir::Node* n = add("prim::CallMethod", {b, a}, {ir::bool_type()}, at);
        n->set_attr("name", IValue("__contains__"));
        r = n->outputs[0];
      } else {
        r = add("aten::__contains__", {b, a}, {ir::bool_type()}, at)->outputs[0];
      }
      if (cop == CmpOp::NotIn) r = add("aten::__not__", {r}, {ir::bool_type()}, at)->outputs[0];
      return r;
    }
    default: break;
  }
  static const char* names[] = {"lt", "gt", "eq", "ge", "le", "ne"};
  static const char* flipped[] = {"gt", "lt", "eq", "le", "ge", "ne"};
  static const char* dunders[] = {"__lt__", "__gt__", "__eq__", "__ge__", "__le__", "__ne__"};
  int i = int(cop);
  if (a->type->kind == K::Tensor) return op(names[i], {a, b}, at);
  if (b->type->kind == K::Tensor) return op(flipped[i], {b, a}, at);
  if (a->type->kind == K::Class && a->type->cls->method(dunders[i])) {
    ir::Node* n = add("prim::CallMethod", {a, b}, {ir::bool_type()}, at);
    n->set_attr("name", IValue(std::string(dunders[i])));
    return n->outputs[0];
  }
  // An Any operand may hold a tensor at run time, and then the result is a tensor.
  bool dyn = a->type->kind == K::Any || b->type->kind == K::Any;
  return add(std::string("aten::") + names[i], {a, b}, {dyn ? ir::any_type() : ir::bool_type()}, at)->outputs[0];
}

ir::Value* Emitter::none_checked(const Expr& e) {
  auto check = std::move(e.none_check);
  ir::Value* v = expr(e);
  e.none_check = check;
  return builtin("__none_check__", {v, constant(IValue(check->cls), ir::str_type(), e.span),
                                    constant(IValue(check->msg), ir::str_type(), e.span)},
                 to_ir(e.type), e.span);
}

ir::Value* Emitter::expr(const Expr& e) {
  if (e.none_check) return none_checked(e);
  switch (e.kind) {
    case ExprKind::Name: return name(e);
    case ExprKind::Int: return constant(IValue(e.ival), ir::int_type(), e.span);
    case ExprKind::Float: return constant(IValue(e.fval), ir::float_type(), e.span);
    case ExprKind::Str: return constant(IValue(e.name), ir::str_type(), e.span);
    case ExprKind::Bool: return constant(IValue(e.ival != 0), ir::bool_type(), e.span);
    case ExprKind::None: return none(e.span);
    case ExprKind::FString: return fstring(e);
    case ExprKind::Tuple: {
      std::vector<ir::Value*> vs;
      std::vector<const ir::Type*> ts;
      for (const auto& x : e.elts) {
        vs.push_back(expr(*x));
        ts.push_back(vs.back()->type);
      }
      return add("prim::TupleConstruct", vs, {ir::tuple_type(ts)}, e.span)->outputs[0];
    }
    case ExprKind::List: {
      std::vector<ir::Value*> vs;
      for (const auto& x : e.elts) vs.push_back(expr(*x));
      return add("prim::ListConstruct", vs, {to_ir(e.type)}, e.span)->outputs[0];
    }
    case ExprKind::Dict: {
      if (std::any_of(e.elts.begin(), e.elts.end(), [](const ExprPtr& k) { return k->kind == ExprKind::Starred; })) {
        // `{**a, "k": v}` (Note [Dict unpacking]): built entry by entry, in order.
        ir::Value* d = add("prim::DictConstruct", {}, {to_ir(e.type)}, e.span)->outputs[0];
        for (size_t i = 0; i < e.elts.size(); ++i) {
          if (e.elts[i]->kind == ExprKind::Starred) {
            builtin("dict.update", {d, expr(*e.elts[i]->a)}, ir::none_type(), e.elts[i]->span);
          } else {
            ir::Value* k = expr(*e.elts[i]);
            builtin("__setitem__", {d, k, expr(*e.elts2[i])}, ir::none_type(), e.elts[i]->span);
          }
        }
        return d;
      }
      std::vector<ir::Value*> vs;
      for (size_t i = 0; i < e.elts.size(); ++i) {
        vs.push_back(expr(*e.elts[i]));
        vs.push_back(expr(*e.elts2[i]));
      }
      return add("prim::DictConstruct", vs, {to_ir(e.type)}, e.span)->outputs[0];
    }
    case ExprKind::ListComp:
    case ExprKind::DictComp: return comprehension(e);
    case ExprKind::Attribute: return attribute(e);
    case ExprKind::Subscript: return subscript(e);
    case ExprKind::Call: return call(e);
    case ExprKind::Unary: {
      ir::Value* a = expr(*e.a);
      bool tensor = a->type->kind == ir::TypeKind::Tensor;
      if (a->type->kind == ir::TypeKind::Class && e.uop != UnaryOp::Not) {
        static const char* dunders[] = {"__neg__", "__pos__", "__invert__"};
        ir::Node* n = add("prim::CallMethod", {a}, {to_ir(e.type)}, e.span);
        n->set_attr("name", IValue(std::string(dunders[int(e.uop)])));
        return n->outputs[0];
      }
      switch (e.uop) {
        case UnaryOp::Pos: return a;
        case UnaryOp::Neg:
          if (tensor) return op("neg", {a}, e.span);
          return add("aten::neg", {a}, {a->type}, e.span)->outputs[0];
        case UnaryOp::Invert:
          if (tensor) return op("bitwise_not", {a}, e.span);
          return add("aten::__invert__", {a}, {a->type}, e.span)->outputs[0];
        case UnaryOp::Not: return add("aten::__not__", {to_bool(a, e.span)}, {ir::bool_type()}, e.span)->outputs[0];
      }
      break;
    }
    case ExprKind::Binary: return binary(e.bop, expr(*e.a), expr(*e.b), e);
    case ExprKind::BoolOp: {
      // Short circuit: `a and b` is `b if a else a`; the values keep Python's semantics.
      std::function<ir::Value*(size_t)> chain = [&](size_t i) -> ir::Value* {
        ir::Value* v = expr(*e.elts[i]);
        if (i + 1 == e.elts.size()) return v;
        ir::Value* c = to_bool(v, e.elts[i]->span);
        if (e.is_and) return select(c, [&] { return chain(i + 1); }, [&] { return v; }, e.span);
        return select(c, [&] { return v; }, [&] { return chain(i + 1); }, e.span);
      };
      return chain(0);
    }
    case ExprKind::Compare: {
      // a < b < c is a < b and b < c, with b evaluated once.
      std::function<ir::Value*(size_t, ir::Value*)> chain = [&](size_t i, ir::Value* left) -> ir::Value* {
        const CmpOp op = e.cmp_ops[i];
        if ((op == CmpOp::In || op == CmpOp::NotIn) && e.elts[i]->type && is_environ(e.elts[i]->type)) {
          // `k in os.environ`: the process's environment (Checker's is_environ).
          if (i + 1 != e.elts.size()) unsupported(e.span, "os.environ cannot be compared");
          ir::Value* r = builtin("os.environ.__contains__", {left}, ir::bool_type(), e.span);
          return op == CmpOp::NotIn ? add("aten::__not__", {r}, {ir::bool_type()}, e.span)->outputs[0] : r;
        }
        ir::Value* right = expr(*e.elts[i]);
        ir::Value* r = compare(op, left, right, e.span);
        if (i + 1 == e.elts.size()) return r;
        ir::Value* c = to_bool(r, e.span);
        return select(c, [&] { return chain(i + 1, right); }, [&] { return r; }, e.span);
      };
      ir::Value* r = chain(0, expr(*e.a));
      // Classes compared (`type(x) == int`) are typed Any in the IR; the checker proved a bool.
      if (e.type && e.type->kind == TypeKind::Bool && r->type->kind == ir::TypeKind::Any) r = to_bool(r, e.span);
      return r;
    }
    case ExprKind::IfExp: {
      ir::Value* c = to_bool(expr(*e.b), e.b->span);
      return select(c, [&] { return expr(*e.a); }, [&] { return expr(*e.c); }, e.span);
    }
    case ExprKind::Lambda: {
      auto it = fn_by_lambda_.find(&e);
      if (it == fn_by_lambda_.end()) unsupported(e.span, "lambda was not checked");
      return closure(*it->second, e.span);
    }
    case ExprKind::Ellipsis:
    case ExprKind::Slice:
    case ExprKind::Starred: break;
  }
  unsupported(e.span, "this expression is only allowed inside an index or a call");
}

// ---- attributes ----

ir::Value* Emitter::class_value(const Type* t, const Span& at) {
  std::string q;
  if (t->kind == TypeKind::ClassObj) {
    const ir::ClassType* c = class_type(t->cls);
    q = c->python_name();
  } else if (t->kind == TypeKind::TypeObj) {
    q = t->args[0]->kind == TypeKind::Tensor ? "torch.Tensor" : "torch.dtype";
  } else {
    q = t->name;
  }
  return builtin("type.named", {constant(IValue(q), ir::str_type(), at)}, ir::any_type(), at);
}

ir::Value* Emitter::attribute(const Expr& e) {
  const Type* bt = e.a->type;
  if (e.type && e.type->kind == TypeKind::ClassValue && e.name == "__class__")
    return builtin("type", {expr(*e.a)}, ir::any_type(), e.span);
  if (bt && Checker::names_class(bt) && (e.name == "__name__" || e.name == "__qualname__" || e.name == "__module__"))
    return builtin("type." + e.name, {expr(*e.a)}, ir::str_type(), e.span);
  if (bt && bt->kind == TypeKind::ClassObj)
    if (const ClassInfo* owner = class_attr_owner(bt->cls, e.name)) return class_attr_get(owner, e.name, e.span);
  if (bt && bt->kind == TypeKind::Function && (e.name == "__name__" || e.name == "__doc__"))
    return builtin("function." + e.name, {expr(*e.a)}, to_ir(e.type), e.span);
  if (bt && bt->kind == TypeKind::Builtin && bt->name == Checker::kNamedTupleClass && e.name == "_fields") {
    std::vector<IValue> names(bt->args[0]->fields.begin(), bt->args[0]->fields.end());
    return constant(IValue::tuple(names), to_ir(e.type), e.span);
  }
  if (bt && bt->kind == TypeKind::Builtin && bt->name == "str" && e.type && e.type->kind == TypeKind::Builtin &&
      e.type->name == "str." + e.name)  // str.lower as a value: called with the receiver first
    return builtin("builtin.value", {constant(IValue(e.type->name), ir::str_type(), e.span)}, ir::any_type(), e.span);
  if (e.type && e.type->kind != TypeKind::ClassValue && Checker::names_class(e.type)) return class_value(e.type, e.span);
  if (bt && bt->kind == TypeKind::Module) {
    const ModuleInfo* m = bt->mod;
    // A module's builtin function used as a value (`map(math.sqrt, xs)`).
    if (e.type && e.type->kind == TypeKind::Builtin && e.type->name == m->name + "." + e.name)
      return builtin("builtin.value", {constant(IValue(e.type->name), ir::str_type(), e.span)}, ir::any_type(), e.span);
    if (m->is_torch) {
      if (auto d = dtype_from_name(e.name)) return constant(IValue(*d), ir::dtype_type(), e.span);
      if (e.name != "pi" && e.name != "e" && e.name != "inf" && e.name != "nan")
        unsupported(e.span, "`torch." + e.name + "` cannot be used as a value here yet");
    }
    if (m->name == "math" || m->is_torch) {  // math.pi, torch.pi, ...
      double v = e.name == "pi" ? M_PI : e.name == "e" ? M_E : e.name == "tau" ? 2 * M_PI
                 : e.name == "inf" ? INFINITY : NAN;
      return constant(IValue(v), ir::float_type(), e.span);
    }
    if (m->name == "sys" && e.name == "maxsize") return constant(IValue(int64_t(INT64_MAX)), ir::int_type(), e.span);
    if (m->name == "sys" && e.name == "argv") return builtin("sys.argv", {}, ir::list_type(ir::str_type()), e.span);
    if (m->name == "sys" && e.name == "platform") return constant(IValue("linux"), ir::str_type(), e.span);
    if (m->name == "os" && e.name == "sep") return constant(IValue("/"), ir::str_type(), e.span);
    // sys.version_info (a named tuple) and sys.stdout / sys.stderr (print's `file=`) are the
    // runtime's (runtime/builtins_modules.cpp).
    if (m->name == "sys" && e.name == "version_info") return builtin("sys.version_info", {}, to_ir(e.type), e.span);
    if (m->name == "sys" && (e.name == "stdout" || e.name == "stderr")) return builtin("sys." + e.name, {}, ir::any_type(), e.span);
    if (e.type && is_environ(e.type))
      unsupported(e.span, "`os.environ` is not a value in Ts: use `os.environ[k]`, `os.environ.get(k)` or `os.environ.copy()`");
    ir::ModuleUnit* u = module_unit(m);
    if (!u) unsupported(e.span, "module attribute not available");
    const Type* t = e.type;
    if (t && t->kind == TypeKind::Function && t->fn && toplevel_fns_.count(t->fn)) {
      ir::Node* n = add("prim::MakeClosure", {}, {ir::function_type()}, e.span);
      n->fn = function(t->fn);
      return n->outputs[0];
    }
    ir::Node* n = add("prim::GetGlobal", {}, {to_ir(t)}, e.span);
    n->set_attr("module", IValue(u->name));
    n->set_attr("name", IValue(e.name));
    u->slot(e.name);
    return n->outputs[0];
  }
  // deque.maxlen, defaultdict.default_factory (runtime/builtins_collections.cpp).
  if (bt && (bt->kind == TypeKind::List || bt->kind == TypeKind::Dict) && (bt->name == "deque" || bt->name == "defaultdict"))
    return builtin(bt->name + "." + e.name, {expr(*e.a)}, to_ir(e.type), e.span);
  ir::Value* obj = expr(*e.a);
  switch (obj->type->kind) {
    case ir::TypeKind::Tensor: return builtin("Tensor." + e.name, {obj}, to_ir(e.type), e.span);
    case ir::TypeKind::Tuple:  // a named result's field (the checker allowed only those)
      if (const Type* nt = e.a->type; nt && nt->kind == TypeKind::Tuple && e.name == "_fields") {
        std::vector<IValue> names(nt->fields.begin(), nt->fields.end());
        return constant(IValue::tuple(names), to_ir(e.type), e.span);
      }
      if (const Type* nt = e.a->type; nt && nt->kind == TypeKind::Tuple)
        for (size_t i = 0; i < nt->fields.size() && i < obj->type->args.size(); ++i)
          if (nt->fields[i] == e.name)
            return add("prim::TupleIndex", {obj, constant(IValue(int64_t(i)), ir::int_type(), e.span)}, {obj->type->args[i]}, e.span)->outputs[0];
      break;
    case ir::TypeKind::Class: {
      const ir::ClassType* c = obj->type->cls;
      if (size_t slot = c->slot(e.name); slot < c->attrs.size()) {
        // Read as declared; an attribute narrowed by `is not None` (or an assignment) is then
        // cast, checked at run time, since a call in between could have changed it.
        const ir::Type* declared = c->attrs[slot].second;
        const ir::Type* want = to_ir(e.type);
        bool narrowed = declared->kind == ir::TypeKind::Optional && want != declared && want->kind != ir::TypeKind::Any &&
                        want->kind != ir::TypeKind::None;
        ir::Node* n = add("prim::GetAttr", {obj}, {narrowed ? declared : want}, e.span);
        n->set_attr("name", IValue(e.name));
        if (narrowed) return add("prim::unchecked_cast", {n->outputs[0]}, {want}, e.span)->outputs[0];
        return n->outputs[0];
      }
      if (e.type && e.type->kind == TypeKind::Method && e.type->fn && !e.type->fn->is_property) {
        // A bound method as a value (`self.apply(self._init_weights)`, `g = a.f`): the method's
        // function with the object bound first, as functools.partial binds it.
        const FunctionInfo* m = e.type->fn;
        ir::Node* mk = add("prim::MakeClosure", {}, {ir::function_type()}, e.span);
        mk->fn = function(m);
        if (m->is_static && !m->is_classmethod) return mk->outputs[0];
        ir::Value* first = m->is_classmethod ? class_value(ck.types.get(TypeKind::ClassObj, {}, m->owner), e.span) : obj;
        return builtin("functools.partial", {mk->outputs[0], first}, ir::any_type(), e.span);
      }
      if (c->method(e.name)) {  // a property
        ir::Node* n = add("prim::CallMethod", {obj}, {to_ir(e.type)}, e.span);
        n->set_attr("name", IValue(e.name));
        return n->outputs[0];
      }
      if (c->method("__getattr__")) {
        ir::Node* n = add("prim::CallMethod", {obj, constant(IValue(e.name), ir::str_type(), e.span)}, {to_ir(e.type)}, e.span);
        n->set_attr("name", IValue("__getattr__"));
        return n->outputs[0];
      }
      if (e.a->type && e.a->type->kind == TypeKind::Class && ck.is_module_base(e.a->type->cls))  // Note [Module attributes at run time]
        return builtin("getattr", {obj, constant(IValue(e.name), ir::str_type(), e.span)}, ir::any_type(), e.span);
      break;
    }
    case ir::TypeKind::Any:
      return builtin("getattr", {obj, constant(IValue(e.name), ir::str_type(), e.span)}, ir::any_type(), e.span);
    case ir::TypeKind::Device:
    case ir::TypeKind::DType: return builtin(obj->type->kind == ir::TypeKind::Device ? "Device." + e.name : "dtype." + e.name, {obj}, to_ir(e.type), e.span);
    default: break;
  }
  unsupported(e.span, "attribute `" + e.name + "` of " + obj->type->str() + " is not supported");
}

// ---- comprehensions, f-strings, iteration ----

ir::Value* Emitter::comprehension(const Expr& e) {
  bool list = e.kind == ExprKind::ListComp;
  ir::Value* acc = add(list ? "prim::ListConstruct" : "prim::DictConstruct", {}, {to_ir(e.type)}, e.span)->outputs[0];
  std::set<std::string> scope;
  for (const auto& c : e.comps) target_names(*c.target, scope);
  ctx->comp_scopes.push_back(scope);
  std::function<void(size_t)> gen = [&](size_t k) {
    if (k == e.comps.size()) {
      if (list) builtin("list.append", {acc, expr(*e.a)}, ir::none_type(), e.span);
      else builtin("__setitem__", {acc, expr(*e.a), expr(*e.b)}, ir::none_type(), e.span);
      return;
    }
    const Comprehension& c = e.comps[k];
    Iteration it = iteration(*c.iter);
    loop(it, [&](ir::Value* el) {
      assign_to(*c.target, el);
      std::function<void(size_t)> filt = [&](size_t f) {
        if (f == c.ifs.size()) return gen(k + 1);
        ir::Value* cond = to_bool(expr(*c.ifs[f]), c.ifs[f]->span);
        branch(cond, [&] { filt(f + 1); }, [] {}, c.ifs[f]->span);
      };
      filt(0);
    }, e.span, {}, nullptr, nullptr, false);
  };
  gen(0);
  ctx->comp_scopes.pop_back();
  return acc;
}

ir::Value* Emitter::fstring(const Expr& e) {
  std::function<ir::Value*(const std::vector<FStringPart>&, const Span&)> build =
      [&](const std::vector<FStringPart>& parts, const Span& at) -> ir::Value* {
    ir::Value* r = nullptr;
    for (const auto& p : parts) {
      ir::Value* piece;
      if (!p.is_field) {
        piece = constant(IValue(p.text), ir::str_type(), at);
      } else {
        ir::Value* v = expr(*p.expr);
        if (p.conversion == 'r' || p.conversion == 'a') v = builtin("repr", {v}, ir::str_type(), p.span);
        else if (p.conversion == 's') v = builtin("str", {v}, ir::str_type(), p.span);
        ir::Value* spec = p.spec.empty() ? constant(IValue(""), ir::str_type(), p.span) : build(p.spec, p.span);
        piece = builtin("format", {v, spec}, ir::str_type(), p.span);
      }
      r = r ? add("aten::add", {r, piece}, {ir::str_type()}, at)->outputs[0] : piece;
    }
    return r ? r : constant(IValue(""), ir::str_type(), at);
  };
  return build(e.fparts, e.span);
}

Emitter::Iteration Emitter::iteration(const Expr& iter) {
  Iteration it;
  const Type* ct = iter.kind == ExprKind::Call ? iter.a->type : nullptr;
  std::string bname = ct && ct->kind == TypeKind::Builtin ? ct->name : "";
  auto cint = [&](int64_t v) { return constant(IValue(v), ir::int_type(), iter.span); };
  if (bname == "range") {
    std::vector<ir::Value*> a;
    for (const auto& x : iter.elts) {
      ir::Value* v = expr(*x);
      // A dynamic bound (`skip = d["n"]`): checked to be an int where the loop starts.
      if (v->type->kind != ir::TypeKind::Int) v = add("prim::unchecked_cast", {v}, {ir::int_type()}, x->span)->outputs[0];
      a.push_back(v);
    }
    if (a.size() == 1) {
      it.trips = a[0];
      it.elem = [](ir::Value* i) { return i; };
      return it;
    }
    ir::Value* step = a.size() == 3 ? a[2] : cint(1);
    it.trips = builtin("range_length", {a[0], a[1], step}, ir::int_type(), iter.span);
    ir::Value* start = a[0];
    it.elem = [this, start, step, &iter](ir::Value* i) {
      ir::Value* off = add("aten::mul", {i, step}, {ir::int_type()}, iter.span)->outputs[0];
      return add("aten::add", {start, off}, {ir::int_type()}, iter.span)->outputs[0];
    };
    return it;
  }
  if (bname == "enumerate") {
    Iteration inner = iteration(*iter.elts[0]);
    ir::Value* start = iter.elts.size() > 1 ? expr(*iter.elts[1]) : nullptr;
    for (const auto& k : iter.keywords)
      if (k.name == "start") start = expr(*k.value);
    it.trips = inner.trips;
    it.advance = inner.advance;
    it.elem = [this, inner, start, &iter](ir::Value* i) {
      ir::Value* k = start ? add("aten::add", {start, i}, {ir::int_type()}, iter.span)->outputs[0] : i;
      ir::Value* x = inner.elem(i);
      return add("prim::TupleConstruct", {k, x}, {ir::tuple_type({ir::int_type(), x->type})}, iter.span)->outputs[0];
    };
    return it;
  }
  // zip over an iterator object (itertools.count()) is the zip builtin's list, which pulls from
  // it no further than the other arguments go.
  bool lazy_part = false;
  for (const auto& x : iter.elts)
    lazy_part |= (x->type && x->type->kind == TypeKind::Class && x->type->cls->find_method("__iter__")) ||
                 x->kind == ExprKind::Starred;  // zip(*rows): builtin spread_rows
  if (bname == "zip" && !lazy_part) {
    std::vector<Iteration> parts;
    for (const auto& x : iter.elts) {
      parts.push_back(iteration(*x));
    }
    it.trips = parts[0].trips;
    for (size_t k = 1; k < parts.size(); ++k) it.trips = builtin("min", {it.trips, parts[k].trips}, ir::int_type(), iter.span);
    it.elem = [this, parts, &iter](ir::Value* i) {
      std::vector<ir::Value*> xs;
      std::vector<const ir::Type*> ts;
      for (const auto& p : parts) {
        xs.push_back(p.elem(i));
        ts.push_back(xs.back()->type);
      }
      return add("prim::TupleConstruct", xs, {ir::tuple_type(ts)}, iter.span)->outputs[0];
    };
    return it;
  }
  ir::Value* v = expr(iter);
  using K = ir::TypeKind;
  if (v->type->kind == K::Tuple) {  // iterated as a list of its elements
    std::vector<ir::Value*> items;
    const ir::Type* el = nullptr;
    for (size_t k = 0; k < v->type->args.size(); ++k) {
      const ir::Type* t = v->type->args[k];
      items.push_back(add("prim::TupleIndex", {v, cint(int64_t(k))}, {t}, iter.span)->outputs[0]);
      el = el ? ir::unify(el, t) : t;
    }
    v = add("prim::ListConstruct", items, {ir::list_type(el ? el : ir::any_type())}, iter.span)->outputs[0];
  }
  if (v->type->kind == K::Dict) v = builtin("dict.keys", {v}, ir::list_type(v->type->args[0]), iter.span);
  if (v->type->kind == K::Tensor) {
    it.trips = add("aten::len", {v}, {ir::int_type()}, iter.span)->outputs[0];
    it.elem = [this, v, cint, &iter](ir::Value* i) { return op("select", {v, cint(0), i}, iter.span); };
    return it;
  }
  if (v->type->kind == K::Class) {
    const ir::ClassType* c = v->type->cls;
    if (const ir::Function* f = c->method("__iter__")) {
      // for x in obj: it = obj.__iter__(), then it.__next__() until StopIteration. The builtins
      // keep the iterator and its current element in one native cell (prim::Builtin is impure,
      // so no pass moves or merges the calls).
      ir::Node* n = add("prim::CallMethod", {v}, {f->ret}, iter.span);
      n->set_attr("name", IValue("__iter__"));
      ir::Value* itv = n->outputs[0];
      const ir::Type* el = ir::any_type();
      if (itv->type->kind == K::Class)
        if (const ir::Function* nx = itv->type->cls->method("__next__")) el = nx->ret;
      ir::Value* cell = builtin("iter_start", {itv}, ir::any_type(), iter.span);
      it.advance = [this, cell, &iter] { return builtin("iter_advance", {cell}, ir::bool_type(), iter.span); };
      it.elem = [this, cell, el, &iter](ir::Value*) { return builtin("iter_value", {cell}, el, iter.span); };
      return it;
    }
    if (!c->method("__len__") || !c->method("__getitem__"))
      unsupported(iter.span, "iterating over `" + c->name + "` needs `__len__` and `__getitem__`");
    ir::Node* n = add("prim::CallMethod", {v}, {ir::int_type()}, iter.span);
    n->set_attr("name", IValue("__len__"));
    it.trips = n->outputs[0];
    const ir::Type* el = c->method("__getitem__")->ret;
    it.elem = [this, v, el, &iter](ir::Value* i) {
      ir::Node* g = add("prim::CallMethod", {v, i}, {el}, iter.span);
      g->set_attr("name", IValue("__getitem__"));
      return g->outputs[0];
    };
    return it;
  }
  const ir::Type* el = v->type->kind == K::List ? v->type->args[0] : v->type->kind == K::Str ? ir::str_type() : ir::any_type();
  it.trips = add("aten::len", {v}, {ir::int_type()}, iter.span)->outputs[0];
  it.elem = [this, v, el, &iter](ir::Value* i) { return add("aten::__getitem__", {v, i}, {el}, iter.span)->outputs[0]; };
  return it;
}

}  // namespace ts::frontend
