// Model archives: a script module saved as a zip of its Ts code, optimized IR, a JSON manifest
// and its tensors (torch.jit.save / torch.jit.load, tsc export, tsrun MODEL.pt, the C++ API).
// The format is described in src/archive/README.md.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ops/ivalue.h"

namespace ts::runtime {
class Interp;
}
namespace ts::ir {
struct Program;
}

namespace ts::archive {

// The format version this build writes; it reads versions 1..kFormatVersion.
constexpr int kFormatVersion = 1;

// Saves `root` (a script object of the program `I` runs) with everything it references.
void save(runtime::Interp& I, const IValue& root, const std::string& path);
// Same, with the program given directly (`main_path`: its main script, which names the archive's
// code module).
void save(const ir::Program& prog, const IValue& root, const std::string& path);

// Loads an archive: recompiles its code, rebuilds its objects and returns the root. The
// program stays loaded for the rest of the process (its objects' methods run its code).
// `map_location`: none or "cpu". `mmap`: tensors view the file's pages (copy-on-write)
// instead of being read into memory. `trusted`: its code may use files, processes and
// the network; otherwise only the archive allow-list (Note [Archive code has no I/O]).
IValue load(const std::string& path, const std::optional<std::string>& map_location = std::nullopt, bool mmap = false,
            bool trusted = false);

// The same from bytes in memory, never trusted (`name` names it in messages; the fuzz target uses it).
IValue load_from_bytes(std::string_view bytes, const std::string& name = "<bytes>");

// The optimized IR stored in an archive (tsc --emit-ir MODEL.pt).
std::string stored_ir(const std::string& path);

// True when `path` is a zip file (tsrun and tsc treat it as a model archive, not a script).
bool is_archive(const std::string& path);

// Calls method `name` of a loaded object (forward, ...) with positional arguments.
IValue call_method(const IValue& self, const std::string& name, std::vector<IValue> args);

}  // namespace ts::archive
