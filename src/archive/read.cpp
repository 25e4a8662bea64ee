// Reading a model archive: check everything an archive from someone else could get wrong before
// allocating (README.md, Note [Archive checks]), recompile its code, rebuild its objects.
#include <sys/mman.h>
#include <sys/stat.h>
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>

#include "archive/archive.h"
#include "archive/internal.h"
#include "archive/torchscript.h"
#include "frontend/compile.h"
#include "passes/passes.h"
#include "runtime/interp.h"
#include "serialize/zip.h"
#include "util/error.h"

namespace ts::archive {
namespace {

using json = nlohmann::json;

std::mutex g_mu;
std::vector<std::unique_ptr<Loaded>> g_loaded;

// Standard-library modules that were split, each with the modules that took its classes over
// (Note [Retired standard-library modules]).
const std::map<std::string, std::vector<std::string>>& retired_modules() {
  static const std::map<std::string, std::vector<std::string>> m = {
      {"torch.nn.layers",
       {"torch.nn.linear", "torch.nn.flatten", "torch.nn.conv", "torch.nn.pooling", "torch.nn.normalization",
        "torch.nn.dropout", "torch.nn.activation"}},
      {"torch.nn.layers_extra",
       {"torch.nn.embedding", "torch.nn.conv", "torch.nn.pooling", "torch.nn.padding", "torch.nn.dropout",
        "torch.nn.distance", "torch.nn.normalization", "torch.nn.activation"}},
  };
  return m;
}

[[noreturn]] void bad(const std::string& path, const std::string& what) {
  TS_ERROR("cannot load model archive ", path, ": ", what);
}

class Reader {
 public:
  Reader(std::string path, const serialize::ZipReader& z) : path_(std::move(path)), z_(z), pre_(z.prefix() + "/") {}

  [[noreturn]] void fail(const std::string& what) const { bad(path_, what); }

  std::string entry_text(const std::string& name, uint64_t limit) const {
    if (!z_.has(pre_ + name)) fail("it has no entry " + name);
    if (z_.size(pre_ + name) > limit) fail("entry " + name + " is larger than " + std::to_string(limit) + " bytes");
    return z_.read_string(pre_ + name);
  }

  void check_version() const {
    if (!z_.has(pre_ + "manifest.json")) {
      // Not one of ours: say what it is (PyTorch TorchScript archives go to torchscript_read.cpp).
      if (z_.has(pre_ + "data.pkl"))
        fail("it is a file written by torch.save (data.pkl without code): load it with torch.load");
      fail("it has no manifest.json: it is neither a tsc model archive nor a TorchScript archive written by PyTorch");
    }
    std::string v = entry_text("version", 16);
    while (!v.empty() && (v.back() == '\n' || v.back() == '\r')) v.pop_back();
    if (v.empty() || v.size() > 6 || v.find_first_not_of("0123456789") != std::string::npos)
      fail("its version record '" + v.substr(0, 16) + "' is not a number");
    int n = std::stoi(v);
    if (n < 1 || n > kFormatVersion)
      fail("it has format version " + v + "; this build reads versions 1 to " + std::to_string(kFormatVersion) +
           " (a newer tsc wrote it)");
  }

  json manifest() const {
    std::string text = entry_text("manifest.json", kMaxManifestBytes);
    json j;
    try {
      j = json::parse(text, [&](int depth, json::parse_event_t, json&) {
        if (depth > int(kMaxValueDepth) + 8) fail("manifest.json nests deeper than " + std::to_string(kMaxValueDepth));
        return true;
      });
    } catch (const json::exception& e) {
      fail(std::string("manifest.json is not valid JSON: ") + e.what());
    }
    if (!j.is_object() || !j.contains("format") || j["format"] != "ts-model-archive")
      fail("manifest.json is not a model archive manifest");
    return j;
  }

