// The pass manager: -O levels and named pass lists.
#include <functional>
#include <utility>

#include "passes/common.h"
#include "passes/passes.h"
#include "util/error.h"

namespace ts::passes {

namespace {

using PassFn = bool (*)(ir::Graph&);

const std::vector<std::pair<std::string, PassFn>>& registry() {
  static const std::vector<std::pair<std::string, PassFn>> kPasses = {
      {"dce", &dce},         {"constprop", &constprop}, {"cse", &cse},   {"peephole", &peephole},
      {"unroll", &unroll},   {"inline", &inline_calls}, {"licm", &licm}, {"canonicalize", &canonicalize}};
  return kPasses;
}

// Folding, rewriting and deleting until nothing changes (bounded: each round shrinks the graph
// or leaves it as it was, but stay safe against ping-pong). A round walks the graph once per
// pass: constprop and peephole alone repeat until they change nothing, which here the loop
// does anyway (Note [Scale] in README.md).
bool local_cleanups(ir::Graph& g) {
  bool any = false;
  for (int round = 0; round < 32; ++round) {
    bool c = constprop_sweep(g);
    c |= peephole_sweep(g);
    c |= dce(g);
    if (!c) break;
    any = true;
  }
  return any;
}

}  // namespace

std::vector<std::string> pass_names() {
  std::vector<std::string> names;
  for (const auto& [name, fn] : registry()) names.push_back(name);
  return names;
}

void run_pass_list(ir::Graph& g, const std::vector<std::string>& names) {
  for (const std::string& name : names) {
    PassFn fn = nullptr;
    for (const auto& [n, f] : registry())
      if (n == name) fn = f;
    if (!fn) {
      std::string known;
      for (const auto& n : pass_names()) known += (known.empty() ? "" : ", ") + n;
      TS_CHECK(false, "unknown pass '", name, "' (known passes: ", known, ")");
    }
    fn(g);
  }
}

void run_passes(ir::Graph& g, int opt_level) {
  if (opt_level <= 0) return;
  if (opt_level == 1) {
    local_cleanups(g);
    return;
  }
  inline_calls(g);
  local_cleanups(g);
  for (int round = 0; round < 4; ++round) {
    bool c = cse(g);
    c |= unroll(g);
    c |= local_cleanups(g);
    if (!c) break;
  }
  if (licm(g)) local_cleanups(g);
  cse(g);
  dce(g);
  canonicalize(g);
}

}  // namespace ts::passes
