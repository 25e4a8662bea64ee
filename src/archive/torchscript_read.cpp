// Loading a PyTorch TorchScript archive (torch.jit.save): its version record, its code translated
// (torchscript_code.cpp) and compiled, its objects rebuilt from data.pkl, its tensor constants
// from constants.pkl. README.md, section "PyTorch TorchScript archives".
#include <algorithm>

#include "archive/archive.h"
#include "archive/internal.h"
#include "archive/torchscript.h"
#include "frontend/compile.h"
#include "runtime/interp.h"
#include "serialize/pickle.h"
#include "serialize/zip.h"
#include "util/error.h"

namespace ts::archive::torchscript {
namespace {

[[noreturn]] void bad(const std::string& path, const std::string& what) {
  TS_ERROR("cannot load model archive ", path, ": ", what);
}

std::string prefix(const serialize::ZipReader& z) { return z.prefix() + "/"; }

void check_version(const serialize::ZipReader& z, const std::string& path) {
  std::string name = prefix(z) + "version";
  if (!z.has(name)) name = prefix(z) + ".data/version";  // where later PyTorch versions keep it
  if (!z.has(name)) bad(path, "it is a TorchScript archive written by PyTorch, but it has no version record");
  if (z.size(name) > 16) bad(path, "its version record is larger than 16 bytes");
  std::string v = z.read_string(name);
  while (!v.empty() && (v.back() == '\n' || v.back() == '\r')) v.pop_back();
  int n = v.empty() || v.size() > 6 || v.find_first_not_of("0123456789") != std::string::npos ? -1 : std::stoi(v);
  if (n < kMinVersion || n > kMaxVersion)
    bad(path, "it is a TorchScript archive written by PyTorch with version record '" + v.substr(0, 16) +
                  "'; this build reads PyTorch's TorchScript archives with version records " + std::to_string(kMinVersion) +
                  " to " + std::to_string(kMaxVersion) + " and its own archives of format versions 1 to " +
                  std::to_string(kFormatVersion));
}

std::map<std::string, std::string> code_entries(const serialize::ZipReader& z, const std::string& path) {
  std::map<std::string, std::string> code;
  std::string pre = prefix(z);
  for (const std::string& n : z.names()) {
    if (!n.starts_with(pre + "code/") || !n.ends_with(".py")) continue;
    std::string entry = n.substr(pre.size());
    if (z.size(n) > kMaxCodeBytes) bad(path, "entry " + entry + " is larger than " + std::to_string(kMaxCodeBytes) + " bytes");
    code[entry] = z.read_string(n);
  }
  if (code.empty()) bad(path, "it is a TorchScript archive written by PyTorch, but it holds no code/*.py");
  return code;
}

// Line `n` (1-based) of `text`; empty when out of range.
std::string line_of(const std::string& text, uint32_t n) {
  size_t b = 0;
  for (uint32_t k = 1; k < n; ++k) {
    b = text.find('\n', b);
    if (b == std::string::npos) return {};
    ++b;
  }
  return text.substr(b, text.find('\n', b) - b);
}

// The checker's words for a torch function it lacks, as the operator the archive uses.
std::string op_message(const std::string& m) {
  std::string op;
  if (m.starts_with("module `torch` has no attribute `")) op = m.substr(33, m.find('`', 33) - 33);
  else if (m.starts_with("`torch.") && m.ends_with("` is not available in tsrun yet")) op = m.substr(7, m.find('`', 7) - 7);
  if (op.empty() || op.find_first_of(" .") != std::string::npos) return m;
  return "it uses the operator aten::" + op + " (torch." + op + "), which this build does not have";
}

// Source positions in the translation become the archive's own (`<archive>/code/...py`, the
// line, the column where that line's code starts), before passes copy them or tracebacks and
// --emit-ir show them.
void map_positions(ir::Program& prog, const Translation& t, const std::string& path, const std::string& main_path) {
  const ir::SourceFile* from = nullptr;
  for (const auto& f : prog.files)
    if (f.path == main_path) from = &f;
  if (!from) return;
  std::map<std::string, const ir::SourceFile*> to;
  for (const auto& [entry, text] : t.sources) to[entry] = &prog.files.emplace_back(ir::SourceFile{path + "/" + entry, text});
  auto map = [&](ir::SourceLoc& l) {
    if (l.file != from || l.line < 1 || size_t(l.line) > t.origin.size()) return;
    const auto& [entry, line] = t.origin[size_t(l.line) - 1];
    if (entry.empty()) return;  // a line the translation added
    l.file = to.at(entry);
    l.line = int(line);
    size_t b = l.file->line(l.line).find_first_not_of(" \t");
    l.col = b == std::string::npos ? 1 : int(b) + 1;
  };
  std::vector<ir::Block*> work;
  for (auto& f : prog.functions) {
    map(f.loc);
    if (f.graph) work.push_back(f.graph->block());
    while (!work.empty()) {
      ir::Block* b = work.back();
      work.pop_back();
      map(b->param->loc);
      map(b->ret->loc);
      for (ir::Node* n : *b) {
        map(n->loc);
        for (ir::Block* inner : n->blocks) work.push_back(inner);
      }
    }
  }
  for (auto& c : prog.classes) map(c.loc);
}

// The compiled translation, or an error naming the archive's code lines that do not compile.
std::unique_ptr<Loaded> compile(const Translation& t, const std::string& path, bool trusted) {
  std::string main_path = path + "/code/__torchscript__.ts";
  std::map<std::string, std::string> files{{main_path, t.text}};
  frontend::SourceManager sm;
  frontend::Diagnostics diags;
  std::unique_ptr<Loaded> L = compile_loaded(path, "", main_path, files, trusted, sm, diags,
                                             [&](ir::Program& prog) { map_positions(prog, t, path, main_path); });
  if (L) return L;
  diags.sort_and_dedup();
  std::string msg = "its TorchScript code does not compile here";
  for (const auto& d : diags.all()) {
    if (d.severity != frontend::Severity::Error) continue;
    if (d.span.file >= sm.size() || sm.file(d.span.file).path != main_path || d.span.line == 0 ||
        d.span.line > t.origin.size()) {
      std::string file = d.span.file < sm.size() ? sm.file(d.span.file).path : path;
      msg += "\n" + file + ":" + std::to_string(d.span.line) + ": " + d.message;
      continue;
    }
    const auto& [entry, line] = t.origin[d.span.line - 1];
    if (entry.empty()) {  // a line the translation added
      msg += "\n(its translation, line " + std::to_string(d.span.line) + "): " + d.message + "\n    " +
             std::string(sm.line_text(d.span.file, d.span.line));
      continue;
    }
    msg += "\n" + path + "/" + entry + ":" + std::to_string(line) + ": " + op_message(d.message) + "\n    " +
           line_of(t.sources.at(entry), line);
  }
  bad(path, msg);
}

// data.pkl's values turned into values of the translated classes, each checked against the
// attribute's declared type.
class Builder {
 public:
  Builder(const std::string& path, const Translation& t, const ir::Program& prog, IValue constants)
      : path_(path), constants_(std::move(constants)) {
    const std::string& mod = prog.modules.back().name;
    for (const ClassInfo& ci : t.classes) {
      const ir::ClassType* found = nullptr;
      for (const auto& c : prog.classes)
        if (c.module == mod && c.name == ci.ts_name) found = &c;
      if (!found) bad(path, "its translated code lost class " + ci.qualname);
      classes_[ci.qualname] = {&ci, found};
    }
  }

