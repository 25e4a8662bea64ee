// Graph to register code: int and bool values get unboxed registers, others boxed ones,
// constants live in a table (or preloaded unboxed registers); prim::If and prim::Loop become
// jumps, and their outputs share registers with the block values feeding them where that is
// safe, so most control flow needs no copies (src/runtime/README.md, Note [Register code]).
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <unordered_map>

#include "ir/scalar_eval.h"
#include "ops/registry.h"
#include "runtime/interp.h"
#include "util/error.h"

namespace ts::runtime {

namespace {

bool unboxed(const ir::Type* t) { return t->kind == ir::TypeKind::Int || t->kind == ir::TypeKind::Bool; }
bool is_num(const Opnd& o) { return o.loc == Loc::Int || o.loc == Loc::Bool; }
bool same(const Opnd& a, const Opnd& b) { return a.loc == b.loc && a.idx == b.idx; }

class Lowerer {
 public:
  Lowerer(ir::Function& fn, Interp& I) : fn_(fn), I_(I) {}

  std::unique_ptr<Code> run() {
    code_ = std::make_unique<Code>();
    code_->name = fn_.owner ? fn_.owner->name + "." + fn_.name : fn_.name;
    const ir::Graph& g = *fn_.graph;
    for (ir::Value* v : g.inputs()) code_->params.push_back(reg(v));
    size_t nodes = size_t(number(*g.block(), 0));
    regs_.reserve(nodes);
    // About one instruction a node: reserving avoids holding two copies while the vector grows.
    code_->instrs.reserve(nodes + nodes / 8 + 16);
    plan_kills(*g.block());
    block(*g.block());
    for (ir::Value* v : g.outputs()) code_->results.push_back(operand(v));
    code_->nregs = next_box_;
    code_->fast.reserve(code_->instrs.size() + 1);
    for (const Instr& in : code_->instrs) code_->fast.push_back(pack(in));
    code_->fast.push_back(FastInstr{FastInstr::kSlow, 0, 0, 0, 0, 0, 0});  // the end
    if (std::getenv("TS_DUMP_CODE")) {
      std::fprintf(stderr, "code %s:\n", code_->name.c_str());
      for (size_t i = 0; i < code_->instrs.size(); ++i) {
        const Instr& in = code_->instrs[i];
        std::fprintf(stderr, "  %3zu op=%d a=%u b=%u o=%u in=%zu outs=%zu target=%d %s\n", i, int(in.op), in.a.idx,
                     in.b.idx, in.o.idx, in.in.size(), in.outs.size(), in.target, in.name.c_str());
      }
    }
    code_->nums_init.resize(next_num_, 0);
    for (const auto& [idx, v] : num_consts_) code_->nums_init[idx] = v;
    return std::move(code_);
  }

 private:
  Opnd fresh(const ir::Type* t) {
    if (unboxed(t)) return Opnd{t->kind == ir::TypeKind::Bool ? Loc::Bool : Loc::Int, next_num_++};
    return Opnd{Loc::Box, next_box_++};
  }
  Opnd reg(const ir::Value* v) {
    auto it = regs_.find(v);
    if (it != regs_.end()) return it->second;
    return bind(v, fresh(v->type));
  }
  Opnd bind(const ir::Value* v, Opnd o) {
    if (o.loc == Loc::Box) ++box_values_[o.idx];
    return regs_[v] = o;
  }

