// Inlining: a prim::CallFunction whose callee is known (Node::fn) is replaced by a copy of the
// callee's graph; calls inside the copy are inlined in turn, except recursive ones (a function
// already being inlined) and past a depth limit.
#include <algorithm>

#include "passes/common.h"
#include "passes/passes.h"

namespace ts::passes {

using namespace ir;

namespace {

constexpr size_t kMaxDepth = 16;

bool inline_range(Graph& g, Node* first, Node* end, std::vector<const Graph*>& stack) {
  bool changed = false;
  for (Node* n = first; n != end;) {
    Node* next = n->next;
    for (Block* s : n->blocks) changed |= inline_range(g, s->front(), s->ret, stack);
    const Graph* callee = n->is("prim::CallFunction") && n->fn ? n->fn->graph.get() : nullptr;
    if (callee && callee != &g && stack.size() < kMaxDepth &&
        std::find(stack.begin(), stack.end(), callee) == stack.end() &&
        callee->inputs().size() == n->inputs.size() && callee->outputs().size() == n->outputs.size()) {
      Node* before = n->prev;
      std::vector<Value*> outs = g.inline_block(*callee->block(), n->inputs, n);
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
