// ANTLR parse tree -> AST. Walks each rule's children in order, so operators and operands come
// out in source order; anything the grammar accepts but Ts does not becomes a diagnostic here.
#include "frontend/parse/ast_rules.h"
#include "frontend/parse/converter.h"

#include <cerrno>
#include <cstdlib>

namespace ts::frontend {

using namespace parse_detail;

// ---- statements ----

void Converter::block(ParseTree* suite, Block& out) {
  auto* s = dynamic_cast<P::SuiteContext*>(suite);
  if (s == nullptr) return;
  if (s->simple_stmts()) {
    simple_stmts(s->simple_stmts(), out);
    return;
  }
  for (auto* st : s->stmt()) stmt(st, out);
}

void Converter::stmt(P::StmtContext* s, Block& out) {
  if (auto it = done.find(s); it != done.end()) {
    for (auto& st : it->second) out.push_back(std::move(st));
    done.erase(it);
    return;
  }
  if (s->simple_stmts()) {
    simple_stmts(s->simple_stmts(), out);
  } else if (s->compound_stmt()) {
    compound(s->compound_stmt(), out);
  }
}

void Converter::simple_stmts(P::Simple_stmtsContext* s, Block& out) {
  for (auto* ss : s->simple_stmt()) {
    if (StmtPtr st = simple(ss)) out.push_back(std::move(st));
  }
}

StmtPtr Converter::simple(P::Simple_stmtContext* s) {
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

StmtPtr Converter::expr_stmt(P::Expr_stmtContext* s) {
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
ExprPtr Converter::target(ExprPtr e) {
  if (e) check_target(*e, [this](const Span& s, std::string msg) { error(s, std::move(msg)); });
  return e;
}

StmtPtr Converter::import_name(P::Import_nameContext* s) {
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

StmtPtr Converter::import_from(P::Import_fromContext* s) {
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

void Converter::compound(P::Compound_stmtContext* c, Block& out) {
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

ExprPtr Converter::dotted(P::Dotted_nameContext* d) {
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

StmtPtr Converter::if_stmt(P::If_stmtContext* s) {
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

StmtPtr Converter::try_stmt(P::Try_stmtContext* s) {
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

void Converter::params(P::ParamlistContext* pl, std::vector<Param>& out) {
  bool star = false, seen_default = false;
  for (auto* p : pl->param()) {
    std::string first = p->getStart()->getText();
    Span sp = span(p);
    if (first == "/") {
      error(sp, "positional-only parameters (`/`) are not supported in Ts");
      continue;
    }
    if (first == "*" && star) {
      error(sp, "`*` may appear only once in a parameter list");
      continue;
    }
    if (first == "*" && !p->NAME()) {
      star = true;
      continue;
    }
    Param q;
    q.name = p->NAME()->getText();
    q.span = span(p->NAME());
    q.kwonly = star;
    if (first == "*") {  // *args
      q.vararg = true;
      q.kwonly = false;
      star = true;
    }
    if (first == "**") {  // **kwargs
      q.kwvar = true;
      q.kwonly = false;
    }
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
    check_param(out, q, seen_default, [this](const Span& s, std::string msg) { error(s, std::move(msg)); });
    out.push_back(std::move(q));
  }
}

StmtPtr Converter::funcdef(P::FuncdefContext* f, std::vector<ExprPtr> decos) {
  auto st = std::make_unique<Stmt>(StmtKind::FunctionDef, span(f));
  st->name = f->NAME()->getText();
  st->name_span = span(f->NAME());
  st->decorators = std::move(decos);
  if (f->paramlist()) params(f->paramlist(), st->params);
  if (f->test()) st->returns = expr(f->test());
  block(f->suite(), st->body);
  return st;
}

StmtPtr Converter::classdef(P::ClassdefContext* c, std::vector<ExprPtr> decos) {
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

// Converts each statement of a suite as soon as it is parsed and frees its parse tree (Note
// [Scale]): the parser's tree tracker owns every node it creates, so the nodes created inside
// one statement are kept in a tracker of their own, swapped in when the statement starts and
// deleted when it ends. The statement's context stays (childless) in its suite, and
// `Converter::stmt` takes the converted statements from `done`.
class EagerStatements : public antlr4::tree::ParseTreeListener {
 public:
  EagerStatements(antlr4::Parser& parser, Converter& conv, std::function<void(size_t, size_t)> release_tokens)
      : tracker_(parser.getTreeTracker()), conv_(conv), release_tokens_(std::move(release_tokens)) {}
  ~EagerStatements() override {
    for (auto& t : saved_) t.reset();
    release();
  }
  void visitTerminal(antlr4::tree::TerminalNode*) override {}
  void visitErrorNode(antlr4::tree::ErrorNode*) override {}
  void enterEveryRule(ParserRuleContext* ctx) override {
    if (!in_suite(ctx)) return;
    saved_.push_back(std::move(tracker_));
    tracker_ = antlr4::tree::ParseTreeTracker();
    marks_.push_back(converted_.size());
  }
  void exitEveryRule(ParserRuleContext* ctx) override {
    if (!in_suite(ctx) || saved_.empty()) return;
    auto* st = static_cast<P::StmtContext*>(ctx);
    antlr4::tree::ParseTreeTracker inner = std::move(tracker_);
    tracker_ = std::move(saved_.back());
    saved_.pop_back();
    size_t mark = marks_.back();
    marks_.pop_back();
    // Not when the parse is being abandoned (an exception unwinds the rules), nor deep in an
    // elif chain, which may yet prove too long (Converter::if_stmt then rejects the chain and
    // converts none of its suites): that statement is converted with its enclosing one.
    int depth = elif_depth(ctx);
    if (std::uncaught_exceptions() != 0 || depth > kMaxRuleDepth / 2) {
      kept_.push_back(std::move(inner));
      return;
    }
    int saved_depth = conv_.depth_;
    conv_.depth_ = depth;
    Block b;
    conv_.stmt(st, b);
    conv_.depth_ = saved_depth;
    // What was converted inside and not taken (the suites of a rejected elif chain) is about to
    // be freed: drop it, or a later context at the same address would find it.
    for (size_t i = mark; i < converted_.size(); ++i) conv_.done.erase(converted_[i]);
    converted_.resize(mark);
    conv_.done[st] = std::move(b);
    converted_.push_back(st);
    st->children.clear();
    inner.reset();
    // Its tokens too, but for its stop (the parser reads one token back), which is not a start
    // or stop of any enclosing rule: a suite ends with DEDENT.
    if (release_tokens_ && st->getStart() && st->getStop() &&
        st->getStop()->getTokenIndex() > st->getStart()->getTokenIndex())
      release_tokens_(st->getStart()->getTokenIndex(), st->getStop()->getTokenIndex());
  }
  // Frees what was kept; called between top-level statements.
  void release() {
    for (auto& t : kept_) t.reset();
    kept_.clear();
    converted_.clear();
  }

 private:
  static bool in_suite(ParserRuleContext* ctx) {
    return ctx->getRuleIndex() == P::RuleStmt && ctx->parent != nullptr &&
           static_cast<ParserRuleContext*>(ctx->parent)->getRuleIndex() == P::RuleSuite;
  }
  // The depth Converter::if_stmt gives the statements of its suites: each elif nests one If
  // deeper, and an else suite sits at the last elif's depth. The suite being parsed is the
  // last child of its if_stmt: 'if' test ':' suite, then four children per elif, or
  // 'else' ':' suite after the last.
  static int elif_depth(ParserRuleContext* ctx) {
    int d = 0;
    for (auto* p = ctx->parent; p != nullptr; p = p->parent) {
      auto* r = static_cast<ParserRuleContext*>(p);
      if (r->getRuleIndex() == P::RuleIf_stmt && r->children.size() >= 4)
        d += static_cast<int>((r->children.size() - 4) / 4);
    }
    return d;
  }
  antlr4::tree::ParseTreeTracker& tracker_;
  Converter& conv_;
  std::function<void(size_t, size_t)> release_tokens_;
  std::vector<antlr4::tree::ParseTreeTracker> saved_, kept_;
  std::vector<size_t> marks_;                      // converted_.size() when each open statement began
  std::vector<const P::StmtContext*> converted_;  // keys added to conv_.done, in order
};

struct ModuleBuilder::Impl {
  std::unique_ptr<Module> module = std::make_unique<Module>();
  Converter conv;
  EagerStatements eager;
  Impl(antlr4::Parser& parser, FileId id, Diagnostics& diags, std::function<void(size_t, size_t)> release_tokens)
      : conv(id, diags), eager(parser, conv, std::move(release_tokens)) {}
};

ModuleBuilder::ModuleBuilder(antlr4::Parser& parser, const SourceManager& sm, FileId id, Diagnostics& diags,
                             std::function<void(size_t, size_t)> release_tokens)
    : impl_(std::make_unique<Impl>(parser, id, diags, std::move(release_tokens))) {
  impl_->module->file = id;
  impl_->module->path = sm.file(id).path;
}

ModuleBuilder::~ModuleBuilder() = default;

antlr4::tree::ParseTreeListener* ModuleBuilder::listener() { return &impl_->eager; }

void ModuleBuilder::add(antlr4::ParserRuleContext* stmt) {
  impl_->conv.stmt(static_cast<P::StmtContext*>(stmt), impl_->module->body);
  impl_->conv.done.clear();
  impl_->eager.release();
}

std::unique_ptr<Module> ModuleBuilder::finish() { return std::move(impl_->module); }

}  // namespace ts::frontend
