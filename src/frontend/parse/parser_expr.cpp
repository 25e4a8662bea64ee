// The recursive-descent parser's expression rules (the class: parser_impl.h).
#include "frontend/parse/parser_impl.h"

namespace ts::frontend::direct::detail {

// A comma list of `item`s: one without a trailing comma is the item itself, else a Tuple.
template <class Item, class Starts>
ExprPtr Parser::comma_list(Item item, Starts starts) {
  Token start = la_[0];
  ExprPtr first = (this->*item)();
  if (!is(Tok::Comma)) return first;
  std::vector<ExprPtr> items;
  items.push_back(std::move(first));
  while (is(Tok::Comma)) {
    advance();
    if (!(this->*starts)()) break;
    items.push_back((this->*item)());
  }
  auto t = make(ExprKind::Tuple, from(start));
  t->elts = std::move(items);
  return t;
}

ExprPtr Parser::testlist_star_expr() { return comma_list(&Parser::test_or_star, &Parser::starts_test_or_star); }

ExprPtr Parser::testlist() { return comma_list(&Parser::test, &Parser::starts_test); }

ExprPtr Parser::exprlist() { return comma_list(&Parser::expr_or_star, &Parser::starts_expr); }

ExprPtr Parser::starred(ExprPtr (Parser::*operand)()) {
  Nest nest(*this);  // `[*[*[*...`
  Token start = la_[0];
  advance();
  ExprPtr a = (this->*operand)();
  auto e = make(ExprKind::Starred, from(start));
  e->a = std::move(a);
  return e;
}

ExprPtr Parser::test_or_star() { return is(Tok::Star) ? starred(&Parser::expr) : test(); }

ExprPtr Parser::expr_or_star() { return is(Tok::Star) ? starred(&Parser::expr) : expr(); }

ExprPtr Parser::expr() { return binary(0); }

ExprPtr Parser::test() {
  Nest nest(*this);
  if (is(Tok::Lambda)) return lambda(false);
  Token start = la_[0];
  ExprPtr body = or_test();
  if (!is(Tok::If)) return body;
  advance();
  ExprPtr cond = or_test();
  expect(Tok::Else);
  ExprPtr orelse = test();
  auto e = make(ExprKind::IfExp, from(start));
  e->a = std::move(body);
  e->b = std::move(cond);
  e->c = std::move(orelse);
  return e;
}

ExprPtr Parser::test_nocond() {
  Nest nest(*this);
  return is(Tok::Lambda) ? lambda(true) : or_test();
}

ExprPtr Parser::lambda(bool nocond) {
  Token start = la_[0];
  advance();
  auto e = make(ExprKind::Lambda, Span{});
  while (!is(Tok::Colon)) {
    Token pn = take(Tok::Name);  // `*` and `**` parameters are errors
    Param q;
    q.name = text(pn);
    q.span = tspan(pn);
    if (is(Tok::Assign)) {
      advance();
      q.default_value = test();
    }
    e->params.push_back(std::move(q));
    if (!is(Tok::Comma)) break;
    advance();
  }
  expect(Tok::Colon);
  e->a = nocond ? test_nocond() : test();
  e->span = from(start);
  return e;
}

ExprPtr Parser::bool_op(Tok op, ExprPtr (Parser::*operand)()) {
  Token start = la_[0];
  ExprPtr first = (this->*operand)();
  if (!is(op)) return first;
  auto e = make(ExprKind::BoolOp, Span{});
  e->is_and = op == Tok::And;
  e->elts.push_back(std::move(first));
  while (is(op)) {
    advance();
    e->elts.push_back((this->*operand)());
    links(1);
  }
  e->span = from(start);
  return e;
}

ExprPtr Parser::or_test() { return bool_op(Tok::Or, &Parser::and_test); }

ExprPtr Parser::and_test() { return bool_op(Tok::And, &Parser::not_test); }

ExprPtr Parser::not_test() {
  if (!is(Tok::Not)) return comparison();
  Nest nest(*this);
  Token start = la_[0];
  advance();
  ExprPtr a = not_test();
  auto e = make(ExprKind::Unary, from(start));
  e->uop = UnaryOp::Not;
  e->a = std::move(a);
  return e;
}

bool Parser::comp_op(CmpOp* op) {
  switch (la_[0].kind) {
    case Tok::Lt: *op = CmpOp::Lt; break;
    case Tok::Gt: *op = CmpOp::Gt; break;
    case Tok::EqEq: *op = CmpOp::Eq; break;
    case Tok::Ge: *op = CmpOp::Ge; break;
    case Tok::Le: *op = CmpOp::Le; break;
    case Tok::Ne: *op = CmpOp::Ne; break;
    case Tok::In: *op = CmpOp::In; break;
    case Tok::Not:
      if (la_[1].kind != Tok::In) return false;
      advance();
      *op = CmpOp::NotIn;
      break;
    case Tok::Is:
      if (la_[1].kind == Tok::Not) {
        advance();
        *op = CmpOp::IsNot;
      } else {
        *op = CmpOp::Is;
      }
      break;
    default: return false;
  }
  advance();
  return true;
}

ExprPtr Parser::comparison() {
  Token start = la_[0];
  ExprPtr a = expr();
  CmpOp op;
  if (!comp_op(&op)) return a;
  auto e = make(ExprKind::Compare, Span{});
  e->a = std::move(a);
  e->cmp_ops.push_back(op);
  e->elts.push_back(expr());
  while (comp_op(&op)) {
    e->cmp_ops.push_back(op);
    e->elts.push_back(expr());
    links(1);
  }
  e->span = from(start);
  return e;
}

// Binary levels from `|` (0) to the multiplicative ones (5); left-associative.
bool Parser::binop_at(int level, BinOp* op) const {
  switch (la_[0].kind) {
    case Tok::Pipe: *op = BinOp::BitOr; return level == 0;
    case Tok::Caret: *op = BinOp::BitXor; return level == 1;
    case Tok::Amp: *op = BinOp::BitAnd; return level == 2;
    case Tok::LShift: *op = BinOp::LShift; return level == 3;
    case Tok::RShift: *op = BinOp::RShift; return level == 3;
    case Tok::Plus: *op = BinOp::Add; return level == 4;
    case Tok::Minus: *op = BinOp::Sub; return level == 4;
    case Tok::Star: *op = BinOp::Mul; return level == 5;
    case Tok::At: *op = BinOp::MatMul; return level == 5;
    case Tok::Slash: *op = BinOp::Div; return level == 5;
    case Tok::Percent: *op = BinOp::Mod; return level == 5;
    case Tok::DoubleSlash: *op = BinOp::FloorDiv; return level == 5;
    default: return false;
  }
}

ExprPtr Parser::binary(int level) {
  if (level == 6) return factor();
  ExprPtr acc = binary(level + 1);
  BinOp op;
  while (binop_at(level, &op)) {
    advance();
    acc = make_binary(op, std::move(acc), binary(level + 1));
    links(1);  // as it grows: a chain too long is declined before its tree is deep
  }
  return acc;
}

ExprPtr Parser::factor() {
  Tok k = la_[0].kind;
  if (k != Tok::Plus && k != Tok::Minus && k != Tok::Tilde) return power();
  Nest nest(*this);
  Token start = la_[0];
  advance();
  ExprPtr operand = factor();
  return make_unary(k == Tok::Plus ? '+' : k == Tok::Minus ? '-' : '~', std::move(operand), from(start));
}

ExprPtr Parser::power() {
  ExprPtr a = atom_expr();
  if (!is(Tok::DoubleStar)) return a;
  Nest nest(*this);  // `a ** b ** c ...` nests to the right
  advance();
  return make_binary(BinOp::Pow, std::move(a), factor());
}

ExprPtr Parser::atom_expr() {
  ExprPtr e = atom();
  while (true) {
    Token open = la_[0];
    Nest nest(*this);  // every bracket nests
    if (is(Tok::LPar)) {
      advance();
      auto call = make(ExprKind::Call, Span{});
      call->a = std::move(e);
      if (!is(Tok::RPar)) arglist(*call);
      expect(Tok::RPar);
      call->span = Span::join(call->a->span, from(open));
      e = std::move(call);
    } else if (is(Tok::LSqb)) {
      advance();
      auto sub = make(ExprKind::Subscript, Span{});
      sub->a = std::move(e);
      do {
        if (!sub->elts.empty()) {
          advance();
          if (is(Tok::RSqb)) break;
        }
        sub->elts.push_back(subscript());
      } while (is(Tok::Comma));
      expect(Tok::RSqb);
      sub->span = Span::join(sub->a->span, from(open));
      e = std::move(sub);
    } else if (is(Tok::Dot)) {
      advance();
      Token name = take(Tok::Name);
      auto attr = make(ExprKind::Attribute, Span{});
      attr->span = Span::join(e->span, from(open));
      attr->a = std::move(e);
      attr->name = text(name);
      attr->name_span = tspan(name);
      e = std::move(attr);
    } else {
      break;
    }
    links(1);
  }
  return e;
}

ExprPtr Parser::subscript() {
  Token start = la_[0];
  ExprPtr lower;
  if (!is(Tok::Colon)) {
    lower = test();
    if (!is(Tok::Colon)) return lower;
  }
  advance();
  auto e = make(ExprKind::Slice, Span{});
  e->a = std::move(lower);
  if (starts_test()) e->b = test();
  if (is(Tok::Colon)) {
    advance();
    if (starts_test()) e->c = test();
  }
  e->span = from(start);
  return e;
}

void Parser::arglist(Expr& call) {
  bool seen_kw = false;
  while (true) {
    Token start = la_[0];
    if (is(Tok::DoubleStar)) {  // f(**mapping): keywords named at run time
      advance();
      Keyword k;
      k.value = test();
      k.name_span = from(start);
      call.keywords.push_back(std::move(k));
      seen_kw = true;
    } else if (is(Tok::Star)) {
      if (seen_kw) throw Decline{};
      call.elts.push_back(starred(&Parser::test));
      if (call.elts.back()->a->kind == ExprKind::ListComp && call.elts.back()->a->ival == kGeneratorExpression)
        call.elts.back()->a->ival = kGeneratorArgument;  // f(*(x for x in xs))
    } else {
      ExprPtr t = test();
      if (t->kind == ExprKind::ListComp && t->ival == kGeneratorExpression) t->ival = kGeneratorArgument;
      if (is(Tok::Assign)) {
        advance();
        if (t->kind != ExprKind::Name || t->parenthesized || keyword_repeated(call, t->name)) throw Decline{};
        Keyword k;
        k.name = t->name;
        k.name_span = t->span;
        k.value = test();
        call.keywords.push_back(std::move(k));
        seen_kw = true;
      } else {
        if (seen_kw) throw Decline{};
        if (is(Tok::For)) {
          // f(x for x in xs): a generator argument, taken as a list comprehension.
          auto v = make(ExprKind::ListComp, Span{});
          v->a = std::move(t);
          comp_for(v->comps);
          v->span = from(start);
          t = std::move(v);
        }
        call.elts.push_back(std::move(t));
      }
    }
    if (!is(Tok::Comma)) break;
    advance();
    if (is(Tok::RPar)) break;
  }
}

void Parser::comp_for(RareVec<Comprehension>& out) {
  int clauses = 0;
  while (is(Tok::For)) {
    advance();
    Comprehension c;
    c.target = exprlist();
    check_target(*c.target, decline_fn_);
    expect(Tok::In);
    {
      Nest nest(*this);
      c.iter = or_test();
    }
    ++clauses;
    while (is(Tok::If)) {
      advance();
      c.ifs.push_back(test_nocond());
      ++clauses;
    }
    out.push_back(std::move(c));
  }
  // Each clause nests two rules deeper in the generated parser.
  max_nest_ = std::max(max_nest_, nest_ + clauses);
  if (kPerNest * (nest_ + clauses) + kPerBlock * block_ > kBudget) throw Decline{};
  check_budget();
}

ExprPtr Parser::atom() {
  Token t = la_[0];
  Nest nest(*this);
  switch (t.kind) {
    case Tok::Name: {
      advance();
      auto e = make(ExprKind::Name, tspan(t));
      e->name = text(t);
      return e;
    }
    case Tok::Int: {
      advance();
      auto e = make(ExprKind::Int, tspan(t));
      if (!int_literal_value(text(t), &e->ival)) throw Decline{};
      return e;
    }
    case Tok::Float: {
      advance();
      auto e = make(ExprKind::Float, tspan(t));
      e->fval = float_literal_value(text(t));
      return e;
    }
    case Tok::String: return strings();
    case Tok::Ellipsis: advance(); return make(ExprKind::Ellipsis, tspan(t));
    case Tok::None: advance(); return make(ExprKind::None, tspan(t));
    case Tok::True:
    case Tok::False: {
      advance();
      auto e = make(ExprKind::Bool, tspan(t));
      e->ival = t.kind == Tok::True;
      return e;
    }
    case Tok::LPar: {
      advance();
      if (is(Tok::RPar)) {
        advance();
        return make(ExprKind::Tuple, from(t));
      }
      ExprPtr first = test_or_star();
      if (is(Tok::For)) {
        // A generator expression: a list comprehension marked so (Note [Generator arguments]).
        auto g = make(ExprKind::ListComp, Span{});
        g->a = std::move(first);
        comp_for(g->comps);
        expect(Tok::RPar);
        g->span = from(t);
        g->ival = kGeneratorExpression;
        g->parenthesized = true;
        return g;
      }
      ExprPtr e;
      if (is(Tok::Comma)) {
        auto tuple = make(ExprKind::Tuple, Span{});
        tuple->elts.push_back(std::move(first));
        while (is(Tok::Comma)) {
          advance();
          if (!starts_test_or_star()) break;
          tuple->elts.push_back(test_or_star());
        }
        e = std::move(tuple);
      } else {
        e = std::move(first);
      }
      expect(Tok::RPar);
      if (e->kind == ExprKind::Tuple) e->span = from(t);
      e->parenthesized = true;
      return e;
    }
    case Tok::LSqb: {
      advance();
      if (is(Tok::RSqb)) {
        advance();
        return make(ExprKind::List, from(t));
      }
      ExprPtr first = test_or_star();
      if (is(Tok::For)) {
        auto e = make(ExprKind::ListComp, Span{});
        e->a = std::move(first);
        comp_for(e->comps);
        expect(Tok::RSqb);
        e->span = from(t);
        return e;
      }
      auto e = make(ExprKind::List, Span{});
      e->elts.push_back(std::move(first));
      while (is(Tok::Comma)) {
        advance();
        if (!starts_test_or_star()) break;
        e->elts.push_back(test_or_star());
      }
      expect(Tok::RSqb);
      e->span = from(t);
      return e;
    }
    case Tok::LBrace: return dict();
    default: throw Decline{};
  }
}

ExprPtr Parser::dict() {
  Token open = la_[0];
  advance();
  if (is(Tok::RBrace)) {
    advance();
    return make(ExprKind::Dict, from(open));
  }
  // `**mapping` in a dict display: a Starred key, its value a placeholder (Note [Dict unpacking]).
  auto spread = [&](Expr& d) {
    Token star = la_[0];
    advance();
    auto s = make(ExprKind::Starred, Span{});
    s->a = expr();
    s->span = from(star);
    d.elts2.get().push_back(make(ExprKind::None, s->span));
    d.elts.push_back(std::move(s));
  };
  auto entries = [&](Expr& d) {
    while (is(Tok::Comma)) {
      advance();
      if (is(Tok::DoubleStar)) {
        spread(d);
        continue;
      }
      if (!starts_test()) break;
      d.elts.push_back(test());
      expect(Tok::Colon);
      d.elts2.get().push_back(test());
    }
  };
  if (is(Tok::DoubleStar)) {
    auto e = make(ExprKind::Dict, Span{});
    spread(*e);
    entries(*e);
    expect(Tok::RBrace);
    e->span = from(open);
    return e;
  }
  if (!starts_test()) throw Decline{};  // a starred set item
  ExprPtr k = test();
  if (!is(Tok::Colon)) {
    // A set display: `set([...])` (Note [Sets are dicts] in check_python_builtins.cpp).
    ExprPtr inner;
    if (is(Tok::For)) {
      inner = make(ExprKind::ListComp, Span{});
      inner->a = std::move(k);
      comp_for(inner->comps);
    } else {
      inner = make(ExprKind::List, Span{});
      inner->elts.push_back(std::move(k));
      while (is(Tok::Comma)) {
        advance();
        if (!starts_test()) break;
        inner->elts.push_back(test());
      }
    }
    expect(Tok::RBrace);
    Span s = from(open);
    inner->span = s;
    return set_call(std::move(inner), s);
  }
  advance();  // the `:`
  ExprPtr v = test();
  if (is(Tok::For)) {
    auto e = make(ExprKind::DictComp, Span{});
    e->a = std::move(k);
    e->b = std::move(v);
    comp_for(e->comps);
    expect(Tok::RBrace);
    e->span = from(open);
    return e;
  }
  auto e = make(ExprKind::Dict, Span{});
  e->elts.push_back(std::move(k));
  e->elts2.push_back(std::move(v));
  entries(*e);
  expect(Tok::RBrace);
  e->span = from(open);
  return e;
}

ExprPtr Parser::strings() {
  Token start = la_[0];
  std::vector<StringToken> toks;
  while (is(Tok::String)) {
    toks.push_back(StringToken{lex_.text(la_[0]), tspan(la_[0])});
    advance();
  }
  Diagnostics diags;
  ExprPtr e = string_expr(toks, from(start), file_, diags, kFieldDepth);
  if (diags.size() != 0) throw Decline{};
  if (e->kind == ExprKind::FString) {
    fstring_ = true;
    check_budget();
  }
  return e;
}

}  // namespace ts::frontend::direct::detail