  // Note [Dead registers]: a boxed value is dropped after the last node of its own block that
  // reads it (a read inside a nested block counts at the node owning that block), so a tensor
  // is freed when it is dead, not when the frame ends (an unrolled loop kept every iteration's
  // activations). Values a block returns, and registers shared by several values (coalesced
  // control-flow results), are left alone.
  void plan_kills(const ir::Block& b) {
    for (ir::Node* n : b) {
      for (ir::Block* sub : n->blocks) plan_kills(*sub);
      if (n->is("prim::Constant")) continue;
      for (ir::Value* v : n->outputs)
        if (!unboxed(v->type)) plan_kill(v, b, n);
    }
  }
  void plan_kill(ir::Value* v, const ir::Block& b, const ir::Node* def) {
    const ir::Node* last = def;
    for (const ir::Use& u : v->uses) {
      const ir::Node* a = u.user;
      if (a->owner == &b && a->is("prim::Return")) return;
      while (a && a->owner != &b) a = a->owner ? a->owner->owner : nullptr;
      if (!a) return;
      if (pos_.at(a) > pos_.at(last)) last = a;
    }
    kills_[last].push_back(v);
  }
  void emit_kills(const ir::Node& n) {
    auto it = kills_.find(&n);
    if (it == kills_.end()) return;
    Instr k;
    k.op = Opc::Kill;
    for (const ir::Value* v : it->second) {
      auto r = regs_.find(v);
      if (r != regs_.end() && r->second.loc == Loc::Box && box_values_[r->second.idx] == 1) k.in.push_back(r->second);
    }
    if (!k.in.empty()) code_->instrs.push_back(std::move(k));
  }
  Opnd operand(const ir::Value* v) {
    auto it = regs_.find(v);
    TS_INTERNAL_ASSERT(it != regs_.end(), "IR value %", v->id, " used before its definition");
    return it->second;
  }
  Instr& emit(Opc op, const ir::Node* n) {
    code_->instrs.push_back(Instr{});
    Instr& i = code_->instrs.back();
    i.op = op;
    i.node = n;
    if (n) {
      for (ir::Value* v : n->inputs) i.in.push_back(operand(v));
      for (ir::Value* v : n->outputs) i.outs.push_back(reg(v));
    }
    return i;
  }
  int32_t here() const { return int32_t(code_->instrs.size()); }

  // outs[k] = ins[k] for all k at once (a loop may permute its carried values).
  void parallel_copy(const std::vector<Opnd>& ins, const std::vector<Opnd>& outs) {
    auto key = [](const Opnd& o) { return (uint64_t(o.loc) << 32) | o.idx; };
    std::set<uint64_t> sources;
    for (const Opnd& o : ins) sources.insert(key(o));
    bool clash = false;
    for (size_t k = 0; k < outs.size(); ++k)
      if (!same(outs[k], ins[k]) && sources.count(key(outs[k]))) clash = true;
    Instr c;
    c.op = Opc::Copy;
    if (!clash) {
      for (size_t k = 0; k < outs.size(); ++k)
        if (!same(outs[k], ins[k])) c.in.push_back(ins[k]), c.outs.push_back(outs[k]);
      if (!c.in.empty()) code_->instrs.push_back(c);
      return;
    }
    Instr t;
    t.op = Opc::Copy;
    for (size_t k = 0; k < outs.size(); ++k) {
      t.in.push_back(ins[k]);
      t.outs.push_back(is_num(outs[k]) ? Opnd{outs[k].loc, next_num_++} : Opnd{Loc::Box, next_box_++});
    }
    c.in = t.outs;
    c.outs = outs;
    code_->instrs.push_back(t);
    code_->instrs.push_back(c);
  }

  // A block output defined by a node of this very block and used nowhere else can be computed
  // straight into the register that receives it, unless that register still holds a value
  // read later (a loop's carried value, `live_value_`).
  void coalesce(const ir::Block& b, const std::vector<Opnd>& dst, size_t first) {
    std::set<const ir::Value*> seen;
    for (size_t k = first; k < b.outputs().size(); ++k) {
      const ir::Value* v = b.outputs()[k];
      const Opnd& d = dst[k - first];
      bool mine = v->node->owner == &b && !v->node->is("prim::Param") && !v->node->is("prim::Constant");
      if (!mine || v->uses.size() != 1 || seen.count(v) || regs_.count(v)) continue;
      if (unboxed(v->type) != is_num(d) || (is_num(d) && (v->type->kind == ir::TypeKind::Bool) != (d.loc == Loc::Bool)))
        continue;
      const ir::Node* w = v->node;
      int write = w->blocks.empty() ? pos_.at(w) : end_.at(w);
      auto lv = live_value_.find(key(d));
      if (lv != live_value_.end() && write < last_read(lv->second.first, *lv->second.second, b)) continue;
      seen.insert(v);
      bind(v, d);
    }
  }

