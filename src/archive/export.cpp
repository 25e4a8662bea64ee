// tsc export: build a module from a script (a class's constructor or a factory function), load
// weights into it when asked, and write its archive. The script is imported as a module, so its
// `if __name__ == "__main__":` block does not run.
#include <filesystem>
#include <nlohmann/json.hpp>

#include "archive/archive.h"
#include "archive/export.h"
#include "frontend/compile.h"
#include "passes/passes.h"
#include "runtime/interp.h"
#include "serialize/serialize.h"
#include "util/error.h"

namespace ts::archive {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

IValue from_json(const json& j, const ir::Type* want, const std::string& where) {
  if (j.is_null()) return IValue();
  if (j.is_boolean()) return IValue(j.get<bool>());
  if (j.is_number_integer()) {
    if (want && want->kind == ir::TypeKind::Float) return IValue(j.get<double>());
    return IValue(j.get<int64_t>());
  }
  if (j.is_number()) return IValue(j.get<double>());
  if (j.is_string()) return IValue(j.get<std::string>());
  if (j.is_array()) {
    const ir::Type* el = want && want->kind == ir::TypeKind::List ? want->args[0] : nullptr;
    std::vector<IValue> items;
    for (const auto& x : j) items.push_back(from_json(x, el, where));
    if (want && want->kind == ir::TypeKind::Tuple) return IValue::tuple(items);
    return IValue::list(items);
  }
  TS_ERROR("tsc export: ", where, ": a JSON object is not a value an argument can take here");
}

// Binds --args (a JSON list of positional arguments or an object of keyword arguments) to the
// parameters of `fn` (skipping `skip` leading ones: self).
std::vector<IValue> bind_args(const ir::Function& fn, const std::string& args_json, size_t skip) {
  json j = json::array();
  if (!args_json.empty()) {
    try {
      j = json::parse(args_json);
    } catch (const json::exception& e) {
      TS_ERROR("tsc export: --args is not valid JSON: ", e.what());
    }
  }
  TS_CHECK(j.is_array() || j.is_object(), "tsc export: --args must be a JSON list (positional) or object (keywords)");
  std::vector<IValue> out;
  size_t n = fn.params.size() - skip;
  if (j.is_array()) {
    TS_CHECK(j.size() <= n, "tsc export: ", fn.name, "() takes ", n, " arguments but --args gives ", j.size());
    for (size_t i = 0; i < j.size(); ++i) out.push_back(from_json(j[i], fn.params[skip + i].type, fn.params[skip + i].name));
  }
  for (size_t i = out.size(); i < n; ++i) {
    const ir::Param& p = fn.params[skip + i];
    if (j.is_object() && j.contains(p.name)) {
      out.push_back(from_json(j[p.name], p.type, p.name));
      continue;
    }
    TS_CHECK(p.has_default, "tsc export: ", fn.name, "() needs argument '", p.name, "' (give it in --args)");
    TS_CHECK(p.default_const, "tsc export: the default of ", fn.name, "()'s '", p.name,
             "' is not a literal; give it in --args");
    out.push_back(p.default_value);
  }
  if (j.is_object())
    for (const auto& [k, v] : j.items()) {
      bool known = false;
      for (size_t i = skip; i < fn.params.size(); ++i) known |= fn.params[i].name == k;
      TS_CHECK(known, "tsc export: ", fn.name, "() has no parameter '", k, "'");
    }
  return out;
}

}  // namespace

void export_module(const ExportOptions& o, const std::vector<std::string>& search_path) {
  TS_CHECK(o.class_name.empty() != o.factory.empty(), "tsc export: give exactly one of --class and --factory");
  std::error_code ec;
  TS_CHECK(fs::is_regular_file(o.script, ec), "tsc export: no script ", o.script);
  fs::path script(o.script);
  std::string stem = script.stem().string();
  bool ident = !stem.empty() && !std::isdigit(static_cast<unsigned char>(stem[0]));
  for (char c : stem) ident &= std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  TS_CHECK(ident, "tsc export: the script's name '", stem, "' is not a module name (letters, digits, _)");
  std::string loader = (script.parent_path() / "__export__.ts").string();
  std::map<std::string, std::string> files{{loader, "import " + stem + "\n"}};
  frontend::SourceManager sm;
  frontend::Diagnostics diags;
  auto prog = frontend::compile_program_files(loader, files, false, search_path, sm, diags);
  if (!prog) TS_ERROR(frontend::render_text(diags, sm, {}));
  for (auto& f : prog->functions) passes::run_passes(*f.graph, 2);
  runtime::RunOptions ro;
  ro.argv = {o.script};
  runtime::Interp I(*prog, ro);
  try {
    I.prepare();
    for (auto& u : prog->modules) {
      if (!u.init) continue;
      std::vector<IValue> none;
      I.call(*u.init, none);
    }
    IValue obj;
    if (!o.class_name.empty()) {
      const ir::ClassType* cls = nullptr;
      for (const auto& c : prog->classes)
        if (c.module == stem && c.name == o.class_name) cls = &c;
      TS_CHECK(cls, "tsc export: ", o.script, " defines no class ", o.class_name);
      obj = IValue(IValue::ObjectPtr(std::make_shared<runtime::ScriptObject>(cls)));
      if (const ir::Function* init = cls->method("__init__")) {
        std::vector<IValue> args = bind_args(*init, o.args_json, 1);
        I.call_method(obj, "__init__", args);
      }
    } else {
      ir::Function* fn = nullptr;
      for (auto& f : prog->functions)
        if (!f.owner && f.name == o.factory && f.loc.file && fs::weakly_canonical(f.loc.file->path, ec) == fs::weakly_canonical(script, ec)) fn = &f;
      TS_CHECK(fn, "tsc export: ", o.script, " defines no function ", o.factory);
      std::vector<IValue> args = bind_args(*fn, o.args_json, 0);
      obj = I.call(*fn, args);
    }
    TS_CHECK(obj.is_object() && dynamic_cast<runtime::ScriptObject*>(obj.object_ptr().get()),
             "tsc export: the ", o.class_name.empty() ? "factory" : "class", " gave a ", obj.type_name(), ", not a module");
    if (!o.weights.empty()) {
      IValue sd = serialize::load(o.weights);
      // A checkpoint that holds the state_dict under "model" or "state_dict" (the main job's).
      for (const char* k : {"model", "state_dict"})
        if (sd.is_dict())
          if (const IValue* inner = sd.dict_ptr()->find(IValue(k)); inner && inner->is_dict()) sd = *inner;
      TS_CHECK(sd.is_dict(), "tsc export: ", o.weights, " holds a ", sd.type_name(), ", not a state_dict");
      std::vector<IValue> args = {sd};
      I.call_method(obj, "load_state_dict", args);
    }
    if (o.eval) {
      std::vector<IValue> none;
      I.call_method(obj, "eval", none);
    }
    save(*prog, obj, o.out);
  } catch (const runtime::ScriptError& e) {
    TS_ERROR("tsc export: building the module raised:\n", runtime::format_traceback(e));
  }
}

}  // namespace ts::archive
