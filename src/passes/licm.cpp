// Loop-invariant code motion: pure nodes at the top level of a loop body whose inputs come from
// outside the loop move before the loop. Nodes that read mutable data stay when the body has
// side effects; nodes that may raise move only when the loop surely runs and nothing before
// them in the body could raise or act first.
#include <unordered_set>

#include "passes/common.h"
#include "passes/passes.h"

namespace ts::passes {

using namespace ir;

namespace {

bool hoist(Node* loop) {
  Block* body = loop->blocks[0];
  bool effects = false;
  for (const Node* m : *body) effects |= has_side_effects(*m);
  const IValue* trip = constant_value(loop->inputs[0]);
  bool runs = trip && trip->is_int() && trip->to_int() >= 1 && is_constant_true(loop->inputs[1]);
  std::unordered_set<const Value*> inside(body->inputs().begin(), body->inputs().end());
  bool clean = true;  // nothing before this point in the body raises or has effects
  bool changed = false;
  for (Node* m : *body) {
    bool invariant = m->blocks.empty() && is_pure(*m);
    for (const Value* v : m->inputs) invariant &= !inside.count(v);
    if (invariant && reads_memory(*m) && effects) invariant = false;
    if (invariant && may_raise(*m) && !(runs && clean)) invariant = false;
    // One hoisted tensor instead of one per iteration: only if nobody writes or keeps it.
    for (const Value* o : m->outputs)
      if (invariant && !m->is(kinds::Constant) && is_mutable_type(o->type) && !only_read(o)) invariant = false;
    for (const Value* o : m->outputs)
      if (m->is(kinds::Constant) && (o->type->kind == TypeKind::List || o->type->kind == TypeKind::Dict))
        invariant = false;
    if (invariant) {
      m->move_before(loop);
      changed = true;
      continue;
    }
    if (has_side_effects(*m) || may_raise(*m)) clean = false;
    for (const Value* o : m->outputs) inside.insert(o);
  }
  return changed;
}

bool licm_block(Block& b) {
  bool changed = false;
  for (Node* n : b) {
    for (Block* s : n->blocks) changed |= licm_block(*s);  // inner loops first: nodes bubble out
    if (n->is(kinds::Loop)) changed |= hoist(n);
  }
  return changed;
}

}  // namespace

bool licm(Graph& g) { return licm_block(*g.block()); }

}  // namespace ts::passes
