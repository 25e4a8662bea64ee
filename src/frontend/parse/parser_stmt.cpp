// The recursive-descent parser's statement rules (the class: parser_impl.h).
#include "frontend/parse/parser_impl.h"

namespace ts::frontend::direct::detail {

void Parser::stmt(Block& out) {
  switch (la_[0].kind) {
    case Tok::If: out.push_back(if_stmt()); return;
    case Tok::While: out.push_back(while_stmt()); return;
    case Tok::For: out.push_back(for_stmt()); return;
    case Tok::Try: out.push_back(try_stmt()); return;
    case Tok::With: out.push_back(with_stmt()); return;
    case Tok::Def: out.push_back(funcdef({})); return;
    case Tok::Class: out.push_back(classdef({})); return;
    case Tok::At: out.push_back(decorated()); return;
    default: simple_stmts(out); return;
  }
}

void Parser::simple_stmts(Block& out) {
  while (true) {
    statement_start();
    out.push_back(simple());
    check_budget();
    if (!is(Tok::Semi)) break;
    advance();
    if (is(Tok::Newline)) break;
  }
  expect(Tok::Newline);
}

void Parser::suite(Block& out) {
  if (!is(Tok::Newline)) return simple_stmts(out);
  advance();
  expect(Tok::Indent);
  ++block_;
  if (kPerNest * nest_ + kPerBlock * block_ > kBudget) throw Decline{};
  do {
    stmt(out);
  } while (!is(Tok::Dedent));
  advance();
  --block_;
}

// `else: suite`, when it comes next (if, while, for, try).
void Parser::else_suite(Block& out) {
  if (!is(Tok::Else)) return;
  advance();
  expect(Tok::Colon);
  suite(out);
}

StmtPtr Parser::simple() {
  Token start = la_[0];
  switch (start.kind) {
    case Tok::Pass: advance(); return make_stmt(StmtKind::Pass, from(start));
    case Tok::Break: advance(); return make_stmt(StmtKind::Break, from(start));
    case Tok::Continue: advance(); return make_stmt(StmtKind::Continue, from(start));
    case Tok::Del: {
      advance();
      std::vector<ExprPtr> items;
      do {
        if (!items.empty()) advance();
        if (!starts_expr()) break;
        items.push_back(expr_or_star());
        check_target(*items.back(), decline_fn_);
      } while (is(Tok::Comma));
      if (items.empty()) throw Decline{};
      auto st = make_stmt(StmtKind::Del, from(start));
      st->targets = std::move(items);
      return st;
    }
    case Tok::Return: {
      advance();
      ExprPtr v = starts_test_or_star() ? testlist_star_expr() : nullptr;
      auto st = make_stmt(StmtKind::Return, from(start));
      st->value = std::move(v);
      return st;
    }
    case Tok::Raise: {
      advance();
      ExprPtr v, cause;
      if (starts_test()) {
        v = test();
        if (is(Tok::From)) {
          advance();
          cause = test();
        }
      }
      auto st = make_stmt(StmtKind::Raise, from(start));
      st->value = std::move(v);
      st->annotation = std::move(cause);
      return st;
    }
    case Tok::Global: {
      advance();
      RareVec<std::string> names;
      names.push_back(text(take(Tok::Name)));
      while (is(Tok::Comma)) {
        advance();
        names.push_back(text(take(Tok::Name)));
      }
      auto st = make_stmt(StmtKind::Global, from(start));
      st->names = std::move(names);
      return st;
    }
    case Tok::Assert: {
      advance();
      ExprPtr t = test(), msg;
      if (is(Tok::Comma)) {
        advance();
        msg = test();
      }
      auto st = make_stmt(StmtKind::Assert, from(start));
      st->test = std::move(t);
      st->value = std::move(msg);
      return st;
    }
    case Tok::Import: return import_name();
    case Tok::From: return import_from();
    default: return expr_stmt();
  }
}

StmtPtr Parser::expr_stmt() {
  Token start = la_[0];
  ExprPtr first = testlist_star_expr();
  if (is(Tok::Colon)) {
    advance();
    check_target(*first, decline_fn_);
    ExprPtr ann = test(), value;
    if (is(Tok::Assign)) {
      advance();
      value = testlist_star_expr();
    }
    auto st = make_stmt(StmtKind::AnnAssign, from(start));
    st->targets.push_back(std::move(first));
    st->annotation = std::move(ann);
    st->value = std::move(value);
    return st;
  }
  if (is(Tok::AugAssign)) {
    std::string op = text(la_[0]);
    op.pop_back();
    advance();
    check_target(*first, decline_fn_);
    if (first->kind == ExprKind::Tuple || first->kind == ExprKind::List) throw Decline{};
    ExprPtr value = testlist();
    auto st = make_stmt(StmtKind::AugAssign, from(start));
    st->targets.push_back(std::move(first));
    st->bop = binop_from(op);
    st->value = std::move(value);
    return st;
  }
  if (!is(Tok::Assign)) {
    auto st = make_stmt(StmtKind::Expr, from(start));
    st->value = std::move(first);
    return st;
  }
  std::vector<ExprPtr> lists;
  lists.push_back(std::move(first));
  while (is(Tok::Assign)) {
    advance();
    lists.push_back(testlist_star_expr());
  }
  auto st = make_stmt(StmtKind::Assign, from(start));
  st->value = std::move(lists.back());
  lists.pop_back();
  for (auto& t : lists) check_target(*t, decline_fn_);
  st->targets = std::move(lists);
  return st;
}

// dotted_name: the names joined by dots.
std::string Parser::dotted_name() {
  std::string name = text(take(Tok::Name));
  while (is(Tok::Dot)) {
    advance();
    name += "." + text(take(Tok::Name));
  }
  return name;
}

StmtPtr Parser::import_name() {
  Token start = la_[0];
  advance();
  RareVec<Alias> aliases;
  do {
    if (!aliases.empty()) advance();
    Token astart = la_[0];
    Alias a;
    a.name = dotted_name();
    if (is(Tok::As)) {
      advance();
      a.asname = text(take(Tok::Name));
    }
    a.span = from(astart);
    aliases.push_back(std::move(a));
  } while (is(Tok::Comma));
  auto st = make_stmt(StmtKind::Import, from(start));
  st->aliases = std::move(aliases);
  return st;
}

StmtPtr Parser::import_from() {
  Token start = la_[0];
  advance();
  int level = 0;
  while (is(Tok::Dot)) {
    advance();
    ++level;
  }
  std::string module;
  Span module_span;
  if (is(Tok::Name)) {
    Token mstart = la_[0];
    module = dotted_name();
    module_span = from(mstart);
  } else if (level == 0) {
    throw Decline{};
  }
  expect(Tok::Import);
  RareVec<Alias> aliases;
  if (is(Tok::Star)) {
    advance();
    Alias a;
    a.name = "*";
    a.span = tspan(prev_);
    aliases.push_back(std::move(a));
  } else {
    bool paren = is(Tok::LPar);
    if (paren) advance();
    do {
      if (!aliases.empty()) {
        advance();
        if (!is(Tok::Name)) break;
      }
      Token astart = la_[0];
      Alias a;
      a.name = text(take(Tok::Name));
      if (is(Tok::As)) {
        advance();
        a.asname = text(take(Tok::Name));
      }
      a.span = from(astart);
      aliases.push_back(std::move(a));
    } while (is(Tok::Comma));
    if (paren) expect(Tok::RPar);
  }
  auto st = make_stmt(StmtKind::ImportFrom, from(start));
  st->level = level;
  st->name = std::move(module);
  st->name_span = module_span;
  st->aliases = std::move(aliases);
  return st;
}

// The test of a compound statement's header, and its colon.
ExprPtr Parser::header_test() {
  statement_start();
  ExprPtr t = test();
  check_budget();
  expect(Tok::Colon);
  return t;
}

StmtPtr Parser::if_stmt() {
  Token start = la_[0];
  advance();
  auto root = make_stmt(StmtKind::If, Span{});
  root->test = header_test();
  suite(root->body);
  Stmt* cur = root.get();
  int elifs = 0;
  while (is(Tok::Elif)) {
    advance();
    ++elifs;
    ++elif_base_;  // each elif nests one If deeper
    Token tstart = la_[0];
    auto next = make_stmt(StmtKind::If, Span{});
    next->test = header_test();
    suite(next->body);
    next->span = from(tstart);
    Stmt* n = next.get();
    cur->orelse.push_back(std::move(next));
    cur = n;
  }
  else_suite(cur->orelse);
  elif_base_ -= elifs;
  root->span = from(start);
  return root;
}

StmtPtr Parser::while_stmt() {
  Token start = la_[0];
  advance();
  auto st = make_stmt(StmtKind::While, Span{});
  st->test = header_test();
  suite(st->body);
  else_suite(st->orelse);
  st->span = from(start);
  return st;
}

StmtPtr Parser::for_stmt() {
  Token start = la_[0];
  advance();
  auto st = make_stmt(StmtKind::For, Span{});
  statement_start();
  ExprPtr target = exprlist();
  check_target(*target, decline_fn_);
  st->targets.push_back(std::move(target));
  expect(Tok::In);
  st->value = testlist();
  check_budget();
  expect(Tok::Colon);
  suite(st->body);
  else_suite(st->orelse);
  st->span = from(start);
  return st;
}

StmtPtr Parser::try_stmt() {
  Token start = la_[0];
  advance();
  expect(Tok::Colon);
  auto st = make_stmt(StmtKind::Try, Span{});
  suite(st->body);
  bool any_handler = false;
  while (is(Tok::Except)) {
    any_handler = true;
    Token hstart = la_[0];
    advance();
    ExceptHandler h;
    statement_start();
    if (starts_test()) {
      h.type = test();
      if (is(Tok::As)) {
        advance();
        h.name = text(take(Tok::Name));
      }
    }
    check_budget();
    h.span = from(hstart);
    expect(Tok::Colon);
    suite(h.body);
    st->handlers.push_back(std::move(h));
  }
  if (any_handler) else_suite(st->orelse);
  if (is(Tok::Finally)) {
    advance();
    expect(Tok::Colon);
    suite(st->finalbody);
  } else if (!any_handler) {
    throw Decline{};
  }
  st->span = from(start);
  return st;
}

StmtPtr Parser::with_stmt() {
  Token start = la_[0];
  advance();
  auto st = make_stmt(StmtKind::With, Span{});
  statement_start();
  do {
    if (!st->items.empty()) advance();
    WithItem w;
    w.context = test();
    if (is(Tok::As)) {
      advance();
      w.target = binary(0);
      check_target(*w.target, decline_fn_);
    }
    st->items.push_back(std::move(w));
  } while (is(Tok::Comma));
  check_budget();
  expect(Tok::Colon);
  suite(st->body);
  st->span = from(start);
  return st;
}

StmtPtr Parser::decorated() {
  statement_start();
  std::vector<ExprPtr> decos;
  while (is(Tok::At)) {
    advance();
    Token n = take(Tok::Name);
    ExprPtr e = make(ExprKind::Name, tspan(n));
    e->name = text(n);
    while (is(Tok::Dot)) {
      advance();
      Token attr = take(Tok::Name);
      auto a = make(ExprKind::Attribute, Span::join(e->span, tspan(attr)));
      a->a = std::move(e);
      a->name = text(attr);
      a->name_span = tspan(attr);
      e = std::move(a);
      links(1);
    }
    if (is(Tok::LPar)) {
      advance();
      auto call = make(ExprKind::Call, Span{});
      call->a = std::move(e);
      if (!is(Tok::RPar)) arglist(*call);
      expect(Tok::RPar);
      call->span = Span::join(call->a->span, tspan(prev_));
      e = std::move(call);
    }
    expect(Tok::Newline);
    decos.push_back(std::move(e));
  }
  if (is(Tok::Def)) return funcdef(std::move(decos));
  if (is(Tok::Class)) return classdef(std::move(decos));
  throw Decline{};
}

StmtPtr Parser::funcdef(std::vector<ExprPtr> decos) {
  Token start = la_[0];
  advance();
  Token name = take(Tok::Name);
  auto st = make_stmt(StmtKind::FunctionDef, Span{});
  st->name = text(name);
  st->name_span = tspan(name);
  st->decorators = std::move(decos);
  statement_start();
  expect(Tok::LPar);
  bool star = false, seen_default = false;
  while (!is(Tok::RPar)) {
    if (is(Tok::DoubleStar)) {  // **kwargs
      advance();
      Token pn = take(Tok::Name);
      Param q;
      q.name = text(pn);
      q.span = tspan(pn);
      q.kwvar = true;
      if (is(Tok::Colon)) {
        advance();
        q.annotation = test();
      }
      check_param(st->params, q, seen_default, decline_fn_);
      st->params.push_back(std::move(q));
      if (!is(Tok::Comma)) break;
      advance();
      continue;
    }
    bool is_star = false;
    if (is(Tok::Star)) {
      if (star) throw Decline{};  // `*` twice
      advance();
      is_star = true;
      star = true;
    }
    if (!is_star || is(Tok::Name)) {
      Token pn = take(Tok::Name);
      Param q;
      q.name = text(pn);
      q.span = tspan(pn);
      q.kwonly = star && !is_star;
      q.vararg = is_star;
      if (is(Tok::Colon)) {
        advance();
        q.annotation = test();
      }
      if (!is_star && is(Tok::Assign)) {
        advance();
        q.default_value = test();
      }
      check_param(st->params, q, seen_default, decline_fn_);
      st->params.push_back(std::move(q));
    }
    if (!is(Tok::Comma)) break;
    advance();
  }
  expect(Tok::RPar);
  if (is(Tok::Arrow)) {
    advance();
    st->returns = test();
  }
  check_budget();
  expect(Tok::Colon);
  suite(st->body);
  st->span = from(start);
  return st;
}

StmtPtr Parser::classdef(std::vector<ExprPtr> decos) {
  Token start = la_[0];
  advance();
  Token name = take(Tok::Name);
  auto st = make_stmt(StmtKind::ClassDef, Span{});
  st->name = text(name);
  st->name_span = tspan(name);
  st->decorators = std::move(decos);
  statement_start();
  if (is(Tok::LPar)) {
    advance();
    if (!is(Tok::RPar)) {
      Expr bases(ExprKind::Call, Span{});
      arglist(bases);
      if (!bases.keywords.empty()) throw Decline{};
      st->targets = std::move(bases.elts);
    }
    expect(Tok::RPar);
  }
  check_budget();
  expect(Tok::Colon);
  suite(st->body);
  st->span = from(start);
  return st;
}

}  // namespace ts::frontend::direct::detail