  IValue value(const IValue& v, const ir::Type* t, const std::string& where) {
    using K = ir::TypeKind;
    switch (t->kind) {
      case K::Optional: return v.is_none() ? v : value(v, t->args[0], where);
      case K::Any: return any(v, where);
      case K::None: if (v.is_none()) return v; break;
      case K::Bool: if (v.is_bool()) return v; break;
      case K::Int: if (v.is_int()) return v; break;
      case K::Float:
        if (v.is_double()) return v;
        if (v.is_int()) return IValue(double(v.to_int()));
        break;
      case K::Str: if (v.is_string()) return v; break;
      case K::Tensor: if (v.is_tensor()) return v; break;
      case K::Device: if (v.is_device()) return v; break;
      case K::List:
      case K::Tuple: {
        if (!(v.is_list() || v.is_tuple())) break;
        const auto& items = v.items();
        if (t->kind == K::Tuple && items.size() != t->args.size()) break;
        std::vector<IValue> out;
        for (size_t i = 0; i < items.size(); ++i)
          out.push_back(value(items[i], t->kind == K::List ? t->args[0] : t->args[i], where + "[" + std::to_string(i) + "]"));
        return t->kind == K::List ? IValue::list(std::move(out)) : IValue::tuple(std::move(out));
      }
      case K::Dict: {
        if (!v.is_dict()) break;
        IValue d = IValue::dict();
        for (const auto& [k, x] : v.dict_ptr()->items)
          d.dict_ptr()->set(value(k, t->args[0], where + " key"), value(x, t->args[1], where + "[]"));
        return d;
      }
      case K::Class: {
        IValue o = object(v, where);
        if (static_cast<runtime::ScriptObject*>(o.object_ptr().get())->cls->derives_from(t->cls)) return o;
        break;
      }
      default: break;
    }
    bad(path_, "data.pkl: " + where + " is a " + v.type_name() + ", not the " + t->str() + " its class declares");
  }

