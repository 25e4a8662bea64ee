// Parse tree to AST: expressions, calls, comprehensions, literals and f-string fields.
#include "frontend/parse/ast_rules.h"
#include "frontend/parse/converter.h"

namespace ts::frontend::parse_detail {

// A comma list: one item without a trailing comma is the item itself, else a Tuple.
ExprPtr Converter::tuple_or_single(ParserRuleContext* list) {
  if (list == nullptr) return nullptr;
  std::vector<ExprPtr> items;
  bool comma = false;
  for (auto* c : list->children) {
    if (rule(c)) items.push_back(expr(c));
    else if (text_of(c) == ",") comma = true;
  }
  if (items.size() == 1 && !comma) return std::move(items[0]);
  auto t = std::make_unique<Expr>(ExprKind::Tuple, span(list));
  t->elts = std::move(items);
  return t;
}

std::vector<ExprPtr> Converter::list_items(ParserRuleContext* list) {
  std::vector<ExprPtr> items;
  for (auto* c : list->children) {
    if (rule(c)) items.push_back(target(expr(c)));
  }
  return items;
}

BinOp Converter::binop(const std::string& op) { return binop_from(op); }

// Loops (a + b + ..., x.f()[i]..., @a.b.c, elif chains) build left-deep trees without
// recursing here, so each operand is converted with depth_ raised by the depth it will sit
// at: the tree's height stays under kMaxRuleDepth and nothing that walks or destroys it
// recurses without bound. True (after one error) when `links` levels do not fit.
bool Converter::chain_too_deep(ParseTree* t, size_t links, const char* what) {
  if (static_cast<size_t>(depth_) + links <= static_cast<size_t>(kMaxRuleDepth)) return false;
  error(span(t), std::string(what) + " nested too deeply");
  return true;
}

// Left-associative binary levels: operand (op operand)*.
ExprPtr Converter::binary_chain(ParserRuleContext* ctx) {
  size_t n = 0;
  for (auto* c : ctx->children) n += rule(c) ? 1 : 0;
  if (n > 1 && chain_too_deep(ctx, n - 1, "expression")) return std::make_unique<Expr>(ExprKind::None, span(ctx));
  ExprPtr acc;
  std::string op;
  size_t i = 0;
  for (auto* c : ctx->children) {
    if (rule(c)) {
      // Operand 0 ends up n-1 levels below the chain's root, operand i >= 1 n-i levels.
      DepthBump bump(depth_, i == 0 ? n - 1 : n - i);
      ExprPtr x = expr(c);
      acc = acc ? make_binary(binop(op), std::move(acc), std::move(x)) : std::move(x);
      ++i;
    } else {
      op = text_of(c);
    }
  }
  return acc;
}

ExprPtr Converter::expr(ParseTree* t) {
  if (++depth_ > kMaxRuleDepth) {
    --depth_;
    error(span(t), "expression nested too deeply");
    return std::make_unique<Expr>(ExprKind::None, span(t));
  }
  ExprPtr e = expr_inner(t);
  --depth_;
  if (!e) e = std::make_unique<Expr>(ExprKind::None, span(t));
  return e;
}

ExprPtr Converter::expr_inner(ParseTree* t) {
  auto* r = rule(t);
  if (r == nullptr) return nullptr;
  auto& ch = r->children;
  switch (r->getRuleIndex()) {
    case P::RuleTest: {
      auto* c = static_cast<P::TestContext*>(r);
      if (c->lambdef()) return lambda(c->lambdef());
      auto ors = c->or_test();
      if (ors.size() == 1) return expr(ors[0]);
      auto e = std::make_unique<Expr>(ExprKind::IfExp, span(r));
      e->a = expr(ors[0]);
      e->b = expr(ors[1]);
      e->c = expr(c->test());
      return e;
    }
    case P::RuleTest_nocond:
    case P::RuleStar_expr:
      if (r->getRuleIndex() == P::RuleStar_expr) {
        auto e = std::make_unique<Expr>(ExprKind::Starred, span(r));
        e->a = expr(ch.back());
        return e;
      }
      return expr(ch.at(0));
    case P::RuleLambdef:
    case P::RuleLambdef_nocond:
      return lambda(r);
    case P::RuleOr_test:
    case P::RuleAnd_test: {
      if (ch.size() == 1) return expr(ch[0]);
      // The emitter nests one prim::If per operand (short circuit): a chain as deep as the
      // operands are many.
      size_t n = (ch.size() + 1) / 2;
      if (chain_too_deep(r, n - 1, "expression")) return std::make_unique<Expr>(ExprKind::None, span(r));
      auto e = std::make_unique<Expr>(ExprKind::BoolOp, span(r));
      e->is_and = r->getRuleIndex() == P::RuleAnd_test;
      for (auto* c : ch) {
        if (!rule(c)) continue;
        DepthBump bump(depth_, e->elts.size());
        e->elts.push_back(expr(c));
      }
      return e;
    }
    case P::RuleNot_test: {
      if (ch.size() == 1) return expr(ch[0]);
      auto e = std::make_unique<Expr>(ExprKind::Unary, span(r));
      e->uop = UnaryOp::Not;
      e->a = expr(ch[1]);
      return e;
    }
    case P::RuleComparison: {
      if (ch.size() == 1) return expr(ch[0]);
      // As for `and`: a < b < c nests one prim::If per further comparison.
      if (chain_too_deep(r, (ch.size() + 1) / 2 - 2, "comparison chain")) return std::make_unique<Expr>(ExprKind::None, span(r));
      auto e = std::make_unique<Expr>(ExprKind::Compare, span(r));
      for (auto* c : ch) {
        DepthBump bump(depth_, e->elts.size());
        if (rule_index(c) == P::RuleComp_op) {
          std::string op;
          for (auto* k : rule(c)->children) op += (op.empty() ? "" : " ") + text_of(k);
          e->cmp_ops.push_back(op == "<"    ? CmpOp::Lt
                               : op == ">"  ? CmpOp::Gt
                               : op == "==" ? CmpOp::Eq
                               : op == ">=" ? CmpOp::Ge
                               : op == "<=" ? CmpOp::Le
                               : op == "!=" ? CmpOp::Ne
                               : op == "in" ? CmpOp::In
                               : op == "not in" ? CmpOp::NotIn
                               : op == "is"     ? CmpOp::Is
                                                : CmpOp::IsNot);
        } else if (!e->a) {
          e->a = expr(c);
        } else {
          e->elts.push_back(expr(c));
        }
      }
      return e;
    }
    case P::RuleExpr:
    case P::RuleXor_expr:
    case P::RuleAnd_expr:
    case P::RuleShift_expr:
    case P::RuleArith_expr:
    case P::RuleTerm:
      if (ch.size() == 1) return expr(ch[0]);
      return binary_chain(r);
    case P::RuleFactor: {
      if (ch.size() == 1) return expr(ch[0]);
      std::string op = text_of(ch[0]);
      return make_unary(op[0], expr(ch[1]), span(r));
    }
    case P::RulePower: {
      if (ch.size() == 1) return expr(ch[0]);
      return make_binary(BinOp::Pow, expr(ch[0]), expr(ch[2]));
    }
    case P::RuleAtom_expr: {
      // atom trailer*: the atom sits n levels down, trailer i's arguments n-i+1.
      size_t n = ch.size() - 1;
      if (chain_too_deep(r, n, "expression")) return std::make_unique<Expr>(ExprKind::None, span(r));
      ExprPtr e;
      {
        DepthBump bump(depth_, n);
        e = expr(ch.at(0));
      }
      for (size_t i = 1; i < ch.size(); ++i) {
        DepthBump bump(depth_, n - i + 1);
        e = trailer(std::move(e), static_cast<P::TrailerContext*>(ch[i]));
      }
      return e;
    }
    case P::RuleAtom:
      return atom(static_cast<P::AtomContext*>(r));
    default:
      error(span(r), "unsupported expression");
      return nullptr;
  }
}

ExprPtr Converter::lambda(ParserRuleContext* r) {
  auto e = std::make_unique<Expr>(ExprKind::Lambda, span(r));
  for (auto* c : r->children) {
    if (rule_index(c) == P::RuleLambda_params) {
      for (auto* pc : static_cast<P::Lambda_paramsContext*>(c)->lambda_param()) {
        if (!pc->NAME() || pc->getStart()->getText() == "*" || pc->getStart()->getText() == "**") {
          error(span(pc), "lambda parameters must be plain names in Ts");
          continue;
        }
        Param q;
        q.name = pc->NAME()->getText();
        q.span = span(pc->NAME());
        if (pc->test()) q.default_value = expr(pc->test());
        e->params.push_back(std::move(q));
      }
    } else if (rule(c)) {
      e->a = expr(c);
    }
  }
  return e;
}

ExprPtr Converter::trailer(ExprPtr base, P::TrailerContext* t) {
  Span s = Span::join(base->span, span(t));
  if (t->NAME()) {
    auto e = std::make_unique<Expr>(ExprKind::Attribute, s);
    e->a = std::move(base);
    e->name = t->NAME()->getText();
    e->name_span = span(t->NAME());
    return e;
  }
  if (t->LPAR()) {
    auto e = std::make_unique<Expr>(ExprKind::Call, s);
    e->a = std::move(base);
    if (t->arglist()) arglist(t->arglist(), *e);
    return e;
  }
  auto e = std::make_unique<Expr>(ExprKind::Subscript, s);
  e->a = std::move(base);
  for (auto* sub : t->subscriptlist()->subscript()) e->elts.push_back(subscript(sub));
  return e;
}

ExprPtr Converter::subscript(P::SubscriptContext* sub) {
  auto& ch = sub->children;
  if (ch.size() == 1 && text_of(ch[0]) != ":") return expr(ch[0]);
  auto e = std::make_unique<Expr>(ExprKind::Slice, span(sub));
  // test? ':' test? sliceop?
  int part = 0;
  for (auto* c : ch) {
    if (text_of(c) == ":") {
      part = 1;
    } else if (rule_index(c) == P::RuleSliceop) {
      auto* so = static_cast<P::SliceopContext*>(c);
      if (so->test()) e->c = expr(so->test());
    } else if (rule(c)) {
      (part == 0 ? e->a : e->b) = expr(c);
    }
  }
  return e;
}

void Converter::arglist(P::ArglistContext* al, Expr& call) {
  bool seen_kw = false;
  for (auto* a : al->argument()) {
    auto tests = a->test();
    std::string first = a->getStart()->getText();
    if (a->children.size() == 2 && first == "*" && !seen_kw) {  // f(*xs): fills a *args parameter
      auto st = std::make_unique<Expr>(ExprKind::Starred, span(a));
      st->a = expr(tests[0]);
      if (st->a->kind == ExprKind::ListComp && st->a->ival == kGeneratorExpression) st->a->ival = kGeneratorArgument;
      call.elts.push_back(std::move(st));
      continue;
    }
    if (a->children.size() == 2 && first == "**") {  // f(**mapping): keywords named at run time
      Keyword k;
      k.name_span = span(a);
      k.value = expr(tests[0]);
      call.keywords.push_back(std::move(k));
      seen_kw = true;
      continue;
    }
    if (a->children.size() == 2 && first == "*") {
      error(span(a), "`*` unpacking after keyword arguments is not supported in Ts");
      continue;
    }
    if (tests.size() == 2) {
      ExprPtr name = expr(tests[0]);
      if (name->kind != ExprKind::Name || name->parenthesized) {
        error(name->span, "expression cannot be a keyword argument name; expected `name=value`");
        continue;
      }
      if (keyword_repeated(call, name->name)) {
        error(name->span, "keyword argument repeated: `" + name->name + "`");
        continue;
      }
      Keyword k;
      k.name = name->name;
      k.name_span = name->span;
      k.value = expr(tests[1]);
      call.keywords.push_back(std::move(k));
      seen_kw = true;
      continue;
    }
    ExprPtr v;
    if (a->comp_for()) {
      // f(x for x in xs): a generator argument, taken as a list comprehension.
      v = std::make_unique<Expr>(ExprKind::ListComp, span(a));
      v->a = expr(tests[0]);
      comp_for(a->comp_for(), v->comps);
    } else {
      v = expr(tests.at(0));
      if (v->kind == ExprKind::ListComp && v->ival == kGeneratorExpression) v->ival = kGeneratorArgument;
    }
    if (seen_kw) {
      error(v->span, "positional argument follows keyword argument");
      continue;
    }
    call.elts.push_back(std::move(v));
  }
}

void Converter::comp_for(P::Comp_forContext* cf, std::vector<Comprehension>& out) {
  while (cf != nullptr) {
    Comprehension c;
    c.target = target(exprlist(cf->exprlist()));
    c.iter = expr(cf->or_test());
    P::Comp_iterContext* it = cf->comp_iter();
    cf = nullptr;
    while (it != nullptr) {
      if (it->comp_for()) {
        cf = it->comp_for();
        break;
      }
      P::Comp_ifContext* ci = it->comp_if();
      c.ifs.push_back(expr(ci->test_nocond()));
      it = ci->comp_iter();
    }
    out.push_back(std::move(c));
  }
}

ExprPtr Converter::atom(P::AtomContext* a) {
  Span s = span(a);
  if (a->NAME()) {
    auto e = std::make_unique<Expr>(ExprKind::Name, s);
    e->name = a->NAME()->getText();
    return e;
  }
  if (a->INTEGER()) return int_literal(a->INTEGER()->getText(), s);
  if (a->FLOAT_NUMBER()) {
    auto e = std::make_unique<Expr>(ExprKind::Float, s);
    e->fval = float_literal_value(a->FLOAT_NUMBER()->getText());
    return e;
  }
  if (a->IMAG_NUMBER()) {
    error(s, "complex numbers are not supported in Ts");
    return std::make_unique<Expr>(ExprKind::Float, s);
  }
  if (!a->STRING().empty()) return strings(a->STRING(), s);
  if (a->LPAR()) {
    auto* tc = a->testlist_comp();
    if (tc == nullptr) {
      auto e = std::make_unique<Expr>(ExprKind::Tuple, s);
      return e;
    }
    if (tc->comp_for()) {
      // A generator expression: a list comprehension marked so (Note [Generator arguments]).
      auto g = std::make_unique<Expr>(ExprKind::ListComp, s);
      g->a = expr(tc->children.at(0));
      comp_for(tc->comp_for(), g->comps);
      g->ival = kGeneratorExpression;
      g->parenthesized = true;
      return g;
    }
    ExprPtr e = tuple_or_single(tc);
    if (e->kind == ExprKind::Tuple) e->span = s;
    e->parenthesized = true;
    return e;
  }
  if (a->LSQB()) {
    auto* tc = a->testlist_comp();
    if (tc && tc->comp_for()) {
      auto e = std::make_unique<Expr>(ExprKind::ListComp, s);
      e->a = expr(tc->children[0]);
      comp_for(tc->comp_for(), e->comps);
      return e;
    }
    auto e = std::make_unique<Expr>(ExprKind::List, s);
    if (tc) {
      for (auto* c : tc->children) {
        if (rule(c)) e->elts.push_back(expr(c));
      }
    }
    return e;
  }
  if (a->LBRACE()) return dict(a->dictorsetmaker(), s);
  std::string t = a->getText();
  if (t == "...") return std::make_unique<Expr>(ExprKind::Ellipsis, s);
  if (t == "None") return std::make_unique<Expr>(ExprKind::None, s);
  auto e = std::make_unique<Expr>(ExprKind::Bool, s);
  e->ival = t == "True";
  return e;
}

ExprPtr Converter::dict(P::DictorsetmakerContext* d, const Span& s) {
  if (d == nullptr) return std::make_unique<Expr>(ExprKind::Dict, s);
  auto& ch = d->children;
  bool is_dict = false;
  for (auto* c : ch) {
    std::string t = text_of(c);
    if (t == ":" || t == "**") is_dict = true;
    if (t == "," || rule_index(c) == P::RuleComp_for) break;
  }
  if (!is_dict) {
    // A set display is `set([...])` (a comprehension `set([... for ...])`): Note [Sets are
    // dicts] in src/frontend/check/check_python_builtins.cpp; the parser builds the same.
    ExprPtr inner;
    if (d->comp_for()) {
      inner = std::make_unique<Expr>(ExprKind::ListComp, s);
      inner->a = expr(ch.at(0));
      comp_for(d->comp_for(), inner->comps);
    } else {
      inner = std::make_unique<Expr>(ExprKind::List, s);
      for (auto* c : ch)
        if (rule(c)) inner->elts.push_back(expr(c));
    }
    return set_call(std::move(inner), s);
  }
  if (d->comp_for()) {
    auto e = std::make_unique<Expr>(ExprKind::DictComp, s);
    e->a = expr(ch.at(0));
    e->b = expr(ch.at(2));
    comp_for(d->comp_for(), e->comps);
    return e;
  }
  auto e = std::make_unique<Expr>(ExprKind::Dict, s);
  for (size_t i = 0; i < ch.size(); ++i) {
    if (text_of(ch[i]) == "**" && i + 1 < ch.size()) {
      // `**mapping`: a Starred key, its value a placeholder (Note [Dict unpacking]).
      auto st = std::make_unique<Expr>(ExprKind::Starred, Span::join(span(ch[i]), span(ch[i + 1])));
      st->a = expr(ch[i + 1]);
      e->elts2.get().push_back(std::make_unique<Expr>(ExprKind::None, st->span));
      e->elts.push_back(std::move(st));
      ++i;
    } else if (rule(ch[i]) && i + 2 < ch.size() && text_of(ch[i + 1]) == ":") {
      e->elts.push_back(expr(ch[i]));
      e->elts2.push_back(expr(ch[i + 2]));
      i += 2;
    }
  }
  return e;
}

ExprPtr Converter::int_literal(std::string t, const Span& s) {
  auto e = std::make_unique<Expr>(ExprKind::Int, s);
  if (!int_literal_value(std::move(t), &e->ival)) error(s, kIntTooLarge);
  return e;
}

ExprPtr Converter::strings(const std::vector<TerminalNode*>& toks, const Span& s) {
  std::vector<StringToken> parts;
  std::vector<std::string> texts;
  texts.reserve(toks.size());
  for (auto* tk : toks) {
    texts.push_back(tk->getText());
    parts.push_back(StringToken{texts.back(), tok_span(tk->getSymbol())});
  }
  return string_expr(parts, s, file_, diags_, depth_);
}

}  // namespace ts::frontend::parse_detail
