// The IR verifier: SSA dominance (values are visible after their definition in their block and
// in sub-blocks of later nodes), use lists, control-flow arities and output types (prim::If,
// prim::Loop, prim::Try), sentinels.
#include <set>
#include <sstream>
#include <unordered_set>

#include "ir/ir.h"

namespace ts::ir {

namespace {

std::string vname(const Value* v) { return "%" + (v->name.empty() ? std::to_string(v->id) : v->name.str()); }

// Whether a value of type `a` may flow where `b` is expected (block outputs into node outputs).
bool subtype(const Type* a, const Type* b) {
  if (a == b || b->kind == TypeKind::Any) return true;
  if (a->kind == TypeKind::Any) return false;
  if (b->kind == TypeKind::Optional)
    return a->kind == TypeKind::None || subtype(a->kind == TypeKind::Optional ? a->args[0] : a, b->args[0]);
  if (b->kind == TypeKind::Number)
    return a->kind == TypeKind::Int || a->kind == TypeKind::Float || a->kind == TypeKind::Bool;
  if (a->kind == TypeKind::Tuple && b->kind == TypeKind::Tuple && a->args.size() == b->args.size()) {
    for (size_t i = 0; i < a->args.size(); ++i)
      if (!subtype(a->args[i], b->args[i])) return false;
    return true;
  }
  if (a->kind == TypeKind::Class && b->kind == TypeKind::Class) return a->cls->derives_from(b->cls);
  return false;
}

class Verifier {
 public:
  explicit Verifier(const Graph& g) : g_(g) {}

  std::vector<std::string> run() {
    const Block* top = g_.block();
    if (top->owner) problem("the graph's block has an owner");
    std::vector<const Value*> scope;
    check_block(*top, scope);
    return std::move(problems_);
  }

 private:
  template <typename... A>
  void problem(const A&... parts) {
    std::ostringstream os;
    (os << ... << parts);
    problems_.push_back(os.str());
  }

  void check_uses(const Value* v) {
    for (const Use& u : v->uses) {
      if (!u.user || u.index >= u.user->inputs.size() || u.user->inputs[u.index] != v) {
        problem("use list of ", vname(v), " names a use that is not an input");
        continue;
      }
      if (!u.user->owner) problem("use list of ", vname(v), " names a node that is not in a block (", u.user->kind, ")");
    }
    if (!v->type) problem(vname(v), " has no type");
  }

  void define(const Value* v, const Node* n, size_t i, std::vector<const Value*>& scope) {
    if (v->node != n || v->offset != i) problem(vname(v), " does not point back at its defining ", n->kind);
    if (!defined_.insert(v).second) problem(vname(v), " is defined twice");
    visible_.insert(v);
    scope.push_back(v);
    check_uses(v);
  }

  void check_input(const Node* n, size_t i) {
    const Value* v = n->inputs[i];
    if (!v) {
      problem(n->kind, " has a null input ", i);
      return;
    }
    if (!visible_.count(v)) {
      problem(vname(v), " used by ", n->kind == "prim::Return" ? std::string("a block's return") : n->kind,
              " is not defined before it (dominance)");
    }
    size_t count = 0;
    for (const Use& u : v->uses)
      if (u.user == n && u.index == i) ++count;
    if (count != 1) problem("use list of ", vname(v), " lacks (or repeats) its use by ", n->kind, " input ", i);
  }

  void check_block(const Block& b, std::vector<const Value*>& outer) {
    std::vector<const Value*> scope;
    if (!b.param || !b.param->is("prim::Param")) problem("block without a prim::Param sentinel");
    if (!b.ret || !b.ret->is("prim::Return")) {
      problem("block without a prim::Return sentinel");
      return;
    }
    if (b.graph != &g_) problem("block of another graph");
    for (size_t i = 0; i < b.param->outputs.size(); ++i) define(b.param->outputs[i], b.param, i, scope);
    const Node* prev = b.ret;
    size_t guard = 0;
    for (const Node* n = b.ret->next; n != b.ret; n = n->next) {
      if (!n || ++guard > 10'000'000) {
        problem("broken node list");
        break;
      }
      if (n->prev != prev) problem(n->kind, " has a wrong prev link");
      if (n->owner != &b) problem(n->kind, " does not point at its block");
      if (n->graph != &g_) problem(n->kind, " belongs to another graph");
      check_node(*n, scope);
      prev = n;
    }
    for (size_t i = 0; i < b.ret->inputs.size(); ++i) check_input(b.ret, i);
    for (const Value* v : scope) visible_.erase(v);
    (void)outer;
  }

