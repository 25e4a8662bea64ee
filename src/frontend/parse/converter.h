// The parse-tree-to-AST converter (internal to frontend/parse): statements in convert.cpp,
// expressions in convert_expr.cpp.
#pragma once

#include <unordered_map>

#include "TsLexer.h"
#include "TsParser.h"
#include "frontend/parse/convert.h"
#include "frontend/parse/parse.h"

namespace ts::frontend::parse_detail {

using antlr4::ParserRuleContext;
using antlr4::Token;
using antlr4::tree::ParseTree;
using antlr4::tree::TerminalNode;
using ts_gen::TsLexer;
using P = ts_gen::TsParser;

inline ParserRuleContext* rule(ParseTree* t) { return dynamic_cast<ParserRuleContext*>(t); }
inline TerminalNode* term(ParseTree* t) { return dynamic_cast<TerminalNode*>(t); }
inline size_t rule_index(ParseTree* t) {
  auto* r = rule(t);
  return r ? r->getRuleIndex() : SIZE_MAX;
}
inline std::string text_of(ParseTree* t) {
  auto* n = term(t);
  return n ? n->getSymbol()->getText() : std::string();
}

class Converter {
 public:
  Converter(FileId file, Diagnostics& diags, uint32_t line0 = 1, uint32_t col0 = 1)
      : file_(file), diags_(diags), line0_(line0), col0_(col0) {}

  // Token position, shifted when converting an f-string field parsed on its own.
  Span tok_span(const Token* t) const {
    Span s;
    s.file = file_;
    uint32_t line = static_cast<uint32_t>(t->getLine());
    uint32_t col = static_cast<uint32_t>(t->getCharPositionInLine()) + 1;
    s.line = line + line0_ - 1;
    s.col = line == 1 ? col + col0_ - 1 : col;
    // Multi-line tokens (triple-quoted strings) end on a later line.
    std::string text = t->getText();
    uint32_t el = s.line, ec = s.col;
    for (unsigned char c : text) {
      if (c == '\n') {
        ++el;
        ec = 1;
      } else if ((c & 0xC0) != 0x80) {
        ++ec;
      }
    }
    if (text.empty() || t->getType() == Token::EOF) ec = s.col + 1;
    s.end_line = el;
    s.end_col = ec;
    return s;
  }
  Span span(ParseTree* t) const {
    if (auto* n = term(t)) return tok_span(n->getSymbol());
    auto* r = rule(t);
    Span a = tok_span(r->getStart());
    const Token* stop = r->getStop();
    if (stop == nullptr || stop->getTokenIndex() < r->getStart()->getTokenIndex()) return a;
    return Span::join(a, tok_span(stop));
  }

  Diagnostic& error(const Span& s, std::string msg) { return diags_.error(s, std::move(msg)); }

  // ---- statements ----

  void block(ParseTree* suite, Block& out);

  void stmt(P::StmtContext* s, Block& out);

  void simple_stmts(P::Simple_stmtsContext* s, Block& out);

  StmtPtr simple(P::Simple_stmtContext* s);

  StmtPtr expr_stmt(P::Expr_stmtContext* s);

  // Checks an assignment target: names, attributes, subscripts, and tuples/lists of them.
  ExprPtr target(ExprPtr e);

  StmtPtr import_name(P::Import_nameContext* s);

  StmtPtr import_from(P::Import_fromContext* s);

  void compound(P::Compound_stmtContext* c, Block& out);

  // The `else` keyword before a loop's else-suite.


  ExprPtr dotted(P::Dotted_nameContext* d);

  StmtPtr if_stmt(P::If_stmtContext* s);

  StmtPtr try_stmt(P::Try_stmtContext* s);

  void params(P::ParamlistContext* pl, std::vector<Param>& out);

  StmtPtr funcdef(P::FuncdefContext* f, std::vector<ExprPtr> decos);

  StmtPtr classdef(P::ClassdefContext* c, std::vector<ExprPtr> decos);

  // ---- expressions ----

  // A comma list: one item without a trailing comma is the item itself, else a Tuple.
  ExprPtr tuple_or_single(ParserRuleContext* list);
  ExprPtr exprlist(ParserRuleContext* list) { return tuple_or_single(list); }
  std::vector<ExprPtr> list_items(ParserRuleContext* list);

  BinOp binop(const std::string& op);

  // Loops (a + b + ..., x.f()[i]..., @a.b.c, elif chains) build left-deep trees without
  // recursing here, so each operand is converted with depth_ raised by the depth it will sit
  // at: the tree's height stays under kMaxRuleDepth and nothing that walks or destroys it
  // recurses without bound. True (after one error) when `links` levels do not fit.
  bool chain_too_deep(ParseTree* t, size_t links, const char* what);
  struct DepthBump {
    int& d;
    int n;
    DepthBump(int& depth, size_t by) : d(depth), n(static_cast<int>(by)) { d += n; }
    ~DepthBump() { d -= n; }
  };

  // Left-associative binary levels: operand (op operand)*.
  ExprPtr binary_chain(ParserRuleContext* ctx);

  ExprPtr expr(ParseTree* t);

  ExprPtr expr_inner(ParseTree* t);

  ExprPtr lambda(ParserRuleContext* r);

  ExprPtr trailer(ExprPtr base, P::TrailerContext* t);

  ExprPtr subscript(P::SubscriptContext* sub);

  void arglist(P::ArglistContext* al, Expr& call);

  void comp_for(P::Comp_forContext* cf, std::vector<Comprehension>& out);

  ExprPtr atom(P::AtomContext* a);

  ExprPtr dict(P::DictorsetmakerContext* d, const Span& s);

  ExprPtr int_literal(std::string t, const Span& s);

  ExprPtr strings(const std::vector<TerminalNode*>& toks, const Span& s);

 private:
  FileId file_;
  Diagnostics& diags_;
  uint32_t line0_, col0_;

 public:
  int depth_ = 0;
  // Statements of suites already converted while parsing (convert.cpp EagerStatements).
  std::unordered_map<const P::StmtContext*, Block> done;
};

}  // namespace ts::frontend::parse_detail
