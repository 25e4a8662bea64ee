// tsc: the compiler front. `tsc check FILE...` type-checks scripts (the front end in
// src/frontend), `tsc export` writes model archives (src/archive), --emit-ir, --list-ops.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <new>
#include <unistd.h>

#include "archive/archive.h"
#include "archive/export.h"
#include "frontend/compile.h"
#include "frontend/frontend.h"
#include "ops/registry.h"
#include "passes/passes.h"
#include "ts_config.h"

int run_main(int argc, char** argv) {
  // The front end allocates a few hundred MB for a large script (parse tree, AST, types), and on
  // a VM every first touch of a 4 KB page is an expensive fault (~45% of `tsc check` of a
  // 20,000-line script here). glibc's malloc asks for transparent huge pages when told by
  // GLIBC_TUNABLES, which is read at start-up: set it and restart once (unless the user set
  // tunables). 1.07 s -> 0.79 s for that script.
  if (!std::getenv("GLIBC_TUNABLES") && !std::getenv("TS_NO_REEXEC")) {
    setenv("GLIBC_TUNABLES", "glibc.malloc.hugetlb=1", 1);
    setenv("TS_NO_REEXEC", "1", 1);
    execv("/proc/self/exe", argv);  // on failure, go on as is
  }
  CLI::App app{"tsc: type-check, inspect and export Ts scripts"};
  bool list_ops = false, version = false;
  app.add_flag("--list-ops", list_ops, "print every registered operator schema, one a line");
  app.add_flag("--version", version, "print the version");
  auto* check = app.add_subcommand("check", "parse and type-check scripts and what they import");
  std::vector<std::string> files;
  std::string error_format = "text", color = "auto";
  size_t max_errors = 50;
  check->add_option("FILE", files, "scripts to check")->required();
  check->add_option("--error-format", error_format, "text or json")->check(CLI::IsMember({"text", "json"}));
  check->add_option("--color", color, "auto, always or never")->check(CLI::IsMember({"auto", "always", "never"}));
  check->add_option("--max-errors", max_errors, "show at most this many diagnostics (default 50)");
  bool strict = false;
  check->add_flag("--strict", strict, "warnings are errors (an Optional value used without a None check)");
  std::string emit_file, fn_name, tokens_file, ast_file;
  app.add_option("--emit-tokens", tokens_file, "print the lexer's tokens of a script (debugging)");
  app.add_option("--emit-ast", ast_file, "print the syntax tree of a script (debugging)");
  app.add_option("--emit-ir", emit_file, "print the IR graphs of a script (after -O passes)");
  app.add_option("--fn", fn_name, "with --emit-ir: only this function (name or qualified name)");
  int opt_level = 2;
  std::string pass_list;
  app.add_option("-O", opt_level, "optimization level: 0 none, 1 local cleanups, 2 everything (default)")
      ->check(CLI::Range(0, 2));
  app.add_option("--passes", pass_list, "with --emit-ir: run exactly these passes (comma-separated) instead of -O");
  auto* exp = app.add_subcommand("export", "build a module from a script and write its model archive");
  ts::archive::ExportOptions eo;
  exp->add_option("FILE", eo.script, "the script that defines the module")->required();
  exp->add_option("--class", eo.class_name, "construct this class");
  exp->add_option("--factory", eo.factory, "call this function, which returns the module");
  exp->add_option("--args", eo.args_json, "the constructor's or factory's arguments: a JSON list or object");
  exp->add_option("--weights", eo.weights, "load this state_dict (torch.save file; a checkpoint's \"model\" entry) first");
  exp->add_flag("--eval", eo.eval, "switch the module to eval mode before saving");
  exp->add_option("-o,--output", eo.out, "the archive to write")->required();
  app.require_subcommand(0, 1);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int rc = app.exit(e);
    return rc == 0 ? 0 : 2;
  }
  if (version) {
    std::printf("tsc %s\n", TS_VERSION);
    return 0;
  }
  if (list_ops) {
    auto ops = ts::ops::Registry::get().all();
    std::vector<std::string> lines;
    for (const auto* op : ops) lines.push_back(op->schema.str());
    std::sort(lines.begin(), lines.end());
    for (const auto& l : lines) std::printf("%s\n", l.c_str());
    return 0;
  }
  std::vector<std::string> search_path = ts::frontend::tspath_from_env();
  auto render = [&](const ts::frontend::Diagnostics& diags, const ts::frontend::SourceManager& sm) {
    ts::frontend::RenderOptions opts;
    opts.max_errors = max_errors;
    opts.color = color == "always" || (color == "auto" && isatty(fileno(stderr)) && !std::getenv("NO_COLOR"));
    std::fputs(ts::frontend::render_text(diags, sm, opts).c_str(), stderr);
  };
  if (!tokens_file.empty() || !ast_file.empty()) {
    ts::frontend::SourceManager sm;
    ts::frontend::Diagnostics diags;
    std::string text = tokens_file.empty() ? ts::frontend::emit_ast(ast_file, sm, diags)
                                           : ts::frontend::emit_tokens(tokens_file, sm, diags);
    if (diags.error_count() > 0) {
      render(diags, sm);
      return 1;
    }
    std::fputs(text.c_str(), stdout);
    return 0;
  }
  if (exp->parsed()) {
    try {
      ts::archive::export_module(eo, search_path);
    } catch (const ts::Error& e) {
      std::fprintf(stderr, "%s\n", e.what());
      return 1;
    }
    std::printf("wrote %s\n", eo.out.c_str());
    return 0;
  }
  if (!emit_file.empty() && ts::archive::is_archive(emit_file)) {
    // A model archive: the optimized graphs stored in it.
    try {
      std::fputs(ts::archive::stored_ir(emit_file).c_str(), stdout);
    } catch (const ts::Error& e) {
      std::fprintf(stderr, "tsc: %s\n", e.what());
      return 1;
    }
    return 0;
  }
  if (!emit_file.empty()) {
    ts::frontend::SourceManager sm;
    ts::frontend::Diagnostics diags;
    auto prog = ts::frontend::compile_program(emit_file, search_path, sm, diags);
    if (!prog) {
      render(diags, sm);
      return 1;
    }
    try {
      std::vector<std::string> names;
      for (size_t b = 0; b < pass_list.size();) {
        size_t e = pass_list.find(',', b);
        if (e == std::string::npos) e = pass_list.size();
        if (e > b) names.push_back(pass_list.substr(b, e - b));
        b = e + 1;
      }
      for (auto& f : prog->functions) {
        if (pass_list.empty()) ts::passes::run_passes(*f.graph, opt_level);
        else ts::passes::run_pass_list(*f.graph, names);
      }
    } catch (const ts::Error& e) {
      std::fprintf(stderr, "tsc: %s\n", e.what());
      return 2;
    }
    bool found = false;
    for (const auto& f : prog->functions) {
      if (!fn_name.empty() && f.name != fn_name && f.qualname != fn_name) continue;
      found = true;
      std::fputs(ts::ir::to_string(f).c_str(), stdout);
    }
    if (!found) {
      std::fprintf(stderr, "tsc: no function named '%s' in %s\n", fn_name.c_str(), emit_file.c_str());
      return 2;
    }
    return 0;
  }
  if (check->parsed()) {
    ts::frontend::SourceManager sm;
    ts::frontend::Diagnostics diags;
    diags.set_warnings_as_errors(strict);
    ts::frontend::check_scripts(files, search_path, sm, diags);
    ts::frontend::RenderOptions opts;
    opts.max_errors = max_errors;
    opts.color = color == "always" || (color == "auto" && isatty(fileno(stderr)) && !std::getenv("NO_COLOR"));
    if (error_format == "json") {
      opts.color = false;
      std::fputs(ts::frontend::render_json(diags, sm, opts).c_str(), stdout);
    } else {
      std::fputs(ts::frontend::render_text(diags, sm, opts).c_str(), stderr);
    }
    return diags.error_count() > 0 ? 1 : 0;
  }
  std::cerr << app.help();
  return 2;
}

// Every path out of tsc catches running out of memory (a huge script) and says so with exit
// status 1, instead of aborting.
int main(int argc, char** argv) {
  try {
    return run_main(argc, argv);
  } catch (const std::bad_alloc&) {
    std::fflush(stdout);
    std::fputs("tsc: out of memory\n", stderr);
    return 1;
  }
}