  IValue object(const IValue& v, const std::string& where) {
    auto* p = v.is_object() ? dynamic_cast<serialize::ScriptPickleObject*>(v.object_ptr().get()) : nullptr;
    if (!p) bad(path_, "data.pkl: " + where + " is a " + v.type_name() + ", not an object of the archive's classes");
    auto done = made_.find(p);
    if (done != made_.end()) return IValue(IValue::ObjectPtr(done->second));
    auto c = classes_.find(p->qualname);
    if (c == classes_.end()) bad(path_, "data.pkl: " + where + " is an object of class " + p->qualname + ", which its code does not define");
    const ClassInfo& ci = *c->second.first;
    const ir::ClassType* cls = c->second.second;
    if (!p->state.is_dict()) bad(path_, "data.pkl: the object of class " + p->qualname + " at " + where + " has no attributes");
    auto o = std::make_shared<runtime::ScriptObject>(cls);
    made_[p] = o;
    const auto& state = *p->state.dict_ptr();
    std::map<std::string, const IValue*> by_slot;  // Ts attribute name -> value
    for (const auto& [k, x] : state.items) {
      if (!k.is_string() || cls->slot(attr_name(k.to_string())) == cls->attrs.size())
        bad(path_, "data.pkl: the object of class " + p->qualname + " has attribute " + (k.is_string() ? k.to_string() : k.type_name()) +
                       ", which its class does not declare");
      by_slot[attr_name(k.to_string())] = &x;
    }
    for (size_t s = 0; s < cls->attrs.size(); ++s) {
      const std::string& name = cls->attrs[s].first;
      const auto& type = cls->attrs[s].second;
      std::string at = where + "." + name;
      if (auto x = by_slot.find(name); x != by_slot.end()) {
        o->slots[s] = value(*x->second, type, at);
      } else if (auto k = std::find_if(ci.constants.begin(), ci.constants.end(), [&](const auto& c) { return c.first == name; });
                 k != ci.constants.end()) {
        o->slots[s] = value(k->second, type, at);
      } else if (ci.uses_constants && name == kConstantsAttr) {
        o->slots[s] = constants_;
      } else if (ci.is_module && name == "_buffers") {  // torch.nn.Module's own: the buffers' names
        IValue d = IValue::dict();
        for (const auto& b : ci.buffers) d.dict_ptr()->set(IValue(b), IValue(true));
        o->slots[s] = d;
      } else if (ci.is_module && (name == "_dynamic" || name == "_forward_pre_hooks" || name == "_forward_hooks" ||
                                  name == "_backward_hooks")) {
        o->slots[s] = IValue::dict();  // torch.nn.Module's own, empty in a loaded model
      } else {
        bad(path_, "data.pkl gives the object of class " + p->qualname + " at " + where + " no value for its attribute " + name);
      }
    }
    for (const auto& name : ci.parameters) {
      size_t s = cls->slot(name);
      if (s < o->slots.size() && o->slots[s].is_tensor()) o->slots[s].to_tensor().impl()->is_parameter = true;
    }
    return IValue(IValue::ObjectPtr(o));
  }

