// Loop unrolling: a for-loop (both conditions constant true) with a constant trip count below
// 64 and a body of at most 32 nodes (PyTorch's kMaxBodyRepeats / kMaxBodySize) is replaced by
// that many copies of its body, each with the counter as a constant for constprop to fold.
#include "passes/common.h"
#include "passes/passes.h"

namespace ts::passes {

using namespace ir;

namespace {

constexpr size_t kMaxBodySize = 32;
constexpr int64_t kMaxBodyRepeats = 64;

bool unroll_block(Graph& g, Block& b) {
  bool changed = false;
  for (Node* n : b) {
    for (Block* s : n->blocks) changed |= unroll_block(g, *s);  // inner loops first, as PyTorch
    if (!n->is(kinds::Loop)) continue;
    Block* body = n->blocks[0];
    if (!is_constant_true(n->inputs[1]) || !is_constant_true(body->outputs()[0])) continue;
    const IValue* trip = constant_value(n->inputs[0]);
    if (!trip || !trip->is_int() || trip->to_int() >= kMaxBodyRepeats) continue;
    if (block_size(*body, kMaxBodySize) > kMaxBodySize) continue;
    std::vector<Value*> carried(n->inputs.begin() + 2, n->inputs.end());
    for (int64_t k = 0; k < trip->to_int(); ++k) {
      std::vector<Value*> args{insert_constant(g, IValue(k), int_type(), n)};
      args.insert(args.end(), carried.begin(), carried.end());
      std::vector<Value*> outs = g.inline_block(*body, args, n);
      carried.assign(outs.begin() + 1, outs.end());
    }
    replace_node(n, carried);
    changed = true;
  }
  return changed;
}

}  // namespace

bool unroll(Graph& g) { return unroll_block(g, *g.block()); }

}  // namespace ts::passes
