// `@dataclass`: README.md, Note [Dataclasses].
#include "frontend/check/dataclasses.h"

#include <map>
#include <set>
#include <string>
#include <vector>

#include "frontend/parse/parse.h"
#include "util/utf8_code_points.h"

namespace ts::frontend {

namespace {

// The module-level names that stand for dataclasses' functions: `from dataclasses import
// dataclass as dc` binds `dc`; `import dataclasses as d` binds `d` (d.dataclass, d.field).
struct Bound {
  std::set<std::string> dataclass, field, modules;
};

Bound bound_names(const Module& m) {
  Bound b;
  for (const auto& s : m.body) {
    if (s->kind == StmtKind::ImportFrom && s->level == 0 && s->name == "dataclasses") {
      for (const Alias& a : s->aliases.get()) {
        const std::string& local = a.asname.empty() ? a.name : a.asname;
        if (a.name == "dataclass") b.dataclass.insert(local);
        if (a.name == "field") b.field.insert(local);
      }
    } else if (s->kind == StmtKind::Import) {
      for (const Alias& a : s->aliases.get())
        if (a.name == "dataclasses") b.modules.insert(a.asname.empty() ? a.name : a.asname);
    }
  }
  return b;
}

bool names(const Expr& e, const std::set<std::string>& direct, const Bound& b, const char* attr) {
  if (e.kind == ExprKind::Name) return direct.count(e.name) > 0;
  return e.kind == ExprKind::Attribute && e.name == attr && e.a->kind == ExprKind::Name && b.modules.count(e.a->name);
}

// The text a span covers (its columns count code points).
std::string source_of(const SourceManager& sm, const Span& s) {
  const SourceFile& f = sm.file(s.file);
  size_t from = util::advance_code_points(f.text, f.line_starts[s.line - 1], s.col - 1);
  size_t to = util::advance_code_points(f.text, f.line_starts[s.end_line - 1], s.end_col - 1);
  return f.text.substr(from, to - from);
}

struct Field {
  std::string name, annotation;
  std::string default_text, factory_text;  // at most one is set
  bool init = true, repr = true, compare = true;
  Span span;
};

struct Options {
  bool init = true, repr = true, eq = true, order = false;
};

class Expander {
 public:
  Expander(Module& m, SourceManager& sm, Diagnostics& diags) : m_(m), sm_(sm), diags_(diags), bound_(bound_names(m)) {}

  void run() {
    if (bound_.dataclass.empty() && bound_.modules.empty()) return;
    for (auto& s : m_.body)
      if (s->kind == StmtKind::ClassDef) expand(*s);
    if (expanded_) {
      auto gen = parse_generated("<dataclass>", "import typing as " + std::string(kTyping) + "\nimport dataclasses as " +
                                                    kModule + "\n");
      if (gen)
        for (size_t i = 0; i < gen->body.size(); ++i)
          m_.body.insert(m_.body.begin() + static_cast<std::ptrdiff_t>(i), std::move(gen->body[i]));
    }
  }

 private:
  static constexpr const char* kTyping = "_ts_dataclass_typing";
  static constexpr const char* kModule = "_ts_dataclasses";

  void expand(Stmt& cls) {
    auto& decorators = cls.decorators.get();
    size_t which = decorators.size();
    Options opt;
    for (size_t i = 0; i < decorators.size(); ++i) {
      const Expr& d = *decorators[i];
      const Expr& callee = d.kind == ExprKind::Call ? *d.a : d;
      if (!names(callee, bound_.dataclass, bound_, "dataclass")) continue;
      which = i;
      if (d.kind == ExprKind::Call && !options(d, opt)) return;
    }
    if (which == decorators.size()) return;
    decorators.erase(decorators.begin() + static_cast<std::ptrdiff_t>(which));

    std::vector<Field> fields;
    if (!base_fields(cls, fields)) return;
    std::set<std::string> defined;
    for (const auto& s : cls.body)
      if (s->kind == StmtKind::FunctionDef) defined.insert(s->name);
    for (auto& s : cls.body) {
      if (s->kind != StmtKind::AnnAssign || s->targets[0]->kind != ExprKind::Name) continue;
      std::string ann = source_of(sm_, s->annotation->span);
      if (ann.rfind("ClassVar", 0) == 0 || ann.rfind("typing.ClassVar", 0) == 0) continue;
      Field f;
      f.name = s->targets[0]->name;
      f.annotation = ann;
      f.span = s->span;
      if (s->value && !field_of(*s, f)) return;
      if (!f.default_text.empty() && mutable_default(*s->value)) {
        diags_.error(s->value->span, "mutable default " + mutable_default_class(*s->value) + " for field " + f.name +
                                         " is not allowed: use default_factory");
        return;
      }
      std::erase_if(fields, [&](const Field& o) { return o.name == f.name; });  // a subclass redefines
      fields.push_back(std::move(f));
    }
    bool seen_default = false;
    for (const Field& f : fields) {
      if (!f.init) continue;
      bool has = !f.default_text.empty() || !f.factory_text.empty();
      if (seen_default && !has) {
        diags_.error(f.span, "non-default argument '" + f.name + "' follows default argument");
        return;
      }
      seen_default |= has;
    }
    known_[cls.name] = fields;

    std::string code = "class " + cls.name + ":\n";
    if (opt.init && !defined.count("__init__")) code += init_method(fields, defined.count("__post_init__") > 0);
    if (opt.repr && !defined.count("__repr__")) code += repr_method(fields);
    if (opt.eq && !defined.count("__eq__")) code += compare_method(cls.name, fields, "__eq__", "==");
    if (opt.order) {
      static const char* kOrder[][2] = {{"__lt__", "<"}, {"__le__", "<="}, {"__gt__", ">"}, {"__ge__", ">="}};
      for (const auto& [method, op] : kOrder) {
        if (defined.count(method)) {
          diags_.error(cls.name_span, std::string("Cannot overwrite attribute ") + method + " in class " + cls.name +
                                          ". Consider using functools.total_ordering");
          return;
        }
        code += compare_method(cls.name, fields, method, op);
      }
    }
    code += conversions(fields);
    expanded_ = true;
    auto gen = parse_generated("<dataclass " + cls.name + ">", code);
    if (!gen || gen->body.empty()) return;
    for (auto& s : gen->body.front()->body) cls.body.push_back(std::move(s));
    if (cls.body.size() > 1)
      std::erase_if(cls.body, [](const StmtPtr& s) { return s->kind == StmtKind::Pass; });
  }

