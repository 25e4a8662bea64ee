// Peephole rewrites of single patterns. Each fires only where the result is the same value of
// the same type: `x + 0` for ints (floats: -0.0 + 0 is 0.0), `x * 1` where the type stays,
// `x - x` and `x * 0` for ints (floats: inf - inf and inf * 0 are nan), `len`/indexing of lists
// nobody mutates, If outputs both branches agree on.
#include "passes/common.h"
#include "passes/passes.h"

namespace ts::passes {

using namespace ir;

namespace {

bool is_kind(const Value* v, Symbol kind) { return v->node && v->node->is(kind); }

// A scalar constant equal to `want` (int or float), of int or float type.
bool is_number_constant(const Value* v, double want) {
  const IValue* c = constant_value(v);
  if (!c) return false;
  if (c->is_int()) return v->type->kind == TypeKind::Int && double(c->to_int()) == want;
  if (c->is_double()) return v->type->kind == TypeKind::Float && c->to_double() == want;
  return false;
}

bool scalar_aten(const Node* n, Symbol kind, size_t nin) {
  return n->is(kind) && !n->op && n->inputs.size() == nin && n->outputs.size() == 1;
}

// The list built by `v`'s ListConstruct is only read (len, indexing, membership, unpacking), so
// its length and elements are those it was built with.
bool unmutated_list(const Value* v) {
  if (!is_kind(v, kinds::ListConstruct)) return false;
  for (const Use& u : v->uses) {
    const Node* n = u.user;
    bool reader = (!n->op && (n->is(kinds::len) || n->is(kinds::getitem) ||
                              (n->is(kinds::contains) && u.index == 0))) ||
                  n->is(kinds::ListUnpack);
    if (!reader) return false;
  }
  return true;
}

class Peephole {
 public:
  explicit Peephole(Graph& g) : g_(g) {}

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
      if (n->is(kinds::If)) {
        changed_ |= same_branch_outputs(n);
        continue;
      }
      if (n->is(kinds::TupleUnpack)) {
        changed_ |= unpack_construct(n);
        continue;
      }
      if (n->outputs.size() != 1 || n->outputs[0]->uses.empty()) continue;  // nothing to gain
      if (Value* r = rewrite(n)) {
        n->outputs[0]->replace_all_uses_with(r);
        // Every rewrite gives the same value and raises only where a node it reads from raises
        // (which stays): `x.t().t()` fails only if the inner t() does, `x * 1` never, list
        // indexing was proven in range. So the replaced node goes, though it may raise for
        // values DCE cannot see (README, Note [What may raise]).
        n->destroy();
        changed_ = true;
      }
    }
  }

  // TupleUnpack(TupleConstruct(a, b)) is (a, b): several outputs, so outside `rewrite`.
  static bool unpack_construct(Node* n) {
    if (n->inputs.size() != 1 || !is_kind(n->inputs[0], kinds::TupleConstruct)) return false;
    Node* t = n->inputs[0]->node;
    bool used = false;
    for (Value* o : n->outputs) used |= !o->uses.empty();
    if (t->inputs.size() != n->outputs.size() || !used) return false;
    for (size_t i = 0; i < n->outputs.size(); ++i) n->outputs[i]->replace_all_uses_with(t->inputs[i]);
    return true;
  }

  // An If output that both branches set to the same value is that value (valid graphs can only
  // share a value from outside the If).
  static bool same_branch_outputs(Node* n) {
    if (n->blocks.size() != 2) return false;
    bool changed = false;
    for (size_t i = 0; i < n->outputs.size(); ++i) {
      Value* v = n->blocks[0]->outputs()[i];
      if (v != n->blocks[1]->outputs()[i] || n->outputs[i]->uses.empty()) continue;
      n->outputs[i]->replace_all_uses_with(v);
      changed = true;
    }
    return changed;
  }

