// libFuzzer target for the Ts front end: parse (both parsers, compared), check, render
// diagnostics, emit IR, then verify and optimize (-O2) every emitted graph. Diagnostics and user errors are expected outcomes;
// crashes, sanitizer reports, internal errors, invalid IR and foreign exceptions are bugs.
#include <pthread.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <vector>

#include "frontend/compile.h"
#include "frontend/diagnostics.h"
#include "frontend/frontend.h"
#include "frontend/parse/parse.h"
#include "frontend/source.h"
#include "ir/ir.h"
#include "passes/passes.h"
#include "util/error.h"

namespace {

// The script's directory does not exist, so `import NAME` never reads a file: every run sees
// only its own input, whatever the fuzzer's working directory holds.
const std::string kScriptPath = "/nonexistent-ts-fuzz/fuzz.ts";

[[noreturn]] void bug(const char* stage, const std::string& what) {
  std::fprintf(stderr, "fuzz_frontend: BUG during %s: %s\n", stage, what.c_str());
  std::fflush(stderr);
  std::abort();
}

bool is_internal(const ts::Error& e) { return std::string(e.what()).starts_with("internal error"); }

void verify_or_die(const ts::ir::Function& f, const char* when) {
  auto problems = ts::ir::verify(*f.graph);
  if (problems.empty()) return;
  std::string msg = "invalid IR " + std::string(when) + " in " + f.qualname + ": " + problems.front();
  if (problems.size() > 1) msg += " (and " + std::to_string(problems.size() - 1) + " more)";
  bug("verify", msg);
}

}  // namespace

namespace {

// The recursive-descent parser accepts only what the generated one accepts without a word, and
// makes the same AST (src/frontend/README.md, Note [Parsing speed and depth]).
void compare_parsers(const std::string& text) {
  ts::frontend::SourceManager sm;
  ts::frontend::FileId id = sm.add(kScriptPath, text);
  auto direct = ts::frontend::parse_module_direct(sm, id);
  if (!direct) return;
  ts::frontend::Diagnostics diags;
  auto generated = ts::frontend::parse_module_generated(sm, id, diags);
  if (!generated || diags.error_count() != 0) bug("parse", "the recursive-descent parser accepts what the generated one rejects");
  if (ts::frontend::dump_ast(*direct, true) != ts::frontend::dump_ast(*generated, true))
    bug("parse", "the two parsers' ASTs differ");
}

void compile_one(const std::string& text) {
  compare_parsers(text);
  ts::frontend::SourceManager sm;
  ts::frontend::Diagnostics diags;
  std::unique_ptr<ts::ir::Program> prog;
  try {
    prog = ts::frontend::compile_program(kScriptPath, {}, sm, diags, &text);
  } catch (const ts::Error& e) {
    // The front end reports user mistakes as diagnostics; any escaping exception is a bug.
    bug(is_internal(e) ? "compile (internal error)" : "compile (escaped ts::Error)", e.what());
  } catch (const std::exception& e) {
    bug("compile (foreign exception)", e.what());
  }
  // Rendering walks every span against the source: out-of-range spans show up here.
  ts::frontend::RenderOptions opts;
  std::string rendered = ts::frontend::render_text(diags, sm, opts);
  if (!prog) {
    if (diags.error_count() == 0) bug("compile", "no program and no error diagnostics");
    return;
  }
  for (auto& f : prog->functions) {
    if (!f.graph) continue;
    verify_or_die(f, "after emit");
    try {
      ts::passes::run_passes(*f.graph, 2);
    } catch (const ts::Error& e) {
      // Passes never fold what would raise (1 // 0 stays a runtime error), so a graph the
      // emitter produced must optimize without any error; tsc --emit-ir would fail on it.
      bug(is_internal(e) ? "run_passes (internal error)" : "run_passes (ts::Error)", e.what());
    } catch (const std::exception& e) {
      bug("run_passes (foreign exception)", e.what());
    }
    verify_or_die(f, "after run_passes -O2");
    // What tsc --emit-ir prints: the printer walks every node and constant.
    std::string printed = ts::ir::to_string(f);
    (void)printed;
  }
}

// ASan at -O1 makes the recursive checker/emitter frames several times larger than in the -O3
// release build (a 2,400-level expression needs over 8 MiB here, 1-2 MiB in release tsc), so
// each input runs on a thread with 8x the default 8 MiB stack, about the headroom tsc has.
// TS_FUZZ_STACK_MB overrides it (run_short replays the regressions with 8).
size_t stack_bytes() {
  static const size_t bytes = [] {
    const char* v = std::getenv("TS_FUZZ_STACK_MB");
    size_t mb = v ? std::strtoul(v, nullptr, 10) : 0;
    return (mb ? mb : 64) << 20;
  }();
  return bytes;
}

void* run_thread(void* arg) {
  compile_one(*static_cast<const std::string*>(arg));
  return nullptr;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, stack_bytes());
  pthread_t thread;
  if (pthread_create(&thread, &attr, run_thread, &text) != 0) bug("setup", "pthread_create failed");
  pthread_join(thread, nullptr);
  pthread_attr_destroy(&attr);
  return 0;
}
