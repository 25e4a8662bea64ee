// The interpreter loop over register code, calls, objects, and error tracebacks.
#include "runtime/interp.h"

#include <climits>

#include "ir/scalar_eval.h"
#include "ops/derivative.h"
#include "ops/api_shape.h"
#include "ops/registry.h"
#include "tensor/grad_mode.h"

namespace ts::runtime {

namespace {

constexpr int kMaxDepth = 1000;  // Python's default recursion limit

inline const IValue& get(const std::vector<IValue>& regs, const Code& c, int32_t o) {
  return o >= 0 ? regs[size_t(o)] : c.consts[size_t(-1 - o)];
}

// Fast paths for int and float arithmetic and comparisons; everything else goes through
// ir::eval_scalar.
bool fast_scalar(const std::string& k, const IValue& a, const IValue& b, IValue& out) {
  if (a.is_int() && b.is_int()) {
    int64_t x = a.to_int(), y = b.to_int();
    switch (k[6]) {
      case 'a':
        if (k == "aten::add") return out = IValue(int64_t(uint64_t(x) + uint64_t(y))), true;
        break;
      case 's':
        if (k == "aten::sub") return out = IValue(int64_t(uint64_t(x) - uint64_t(y))), true;
        break;
      case 'm':
        if (k == "aten::mul") return out = IValue(int64_t(uint64_t(x) * uint64_t(y))), true;
        break;
      case 'l':
        if (k == "aten::lt") return out = IValue(x < y), true;
        if (k == "aten::le") return out = IValue(x <= y), true;
        break;
      case 'g':
        if (k == "aten::gt") return out = IValue(x > y), true;
        if (k == "aten::ge") return out = IValue(x >= y), true;
        break;
      case 'e':
        if (k == "aten::eq") return out = IValue(x == y), true;
        break;
      case 'n':
        if (k == "aten::ne") return out = IValue(x != y), true;
        break;
      default: break;
    }
  }
  return false;
}

[[noreturn]] void scalar_error(const std::string& kind, const std::vector<IValue>& in) {
  std::string op = kind.substr(6);
  if ((op == "div" || op == "floordiv" || op == "remainder") && in.size() == 2 && in[1].is_number() &&
      in[1].to_double() == 0) {
    bool ints = !in[0].is_double() && !in[1].is_double();
    if (op == "div") raise("ZeroDivisionError", ints ? "division by zero" : "float division by zero");
    raise("ZeroDivisionError", ints ? "integer division or modulo by zero" : "float modulo");
  }
  if (op == "__getitem__" && in.size() == 2) {
    if (in[0].is_dict()) raise("KeyError", in[1].is_string() ? "'" + in[1].to_string() + "'" : "key not found");
    raise("IndexError", std::string(in[0].is_string() ? "string" : in[0].is_tuple() ? "tuple" : "list") + " index out of range");
  }
  std::string types;
  for (size_t i = 0; i < in.size(); ++i) types += std::string(i ? ", " : "") + "'" + in[i].type_name() + "'";
  raise("TypeError", "unsupported operand type(s) for " + op + ": " + types);
}

}  // namespace

std::string error_class(ErrorKind k) {
  switch (k) {
    case ErrorKind::Index: return "IndexError";
    case ErrorKind::Type: return "TypeError";
    case ErrorKind::Value: return "ValueError";
    case ErrorKind::Key: return "KeyError";
    case ErrorKind::NotImplemented: return "NotImplementedError";
    case ErrorKind::Assertion: return "AssertionError";
    case ErrorKind::ZeroDivision: return "ZeroDivisionError";
    default: return "RuntimeError";
  }
}

void raise(const std::string& cls, const std::string& msg) { throw ScriptError(cls, msg); }

std::vector<Tensor> ops_unbind(const Tensor& t) { return unbind(t, 0); }

Interp::Interp(ir::Program& p, RunOptions o) : prog(p), opts(std::move(o)) { ops::Registry::get().finish(); }

std::vector<IValue>& Interp::globals(const std::string& module) { return globals_[module]; }

const Code& Interp::code(ir::Function& fn) {
  std::lock_guard<std::mutex> lock(mu_);
  auto& slot = codes_[&fn];
  if (!slot) slot = lower(fn, *this);
  return *slot;
}

IValue Interp::call(ir::Function& fn, std::vector<IValue>& args) {
  const Code& c = code(fn);
  if (++depth > kMaxDepth) {
    --depth;
    raise("RecursionError", "maximum recursion depth exceeded");
  }
  std::vector<IValue> regs(c.nregs);
  for (size_t i = 0; i < args.size() && i < c.nparams; ++i) regs[i] = std::move(args[i]);
  struct Leave {
    int& d;
    ~Leave() { --d; }
  } leave{depth};
  return run(c, regs);
}

IValue Interp::call_value(const IValue& callee, std::vector<IValue>& args) {
  auto* cl = callee.is_object() ? dynamic_cast<Closure*>(callee.object_ptr().get()) : nullptr;
  if (!cl) raise("TypeError", "'" + callee.type_name() + "' object is not callable");
  std::vector<IValue> full = cl->captures;
  for (auto& a : args) full.push_back(std::move(a));
  // Defaults of the function value's parameters.
  size_t have = full.size() - cl->captures.size();
  if (have < cl->fn->params.size()) {
    for (size_t i = have; i < cl->fn->params.size(); ++i) {
      if (!cl->fn->params[i].has_default)
        raise("TypeError", cl->fn->name + "() missing required argument '" + cl->fn->params[i].name + "'");
      raise("TypeError", cl->fn->name + "(): default arguments of function values are not supported yet");
    }
  }
  return call(*cl->fn, full);
}

IValue Interp::call_method(const IValue& self, const std::string& name, std::vector<IValue>& args) {
  auto* obj = self.is_object() ? dynamic_cast<ScriptObject*>(self.object_ptr().get()) : nullptr;
  if (!obj) raise("AttributeError", "'" + self.type_name() + "' object has no attribute '" + name + "'");
  ir::Function* m = obj->cls->method(name);
  if (!m) raise("AttributeError", "'" + obj->cls->name + "' object has no attribute '" + name + "'");
  std::vector<IValue> full;
  full.reserve(args.size() + 1);
  full.push_back(self);
  for (auto& a : args) full.push_back(std::move(a));
  return call(*m, full);
}

IValue Interp::run(const Code& c, std::vector<IValue>& regs) {
  size_t pc = 0;
  const size_t n = c.instrs.size();
  std::vector<IValue> args;
  try {
    while (pc < n) {
      const Instr& in = c.instrs[pc];
      auto A = [&](size_t k) -> const IValue& { return get(regs, c, in.in[k]); };
      auto out = [&](size_t k = 0) -> IValue& { return regs[size_t(in.outs[k])]; };
      auto gather = [&] {
        args.clear();
        for (int32_t o : in.in) args.push_back(get(regs, c, o));
      };
      switch (in.op) {
        case Opc::Op: {
          const auto* op = static_cast<const ops::OpDef*>(in.ptr);
          Stack st;
          st.reserve(in.in.size());
          for (size_t k = 0; k < in.in.size(); ++k) {
            const IValue& v = A(k);
            auto conv = ops::convert(op->schema.args[k].type, v, true);
            if (!conv)
              raise("TypeError", op->schema.name + "(): argument '" + op->schema.args[k].name + "' must be " +
                                     op->schema.args[k].type.str() + ", not " + v.type_name());
            st.push_back(std::move(*conv));
          }
          ops::run_op(*op, st);
          if (in.imm == 1 && !st.empty() && st[0].is_list()) {
            IValue size = IValue::tuple(st[0].items());
            size.tuple_ptr()->type_name = "torch.Size";
            st[0] = std::move(size);
          }
          for (size_t k = 0; k < in.outs.size() && k < st.size(); ++k) out(k) = std::move(st[k]);
          break;
        }
        case Opc::Scalar: {
          IValue r;
          if (in.in.size() == 2 && fast_scalar(in.name, A(0), A(1), r)) {
            out() = std::move(r);
            break;
          }
          gather();
          auto v = ir::eval_scalar(in.name, args);
          if (!v) scalar_error(in.name, args);
          out() = std::move(*v);
          break;
        }
        case Opc::Jump: pc = size_t(in.target); continue;
        case Opc::JumpIfNot:
          if (!A(0).to_bool()) {
            pc = size_t(in.target);
            continue;
          }
          break;
        case Opc::LoopTest: {
          IValue& trip = regs[size_t(in.in[0])];
          int64_t t = trip.to_int();
          if (!(get(regs, c, in.in[2]).to_bool() && t < get(regs, c, in.in[1]).to_int())) {
            pc = size_t(in.target);
            continue;
          }
          out() = IValue(t);
          trip = IValue(t + 1);
          break;
        }
        case Opc::SetInt: out() = IValue(in.imm); break;
        case Opc::Copy:
          for (size_t k = 0; k < in.in.size(); ++k) out(k) = A(k);
          break;
        case Opc::Call: {
          gather();
          out() = call(*const_cast<ir::Function*>(static_cast<const ir::Function*>(in.ptr)), args);
          break;
        }
        case Opc::CallMethod: {
          std::vector<IValue> rest;
          for (size_t k = 1; k < in.in.size(); ++k) rest.push_back(A(k));
          out() = call_method(A(0), in.name, rest);
          break;
        }
        case Opc::CallValue: {
          std::vector<IValue> rest;
          for (size_t k = 1; k < in.in.size(); ++k) rest.push_back(A(k));
          out() = call_value(A(0), rest);
          break;
        }
        case Opc::MakeClosure: {
          gather();
          auto* f = const_cast<ir::Function*>(static_cast<const ir::Function*>(in.ptr));
          out() = IValue(IValue::ObjectPtr(std::make_shared<Closure>(f, args)));
          break;
        }
        case Opc::Builtin: {
          gather();
          out() = reinterpret_cast<BuiltinFn>(const_cast<void*>(in.ptr))(*this, args, in.kw);
          break;
        }
        case Opc::GetAttr: {
          const IValue& o = A(0);
          if (!o.is_object()) raise("AttributeError", "'" + o.type_name() + "' object has no attribute");
          out() = static_cast<ScriptObject*>(o.object_ptr().get())->slots[size_t(in.imm)];
          break;
        }
        case Opc::SetAttr: {
          const IValue& o = A(0);
          if (!o.is_object()) raise("AttributeError", "'" + o.type_name() + "' object has no attribute");
          static_cast<ScriptObject*>(o.object_ptr().get())->slots[size_t(in.imm)] = A(1);
          break;
        }
        case Opc::CreateObject:
          out() = IValue(IValue::ObjectPtr(std::make_shared<ScriptObject>(static_cast<const ir::ClassType*>(in.ptr))));
          break;
        case Opc::ListConstruct: gather(); out() = IValue::list(args); break;
        case Opc::TupleConstruct: {
          gather();
          IValue t = IValue::tuple(args);
          if (!in.name.empty()) {
            t.tuple_ptr()->type_name = in.name;
            t.tuple_ptr()->field_names = in.kw;
          }
          out() = std::move(t);
          break;
        }
        case Opc::DictConstruct: {
          IValue d = IValue::dict();
          for (size_t k = 0; k + 1 < in.in.size(); k += 2) d.dict_ptr()->set(A(k), A(k + 1));
          out() = std::move(d);
          break;
        }
        case Opc::ListUnpack:
        case Opc::TupleUnpack: {
          const IValue& v = A(0);
          std::vector<IValue> items;
          if (v.is_tensor()) {
            for (const Tensor& t : ops_unbind(v.to_tensor())) items.emplace_back(t);
          } else if (v.is_list() || v.is_tuple()) {
            items = v.items();
          } else {
            raise("TypeError", "cannot unpack non-iterable " + v.type_name() + " object");
          }
          if (items.size() != in.outs.size()) {
            if (items.size() > in.outs.size())
              raise("ValueError", "too many values to unpack (expected " + std::to_string(in.outs.size()) + ")");
            raise("ValueError", "not enough values to unpack (expected " + std::to_string(in.outs.size()) +
                                    ", got " + std::to_string(items.size()) + ")");
          }
          for (size_t k = 0; k < items.size(); ++k) out(k) = std::move(items[k]);
          break;
        }
        case Opc::TupleIndex: out() = A(0).items()[size_t(A(1).to_int())]; break;
        case Opc::GetGlobal: {
          auto& g = *const_cast<std::vector<IValue>*>(static_cast<const std::vector<IValue>*>(in.ptr));
          if (size_t(in.imm) >= g.size()) g.resize(size_t(in.imm) + 1);
          out() = g[size_t(in.imm)];
          break;
        }
        case Opc::SetGlobal: {
          auto& g = *const_cast<std::vector<IValue>*>(static_cast<const std::vector<IValue>*>(in.ptr));
          if (size_t(in.imm) >= g.size()) g.resize(size_t(in.imm) + 1);
          g[size_t(in.imm)] = A(0);
          break;
        }
        case Opc::Raise: {
          const IValue& v = A(0);
          if (v.is_object())
            if (auto* e = dynamic_cast<ExceptionValue*>(v.object_ptr().get())) raise(e->cls, e->msg);
          if (v.is_string()) raise(v.to_string(), "");
          raise("TypeError", "exceptions must derive from BaseException");
        }
        case Opc::Uninit: out() = IValue(); break;
        case Opc::Cast: out() = A(0); break;
        case Opc::Is:
        case Opc::IsNot: {
          const IValue &a = A(0), &b = A(1);
          bool same = (a.is_none() && b.is_none()) ||
                      (a.is_object() && b.is_object() && a.object_ptr() == b.object_ptr()) ||
                      (a.is_tensor() && b.is_tensor() && a.to_tensor().is_same(b.to_tensor())) ||
                      (a.is_bool() && b.is_bool() && a.to_bool() == b.to_bool()) ||
                      (a.is_list() && b.is_list() && a.list_ptr() == b.list_ptr()) ||
                      (a.is_dict() && b.is_dict() && a.dict_ptr() == b.dict_ptr());
          out() = IValue(in.op == Opc::Is ? same : !same);
          break;
        }
        case Opc::IsInstance: {
          const IValue& v = A(0);
          const std::string& t = in.name;
          bool r;
          if (v.is_object()) {
            auto* o = dynamic_cast<ScriptObject*>(v.object_ptr().get());
            r = false;
            for (const ir::ClassType* k = o ? o->cls : nullptr; k; k = k->base) r |= k->qualname == t;
          } else {
            std::string have = v.is_tensor() ? "Tensor" : v.is_int() ? "int" : v.is_double() ? "float"
                               : v.is_bool() ? "bool" : v.is_string() ? "str" : v.is_none() ? "NoneType" : "";
            r = have == t || (v.is_list() && t.size() > 2 && t.substr(t.size() - 2) == "[]") ||
                (v.is_dict() && t.rfind("Dict(", 0) == 0) || (v.is_tuple() && t[0] == '(');
          }
          out() = IValue(r);
          break;
        }
        case Opc::Enter: {
          const IValue& v = A(0);
          if (v.is_object()) {
            if (auto* g = dynamic_cast<GradContext*>(v.object_ptr().get())) {
              g->prev = GradMode::is_enabled();
              GradMode::set_enabled(g->enable);
              out() = IValue();
              break;
            }
            std::vector<IValue> none;
            out() = call_method(v, "__enter__", none);
            break;
          }
          raise("TypeError", "'" + v.type_name() + "' object does not support the context manager protocol");
        }
        case Opc::Exit: {
          const IValue& v = A(0);
          if (auto* g = dynamic_cast<GradContext*>(v.object_ptr().get())) {
            GradMode::set_enabled(g->prev);
            break;
          }
          std::vector<IValue> three(3);
          call_method(v, "__exit__", three);
          break;
        }
        case Opc::Len: {
          const IValue& v = A(0);
          int64_t r;
          if (v.is_list() || v.is_tuple()) r = int64_t(v.items().size());
          else if (v.is_string()) r = int64_t(v.to_string().size());
          else if (v.is_dict()) r = int64_t(v.dict_ptr()->items.size());
          else if (v.is_tensor()) {
            if (v.to_tensor().dim() == 0) raise("TypeError", "len() of a 0-d tensor");
            r = v.to_tensor().size(0);
          } else if (v.is_object() && dynamic_cast<ScriptObject*>(v.object_ptr().get())) {
            std::vector<IValue> none;
            r = call_method(v, "__len__", none).to_int();
          } else {
            raise("TypeError", "object of type '" + v.type_name() + "' has no len()");
          }
          out() = IValue(r);
          break;
        }
        case Opc::GetItem: {
          const IValue &v = A(0), &k = A(1);
          if ((v.is_list() || v.is_tuple()) && k.is_int()) {
            const auto& items = v.items();
            int64_t i = k.to_int(), sz = int64_t(items.size());
            if (i < 0) i += sz;
            if (i < 0 || i >= sz) raise("IndexError", std::string(v.is_list() ? "list" : "tuple") + " index out of range");
            out() = items[size_t(i)];
            break;
          }
          if (v.is_dict()) {
            const IValue* r = v.dict_ptr()->find(k);
            if (!r) raise("KeyError", py_repr(*this, k));
            out() = *r;
            break;
          }
          gather();
          auto r = ir::eval_scalar("aten::__getitem__", args);
          if (!r) scalar_error("aten::__getitem__", args);
          out() = std::move(*r);
          break;
        }
        case Opc::Contains: {
          const IValue &v = A(0), &k = A(1);
          bool r = false;
          if (v.is_dict()) r = v.dict_ptr()->find(k) != nullptr;
          else if (v.is_list() || v.is_tuple()) {
            for (const auto& x : v.items()) r |= ivalue_equal(x, k);
          } else if (v.is_string() && k.is_string()) {
            r = v.to_string().find(k.to_string()) != std::string::npos;
          } else {
            raise("TypeError", "argument of type '" + v.type_name() + "' is not iterable");
          }
          out() = IValue(r);
          break;
        }
        case Opc::Not: out() = IValue(!A(0).to_bool()); break;
      }
      ++pc;
    }
  } catch (ScriptError& e) {
    if (pc < n && c.instrs[pc].node) e.trace.push_back({c.name, c.instrs[pc].node->loc});
    throw;
  } catch (const Error& e) {
    ScriptError se(error_class(e.kind()), e.message());
    if (pc < n && c.instrs[pc].node) se.trace.push_back({c.name, c.instrs[pc].node->loc});
    throw se;
  }
  if (c.results.empty()) return IValue();
  return get(regs, c, c.results[0]);
}

}  // namespace ts::runtime
