// Writing a model archive: walk the saved object's graph into a manifest, store each distinct
// storage once, the code its classes need and their optimized IR (README.md, "The format").
#include <cmath>
#include <functional>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>

#include "archive/archive.h"
#include "archive/internal.h"
#include "frontend/stdlib.h"
#include "runtime/interp.h"
#include "serialize/serialize.h"
#include "serialize/zip.h"
#include "ts_config.h"
#include "util/error.h"

namespace ts::archive {
namespace {

using json = nlohmann::ordered_json;
namespace fs = std::filesystem;

runtime::ScriptObject* script_object(const IValue& v) {
  return v.is_object() ? dynamic_cast<runtime::ScriptObject*>(v.object_ptr().get()) : nullptr;
}

struct StorageOut {
  const StorageImpl* impl;
  DType dtype;
};

class ManifestBuilder {
 public:
  json classes = json::array(), objects = json::array(), tensors = json::array();
  std::vector<StorageOut> storages;
  std::set<std::pair<std::string, std::string>> user_classes;  // (module, name)
  std::set<std::string> modules;                               // every module a class comes from
  std::vector<const ir::ClassType*> class_list;

  int object(runtime::ScriptObject* o, const std::string& where) {
    auto it = object_ids_.find(o);
    if (it != object_ids_.end()) return it->second;
    int id = int(objects.size());
    object_ids_[o] = id;
    objects.push_back(json::object());
    int cid = class_id(o->cls);
    json attrs = json::array();
    for (size_t i = 0; i < o->slots.size(); ++i) {
      const std::string& name = o->cls->attrs[i].first;
      attrs.push_back(value(o->slots[i], where + "." + name, 0));
    }
    objects[size_t(id)] = json{{"class", cid}, {"attrs", std::move(attrs)}};
    return id;
  }

 private:
  int class_id(const ir::ClassType* c) {
    auto it = class_ids_.find(c);
    if (it != class_ids_.end()) return it->second;
    TS_CHECK(!c->module.empty(), "cannot save the model: class ", c->name, " has no module");
    json attrs = json::array();
    for (const auto& [n, t] : c->attrs) attrs.push_back(json::array({n, t->str()}));
    int id = int(classes.size());
    classes.push_back(json{{"module", c->module}, {"name", c->name}, {"attrs", std::move(attrs)}});
    class_ids_[c] = id;
    class_list.push_back(c);
    modules.insert(c->module);
    // The user's classes and their bases need code in the archive; the stdlib's are built in.
    for (const ir::ClassType* b = c; b; b = b->base)
      if (!b->loc.file || !b->loc.file->path.starts_with(frontend::kStdlibPrefix)) user_classes.emplace(b->module, b->name);
    return id;
  }

  int tensor(const Tensor& t, const std::string& where) {
    auto it = tensor_ids_.find(t.impl());
    if (it != tensor_ids_.end()) return it->second;
    TS_CHECK(t.device().type == DeviceType::CPU, "cannot save the model: ", where, " is on ", t.device().str(),
             "; only CPU tensors can be saved");
    const StorageImpl* s = t.impl()->storage().get();
    auto sit = storage_ids_.find(s);
    int sid;
    if (sit == storage_ids_.end()) {
      sid = int(storages.size());
      storage_ids_[s] = sid;
      storages.push_back({s, t.dtype()});
    } else {
      sid = sit->second;
      TS_CHECK(storages[size_t(sid)].dtype == t.dtype(), "cannot save the model: ", where,
               " views a storage that another tensor views with a different dtype");
    }
    int id = int(tensors.size());
    tensor_ids_[t.impl()] = id;
    tensors.push_back(json{{"storage", sid},
                           {"dtype", dtype_name(t.dtype())},
                           {"shape", std::vector<int64_t>(t.sizes().begin(), t.sizes().end())},
                           {"strides", std::vector<int64_t>(t.strides().begin(), t.strides().end())},
                           {"offset", t.storage_offset()},
                           {"requires_grad", t.requires_grad()},
                           {"parameter", t.impl()->is_parameter}});
    return id;
  }

  json value(const IValue& v, const std::string& where, size_t depth) {
    TS_CHECK(depth < kMaxValueDepth, "cannot save the model: ", where, " nests containers more than ", kMaxValueDepth,
             " deep (or contains itself)");
    if (v.is_none()) return nullptr;
    if (v.is_bool()) return v.to_bool();
    if (v.is_int()) return v.to_int();
    if (v.is_double()) {
      double d = v.to_double();
      if (std::isnan(d)) return json{{"float", "nan"}};
      if (std::isinf(d)) return json{{"float", d > 0 ? "inf" : "-inf"}};
      return json{{"float", d}};
    }
    if (v.is_string()) return v.to_string();
    if (v.is_tensor()) {
      if (!v.to_tensor().defined()) return nullptr;
      return json{{"tensor", tensor(v.to_tensor(), where)}};
    }
    if (v.is_dtype()) return json{{"dtype", dtype_name(v.to_dtype())}};
    if (v.is_device()) return json{{"device", v.to_device().str()}};
    if (v.is_list() || v.is_tuple()) {
      json items = json::array();
      size_t i = 0;
      for (const auto& x : v.items()) items.push_back(value(x, where + "[" + std::to_string(i++) + "]", depth + 1));
      return json{{v.is_list() ? "list" : "tuple", std::move(items)}};
    }
    if (v.is_dict()) {
      json items = json::array();
      for (const auto& [k, x] : v.dict_ptr()->items) {
        std::string kw = k.is_string() ? "'" + k.to_string() + "'" : "key";
        items.push_back(json::array({value(k, where, depth + 1), value(x, where + "[" + kw + "]", depth + 1)}));
      }
      return json{{"dict", std::move(items)}};
    }
    if (runtime::ScriptObject* o = script_object(v)) return json{{"object", object(o, where)}};
    TS_ERROR("cannot save the model: ", where, " is a ", v.type_name(), ", which an archive cannot hold");
  }

