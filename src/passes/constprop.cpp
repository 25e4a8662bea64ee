// Constant propagation: folds pure scalar and tuple nodes whose inputs are constants (with
// eval_scalar, Python's semantics), prim::If on a constant condition (the taken block is
// inlined) and loops that never run. Tensor ops are not evaluated at compile time.
#include "ir/scalar_eval.h"
#include "passes/common.h"
#include "passes/passes.h"

namespace ts::passes {

using namespace ir;

namespace {

class ConstProp {
 public:
  explicit ConstProp(Graph& g) : g_(g) {}

  // One walk over the graph; true when it changed something.
  bool sweep() {
    changed_ = false;
    visit(*g_.block());
    return changed_;
  }

 private:
  void visit(Block& b) {
    for (Node* n : b) {
      for (Block* s : n->blocks) visit(*s);
      fold(n);
    }
  }

  // Constant inputs as IValues; false when some input is not a constant or holds mutable data.
  bool constant_inputs(const Node* n, std::vector<IValue>& out) {
    for (const Value* v : n->inputs) {
      const IValue* c = constant_value(v);
      if (!c || is_mutable_type(v->type) || c->is_list() || c->is_tensor()) return false;
      out.push_back(*c);
    }
    return true;
  }

  void replace_with_constants(Node* n, const std::vector<IValue>& vals) {
    std::vector<Value*> cs;
    for (size_t i = 0; i < vals.size(); ++i) cs.push_back(insert_constant(g_, vals[i], n->outputs[i]->type, n));
    replace_node(n, cs);
    changed_ = true;
  }

  // A folded value for output `t`: Python's int result widens to a float-typed output.
  static std::optional<IValue> fit(IValue v, const Type* t) {
    if (t->kind == TypeKind::Float && v.is_int()) v = IValue(double(v.to_int()));
    if (!constant_fits(v, t)) return std::nullopt;
    return v;
  }

  void fold(Node* n) {
    if (n->is(kinds::If)) return fold_if(n);
    if (n->is(kinds::Loop)) return fold_loop(n);
    if (n->is(kinds::Constant) || !is_pure(*n)) return;
    if (n->is(kinds::is) || n->is(kinds::isnot)) return fold_is(n);
    std::vector<IValue> in;
    if (!constant_inputs(n, in)) return;
    std::vector<IValue> out;
    if (n->is(kinds::TupleConstruct)) {
      out.push_back(IValue::tuple(in));
      // A named tuple (a namedtuple's instance, an op's named results) keeps its name and fields.
      if (const IValue* name = n->attr(attr_names::name)) {
        out.back().tuple_ptr()->type_name = name->to_string();
        if (const IValue* fields = n->attr(attr_names::fields))
          for (const IValue& f : fields->items()) out.back().tuple_ptr()->field_names.push_back(f.to_string());
      }
    } else if (n->is(kinds::TupleIndex)) {
      if (in.size() != 2 || !in[0].is_tuple() || !in[1].is_int()) return;
      int64_t size = int64_t(in[0].items().size()), i = in[1].to_int();
      if (i < 0) i += size;
      if (i < 0 || i >= size) return;  // IndexError at run time
      out.push_back(in[0].items()[size_t(i)]);
    } else if (n->is(kinds::TupleUnpack)) {
      if (in.size() != 1 || !in[0].is_tuple() || in[0].items().size() != n->outputs.size()) return;
      out = in[0].items();
    } else if (n->is(kinds::unchecked_cast)) {
      if (in.size() != 1) return;
      out.push_back(in[0]);
    } else if (n->kind.is_aten() && !n->op && n->outputs.size() == 1) {
      auto r = eval_scalar(n->kind, in);
      if (!r) return;
      out.push_back(*r);
    } else {
      return;
    }
    if (out.size() != n->outputs.size()) return;
    for (size_t i = 0; i < out.size(); ++i) {
      auto f = fit(out[i], n->outputs[i]->type);
      if (!f) return;
      out[i] = *f;
    }
    replace_with_constants(n, out);
  }

  // `x is None` is known when both sides are None, or one is None and the other's type cannot
  // hold None (Tensor can: see below).
  void fold_is(Node* n) {
    if (n->inputs.size() != 2 || n->outputs.size() != 1) return;
    auto none_state = [](const Value* v) -> int {  // 1: is None, 0: never None, -1: unknown
      if (v->type->kind == TypeKind::None) return 1;
      // A Tensor may be absent too: Tensor.grad is typed Tensor but is None before backward.
      if (v->type->kind == TypeKind::Optional || v->type->kind == TypeKind::Any ||
          v->type->kind == TypeKind::Tensor)
        return -1;
      return 0;
    };
    int a = none_state(n->inputs[0]), b = none_state(n->inputs[1]);
    bool is;
    if (a == 1 && b == 1) is = true;
    else if ((a == 1 && b == 0) || (a == 0 && b == 1)) is = false;
    else return;
    replace_with_constants(n, {IValue(n->is(kinds::is) ? is : !is)});
  }

  void fold_if(Node* n) {
    const IValue* c = constant_value(n->inputs[0]);
    if (!c || !c->is_bool()) return;
    Block* taken = n->blocks[c->to_bool() ? 0 : 1];
    // The taken block's nodes move out (the If is deleted next); copying them would make a
    // chain of nested Ifs (`a and b and c ...`) quadratic.
    std::vector<Value*> outs = taken->outputs();
    for (Node* m : *taken) m->move_before(n);
    replace_node(n, outs);
    changed_ = true;
  }

  // A loop whose first condition is false or whose trip count is <= 0 never runs its body.
  void fold_loop(Node* n) {
    const IValue* trip = constant_value(n->inputs[0]);
    const IValue* cond = constant_value(n->inputs[1]);
    bool never = (trip && trip->is_int() && trip->to_int() <= 0) || (cond && cond->is_bool() && !cond->to_bool());
    if (!never) return;
    std::vector<Value*> outs(n->inputs.begin() + 2, n->inputs.end());
    replace_node(n, outs);
    changed_ = true;
  }

  Graph& g_;
  bool changed_ = false;
};

}  // namespace

bool constprop_sweep(Graph& g) { return ConstProp(g).sweep(); }

bool constprop(Graph& g) {
  return run_to_fixpoint([&] { return constprop_sweep(g); });
}

}  // namespace ts::passes