  // The options of `@dataclass(...)`: init, repr, eq, order as literal booleans; frozen and the
  // rest only at their defaults (not supported yet otherwise).
  bool options(const Expr& call, Options& opt) {
    if (!call.elts.empty()) {
      diags_.error(call.span, "dataclass() takes its options as keywords (init=, repr=, eq=, order=)");
      return false;
    }
    for (const Keyword& k : call.keywords.get()) {
      if (k.value->kind != ExprKind::Bool) {
        diags_.error(k.value->span, "dataclass option `" + k.name + "` must be True or False here");
        return false;
      }
      bool v = k.value->ival != 0;
      if (k.name == "init") opt.init = v;
      else if (k.name == "repr") opt.repr = v;
      else if (k.name == "eq") opt.eq = v;
      else if (k.name == "order") opt.order = v;
      else if ((k.name == "frozen" || k.name == "unsafe_hash" || k.name == "kw_only" || k.name == "slots") && !v) continue;
      else if (k.name == "match_args" && v) continue;
      else {
        diags_.error(k.name_span, "`dataclass(" + k.name + "=" + (v ? "True" : "False") + ")` is not available in tsrun yet");
        return false;
      }
    }
    if (opt.order && !opt.eq) {
      diags_.error(call.span, "eq must be true if order is true");
      return false;
    }
    return true;
  }

  // Fields of dataclass bases come first, as CPython orders them. A base from another module
  // could have fields this expansion cannot see: refused rather than guessed.
  bool base_fields(const Stmt& cls, std::vector<Field>& fields) {
    for (const auto& b : cls.targets) {
      if (b->kind == ExprKind::Name) {
        auto it = known_.find(b->name);
        if (it != known_.end()) {
          for (const Field& f : it->second) {
            std::erase_if(fields, [&](const Field& o) { return o.name == f.name; });
            fields.push_back(f);
          }
          continue;
        }
        bool local = false;
        for (const auto& s : m_.body) local |= s->kind == StmtKind::ClassDef && s->name == b->name;
        if (local || b->name == "object") continue;
      }
      diags_.error(b->span, "a dataclass deriving from a class of another module is not available in tsrun yet");
      return false;
    }
    return true;
  }

  // `x: T = field(default=..., default_factory=..., init=, repr=, compare=)`: the class attribute
  // becomes the default (none with a factory), as CPython leaves it.
  bool field_of(Stmt& s, Field& f) {
    Expr& v = *s.value;
    if (v.kind != ExprKind::Call || !names(*v.a, bound_.field, bound_, "field")) {
      f.default_text = source_of(sm_, v.span);
      return true;
    }
    if (!v.elts.empty()) {
      diags_.error(v.span, "field() takes keyword arguments only");
      return false;
    }
    Keyword* class_default = nullptr;
    for (Keyword& k : v.keywords.get()) {
      if (k.name == "default") {
        f.default_text = source_of(sm_, k.value->span);
        if (mutable_default(*k.value)) {
          diags_.error(k.value->span, "mutable default " + mutable_default_class(*k.value) + " for field " + f.name +
                                          " is not allowed: use default_factory");
          return false;
        }
        class_default = &k;
      } else if (k.name == "default_factory") {
        f.factory_text = source_of(sm_, k.value->span);
      } else if (k.name == "init" || k.name == "repr" || k.name == "compare") {
        if (k.value->kind != ExprKind::Bool) {
          diags_.error(k.value->span, "field option `" + k.name + "` must be True or False here");
          return false;
        }
        (k.name == "init" ? f.init : k.name == "repr" ? f.repr : f.compare) = k.value->ival != 0;
      } else {
        diags_.error(k.name_span, "`field(" + k.name + "=...)` is not available in tsrun yet");
        return false;
      }
    }
    if (!f.default_text.empty() && !f.factory_text.empty()) {
      diags_.error(v.span, "cannot specify both default and default_factory");
      return false;
    }
    s.value = class_default ? std::move(class_default->value) : nullptr;  // the call (and k) go with it
    return true;
  }

