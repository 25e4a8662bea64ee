// Internal to src/archive.
#pragma once

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "ir/ir.h"

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

// Limits a reader enforces before allocating (Note [Archive checks]).
constexpr size_t kMaxValueDepth = 1000;
constexpr uint64_t kMaxManifestBytes = uint64_t(1) << 30;
constexpr uint64_t kMaxCodeBytes = uint64_t(1) << 28;

}  // namespace ts::archive
