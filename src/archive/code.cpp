// Which script code a model archive carries: the top-level statements of the user's modules that
// the saved classes reach (their definitions, the globals and imports they use, transitively),
// each module's text with every other top-level statement blanked so line numbers stay those of
// the original script. See README.md, Note [Archive code].
#include <algorithm>
#include <functional>
#include <map>
#include <set>

#include "archive/internal.h"
#include "frontend/parse/parse.h"
#include "frontend/stdlib.h"
#include "util/error.h"

namespace ts::archive {
namespace {

using frontend::Expr;
using frontend::ExprKind;
using frontend::Stmt;
using frontend::StmtKind;

// Names a piece of code reads from its module's globals, and dotted chains `a.b.c` read through
// a global (for `import mod` then `mod.f`).
struct Refs {
  std::set<std::string> names;
  std::set<std::string> dotted;
};

// Names a function body binds (Python's rule: assigned anywhere in it means local), not looking
// into nested functions, lambdas and classes beyond their own names.
void bound_in(const frontend::Block& b, std::set<std::string>& out, std::set<std::string>& globals) {
  for (const auto& s : b) {
    switch (s->kind) {
      case StmtKind::Assign:
      case StmtKind::AugAssign:
      case StmtKind::AnnAssign:
      case StmtKind::For:
      case StmtKind::Del:
        for (const auto& t : s->targets) frontend::target_names(*t, out);
        break;
      case StmtKind::FunctionDef:
      case StmtKind::ClassDef: out.insert(s->name); continue;
      case StmtKind::Import:
      case StmtKind::ImportFrom:
        for (const auto& a : s->aliases) out.insert(!a.asname.empty() ? a.asname : a.name.substr(0, a.name.find('.')));
        break;
      case StmtKind::Global: globals.insert(s->names.begin(), s->names.end()); break;
      case StmtKind::With:
        for (const auto& it : s->items)
          if (it.target) frontend::target_names(*it.target, out);
        break;
      case StmtKind::Try:
        for (const auto& h : s->handlers) {
          if (!h.name.empty()) out.insert(h.name);
          bound_in(h.body, out, globals);
        }
        break;
      default: break;
    }
    bound_in(s->body, out, globals);
    bound_in(s->orelse, out, globals);
    bound_in(s->finalbody, out, globals);
  }
}

class RefCollector {
 public:
  explicit RefCollector(Refs& r) : refs_(r) {}

  // A top-level statement: module scope (nothing is local).
  void top(const Stmt& s) { stmt(s, {}); }

 private:
  using Scope = std::set<std::string>;  // names local to the code being walked

  void use(const std::string& n, const Scope& local) {
    if (!local.count(n)) refs_.names.insert(n);
  }