  std::map<const void*, int> object_ids_, tensor_ids_, class_ids_, storage_ids_;
};

// The archive's name for the main script's module: its file name without .ts.
std::string main_module_name(const ir::Program& prog) {
  std::string stem = "main";
  for (const auto& u : prog.modules)
    if (u.name == "__main__") stem = fs::path(u.path).stem().string();
  std::string out;
  for (char c : stem) out += std::isalnum(static_cast<unsigned char>(c)) || c == '_' ? c : '_';
  if (out.empty() || std::isdigit(static_cast<unsigned char>(out[0]))) out = "m_" + out;
  for (const auto& u : prog.modules)
    if (u.name == out) out += "_main";
  return out;
}

// `print_fn`: a function's graph as it runs (tsrun optimizes functions when first called, so the
// interpreter optimizes the others before they are printed).
std::string ir_text(const std::vector<const ir::ClassType*>& classes,
                    const std::function<std::string(ir::Function&)>& print_fn) {
  std::string s;
  std::set<const ir::Function*> done;
  for (const ir::ClassType* c : classes)
    for (const auto& [n, f] : c->methods)
      if (f->owner == c && done.insert(f).second) s += print_fn(*f) + "\n";
  return s;
}

void save_impl(const ir::Program& prog, const IValue& root, const std::string& path,
               const std::function<std::string(ir::Function&)>& print_fn);

}  // namespace

void save(const ir::Program& prog, const IValue& root, const std::string& path) {
  save_impl(prog, root, path, [](ir::Function& f) { return ir::to_string(f); });
}

namespace {
void save_impl(const ir::Program& prog, const IValue& root, const std::string& path,
               const std::function<std::string(ir::Function&)>& print_fn) {
  runtime::ScriptObject* o = script_object(root);
  TS_CHECK_TYPE(o, "torch.jit.save: expected a module (an object of a script class), got ", root.type_name());
  ManifestBuilder mb;
  int root_id = mb.object(o, o->cls->name);
  std::string main_name = main_module_name(prog);
  std::vector<CodeFile> code = extract_code(prog, mb.user_classes, main_name);
  auto rename = [&](const std::string& m) { return m == "__main__" ? main_name : m; };
  for (auto& c : mb.classes) c["module"] = rename(c["module"].get<std::string>());
  json imports = json::array();
  for (const auto& m : mb.modules) imports.push_back(rename(m));

  std::string prefix = fs::path(path).stem().string();
  for (char& c : prefix)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-') c = '_';
  if (prefix.empty()) prefix = "archive";
  prefix += "/";

  serialize::AtomicFile f(path);
  serialize::ZipWriter z([&](const void* p, size_t n) { f.write(p, n); },
                         [&](uint64_t at, const void* p, size_t n) { f.patch(at, p, n); });
  std::string version = std::to_string(kFormatVersion) + "\n";
  z.add(prefix + "version", version.data(), version.size());
  json code_entries = json::array();
  for (const CodeFile& c : code) {
    z.add(prefix + "code/" + c.path, c.text.data(), c.text.size());
    code_entries.push_back(json{{"module", c.module}, {"entry", "code/" + c.path}});
  }
  std::string ir = ir_text(mb.class_list, print_fn);
  z.add(prefix + "ir/graphs.ir", ir.data(), ir.size());
  json storages = json::array();
  for (size_t i = 0; i < mb.storages.size(); ++i) {
    const StorageOut& s = mb.storages[i];
    std::string entry = "data/" + std::to_string(i);
    z.add(prefix + entry, s.impl->data(), s.impl->nbytes());
    storages.push_back(json{{"entry", entry},
                            {"dtype", dtype_name(s.dtype)},
                            {"numel", s.impl->nbytes() / element_size(s.dtype)},
                            {"data_offset", z.last_data_offset()}});
  }
  json manifest = {{"format", "ts-model-archive"},
                   {"version", kFormatVersion},
                   {"producer", std::string("tsc ") + TS_VERSION},
                   {"main", main_name},
                   {"imports", std::move(imports)},
                   {"code", std::move(code_entries)},
                   {"ir", "ir/graphs.ir"},
                   {"root", root_id},
                   {"classes", std::move(mb.classes)},
                   {"objects", std::move(mb.objects)},
                   {"tensors", std::move(mb.tensors)},
                   {"storages", std::move(storages)}};
  std::string text;
  try {
    text = manifest.dump(1);
  } catch (const nlohmann::json::exception& e) {
    TS_ERROR("cannot save the model: a string in it is not valid UTF-8 (", e.what(), ")");
  }
  z.add(prefix + "manifest.json", text.data(), text.size());
  z.finish();
  f.commit();
}
}  // namespace

void save(runtime::Interp& I, const IValue& root, const std::string& path) {
  // A module loaded from an archive is saved from the code of its own program.
  runtime::ScriptObject* o = script_object(root);
  const ir::Program* p = o ? loaded_program(o->cls) : nullptr;
  if (p) return save(*p, root, path);  // loading optimized its graphs up front
  save_impl(I.prog, root, path, [&I](ir::Function& f) { return I.optimized_ir(f); });
}

}  // namespace ts::archive