  // The value `n`'s single output can be replaced by, or null.
  Value* rewrite(Node* n) {
    if (n->outputs.size() != 1) return nullptr;
    const Type* out = n->outputs[0]->type;
    auto& in = n->inputs;
    // x.t().t() is x; x.contiguous().contiguous() is x.contiguous().
    if (n->is(kinds::t) && n->op && in.size() == 1 && is_kind(in[0], kinds::t) && in[0]->node->op &&
        in[0]->node->inputs.size() == 1)
      return in[0]->node->inputs[0];
    if (n->is(kinds::contiguous) && n->op && !in.empty() && is_kind(in[0], kinds::contiguous) && in[0]->node->op &&
        in[0]->node->inputs.size() == in.size()) {
      bool same = true;
      for (size_t i = 1; i < in.size(); ++i) same &= in[i] == in[0]->node->inputs[i];
      if (same) return in[0];
    }
    if (scalar_aten(n, kinds::mul, 2)) {
      for (int side = 0; side < 2; ++side) {
        Value* x = in[size_t(side)];
        Value* c = in[size_t(1 - side)];
        bool number = x->type->kind == TypeKind::Int || x->type->kind == TypeKind::Float;
        if (number && x->type == out && is_number_constant(c, 1.0)) return x;
      }
    }
    // For ints x * 0 is 0, x // 1 is x and x % 1 is 0 (no overflow or sign question arises).
    if (scalar_aten(n, kinds::mul, 2) && out->kind == TypeKind::Int) {
      for (int side = 0; side < 2; ++side)
        if (in[size_t(side)]->type->kind == TypeKind::Int && is_number_constant(in[size_t(1 - side)], 0.0) &&
            in[size_t(1 - side)]->type->kind == TypeKind::Int)
          return insert_constant(g_, IValue(int64_t(0)), out, n);
    }
    if ((scalar_aten(n, kinds::floordiv, 2) || scalar_aten(n, kinds::remainder, 2)) &&
        in[0]->type->kind == TypeKind::Int && out->kind == TypeKind::Int && is_constant(in[1], 1))
      return n->is(kinds::floordiv) ? in[0] : insert_constant(g_, IValue(int64_t(0)), out, n);
    if (scalar_aten(n, kinds::add, 2)) {
      for (int side = 0; side < 2; ++side) {
        Value* x = in[size_t(side)];
        if (x->type->kind == TypeKind::Int && out->kind == TypeKind::Int && is_number_constant(in[size_t(1 - side)], 0.0))
          return x;
      }
    }
    if (scalar_aten(n, kinds::sub, 2)) {
      Value* x = in[0];
      bool number = x->type->kind == TypeKind::Int || x->type->kind == TypeKind::Float;
      // x - 0 is x for floats too (-0.0 - 0 is -0.0), as long as the type stays.
      if (number && x->type == out && is_number_constant(in[1], 0.0)) return x;
      if (in[0] == in[1] && x->type->kind == TypeKind::Int && out->kind == TypeKind::Int)
        return insert_constant(g_, IValue(int64_t(0)), out, n);
    }
    if (scalar_aten(n, kinds::neg, 1) && is_kind(in[0], kinds::neg) && scalar_aten(in[0]->node, kinds::neg, 1)) {
      Value* x = in[0]->node->inputs[0];
      if ((x->type->kind == TypeKind::Int || x->type->kind == TypeKind::Float) && x->type == out) return x;
    }
    if (scalar_aten(n, kinds::not_, 1) && is_kind(in[0], kinds::not_) &&
        scalar_aten(in[0]->node, kinds::not_, 1)) {
      Value* x = in[0]->node->inputs[0];
      if (x->type->kind == TypeKind::Bool && out->kind == TypeKind::Bool) return x;
    }
    if (scalar_aten(n, kinds::len, 1) && unmutated_list(in[0]) && out->kind == TypeKind::Int)
      return insert_constant(g_, IValue(int64_t(in[0]->node->inputs.size())), out, n);
    if (scalar_aten(n, kinds::getitem, 2) && unmutated_list(in[0])) {
      const IValue* i = constant_value(in[1]);
      if (i && i->is_int()) {
        int64_t size = int64_t(in[0]->node->inputs.size()), k = i->to_int();
        if (k < 0) k += size;
        if (k >= 0 && k < size && in[0]->node->inputs[size_t(k)]->type == out) return in[0]->node->inputs[size_t(k)];
      }
    }
    if (n->is(kinds::TupleIndex) && in.size() == 2 && is_kind(in[0], kinds::TupleConstruct)) {
      const IValue* i = constant_value(in[1]);
      if (i && i->is_int()) {
        int64_t size = int64_t(in[0]->node->inputs.size()), k = i->to_int();
        if (k < 0) k += size;
        if (k >= 0 && k < size) return in[0]->node->inputs[size_t(k)];
      }
    }
    return nullptr;
  }

  Graph& g_;
  bool changed_ = false;
};

}  // namespace

bool peephole_sweep(Graph& g) { return Peephole(g).sweep(); }

bool peephole(Graph& g) {
  return run_to_fixpoint([&] { return peephole_sweep(g); });
}

}  // namespace ts::passes