  // Field accessors that name what is missing or of the wrong kind.
  const json& field(const json& j, const char* key, const std::string& where) const {
    if (!j.is_object() || !j.contains(key)) fail("manifest " + where + " has no '" + key + "'");
    return j[key];
  }
  int64_t integer(const json& j, const char* key, const std::string& where, int64_t lo, int64_t hi) const {
    const json& v = field(j, key, where);
    if (!v.is_number_integer()) fail("manifest " + where + "." + key + " is not an integer");
    int64_t x = v.is_number_unsigned() && v.get<uint64_t>() > uint64_t(INT64_MAX) ? -1 : v.get<int64_t>();
    if (x < lo || x > hi) fail("manifest " + where + "." + key + " = " + v.dump() + " is out of range");
    return x;
  }
  std::string string(const json& j, const char* key, const std::string& where) const {
    const json& v = field(j, key, where);
    if (!v.is_string()) fail("manifest " + where + "." + key + " is not a string");
    return v.get<std::string>();
  }
  const json& array(const json& j, const char* key, const std::string& where) const {
    const json& v = field(j, key, where);
    if (!v.is_array()) fail("manifest " + where + "." + key + " is not a list");
    return v;
  }
  DType dtype(const std::string& s, const std::string& where) const {
    auto d = dtype_from_name(s);
    if (!d) fail("manifest " + where + " has unknown dtype '" + s + "'");
    return *d;
  }

  const std::string path_;
  const serialize::ZipReader& z_;
  const std::string pre_;
};


// Manifest values to script values, each checked against the attribute's declared type so the
// interpreter never meets a value its code was not compiled for.
struct ValueReader {
  const Reader& r;
  const std::vector<Tensor>& tensors;
  const std::vector<std::shared_ptr<runtime::ScriptObject>>& objects;

  [[noreturn]] void wrong(const std::string& where, const ir::Type* t) const {
    r.fail("manifest " + where + " does not hold a " + t->str());
  }

  IValue value(const json& j, const ir::Type* t, const std::string& where, size_t depth) const {
    using K = ir::TypeKind;
    if (depth > kMaxValueDepth) r.fail("manifest " + where + " nests deeper than " + std::to_string(kMaxValueDepth));
    if (t->kind == K::Optional) {
      if (j.is_null()) return IValue();
      return value(j, t->args[0], where, depth);
    }
    if (t->kind == K::Any) return any(j, where, depth);
    switch (t->kind) {
      case K::None:
        if (!j.is_null()) wrong(where, t);
        return IValue();
      case K::Bool:
        if (!j.is_boolean()) wrong(where, t);
        return IValue(j.get<bool>());
      case K::Int:
        if (!j.is_number_integer() || (j.is_number_unsigned() && j.get<uint64_t>() > uint64_t(INT64_MAX))) wrong(where, t);
        return IValue(j.get<int64_t>());
      case K::Float: {
        IValue v = any(j, where, depth);
        if (v.is_int()) return IValue(double(v.to_int()));
        if (!v.is_double()) wrong(where, t);
        return v;
      }
      case K::Number: {
        IValue v = any(j, where, depth);
        if (!v.is_int() && !v.is_double()) wrong(where, t);
        return v;
      }
      case K::Str:
        if (!j.is_string()) wrong(where, t);
        return IValue(j.get<std::string>());
      case K::Tensor: {
        IValue v = any(j, where, depth);
        if (!v.is_tensor()) wrong(where, t);
        return v;
      }
      case K::Device:
      case K::DType: {
        IValue v = any(j, where, depth);
        if (t->kind == K::Device ? !v.is_device() : !v.is_dtype()) wrong(where, t);
        return v;
      }
      case K::List:
      case K::Tuple: {
        const char* key = t->kind == K::List ? "list" : "tuple";
        if (!j.is_object() || j.size() != 1 || !j.contains(key) || !j[key].is_array()) wrong(where, t);
        const json& a = j[key];
        if (t->kind == K::Tuple && a.size() != t->args.size()) wrong(where, t);
        std::vector<IValue> items;
        for (size_t i = 0; i < a.size(); ++i)
          items.push_back(value(a[i], t->kind == K::List ? t->args[0] : t->args[i], where + "[" + std::to_string(i) + "]", depth + 1));
        return t->kind == K::List ? IValue::list(std::move(items)) : IValue::tuple(std::move(items));
      }
      case K::Dict: {
        if (!j.is_object() || j.size() != 1 || !j.contains("dict") || !j["dict"].is_array()) wrong(where, t);
        IValue d = IValue::dict();
        for (const json& kv : j["dict"]) {
          if (!kv.is_array() || kv.size() != 2) wrong(where, t);
          IValue k = value(kv[0], t->args[0], where + " key", depth + 1);
          if (k.is_list() || k.is_dict()) wrong(where, t);
          d.dict_ptr()->set(k, value(kv[1], t->args[1], where + "[]", depth + 1));
        }
        return d;
      }
      case K::Class: {
        IValue v = any(j, where, depth);
        auto* o = v.is_object() ? dynamic_cast<runtime::ScriptObject*>(v.object_ptr().get()) : nullptr;
        if (!o || !o->cls->derives_from(t->cls)) wrong(where, t);
        return v;
      }
      default: wrong(where, t);
    }
  }

