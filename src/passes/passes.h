// Optimization passes over the IR (src/passes/README.md). Every pass keeps the graph valid
// (ir::verify) and returns whether it changed anything.
#pragma once

#include <string>
#include <vector>

#include "ir/ir.h"

namespace ts::passes {

// -O0: nothing. -O1: local cleanups (constprop, dce, peephole). -O2: also inlining, CSE,
// unrolling of constant-trip loops, loop-invariant code motion, canonicalization.
void run_passes(ir::Graph& g, int opt_level);
// Runs the named passes in order; an unknown name is a ts::Error listing the known ones.
void run_pass_list(ir::Graph& g, const std::vector<std::string>& names);
// The known pass names (for --passes and error messages).
std::vector<std::string> pass_names();

bool dce(ir::Graph& g);
bool constprop(ir::Graph& g);
bool cse(ir::Graph& g);
bool peephole(ir::Graph& g);
bool unroll(ir::Graph& g);
bool inline_calls(ir::Graph& g);
bool licm(ir::Graph& g);
bool canonicalize(ir::Graph& g);

}  // namespace ts::passes