  void check_node(const Node& n, std::vector<const Value*>& scope) {
    if (n.is("prim::Param") || n.is("prim::Return")) problem(n.kind, " appears as a node (it is only a block sentinel)");
    for (size_t i = 0; i < n.inputs.size(); ++i) check_input(&n, i);
    if (n.is("prim::If")) {
      if (n.inputs.size() != 1) problem("prim::If takes 1 input (the condition), not ", n.inputs.size());
      else if (n.inputs[0]->type->kind != TypeKind::Bool && n.inputs[0]->type->kind != TypeKind::Any)
        problem("prim::If condition ", vname(n.inputs[0]), " has type ", n.inputs[0]->type->str(), ", not bool");
      if (n.blocks.size() != 2) problem("prim::If has ", n.blocks.size(), " blocks, not 2");
      for (const Block* b : n.blocks) {
        if (!b->inputs().empty()) problem("prim::If block takes ", b->inputs().size(), " inputs, not 0");
        if (b->outputs().size() != n.outputs.size()) {
          problem("prim::If block returns ", b->outputs().size(), " values but the node has ", n.outputs.size(),
                  " outputs");
          continue;
        }
        for (size_t i = 0; i < n.outputs.size(); ++i)
          if (!subtype(b->outputs()[i]->type, n.outputs[i]->type))
            problem("prim::If output ", vname(n.outputs[i]), " has type ", n.outputs[i]->type->str(),
                    " but a block returns ", b->outputs()[i]->type->str());
      }
    } else if (n.is("prim::Loop")) {
      if (n.inputs.size() < 2) {
        problem("prim::Loop takes (max_trip, cond, carried...), got ", n.inputs.size(), " inputs");
      } else {
        size_t r = n.inputs.size() - 2;
        if (n.inputs[0]->type->kind != TypeKind::Int) problem("prim::Loop max trip count is not an int");
        if (n.inputs[1]->type->kind != TypeKind::Bool) problem("prim::Loop condition is not a bool");
        if (n.outputs.size() != r) problem("prim::Loop carries ", r, " values but has ", n.outputs.size(), " outputs");
        if (n.blocks.size() != 1) {
          problem("prim::Loop has ", n.blocks.size(), " blocks, not 1");
        } else {
          const Block* b = n.blocks[0];
          if (b->inputs().size() != r + 1) problem("prim::Loop block takes ", b->inputs().size(), " inputs, not ", r + 1);
          else if (b->inputs()[0]->type->kind != TypeKind::Int) problem("prim::Loop counter is not an int");
          if (b->outputs().size() != r + 1) {
            problem("prim::Loop block returns ", b->outputs().size(), " values, not ", r + 1);
          } else {
            if (b->outputs()[0]->type->kind != TypeKind::Bool) problem("prim::Loop block's condition is not a bool");
            for (size_t i = 0; i < r && i < n.outputs.size(); ++i)
              if (!subtype(b->outputs()[i + 1]->type, n.outputs[i]->type))
                problem("prim::Loop output ", vname(n.outputs[i]), " has type ", n.outputs[i]->type->str(),
                        " but the block returns ", b->outputs()[i + 1]->type->str());
          }
        }
      }
    } else if (n.is("prim::Try")) {
      // Block 0 is the body (no inputs); each handler block takes the exception.
      if (!n.inputs.empty()) problem("prim::Try takes no inputs");
      if (n.blocks.empty()) problem("prim::Try has no blocks");
      for (size_t k = 0; k < n.blocks.size(); ++k) {
        const Block* b = n.blocks[k];
        size_t want = k == 0 ? 0 : 1;
        if (b->inputs().size() != want) problem("prim::Try block", k, " takes ", b->inputs().size(), " inputs, not ", want);
        if (b->outputs().size() != n.outputs.size()) {
          problem("prim::Try block returns ", b->outputs().size(), " values but the node has ", n.outputs.size(),
                  " outputs");
          continue;
        }
        for (size_t i = 0; i < n.outputs.size(); ++i)
          if (!subtype(b->outputs()[i]->type, n.outputs[i]->type))
            problem("prim::Try output ", vname(n.outputs[i]), " has type ", n.outputs[i]->type->str(),
                    " but a block returns ", b->outputs()[i]->type->str());
      }
    } else if (!n.blocks.empty()) {
      problem(n.kind, " has blocks (only prim::If, prim::Loop and prim::Try do)");
    }
    if (n.is("prim::Constant") && (!n.inputs.empty() || n.outputs.size() != 1))
      problem("prim::Constant must have no inputs and one output");
    // Fixed arities of the vocabulary (src/ir/README.md) that passes rely on.
    struct Arity {
      const char* kind;
      int in, out;  // -1: any
    };
    static const Arity kArities[] = {{"prim::TupleIndex", 2, 1},   {"prim::TupleUnpack", 1, -1},
                                     {"prim::ListUnpack", 1, -1},  {"prim::unchecked_cast", 1, 1},
                                     {"aten::__is__", 2, 1},       {"aten::__isnot__", 2, 1},
                                     {"prim::Uninitialized", 0, 1}, {"prim::TupleConstruct", -1, 1},
                                     {"prim::ListConstruct", -1, 1}, {"prim::DictConstruct", -1, 1}};
    for (const Arity& a : kArities) {
      if (!n.is(a.kind)) continue;
      if ((a.in >= 0 && n.inputs.size() != size_t(a.in)) || (a.out >= 0 && n.outputs.size() != size_t(a.out)))
        problem(n.kind, " takes ", a.in < 0 ? std::string("any number of") : std::to_string(a.in), " inputs and gives ",
                a.out < 0 ? std::string("any number of") : std::to_string(a.out), " outputs, not ", n.inputs.size(),
                " and ", n.outputs.size());
    }
    if (!n.kind.is_aten() && n.op) problem(n.kind, " has a registry op but is not an aten:: node");
    for (const Block* b : n.blocks) {
      if (b->owner != &n) problem("a block of ", n.kind, " does not point at its node");
      check_block(*b, scope);
    }
    for (size_t i = 0; i < n.outputs.size(); ++i) define(n.outputs[i], &n, i, scope);
  }

  const Graph& g_;
  std::vector<std::string> problems_;
  std::unordered_set<const Value*> visible_, defined_;
};

}  // namespace

std::vector<std::string> verify(const Graph& g) { return Verifier(g).run(); }

}  // namespace ts::ir
