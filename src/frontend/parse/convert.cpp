// ANTLR parse tree -> AST. Walks each rule's children in order, so operators and operands come
// out in source order; anything the grammar accepts but Ts does not becomes a diagnostic here.
#include "frontend/parse/convert.h"

#include <cerrno>
#include <cstdlib>

#include "TsLexer.h"
#include "TsParser.h"
#include "frontend/parse/parse.h"

namespace ts::frontend {
namespace {

using antlr4::ParserRuleContext;
using antlr4::Token;
using antlr4::tree::ParseTree;
using antlr4::tree::TerminalNode;
using ts_gen::TsLexer;
using P = ts_gen::TsParser;

ParserRuleContext* rule(ParseTree* t) { return dynamic_cast<ParserRuleContext*>(t); }
TerminalNode* term(ParseTree* t) { return dynamic_cast<TerminalNode*>(t); }
size_t rule_index(ParseTree* t) {
  auto* r = rule(t);
  return r ? r->getRuleIndex() : SIZE_MAX;
}
std::string text_of(ParseTree* t) {
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

  void block(ParseTree* suite, Block& out) {
    auto* s = dynamic_cast<P::SuiteContext*>(suite);
    if (s == nullptr) return;
    if (s->simple_stmts()) {
      simple_stmts(s->simple_stmts(), out);
      return;
    }
    for (auto* st : s->stmt()) stmt(st, out);
  }

  void stmt(P::StmtContext* s, Block& out) {
    if (s->simple_stmts()) {
      simple_stmts(s->simple_stmts(), out);
    } else if (s->compound_stmt()) {
      compound(s->compound_stmt(), out);
    }
  }

  void simple_stmts(P::Simple_stmtsContext* s, Block& out) {
    for (auto* ss : s->simple_stmt()) {
      if (StmtPtr st = simple(ss)) out.push_back(std::move(st));
    }
  }

  StmtPtr simple(P::Simple_stmtContext* s) {
    Span sp = span(s);
    if (s->expr_stmt()) return expr_stmt(s->expr_stmt());
    if (s->import_name()) return import_name(s->import_name());
    if (s->import_from()) return import_from(s->import_from());
    std::string kw = s->getStart()->getText();
    if (kw == "pass") return std::make_unique<Stmt>(StmtKind::Pass, sp);
    if (kw == "break") return std::make_unique<Stmt>(StmtKind::Break, sp);
    if (kw == "continue") return std::make_unique<Stmt>(StmtKind::Continue, sp);
    if (kw == "del") {
      auto st = std::make_unique<Stmt>(StmtKind::Del, sp);
      st->targets = list_items(s->exprlist());
      return st;
    }
    if (kw == "return") {
      auto st = std::make_unique<Stmt>(StmtKind::Return, sp);
      if (s->testlist_star_expr()) st->value = tuple_or_single(s->testlist_star_expr());
      return st;
    }
    if (kw == "raise") {
      auto st = std::make_unique<Stmt>(StmtKind::Raise, sp);
      auto tests = s->test();
      if (!tests.empty()) st->value = expr(tests[0]);
      if (tests.size() > 1) st->annotation = expr(tests[1]);
      return st;
    }
    if (kw == "assert") {
      auto st = std::make_unique<Stmt>(StmtKind::Assert, sp);
      auto tests = s->test();
      st->test = expr(tests.at(0));
      if (tests.size() > 1) st->value = expr(tests[1]);
      return st;
    }
    if (kw == "global" || kw == "nonlocal") {
      auto st = std::make_unique<Stmt>(kw == "global" ? StmtKind::Global : StmtKind::Nonlocal, sp);
      for (auto* n : s->NAME()) st->names.push_back(n->getText());
      if (kw == "nonlocal") error(sp, "`nonlocal` is not supported in Ts (nested functions cannot rebind outer locals)");
      return st;
    }
    error(sp, "unsupported statement");
    return nullptr;
  }

  StmtPtr expr_stmt(P::Expr_stmtContext* s) {
    Span sp = span(s);
    auto lists = s->testlist_star_expr();
    if (auto* ann = s->annassign()) {
      auto st = std::make_unique<Stmt>(StmtKind::AnnAssign, sp);
      st->targets.push_back(target(tuple_or_single(lists.at(0))));
      st->annotation = expr(ann->test());
      if (ann->testlist_star_expr()) st->value = tuple_or_single(ann->testlist_star_expr());
      return st;
    }
    if (auto* aug = s->augassign()) {
      auto st = std::make_unique<Stmt>(StmtKind::AugAssign, sp);
      st->targets.push_back(target(tuple_or_single(lists.at(0))));
      std::string op = aug->getText();
      op.pop_back();  // drop '='
      st->bop = binop(op);
      st->value = tuple_or_single(s->testlist());
      Expr* t = st->targets[0].get();
      if (t && (t->kind == ExprKind::Tuple || t->kind == ExprKind::List)) {
        error(t->span, "illegal target for augmented assignment: a tuple or list cannot be updated with `" + op + "=`");
      }
      return st;
    }
    if (lists.size() == 1) {
      auto st = std::make_unique<Stmt>(StmtKind::Expr, sp);
      st->value = tuple_or_single(lists[0]);
      return st;
    }
    auto st = std::make_unique<Stmt>(StmtKind::Assign, sp);
    for (size_t i = 0; i + 1 < lists.size(); ++i) st->targets.push_back(target(tuple_or_single(lists[i])));
    st->value = tuple_or_single(lists.back());
    return st;
  }

  // Checks an assignment target: names, attributes, subscripts, and tuples/lists of them.
  ExprPtr target(ExprPtr e) {
    if (!e) return e;
    switch (e->kind) {
      case ExprKind::Name:
      case ExprKind::Attribute:
      case ExprKind::Subscript:
        return e;
      case ExprKind::Tuple:
      case ExprKind::List:
        for (auto& x : e->elts) x = target(std::move(x));
        return e;
      case ExprKind::Starred:
        e->a = target(std::move(e->a));
        return e;
      case ExprKind::Call:
        error(e->span, "cannot assign to a function call");
        return e;
      default:
        error(e->span, "cannot assign to this expression");
        return e;
    }
  }

  StmtPtr import_name(P::Import_nameContext* s) {
    auto st = std::make_unique<Stmt>(StmtKind::Import, span(s));
    for (auto* d : s->dotted_as_name()) {
      Alias a;
      a.name = d->dotted_name()->getText();
      if (d->NAME()) a.asname = d->NAME()->getText();
      a.span = span(d);
      st->aliases.push_back(std::move(a));
    }
    return st;
  }

  StmtPtr import_from(P::Import_fromContext* s) {
    auto st = std::make_unique<Stmt>(StmtKind::ImportFrom, span(s));
    for (auto* c : s->children) {
      std::string t = text_of(c);
      if (t == ".") st->level += 1;
      if (t == "...") st->level += 3;
      if (t == "*") {
        Alias a;
        a.name = "*";
        a.span = span(c);
        st->aliases.push_back(std::move(a));
      }
    }
    if (s->dotted_name()) {
      st->name = s->dotted_name()->getText();
      st->name_span = span(s->dotted_name());
    }
    if (auto* names = s->import_as_names()) {
      for (auto* n : names->import_as_name()) {
        Alias a;
        a.name = n->NAME(0)->getText();
        if (n->NAME().size() > 1) a.asname = n->NAME(1)->getText();
        a.span = span(n);
        st->aliases.push_back(std::move(a));
      }
    }
    return st;
  }

  void compound(P::Compound_stmtContext* c, Block& out) {
    if (auto* s = c->if_stmt()) return out.push_back(if_stmt(s));
    if (auto* s = c->while_stmt()) {
      auto st = std::make_unique<Stmt>(StmtKind::While, span(s));
      st->test = expr(s->test());
      block(s->suite(0), st->body);
      if (s->suite().size() > 1) block(s->suite(1), st->orelse);
      return out.push_back(std::move(st));
    }
    if (auto* s = c->for_stmt()) {
      auto st = std::make_unique<Stmt>(StmtKind::For, span(s));
      st->targets.push_back(target(exprlist(s->exprlist())));
      st->value = tuple_or_single(s->testlist());
      block(s->suite(0), st->body);
      if (s->suite().size() > 1) block(s->suite(1), st->orelse);
      return out.push_back(std::move(st));
    }
    if (auto* s = c->try_stmt()) return out.push_back(try_stmt(s));
    if (auto* s = c->with_stmt()) {
      auto st = std::make_unique<Stmt>(StmtKind::With, span(s));
      for (auto* item : s->with_item()) {
        WithItem w;
        w.context = expr(item->test());
        if (item->expr()) w.target = target(expr(item->expr()));
        st->items.push_back(std::move(w));
      }
      block(s->suite(), st->body);
      return out.push_back(std::move(st));
    }
    if (auto* s = c->funcdef()) return out.push_back(funcdef(s, {}));
    if (auto* s = c->classdef()) return out.push_back(classdef(s, {}));
    if (auto* d = c->decorated()) {
      std::vector<ExprPtr> decos;
      for (auto* dc : d->decorator()) {
        ExprPtr e = dotted(dc->dotted_name());
        if (dc->LPAR()) {
          auto call = std::make_unique<Expr>(ExprKind::Call, Span::join(e->span, span(dc->RPAR())));
          call->a = std::move(e);
          if (dc->arglist()) arglist(dc->arglist(), *call);
          e = std::move(call);
        }
        decos.push_back(std::move(e));
      }
      if (d->funcdef()) return out.push_back(funcdef(d->funcdef(), std::move(decos)));
      return out.push_back(classdef(d->classdef(), std::move(decos)));
    }
  }

  // The `else` keyword before a loop's else-suite.


  ExprPtr dotted(P::Dotted_nameContext* d) {
    if (chain_too_deep(d, d->NAME().size() - 1, "decorator name"))
      return std::make_unique<Expr>(ExprKind::None, span(d));
    ExprPtr e;
    for (auto* n : d->NAME()) {
      Span s = span(n);
      if (!e) {
        e = std::make_unique<Expr>(ExprKind::Name, s);
        e->name = n->getText();
      } else {
        auto a = std::make_unique<Expr>(ExprKind::Attribute, Span::join(e->span, s));
        a->a = std::move(e);
        a->name = n->getText();
        a->name_span = s;
        e = std::move(a);
      }
    }
    return e;
  }

  StmtPtr if_stmt(P::If_stmtContext* s) {
    // if/elif chains become nested Ifs in orelse.
    auto tests = s->test();
    auto suites = s->suite();
    auto root = std::make_unique<Stmt>(StmtKind::If, span(s));
    // Each elif nests one If deeper (see chain_too_deep); an else suite sits at the last one's depth.
    if (chain_too_deep(s, tests.size() - 1, "elif chain")) return std::make_unique<Stmt>(StmtKind::Pass, span(s));
    Stmt* cur = root.get();
    for (size_t i = 0; i < tests.size(); ++i) {
      DepthBump bump(depth_, i);
      if (i > 0) {
        auto next = std::make_unique<Stmt>(StmtKind::If, Span::join(span(tests[i]), span(suites[i])));
        Stmt* n = next.get();
        cur->orelse.push_back(std::move(next));
        cur = n;
      }
      cur->test = expr(tests[i]);
      block(suites[i], cur->body);
    }
    if (suites.size() > tests.size()) {
      DepthBump bump(depth_, tests.size() - 1);
      block(suites.back(), cur->orelse);
    }
    return root;
  }

  StmtPtr try_stmt(P::Try_stmtContext* s) {
    auto st = std::make_unique<Stmt>(StmtKind::Try, span(s));
    // Children in order: 'try' ':' suite (except_clause ':' suite)* ('else' ':' suite)? ('finally' ':' suite)?
    std::string pending;  // keyword owning the next suite
    ExceptHandler* handler = nullptr;
    for (auto* c : s->children) {
      if (auto* ex = dynamic_cast<P::Except_clauseContext*>(c)) {
        ExceptHandler h;
        h.span = span(ex);
        if (ex->test()) h.type = expr(ex->test());
        if (ex->NAME()) h.name = ex->NAME()->getText();
        st->handlers.push_back(std::move(h));
        handler = &st->handlers.back();
        pending = "except";
      } else if (auto* su = dynamic_cast<P::SuiteContext*>(c)) {
        if (pending == "try") block(su, st->body);
        else if (pending == "except" && handler) block(su, handler->body);
        else if (pending == "else") block(su, st->orelse);
        else if (pending == "finally") block(su, st->finalbody);
      } else {
        std::string t = text_of(c);
        if (t == "try" || t == "else" || t == "finally") pending = t;
      }
    }
    return st;
  }

  void params(P::ParamlistContext* pl, std::vector<Param>& out) {
    bool star = false, seen_default = false;
    for (auto* p : pl->param()) {
      std::string first = p->getStart()->getText();
      Span sp = span(p);
      if (first == "/") {
        error(sp, "positional-only parameters (`/`) are not supported in Ts");
        continue;
      }
      if (first == "**") {
        error(sp, "`**kwargs` parameters are not supported in Ts")
            ;
        continue;
      }
      if (first == "*") {
        if (p->NAME()) {
          error(sp, "`*args` parameters are not supported in Ts");
        } else if (star) {
          error(sp, "`*` may appear only once in a parameter list");
        }
        star = true;
        continue;
      }
      Param q;
      q.name = p->NAME()->getText();
      q.span = span(p->NAME());
      q.kwonly = star;
      // children: NAME (':' test)? ('=' test)?
      bool after_colon = false, after_eq = false;
      for (auto* c : p->children) {
        std::string t = text_of(c);
        if (t == ":") after_colon = true, after_eq = false;
        else if (t == "=") after_eq = true, after_colon = false;
        else if (rule(c)) {
          if (after_eq) q.default_value = expr(c);
          else if (after_colon) q.annotation = expr(c);
        }
      }
      for (const auto& prev : out) {
        if (prev.name == q.name) error(q.span, "duplicate parameter `" + q.name + "` in function definition");
      }
      if (q.default_value) {
        seen_default = true;
      } else if (seen_default && !q.kwonly) {
        error(q.span, "parameter `" + q.name + "` without a default follows a parameter with a default");
      }
      out.push_back(std::move(q));
    }
  }

  StmtPtr funcdef(P::FuncdefContext* f, std::vector<ExprPtr> decos) {
    auto st = std::make_unique<Stmt>(StmtKind::FunctionDef, span(f));
    st->name = f->NAME()->getText();
    st->name_span = span(f->NAME());
    st->decorators = std::move(decos);
    if (f->paramlist()) params(f->paramlist(), st->params);
    if (f->test()) st->returns = expr(f->test());
    block(f->suite(), st->body);
    return st;
  }

  StmtPtr classdef(P::ClassdefContext* c, std::vector<ExprPtr> decos) {
    auto st = std::make_unique<Stmt>(StmtKind::ClassDef, span(c));
    st->name = c->NAME()->getText();
    st->name_span = span(c->NAME());
    st->decorators = std::move(decos);
    if (c->arglist()) {
      Expr tmp(ExprKind::Call, span(c->arglist()));
      arglist(c->arglist(), tmp);
      for (auto& b : tmp.elts) st->targets.push_back(std::move(b));
      for (auto& k : tmp.keywords) error(k.name_span, "class keyword arguments (`" + k.name + "=`) are not supported in Ts");
    }
    block(c->suite(), st->body);
    return st;
  }

  // ---- expressions ----

  // A comma list: one item without a trailing comma is the item itself, else a Tuple.
  ExprPtr tuple_or_single(ParserRuleContext* list) {
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
  ExprPtr exprlist(ParserRuleContext* list) { return tuple_or_single(list); }
  std::vector<ExprPtr> list_items(ParserRuleContext* list) {
    std::vector<ExprPtr> items;
    for (auto* c : list->children) {
      if (rule(c)) items.push_back(target(expr(c)));
    }
    return items;
  }

  BinOp binop(const std::string& op) {
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

  ExprPtr make_binary(BinOp op, ExprPtr a, ExprPtr b) {
    auto e = std::make_unique<Expr>(ExprKind::Binary, Span::join(a->span, b->span));
    e->bop = op;
    e->a = std::move(a);
    e->b = std::move(b);
    return e;
  }

  // Loops (a + b + ..., x.f()[i]..., @a.b.c, elif chains) build left-deep trees without
  // recursing here, so each operand is converted with depth_ raised by the depth it will sit
  // at: the tree's height stays under kMaxRuleDepth and nothing that walks or destroys it
  // recurses without bound. True (after one error) when `links` levels do not fit.
  bool chain_too_deep(ParseTree* t, size_t links, const char* what) {
    if (static_cast<size_t>(depth_) + links <= static_cast<size_t>(kMaxRuleDepth)) return false;
    error(span(t), std::string(what) + " nested too deeply");
    return true;
  }
  struct DepthBump {
    int& d;
    int n;
    DepthBump(int& depth, size_t by) : d(depth), n(static_cast<int>(by)) { d += n; }
    ~DepthBump() { d -= n; }
  };

  // Left-associative binary levels: operand (op operand)*.
  ExprPtr binary_chain(ParserRuleContext* ctx) {
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

  ExprPtr expr(ParseTree* t) {
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

  ExprPtr expr_inner(ParseTree* t) {
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
        auto e = std::make_unique<Expr>(ExprKind::BoolOp, span(r));
        e->is_and = r->getRuleIndex() == P::RuleAnd_test;
        for (auto* c : ch) {
          if (rule(c)) e->elts.push_back(expr(c));
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
        auto e = std::make_unique<Expr>(ExprKind::Compare, span(r));
        for (auto* c : ch) {
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
        ExprPtr operand = expr(ch[1]);
        // Fold `-literal` so that -9223372036854775808 and -1.5 are literals.
        if (op == "-" && operand->kind == ExprKind::Int && !operand->parenthesized && operand->ival >= 0) {
          operand->ival = -operand->ival;
          operand->span = span(r);
          return operand;
        }
        if (op == "-" && operand->kind == ExprKind::Float && !operand->parenthesized) {
          operand->fval = -operand->fval;
          operand->span = span(r);
          return operand;
        }
        auto e = std::make_unique<Expr>(ExprKind::Unary, span(r));
        e->uop = op == "-" ? UnaryOp::Neg : op == "+" ? UnaryOp::Pos : UnaryOp::Invert;
        e->a = std::move(operand);
        return e;
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

  ExprPtr lambda(ParserRuleContext* r) {
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

  ExprPtr trailer(ExprPtr base, P::TrailerContext* t) {
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

  ExprPtr subscript(P::SubscriptContext* sub) {
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

  void arglist(P::ArglistContext* al, Expr& call) {
    bool seen_kw = false;
    for (auto* a : al->argument()) {
      auto tests = a->test();
      std::string first = a->getStart()->getText();
      if (a->children.size() == 2 && (first == "*" || first == "**")) {
        error(span(a), std::string("`") + first + "` unpacking in calls is not supported in Ts");
        continue;
      }
      if (tests.size() == 2) {
        ExprPtr name = expr(tests[0]);
        if (name->kind != ExprKind::Name || name->parenthesized) {
          error(name->span, "expression cannot be a keyword argument name; expected `name=value`");
          continue;
        }
        bool repeated = false;
        for (const auto& k : call.keywords) repeated |= k.name == name->name;
        if (repeated) {
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
      }
      if (seen_kw) {
        error(v->span, "positional argument follows keyword argument");
        continue;
      }
      call.elts.push_back(std::move(v));
    }
  }

  void comp_for(P::Comp_forContext* cf, std::vector<Comprehension>& out) {
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

  ExprPtr atom(P::AtomContext* a) {
    Span s = span(a);
    if (a->NAME()) {
      auto e = std::make_unique<Expr>(ExprKind::Name, s);
      e->name = a->NAME()->getText();
      return e;
    }
    if (a->INTEGER()) return int_literal(a->INTEGER()->getText(), s);
    if (a->FLOAT_NUMBER()) {
      std::string t = a->FLOAT_NUMBER()->getText();
      std::erase(t, '_');
      auto e = std::make_unique<Expr>(ExprKind::Float, s);
      e->fval = std::strtod(t.c_str(), nullptr);
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
        error(s, "generator expressions are not supported in Ts; use a list comprehension `[...]`");
        return std::make_unique<Expr>(ExprKind::List, s);
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

  ExprPtr dict(P::DictorsetmakerContext* d, const Span& s) {
    if (d == nullptr) return std::make_unique<Expr>(ExprKind::Dict, s);
    auto& ch = d->children;
    bool is_dict = false;
    for (auto* c : ch) {
      std::string t = text_of(c);
      if (t == ":" || t == "**") is_dict = true;
      if (t == "," || rule_index(c) == P::RuleComp_for) break;
    }
    if (!is_dict) {
      error(s, "set literals are not supported in Ts")
          .hints.push_back("use a list, or a Dict[K, bool] for membership tests");
      return std::make_unique<Expr>(ExprKind::List, s);
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
      if (text_of(ch[i]) == "**") {
        error(span(ch[i]), "`**` unpacking in dict displays is not supported in Ts");
        ++i;
      } else if (rule(ch[i]) && i + 2 < ch.size() && text_of(ch[i + 1]) == ":") {
        e->elts.push_back(expr(ch[i]));
        e->elts2.push_back(expr(ch[i + 2]));
        i += 2;
      }
    }
    return e;
  }

  ExprPtr int_literal(std::string t, const Span& s) {
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
    auto e = std::make_unique<Expr>(ExprKind::Int, s);
    // 2**63 is allowed so that -9223372036854775808 folds; anything larger does not fit.
    if (errno == ERANGE || v > 9223372036854775808ull) {
      error(s, "integer literal is too large for a 64-bit int");
    } else if (v == 9223372036854775808ull) {
      e->ival = INT64_MIN;  // only meaningful under a unary minus; checked by the checker
    } else {
      e->ival = static_cast<int64_t>(v);
    }
    return e;
  }

  ExprPtr strings(const std::vector<TerminalNode*>& toks, const Span& s) {
    std::vector<FStringPart> parts;
    bool any_f = false;
    std::string plain;
    for (auto* tk : toks) {
      Span ts = tok_span(tk->getSymbol());
      StringPieces p = decode_string(tk->getText(), file_, ts.line, ts.col, diags_);
      if (p.is_bytes) error(ts, "bytes literals are not supported in Ts");
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
    parse_fields(parts);
    e->fparts = std::move(parts);
    return e;
  }

  void parse_fields(std::vector<FStringPart>& parts) {
    for (auto& p : parts) {
      if (!p.is_field) continue;
      p.expr = parse_field_expr(p.text, file_, p.span.line, p.span.col, diags_, depth_);
      if (!p.expr) p.expr = std::make_unique<Expr>(ExprKind::None, p.span);
      parse_fields(p.spec);
    }
  }

 private:
  FileId file_;
  Diagnostics& diags_;
  uint32_t line0_, col0_;

 public:
  int depth_ = 0;
};

}  // namespace

// An f-string field: the expression text parsed on its own, positions shifted to the field.
ExprPtr parse_field_expr(const std::string& source, FileId file, uint32_t line, uint32_t col,
                         Diagnostics& diags, int depth) {
  // Parenthesized, as CPython does, so that newlines inside triple-quoted fields are joined.
  std::string text = "(" + source + ")";
  antlr4::ANTLRInputStream input(text);
  TsLexer lexer(&input);
  lexer.removeErrorListeners();
  antlr4::CommonTokenStream tokens(&lexer);
  tokens.fill();
  for (antlr4::Token* t : tokens.getTokens()) {
    size_t ty = t->getType();
    if (ty == TsLexer::ERROR_CHAR || ty == TsLexer::UNTERMINATED_STRING ||
        ty == TsLexer::UNTERMINATED_LONG_STRING) {
      diags.error(Span{file, line, col, line, col + 1}, "f-string: invalid expression `" + source + "`");
      return nullptr;
    }
  }
  P parser(&tokens);
  parser.removeErrorListeners();
  parser.setErrorHandler(std::make_shared<antlr4::BailErrorStrategy>());
  DepthGuard guard(kMaxRuleDepth - depth * 4);
  parser.addParseListener(&guard);
  P::TestContext* tree = nullptr;
  try {
    tree = parser.test();
    if (tokens.LA(1) != TsLexer::NEWLINE && tokens.LA(1) != Token::EOF) tree = nullptr;
  } catch (...) {
    tree = nullptr;
  }
  if (tree == nullptr) {
    diags.error(Span{file, line, col, line, col + static_cast<uint32_t>(source.size())},
                "f-string: invalid expression `" + source + "`");
    return nullptr;
  }
  // Column 1 of the wrapped text is the added '(' so shift one left.
  Converter conv(file, diags, line, col - 1);
  conv.depth_ = depth + 8;
  ExprPtr e = conv.expr(tree);
  return e;
}

std::unique_ptr<Module> convert_module(antlr4::ParserRuleContext* tree, const SourceManager& sm,
                                       FileId id, Diagnostics& diags) {
  auto m = std::make_unique<Module>();
  m->file = id;
  m->path = sm.file(id).path;
  Converter conv(id, diags);
  auto* f = static_cast<P::File_inputContext*>(tree);
  for (auto* s : f->stmt()) conv.stmt(s, m->body);
  return m;
}

}  // namespace ts::frontend
