// tsrun: checks and runs a Ts script. Exit status 0 ok, 1 script error (diagnostics or an
// uncaught exception, with a traceback), 2 usage error.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <fstream>
#include <set>
#include <thread>
#include <omp.h>
#include <sys/stat.h>
#include <unistd.h>

#include <new>

#include "autograd/mode.h"
#include "archive/archive.h"
#include "archive/export.h"
#include "frontend/compile.h"
#include "frontend/source.h"
#include "launcher.h"
#include "runtime/interrupt.h"
#include "runtime/runtime.h"
#include "tensor/cpu_capability.h"
#include "tensor/random.h"
#include "ts_config.h"

// Intra-op threads when neither --threads nor OMP_NUM_THREADS says: the physical cores (as
// PyTorch counts them), but one thread on machines with two logical CPUs or fewer. There a
// second intra-op thread competes with the interpreter's own thread (and data-loader workers);
// on the 2-vCPU machines this project runs on it made every measured workload slower (the MLP
// training step 2500 -> 1300 steps/s), and PyTorch 1.13 itself runs one thread there.
int default_threads() {
  unsigned logical = std::thread::hardware_concurrency();
  if (logical <= 2) return 1;
  std::set<std::pair<std::string, std::string>> cores;  // (package, core) of each online CPU
  for (unsigned c = 0; c < logical; ++c) {
    std::string base = "/sys/devices/system/cpu/cpu" + std::to_string(c) + "/topology/";
    std::ifstream pk(base + "physical_package_id"), co(base + "core_id");
    std::string p, k;
    if (!(pk >> p) || !(co >> k)) return int(logical);
    cores.insert({p, k});
  }
  return cores.empty() ? int(logical) : int(cores.size());
}

// Everything after the script (or after -c CODE) belongs to the script, options included:
// tsrun's own options come before it. `--` also ends tsrun's options. Returns where they end
// (past the `--`); *launching says whether a launcher option (launcher.h) is among them.
int own_options_end(int argc, char** argv, bool* launching) {
  int own = 1;
  *launching = false;
  while (own < argc) {
    std::string a = argv[own];
    if (a == "--") break;
    if (a.empty() || a[0] != '-' || a == "-") break;
    bool launcher_value = false;
    if (tsrun::is_launcher_option(a, &launcher_value)) *launching = true;
    bool takes_value = (a == "-O" || a == "--threads" || a == "--seed" || a == "-c" || launcher_value);
    own += takes_value ? 2 : 1;
    if (a == "-c") break;
  }
  if (own < argc && std::string(argv[own]) == "--") ++own;
  return own > argc ? argc : own;
}

