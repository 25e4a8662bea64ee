// Internal to src/archive.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "ir/ir.h"

namespace ts::runtime {
class Interp;
}
namespace ts::frontend {
class SourceManager;
class Diagnostics;
}

namespace ts::archive {

// One module of script code stored in an archive.
struct CodeFile {
  std::string module;  // "train", "pkg.layers"
  std::string path;    // under code/: "train.ts", "pkg/layers/__init__.ts"
  std::string text;
};

// The code the classes (module, name) need, from the user modules of `prog` (the standard
// library is never stored); the main script is stored as module `main_name`.
std::vector<CodeFile> extract_code(const ir::Program& prog, const std::set<std::pair<std::string, std::string>>& classes,
                                   const std::string& main_name);

// The program of a loaded archive that defines `cls` (null: not from an archive).
const ir::Program* loaded_program(const ir::ClassType* cls);

// A loaded archive's program and the interpreter whose globals its code uses. Kept for the rest
// of the process: its objects may outlive any handle (Note [Loaded programs stay loaded]).
struct Loaded {
  std::string path;
  std::string key;  // its code (the compile cache's key); empty: never shared
  std::unique_ptr<ir::Program> prog;
  std::unique_ptr<runtime::Interp> interp;
  ~Loaded();
};
// The loaded program compiled from `key`, or null.
Loaded* find_loaded(const std::string& key);
// Compiles `files` (the main script `main_path`; restricted unless `trusted`), optimizes it and
// runs its module-level code. Null when it does not compile (the errors are in `diags`); an
// exception in module code is an error naming the archive `path`. `compiled`, when given, sees
// the program before anything else does (a TorchScript archive's source positions are mapped).
std::unique_ptr<Loaded> compile_loaded(const std::string& path, const std::string& key, const std::string& main_path,
                                       const std::map<std::string, std::string>& files, bool trusted,
                                       frontend::SourceManager& sm, frontend::Diagnostics& diags,
                                       const std::function<void(ir::Program&)>& compiled = {});
// Keeps `l` for the rest of the process.
Loaded* keep_loaded(std::unique_ptr<Loaded> l);

// Limits a reader enforces before allocating (Note [Archive checks]).
constexpr size_t kMaxValueDepth = 1000;
constexpr uint64_t kMaxManifestBytes = uint64_t(1) << 30;
constexpr uint64_t kMaxCodeBytes = uint64_t(1) << 28;

}  // namespace ts::archive
