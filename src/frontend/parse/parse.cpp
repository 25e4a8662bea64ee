// The parser driver: UTF-8 check, then the recursive-descent parser (parser.cpp); what it does
// not handle goes to the generated parser: lexing with the lexical checks, parsing (SLL first,
// full LL only when SLL fails) with a rule-depth guard, then conversion to the AST (convert.cpp).
#include "frontend/parse/parse.h"

#include "TsLexer.h"
#include "TsParser.h"
#include "frontend/parse/convert.h"
#include "frontend/parse/parser.h"

namespace ts::frontend {
namespace {

using ts_gen::TsLexer;
using ts_gen::TsParser;

// Records the first syntax error with a message in our words.
class SyntaxErrors : public antlr4::BaseErrorListener {
 public:
  bool seen = false;
  antlr4::Token* token = nullptr;
  std::string message;

  void syntaxError(antlr4::Recognizer* rec, antlr4::Token* offending, size_t, size_t,
                   const std::string&, std::exception_ptr) override {
    if (seen) return;
    seen = true;
    token = offending;
    auto* parser = dynamic_cast<TsParser*>(rec);
    message = describe(parser, offending);
  }

  static std::string token_text(antlr4::Token* t) {
    switch (t->getType()) {
      case antlr4::Token::EOF: return "end of file";
      case TsLexer::NEWLINE: return "end of line";
      case TsParser::INDENT: return "indent";
      case TsParser::DEDENT: return "dedent";
      default: return "`" + t->getText() + "`";
    }
  }

  static std::string describe(TsParser* parser, antlr4::Token* t) {
    if (t == nullptr) return "invalid syntax";
    size_t type = t->getType();
    if (type == TsParser::INDENT) return "unexpected indent";
    if (type == TsLexer::YIELD) return "`yield` (generators) is not supported in Ts";
    if (type == TsLexer::ASYNC || type == TsLexer::AWAIT) {
      return "`" + t->getText() + "` (coroutines) is not supported in Ts";
    }
    std::vector<std::string> expected;
    bool wants_indent = false;
    if (parser != nullptr) {
      try {
        antlr4::misc::IntervalSet set = parser->getExpectedTokens();
        if (set.contains(static_cast<ssize_t>(TsParser::INDENT))) wants_indent = true;
        if (set.size() <= 4) {
          for (ssize_t e : set.toList()) {
            if (e == static_cast<ssize_t>(antlr4::Token::EOF)) {
              expected.push_back("end of file");
            } else if (e == TsLexer::NEWLINE) {
              expected.push_back("end of line");
            } else if (e == TsLexer::NAME) {
              expected.push_back("a name");
            } else {
              std::string n = parser->getVocabulary().getLiteralName(e);
              if (n.size() >= 2 && n.front() == '\'') expected.push_back("`" + n.substr(1, n.size() - 2) + "`");
            }
          }
        }
      } catch (...) {
        expected.clear();
      }
    }
    if (wants_indent) return "expected an indented block";
    if (type == TsParser::DEDENT) return "unindent does not match the block";
    std::string msg = "invalid syntax: unexpected " + token_text(t);
    if (!expected.empty()) {
      msg += " (expected ";
      for (size_t i = 0; i < expected.size(); ++i) {
        if (i) msg += i + 1 == expected.size() ? " or " : ", ";
        msg += expected[i];
      }
      msg += ")";
    }
    return msg;
  }
};

// Offset of the first byte that is not valid UTF-8, or npos.
size_t invalid_utf8(const std::string& s) {
  size_t i = 0, n = s.size();
  while (i < n) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (len == 0 || i + len > n) return i;
    for (size_t k = 1; k < len; ++k) {
      if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return i;
    }
    if (len == 2 && c < 0xC2) return i;
    if (len == 3) {
      unsigned cp = ((c & 0x0Fu) << 12) | ((s[i + 1] & 0x3Fu) << 6) | (s[i + 2] & 0x3Fu);
      if (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF)) return i;
    }
    if (len == 4) {
      unsigned cp = ((c & 0x07u) << 18) | ((s[i + 1] & 0x3Fu) << 12) | ((s[i + 2] & 0x3Fu) << 6) |
                    (s[i + 3] & 0x3Fu);
      if (cp < 0x10000 || cp > 0x10FFFF) return i;
    }
    i += len;
  }
  return std::string::npos;
}