  // A value of no declared type (Any, or the checks above): by its tag alone.
  IValue any(const json& j, const std::string& where, size_t depth) const {
    if (depth > kMaxValueDepth) r.fail("manifest " + where + " nests deeper than " + std::to_string(kMaxValueDepth));
    if (j.is_null()) return IValue();
    if (j.is_boolean()) return IValue(j.get<bool>());
    if (j.is_number_integer()) {
      if (j.is_number_unsigned() && j.get<uint64_t>() > uint64_t(INT64_MAX)) r.fail("manifest " + where + ": integer out of range");
      return IValue(j.get<int64_t>());
    }
    if (j.is_string()) return IValue(j.get<std::string>());
    if (!j.is_object() || j.size() != 1) r.fail("manifest " + where + " is not a value");
    const std::string& tag = j.begin().key();
    const json& x = j.begin().value();
    if (tag == "float") {
      if (x.is_number()) return IValue(x.get<double>());
      if (x == "nan") return IValue(std::nan(""));
      if (x == "inf") return IValue(HUGE_VAL);
      if (x == "-inf") return IValue(-HUGE_VAL);
    } else if (tag == "tensor" && x.is_number_integer() && x.get<int64_t>() >= 0 && x.get<uint64_t>() < tensors.size()) {
      return IValue(tensors[x.get<size_t>()]);
    } else if (tag == "object" && x.is_number_integer() && x.get<int64_t>() >= 0 && x.get<uint64_t>() < objects.size()) {
      return IValue(IValue::ObjectPtr(objects[x.get<size_t>()]));
    } else if (tag == "dtype" && x.is_string()) {
      if (auto d = dtype_from_name(x.get<std::string>())) return IValue(*d);
    } else if (tag == "device" && x.is_string()) {
      if (x == "cpu") return IValue(Device{});
      r.fail("manifest " + where + ": device '" + x.get<std::string>().substr(0, 40) + "' is not available (only cpu is)");
    } else if ((tag == "list" || tag == "tuple") && x.is_array()) {
      std::vector<IValue> items;
      for (size_t i = 0; i < x.size(); ++i) items.push_back(any(x[i], where + "[" + std::to_string(i) + "]", depth + 1));
      return tag == "list" ? IValue::list(std::move(items)) : IValue::tuple(std::move(items));
    } else if (tag == "dict" && x.is_array()) {
      IValue d = IValue::dict();
      for (const json& kv : x) {
        if (!kv.is_array() || kv.size() != 2) r.fail("manifest " + where + ": a dict item is not a [key, value] pair");
        IValue k = any(kv[0], where + " key", depth + 1);
        if (k.is_list() || k.is_dict() || k.is_tensor() || k.is_object()) r.fail("manifest " + where + ": unhashable dict key");
        d.dict_ptr()->set(k, any(kv[1], where + "[]", depth + 1));
      }
      return d;
    }
    r.fail("manifest " + where + " is not a value");
  }
};

bool dotted_name(const std::string& s) {
  if (s.empty() || s.size() > 200) return false;
  bool start = true;
  for (char c : s) {
    if (c == '.') {
      if (start) return false;
      start = true;
      continue;
    }
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_') || (start && std::isdigit(static_cast<unsigned char>(c))))
      return false;
    start = false;
  }
  return !start;
}

// Memory-maps the archive file read-only with private (copy-on-write) pages; the mapping lives
// as long as any storage using it.
struct Mapping {
  void* base = nullptr;
  size_t size = 0;
  ~Mapping() {
    if (base) munmap(base, size);
  }
};

std::shared_ptr<Mapping> map_file(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  TS_CHECK(fd >= 0, "cannot open ", path, " to map it: ", std::strerror(errno));
  struct stat st;
  if (fstat(fd, &st) != 0 || st.st_size <= 0) {
    ::close(fd);
    TS_ERROR("cannot map ", path, ": it is empty or unreadable");
  }
  auto m = std::make_shared<Mapping>();
  m->size = size_t(st.st_size);
  void* p = mmap(nullptr, m->size, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
  ::close(fd);
  TS_CHECK(p != MAP_FAILED, "cannot map ", path, ": ", std::strerror(errno));
  m->base = p;
  return m;
}

}  // namespace

namespace {
// `path` names the archive in messages and in its code's file names; with `mmap`, it is the file
// whose pages the storages map.
IValue load_zip(std::unique_ptr<serialize::ZipReader> zr, const std::string& path, const std::optional<std::string>& map_location,
                bool mmap, bool trusted) {
  if (map_location && *map_location != "cpu")
    bad(path, "map_location '" + *map_location + "' is not available (only 'cpu' is)");
  if (torchscript::is_torchscript(*zr)) {
    if (mmap) bad(path, "--mmap is not supported for TorchScript archives written by PyTorch");
    return torchscript::load(*zr, path, trusted);
  }
  Reader r(path, *zr);
  r.check_version();
  json m = r.manifest();

  // ---- code: every module the manifest names, compiled from the archive alone ----
  std::map<std::string, std::string> files;
  std::string root_dir = path + "/code/";
  for (const json& c : r.array(m, "code", "")) {
    std::string mod = r.string(c, "module", "code[]"), entry = r.string(c, "entry", "code[]");
    if (!dotted_name(mod)) r.fail("manifest code module '" + mod.substr(0, 100) + "' is not a module name");
    std::string rel = mod;
    std::replace(rel.begin(), rel.end(), '.', '/');
    if (entry != "code/" + rel + ".ts" && entry != "code/" + rel + "/__init__.ts")
      r.fail("manifest code entry " + entry.substr(0, 200) + " does not hold module " + mod);
    files[path + "/" + entry] = r.entry_text(entry, kMaxCodeBytes);
  }
  std::string loader = "# The modules of " + path + "'s classes.\n";
  for (const json& i : r.array(m, "imports", "")) {
    if (!i.is_string() || !dotted_name(i.get<std::string>())) r.fail("manifest imports holds something that is not a module name");
    auto retired = retired_modules().find(i.get<std::string>());
    if (retired == retired_modules().end()) {
      loader += "import " + i.get<std::string>() + "\n";
      continue;
    }
    for (const std::string& now : retired->second) loader += "import " + now + "\n";
  }
  std::string loader_path = root_dir + "__archive__.ts";
  files[loader_path] = loader;
  // Archives with the same code share one program, as Python imports a module once
  // (Note [Loaded programs stay loaded]).
  std::string key = std::string(trusted ? "trusted" : "restricted") + '\0' + loader;
  for (const auto& [p, text] : files)
    if (p != loader_path) key += std::string(1, '\0') + p.substr(path.size()) + std::string(1, '\0') + text;
  Loaded* L = find_loaded(key);
  std::unique_ptr<Loaded> fresh;
  if (!L) {
    frontend::SourceManager sm;
    frontend::Diagnostics diags;
    fresh = compile_loaded(path, key, loader_path, files, trusted, sm, diags);
    if (!fresh) {
      bool refused = false;  // Note [Archive code has no I/O]
      for (const auto& d : diags.all()) refused |= d.message.starts_with("archive code may not");
      r.fail(std::string(refused ? "its code does what code in an archive may not (the archive is not trusted)"
                                 : "its code does not compile here") +
             ":\n" + frontend::render_text(diags, sm, {}));
    }
    L = fresh.get();
  }

  // ---- classes: the manifest's must be the code's, attribute for attribute ----
  std::vector<const ir::ClassType*> classes;
  for (const json& c : r.array(m, "classes", "")) {
    std::string mod = r.string(c, "module", "classes[]"), name = r.string(c, "name", "classes[]");
    const ir::ClassType* found = nullptr;
    auto retired = retired_modules().find(mod);
    for (const auto& ct : L->prog->classes) {
      bool in_mod = ct.module == mod;
      if (retired != retired_modules().end())
        in_mod = std::find(retired->second.begin(), retired->second.end(), ct.module) != retired->second.end();
      if (in_mod && ct.name == name) found = &ct;
    }
    if (!found) r.fail("its code defines no class " + name.substr(0, 100) + " in module " + mod.substr(0, 100));
    const json& attrs = r.array(c, "attrs", "class " + name);
    bool same = attrs.size() == found->attrs.size();
    for (size_t i = 0; same && i < attrs.size(); ++i)
      same = attrs[i].is_array() && attrs[i].size() == 2 && attrs[i][0] == found->attrs[i].first &&
             attrs[i][1] == found->attrs[i].second->str();
    if (!same) r.fail("the manifest's attributes of class " + name + " disagree with the class in its code");
    classes.push_back(found);
  }

  // ---- storages: sizes checked against the entries before anything is allocated ----
  struct StorageIn {
    std::string entry;
    DType dtype;
    int64_t numel;
    uint64_t nbytes, offset;
  };
  std::vector<StorageIn> sins;
  for (const json& s : r.array(m, "storages", "")) {
    std::string where = "storages[" + std::to_string(sins.size()) + "]";
    StorageIn in;
    in.entry = r.string(s, "entry", where);
    in.dtype = r.dtype(r.string(s, "dtype", where), where);
    in.numel = r.integer(s, "numel", where, 0, INT64_MAX);
    in.offset = uint64_t(r.integer(s, "data_offset", where, 0, INT64_MAX));
    if (!in.entry.starts_with("data/") || !zr->has(zr->prefix() + "/" + in.entry))
      r.fail("manifest " + where + " names entry '" + in.entry.substr(0, 100) + "', which the archive does not hold");
    if (__builtin_mul_overflow(uint64_t(in.numel), uint64_t(element_size(in.dtype)), &in.nbytes) ||
        in.nbytes != zr->size(zr->prefix() + "/" + in.entry))
      r.fail("entry " + in.entry + " holds " + std::to_string(zr->size(zr->prefix() + "/" + in.entry)) +
             " bytes but the manifest declares " + std::to_string(in.numel) + " elements of " + dtype_name(in.dtype));
    sins.push_back(in);
  }
  std::shared_ptr<Mapping> map;
  if (mmap && !sins.empty()) map = map_file(path);
  std::vector<Storage> storages;
  std::vector<std::pair<std::string, void*>> reads;
  for (const StorageIn& in : sins) {
    if (map) {
      uint64_t end;
      if (__builtin_add_overflow(in.offset, in.nbytes, &end) || end > map->size)
        r.fail("entry " + in.entry + ": its data_offset lies beyond the file");
      char* p = static_cast<char*>(map->base) + in.offset;
      // The offset must point at the entry's bytes: its ends, read through the zip reader, must
      // be what the mapping holds there (a plain load checks every byte with the CRC).
      size_t k = size_t(std::min<uint64_t>(in.nbytes, 64));
      char head[64], tail[64];
      std::string name = zr->prefix() + "/" + in.entry;
      zr->read_bytes(name, 0, k, head);
      zr->read_bytes(name, in.nbytes - k, k, tail);
      if (std::memcmp(head, p, k) != 0 || std::memcmp(tail, p + in.nbytes - k, k) != 0)
        r.fail("entry " + in.entry + ": its data_offset does not point at its data");
      storages.push_back(util::make_intrusive<StorageImpl>(p, size_t(in.nbytes), Device{}, [map](void*) {}));
    } else {
      storages.push_back(util::make_intrusive<StorageImpl>(size_t(in.nbytes), Device{}));
      if (in.nbytes) reads.emplace_back(zr->prefix() + "/" + in.entry, storages.back()->data());
    }
  }

  // ---- tensors: views inside their storages ----
  std::vector<Tensor> tensors;
  for (const json& t : r.array(m, "tensors", "")) {
    std::string where = "tensors[" + std::to_string(tensors.size()) + "]";
    int64_t sid = r.integer(t, "storage", where, 0, int64_t(storages.size()) - 1);
    DType dt = r.dtype(r.string(t, "dtype", where), where);
    if (dt != sins[size_t(sid)].dtype) r.fail("manifest " + where + " has a dtype other than its storage's");
    const json& shape = r.array(t, "shape", where);
    const json& strides = r.array(t, "strides", where);
    if (shape.size() != strides.size() || shape.size() > 64) r.fail("manifest " + where + ": bad shape or strides");
    int64_t offset = r.integer(t, "offset", where, 0, INT64_MAX);
    DimVector sz, sd;
    bool empty = false;
    int64_t last = offset;
    for (size_t i = 0; i < shape.size(); ++i) {
      if (!shape[i].is_number_integer() || !strides[i].is_number_integer() || shape[i].get<int64_t>() < 0 ||
          strides[i].get<int64_t>() < 0)
        r.fail("manifest " + where + ": sizes and strides must be non-negative integers");
      sz.push_back(shape[i].get<int64_t>());
      sd.push_back(strides[i].get<int64_t>());
      empty |= sz.back() == 0;
    }
    if (!empty) {
      for (size_t i = 0; i < sz.size(); ++i) {
        int64_t span;
        if (__builtin_mul_overflow(sz[i] - 1, sd[i], &span) || __builtin_add_overflow(last, span, &last))
          r.fail("manifest " + where + ": sizes and strides overflow");
      }
      if (last >= sins[size_t(sid)].numel) r.fail("manifest " + where + " reaches beyond its storage");
    } else if (offset > sins[size_t(sid)].numel) {
      r.fail("manifest " + where + ": offset beyond its storage");
    }
    Tensor x(util::make_intrusive<TensorImpl>(storages[size_t(sid)], dt, std::move(sz), std::move(sd), offset));
    const json& rg = r.field(t, "requires_grad", where);
    const json& par = r.field(t, "parameter", where);
    if (!rg.is_boolean() || !par.is_boolean()) r.fail("manifest " + where + ": requires_grad and parameter must be booleans");
    if (rg.get<bool>()) x.requires_grad_(true);
    x.impl()->is_parameter = par.get<bool>();
    tensors.push_back(x);
  }

  // ---- objects: created first (they may refer to each other), then filled ----
  const json& objs = r.array(m, "objects", "");
  std::vector<std::shared_ptr<runtime::ScriptObject>> objects;
  for (size_t i = 0; i < objs.size(); ++i) {
    int64_t c = r.integer(objs[i], "class", "objects[" + std::to_string(i) + "]", 0, int64_t(classes.size()) - 1);
    objects.push_back(std::make_shared<runtime::ScriptObject>(classes[size_t(c)]));
  }
  ValueReader vr{r, tensors, objects};
  for (size_t i = 0; i < objs.size(); ++i) {
    std::string where = "objects[" + std::to_string(i) + "]";
    const json& attrs = r.array(objs[i], "attrs", where);
    runtime::ScriptObject& o = *objects[i];
    if (attrs.size() != o.slots.size()) r.fail("manifest " + where + " has " + std::to_string(attrs.size()) + " attributes, its class " + std::to_string(o.slots.size()));
    for (size_t k = 0; k < attrs.size(); ++k)
      o.slots[k] = vr.value(attrs[k], o.cls->attrs[k].second, where + "." + o.cls->attrs[k].first, 0);
  }
  int64_t root = r.integer(m, "root", "", 0, int64_t(objects.size()) - 1);
  zr->read_all(reads);
  IValue out{IValue::ObjectPtr(objects[size_t(root)])};
  if (fresh) keep_loaded(std::move(fresh));
  return out;
}

}  // namespace

Loaded::~Loaded() = default;

Loaded* find_loaded(const std::string& key) {
  if (key.empty()) return nullptr;
  std::lock_guard<std::mutex> lock(g_mu);
  for (const auto& l : g_loaded)
    if (l->key == key) return l.get();
  return nullptr;
}

std::unique_ptr<Loaded> compile_loaded(const std::string& path, const std::string& key, const std::string& main_path,
                                       const std::map<std::string, std::string>& files, bool trusted,
                                       frontend::SourceManager& sm, frontend::Diagnostics& diags,
                                       const std::function<void(ir::Program&)>& compiled) {
  auto L = std::make_unique<Loaded>();
  L->path = path;
  L->key = key;
  L->prog = frontend::compile_program_files(main_path, files, true, {}, sm, diags, /*restricted=*/!trusted);
  if (!L->prog) return nullptr;
  if (compiled) compiled(*L->prog);
  for (auto& f : L->prog->functions) passes::run_passes(*f.graph, 2);
  runtime::RunOptions opts;
  L->interp = std::make_unique<runtime::Interp>(*L->prog, opts);
  runtime::Interp& I = *L->interp;
  try {
    I.prepare();
    for (auto& u : L->prog->modules) {
      if (!u.init) continue;
      std::vector<IValue> none;
      I.call(*u.init, none);
    }
  } catch (const runtime::ScriptError& e) {
    bad(path, "running its module code raised:\n" + runtime::format_traceback(e));
  }
  return L;
}

Loaded* keep_loaded(std::unique_ptr<Loaded> l) {
  std::lock_guard<std::mutex> lock(g_mu);
  g_loaded.push_back(std::move(l));
  return g_loaded.back().get();
}

IValue load(const std::string& path, const std::optional<std::string>& map_location, bool mmap, bool trusted) {
  try {
    return load_zip(serialize::ZipReader::open_file(path), path, map_location, mmap, trusted);
  } catch (const json::exception& e) {  // every access is checked first; this is a safety net
    bad(path, std::string("bad manifest: ") + e.what());
  }
}

IValue load_from_bytes(std::string_view bytes, const std::string& name) {
  try {
    return load_zip(serialize::ZipReader::open_bytes(bytes), name, std::nullopt, false, false);
  } catch (const json::exception& e) {
    bad(name, std::string("bad manifest: ") + e.what());
  }
}

const ir::Program* loaded_program(const ir::ClassType* cls) {
  std::lock_guard<std::mutex> lock(g_mu);
  for (const auto& L : g_loaded)
    for (const auto& c : L->prog->classes)
      if (&c == cls) return L->prog.get();
  return nullptr;
}

IValue call_method(const IValue& self, const std::string& name, std::vector<IValue> args) {
  auto* o = self.is_object() ? dynamic_cast<runtime::ScriptObject*>(self.object_ptr().get()) : nullptr;
  TS_CHECK_TYPE(o, "call_method: expected a loaded module, got ", self.type_name());
  runtime::Interp* I = nullptr;
  {
    std::lock_guard<std::mutex> lock(g_mu);
    for (const auto& L : g_loaded)
      for (const auto& c : L->prog->classes)
        if (&c == o->cls) I = L->interp.get();
  }
  TS_CHECK(I, "call_method: the object does not come from a loaded archive");
  TS_CHECK(o->cls->method(name), "'", o->cls->name, "' object has no method '", name, "'");
  try {
    return I->call_method(self, name, args);
  } catch (const runtime::ScriptError& e) {
    TS_ERROR(runtime::format_traceback(e));
  }
}

std::string stored_ir(const std::string& path) {
  auto zr = serialize::ZipReader::open_file(path);
  if (torchscript::is_torchscript(*zr)) return torchscript::ir_text(*zr, path);
  Reader r(path, *zr);
  r.check_version();
  json m = r.manifest();
  std::string entry = r.string(m, "ir", "");
  if (entry.find("..") != std::string::npos) r.fail("manifest ir entry is not a plain name");
  return r.entry_text(entry, kMaxCodeBytes);
}

bool is_archive(const std::string& path) {
  // A zip file (local header magic): an archive, or a broken one that load() then explains.
  FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return false;
  char magic[4] = {};
  size_t n = std::fread(magic, 1, 4, f);
  std::fclose(f);
  return n == 4 && std::memcmp(magic, "PK\x03\x04", 4) == 0;
}

}  // namespace ts::archive