int run_main(int argc, char** argv) {
  bool launching = false;
  int own = own_options_end(argc, argv, &launching);
  // OpenMP's default wait policy spins between parallel regions; when the cores are shared
  // (other processes, data-loader threads) the spinning threads take the CPU from the ones with
  // work and ops run several times slower. The policy is read when the OpenMP runtime loads, so
  // tsrun sets it and restarts itself once (unless the user chose one).
  // With one intra-op thread (the default on <= 2 logical CPUs) nothing spins: skip the restart
  // (7-11 ms) unless threads are asked for. The launcher runs none: its ranks decide for themselves.
  bool one_thread = default_threads() == 1 && (!std::getenv("OMP_NUM_THREADS") || std::string(std::getenv("OMP_NUM_THREADS")) == "1");
  for (int i = 1; i < argc && one_thread; ++i) one_thread = std::string(argv[i]).rfind("--threads", 0) != 0;
  if (!one_thread && !launching && !std::getenv("OMP_WAIT_POLICY") && !std::getenv("TS_NO_REEXEC")) {
    setenv("OMP_WAIT_POLICY", "PASSIVE", 1);
    setenv("TS_NO_REEXEC", "1", 1);
    execv("/proc/self/exe", argv);  // on failure, go on with the default policy
  }
  CLI::App app{"tsrun: check and run a Ts script"};
  std::string file, code;
  std::vector<std::string> args;
  bool version = false, anomaly = false, profile = false, trust_archive = false, unbuffered = false;
  int opt_level = 2, threads = 0;
  bool from_stream = false;
  int64_t seed = 0;
  app.add_flag("--version", version, "print the version");
  app.add_option("-O", opt_level, "optimization level: 0 none, 1 local cleanups, 2 everything (default)")
      ->check(CLI::Range(0, 2));
  app.add_option("--threads", threads, "threads for tensor operations (default: all cores)")->check(CLI::PositiveNumber);
  auto* seed_opt = app.add_option("--seed", seed, "seed torch's and the random module's generators");
  app.add_flag("--anomaly", anomaly, "autograd anomaly mode: NaN checks and forward tracebacks in backward errors");
  app.add_flag("--profile", profile, "print a table of time spent per op and builtin (stderr) at exit");
  app.add_flag("--trust-archive", trust_archive,
               "let a model archive's code use files, processes and the network (MODEL.pt you wrote)");
  app.add_option("-c", code, "run this program text instead of a file (the first argument is then sys.argv[1])");
  app.add_flag("-u", unbuffered, "unbuffered standard output: each print reaches it at once");
  app.add_option("file", file, "script to run");
  app.add_option("args", args, "arguments for the script (sys.argv[1:])");
  tsrun::LaunchOptions launch_opts;
  tsrun::add_launcher_options(app, launch_opts);
  app.prefix_command(false);
  std::vector<std::string> rest(argv + own, argv + argc);
  try {
    app.parse(own, argv);
  } catch (const CLI::ParseError& e) {
    int rc = app.exit(e);
    return rc == 0 ? 0 : 2;
  }
  // The CPU kernels' level (tensor/cpu_capability.h): a bad TS_CPU_CAPABILITY stops here, with
  // its error, before any script or model runs.
  const char* cpu_level = nullptr;
  try {
    cpu_level = ts::cpu_capability_name(ts::cpu_capability());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "tsrun: %s\n", e.what());
    return 2;
  }
  if (version) {
    std::printf("tsrun %s\nCPU kernels: %s (available here: %s; TS_CPU_CAPABILITY picks one)\n",
                TS_VERSION, cpu_level, ts::cpu_capabilities_available().c_str());
    return 0;
  }
  if (!code.empty()) {
    args = rest;
    file = "<string>";
  } else if (!rest.empty()) {
    file = rest[0];
    args.assign(rest.begin() + 1, rest.end());
  }
  if (file.empty()) {
    std::fprintf(stderr, "tsrun: no script given\n%s", app.help().c_str());
    return 2;
  }
  if (launching) return tsrun::launch(launch_opts, argc, argv, own, code.empty() ? file : std::string());
  if (unbuffered) std::setvbuf(stdout, nullptr, _IONBF, 0);
  if (threads > 0) {
    omp_set_num_threads(threads);
  } else if (!std::getenv("OMP_NUM_THREADS")) {
    omp_set_num_threads(default_threads());
  }
  if (*seed_opt) {
    ts::manual_seed(uint64_t(seed));
    ts::runtime::seed_python_random(seed);
  }
  if (anomaly) ts::autograd::set_anomaly_enabled(true);
  // A script that is not a regular file (a pipe, `-` for standard input) is read once, here: the
  // archive check below would consume what it peeks at.
  struct stat st {};
  if (code.empty() && (file == "-" || (stat(file.c_str(), &st) == 0 && !S_ISREG(st.st_mode)))) {
    std::string why;
    if (!ts::frontend::read_source(file, &code, &why)) {
      std::fprintf(stderr, "tsrun: cannot read `%s`: %s\n", file.c_str(), why.c_str());
      return 1;
    }
    if (code.rfind("PK\x03\x04", 0) == 0) {
      std::fprintf(stderr, "tsrun: `%s` holds a model archive, which must be a regular file to be read\n", file.c_str());
      return 1;
    }
    from_stream = true;
  }
  if (code.empty() && !from_stream && ts::archive::is_archive(file)) {
    // A model archive: run its forward (or --method) on .npy inputs.
    if (trust_archive) args.push_back("--trust-archive");
    try {
      return ts::archive::run_archive(file, args);
    } catch (const ts::Error& e) {
      std::fflush(stdout);
      std::fprintf(stderr, "tsrun: %s\n", e.what());
      return 1;
    }
  }
  if (trust_archive) {
    std::fprintf(stderr, "tsrun: --trust-archive is for a model archive (tsrun MODEL.pt); a script loads one as "
                         "trusted with torch.jit.load(f, _trusted=True)\n");
    return 2;
  }
  ts::frontend::SourceManager sm;
  ts::frontend::Diagnostics diags;
  auto prog = ts::frontend::compile_program(file, ts::frontend::tspath_from_env(), sm, diags,
                                            code.empty() && !from_stream ? nullptr : &code);
  if (!prog) {
    ts::frontend::RenderOptions opts;
    opts.color = isatty(fileno(stderr)) && !std::getenv("NO_COLOR");
    std::fputs(ts::frontend::render_text(diags, sm, opts).c_str(), stderr);
    return 1;
  }
  ts::runtime::RunOptions ro;
  ro.argv.push_back(code.empty() || from_stream ? file : "-c");
  for (const auto& a : args) ro.argv.push_back(a);
  ro.profile = profile;
  // The passes run on each function when it is first called: most of the imported standard
  // library never is, and optimizing all of it up front was about a quarter of the start-up time.
  ro.opt_level = opt_level;
  int rc = 0;
  std::unique_ptr<ts::runtime::Runtime> rt;
  try {
    rt = std::make_unique<ts::runtime::Runtime>(*prog, ro);
    ts::runtime::install_keyboard_interrupt();  // SIGINT: KeyboardInterrupt in the script
    rt->run();
  } catch (const ts::runtime::ScriptError& e) {
    std::fflush(stdout);
    if (e.cls == "SystemExit") {
      std::string message;
      rc = ts::runtime::exit_status(e, &message);
      if (!message.empty()) std::fprintf(stderr, "%s\n", message.c_str());
    } else {
      std::fputs(ts::runtime::format_traceback(e).c_str(), stderr);
      if (e.cls == "KeyboardInterrupt") ts::runtime::exit_by_sigint();  // as CPython: dies of SIGINT
      rc = 1;
    }
  } catch (const ts::Error& e) {
    std::fflush(stdout);
    std::fprintf(stderr, "tsrun: %s\n", e.what());
    rc = 1;
  }
  std::fflush(stdout);
  if (profile && rt) std::fputs(rt->profile_table().c_str(), stderr);
  // Freeing the program's graphs node by node took several ms at exit; the process is about
  // to end, so leave them (reachable from a static, so leak checkers do not count them).
  rt.reset();
  static ts::ir::Program* kept = nullptr;
  kept = prog.release();
  (void)kept;
  return rc;
}

// Every path out of tsrun catches running out of memory (a huge script, a runaway list) and
// says so with exit status 1, instead of aborting.
int main(int argc, char** argv) {
  try {
    return run_main(argc, argv);
  } catch (const std::bad_alloc&) {
    std::fflush(stdout);
    std::fputs("tsrun: out of memory\n", stderr);
    return 1;
  }
}
