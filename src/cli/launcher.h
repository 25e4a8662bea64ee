// The launcher: `tsrun --nproc N [options] script.ts [args...]` runs the script in N processes
// (ranks) with the environment of a distributed run, prefixes their output with `[rankK]: `,
// stops the group when a rank fails and restarts it up to --max-restarts times. See README.md,
// "Launcher".
#pragma once

#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace tsrun {

struct LaunchOptions {
  int nproc = 0;  // ranks on this node; 0: not launching
  int nnodes = 1;
  int node_rank = 0;
  std::string master_addr = "127.0.0.1";
  int master_port = 0;  // 0: a free port on one node, 29500 on several
  int max_restarts = 0;
};

// Adds the launcher's options (group "Launcher") to tsrun's command line.
void add_launcher_options(CLI::App& app, LaunchOptions& o);

// Whether `arg`, one of tsrun's own arguments, is a launcher option (`--nproc` or `--nproc=4`);
// *value_follows says whether its value is the next argument.
bool is_launcher_option(const std::string& arg, bool* value_follows);

// Runs the ranks and returns the launcher's exit status. argv[1, own) are tsrun's own options
// (launcher options among them), argv[own, argc) the script and its arguments (or -c's
// arguments); `script` is the script's path, or empty with -c.
int launch(const LaunchOptions& o, int argc, char** argv, int own, const std::string& script);

}  // namespace tsrun