Span token_span(FileId file, const antlr4::Token* t) {
  Span s;
  s.file = file;
  s.line = static_cast<uint32_t>(t->getLine());
  s.col = static_cast<uint32_t>(t->getCharPositionInLine() + 1);
  s.end_line = s.line;
  size_t len = t->getType() == antlr4::Token::EOF ? 1 : t->getStopIndex() + 1 - t->getStartIndex();
  if (t->getStopIndex() < t->getStartIndex() || t->getStopIndex() == SIZE_MAX) len = 1;
  s.end_col = s.col + static_cast<uint32_t>(len);
  return s;
}

// A token stream that can free the tokens the parser has gone past: a token costs ~130 bytes,
// more than the AST it becomes.
class ReleasingTokenStream : public antlr4::CommonTokenStream {
 public:
  using CommonTokenStream::CommonTokenStream;
  // Frees the tokens before the previous one (the parser reads one back, for a rule's stop).
  void release_passed() {
    size_t end = index() > 1 ? index() - 1 : 0;
    for (; released_ < end && released_ < _tokens.size(); ++released_) _tokens[released_].reset();
  }
  // Frees the tokens [from, to), which the parser has gone past.
  void release(size_t from, size_t to) {
    for (size_t i = from; i < to && i < _tokens.size(); ++i) _tokens[i].reset();
  }

 private:
  size_t released_ = 0;
};

// Parses `file_input` one `stmt` at a time, converting each and then freeing the parse trees
// (the parser's tree tracker owns every node until it is reset).
std::unique_ptr<Module> parse_statements(TsParser& parser, ReleasingTokenStream& tokens,
                                         DepthGuard& guard, const SourceManager& sm, FileId id,
                                         Diagnostics& diags) {
  ModuleBuilder builder(parser, sm, id, diags, [&tokens](size_t from, size_t to) { tokens.release(from, to); });
  parser.addParseListener(builder.listener());
  struct Remove {
    TsParser& p;
    antlr4::tree::ParseTreeListener* l;
    ~Remove() { p.removeParseListener(l); }
  } remove{parser, builder.listener()};
  while (true) {
    size_t t = tokens.LA(1);
    if (t == antlr4::Token::EOF) break;
    if (t == TsLexer::NEWLINE) {
      tokens.consume();
      continue;
    }
    guard.reset(1);  // the file_input level, as when the whole file is one parse
    builder.add(parser.stmt());
    parser.getTreeTracker().reset();
    tokens.release_passed();
  }
  return builder.finish();
}

}  // namespace

std::unique_ptr<Module> parse_module(const SourceManager& sm, FileId id, Diagnostics& diags) {
  // The recursive-descent parser first; what it does not handle (every error among it) the
  // generated parser reads and reports.
  if (auto m = parse_module_direct(sm, id)) return m;
  return parse_module_generated(sm, id, diags);
}

std::unique_ptr<Module> parse_module_direct(const SourceManager& sm, FileId id) {
  if (invalid_utf8(sm.file(id).text) != std::string::npos) return nullptr;
  return direct::parse_module(sm, id);
}

