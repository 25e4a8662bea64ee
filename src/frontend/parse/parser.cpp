// The recursive-descent parser: lang/Ts.g4's grammar straight to the AST, with every node and
// span as the converter (convert.cpp) makes them from the generated parser's tree (Note
// [Parsing speed and depth] in src/frontend/README.md). It only accepts: on anything it does not
// handle, or that would be a diagnostic (a syntax error, a check of the converter, nesting near
// the depth limits), it throws `Decline`, reports nothing, and parse_module runs the generated
// parser, which reports as before.
#include "frontend/parse/parser.h"

#include "frontend/parse/ast_rules.h"
#include "frontend/parse/lexer.h"
#include "frontend/parse/parse.h"

namespace ts::frontend::direct {
namespace {

// Limits well inside the generated parser's rule depth (kMaxRuleDepth: a nested bracket costs it
// 16 to 18 rules, a block 4 or 5) and the converter's expression depth (15 a bracket, plus the
// links of chains and elif chains): past them the generated parser decides, and reports "nested
// too deeply" where it should. A bracket counts two nests here (the bracket and the expression
// in it, or the comprehension clause), a unary operator, `not`, `lambda`, `**` or `*` one.
constexpr int kBudget = kMaxRuleDepth * 4 / 5;
constexpr int kPerNest = 10;
constexpr int kPerBlock = 5;
// f-string fields are parsed at this converter depth; a statement holding one whose depth may be
// more declines (below it, the field's parse does not depend on the depth).
constexpr int kFieldDepth = 300;

class Parser {
 public:
  Parser(std::string_view text, FileId file) : lex_(text), file_(file) {
    la_[0] = lex_.next();
    la_[1] = lex_.next();
  }

  void module(Block& out) {
    while (!is(Tok::Eof)) {
      if (is(Tok::Newline)) {
        advance();
        continue;
      }
      stmt(out);
    }
  }

 private:
  // ---- tokens and spans ----

  bool is(Tok k) const { return la_[0].kind == k; }
  void advance() {
    prev_ = la_[0];
    la_[0] = la_[1];
    la_[1] = lex_.next();
  }
  void expect(Tok k) {
    if (!is(k)) throw Decline{};
    advance();
  }
  Token take(Tok k) {
    expect(k);
    return prev_;
  }
  std::string text(const Token& t) const { return std::string(lex_.text(t)); }
  Span tspan(const Token& t) const { return Span{file_, t.line, t.col, t.end_line, t.end_col}; }
  // A rule's span: its first token to the last one consumed.
  Span from(const Token& start) const { return Span::join(tspan(start), tspan(prev_)); }
  static ExprPtr make(ExprKind k, const Span& s) { return std::make_unique<Expr>(k, s); }
  static StmtPtr make_stmt(StmtKind k, const Span& s) { return std::make_unique<Stmt>(k, s); }
  static void decline(const Span&, const std::string&) { throw Decline{}; }
  const ReportFn decline_fn_ = decline;

  bool starts_expr() const {  // expr or star_expr
    switch (la_[0].kind) {
      case Tok::Name: case Tok::Int: case Tok::Float: case Tok::String: case Tok::LPar: case Tok::LSqb:
      case Tok::LBrace: case Tok::Minus: case Tok::Plus: case Tok::Tilde: case Tok::Ellipsis:
      case Tok::None: case Tok::True: case Tok::False: case Tok::Star:
        return true;
      default: return false;
    }
  }
  bool starts_test() const { return (starts_expr() && !is(Tok::Star)) || is(Tok::Not) || is(Tok::Lambda); }
  bool starts_test_or_star() const { return starts_test() || is(Tok::Star); }

  // ---- depth ----

  struct Nest {
    Parser& p;
    explicit Nest(Parser& parser) : p(parser) {
      if (++p.nest_ > p.max_nest_) p.max_nest_ = p.nest_;
      if (kPerNest * p.nest_ + kPerBlock * p.block_ > kBudget) throw Decline{};
    }
    ~Nest() { --p.nest_; }
  };
  void statement_start() {
    max_nest_ = nest_;
    links_ = 0;
    fstring_ = false;
  }
  void links(size_t n) {
    links_ += static_cast<long>(n);
    check_budget();
  }
  void check_budget() const {
    long d = elif_base_ + static_cast<long>(kPerNest) * max_nest_ + links_;
    if (d > kBudget || (fstring_ && d > kFieldDepth)) throw Decline{};
  }

  // ---- statements ----