  void expr(const Expr* e, const Scope& local) {
    if (!e) return;
    switch (e->kind) {
      case ExprKind::Name: use(e->name, local); return;
      case ExprKind::Str:
        // A forward reference in a string annotation: `"Net"`.
        if (!e->name.empty() && e->name.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") == std::string::npos)
          use(e->name, local);
        return;
      case ExprKind::Attribute: {
        std::string chain = e->name;
        const Expr* b = e->a.get();
        while (b && b->kind == ExprKind::Attribute) {
          chain = b->name + "." + chain;
          b = b->a.get();
        }
        if (b && b->kind == ExprKind::Name && !local.count(b->name)) refs_.dotted.insert(b->name + "." + chain);
        break;
      }
      case ExprKind::Lambda: {
        Scope inner = local;
        for (const auto& p : e->params) {
          inner.insert(p.name);
          expr(p.default_value.get(), local);
        }
        expr(e->a.get(), inner);
        return;
      }
      case ExprKind::ListComp:
      case ExprKind::DictComp: {
        Scope inner = local;
        for (const auto& c : e->comps) {
          expr(c.iter.get(), inner);
          frontend::target_names(*c.target, inner);
          for (const auto& f : c.ifs) expr(f.get(), inner);
        }
        expr(e->a.get(), inner);
        expr(e->b.get(), inner);
        return;
      }
      case ExprKind::FString:
        for (const auto& p : e->fparts) expr(p.expr.get(), local);
        return;
      default: break;
    }
    expr(e->a.get(), local);
    expr(e->b.get(), local);
    expr(e->c.get(), local);
    for (const auto& x : e->elts) expr(x.get(), local);
    for (const auto& x : e->elts2) expr(x.get(), local);
    for (const auto& k : e->keywords) expr(k.value.get(), local);
  }

  void function(const Stmt& s, const Scope& outer) {
    for (const auto& d : s.decorators) expr(d.get(), outer);
    Scope inner = outer;
    for (const auto& p : s.params) {
      expr(p.annotation.get(), outer);
      expr(p.default_value.get(), outer);
      inner.insert(p.name);
    }
    expr(s.returns.get(), outer);
    std::set<std::string> globals;
    bound_in(s.body, inner, globals);
    for (const auto& g : globals) inner.erase(g);
    block(s.body, inner);
  }

  void block(const frontend::Block& b, const Scope& local) {
    for (const auto& s : b) stmt(*s, local);
  }

  void stmt(const Stmt& s, const Scope& local) {
    switch (s.kind) {
      case StmtKind::FunctionDef: function(s, local); return;
      case StmtKind::ClassDef: {
        for (const auto& d : s.decorators) expr(d.get(), local);
        for (const auto& b : s.targets) expr(b.get(), local);
        // Class-level code sees the enclosing scope; methods do not see class-level names.
        for (const auto& m : s.body) {
          if (m->kind == StmtKind::FunctionDef) function(*m, local);
          else stmt(*m, local);
        }
        return;
      }
      case StmtKind::Import:
      case StmtKind::ImportFrom: return;
      case StmtKind::Try:
        for (const auto& h : s.handlers) {
          expr(h.type.get(), local);
          block(h.body, local);
        }
        break;
      case StmtKind::With:
        for (const auto& it : s.items) {
          expr(it.context.get(), local);
          expr(it.target.get(), local);
        }
        break;
      default: break;
    }
    expr(s.value.get(), local);
    expr(s.test.get(), local);
    expr(s.annotation.get(), local);
    for (const auto& t : s.targets) expr(t.get(), local);
    block(s.body, local);
    block(s.orelse, local);
    block(s.finalbody, local);
  }

  Refs& refs_;
};

// One user module being cut down to what the archive needs.
struct ModuleCode {
  std::string name;  // as imported ("model", "pkg.layers"); the main script under its archive name
  std::string path;
  std::string text;
  std::unique_ptr<frontend::Module> ast;
  std::map<std::string, std::vector<size_t>> bound;  // global name -> top-level statements binding it
  std::set<std::string> compound;                    // names bound only inside if/for/while/with/try
  std::vector<bool> keep;
  std::set<std::string> done;  // names already resolved
};

uint32_t first_line(const Stmt& s) {
  uint32_t l = s.span.line;
  for (const auto& d : s.decorators) l = std::min(l, d->span.line);
  return l;
}

}  // namespace

std::vector<CodeFile> extract_code(const ir::Program& prog, const std::set<std::pair<std::string, std::string>>& classes,
                                   const std::string& main_name) {
  std::map<std::string, const ir::ModuleUnit*> units;  // user modules by name
  for (const auto& u : prog.modules)
    if (!u.path.starts_with(frontend::kStdlibPrefix)) units[u.name] = &u;
  frontend::SourceManager sm;
  std::map<std::string, std::unique_ptr<ModuleCode>> mods;
  auto module = [&](const std::string& name) -> ModuleCode* {
    auto it = mods.find(name);
    if (it != mods.end()) return it->second.get();
    auto u = units.find(name);
    if (u == units.end()) return nullptr;
    auto m = std::make_unique<ModuleCode>();
    m->name = name == "__main__" ? main_name : name;
    m->path = u->second->path;
    for (const auto& f : prog.files)
      if (f.path == m->path) m->text = f.text;
    frontend::Diagnostics diags;
    m->ast = frontend::parse_module(sm, sm.add(m->path, m->text), diags);
    TS_CHECK(m->ast, "cannot save the model: ", m->path, " no longer parses");
    const auto& body = m->ast->body;
    m->keep.assign(body.size(), false);
    for (size_t i = 0; i < body.size(); ++i) {
      const Stmt& s = *body[i];
      std::set<std::string> names, globals;
      frontend::Block one;
      if (s.kind == StmtKind::If || s.kind == StmtKind::For || s.kind == StmtKind::While || s.kind == StmtKind::With ||
          s.kind == StmtKind::Try) {
        // Only a plain definition or assignment can be carried; remember what these would set.
        bound_in(s.body, names, globals);
        bound_in(s.orelse, names, globals);
        if (s.kind == StmtKind::For) frontend::target_names(*s.targets[0], names);
        m->compound.insert(names.begin(), names.end());
        continue;
      }
      switch (s.kind) {
        case StmtKind::FunctionDef:
        case StmtKind::ClassDef: names.insert(s.name); break;
        case StmtKind::Assign:
        case StmtKind::AugAssign:
        case StmtKind::AnnAssign:
          for (const auto& t : s.targets) frontend::target_names(*t, names);
          break;
        case StmtKind::Import:
        case StmtKind::ImportFrom:
          for (const auto& a : s.aliases) names.insert(!a.asname.empty() ? a.asname : a.name.substr(0, a.name.find('.')));
          break;
        default: break;
      }
      for (const auto& n : names) m->bound[n].push_back(i);
    }
    ModuleCode* raw = m.get();
    mods[name] = std::move(m);
    return raw;
  };

  std::vector<std::pair<std::string, std::string>> work(classes.begin(), classes.end());
  while (!work.empty()) {
    auto [mname, name] = work.back();
    work.pop_back();
    ModuleCode* m = module(mname);
    if (!m || m->done.count(name)) continue;
    m->done.insert(name);
    if (name == "*") {
      for (const auto& [n, _] : m->bound) work.emplace_back(mname, n);
      continue;
    }
    auto b = m->bound.find(name);
    if (b == m->bound.end()) {
      TS_CHECK(!m->compound.count(name), "cannot save the model: the global `", name, "` of ", m->path,
               " is set inside an if/for/while/with/try statement, which an archive does not carry; "
               "set it with a plain top-level assignment");
      continue;  // a builtin
    }
    for (size_t i : b->second) {
      if (m->keep[i]) continue;
      m->keep[i] = true;
      const Stmt& s = *m->ast->body[i];
      if (s.kind == StmtKind::Import || s.kind == StmtKind::ImportFrom) {
        // A user module it imports: what this module reads from it is needed there.
        for (const auto& a : s.aliases) {
          std::string bind = !a.asname.empty() ? a.asname : a.name.substr(0, a.name.find('.'));
          if (bind != name && a.name != "*") continue;
          std::string target = s.kind == StmtKind::Import ? a.name : s.name;
          if (s.kind == StmtKind::ImportFrom && s.level > 0) {
            std::string base = mname == "__main__" ? "" : mname;
            for (int k = 0; k < s.level; ++k) base = base.substr(0, base.rfind('.') == std::string::npos ? 0 : base.rfind('.'));
            target = base.empty() ? s.name : s.name.empty() ? base : base + "." + s.name;
          }
          if (!units.count(target) && s.kind == StmtKind::ImportFrom && units.count(target + "." + a.name)) {
            work.emplace_back(target + "." + a.name, "*");  // `from pkg import mod`
            continue;
          }
          if (!units.count(target)) continue;
          if (s.kind == StmtKind::ImportFrom) {
            work.emplace_back(target, a.name);
            continue;
          }
          // `import pkg.mod [as m]`: the attributes read through it.
          std::string prefix = !a.asname.empty() ? a.asname + "." : a.name + ".";
          Refs refs;
          RefCollector rc(refs);
          for (size_t j = 0; j < m->keep.size(); ++j)
            if (m->keep[j]) rc.top(*m->ast->body[j]);
          bool any = false;
          for (const auto& d : refs.dotted)
            if (d.starts_with(prefix)) {
              std::string rest = d.substr(prefix.size());
              work.emplace_back(target, rest.substr(0, rest.find('.')));
              any = true;
            }
          if (!any) work.emplace_back(target, "*");
        }
        continue;
      }
      Refs refs;
      RefCollector(refs).top(s);
      for (const auto& n : refs.names) work.emplace_back(mname, n);
      for (const auto& d : refs.dotted) work.emplace_back(mname, d.substr(0, d.find('.')));
    }
    // A later `import mod` may need names found after it was first kept: revisit kept imports.
    for (size_t i = 0; i < m->keep.size(); ++i) {
      const Stmt& s = *m->ast->body[i];
      if (!m->keep[i] || s.kind != StmtKind::Import) continue;
      for (const auto& a : s.aliases) {
        if (!units.count(a.name)) continue;
        std::string prefix = (!a.asname.empty() ? a.asname : a.name) + ".";
        Refs refs;
        RefCollector rc(refs);
        for (size_t j = 0; j < m->keep.size(); ++j)
          if (m->keep[j]) rc.top(*m->ast->body[j]);
        for (const auto& d : refs.dotted)
          if (d.starts_with(prefix)) {
            std::string rest = d.substr(prefix.size());
            std::string n = rest.substr(0, rest.find('.'));
            ModuleCode* t = module(a.name);
            if (t && !t->done.count(n)) work.emplace_back(a.name, n);
          }
      }
    }
  }

  std::vector<CodeFile> out;
  for (const auto& [name, m] : mods) {
    const auto& body = m->ast->body;
    std::vector<std::string> lines;
    for (size_t b = 0; b <= m->text.size();) {
      size_t e = m->text.find('\n', b);
      if (e == std::string::npos) e = m->text.size();
      lines.push_back(m->text.substr(b, e - b));
      b = e + 1;
    }
    std::vector<int> state(lines.size() + 2, 0);  // 0 untouched, 1 kept, 2 dropped
    for (size_t i = 0; i < body.size(); ++i) {
      uint32_t from = first_line(*body[i]);
      uint32_t to = i + 1 < body.size() ? first_line(*body[i + 1]) - 1 : uint32_t(lines.size());
      if (i + 1 < body.size() && first_line(*body[i + 1]) == body[i]->span.line) to = from;
      for (uint32_t l = from; l <= to && l <= lines.size(); ++l) {
        int want = m->keep[i] ? 1 : 2;
        TS_CHECK(state[l] == 0 || state[l] == want, "cannot save the model: ", m->path, ":", l,
                 " holds a statement the archive needs and one it must leave out; put them on separate lines");
        state[l] = want;
      }
    }
    std::string text;
    for (size_t l = 1; l <= lines.size(); ++l) {
      if (state[l] != 2) text += lines[l - 1];
      if (l < lines.size()) text += "\n";
    }
    while (text.ends_with("\n\n")) text.pop_back();
    std::string rel = m->name;
    std::replace(rel.begin(), rel.end(), '.', '/');
    bool package = m->path.ends_with("/__init__.ts") || m->path == "__init__.ts";
    out.push_back(CodeFile{m->name, rel + (package ? "/__init__.ts" : ".ts"), text});
  }
  return out;
}

}  // namespace ts::archive
