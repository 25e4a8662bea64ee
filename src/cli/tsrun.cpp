// tsrun: runs Ts scripts. The interpreter arrives with the language issues; until then tsrun
// says so and exits with status 2 rather than pretending to run anything.
#include <CLI/CLI.hpp>
#include <cstdio>

#include "ts_config.h"

int main(int argc, char** argv) {
  CLI::App app{"tsrun: run a Ts script"};
  std::string file;
  std::vector<std::string> args;
  bool version = false;
  app.add_flag("--version", version, "print the version");
  app.add_option("file", file, "script to run");
  app.add_option("args", args, "arguments for the script (sys.argv)");
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
  std::fprintf(stderr,
               "tsrun: cannot run '%s': this build has no script interpreter yet "
               "(the Ts front end and runtime are not implemented)\n",
               file.c_str());
  return 2;
}