  void stmt(Block& out) {
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

  void simple_stmts(Block& out) {
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

  void suite(Block& out) {
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

  StmtPtr simple() {
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

  StmtPtr expr_stmt() {
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
  std::string dotted_name() {
    std::string name = text(take(Tok::Name));
    while (is(Tok::Dot)) {
      advance();
      name += "." + text(take(Tok::Name));
    }
    return name;
  }

  StmtPtr import_name() {
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

  StmtPtr import_from() {
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
  ExprPtr header_test() {
    statement_start();
    ExprPtr t = test();
    check_budget();
    expect(Tok::Colon);
    return t;
  }

  StmtPtr if_stmt() {
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
    if (is(Tok::Else)) {
      advance();
      expect(Tok::Colon);
      suite(cur->orelse);
    }
    elif_base_ -= elifs;
    root->span = from(start);
    return root;
  }

  StmtPtr while_stmt() {
    Token start = la_[0];
    advance();
    auto st = make_stmt(StmtKind::While, Span{});
    st->test = header_test();
    suite(st->body);
    if (is(Tok::Else)) {
      advance();
      expect(Tok::Colon);
      suite(st->orelse);
    }
    st->span = from(start);
    return st;
  }

  StmtPtr for_stmt() {
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
    if (is(Tok::Else)) {
      advance();
      expect(Tok::Colon);
      suite(st->orelse);
    }
    st->span = from(start);
    return st;
  }

  StmtPtr try_stmt() {
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
    if (any_handler && is(Tok::Else)) {
      advance();
      expect(Tok::Colon);
      suite(st->orelse);
    }
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

  StmtPtr with_stmt() {
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

  StmtPtr decorated() {
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

  StmtPtr funcdef(std::vector<ExprPtr> decos) {
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

  StmtPtr classdef(std::vector<ExprPtr> decos) {
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

  // ---- expressions ----

  // A comma list of `item`s: one without a trailing comma is the item itself, else a Tuple.
  template <class Item, class Starts>
  ExprPtr comma_list(Item item, Starts starts) {
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
  ExprPtr testlist_star_expr() { return comma_list(&Parser::test_or_star, &Parser::starts_test_or_star); }
  ExprPtr testlist() { return comma_list(&Parser::test, &Parser::starts_test); }
  ExprPtr exprlist() { return comma_list(&Parser::expr_or_star, &Parser::starts_expr); }

  ExprPtr starred(ExprPtr (Parser::*operand)()) {
    Nest nest(*this);  // `[*[*[*...`
    Token start = la_[0];
    advance();
    ExprPtr a = (this->*operand)();
    auto e = make(ExprKind::Starred, from(start));
    e->a = std::move(a);
    return e;
  }
  ExprPtr test_or_star() { return is(Tok::Star) ? starred(&Parser::expr) : test(); }
  ExprPtr expr_or_star() { return is(Tok::Star) ? starred(&Parser::expr) : expr(); }
  ExprPtr expr() { return binary(0); }

  ExprPtr test() {
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

  ExprPtr test_nocond() {
    Nest nest(*this);
    return is(Tok::Lambda) ? lambda(true) : or_test();
  }

  ExprPtr lambda(bool nocond) {
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

  ExprPtr bool_op(Tok op, ExprPtr (Parser::*operand)()) {
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
  ExprPtr or_test() { return bool_op(Tok::Or, &Parser::and_test); }
  ExprPtr and_test() { return bool_op(Tok::And, &Parser::not_test); }

  ExprPtr not_test() {
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

  bool comp_op(CmpOp* op) {
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

  ExprPtr comparison() {
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
  bool binop_at(int level, BinOp* op) const {
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

  ExprPtr binary(int level) {
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

  ExprPtr factor() {
    Tok k = la_[0].kind;
    if (k != Tok::Plus && k != Tok::Minus && k != Tok::Tilde) return power();
    Nest nest(*this);
    Token start = la_[0];
    advance();
    ExprPtr operand = factor();
    return make_unary(k == Tok::Plus ? '+' : k == Tok::Minus ? '-' : '~', std::move(operand), from(start));
  }

  ExprPtr power() {
    ExprPtr a = atom_expr();
    if (!is(Tok::DoubleStar)) return a;
    Nest nest(*this);  // `a ** b ** c ...` nests to the right
    advance();
    return make_binary(BinOp::Pow, std::move(a), factor());
  }

  ExprPtr atom_expr() {
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

  ExprPtr subscript() {
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

  void arglist(Expr& call) {
    bool seen_kw = false;
    while (true) {
      Token start = la_[0];
      if (is(Tok::DoubleStar)) throw Decline{};
      if (is(Tok::Star)) {
        if (seen_kw) throw Decline{};
        call.elts.push_back(starred(&Parser::test));
      } else {
        ExprPtr t = test();
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

  void comp_for(RareVec<Comprehension>& out) {
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

  ExprPtr atom() {
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
        if (is(Tok::For)) throw Decline{};  // a generator expression
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

  ExprPtr dict() {
    Token open = la_[0];
    advance();
    if (is(Tok::RBrace)) {
      advance();
      return make(ExprKind::Dict, from(open));
    }
    if (!starts_test()) throw Decline{};  // `**` unpacking, a starred set item
    ExprPtr k = test();
    expect(Tok::Colon);  // else a set
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
    while (is(Tok::Comma)) {
      advance();
      if (!starts_test()) break;
      e->elts.push_back(test());
      expect(Tok::Colon);
      e->elts2.push_back(test());
    }
    expect(Tok::RBrace);
    e->span = from(open);
    return e;
  }

  ExprPtr strings() {
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

  Lexer lex_;
  FileId file_;
  Token la_[2];
  Token prev_;
  int nest_ = 0, max_nest_ = 0, block_ = 0;
  long elif_base_ = 0, links_ = 0;
  bool fstring_ = false;
};

}  // namespace

std::unique_ptr<Module> parse_module(const SourceManager& sm, FileId id) {
  const SourceFile& f = sm.file(id);
  auto m = std::make_unique<Module>();
  m->file = id;
  m->path = f.path;
  try {
    Parser p(f.text, id);
    p.module(m->body);
  } catch (const Decline&) {
    return nullptr;
  }
  return m;
}

}  // namespace ts::frontend::direct