 private:
  // A value of no declared type: objects become the archive's classes, containers are walked.
  IValue any(const IValue& v, const std::string& where) {
    if (v.is_object()) return object(v, where);
    if (v.is_list() || v.is_tuple()) {
      std::vector<IValue> out;
      for (size_t i = 0; i < v.items().size(); ++i) out.push_back(any(v.items()[i], where + "[" + std::to_string(i) + "]"));
      return v.is_list() ? IValue::list(std::move(out)) : IValue::tuple(std::move(out));
    }
    if (v.is_dict()) {
      IValue d = IValue::dict();
      for (const auto& [k, x] : v.dict_ptr()->items) {
        if (k.is_object()) bad(path_, "data.pkl: " + where + " has a " + k.type_name() + " as a dict key");
        d.dict_ptr()->set(k, any(x, where + "[]"));
      }
      return d;
    }
    return v;
  }

  const std::string& path_;
  const IValue constants_;  // constants.pkl's tensors, one list all objects share
  std::map<std::string, std::pair<const ClassInfo*, const ir::ClassType*>> classes_;
  std::map<const serialize::ScriptPickleObject*, std::shared_ptr<runtime::ScriptObject>> made_;
};

// Pickle and zip errors name the archive and the entry.
IValue read_pickle(const serialize::ZipReader& z, const std::string& path, const std::string& entry, const std::string& dir,
                   bool objects) {
  try {
    return serialize::read_pickle_entry(z, entry, dir, objects);
  } catch (const Error& e) {
    bad(path, entry + ": " + e.what());
  }
}

Translation translated(const serialize::ZipReader& z, const std::string& path) {
  auto code = code_entries(z, path);
  try {
    return translate(path, code);
  } catch (const Error& e) {
    bad(path, e.what());
  }
}

}  // namespace

bool is_torchscript(const serialize::ZipReader& z) {
  std::string pre = prefix(z);
  if (z.has(pre + "manifest.json") || !z.has(pre + "data.pkl")) return false;
  for (const std::string& n : z.names())
    if (n.starts_with(pre + "code/")) return true;
  return false;
}

IValue load(const serialize::ZipReader& z, const std::string& path, bool trusted) {
  check_version(z, path);
  Translation t = translated(z, path);
  IValue data = read_pickle(z, path, "data.pkl", "data", true);
  // Loads of the same code share one program (Note [Loaded programs stay loaded]).
  std::string key = std::string("torchscript\0", 12) + (trusted ? "trusted" : "restricted") + '\0' + t.text;
  for (const auto& [entry, text] : t.sources) key += std::string(1, '\0') + entry + std::string(1, '\0') + text;
  Loaded* shared = find_loaded(key);
  std::unique_ptr<Loaded> fresh;
  if (!shared) {
    fresh = compile(t, path, trusted);
    fresh->key = key;
  }
  const ir::Program& prog = shared ? *shared->prog : *fresh->prog;
  IValue constants = IValue::list({});
  if (t.uses_constants) {
    IValue c = z.has(prefix(z) + "constants.pkl") ? read_pickle(z, path, "constants.pkl", "constants", false) : IValue::tuple({});
    if (!c.is_tuple()) bad(path, "constants.pkl holds a " + c.type_name() + ", not a tuple of constants");
    for (const auto& x : c.items()) {
      if (!x.is_tensor()) bad(path, "constants.pkl holds a " + x.type_name() + "; only tensor constants are supported");
      constants.list_ptr()->items.push_back(x);
    }
  }
  Builder b(path, t, prog, constants);
  IValue root = b.object(data, "root");
  if (fresh) keep_loaded(std::move(fresh));
  return root;
}

std::string ir_text(const serialize::ZipReader& z, const std::string& path) {
  check_version(z, path);
  Translation t = translated(z, path);
  Loaded* L = keep_loaded(compile(t, path, false));
  std::string main_path = path + "/code/__torchscript__.ts", out;
  for (const auto& f : L->prog->functions)  // the archive's functions and methods (mapped to its entries)
    if (f.loc.file && f.loc.file->path.starts_with(path + "/code/") && f.loc.file->path != main_path)
      out += ir::to_string(f);
  return out;
}

}  // namespace ts::archive::torchscript