std::unique_ptr<Module> parse_module_generated(const SourceManager& sm, FileId id, Diagnostics& diags) {
  const SourceFile& f = sm.file(id);
  if (size_t bad = invalid_utf8(f.text); bad != std::string::npos) {
    Span s;
    s.file = id;
    sm.position(id, bad, &s.line, &s.col);
    s.end_line = s.line;
    s.end_col = s.col + 1;
    diags.error(s, "the file is not valid UTF-8");
    return nullptr;
  }
  antlr4::ANTLRInputStream input(f.text);
  TsLexer lexer(&input);
  lexer.removeErrorListeners();
  ReleasingTokenStream tokens(&lexer);
  tokens.fill();

  // Lexical errors: all of them, then stop (the parser's complaints would only repeat them).
  size_t before = diags.error_count();
  for (antlr4::Token* t : tokens.getTokens()) {
    switch (t->getType()) {
      case TsLexer::ERROR_CHAR: {
        std::string c = t->getText();
        auto& d = diags.error(token_span(id, t), "invalid character `" + c + "` in source");
        if (c == "$" || c == "?" || c == "!") d.hints.push_back("Ts has no `" + c + "` operator");
        break;
      }
      case TsLexer::UNTERMINATED_STRING:
        diags.error(token_span(id, t), "unterminated string literal")
            .hints.push_back("close it with the same quote on the same line, or use a triple-quoted string");
        break;
      case TsLexer::UNTERMINATED_LONG_STRING:
        diags.error(token_span(id, t), "unterminated triple-quoted string literal");
        break;
      default: break;
    }
  }
  for (const auto& [offset, msg] : lexer.indent_errors) {
    for (antlr4::Token* t : tokens.getTokens()) {
      if (t->getStartIndex() == offset && t->getType() != TsParser::INDENT &&
          t->getType() != TsParser::DEDENT) {
        diags.error(token_span(id, t), msg);
        break;
      }
    }
  }
  if (diags.error_count() > before) return nullptr;

  TsParser parser(&tokens);
  parser.removeErrorListeners();
  SyntaxErrors errors;
  DepthGuard guard(kMaxRuleDepth);
  parser.addParseListener(&guard);
  auto interp = parser.getInterpreter<antlr4::atn::ParserATNSimulator>();
  TsParser::File_inputContext* tree = nullptr;
  std::unique_ptr<Module> module;
  std::unique_ptr<TsLexer> relexer;
  try {
    // SLL with bail-out is fast and right for almost every input; only a failure is retried
    // with full LL and the normal error listener. The fast path parses and converts one
    // top-level statement at a time and frees its parse tree before the next (Note [Parsing
    // speed and depth]): a whole file's tree costs kilobytes per line.
    interp->setPredictionMode(antlr4::atn::PredictionMode::SLL);
    parser.setErrorHandler(std::make_shared<antlr4::BailErrorStrategy>());
    size_t diags_before = diags.size();
    try {
      module = parse_statements(parser, tokens, guard, sm, id, diags);
    } catch (const antlr4::ParseCancellationException&) {
      module = nullptr;
    }
    if (module == nullptr) {
      // Conversion messages of the statements before the failure would come again.
      for (size_t i = diags.size(); i-- > diags_before;) diags.discard(i);
      // The fast path freed the tokens it had parsed: lex again.
      input.reset();
      relexer = std::make_unique<TsLexer>(&input);
      relexer->removeErrorListeners();
      tokens.setTokenSource(relexer.get());
      tokens.fill();
      parser.reset();
      guard.reset();
      parser.addErrorListener(&errors);
      parser.setErrorHandler(std::make_shared<antlr4::DefaultErrorStrategy>());
      interp->setPredictionMode(antlr4::atn::PredictionMode::LL);
      tree = parser.file_input();
    }
  } catch (const TooDeep&) {
    Span s;
    s.file = id;
    antlr4::Token* t = parser.getCurrentToken();
    s = t ? token_span(id, t) : s;
    diags.error(s, "the code is nested too deeply to parse (more than " +
                       std::to_string(kMaxRuleDepth) + " grammar levels)")
        .hints.push_back("split the expression into several statements");
    return nullptr;
  }
  if (errors.seen) {
    Span s = errors.token ? token_span(id, errors.token) : Span{};
    s.file = id;
    diags.error(s, errors.message);
    return nullptr;
  }
  return module ? std::move(module) : convert_module(tree, sm, id, diags);
}

std::string dump_tokens(const SourceManager& sm, FileId id) {
  antlr4::ANTLRInputStream input(sm.file(id).text);
  TsLexer lexer(&input);
  lexer.removeErrorListeners();
  antlr4::CommonTokenStream tokens(&lexer);
  tokens.fill();
  const auto& names = static_cast<antlr4::Recognizer&>(lexer).getVocabulary();
  std::string out;
  for (antlr4::Token* t : tokens.getTokens()) {
    std::string kind = t->getType() == antlr4::Token::EOF ? "EOF" : names.getSymbolicName(t->getType());
    if (t->getType() == TsParser::INDENT) kind = "INDENT";
    if (t->getType() == TsParser::DEDENT) kind = "DEDENT";
    if (kind.empty()) kind = names.getDisplayName(t->getType());  // keywords and operators: 'def'
    std::string text = t->getType() == antlr4::Token::EOF ? "" : t->getText();
    std::string shown;
    for (char c : text) shown += c == '\n' ? std::string("\\n") : c == '\t' ? std::string("\\t") : std::string(1, c);
    out += std::to_string(t->getLine()) + ":" + std::to_string(t->getCharPositionInLine() + 1) + " " + kind +
           " '" + shown + "'\n";
  }
  return out;
}

}  // namespace ts::frontend
