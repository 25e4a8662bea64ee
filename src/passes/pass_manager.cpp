// The pass manager: -O levels and named pass lists.
#include <time.h>

#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <mutex>
#include <utility>

#include "passes/common.h"
#include "passes/passes.h"
#include "util/error.h"

namespace ts::passes {

namespace {

using PassFn = bool (*)(ir::Graph&);

// TS_TIME_PASSES=1: each pass's calls and thread CPU seconds, summed over the process and
// printed to stderr at exit (README.md, Note [Scale]).
class PassTimes {
 public:
  static PassTimes* get() {
    static const bool on = [] {
      const char* e = std::getenv("TS_TIME_PASSES");
      return e && *e && std::string(e) != "0";
    }();
    static PassTimes times;
    return on ? &times : nullptr;
  }
  void add(const char* name, double seconds) {
    std::lock_guard<std::mutex> lock(mu_);
    auto& [calls, total] = rows_[name];
    ++calls;
    total += seconds;
  }
  ~PassTimes() {
    if (rows_.empty()) return;
    double all = 0;
    std::fflush(stdout);  // after what the script printed
    std::fprintf(stderr, "pass times (TS_TIME_PASSES):\n%-16s %8s %10s\n", "pass", "calls", "seconds");
    for (const auto& [name, row] : rows_) {
      std::fprintf(stderr, "%-16s %8zu %10.3f\n", name.c_str(), row.first, row.second);
      all += row.second;
    }
    std::fprintf(stderr, "%-16s %8s %10.3f\n", "total", "", all);
  }

 private:
  std::mutex mu_;
  std::map<std::string, std::pair<size_t, double>> rows_;
};

double thread_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

// Runs one pass, timing it when TS_TIME_PASSES is set.
bool timed(const char* name, PassFn fn, ir::Graph& g) {
  PassTimes* t = PassTimes::get();
  if (!t) return fn(g);
  double start = thread_seconds();
  bool changed = fn(g);
  t->add(name, thread_seconds() - start);
  return changed;
}

const std::vector<std::pair<std::string, PassFn>>& registry() {
  static const std::vector<std::pair<std::string, PassFn>> kPasses = {
      {"dce", &dce},         {"constprop", &constprop}, {"cse", &cse},   {"peephole", &peephole},
      {"unroll", &unroll},   {"inline", &inline_calls}, {"licm", &licm}, {"canonicalize", &canonicalize}};
  return kPasses;
}

// Runs the passes of one -O pipeline on one graph, skipping a pass that found nothing to do
// and has not seen the graph change since: every pass but inline (which reads its callees'
// graphs, and runs once) is a function of the graph alone and reports each change it makes, so
// it would find nothing again (Note [Scale] in README.md).
class Pipeline {
 public:
  explicit Pipeline(ir::Graph& g) : g_(g) {}

  bool run(const char* name, PassFn fn) {
    for (const auto& [f, at] : unchanged_since_)
      if (f == fn && at == version_) return false;
    bool changed = timed(name, fn, g_);
    if (changed) ++version_;
    else record(fn);
    return changed;
  }

  // Folding, rewriting and deleting until nothing changes (bounded: each round shrinks the
  // graph or leaves it as it was, but stay safe against ping-pong). A round walks the graph
  // once per pass: constprop and peephole alone repeat until they change nothing, which here
  // the loop does anyway.
  bool local_cleanups() {
    bool any = false;
    for (int round = 0; round < 32; ++round) {
      bool c = run("constprop_sweep", &constprop_sweep);
      c |= run("peephole_sweep", &peephole_sweep);
      c |= run("dce", &dce);
      if (!c) break;
      any = true;
    }
    return any;
  }

 private:
  void record(PassFn fn) {
    for (auto& [f, at] : unchanged_since_)
      if (f == fn) {
        at = version_;
        return;
      }
    unchanged_since_.emplace_back(fn, version_);
  }

  ir::Graph& g_;
  size_t version_ = 0;  // bumped by every pass that changed the graph
  std::vector<std::pair<PassFn, size_t>> unchanged_since_;  // a pass's last run that changed nothing
};

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
    timed(name.c_str(), fn, g);
  }
}

void run_passes(ir::Graph& g, int opt_level) {
  if (opt_level <= 0) return;
  Pipeline p(g);
  if (opt_level == 1) {
    p.local_cleanups();
    return;
  }
  p.run("inline", &inline_calls);
  p.local_cleanups();
  for (int round = 0; round < 4; ++round) {
    bool c = p.run("cse", &cse);
    c |= p.run("unroll", &unroll);
    c |= p.local_cleanups();
    if (!c) break;
  }
  if (p.run("licm", &licm)) p.local_cleanups();
  p.run("cse", &cse);
  p.run("dce", &dce);
  p.run("canonicalize", &canonicalize);
}

}  // namespace ts::passes
