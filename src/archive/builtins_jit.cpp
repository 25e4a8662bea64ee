// torch.jit for scripts: script() is the identity (everything is compiled already), save()
// and load() write and read model archives.
#include <filesystem>

#include "archive/archive.h"
#include "runtime/builtins.h"

namespace ts::runtime {
namespace {

IValue jit_script(Interp&, Args& a, const Kw& kw) { return arg(a, kw, 0, "obj", "script"); }

IValue jit_save(Interp& I, Args& a, const Kw& kw) {
  archive::save(I, arg(a, kw, 0, "m", "save"), path_arg(a, kw, 1, "f", "save"));
  return IValue();
}

IValue jit_load(Interp&, Args& a, const Kw& kw) {
  std::string p = path_arg(a, kw, 0, "f", "load");
  std::error_code ec;
  if (!std::filesystem::exists(p, ec)) raise("ValueError", "The provided filename " + p + " does not exist");
  std::optional<std::string> loc;
  const IValue* m = a.size() - kw.size() > 1 ? &a[1] : kwarg(a, kw, "map_location");
  if (m && m->is_string()) loc = m->to_string();
  else if (m && m->is_device()) loc = m->to_device().str();
  else if (m && !m->is_none()) raise("TypeError", "load(): map_location must be None, a str or a torch.device, not " + m->type_name());
  // _trusted=True (Ts only): the archive's code may use files (Note [Archive code has no I/O]).
  const IValue* t = kwarg(a, kw, "_trusted");
  if (t && !t->is_bool()) raise("TypeError", "load(): _trusted must be a bool, not " + t->type_name());
  return archive::load(p, loc, false, t && t->to_bool());
}

// Registered when this library loads, before any script runs.
const bool kRegistered = [] {
  static const std::map<std::string, BuiltinFn> table = {
      {"torch.jit.script", jit_script}, {"torch.jit.save", jit_save}, {"torch.jit.load", jit_load}};
  add_builtins(&table);
  return true;
}();

}  // namespace
}  // namespace ts::runtime