  static bool mutable_default(const Expr& e) {
    if (e.kind == ExprKind::List || e.kind == ExprKind::Dict || e.kind == ExprKind::ListComp || e.kind == ExprKind::DictComp)
      return true;
    return e.kind == ExprKind::Call && e.a->kind == ExprKind::Name &&
           (e.a->name == "list" || e.a->name == "dict" || e.a->name == "set");
  }
  static std::string mutable_default_class(const Expr& e) {
    bool dict = e.kind == ExprKind::Dict || e.kind == ExprKind::DictComp || (e.kind == ExprKind::Call && e.a->name == "dict");
    bool set = e.kind == ExprKind::Call && e.a->name == "set";
    return std::string("<class '") + (dict ? "dict" : set ? "set" : "list") + "'>";
  }

  std::string init_method(const std::vector<Field>& fields, bool post_init) {
    std::string params, body;
    for (const Field& f : fields) {
      if (!f.init) {
        if (!f.default_text.empty()) body += "        self." + f.name + " = (" + f.default_text + ")\n";
        else if (!f.factory_text.empty()) body += "        self." + f.name + " = (" + f.factory_text + ")()\n";
        continue;
      }
      if (!f.factory_text.empty()) {
        params += ", " + f.name + ": " + kTyping + ".Optional[" + f.annotation + "] = None";
        body += "        self." + f.name + " = (" + f.factory_text + ")() if " + f.name + " is None else " + f.name + "\n";
        continue;
      }
      params += ", " + f.name + ": " + f.annotation;
      if (!f.default_text.empty()) params += " = (" + f.default_text + ")";
      body += "        self." + f.name + " = " + f.name + "\n";
    }
    if (post_init) body += "        self.__post_init__()\n";
    if (body.empty()) body = "        pass\n";
    return "    def __init__(self" + params + ") -> None:\n" + body;
  }

  static std::string repr_method(const std::vector<Field>& fields) {
    std::string parts;
    for (const Field& f : fields) {
      if (!f.repr) continue;
      parts += std::string(parts.empty() ? " + \"" : " + \", ") + f.name + "=\" + repr(self." + f.name + ")";
    }
    return "    def __repr__(self) -> str:\n        return type(self).__name__ + \"(\"" + parts + " + \")\"\n";
  }

  std::string compare_method(const std::string& cls, const std::vector<Field>& fields, const char* method,
                             const char* op) {
    std::string mine = "(", theirs = "(";
    for (const Field& f : fields) {
      if (!f.compare) continue;
      mine += "self." + f.name + ", ";
      theirs += "other." + f.name + ", ";
    }
    mine += ")";
    theirs += ")";
    std::string other_class = "if not isinstance(other, " + cls + ") or type(other) is not type(self):\n            ";
    std::string mismatch = std::string(op) == "=="
                               ? "return False\n"
                               : std::string("raise TypeError(\"'") + op +
                                     "' not supported between instances of '\" + type(self).__name__ + \"' and '\" + "
                                     "type(other).__name__ + \"'\")\n";
    return std::string("    def ") + method + "(self, other: " + kTyping + ".Any) -> bool:\n        " + other_class +
           mismatch + "        return " + mine + " " + op + " " + theirs + "\n";
  }

  // What dataclasses.asdict / astuple call (stdlib/dataclasses.ts): every field, converted.
  static std::string conversions(const std::vector<Field>& fields) {
    std::string entries, items, types;
    for (const Field& f : fields) {
      entries += std::string(entries.empty() ? "" : ", ") + "\"" + f.name + "\": " + kModule + "._asdict_inner(self." +
                 f.name + ")";
      items += std::string(kModule) + "._astuple_inner(self." + f.name + "), ";
      types += std::string(types.empty() ? "" : ", ") + kTyping + ".Any";
    }
    std::string code = std::string("    def _ts_asdict(self) -> ") + kTyping + ".Dict[str, " + kTyping +
                       ".Any]:\n        return {" + entries + "}\n";
    if (!fields.empty())
      code += std::string("    def _ts_astuple(self) -> ") + kTyping + ".Tuple[" + types + "]:\n        return (" + items + ")\n";
    return code;
  }

  std::unique_ptr<Module> parse_generated(const std::string& name, const std::string& code) {
    FileId id = sm_.add(name, code);
    return parse_module(sm_, id, diags_);
  }

  Module& m_;
  SourceManager& sm_;
  Diagnostics& diags_;
  Bound bound_;
  std::map<std::string, std::vector<Field>> known_;  // this module's dataclasses so far
  bool expanded_ = false;  // a class was expanded: the generated code's imports go first
};

}  // namespace

void expand_dataclasses(Module& m, SourceManager& sm, Diagnostics& diags) { Expander(m, sm, diags).run(); }

}  // namespace ts::frontend
