// Graph to register code: every value gets a register, constants live in a table, prim::If
// and prim::Loop become jumps (src/runtime/README.md, Note [Register code]).
#include <set>

#include "ir/scalar_eval.h"
#include "ops/registry.h"
#include "runtime/interp.h"
#include "util/error.h"

namespace ts::runtime {

namespace {

class Lowerer {
 public:
  Lowerer(ir::Function& fn, Interp& I) : fn_(fn), I_(I) {}

  std::unique_ptr<Code> run() {
    code_ = std::make_unique<Code>();
    code_->name = fn_.owner ? fn_.owner->name + "." + fn_.name : fn_.name;
    const ir::Graph& g = *fn_.graph;
    for (ir::Value* v : g.inputs()) reg(v);
    code_->nparams = g.inputs().size();
    block(*g.block());
    for (ir::Value* v : g.outputs()) code_->results.push_back(operand(v));
    code_->nregs = size_t(next_reg_);
    return std::move(code_);
  }

 private:
  int32_t reg(const ir::Value* v) {
    auto it = regs_.find(v);
    if (it != regs_.end()) return it->second;
    return regs_[v] = next_reg_++;
  }
  int32_t operand(const ir::Value* v) {
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
  void parallel_copy(const std::vector<int32_t>& ins, const std::vector<int32_t>& outs) {
    std::set<int32_t> sources(ins.begin(), ins.end());
    bool clash = false;
    for (size_t k = 0; k < outs.size(); ++k)
      if (outs[k] != ins[k] && sources.count(outs[k])) clash = true;
    Instr c;
    c.op = Opc::Copy;
    if (!clash) {
      for (size_t k = 0; k < outs.size(); ++k)
        if (outs[k] != ins[k]) c.in.push_back(ins[k]), c.outs.push_back(outs[k]);
      if (!c.in.empty()) code_->instrs.push_back(c);
      return;
    }
    Instr t;
    t.op = Opc::Copy;
    for (size_t k = 0; k < outs.size(); ++k) {
      t.in.push_back(ins[k]);
      t.outs.push_back(next_reg_++);
    }
    c.in = t.outs;
    c.outs = outs;
    code_->instrs.push_back(t);
    code_->instrs.push_back(c);
  }

  void block(const ir::Block& b) {
    for (ir::Node* n : b) node(*n);
  }

  std::vector<int32_t> operands(const std::vector<ir::Value*>& vs) {
    std::vector<int32_t> r;
    for (ir::Value* v : vs) r.push_back(operand(v));
    return r;
  }
  std::vector<int32_t> regs(const std::vector<ir::Value*>& vs) {
    std::vector<int32_t> r;
    for (ir::Value* v : vs) r.push_back(reg(v));
    return r;
  }

  void node(const ir::Node& n) {
    const std::string& k = n.kind;
    if (k == "prim::Constant") {
      const IValue* v = n.attr("value");
      code_->consts.push_back(v ? *v : IValue());
      regs_[n.outputs[0]] = -int32_t(code_->consts.size());
      return;
    }
    if (k == "prim::If") {
      Instr& jf = emit(Opc::JumpIfNot, &n);
      jf.outs.clear();
      size_t jf_at = code_->instrs.size() - 1;
      auto outs = regs(n.outputs);
      block(*n.blocks[0]);
      parallel_copy(operands(n.blocks[0]->outputs()), outs);
      size_t jmp_at = code_->instrs.size();
      emit(Opc::Jump, nullptr);
      code_->instrs[jf_at].target = here();
      block(*n.blocks[1]);
      parallel_copy(operands(n.blocks[1]->outputs()), outs);
      code_->instrs[jmp_at].target = here();
      return;
    }
    if (k == "prim::Loop") {
      const ir::Block& body = *n.blocks[0];
      int32_t trip = next_reg_++, cond = next_reg_++;
      int32_t max = operand(n.inputs[0]);
      Instr& s = emit(Opc::SetInt, nullptr);
      s.outs = {trip};
      s.imm = 0;
      std::vector<int32_t> carried;
      for (size_t j = 1; j < body.inputs().size(); ++j) carried.push_back(reg(body.inputs()[j]));
      std::vector<int32_t> init = {operand(n.inputs[1])};
      for (size_t j = 2; j < n.inputs.size(); ++j) init.push_back(operand(n.inputs[j]));
      std::vector<int32_t> dst = {cond};
      dst.insert(dst.end(), carried.begin(), carried.end());
      parallel_copy(init, dst);
      int32_t top = here();
      Instr& t = emit(Opc::LoopTest, &n);
      t.in = {trip, max, cond};
      t.outs = {reg(body.inputs()[0])};
      size_t test_at = code_->instrs.size() - 1;
      block(body);
      parallel_copy(operands(body.outputs()), dst);
      Instr& j = emit(Opc::Jump, nullptr);
      j.target = top;
      code_->instrs[test_at].target = here();
      // The loop's results are its carried registers.
      for (size_t q = 0; q < n.outputs.size(); ++q) regs_[n.outputs[q]] = carried[q];
      return;
    }
    if (n.op) {
      Instr& i = emit(Opc::Op, &n);
      i.ptr = n.op;
      // Tensor.size() is a torch.Size (prints as one).
      if (n.op->schema.name == "size" && n.op->schema.overload.empty()) i.imm = 1;
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
        {"aten::__not__", Opc::Not},                 {"prim::CallValue", Opc::CallValue}};
    auto it = simple.find(k);
    if (it != simple.end()) {
      emit(it->second, &n);
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
      emit(Opc::CallMethod, &n).name = str_attr("name");
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
    } else if (k.rfind("aten::", 0) == 0 && ir::is_scalar_kind(k)) {
      emit(Opc::Scalar, &n).name = k;
    } else {
      TS_ERROR("the interpreter cannot run IR node kind '", k, "' yet");
    }
  }

  ir::Function& fn_;
  Interp& I_;
  std::unique_ptr<Code> code_;
  std::map<const ir::Value*, int32_t> regs_;
  int32_t next_reg_ = 0;
};

}  // namespace

std::unique_ptr<Code> lower(ir::Function& fn, Interp& I) { return Lowerer(fn, I).run(); }

}  // namespace ts::runtime
