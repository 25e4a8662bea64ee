// The interpreter loop over register code, calls, objects, and error tracebacks (the
// interpreter's setup, globals and lowering on demand: interp_setup.cpp).
#include "runtime/interp.h"
#include "runtime/interrupt.h"

#include <optional>

#include <chrono>
#include <climits>
#include <mutex>
#include <set>

#include "ir/exceptions.h"
#include "ir/scalar_eval.h"
#include "runtime/builtins_data.h"
#include "runtime/collections.h"
#include "runtime/scalar_ops.h"
#include "runtime/value_copy.h"
#include "ops/derivative.h"
#include "ops/api_shape.h"
#include "ops/registry.h"
#include "tensor/grad_mode.h"
#include "util/error.h"
#include "util/utf8_code_points.h"

namespace ts::runtime {

namespace {

constexpr int kMaxDepth = 1000;  // Python's default recursion limit

// The frame a register-code function runs in.
struct Frame {
  const Code& c;
  std::vector<IValue>& regs;
  std::vector<int64_t>& nums;
  // An operand as a boxed value; unboxed ones are boxed into `tmp`.
  const IValue& ref(const Opnd& o, IValue& tmp) const {
    switch (o.loc) {
      case Loc::Box: return regs[o.idx];
      case Loc::Const: return c.consts[o.idx];
      case Loc::Int: return tmp = IValue(nums[o.idx]);
      case Loc::Bool: return tmp = IValue(nums[o.idx] != 0);
    }
    return tmp;
  }
  IValue get(const Opnd& o) const {
    IValue tmp;
    return ref(o, tmp);
  }
  void put(const Opnd& o, IValue v) {
    switch (o.loc) {
      case Loc::Box: regs[o.idx] = std::move(v); return;
      case Loc::Int:
        if (v.is_int()) nums[o.idx] = v.to_int();
        else if (v.is_bool()) nums[o.idx] = v.to_bool();
        else if (v.is_none()) nums[o.idx] = 0;  // an uninitialized path's placeholder
        else raise("TypeError", "expected an int but got " + v.type_name());
        return;
      case Loc::Bool:
        if (v.is_bool()) nums[o.idx] = v.to_bool();
        else if (v.is_int()) nums[o.idx] = v.to_int() != 0;
        else if (v.is_none()) nums[o.idx] = 0;
        else raise("TypeError", "expected a bool but got " + v.type_name());
        return;
      case Loc::Const: break;
    }
  }
  bool truth(const Opnd& o) const {
    if (o.loc == Loc::Int || o.loc == Loc::Bool) return nums[o.idx] != 0;
    IValue tmp;
    return ref(o, tmp).to_bool();
  }
  int64_t integer(const Opnd& o) const {
    if (o.loc == Loc::Int || o.loc == Loc::Bool) return nums[o.idx];
    IValue tmp;
    return ref(o, tmp).to_int();
  }
};

// The traceback lines of one frame, innermost first: a node inlined from other functions
// stands for their frames too.
void push_frames(std::vector<TraceFrame>& trace, const std::string& fn, const ir::SourceLoc& loc) {
  const ir::InlinedAt* at = loc.inlined_at.get();
  if (!at) {
    trace.push_back({fn, loc});
    return;
  }
  trace.push_back({at->function, loc});
  while (at) {
    const ir::InlinedAt* next = at->call.inlined_at.get();
    trace.push_back({next ? next->function : fn, at->call});
    at = next;
  }
}

}  // namespace

bool value_has_type(const IValue& v, const std::string& t, bool isinstance) {
  if (t == "Any") return true;
  if (t.size() > 1 && t.back() == '?') return v.is_none() || value_has_type(v, t.substr(0, t.size() - 1), isinstance);
  if (isinstance && t == "float") return v.is_double();  // isinstance(1, float) is False
  if (t == "Tensor") return v.is_tensor();
  if (t == "int") return v.is_int() || v.is_bool();
  if (t == "float") return v.is_double() || v.is_int() || v.is_bool();
  if (t == "bool") return v.is_bool();
  if (t == "str") return v.is_string();
  if (t == "NoneType") return v.is_none();
  if (t == "Device") return v.is_device();
  if (t == "dtype") return v.is_dtype();  // isinstance(x, torch.dtype) only (casts spell dtype "int")
  // A torch.Size is typed int[] (the IR's type of sizes) but is a tuple at run time.
  if (t == "int[]" && !isinstance && v.is_tuple() && v.tuple_ptr()->type_name == "torch.Size") return true;
  if (t.size() > 2 && t.substr(t.size() - 2) == "[]") return v.is_list();
  if (t.rfind("Dict(", 0) == 0) return v.is_dict();
  if (t[0] == '(') return v.is_tuple();
  if (v.is_object()) {
    auto* o = dynamic_cast<ScriptObject*>(v.object_ptr().get());
    for (const ir::ClassType* k = o ? o->cls : nullptr; k; k = k->base) {
      if (k->qualname == t) return true;
      if (!k->base && !k->exception_base.empty() && ir::is_builtin_exception(t))  // isinstance(e, Exception)
        return ir::exception_catches(t, k->exception_base);
    }
    if (auto* e = dynamic_cast<ExceptionValue*>(v.object_ptr().get()); e && ir::is_builtin_exception(t))
      return ir::exception_catches(t, e->cls);
    // Closures and native objects (handles from _ts) pass a cast unchecked, but are not
    // instances of a script class.
    return !o && !isinstance;
  }
  return false;
}

namespace {

// The handler of the innermost `try` around `pc` that takes the exception (its value stored in
// the handler's register), or -1.
int32_t find_handler(const Code& c, size_t pc, const ScriptError& e, Frame& F) {
  for (const TryRegion& r : c.tries) {
    if (pc < size_t(r.begin) || pc >= size_t(r.end)) continue;
    auto* obj = e.value.is_object() ? dynamic_cast<ExceptionObject*>(e.value.object_ptr().get()) : nullptr;
    for (const auto& h : r.handlers) {
      bool take = h.types.empty();
      for (const auto& t : h.types) take |= obj ? ir::exception_catches(t, *obj->cls) : ir::exception_catches(t, e.cls);
      if (!take) continue;
      std::vector<TraceFrame> trace = e.trace;
      if (!e.frame_recorded && pc < c.instrs.size() && c.instrs[pc].node)
        push_frames(trace, c.name, c.instrs[pc].node->loc);
      if (obj) {  // the raised object itself
        obj->trace = std::move(trace);
        obj->caught = true;
        F.put(h.exc, e.value);
        last_caught_exception() = e.value;
        return h.pc;
      }
      if (auto* raised = e.value.is_object() ? dynamic_cast<ExceptionValue*>(e.value.object_ptr().get()) : nullptr) {
        raised->trace = std::move(trace);
        raised->caught = true;
        F.put(h.exc, e.value);
        last_caught_exception() = e.value;
        return h.pc;
      }
      auto ev = std::make_shared<ExceptionValue>(e.cls, e.msg);
      ev->trace = std::move(trace);
      ev->caught = true;
      F.put(h.exc, IValue(IValue::ObjectPtr(ev)));
      last_caught_exception() = F.get(h.exc);
      return h.pc;
    }
  }
  return -1;
}

}  // namespace


void raise(const std::string& cls, const std::string& msg) { throw ScriptError(cls, msg); }

IValue& last_caught_exception() {
  thread_local IValue v;
  return v;
}

int64_t Interp::py_len(const IValue& v) {
  if (v.is_list() || v.is_tuple()) return int64_t(v.items().size());
  if (v.is_string()) return int64_t(util::code_point_count(v.to_string()));
  if (v.is_dict()) return int64_t(v.dict_ptr()->items.size());
  if (v.is_tensor()) {
    if (v.to_tensor().dim() == 0) raise("TypeError", "len() of a 0-d tensor");
    return v.to_tensor().size(0);
  }
  if (v.is_object() && dynamic_cast<ScriptObject*>(v.object_ptr().get())) {
    std::vector<IValue> none;
    return call_method(v, "__len__", none).to_int();
  }
  raise("TypeError", "object of type '" + v.type_name() + "' has no len()");
}

IValue::ObjectPtr new_object(const ir::ClassType* c) {
  if (!c->exception_base.empty()) return std::make_shared<ExceptionObject>(c);
  return std::make_shared<ScriptObject>(c);
}

namespace {
// Initial-exec: libts is linked, never dlopen'ed, so the slot is read without a call.
__attribute__((tls_model("initial-exec"))) thread_local GlobalsCopy* thread_globals = nullptr;
}  // namespace

ThreadGlobalsScope::ThreadGlobalsScope(GlobalsCopy* globals) : prev_(thread_globals) { thread_globals = globals; }
ThreadGlobalsScope::~ThreadGlobalsScope() { thread_globals = prev_; }

// The frames running on this thread, innermost first (README.md, Note [Script call sites]):
// each run() links its code and the address of its instruction counter for as long as it runs.
namespace {
struct ActiveFrame {
  const Code* code;
  const size_t* pc;
  ActiveFrame* parent;
};
__attribute__((tls_model("initial-exec"))) thread_local ActiveFrame* active_frames = nullptr;

struct ActiveFrameScope {
  ActiveFrame frame;
  ActiveFrameScope(const Code& c, const size_t& pc) : frame{&c, &pc, active_frames} { active_frames = &frame; }
  ~ActiveFrameScope() { active_frames = frame.parent; }
  ActiveFrameScope(const ActiveFrameScope&) = delete;
  ActiveFrameScope& operator=(const ActiveFrameScope&) = delete;
};
}  // namespace

const ir::SourceLoc* innermost_script_loc() {
  for (const ActiveFrame* f = active_frames; f; f = f->parent) {
    size_t pc = *f->pc;
    if (pc >= f->code->instrs.size() || !f->code->instrs[pc].node) continue;
    const ir::SourceLoc* loc = &f->code->instrs[pc].node->loc;
    // A node inlined from the standard library stands for its call sites too: the innermost
    // one outside it.
    for (;;) {
      if (loc->file && !loc->file->path.starts_with("<stdlib>/")) return loc;
      if (!loc->inlined_at) break;
      loc = &loc->inlined_at->call;
    }
  }
  return nullptr;
}

IValue Interp::call(ir::Function& fn, std::vector<IValue>& args) {
  const Code& c = code(fn);
  thread_local int depth = 0;
  if (++depth > kMaxDepth) {
    --depth;
    raise("RecursionError", "maximum recursion depth exceeded");
  }
  std::vector<IValue> regs(c.nregs);
  std::vector<int64_t> nums = c.nums_init;
  Frame f{c, regs, nums};
  for (size_t i = 0; i < args.size() && i < c.params.size(); ++i) f.put(c.params[i], std::move(args[i]));
  struct Leave {
    int& d;
    ~Leave() { --d; }
  } leave{depth};
  return run(c, regs, nums);
}

IValue Interp::run(const Code& c, std::vector<IValue>& regs, std::vector<int64_t>& nums) {
  size_t pc = 0;
  ActiveFrameScope active(c, pc);
  const size_t n = c.instrs.size();
  std::vector<IValue> args;
  Frame F{c, regs, nums};
  int64_t* N = nums.data();
  IValue tmp0, tmp1;  // boxed copies of unboxed operands (outside the loop: no per-step destructor)
  Stack op_stack;     // reused by every op call of this frame
  GlobalsCopy* const tg = thread_globals;  // a worker's own globals, or null
  const Opnd* const opnds = c.opnds.data();  // Instr::args indexes it
  auto put_out = [&F, opnds](const Instr& in, IValue v, size_t k = 0) {
    F.put(opnds[in.args + in.nin + k], std::move(v));
  };
  auto gather_in = [&F, &args, opnds](const Instr& in) {
    args.clear();
    for (uint32_t k = 0; k < in.nin; ++k) args.push_back(F.get(opnds[in.args + k]));
  };
  for (;;) {
  try {
    while (pc < n) {
      if (c.fast[pc].op != FastInstr::kSlow) {
        run_fast(c.fast.data(), n, N, pc);
        if (pc >= n) break;
        if (interrupt_pending()) raise_keyboard_interrupt();  // run_fast stopped at a loop for it
      }
      const Instr& in = c.instrs[pc];
#define IN(k) opnds[in.args + (k)]
#define OUT(k) opnds[in.args + in.nin + (k)]
#define A(k) F.ref(IN(k), (k) ? tmp1 : tmp0)
#define SET(...) put_out(in, __VA_ARGS__)
#define gather() gather_in(in)
      switch (in.op) {
        case Opc::Op: {
          const auto* op = static_cast<const ops::OpDef*>(in.ptr);
          Stack& st = op_stack;
          st.clear();
          bool op_redispatched = false;
          for (size_t k = 0; k < in.nin; ++k) {
            const Opnd& arg = IN(k);
            if (arg.convert != 1) {
              st.push_back(F.get(arg));
              if (arg.convert == 2 && !st.back().is_tensor())
                raise("TypeError", op->schema.name + "(): argument '" + op->schema.args[k].name +
                                       "' must be Tensor, not " + st.back().type_name());
              continue;
            }
            const IValue& v = A(k);
            auto conv = ops::convert(op->schema.args[k].type, v, true);
            if (!conv && ops::Registry::get().overloads(op->schema.name).size() > 1) {
              // An argument typed Any at check time that another overload takes
              // (`torch.tensor(x)` with x a list): resolved again from the values.
              Stack pos;
              ops::Kwargs kws;
              for (size_t j = 0; j < in.nin; ++j) {
                if (op->schema.args[j].kwarg_only) kws.push_back({op->schema.args[j].name, A(j)});
                else pos.push_back(A(j));
              }
              Stack out = ops::call(op->schema.name, pos, kws);
              for (size_t j = 0; j < in.nout && j < out.size(); ++j) SET(std::move(out[j]), j);
              op_redispatched = true;
              break;
            }
            if (!conv)
              raise("TypeError", op->schema.name + "(): argument '" + op->schema.args[k].name + "' must be " +
                                     op->schema.args[k].type.str() + ", not " + v.type_name());
            st.push_back(std::move(*conv));
          }
          if (op_redispatched) break;
          if (in.imm == 4 && !st.empty() && st[0].is_tensor() && st[0].to_tensor().numel() != 1)
            raise("ValueError", "only one element tensors can be converted to Python scalars");
          if (opts.profile) {
            auto t0 = std::chrono::steady_clock::now();
            ops::run_op(*op, st);
            record(op->schema.name, t0);
          } else {
            ops::run_op(*op, st);
          }
          if (in.imm == 3 && !st.empty() && st[0].is_list()) {
            st[0].list_ptr()->type_name = "tuple";  // a Tensor[] result: a tuple in PyTorch
          } else if (in.imm != 0 && !st.empty() && st[0].is_list()) {  // size() and stride(): tuples
            IValue t = IValue::tuple(st[0].items());
            if (in.imm == 1) t.tuple_ptr()->type_name = "torch.Size";
            st[0] = std::move(t);
          }
          for (size_t k = 0; k < in.nout && k < st.size(); ++k) SET(std::move(st[k]), k);
          break;
        }
        case Opc::Scalar: {
          gather();
          SET(scalar_op(*this, c.names[in.name], args));
          break;
        }
        case Opc::IAdd: case Opc::ISub: case Opc::IMul: case Opc::IFloorDiv: case Opc::IMod:
        case Opc::ILt: case Opc::ILe: case Opc::IGt: case Opc::IGe: case Opc::IEq: case Opc::INe:
        case Opc::BNot: case Opc::JLt: case Opc::JLe: case Opc::JGt: case Opc::JGe: case Opc::JEq:
        case Opc::JNe: case Opc::IFloorDivK: case Opc::IModK: case Opc::Jump: case Opc::SetInt:
          TS_INTERNAL_ASSERT(false, "an unboxed instruction outside run_fast");  // code.cpp packs them all
          break;
        case Opc::ForTest: {  // a boxed bound (run_fast takes the others)
          if (interrupt_pending()) raise_keyboard_interrupt();
          const FastInstr& f = c.fast[pc];
          int64_t t = N[f.a];
          if (t >= F.integer(IN(1))) {
            pc = size_t(f.target);
            continue;
          }
          N[f.o] = t;
          N[f.a] = t + 1;
          break;
        }
        case Opc::JumpIfNot:  // a boxed condition
          if (!F.truth(IN(0))) {
            pc = size_t(c.fast[pc].target);
            continue;
          }
          break;
        case Opc::LoopTest: {
          if (interrupt_pending()) raise_keyboard_interrupt();
          const FastInstr& f = c.fast[pc];
          int64_t t = N[f.a];
          if (!(F.truth(IN(0)) && t < F.integer(IN(1)))) {
            pc = size_t(f.target);
            continue;
          }
          N[f.o] = t;
          N[f.a] = t + 1;
          break;
        }
        case Opc::Kill:
          for (uint32_t k = 0; k < in.nin; ++k) regs[IN(k).idx] = IValue();
          break;
        case Opc::Copy:
          for (size_t k = 0; k < in.nin; ++k) {
            const Opnd &from = IN(k), &to = OUT(k);
            bool fnum = from.loc == Loc::Int || from.loc == Loc::Bool, tnum = to.loc == Loc::Int || to.loc == Loc::Bool;
            if (fnum && tnum) N[to.idx] = N[from.idx];
            else SET(A(k), k);
          }
          break;
        case Opc::Call: {
          gather();
          SET(call(*const_cast<ir::Function*>(static_cast<const ir::Function*>(in.ptr)), args));
          break;
        }
        case Opc::CallMethod: {
          std::vector<IValue> rest;
          for (size_t k = 1; k < in.nin; ++k) rest.push_back(A(k));
          const IValue& self = A(0);
          if ((in.imm >> 2) != 0 && module_hooks_set(self)) {
            SET(module_call_hooked(self, c.names[in.name], rest, (in.imm & 1) != 0, size_t(in.imm >> 2) - 1, (in.imm & 2) != 0));
          } else {
            SET(call_method(self, c.names[in.name], rest, (in.imm & 1) != 0));
          }
          break;
        }
        case Opc::CallValue: {
          std::vector<IValue> rest;
          for (size_t k = 1; k < in.nin; ++k) rest.push_back(A(k));
          SET(call_value(A(0), rest));
          break;
        }
        case Opc::MakeClosure: {
          gather();
          auto* f = const_cast<ir::Function*>(static_cast<const ir::Function*>(in.ptr));
          SET(IValue(IValue::ObjectPtr(std::make_shared<Closure>(f, args))));
          break;
        }
        case Opc::Builtin: {
          gather();
          auto fn = reinterpret_cast<BuiltinFn>(const_cast<void*>(in.ptr));
          if (opts.profile) {
            auto t0 = std::chrono::steady_clock::now();
            IValue r = fn(*this, args, c.kws[in.kw]);
            record(c.names[in.name], t0);
            SET(std::move(r));
          } else {
            SET(fn(*this, args, c.kws[in.kw]));
          }
          break;
        }
        case Opc::GetAttr: {
          const IValue& o = A(0);
          if (!o.is_object()) raise("AttributeError", "'" + o.type_name() + "' object has no attribute");
          SET(static_cast<ScriptObject*>(o.object_ptr().get())->slots[size_t(in.imm)]);
          break;
        }
        case Opc::SetAttr: {
          const IValue& o = A(0);
          if (!o.is_object()) raise("AttributeError", "'" + o.type_name() + "' object has no attribute");
          static_cast<ScriptObject*>(o.object_ptr().get())->slots[size_t(in.imm)] = A(1);
          break;
        }
        case Opc::CreateObject:
          SET(IValue(new_object(static_cast<const ir::ClassType*>(in.ptr))));
          break;
        case Opc::ListConstruct: gather(); SET(IValue::list(args)); break;
        case Opc::TupleConstruct: {
          gather();
          IValue t = IValue::tuple(args);
          if (in.name != 0) {
            t.tuple_ptr()->type_name = c.names[in.name];
            t.tuple_ptr()->field_names = c.kws[in.kw];
          }
          SET(std::move(t));
          break;
        }
        case Opc::DictConstruct: {
          IValue d = IValue::dict();
          for (size_t k = 0; k + 1 < in.nin; k += 2) d.dict_ptr()->set(A(k), A(k + 1));
          SET(std::move(d));
          break;
        }
        case Opc::ListUnpack:
        case Opc::TupleUnpack: {
          const IValue& v = A(0);
          std::vector<IValue> items;
          if (v.is_tensor()) {
            for (const Tensor& t : unbind(v.to_tensor(), 0)) items.emplace_back(t);
          } else if (v.is_list() || v.is_tuple()) {
            items = v.items();
          } else {
            raise("TypeError", "cannot unpack non-iterable " + v.type_name() + " object");
          }
          if (items.size() != in.nout) {
            if (items.size() > in.nout)
              raise("ValueError", "too many values to unpack (expected " + std::to_string(in.nout) + ")");
            raise("ValueError", "not enough values to unpack (expected " + std::to_string(in.nout) +
                                    ", got " + std::to_string(items.size()) + ")");
          }
          for (size_t k = 0; k < items.size(); ++k) SET(std::move(items[k]), k);
          break;
        }
        case Opc::TupleIndex: SET(A(0).items()[size_t(A(1).to_int())]); break;
        case Opc::GetGlobal: {
          const auto* gp = static_cast<const std::vector<IValue>*>(in.ptr);
          auto it = tg ? tg->find(gp) : GlobalsCopy::iterator();
          const auto& g = tg && it != tg->end() ? it->second : *gp;
          const IValue& v = g[size_t(in.imm)];
          if (v.is_object() && v.object_ptr() == unset_global().object_ptr())
            raise("NameError", "name '" + c.names[in.name] + "' is not defined");
          SET(v);
          break;
        }
        case Opc::SetGlobal: {
          auto* gp = const_cast<std::vector<IValue>*>(static_cast<const std::vector<IValue>*>(in.ptr));
          auto it = tg ? tg->find(gp) : GlobalsCopy::iterator();
          auto& g = tg && it != tg->end() ? it->second : *gp;
          g[size_t(in.imm)] = A(0);
          break;
        }
        case Opc::Raise: {
          const IValue& v = A(0);
          if (v.is_object()) {
            if (auto* e = dynamic_cast<ExceptionValue*>(v.object_ptr().get())) {
              ScriptError se(e->cls, e->msg);
              se.value = v;
              if (e->caught) {  // re-raised: its original traceback
                se.trace = e->trace;
                se.frame_recorded = true;
              }
              throw se;
            }
            if (auto* e = dynamic_cast<ExceptionObject*>(v.object_ptr().get())) {
              // Python's traceback names a class by module and name, but not in __main__.
              const ir::ClassType& k = *e->cls;
              ScriptError se(k.module == "__main__" ? k.name : ir::exception_name(k), py_str(*this, v));
              se.value = v;
              if (e->caught) {
                se.trace = e->trace;
                se.frame_recorded = true;
              }
              throw se;
            }
          }
          if (v.is_string()) raise(v.to_string(), "");
          raise("TypeError", "exceptions must derive from BaseException");
        }
        case Opc::Uninit: SET(IValue()); break;
        case Opc::Cast: {
          const IValue& v = A(0);
          if (in.name != 0 && !value_has_type(v, c.names[in.name]))
            raise("TypeError", "expected a value of type " + c.names[in.name] + " but got " + v.type_name());
          SET(v);
          break;
        }
        case Opc::Is:
        case Opc::IsNot: {
          const IValue &a = A(0), &b = A(1);
          bool same = (a.is_none() && b.is_none()) ||
                      (a.is_object() && b.is_object() && a.object_ptr() == b.object_ptr()) ||
                      (a.is_tensor() && b.is_tensor() && a.to_tensor().is_same(b.to_tensor())) ||
                      (a.is_bool() && b.is_bool() && a.to_bool() == b.to_bool()) ||
                      (a.is_list() && b.is_list() && a.list_ptr() == b.list_ptr()) ||
                      (a.is_dict() && b.is_dict() && a.dict_ptr() == b.dict_ptr());
          SET(IValue(in.op == Opc::Is ? same : !same));
          break;
        }
        case Opc::IsInstance: SET(IValue(value_has_type(A(0), c.names[in.name], true))); break;
        case Opc::Enter: {
          const IValue& v = A(0);
          if (v.is_object()) {
            if (auto* g = dynamic_cast<GradContext*>(v.object_ptr().get())) {
              if (!g->applied) g->prev = GradMode::is_enabled();
              GradMode::set_enabled(g->enable);
              if (g->inference_mode) {
                g->prev_inference = InferenceMode::is_enabled();
                InferenceMode::set_enabled(!g->enable);
              }
              SET(IValue());
              break;
            }
            std::vector<IValue> none;
            SET(call_method(v, "__enter__", none));
            break;
          }
          raise("TypeError", "'" + v.type_name() + "' object does not support the context manager protocol");
        }
        case Opc::Exit: {
          const IValue& v = A(0);
          if (auto* g = dynamic_cast<GradContext*>(v.object_ptr().get())) {
            GradMode::set_enabled(g->prev);
            if (g->inference_mode) InferenceMode::set_enabled(g->prev_inference);
            break;
          }
          std::vector<IValue> three(3);
          call_method(v, "__exit__", three);
          break;
        }
        case Opc::Len: SET(IValue(py_len(A(0)))); break;
        case Opc::GetItem: {
          const IValue &v = A(0), &k = A(1);
          if ((v.is_list() || v.is_tuple()) && k.is_int()) {
            const auto& items = v.items();
            int64_t i = k.to_int(), sz = int64_t(items.size());
            if (i < 0) i += sz;
            if (i < 0 || i >= sz)
              raise("IndexError", std::string(!v.is_list() ? "tuple" : v.list_ptr()->type_name.empty() ? "list" : v.list_ptr()->type_name == "tuple" ? "tuple" : "deque") + " index out of range");
            SET(items[size_t(i)]);
            break;
          }
          if (v.is_dict()) {
            const IValue* r = v.dict_ptr()->find(k);
            if (!r) {
              IValue dflt;
              if (!missing_key(*this, v, k, &dflt)) raise("KeyError", py_repr(*this, k));
              SET(std::move(dflt));
              break;
            }
            SET(*r);
            break;
          }
          if (auto* so = v.is_object() ? dynamic_cast<ScriptObject*>(v.object_ptr().get()) : nullptr;
              so && so->cls->method("__getitem__")) {  // an object typed Any (a dataset)
            std::vector<IValue> key = {k};
            SET(call_method(v, "__getitem__", key));
            break;
          }
          gather();  // a tensor typed Any: t[i] as the tensor's indexing
          auto r = v.is_tensor() ? std::optional(find_builtin("Tensor.index_any")(*this, args, {}))
                                 : ir::eval_scalar("aten::__getitem__", args);
          if (!r) scalar_error("aten::__getitem__", args);
          SET(std::move(*r));
          break;
        }
        case Opc::Contains: {
          const IValue &v = A(0), &k = A(1);
          bool r = false;
          if (v.is_dict()) r = v.dict_ptr()->find(k) != nullptr;
          else if (v.is_list() || v.is_tuple()) {
            for (const auto& x : v.items())
              if ((r = py_equal(*this, x, k))) break;
          } else if (v.is_string() && k.is_string()) {
            r = v.to_string().find(k.to_string()) != std::string::npos;
          } else {
            raise("TypeError", "argument of type '" + v.type_name() + "' is not iterable");
          }
          SET(IValue(r));
          break;
        }
        case Opc::Not: SET(IValue(!truthy(*this, A(0)))); break;
      }
      if (in.nkill) {  // registers whose values are dead now (README.md, Note [Dead registers])
        const Opnd* k = &OUT(in.nout);
        for (uint16_t j = 0; j < in.nkill; ++j) regs[k[j].idx] = IValue();
      }
      ++pc;
    }
#undef IN
#undef OUT
#undef A
#undef SET
#undef gather
    break;
  } catch (ScriptError& e) {
    if (int32_t h = find_handler(c, pc, e, F); h >= 0) {
      pc = size_t(h);
      continue;
    }
    if (e.frame_recorded) e.frame_recorded = false;
    else if (pc < n && c.instrs[pc].node) push_frames(e.trace, c.name, c.instrs[pc].node->loc);
    throw;
  } catch (const std::exception& e) {  // ts::Error, or a C++ error on a value of the wrong kind
    ScriptError se = script_error_of(e);
    if (int32_t h = find_handler(c, pc, se, F); h >= 0) {
      pc = size_t(h);
      continue;
    }
    if (pc < n && c.instrs[pc].node) push_frames(se.trace, c.name, c.instrs[pc].node->loc);
    throw se;
  }
  }
  if (c.results.empty()) return IValue();
  return F.get(c.results[0]);
}

}  // namespace ts::runtime