  static uint64_t key(const Opnd& o) { return (uint64_t(o.loc) << 32) | o.idx; }

  // Pre-order positions of the nodes (a node before its blocks' nodes) and the last position
  // inside each node.
  int number(const ir::Block& b, int p) {
    for (ir::Node* n : b) {
      pos_[n] = p++;
      for (ir::Block* sub : n->blocks) p = number(*sub, p);
      end_[n] = p - 1;
    }
    return p;
  }
  static bool inside(const ir::Node* n, const ir::Block* b) {
    for (const ir::Block* o = n->owner; o; o = o->owner ? o->owner->owner : nullptr)
      if (o == b) return true;
    return false;
  }
  // The position of the last read of `v` (a loop body's input) that can follow a write made
  // in block `at`: reads in a sibling branch of `at` cannot. A read by a block's outputs
  // counts at the end of the node owning that block; one by the body's own outputs is "never
  // done" (the closing copy reads it).
  int last_read(const ir::Value* v, const ir::Block& body, const ir::Block& at) {
    int last = -1;
    const ir::Node* branch_owner = &at == &body ? nullptr : at.owner;
    for (const ir::Use& u : v->uses) {
      const ir::Node* user = u.user;
      if (branch_owner && (user == branch_owner->blocks[0]->ret || user == branch_owner->blocks.back()->ret ||
                           inside(user, branch_owner->blocks[0]) || inside(user, branch_owner->blocks.back()))) {
        if (!(user->owner == &at || inside(user, &at))) continue;  // the other branch
      }
      if (user->is("prim::Return")) {
        if (user->owner == &body) return INT32_MAX;
        last = std::max(last, end_.at(user->owner->owner));
      } else {
        last = std::max(last, pos_.at(user));
      }
    }
    return last;
  }

  // `if a < b:` on unboxed ints: the compare just before the If's jump, whose result is used
  // by nothing else, becomes one compare-and-jump.
  size_t fuse_compare(size_t jf_at, const ir::Value* cond) {
    if (jf_at == 0 || cond->uses.size() != 1) return jf_at;
    Instr& prev = code_->instrs[jf_at - 1];
    static const std::map<Opc, Opc> fused = {{Opc::ILt, Opc::JLt}, {Opc::ILe, Opc::JLe}, {Opc::IGt, Opc::JGt},
                                             {Opc::IGe, Opc::JGe}, {Opc::IEq, Opc::JEq}, {Opc::INe, Opc::JNe}};
    auto it = fused.find(prev.op);
    if (it == fused.end() || prev.node != cond->node) return jf_at;
    prev.op = it->second;
    code_->instrs.pop_back();
    return jf_at - 1;
  }
  // Jumps inside a loop body that land on the loop's closing jump go straight to its test.
  void thread_jumps(size_t from, int32_t top) {
    int32_t close = here() - 1;
    for (size_t i = from; i + 1 < code_->instrs.size(); ++i) {
      Instr& in = code_->instrs[i];
      if (in.op == Opc::Jump && in.target == close) in.target = top;
    }
  }

  void block(const ir::Block& b) {
    for (ir::Node* n : b) {
      node(*n);
      emit_kills(*n);
    }
  }

  std::vector<Opnd> operands(const std::vector<ir::Value*>& vs) {
    std::vector<Opnd> r;
    for (ir::Value* v : vs) r.push_back(operand(v));
    return r;
  }
  std::vector<Opnd> regs(const std::vector<ir::Value*>& vs) {
    std::vector<Opnd> r;
    for (ir::Value* v : vs) r.push_back(reg(v));
    return r;
  }

