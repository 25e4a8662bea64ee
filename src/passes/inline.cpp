// Inlining: a prim::CallFunction whose callee is known (Node::fn) and is small or cannot raise
// is replaced by a copy of the callee's graph; calls inside the copy are inlined in turn, except
// recursive ones (a function already being inlined) and past a depth limit.
#include <algorithm>

#include "passes/common.h"
#include "passes/passes.h"

namespace ts::passes {

using namespace ir;

namespace {

constexpr size_t kMaxDepth = 16;

// Whether nothing in `b` can raise: an error inside an inlined callee would lose the callee's
// traceback frame (nodes carry one source location, not an inlined call stack), so only such
// callees are inlined. print is the one builtin allowed.
// Calls of functions that cannot raise count as not raising; recursion counts as raising
// (RecursionError).
bool cannot_raise(const Block& b, std::vector<const Graph*>& visiting) {
  for (const Node* n : b) {
    if (n->is(kinds::If) || n->is(kinds::Loop)) {
      for (const Block* s : n->blocks)
        if (!cannot_raise(*s, visiting)) return false;
      continue;
    }
    if (n->is(kinds::Builtin)) {
      const IValue* name = n->attr(attr_names::name);
      if (name && name->is_string() && name->to_string() == "print") continue;
    }
    if (n->is(kinds::CallFunction) && n->fn && n->fn->graph) {
      const Graph* g = n->fn->graph.get();
      if (std::find(visiting.begin(), visiting.end(), g) != visiting.end()) return false;
      visiting.push_back(g);
      bool ok = cannot_raise(*g->block(), visiting);
      visiting.pop_back();
      if (!ok) return false;
      continue;
    }
    if (may_raise(*n)) return false;
  }
  return true;
}

bool cannot_raise(const Graph& g) {
  std::vector<const Graph*> visiting{&g};
  return cannot_raise(*g.block(), visiting);
}

// Small callees are inlined even when they may raise: their nodes keep the call site in
// SourceLoc::inlined_at, so a traceback still shows the callee's frame.
constexpr size_t kSmallCallee = 48;
size_t count_nodes(const Block& b) {
  size_t n = 0;
  for (const Node* m : b) {
    ++n;
    for (const Block* s : m->blocks) n += count_nodes(*s);
  }
  return n;
}
bool small(const Graph& g) { return count_nodes(*g.block()) <= kSmallCallee; }

void mark_inlined(Node* m, const std::shared_ptr<const InlinedAt>& at) {
  m->loc = append_inlined_at(m->loc, at);
  for (Block* b : m->blocks)
    for (Node* k : *b) mark_inlined(k, at);
}

bool inline_range(Graph& g, Node* first, Node* end, std::vector<const Graph*>& stack) {
  bool changed = false;
  for (Node* n = first; n != end;) {
    Node* next = n->next;
    for (Block* s : n->blocks) changed |= inline_range(g, s->front(), s->ret, stack);
    const Graph* callee = n->is(kinds::CallFunction) && n->fn ? n->fn->graph.get() : nullptr;
    if (callee && callee != &g && stack.size() < kMaxDepth &&
        std::find(stack.begin(), stack.end(), callee) == stack.end() &&
        callee->inputs().size() == n->inputs.size() && callee->outputs().size() == n->outputs.size() &&
        (small(*callee) || cannot_raise(*callee))) {
      Node* before = n->prev;
      std::vector<Value*> outs = g.inline_block(*callee->block(), n->inputs, n);
      // The copies remember where they came from, for tracebacks.
      auto at = std::make_shared<InlinedAt>();
      at->function = n->fn->owner ? n->fn->owner->name + "." + n->fn->name : n->fn->name;
      at->call = n->loc;
      for (Node* m = before->next; m != n; m = m->next) mark_inlined(m, at);
      replace_node(n, outs);
      stack.push_back(callee);
      inline_range(g, before->next, next, stack);
      stack.pop_back();
      changed = true;
    }
    n = next;
  }
  return changed;
}

}  // namespace

bool inline_calls(Graph& g) {
  std::vector<const Graph*> stack;
  return inline_range(g, g.block()->front(), g.block()->ret, stack);
}

}  // namespace ts::passes
