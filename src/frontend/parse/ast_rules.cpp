// AST-building rules shared by the converter and the recursive-descent parser (ast_rules.h).
#include "frontend/parse/ast_rules.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>

#include "frontend/parse/convert.h"

namespace ts::frontend {

BinOp binop_from(std::string_view op) {
  if (op == "+") return BinOp::Add;
  if (op == "-") return BinOp::Sub;
  if (op == "*") return BinOp::Mul;
  if (op == "@") return BinOp::MatMul;
  if (op == "/") return BinOp::Div;
  if (op == "//") return BinOp::FloorDiv;
  if (op == "%") return BinOp::Mod;
  if (op == "**") return BinOp::Pow;
  if (op == "<<") return BinOp::LShift;
  if (op == ">>") return BinOp::RShift;
  if (op == "|") return BinOp::BitOr;
  if (op == "^") return BinOp::BitXor;
  return BinOp::BitAnd;
}

bool int_literal_value(std::string t, int64_t* value) {
  std::erase(t, '_');
  int base = 10;
  size_t skip = 0;
  if (t.size() > 1 && t[0] == '0') {
    char k = static_cast<char>(t[1] | 0x20);
    if (k == 'x') base = 16, skip = 2;
    if (k == 'o') base = 8, skip = 2;
    if (k == 'b') base = 2, skip = 2;
  }
  errno = 0;
  unsigned long long v = std::strtoull(t.c_str() + skip, nullptr, base);
  *value = 0;
  if (errno == ERANGE || v > 9223372036854775808ull) return false;
  // 2**63 is only meaningful under a unary minus; checked by the checker.
  *value = v == 9223372036854775808ull ? INT64_MIN : static_cast<int64_t>(v);
  return true;
}

double float_literal_value(std::string t) {
  std::erase(t, '_');
  return std::strtod(t.c_str(), nullptr);
}

ExprPtr make_unary(char op, ExprPtr operand, const Span& s) {
  // Fold `-literal` so that -9223372036854775808 and -1.5 are literals.
  if (op == '-' && operand->kind == ExprKind::Int && !operand->parenthesized && operand->ival >= 0) {
    operand->ival = -operand->ival;
    operand->span = s;
    return operand;
  }
  if (op == '-' && operand->kind == ExprKind::Float && !operand->parenthesized) {
    operand->fval = -operand->fval;
    operand->span = s;
    return operand;
  }
  auto e = std::make_unique<Expr>(ExprKind::Unary, s);
  e->uop = op == '-' ? UnaryOp::Neg : op == '+' ? UnaryOp::Pos : UnaryOp::Invert;
  e->a = std::move(operand);
  return e;
}

ExprPtr make_binary(BinOp op, ExprPtr a, ExprPtr b) {
  auto e = std::make_unique<Expr>(ExprKind::Binary, Span::join(a->span, b->span));
  e->bop = op;
  e->a = std::move(a);
  e->b = std::move(b);
  return e;
}

ExprPtr set_call(ExprPtr inner, const Span& s) {
  auto call = std::make_unique<Expr>(ExprKind::Call, s);
  call->a = std::make_unique<Expr>(ExprKind::Name, s);
  call->a->name = "set";
  call->elts.push_back(std::move(inner));
  return call;
}

void check_target(const Expr& e, const ReportFn& report) {
  switch (e.kind) {
    case ExprKind::Name:
    case ExprKind::Attribute:
    case ExprKind::Subscript:
      return;
    case ExprKind::Tuple:
    case ExprKind::List:
      for (const auto& x : e.elts) {
        if (x) check_target(*x, report);
      }
      return;
    case ExprKind::Starred:
      if (e.a) check_target(*e.a, report);
      return;
    case ExprKind::Call:
      report(e.span, "cannot assign to a function call");
      return;
    default:
      report(e.span, "cannot assign to this expression");
      return;
  }
}

void check_param(const std::vector<Param>& before, const Param& q, bool& seen_default, const ReportFn& report) {
  for (const auto& prev : before) {
    if (prev.name == q.name) report(q.span, "duplicate parameter `" + q.name + "` in function definition");
    if (prev.kwvar) report(q.span, "parameter `" + q.name + "` follows `**" + prev.name + "`, which must come last");
  }
  if (q.vararg && q.default_value) report(q.span, "`*" + q.name + "` cannot have a default value");
  if (q.kwvar && q.default_value) report(q.span, "`**" + q.name + "` cannot have a default value");
  if (q.kwvar) return;
  if (q.default_value) {
    seen_default = true;
  } else if (seen_default && !q.kwonly && !q.vararg) {
    report(q.span, "parameter `" + q.name + "` without a default follows a parameter with a default");
  }
}

bool keyword_repeated(const Expr& call, const std::string& name) {
  return std::any_of(call.keywords.begin(), call.keywords.end(),
                     [&](const Keyword& k) { return k.name == name; });
}

namespace {

void parse_fields(std::vector<FStringPart>& parts, FileId file, Diagnostics& diags, int depth) {
  for (auto& p : parts) {
    if (!p.is_field) continue;
    p.expr = parse_field_expr(p.text, file, p.span.line, p.span.col, diags, depth);
    if (!p.expr) p.expr = std::make_unique<Expr>(ExprKind::None, p.span);
    parse_fields(p.spec, file, diags, depth);
  }
}

}  // namespace

ExprPtr string_expr(const std::vector<StringToken>& toks, const Span& s, FileId file, Diagnostics& diags,
                    int depth) {
  std::vector<FStringPart> parts;
  bool any_f = false;
  for (const auto& tk : toks) {
    StringPieces p = decode_string(std::string(tk.text), file, tk.span.line, tk.span.col, diags);
    if (p.is_bytes) diags.error(tk.span, "bytes literals are not supported in Ts");
    if (p.is_fstring) {
      any_f = true;
      for (auto& part : p.parts) parts.push_back(std::move(part));
    } else {
      FStringPart lit;
      lit.text = std::move(p.text);
      parts.push_back(std::move(lit));
    }
  }
  if (!any_f) {
    auto e = std::make_unique<Expr>(ExprKind::Str, s);
    for (auto& p : parts) e->name += p.text;
    return e;
  }
  auto e = std::make_unique<Expr>(ExprKind::FString, s);
  parse_fields(parts, file, diags, depth);
  e->fparts = std::move(parts);
  return e;
}

}  // namespace ts::frontend