  static FastInstr pack(const Instr& in) {
    FastInstr f{FastInstr::kSlow, in.a.idx, in.b.idx, in.o.idx, in.target, in.imm, in.magic};
    switch (in.op) {
      case Opc::IAdd: case Opc::ISub: case Opc::IMul: case Opc::IFloorDiv: case Opc::IMod:
      case Opc::ILt: case Opc::ILe: case Opc::IGt: case Opc::IGe: case Opc::IEq: case Opc::INe:
      case Opc::BNot: case Opc::JLt: case Opc::JLe: case Opc::JGt: case Opc::JGe: case Opc::JEq:
      case Opc::JNe: case Opc::IFloorDivK: case Opc::IModK: case Opc::Jump: case Opc::SetInt:
        f.op = uint8_t(in.op);
        break;
      case Opc::ForTest:
        if (is_num(in.b)) f.op = uint8_t(in.op);
        break;
      case Opc::JumpIfNot:
        if (is_num(in.in[0])) f.op = uint8_t(in.op), f.a = in.in[0].idx;
        break;
      default: break;
    }
    return f;
  }

  bool scalar_fast(const ir::Node& n) {
    static const std::map<std::string, Opc> kinds = {
        {"aten::add", Opc::IAdd}, {"aten::sub", Opc::ISub}, {"aten::mul", Opc::IMul},
        {"aten::floordiv", Opc::IFloorDiv}, {"aten::remainder", Opc::IMod}, {"aten::lt", Opc::ILt},
        {"aten::le", Opc::ILe}, {"aten::gt", Opc::IGt}, {"aten::ge", Opc::IGe}, {"aten::eq", Opc::IEq},
        {"aten::ne", Opc::INe}};
    if (n.kind == "aten::__not__" && n.inputs.size() == 1 && operand(n.inputs[0]).loc == Loc::Bool) {
      Instr& i = emit(Opc::BNot, &n);
      i.a = i.in[0];
      i.o = i.outs[0];
      return true;
    }
    auto it = kinds.find(n.kind);
    if (it == kinds.end() || n.inputs.size() != 2 || n.outputs.size() != 1) return false;
    if (!is_num(operand(n.inputs[0])) || !is_num(operand(n.inputs[1])) || !unboxed(n.outputs[0]->type)) return false;
    Instr& i = emit(it->second, &n);
    i.a = i.in[0];
    i.b = i.in[1];
    i.o = i.outs[0];
    // Division by a small constant d >= 2: a multiply by its reciprocal (exact for 32-bit
    // dividends, checked at run time; d = 1's reciprocal would not fit 64 bits).
    auto c = const_nums_.find(i.b.idx);
    if ((i.op == Opc::IFloorDiv || i.op == Opc::IMod) && c != const_nums_.end() && c->second > 1 &&
        c->second < (int64_t(1) << 31)) {
      i.op = i.op == Opc::IFloorDiv ? Opc::IFloorDivK : Opc::IModK;
      i.imm = c->second;
      i.magic = ~uint64_t(0) / uint64_t(c->second) + 1;
    }
    return true;
  }

