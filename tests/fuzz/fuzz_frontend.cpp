// libFuzzer target for the Ts front end: parse, check, render diagnostics, emit IR, then verify
// and optimize (-O2) every emitted graph. Diagnostics and user errors are expected outcomes;
// crashes, sanitizer reports, internal errors, invalid IR and foreign exceptions are bugs.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <vector>

#include "frontend/compile.h"
#include "frontend/diagnostics.h"
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

// libts.so leaks one autograd Derivative while shape.cpp's op registrations run at load time
// (reported to the lead); it is not the front end's, and LSan would flag it on the first input.
extern "C" const char* __lsan_default_suppressions() { return "leak:ts::ops::make_derivative\n"; }
extern "C" const char* __lsan_default_options() { return "print_suppressions=0"; }

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
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
    return 0;
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
  }
  return 0;
}
