// The AST as indented text (tsc --emit-ast): one node per line, kind first, then its fields.
#include <sstream>

#include "frontend/ast.h"
#include "frontend/frontend.h"

namespace ts::frontend {

namespace {

const char* expr_kind(ExprKind k) {
  static const char* names[] = {"Name", "Int", "Float", "Str", "FString", "Bool", "None", "Ellipsis",
                                "Tuple", "List", "Dict", "ListComp", "DictComp", "Attribute", "Subscript",
                                "Slice", "Call", "Starred", "Unary", "Binary", "BoolOp", "Compare", "IfExp",
                                "Lambda"};
  return names[int(k)];
}
const char* stmt_kind(StmtKind k) {
  static const char* names[] = {"Expr", "Assign", "AugAssign", "AnnAssign", "If", "While", "For", "Break",
                                "Continue", "Pass", "Return", "FunctionDef", "ClassDef", "With", "Try",
                                "Raise", "Assert", "Del", "Global", "Nonlocal", "Import", "ImportFrom"};
  return names[int(k)];
}

class Dumper {
 public:
  explicit Dumper(bool full) : full_(full) {}
  std::ostringstream os;
  std::string at(const Span& sp) const {
    std::string r = std::to_string(sp.line) + ":" + std::to_string(sp.col);
    if (full_) r += "-" + std::to_string(sp.end_line) + ":" + std::to_string(sp.end_col);
    return r;
  }
  void line(int d, const std::string& s, const Span& sp) {
    os << std::string(size_t(d) * 2, ' ') << s << "  @" << at(sp) << "\n";
  }
  void fpart(const FStringPart& p, const Span& outer, int d) {
    if (!p.is_field) return line(d, "text '" + p.text + "'", outer);
    expr(p.expr.get(), d, "field");
    if (!full_) return;
    line(d + 1, "source '" + p.text + "'" + (p.conversion ? std::string(" !") + p.conversion : ""), p.span);
    for (const auto& q : p.spec) fpart(q, outer, d + 2);
  }
  void expr(const Expr* e, int d, const std::string& role = "") {
    if (!e) return;
    std::string h = (role.empty() ? "" : role + ": ") + expr_kind(e->kind);
    switch (e->kind) {
      case ExprKind::Name:
      case ExprKind::Attribute: h += " " + e->name; break;
      case ExprKind::Int:
      case ExprKind::Bool: h += " " + std::to_string(e->ival); break;
      case ExprKind::Float: {
        std::ostringstream f;
        f.precision(17);
        f << e->fval;
        h += " " + f.str();
        break;
      }
      case ExprKind::Str: h += " '" + e->name + "'"; break;
      case ExprKind::Binary: h += std::string(" ") + binop_str(e->bop); break;
      case ExprKind::Unary: h += std::string(" ") + unaryop_str(e->uop); break;
      case ExprKind::BoolOp: h += e->is_and ? " and" : " or"; break;
      case ExprKind::Compare:
        for (CmpOp c : e->cmp_ops) h += std::string(" ") + cmpop_str(c);
        break;
      default: break;
    }
    if (full_ && e->parenthesized) h += " (parenthesized)";
    if (full_ && e->kind == ExprKind::Attribute) h += " name@" + at(e->name_span);
    line(d, h, e->span);
    expr(e->a.get(), d + 1, "a");
    expr(e->b.get(), d + 1, "b");
    expr(e->c.get(), d + 1, "c");
    for (const auto& x : e->elts) expr(x.get(), d + 1);
    for (const auto& x : e->elts2) expr(x.get(), d + 1, "value");
    for (const auto& k : e->keywords) {
      expr(k.value.get(), d + 1, "keyword " + k.name + (full_ ? " name@" + at(k.name_span) : ""));
    }
    for (const auto& p : e->params) {
      line(d + 1, "param " + p.name, p.span);
      if (full_) expr(p.default_value.get(), d + 2, "default");
    }
    for (const auto& c : e->comps) {
      expr(c.target.get(), d + 1, "for");
      expr(c.iter.get(), d + 1, "in");
      for (const auto& f : c.ifs) expr(f.get(), d + 1, "if");
    }
    for (const auto& p : e->fparts) fpart(p, e->span, d + 1);
  }
  void block(const Block& b, int d, const std::string& role) {
    if (b.empty()) return;
    os << std::string(size_t(d) * 2, ' ') << role << ":\n";
    for (const auto& s : b) stmt(*s, d + 1);
  }
  void stmt(const Stmt& s, int d) {
    std::string h = stmt_kind(s.kind);
    if (!s.name.empty()) h += " " + s.name;
    if (s.kind == StmtKind::AugAssign) h += std::string(" ") + binop_str(s.bop) + "=";
    for (const auto& n : s.names) h += " " + n;
    for (const auto& a : s.aliases) {
      h += " " + a.name + (a.asname.empty() ? "" : " as " + a.asname) + (full_ ? "@" + at(a.span) : "");
    }
    if (full_ && s.level) h += " level " + std::to_string(s.level);
    if (full_ && s.name_span.valid()) h += " name@" + at(s.name_span);
    line(d, h, s.span);
    if (full_) {
      for (const auto& x : s.decorators) expr(x.get(), d + 1, "decorator");
    }
    for (const auto& p : s.params) {
      line(d + 1, "param " + p.name + (p.kwonly ? " (keyword-only)" : "") + (full_ && p.vararg ? " (vararg)" : "") + (p.kwvar ? " (kwargs)" : ""),
           p.span);
      expr(p.annotation.get(), d + 2, "annotation");
      expr(p.default_value.get(), d + 2, "default");
    }
    for (const auto& t : s.targets) expr(t.get(), d + 1, "target");
    expr(s.annotation.get(), d + 1, "annotation");
    expr(s.returns.get(), d + 1, "returns");
    expr(s.test.get(), d + 1, "test");
    expr(s.value.get(), d + 1, "value");
    for (const auto& w : s.items) {
      expr(w.context.get(), d + 1, "with");
      expr(w.target.get(), d + 1, "as");
    }
    block(s.body, d + 1, "body");
    for (const auto& h2 : s.handlers) {
      line(d + 1, "except" + (h2.name.empty() ? std::string() : " as " + h2.name), h2.span);
      expr(h2.type.get(), d + 2, "type");
      block(h2.body, d + 2, "body");
    }
    block(s.orelse, d + 1, "else");
    block(s.finalbody, d + 1, "finally");
  }

 private:
  bool full_;
};

}  // namespace

std::string dump_ast(const Module& m, bool full) {
  Dumper d(full);
  d.os << "Module " << m.path << "\n";
  for (const auto& s : m.body) d.stmt(*s, 1);
  return d.os.str();
}

}  // namespace ts::frontend
