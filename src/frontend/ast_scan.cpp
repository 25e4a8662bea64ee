// Scans over the syntax tree that the checker and the emitter share: the names a block binds,
// whether it returns or breaks.
#include "frontend/ast.h"

namespace ts::frontend {

void target_names(const Expr& t, std::set<std::string>& out) {
  if (t.kind == ExprKind::Name) out.insert(t.name);
  if (t.kind == ExprKind::Tuple || t.kind == ExprKind::List)
    for (const auto& e : t.elts) target_names(*e, out);
  if (t.kind == ExprKind::Starred && t.a) target_names(*t.a, out);
}

void assigned_names(const Block& b, std::set<std::string>& out) {
  for (const auto& s : b) {
    switch (s->kind) {
      case StmtKind::Assign:
      case StmtKind::AugAssign:
      case StmtKind::AnnAssign:
      case StmtKind::For:
        for (const auto& t : s->targets) target_names(*t, out);
        break;
      case StmtKind::With:
        for (const auto& w : s->items)
          if (w.target) target_names(*w.target, out);
        break;
      case StmtKind::FunctionDef:
      case StmtKind::ClassDef:
        out.insert(s->name);
        continue;
      case StmtKind::Import:
      case StmtKind::ImportFrom:
        for (const auto& a : s->aliases) out.insert(a.asname.empty() ? a.name.substr(0, a.name.find('.')) : a.asname);
        break;
      default: break;
    }
    assigned_names(s->body, out);
    assigned_names(s->orelse, out);
    assigned_names(s->finalbody, out);
    for (const auto& h : s->handlers) {
      if (!h.name.empty()) out.insert(h.name);
      assigned_names(h.body, out);
    }
  }
}

bool has_return(const Block& b) {
  for (const auto& s : b) {
    if (s->kind == StmtKind::Return) return true;
    if (s->kind == StmtKind::FunctionDef || s->kind == StmtKind::ClassDef) continue;
    if (has_return(s->body) || has_return(s->orelse) || has_return(s->finalbody)) return true;
    for (const auto& h : s->handlers)
      if (has_return(h.body)) return true;
  }
  return false;
}

bool has_break(const Block& b, bool include_continue) {
  for (const auto& s : b) {
    if (s->kind == StmtKind::Break || (include_continue && s->kind == StmtKind::Continue)) return true;
    if (s->kind == StmtKind::For || s->kind == StmtKind::While) {
      if (has_break(s->orelse, include_continue)) return true;
      continue;  // their breaks are their own
    }
    if (s->kind == StmtKind::FunctionDef || s->kind == StmtKind::ClassDef) continue;
    if (has_break(s->body, include_continue) || has_break(s->orelse, include_continue) ||
        has_break(s->finalbody, include_continue))
      return true;
    for (const auto& h : s->handlers)
      if (has_break(h.body, include_continue)) return true;
  }
  return false;
}

}  // namespace ts::frontend
