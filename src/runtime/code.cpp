// Graph to register code: int and bool values get unboxed registers, others boxed ones,
// constants live in a table (or preloaded unboxed registers); prim::If and prim::Loop become
// jumps, and their outputs share registers with the block values feeding them where that is
// safe, so most control flow needs no copies (src/runtime/README.md, Note [Register code]).
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <algorithm>
#include <map>
#include <set>
#include <string_view>
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
    code_->names.emplace_back();
    names_.emplace("", 0);
    code_->kws.emplace_back();
    const ir::Graph& g = *fn_.graph;
    size_t nodes = number(*g.block(), 0, 0);
    for (const ir::Value* v : g.outputs()) use(v, 0, true);
    regs_.assign(max_id_ + 1, kUnbound);
    for (ir::Value* v : g.inputs()) code_->params.push_back(reg(v));
    // About one instruction and two operands a node: reserving avoids holding two copies
    // while the vectors grow (pages never written are not resident).
    code_->instrs.reserve(nodes + nodes / 4 + 16);
    code_->fast.reserve(nodes + nodes / 4 + 16);
    code_->opnds.reserve(3 * nodes + 16);
    plan_kills(nodes);
    block(*g.block(), true);
    for (ir::Value* v : g.outputs()) code_->results.push_back(operand(v));
    code_->nregs = next_box_;
    for (size_t i = 0; i < code_->instrs.size(); ++i) pack(code_->instrs[i], code_->fast[i]);
    code_->fast.emplace_back();  // the end: kSlow
    if (std::getenv("TS_DUMP_CODE")) {
      std::fprintf(stderr, "code %s:\n", code_->name.c_str());
      for (size_t i = 0; i < code_->instrs.size(); ++i) {
        const Instr& in = code_->instrs[i];
        const FastInstr& f = code_->fast[i];
        std::fprintf(stderr, "  %3zu op=%d a=%u b=%u o=%u in=%u outs=%u kill=%u target=%d %s\n", i, int(in.op), f.a, f.b,
                     f.o, in.nin, in.nout, unsigned(in.nkill), f.target, code_->names[in.name].c_str());
      }
    }
    return std::move(code_);
  }

  // Node::mark holds a node's position while lowering (Note [Lowering large functions]); these
  // put the marks back to 0, which no pass's fresh mark equals.
  static void clear_marks(ir::Node& n) {
    n.mark = 0;
    for (const ir::Block* sub : n.blocks) clear_marks(*sub);
  }
  static void clear_marks(const ir::Block& b) {
    for (ir::Node* n : b) clear_marks(*n);
  }

 private:
  static constexpr Opnd kUnbound{Loc::Box, 0, UINT32_MAX};  // regs_ of a value without a register

  uint32_t new_box() {
    box_values_.push_back(0);
    return next_box_++;
  }
  uint32_t new_num() {
    code_->nums_init.push_back(0);
    num_const_.push_back(false);
    return next_num_++;
  }
  Opnd fresh(const ir::Type* t) {
    if (unboxed(t)) return Opnd{t->kind == ir::TypeKind::Bool ? Loc::Bool : Loc::Int, 0, new_num()};
    return Opnd{Loc::Box, 0, new_box()};
  }
  static bool bound(const Opnd& o) { return o.idx != UINT32_MAX; }
  Opnd reg(const ir::Value* v) {
    const Opnd& o = regs_[v->id];
    if (bound(o)) return o;
    return bind(v, fresh(v->type));
  }
  Opnd bind(const ir::Value* v, Opnd o) {
    if (o.loc == Loc::Box) ++box_values_[o.idx];
    return regs_[v->id] = o;
  }
  uint32_t name(const std::string& s) {
    auto [it, added] = names_.try_emplace(s, uint32_t(code_->names.size()));
    if (added) code_->names.push_back(s);
    return it->second;
  }
  static int pos(const ir::Node* n) { return int(n->mark); }

  // Note [Dead registers]: a boxed value is dropped after the last node of its own block that
  // reads it (a read inside a nested block counts at the node owning that block), so a tensor
  // is freed when it is dead, not when the frame ends (an unrolled loop kept every iteration's
  // activations). Values a block returns, and registers shared by several values (coalesced
  // control-flow results), are left alone. number() finds each value's last reading node
  // (life_); the values dead after the node at position p are then
  // kill_values_[kill_start_[p] .. kill_start_[p + 1]).
  static constexpr int32_t kKeep = -1;  // Life::last of a value that is never dropped
  struct Life {
    int32_t last = kKeep;  // position of the last node of its block that reads it
    uint32_t depth = 0;    // nesting depth of its block (0: the graph's)
  };
  // A boxed value defined by node position `at` at nesting depth `depth` (not a constant).
  void define(const ir::Value* v, uint32_t at, uint32_t depth) {
    if (v->id >= life_.size()) life_.resize(std::max<size_t>(v->id + 1, 2 * life_.size()));
    life_[v->id] = Life{int32_t(at), depth};
    droppable_.push_back(v);
  }
  // `v` read by a node at nesting depth `depth` (or, `by_return`, returned by a block at that
  // depth); anc_ holds the positions of the nodes being numbered at each depth.
  void use(const ir::Value* v, uint32_t depth, bool by_return) {
    if (v->id >= life_.size()) return;
    Life& l = life_[v->id];
    if (l.last == kKeep) return;
    if (depth < l.depth || (by_return && depth == l.depth)) {  // returned by its own block
      l.last = kKeep;
      return;
    }
    l.last = std::max(l.last, int32_t(anc_[l.depth]));
  }
  void plan_kills(size_t nodes) {
    kill_start_.assign(nodes + 1, 0);
    size_t n = 0;
    for (const ir::Value* v : droppable_)
      if (life_[v->id].last != kKeep) ++kill_start_[size_t(life_[v->id].last) + 1], ++n;
    for (size_t p = 0; p < nodes; ++p) kill_start_[p + 1] += kill_start_[p];
    kill_values_.resize(n);
    std::vector<uint32_t> at(kill_start_.begin(), kill_start_.end() - 1);
    for (const ir::Value* v : droppable_)
      if (life_[v->id].last != kKeep) kill_values_[at[size_t(life_[v->id].last)]++] = v;
    life_ = {};
    droppable_ = {};
  }
  // The kills after node `n`, which emitted the instructions from `first` on: on its
  // instruction when that is its only one and no jump (the interpreter resets them after
  // running it), else a Kill instruction.
  void emit_kills(const ir::Node& n, size_t first) {
    uint32_t from = kill_start_[size_t(pos(&n))], to = kill_start_[size_t(pos(&n)) + 1];
    size_t count = 0;
    for (uint32_t q = from; q < to; ++q) count += dead(kill_values_[q]);
    if (count == 0) return;
    bool attach = code_->instrs.size() == first + 1 && count <= UINT16_MAX && takes_kills(code_->instrs.back().op);
    Instr& k = attach ? code_->instrs.back() : start(Opc::Kill, nullptr);
    for (uint32_t q = from; q < to; ++q) {
      if (!dead(kill_values_[q])) continue;
      code_->opnds.push_back(regs_[kill_values_[q]->id]);
      if (attach) ++k.nkill;
      else ++k.nin;
    }
  }
  // Whether the value's register can be reset after its last read: a boxed register that
  // holds only this value.
  bool dead(const ir::Value* v) const {
    const Opnd& r = regs_[v->id];
    return bound(r) && r.loc == Loc::Box && box_values_[r.idx] == 1;
  }
  static bool takes_kills(Opc op) {
    switch (op) {
      case Opc::IAdd: case Opc::ISub: case Opc::IMul: case Opc::IFloorDiv: case Opc::IMod:
      case Opc::ILt: case Opc::ILe: case Opc::IGt: case Opc::IGe: case Opc::IEq: case Opc::INe:
      case Opc::BNot: case Opc::JLt: case Opc::JLe: case Opc::JGt: case Opc::JGe: case Opc::JEq:
      case Opc::JNe: case Opc::IFloorDivK: case Opc::IModK: case Opc::Jump: case Opc::JumpIfNot:
      case Opc::LoopTest: case Opc::ForTest: case Opc::SetInt: case Opc::Copy: case Opc::Kill:
        return false;
      default: return true;
    }
  }
  Opnd operand(const ir::Value* v) {
    const Opnd& o = regs_[v->id];
    TS_INTERNAL_ASSERT(bound(o), "IR value %", v->id, " used before its definition");
    return o;
  }
  // A new last instruction; `add` appends operands to it (inputs first, then outputs, with
  // nin / nout counted by the caller through add_out).
  Instr& start(Opc op, const ir::Node* n) {
    code_->fast.emplace_back();
    Instr& i = code_->instrs.emplace_back();
    i.op = op;
    i.node = n;
    i.args = uint32_t(code_->opnds.size());
    return i;
  }
  void add(Instr& i, Opnd o) {
    code_->opnds.push_back(o);
    ++i.nin;
  }
  void add_out(Instr& i, Opnd o) {
    code_->opnds.push_back(o);
    ++i.nout;
  }
  Opnd& in(const Instr& i, size_t k) { return code_->opnds[i.args + k]; }
  // An instruction over the node's inputs and outputs.
  Instr& emit(Opc op, const ir::Node* n, bool with_outputs = true) {
    Instr& i = start(op, n);
    for (ir::Value* v : n->inputs) add(i, operand(v));
    if (with_outputs)
      for (ir::Value* v : n->outputs) add_out(i, reg(v));
    return i;
  }
  int32_t here() const { return int32_t(code_->instrs.size()); }

  // outs[k] = ins[k] for all k at once (a loop may permute its carried values).
  void parallel_copy(const std::vector<Opnd>& ins, const std::vector<Opnd>& outs) {
    std::vector<uint64_t> sources;
    sources.reserve(ins.size());
    for (const Opnd& o : ins) sources.push_back(key(o));
    std::sort(sources.begin(), sources.end());
    bool clash = false;
    for (size_t k = 0; k < outs.size(); ++k)
      if (!same(outs[k], ins[k]) && std::binary_search(sources.begin(), sources.end(), key(outs[k]))) clash = true;
    if (!clash) {
      size_t n = 0;
      for (size_t k = 0; k < outs.size(); ++k) n += !same(outs[k], ins[k]);
      if (n == 0) return;
      Instr& c = start(Opc::Copy, nullptr);
      for (size_t k = 0; k < outs.size(); ++k)
        if (!same(outs[k], ins[k])) add(c, ins[k]);
      for (size_t k = 0; k < outs.size(); ++k)
        if (!same(outs[k], ins[k])) add_out(c, outs[k]);
      return;
    }
    std::vector<Opnd> tmp;
    for (const Opnd& o : outs) tmp.push_back(is_num(o) ? Opnd{o.loc, 0, new_num()} : Opnd{Loc::Box, 0, new_box()});
    Instr& t = start(Opc::Copy, nullptr);
    for (const Opnd& o : ins) add(t, o);
    for (const Opnd& o : tmp) add_out(t, o);
    Instr& c = start(Opc::Copy, nullptr);
    for (const Opnd& o : tmp) add(c, o);
    for (const Opnd& o : outs) add_out(c, o);
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
      if (!mine || v->uses.size() != 1 || seen.count(v) || bound(regs_[v->id])) continue;
      if (unboxed(v->type) != is_num(d) || (is_num(d) && (v->type->kind == ir::TypeKind::Bool) != (d.loc == Loc::Bool)))
        continue;
      const ir::Node* w = v->node;
      int write = w->blocks.empty() ? pos(w) : end_[size_t(pos(w))];
      auto lv = live_value_.find(key(d));
      if (lv != live_value_.end() && write < last_read(lv->second.first, *lv->second.second, b)) continue;
      seen.insert(v);
      bind(v, d);
    }
  }

  static uint64_t key(const Opnd& o) { return (uint64_t(o.loc) << 32) | o.idx; }

  // Pre-order positions of the nodes (a node before its blocks' nodes) in Node::mark, the last
  // position inside each node in end_, the largest value id, and where each boxed value is
  // last read (life_).
  size_t number(const ir::Block& b, uint32_t p, uint32_t depth) {
    if (anc_.size() <= depth) anc_.resize(depth + 1);
    for (const ir::Value* v : b.inputs()) max_id_ = std::max(max_id_, v->id);
    for (ir::Node* n : b) {
      uint32_t at = p++;
      n->mark = at;
      anc_[depth] = at;
      end_.push_back(0);
      for (const ir::Value* v : n->inputs) use(v, depth, false);
      for (ir::Block* sub : n->blocks) {
        p = uint32_t(number(*sub, p, depth + 1));
        for (const ir::Value* v : sub->outputs()) use(v, depth + 1, true);
      }
      end_[at] = int(p) - 1;
      bool constant = n->is("prim::Constant");
      for (const ir::Value* v : n->outputs) {
        max_id_ = std::max(max_id_, v->id);
        if (!constant && !unboxed(v->type)) define(v, at, depth);
      }
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
        last = std::max(last, end_[size_t(pos(user->owner->owner))]);
      } else {
        last = std::max(last, pos(user));
      }
    }
    return last;
  }

  // `if a < b:` on unboxed ints: the compare just before the If's jump, whose result is used
  // by nothing else, becomes one compare-and-jump.
  size_t fuse_compare(size_t jf_at, const ir::Value* cond) {
    if (jf_at == 0 || cond->uses.size() != 1) return jf_at;
    Instr& prev = code_->instrs[jf_at - 1];
    Opc j;
    switch (prev.op) {
      case Opc::ILt: j = Opc::JLt; break;
      case Opc::ILe: j = Opc::JLe; break;
      case Opc::IGt: j = Opc::JGt; break;
      case Opc::IGe: j = Opc::JGe; break;
      case Opc::IEq: j = Opc::JEq; break;
      case Opc::INe: j = Opc::JNe; break;
      default: return jf_at;
    }
    if (prev.node != cond->node) return jf_at;
    prev.op = j;
    code_->opnds.resize(code_->instrs.back().args);
    code_->instrs.pop_back();
    code_->fast.pop_back();
    return jf_at - 1;
  }
  // Jumps inside a loop body that land on the loop's closing jump go straight to its test.
  void thread_jumps(size_t from, int32_t top) {
    int32_t close = here() - 1;
    for (size_t i = from; i + 1 < code_->instrs.size(); ++i)
      if (code_->instrs[i].op == Opc::Jump && code_->fast[i].target == close) code_->fast[i].target = top;
  }

  // `top`: the graph's block, whose nodes' marks are cleared once lowered (no later node reads
  // a position inside them).
  void block(const ir::Block& b, bool top = false) {
    for (ir::Node* n : b) {
      size_t first = code_->instrs.size();
      node(*n);
      emit_kills(*n, first);
      if (top) clear_marks(*n);
    }
  }

  std::vector<Opnd> operands(const std::vector<ir::Value*>& vs) {
    std::vector<Opnd> r;
    r.reserve(vs.size());
    for (ir::Value* v : vs) r.push_back(operand(v));
    return r;
  }
  std::vector<Opnd> regs(const std::vector<ir::Value*>& vs) {
    std::vector<Opnd> r;
    r.reserve(vs.size());
    for (ir::Value* v : vs) r.push_back(reg(v));
    return r;
  }

  // Which instructions run in run_fast: the unboxed-int ones, and a JumpIfNot or ForTest whose
  // operand is unboxed.
  void pack(const Instr& in, FastInstr& f) const {
    switch (in.op) {
      case Opc::IFloorDivK: case Opc::IModK:
        f.magic = ~uint64_t(0) / uint64_t(f.imm) + 1;
        f.op = uint8_t(in.op);
        break;
      case Opc::IAdd: case Opc::ISub: case Opc::IMul: case Opc::IFloorDiv: case Opc::IMod:
      case Opc::ILt: case Opc::ILe: case Opc::IGt: case Opc::IGe: case Opc::IEq: case Opc::INe:
      case Opc::BNot: case Opc::JLt: case Opc::JLe: case Opc::JGt: case Opc::JGe: case Opc::JEq:
      case Opc::JNe: case Opc::Jump: case Opc::SetInt:
        f.op = uint8_t(in.op);
        break;
      case Opc::ForTest:
        if (is_num(code_->opnds[in.args + 1])) f.op = uint8_t(in.op), f.b = code_->opnds[in.args + 1].idx;
        break;
      case Opc::JumpIfNot:
        if (is_num(code_->opnds[in.args])) f.op = uint8_t(in.op), f.a = code_->opnds[in.args].idx;
        break;
      default: break;
    }
  }

  // What node() does with a node kind: one hash lookup a node instead of a chain of string
  // compares.
  enum class Kind : uint8_t {
    Other, Constant, If, Try, Loop, Simple, TupleConstruct, CallFunction, CallMethod, MakeClosure, Builtin,
    GetAttr, SetAttr, CreateObject, GetGlobal, SetGlobal, IsInstance, Not, IntBinary
  };
  struct KindInfo {
    Kind kind = Kind::Other;
    Opc opc = Opc::Op;  // Simple: the instruction; IntBinary: the unboxed one
  };
  static KindInfo kind_of(const std::string& k) {
    static const std::unordered_map<std::string_view, KindInfo> kinds = {
        {"prim::Constant", {Kind::Constant}}, {"prim::If", {Kind::If}}, {"prim::Try", {Kind::Try}},
        {"prim::Loop", {Kind::Loop}}, {"prim::TupleConstruct", {Kind::TupleConstruct, Opc::TupleConstruct}},
        {"prim::ListConstruct", {Kind::Simple, Opc::ListConstruct}},
        {"prim::DictConstruct", {Kind::Simple, Opc::DictConstruct}},
        {"prim::ListUnpack", {Kind::Simple, Opc::ListUnpack}}, {"prim::TupleUnpack", {Kind::Simple, Opc::TupleUnpack}},
        {"prim::TupleIndex", {Kind::Simple, Opc::TupleIndex}},
        {"prim::RaiseException", {Kind::Simple, Opc::Raise}},
        {"prim::Uninitialized", {Kind::Simple, Opc::Uninit}}, {"prim::unchecked_cast", {Kind::Simple, Opc::Cast}},
        {"aten::__is__", {Kind::Simple, Opc::Is}}, {"aten::__isnot__", {Kind::Simple, Opc::IsNot}},
        {"prim::Enter", {Kind::Simple, Opc::Enter}}, {"prim::Exit", {Kind::Simple, Opc::Exit}},
        {"aten::len", {Kind::Simple, Opc::Len}}, {"aten::__getitem__", {Kind::Simple, Opc::GetItem}},
        {"aten::__contains__", {Kind::Simple, Opc::Contains}}, {"prim::CallValue", {Kind::Simple, Opc::CallValue}},
        {"prim::CallFunction", {Kind::CallFunction}}, {"prim::CallMethod", {Kind::CallMethod}},
        {"prim::MakeClosure", {Kind::MakeClosure}}, {"prim::Builtin", {Kind::Builtin}},
        {"prim::GetAttr", {Kind::GetAttr}}, {"prim::SetAttr", {Kind::SetAttr}},
        {"prim::CreateObject", {Kind::CreateObject}}, {"prim::GetGlobal", {Kind::GetGlobal}},
        {"prim::SetGlobal", {Kind::SetGlobal}}, {"prim::isinstance", {Kind::IsInstance}},
        {"aten::__not__", {Kind::Not}}, {"aten::add", {Kind::IntBinary, Opc::IAdd}},
        {"aten::sub", {Kind::IntBinary, Opc::ISub}}, {"aten::mul", {Kind::IntBinary, Opc::IMul}},
        {"aten::floordiv", {Kind::IntBinary, Opc::IFloorDiv}}, {"aten::remainder", {Kind::IntBinary, Opc::IMod}},
        {"aten::lt", {Kind::IntBinary, Opc::ILt}}, {"aten::le", {Kind::IntBinary, Opc::ILe}},
        {"aten::gt", {Kind::IntBinary, Opc::IGt}}, {"aten::ge", {Kind::IntBinary, Opc::IGe}},
        {"aten::eq", {Kind::IntBinary, Opc::IEq}}, {"aten::ne", {Kind::IntBinary, Opc::INe}}};
    auto it = kinds.find(k);
    return it == kinds.end() ? KindInfo{} : it->second;
  }

  // `not b` on an unboxed bool, and int arithmetic and compares on unboxed ints, as unboxed
  // instructions (their operands are a, b, o only).
  bool scalar_fast(const ir::Node& n, KindInfo info) {
    if (info.kind == Kind::Not) {
      if (n.inputs.size() != 1 || operand(n.inputs[0]).loc != Loc::Bool) return false;
      start(Opc::BNot, &n);
      FastInstr& f = code_->fast.back();
      f.a = operand(n.inputs[0]).idx;
      TS_INTERNAL_ASSERT(n.outputs.size() == 1, n.kind, " without one output");
      f.o = reg(n.outputs[0]).idx;
      return true;
    }
    if (info.kind != Kind::IntBinary || n.inputs.size() != 2 || n.outputs.size() != 1) return false;
    if (!is_num(operand(n.inputs[0])) || !is_num(operand(n.inputs[1])) || !unboxed(n.outputs[0]->type)) return false;
    Instr& i = start(info.opc, &n);
    FastInstr& f = code_->fast.back();
    f.a = operand(n.inputs[0]).idx;
    f.b = operand(n.inputs[1]).idx;
    f.o = reg(n.outputs[0]).idx;
    // Division by a small constant d >= 2: a multiply by its reciprocal (exact for 32-bit
    // dividends, checked at run time; d = 1's reciprocal would not fit 64 bits; pack() computes it).
    if ((i.op == Opc::IFloorDiv || i.op == Opc::IMod) && num_const_[f.b]) {
      int64_t d = code_->nums_init[f.b];
      if (d > 1 && d < (int64_t(1) << 31)) {
        i.op = i.op == Opc::IFloorDiv ? Opc::IFloorDivK : Opc::IModK;
        f.imm = int32_t(d);
      }
    }
    return true;
  }

  void node(const ir::Node& n) {
    const std::string& k = n.kind;
    const KindInfo info = kind_of(k);
    if (info.kind == Kind::Constant) {
      const IValue* v = n.attr("value");
      const ir::Type* t = n.outputs[0]->type;
      if (v && unboxed(t) && (v->is_int() || v->is_bool())) {
        Opnd o = fresh(t);
        code_->nums_init[o.idx] = v->is_bool() ? int64_t(v->to_bool()) : v->to_int();
        num_const_[o.idx] = true;
        regs_[n.outputs[0]->id] = o;
        return;
      }
      code_->consts.push_back(v ? *v : IValue());
      regs_[n.outputs[0]->id] = Opnd{Loc::Const, 0, uint32_t(code_->consts.size() - 1)};
      return;
    }
    if (info.kind == Kind::If) {
      emit(Opc::JumpIfNot, &n, false);
      size_t jf_at = fuse_compare(code_->instrs.size() - 1, n.inputs[0]);
      auto outs = regs(n.outputs);
      coalesce(*n.blocks[0], outs, 0);
      block(*n.blocks[0]);
      parallel_copy(operands(n.blocks[0]->outputs()), outs);
      size_t jmp_at = code_->instrs.size();
      start(Opc::Jump, nullptr);
      code_->fast[jf_at].target = here();
      coalesce(*n.blocks[1], outs, 0);
      block(*n.blocks[1]);
      parallel_copy(operands(n.blocks[1]->outputs()), outs);
      code_->fast[jmp_at].target = here();
      return;
    }
    if (info.kind == Kind::Try) {
      auto outs = regs(n.outputs);
      TryRegion r;
      r.begin = here();
      block(*n.blocks[0]);
      parallel_copy(operands(n.blocks[0]->outputs()), outs);
      r.end = here();
      std::vector<size_t> jumps = {code_->instrs.size()};
      start(Opc::Jump, nullptr);
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
        start(Opc::Jump, nullptr);
        r.handlers.push_back(std::move(hd));
      }
      for (size_t j : jumps) code_->fast[j].target = here();
      code_->tries.push_back(std::move(r));
      return;
    }
    if (info.kind == Kind::Loop) {
      const ir::Block& body = *n.blocks[0];
      Opnd trip{Loc::Int, 0, new_num()}, cond{Loc::Bool, 0, new_num()};
      Opnd max = operand(n.inputs[0]);
      start(Opc::SetInt, nullptr);
      code_->fast.back().o = trip.idx;  // = 0
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
      Opnd counter = reg(body.inputs()[0]);
      Instr& t = start(for_loop ? Opc::ForTest : Opc::LoopTest, &n);
      add(t, cond);
      add(t, max);
      FastInstr& f = code_->fast.back();
      f.a = trip.idx;
      f.o = counter.idx;
      size_t test_at = code_->instrs.size() - 1;
      for (size_t q = 0; q < carried.size(); ++q) live_value_[key(carried[q])] = {body.inputs()[q + 1], &body};
      coalesce(body, dst, for_loop ? 1 : 0);
      block(body);
      std::vector<Opnd> outs = operands(body.outputs());
      if (for_loop) outs.erase(outs.begin());
      parallel_copy(outs, dst);
      start(Opc::Jump, nullptr);
      code_->fast.back().target = top;
      code_->fast[test_at].target = here();
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
        Opnd& arg = in(i, a);
        using K = ops::SchemaType::Kind;
        bool exact = !st.list && ((st.kind == K::Tensor && t->kind == ir::TypeKind::Tensor) ||
                                  (st.kind == K::Int && t->kind == ir::TypeKind::Int && arg.loc == Loc::Int) ||
                                  (st.kind == K::Bool && t->kind == ir::TypeKind::Bool && arg.loc == Loc::Bool));
        if (!exact && arg.loc == Loc::Const) {
          if (auto c = ops::convert(st, code_->consts[arg.idx], true)) {
            code_->consts.push_back(std::move(*c));
            arg = Opnd{Loc::Const, 0, uint32_t(code_->consts.size() - 1)};
            exact = true;
          }
        }
        arg.convert = !exact ? 1 : (st.kind == K::Tensor && !st.list && !st.optional) ? 2 : 0;
      }
      // Tensor.size() is a torch.Size (prints as one); Tensor.stride() a tuple, as PyTorch's
      // Python binding returns (the schemas say int[]).
      if (n.op->schema.name == "size" && n.op->schema.overload.empty()) i.imm = 1;
      if (n.op->schema.name == "stride" && n.op->schema.overload.empty()) i.imm = 2;
      // A Tensor[] result (split, chunk, unbind, meshgrid) is a tuple in PyTorch's Python: the
      // list is marked to print and name itself as one.
      const auto& rets = n.op->schema.returns;
      if (rets.size() == 1 && rets[0].type.kind == ops::SchemaType::Kind::Tensor && rets[0].type.list) i.imm = 3;
      // Tensor.item() raises Python's ValueError where the operator raises a RuntimeError.
      if (n.op->schema.name == "item" && n.op->schema.overload.empty()) i.imm = 4;
      return;
    }
    auto str_attr = [&](const char* a) -> const std::string& {
      const IValue* v = n.attr(a);
      TS_INTERNAL_ASSERT(v && v->is_string(), k, " without a ", a, " attribute");
      return v->to_string();
    };
    switch (info.kind) {
      case Kind::TupleConstruct:
        if (const IValue* tn = n.attr("name")) {
          Instr& i = emit(Opc::TupleConstruct, &n);
          i.name = name(tn->to_string());
          std::vector<std::string> fields;
          for (const auto& f : n.attr("fields")->items()) fields.push_back(f.to_string());
          i.kw = uint32_t(code_->kws.size());
          code_->kws.push_back(std::move(fields));
          return;
        }
        [[fallthrough]];
      case Kind::Simple: {
        Instr& i = emit(info.opc, &n);
        // A cast from Any is checked at run time: the value's kind must be the target's.
        if (info.opc == Opc::Cast && n.inputs[0]->type->kind == ir::TypeKind::Any)
          i.name = name(n.outputs[0]->type->str());
        return;
      }
      case Kind::CallFunction:
        TS_INTERNAL_ASSERT(n.fn, "prim::CallFunction without a callee");
        emit(Opc::Call, &n).ptr = n.fn;
        return;
      case Kind::CallMethod: {
        Instr& i = emit(Opc::CallMethod, &n);
        i.name = name(str_attr("name"));
        i.imm = n.attr("packed") ? 1 : 0;  // the arguments hold the `*args` tuple already
        if (const IValue* given = n.attr("module_call")) {
          i.imm |= int32_t(given->to_int() + 1) << 2;
          if (n.attr("keywords")) i.imm |= 2;
        }
        return;
      }
      case Kind::MakeClosure: emit(Opc::MakeClosure, &n).ptr = n.fn; return;
      case Kind::Builtin: {
        Instr& i = emit(Opc::Builtin, &n);
        const std::string& b = str_attr("name");
        i.name = name(b);
        i.ptr = reinterpret_cast<const void*>(find_builtin(b));
        TS_CHECK(i.ptr, "the interpreter has no builtin '", b, "' yet");
        if (const IValue* kw = n.attr("kw")) {
          std::vector<std::string> names;
          for (const auto& x : kw->items()) names.push_back(x.to_string());
          if (!names.empty()) {
            i.kw = uint32_t(code_->kws.size());
            code_->kws.push_back(std::move(names));
          }
        }
        return;
      }
      case Kind::GetAttr:
      case Kind::SetAttr: {
        const ir::Type* t = n.inputs[0]->type;
        TS_INTERNAL_ASSERT(t->kind == ir::TypeKind::Class, k, " on ", t->str());
        size_t slot = t->cls->slot(str_attr("name"));
        TS_INTERNAL_ASSERT(slot < t->cls->attrs.size(), "no attribute ", str_attr("name"));
        emit(info.kind == Kind::GetAttr ? Opc::GetAttr : Opc::SetAttr, &n).imm = int32_t(slot);
        return;
      }
      case Kind::CreateObject: emit(Opc::CreateObject, &n).ptr = n.outputs[0]->type->cls; return;
      case Kind::GetGlobal:
      case Kind::SetGlobal: {
        const std::string& mod = str_attr("module");
        const std::string& g = str_attr("name");
        const Module& m = module(mod);
        Instr& i = emit(info.kind == Kind::GetGlobal ? Opc::GetGlobal : Opc::SetGlobal, &n);
        size_t slot = m.unit->slot(g);
        TS_CHECK(slot <= size_t(INT32_MAX), "more than 2^31 globals in module ", mod);
        i.imm = int32_t(slot);
        i.ptr = m.globals;
        i.name = name(g);
        return;
      }
      case Kind::IsInstance: emit(Opc::IsInstance, &n).name = name(str_attr("types")); return;
      case Kind::Not:
        if (!scalar_fast(n, info)) emit(Opc::Not, &n);
        return;
      default: break;
    }
    if (k.rfind("aten::", 0) == 0 && ir::is_scalar_kind(k)) {
      if (!scalar_fast(n, info)) emit(Opc::Scalar, &n).name = name(k);
      return;
    }
    TS_ERROR("the interpreter cannot run IR node kind '", k, "' yet");
  }

  // A module's unit and its globals in this interpreter, looked up once per module.
  struct Module {
    ir::ModuleUnit* unit = nullptr;
    std::vector<IValue>* globals = nullptr;
  };
  const Module& module(const std::string& mod) {
    auto [it, added] = modules_.try_emplace(mod);
    if (added) {
      for (auto& m : I_.prog.modules)
        if (m.name == mod) it->second.unit = &m;
      TS_INTERNAL_ASSERT(it->second.unit, "no module ", mod);
      it->second.globals = &I_.globals(mod);
    }
    return it->second;
  }

  ir::Function& fn_;
  Interp& I_;
  std::unique_ptr<Code> code_;
  // Indexed by value id, node position (Node::mark) or register: a module's top-level code
  // may have a million nodes, and hash tables keyed by pointers made lowering it slow and large
  // (Note [Lowering large functions]).
  std::vector<Opnd> regs_;  // value id -> its register (kUnbound: none yet)
  size_t max_id_ = 0;
  std::vector<int> end_;    // node position -> the last position inside it
  std::vector<Life> life_;                    // value id -> its life; see plan_kills
  std::vector<const ir::Value*> droppable_;   // boxed values, in definition order
  std::vector<uint32_t> anc_;                 // see use()
  std::vector<uint32_t> kill_start_;          // see plan_kills
  std::vector<const ir::Value*> kill_values_;
  std::vector<uint32_t> box_values_;  // boxed register -> how many values it holds
  std::vector<bool> num_const_;       // unboxed register -> whether it holds a constant (in nums_init)
  std::map<uint64_t, std::pair<const ir::Value*, const ir::Block*>> live_value_;  // carried value in a register
  std::unordered_map<std::string, uint32_t> names_;  // Code::names, interned
  std::unordered_map<std::string, Module> modules_;
  uint32_t next_box_ = 0, next_num_ = 0;
};

}  // namespace

std::unique_ptr<Code> lower(ir::Function& fn, Interp& I) {
  try {
    return Lowerer(fn, I).run();
  } catch (...) {
    Lowerer::clear_marks(*fn.graph->block());  // lowering failed part way
    throw;
  }
}

}  // namespace ts::runtime
