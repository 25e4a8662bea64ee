// The recursive-descent parser's class, internal to frontend/parse: its state and the inline
// helpers for tokens, spans and depth here, the statement rules in parser_stmt.cpp, the
// expression rules in parser_expr.cpp, and parse_module (parser.h) in parser.cpp.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "frontend/ast.h"
#include "frontend/parse/ast_rules.h"
#include "frontend/parse/lexer.h"
#include "frontend/parse/parse.h"
#include "frontend/source.h"

namespace ts::frontend::direct::detail {

// Limits well inside the generated parser's rule depth (kMaxRuleDepth: a nested bracket costs it
// 16 to 18 rules, a block 4 or 5) and the converter's expression depth (15 a bracket, plus the
// links of chains and elif chains): past them the generated parser decides, and reports "nested
// too deeply" where it should. A bracket counts two nests here (the bracket and the expression
// in it, or the comprehension clause), a unary operator, `not`, `lambda`, `**` or `*` one.
inline constexpr int kBudget = kMaxRuleDepth * 4 / 5;
inline constexpr int kPerNest = 10;
inline constexpr int kPerBlock = 5;
// f-string fields are parsed at this converter depth; a statement holding one whose depth may be
// more declines (below it, the field's parse does not depend on the depth).
inline constexpr int kFieldDepth = 300;

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

  // ---- statements (parser_stmt.cpp) ----

  void stmt(Block& out);
  void simple_stmts(Block& out);
  void suite(Block& out);
  void else_suite(Block& out);
  StmtPtr simple();
  StmtPtr expr_stmt();
  std::string dotted_name();
  StmtPtr import_name();
  StmtPtr import_from();
  ExprPtr header_test();
  StmtPtr if_stmt();
  StmtPtr while_stmt();
  StmtPtr for_stmt();
  StmtPtr try_stmt();
  StmtPtr with_stmt();
  StmtPtr decorated();
  StmtPtr funcdef(std::vector<ExprPtr> decos);
  StmtPtr classdef(std::vector<ExprPtr> decos);

  // ---- expressions (parser_expr.cpp) ----

  template <class Item, class Starts>
  ExprPtr comma_list(Item item, Starts starts);
  ExprPtr testlist_star_expr();
  ExprPtr testlist();
  ExprPtr exprlist();
  ExprPtr starred(ExprPtr (Parser::*operand)());
  ExprPtr test_or_star();
  ExprPtr expr_or_star();
  ExprPtr expr();
  ExprPtr test();
  ExprPtr test_nocond();
  ExprPtr lambda(bool nocond);
  ExprPtr bool_op(Tok op, ExprPtr (Parser::*operand)());
  ExprPtr or_test();
  ExprPtr and_test();
  ExprPtr not_test();
  bool comp_op(CmpOp* op);
  ExprPtr comparison();
  bool binop_at(int level, BinOp* op) const;
  ExprPtr binary(int level);
  ExprPtr factor();
  ExprPtr power();
  ExprPtr atom_expr();
  ExprPtr subscript();
  void arglist(Expr& call);
  void comp_for(RareVec<Comprehension>& out);
  ExprPtr atom();
  ExprPtr dict();
  ExprPtr strings();

  Lexer lex_;
  FileId file_;
  Token la_[2];
  Token prev_;
  int nest_ = 0, max_nest_ = 0, block_ = 0;
  long elif_base_ = 0, links_ = 0;
  bool fstring_ = false;
};

}  // namespace ts::frontend::direct::detail
