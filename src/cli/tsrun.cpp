// tsrun: checks and runs a Ts script. Exit status 0 ok, 1 script error (diagnostics or an
// uncaught exception, with a traceback), 2 usage error.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <unistd.h>

#include "frontend/compile.h"
#include "passes/passes.h"
#include "runtime/runtime.h"
#include "tensor/random.h"
#include "ts_config.h"

int main(int argc, char** argv) {
  CLI::App app{"tsrun: run a Ts script"};
  std::string file;
  std::vector<std::string> args;
  bool version = false;
  app.add_flag("--version", version, "print the version");
  int opt_level = 2;
  app.add_option("-O", opt_level, "optimization level: 0 none, 1 local cleanups, 2 everything (default)")
      ->check(CLI::Range(0, 2));
  app.add_option("file", file, "script to run");
  app.add_option("args", args, "arguments for the script (sys.argv)");
  app.prefix_command(false);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int rc = app.exit(e);
    return rc == 0 ? 0 : 2;
  }
  if (version) {
    std::printf("tsrun %s\n", TS_VERSION);
    return 0;
  }
  if (file.empty()) {
    std::fprintf(stderr, "tsrun: no script given\n%s", app.help().c_str());
    return 2;
  }
  ts::frontend::SourceManager sm;
  ts::frontend::Diagnostics diags;
  auto prog = ts::frontend::compile_program(file, ts::frontend::tspath_from_env(), sm, diags);
  if (!prog) {
    ts::frontend::RenderOptions opts;
    opts.color = isatty(fileno(stderr)) && !std::getenv("NO_COLOR");
    std::fputs(ts::frontend::render_text(diags, sm, opts).c_str(), stderr);
    return 1;
  }
  ts::runtime::RunOptions ro;
  ro.argv.push_back(file);
  for (const auto& a : args) ro.argv.push_back(a);
  try {
    for (auto& f : prog->functions) ts::passes::run_passes(*f.graph, opt_level);
    ts::runtime::Runtime rt(*prog, ro);
    rt.run();
  } catch (const ts::runtime::ScriptError& e) {
    std::fflush(stdout);
    if (e.cls == "SystemExit") return std::atoi(e.msg.c_str());
    std::fputs(ts::runtime::format_traceback(e).c_str(), stderr);
    return 1;
  } catch (const ts::Error& e) {
    std::fflush(stdout);
    std::fprintf(stderr, "tsrun: %s\n", e.what());
    return 1;
  }
  std::fflush(stdout);
  return 0;
}
