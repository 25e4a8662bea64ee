// Parse tree to AST (internal to frontend/parse).
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "frontend/ast.h"
#include "frontend/diagnostics.h"

#include "antlr4-runtime.h"

namespace ts::frontend {

struct TooDeep {};

// Counts rule nesting and aborts the parse (throws TooDeep) past a limit, so that deeply
// nested input is an error instead of a stack overflow.
class DepthGuard : public antlr4::tree::ParseTreeListener {
 public:
  explicit DepthGuard(int limit) : limit_(limit) {}
  void visitTerminal(antlr4::tree::TerminalNode*) override {}
  void visitErrorNode(antlr4::tree::ErrorNode*) override {}
  void enterEveryRule(antlr4::ParserRuleContext*) override {
    if (++depth_ > limit_) throw TooDeep{};
  }
  void exitEveryRule(antlr4::ParserRuleContext*) override { --depth_; }
  void reset(int depth = 0) { depth_ = depth; }

 private:
  int depth_ = 0;
  int limit_;
};

std::unique_ptr<Module> convert_module(antlr4::ParserRuleContext* tree, const SourceManager& sm,
                                       FileId id, Diagnostics& diags);

// Builds a module from its top-level statements' parse trees, one at a time (the trees may be
// freed after each `add`).
class ModuleBuilder {
 public:
  // Converts the statements of suites while `parser` runs (the listener must be added to it)
  // and frees their parse trees; `release_tokens(from, to)` may free the tokens [from, to).
  ModuleBuilder(antlr4::Parser& parser, const SourceManager& sm, FileId id, Diagnostics& diags,
                std::function<void(size_t, size_t)> release_tokens = {});
  ~ModuleBuilder();
  antlr4::tree::ParseTreeListener* listener();
  void add(antlr4::ParserRuleContext* stmt);
  std::unique_ptr<Module> finish();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// One string literal token's contents: the decoded text, or the parts of an f-string whose
// fields still hold their expression source (the converter parses them).
struct StringPieces {
  bool is_fstring = false;
  bool is_bytes = false;
  std::string text;                // plain strings
  std::vector<FStringPart> parts;  // f-strings
};

// Decodes one STRING token that starts at line:col; errors (bad escapes, unbalanced braces)
// go to `diags`.
StringPieces decode_string(const std::string& token, FileId file, uint32_t line, uint32_t col,
                           Diagnostics& diags);

// Parses an f-string replacement field's expression text, which starts at line:col.
ExprPtr parse_field_expr(const std::string& source, FileId file, uint32_t line, uint32_t col,
                         Diagnostics& diags, int depth);

}  // namespace ts::frontend