  void node(const ir::Node& n) {
    const std::string& k = n.kind;
    if (k == "prim::Constant") {
      const IValue* v = n.attr("value");
      const ir::Type* t = n.outputs[0]->type;
      if (v && unboxed(t) && (v->is_int() || v->is_bool())) {
        Opnd o = fresh(t);
        num_consts_.emplace_back(o.idx, v->is_bool() ? int64_t(v->to_bool()) : v->to_int());
        const_nums_[o.idx] = num_consts_.back().second;
        regs_[n.outputs[0]] = o;
        return;
      }
      code_->consts.push_back(v ? *v : IValue());
      regs_[n.outputs[0]] = Opnd{Loc::Const, uint32_t(code_->consts.size() - 1)};
      return;
    }
    if (k == "prim::If") {
      Instr& jf = emit(Opc::JumpIfNot, &n);
      jf.outs.clear();
      size_t jf_at = fuse_compare(code_->instrs.size() - 1, n.inputs[0]);
      auto outs = regs(n.outputs);
      coalesce(*n.blocks[0], outs, 0);
      block(*n.blocks[0]);
      parallel_copy(operands(n.blocks[0]->outputs()), outs);
      size_t jmp_at = code_->instrs.size();
      emit(Opc::Jump, nullptr);
      code_->instrs[jf_at].target = here();
      coalesce(*n.blocks[1], outs, 0);
      block(*n.blocks[1]);
      parallel_copy(operands(n.blocks[1]->outputs()), outs);
      code_->instrs[jmp_at].target = here();
      return;
    }
    if (k == "prim::Try") {
      auto outs = regs(n.outputs);
      TryRegion r;
      r.begin = here();
      block(*n.blocks[0]);
      parallel_copy(operands(n.blocks[0]->outputs()), outs);
      r.end = here();
      std::vector<size_t> jumps = {code_->instrs.size()};
      emit(Opc::Jump, nullptr);
      const IValue* types = n.attr("handlers");
      for (size_t h = 1; h < n.blocks.size(); ++h) {
        TryRegion::Handler hd;
        hd.pc = here();
        hd.exc = reg(n.blocks[h]->inputs()[0]);
        if (types)
          for (const auto& t : types->items()[h - 1].items()) hd.types.push_back(t.to_string());
        block(*n.blocks[h]);
        parallel_copy(operands(n.blocks[h]->outputs()), outs);
        jumps.push_back(code_->instrs.size());
        emit(Opc::Jump, nullptr);
        r.handlers.push_back(std::move(hd));
      }
      for (size_t j : jumps) code_->instrs[j].target = here();
      code_->tries.push_back(std::move(r));
      return;
    }
    if (k == "prim::Loop") {
      const ir::Block& body = *n.blocks[0];
      Opnd trip{Loc::Int, next_num_++}, cond{Loc::Bool, next_num_++};
      Opnd max = operand(n.inputs[0]);
      Instr& s = emit(Opc::SetInt, nullptr);
      s.o = trip;
      s.imm = 0;
      std::vector<Opnd> carried;
      for (size_t j = 1; j < body.inputs().size(); ++j) carried.push_back(reg(body.inputs()[j]));
      // A `for` loop (both conditions constant true) needs no condition register.
      auto is_true = [](const ir::Value* v) {
        const IValue* c = v->node->is("prim::Constant") ? v->node->attr("value") : nullptr;
        return c && c->is_bool() && c->to_bool();
      };
      bool for_loop = is_true(n.inputs[1]) && is_true(body.outputs()[0]);
      std::vector<Opnd> init = {operand(n.inputs[1])};
      for (size_t j = 2; j < n.inputs.size(); ++j) init.push_back(operand(n.inputs[j]));
      std::vector<Opnd> dst = {cond};
      dst.insert(dst.end(), carried.begin(), carried.end());
      if (for_loop) init.erase(init.begin()), dst.erase(dst.begin());
      parallel_copy(init, dst);
      int32_t top = here();
      Instr& t = emit(for_loop ? Opc::ForTest : Opc::LoopTest, &n);
      t.in = {cond};
      t.outs.clear();
      t.a = trip;
      t.b = max;
      t.o = reg(body.inputs()[0]);
      size_t test_at = code_->instrs.size() - 1;
      for (size_t q = 0; q < carried.size(); ++q) live_value_[key(carried[q])] = {body.inputs()[q + 1], &body};
      coalesce(body, dst, for_loop ? 1 : 0);
      block(body);
      std::vector<Opnd> outs = operands(body.outputs());
      if (for_loop) outs.erase(outs.begin());
      parallel_copy(outs, dst);
      Instr& j = emit(Opc::Jump, nullptr);
      j.target = top;
      code_->instrs[test_at].target = here();
      thread_jumps(test_at, top);
      // The loop's results are its carried registers.
      for (size_t q = 0; q < n.outputs.size(); ++q) bind(n.outputs[q], carried[q]);
      return;
    }
    if (n.op) {
      Instr& i = emit(Opc::Op, &n);
      i.ptr = n.op;
      // Arguments that already have the schema's type skip conversion; constants are
      // converted once, here.
      for (size_t a = 0; a < n.inputs.size(); ++a) {
        const ops::SchemaType& st = n.op->schema.args[a].type;
        const ir::Type* t = n.inputs[a]->type;
        using K = ops::SchemaType::Kind;
        bool exact = !st.list && ((st.kind == K::Tensor && t->kind == ir::TypeKind::Tensor) ||
                                  (st.kind == K::Int && t->kind == ir::TypeKind::Int && i.in[a].loc == Loc::Int) ||
                                  (st.kind == K::Bool && t->kind == ir::TypeKind::Bool && i.in[a].loc == Loc::Bool));
        if (!exact && i.in[a].loc == Loc::Const) {
          if (auto c = ops::convert(st, code_->consts[i.in[a].idx], true)) {
            code_->consts.push_back(std::move(*c));
            i.in[a] = Opnd{Loc::Const, uint32_t(code_->consts.size() - 1)};
            exact = true;
          }
        }
        // 0: as is; 1: ops::convert; 2: as is, but checked to be a tensor (an Any or a
        // path's placeholder could be something else).
        i.convert.push_back(!exact ? 1 : (st.kind == K::Tensor && !st.list && !st.optional) ? 2 : 0);
      }
      // Tensor.size() is a torch.Size (prints as one); Tensor.stride() a tuple, as PyTorch's
      // Python binding returns (the schemas say int[]).
      if (n.op->schema.name == "size" && n.op->schema.overload.empty()) i.imm = 1;
      if (n.op->schema.name == "stride" && n.op->schema.overload.empty()) i.imm = 2;
      return;
    }
    if (k == "prim::TupleConstruct" && n.attr("name")) {
      Instr& i = emit(Opc::TupleConstruct, &n);
      i.name = n.attr("name")->to_string();
      for (const auto& f : n.attr("fields")->items()) i.kw.push_back(f.to_string());
      return;
    }
    static const std::map<std::string, Opc> simple = {
        {"prim::ListConstruct", Opc::ListConstruct}, {"prim::TupleConstruct", Opc::TupleConstruct},
        {"prim::DictConstruct", Opc::DictConstruct}, {"prim::ListUnpack", Opc::ListUnpack},
        {"prim::TupleUnpack", Opc::TupleUnpack},     {"prim::TupleIndex", Opc::TupleIndex},
        {"prim::RaiseException", Opc::Raise},        {"prim::Uninitialized", Opc::Uninit},
        {"prim::unchecked_cast", Opc::Cast},         {"aten::__is__", Opc::Is},
        {"aten::__isnot__", Opc::IsNot},             {"prim::Enter", Opc::Enter},
        {"prim::Exit", Opc::Exit},                   {"aten::len", Opc::Len},
        {"aten::__getitem__", Opc::GetItem},         {"aten::__contains__", Opc::Contains},
        {"prim::CallValue", Opc::CallValue}};
    auto it = simple.find(k);
    if (it != simple.end()) {
      Instr& i = emit(it->second, &n);
      // A cast from Any is checked at run time: the value's kind must be the target's.
      if (it->second == Opc::Cast && n.inputs[0]->type->kind == ir::TypeKind::Any) i.name = n.outputs[0]->type->str();
      return;
    }
    auto str_attr = [&](const char* a) {
      const IValue* v = n.attr(a);
      TS_INTERNAL_ASSERT(v && v->is_string(), k, " without a ", a, " attribute");
      return v->to_string();
    };
    if (k == "prim::CallFunction") {
      TS_INTERNAL_ASSERT(n.fn, "prim::CallFunction without a callee");
      emit(Opc::Call, &n).ptr = n.fn;
    } else if (k == "prim::CallMethod") {
      Instr& i = emit(Opc::CallMethod, &n);
      i.name = str_attr("name");
      i.target = n.attr("packed") ? 1 : 0;  // the arguments hold the `*args` tuple already
    } else if (k == "prim::MakeClosure") {
      emit(Opc::MakeClosure, &n).ptr = n.fn;
    } else if (k == "prim::Builtin") {
      Instr& i = emit(Opc::Builtin, &n);
      i.name = str_attr("name");
      i.ptr = reinterpret_cast<const void*>(find_builtin(i.name));
      TS_CHECK(i.ptr, "the interpreter has no builtin '", i.name, "' yet");
      if (const IValue* kw = n.attr("kw"))
        for (const auto& x : kw->items()) i.kw.push_back(x.to_string());
    } else if (k == "prim::GetAttr" || k == "prim::SetAttr") {
      const ir::Type* t = n.inputs[0]->type;
      TS_INTERNAL_ASSERT(t->kind == ir::TypeKind::Class, k, " on ", t->str());
      size_t slot = t->cls->slot(str_attr("name"));
      TS_INTERNAL_ASSERT(slot < t->cls->attrs.size(), "no attribute ", str_attr("name"));
      emit(k == "prim::GetAttr" ? Opc::GetAttr : Opc::SetAttr, &n).imm = int64_t(slot);
    } else if (k == "prim::CreateObject") {
      emit(Opc::CreateObject, &n).ptr = n.outputs[0]->type->cls;
    } else if (k == "prim::GetGlobal" || k == "prim::SetGlobal") {
      std::string mod = str_attr("module"), name = str_attr("name");
      ir::ModuleUnit* unit = nullptr;
      for (auto& m : I_.prog.modules)
        if (m.name == mod) unit = &m;
      TS_INTERNAL_ASSERT(unit, "no module ", mod);
      Instr& i = emit(k == "prim::GetGlobal" ? Opc::GetGlobal : Opc::SetGlobal, &n);
      i.imm = int64_t(unit->slot(name));
      i.ptr = &I_.globals(mod);
      i.name = name;
    } else if (k == "prim::isinstance") {
      emit(Opc::IsInstance, &n).name = str_attr("types");
    } else if (k == "aten::__not__") {
      if (!scalar_fast(n)) emit(Opc::Not, &n);
    } else if (k.rfind("aten::", 0) == 0 && ir::is_scalar_kind(k)) {
      if (!scalar_fast(n)) emit(Opc::Scalar, &n).name = k;
    } else {
      TS_ERROR("the interpreter cannot run IR node kind '", k, "' yet");
    }
  }

  ir::Function& fn_;
  Interp& I_;
  std::unique_ptr<Code> code_;
  // Looked up once or twice per node: hash tables (a module's top-level code may have a
  // million nodes; ordered maps made lowering it slow and large).
  std::unordered_map<const ir::Value*, Opnd> regs_;
  std::unordered_map<const ir::Node*, int> pos_, end_;
  std::unordered_map<const ir::Node*, std::vector<const ir::Value*>> kills_;  // values dead after the node
  std::unordered_map<uint32_t, int> box_values_;  // boxed register -> how many values it holds
  std::map<uint64_t, std::pair<const ir::Value*, const ir::Block*>> live_value_;  // carried value in a register
  std::vector<std::pair<uint32_t, int64_t>> num_consts_;
  std::map<uint32_t, int64_t> const_nums_;  // unboxed registers that hold constants
  uint32_t next_box_ = 0, next_num_ = 0;
};

}  // namespace

std::unique_ptr<Code> lower(ir::Function& fn, Interp& I) { return Lowerer(fn, I).run(); }

}  // namespace ts::runtime
