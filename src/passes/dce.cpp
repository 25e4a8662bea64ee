// Dead-code elimination: mark the values that side effects and the graph's outputs need, then
// delete unmarked removable nodes, unused prim::If outputs and unused loop-carried values.
#include <cstdint>
#include <vector>

#include "passes/common.h"
#include "passes/passes.h"
#include "util/error.h"

namespace ts::passes {

using namespace ir;

namespace {

class Dce {
 public:
  explicit Dce(Graph& g) : mark_(g.fresh_mark()) {}

  bool run(Graph& g) {
    roots(*g.block());
    for (Value* v : g.outputs()) mark(v);
    drain();
    sweep(*g.block());
    return changed_;
  }

 private:
  // Roots: inputs of nodes with side effects; control flow that holds such a node keeps its
  // trip count and conditions. Returns whether anything in `b` is kept for its own sake.
  bool roots(const Block& b, bool in_try = false) {
    bool any = false;
    for (Node* n : b) {
      bool inner = false;
      for (size_t k = 0; k < n->blocks.size(); ++k)
        inner |= roots(*n->blocks[k], in_try || (n->is(kinds::Try) && k == 0));
      // Inside a try body an unused node that raises still decides which handler runs.
      // must_keep's walk of the blocks is `inner` already: what remains to ask of control flow is
      // whether it is kept whole (a try, a loop that may not end, a node of another kind).
      bool own = n->blocks.empty() ? must_keep(*n) : !(n->is(kinds::If) || (n->is(kinds::Loop) && terminates(*n)));
      bool keep = inner || own || (in_try && n->blocks.empty() && may_raise(*n));
      if (!keep) continue;
      any = true;
      n->mark = mark_;
      if (n->is(kinds::Loop)) {
        keep_loop(n);
      } else if (n->is(kinds::If)) {
        mark(n->inputs[0]);
      } else {
        for (Value* v : n->inputs) mark(v);
      }
    }
    return any;
  }

  void keep_loop(Node* n) {
    mark(n->inputs[0]);
    mark(n->inputs[1]);
    mark(n->blocks[0]->outputs()[0]);
  }

  void mark(Value* v) {
    if (v->mark == mark_) return;
    v->mark = mark_;
    work_.push_back(v);
  }

  void drain() {
    while (!work_.empty()) {
      Value* v = work_.back();
      work_.pop_back();
      Node* n = v->node;
      if (n->is(kinds::Param)) {
        // A loop body's carried input a_j needs the loop's x_j and the body's b_j.
        Block* b = n->owner;
        Node* owner = b ? b->owner : nullptr;
        if (owner && owner->is(kinds::Loop) && v->offset > 0) {
          owner->mark = mark_;
          keep_loop(owner);
          mark(owner->inputs[v->offset + 1]);
          mark(b->outputs()[v->offset]);
        }
        continue;
      }
      n->mark = mark_;
      if (n->is(kinds::If) || n->is(kinds::Try)) {
        for (Value* in : n->inputs) mark(in);
        for (Block* b : n->blocks) mark(b->outputs()[v->offset]);
      } else if (n->is(kinds::Loop)) {
        keep_loop(n);
        mark(n->inputs[v->offset + 2]);
        mark(n->blocks[0]->outputs()[v->offset + 1]);
        // The body's a_j becomes live through its own uses, if any.
      } else {
        for (Value* in : n->inputs) mark(in);
      }
    }
  }

  void sweep(Block& b) {
    for (Node* n = b.back(); n != b.ret;) {
      Node* prev = n->prev;
      if (n->mark != mark_ && (removable(*n) || n->is(kinds::If) || n->is(kinds::Loop))) {
        bool used = false;
        for (Value* o : n->outputs) used |= !o->uses.empty();
        if (!used) {
          n->destroy();
          changed_ = true;
          n = prev;
          continue;
        }
      }
      if (n->is(kinds::If) || n->is(kinds::Try)) prune_if(n);
      else if (n->is(kinds::Loop)) prune_loop(n);
      else
        for (Block* s : n->blocks) sweep(*s);
      n = prev;
    }
  }

  void prune_if(Node* n) {
    for (size_t i = n->outputs.size(); i-- > 0;) {
      if (n->outputs[i]->mark == mark_ || !n->outputs[i]->uses.empty()) continue;
      for (Block* b : n->blocks) b->erase_output(i);
      n->erase_output(i);
      changed_ = true;
    }
    for (Block* b : n->blocks) sweep(*b);
  }

  void prune_loop(Node* n) {
    Block* body = n->blocks[0];
    std::vector<size_t> dead;
    for (size_t j = n->outputs.size(); j-- > 0;) {
      if (n->outputs[j]->mark == mark_ || !n->outputs[j]->uses.empty() || body->inputs()[j + 1]->mark == mark_)
        continue;
      body->erase_output(j + 1);
      dead.push_back(j);
    }
    sweep(*body);
    for (size_t j : dead) {  // descending: indices stay valid
      TS_INTERNAL_ASSERT(body->inputs()[j + 1]->uses.empty(), "dce: a dead loop-carried value is still read");
      body->erase_input(j + 1);
      n->remove_input(j + 2);
      n->erase_output(j);
      changed_ = true;
    }
  }

  uint32_t mark_;  // live nodes and values carry it
  std::vector<Value*> work_;
  bool changed_ = false;
};

}  // namespace

bool dce(Graph& g) { return Dce(g).run(g); }

}  // namespace ts::passes
