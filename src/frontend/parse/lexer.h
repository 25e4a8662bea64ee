// The hand-written lexer of the recursive-descent parser (parser.cpp): the tokens of lang/Ts.g4
// with INDENT/DEDENT made as lexer_indent.cpp makes them, and each token's span as the
// converter gives the generated lexer's. It only accepts: anything unusual (a lexical error,
// a form feed or carriage return, a number or string form it does not know) throws `Decline`,
// and the generated lexer and parser then read the file and report. Internal to frontend/parse.
#pragma once

#include <cstdint>
#include <deque>
#include <string_view>
#include <vector>

namespace ts::frontend::direct {

// Thrown where the recursive-descent parser does not handle the input.
struct Decline {};

enum class Tok : uint8_t {
  Eof, Newline, Indent, Dedent, Name, Int, Float, String,
  // keywords
  False, None, True, And, As, Assert, Break, Class, Continue, Def, Del, Elif, Else, Except, Finally,
  For, From, Global, If, Import, In, Is, Lambda, Nonlocal, Not, Or, Pass, Raise, Return, Try, While,
  With,
  // punctuation and operators
  LPar, RPar, LSqb, RSqb, LBrace, RBrace, Comma, Colon, Semi, Dot, Ellipsis, Arrow, Assign,
  AugAssign,  // += -= ... (the text says which)
  Plus, Minus, Star, DoubleStar, Slash, DoubleSlash, Percent, At, Pipe, Amp, Caret, Tilde, LShift,
  RShift, Lt, Gt, EqEq, Ge, Le, Ne,
};

struct Token {
  Tok kind = Tok::Eof;
  uint32_t off = 0, len = 0;         // bytes of the source
  uint32_t line = 0, col = 0;        // 1-based; columns count code points
  uint32_t end_line = 0, end_col = 0;  // as the converter spans the generated lexer's token
};

class Lexer {
 public:
  explicit Lexer(std::string_view text);
  // The next token after indentation processing; throws Decline.
  Token next();
  std::string_view text(const Token& t) const { return src_.substr(t.off, t.len); }

 private:
  Token raw();
  void string_body(Token& t, size_t quote_at);
  void number(Token& t);
  Token at(Tok kind, size_t off, size_t len) const;
  uint32_t col_of(size_t off) const { return static_cast<uint32_t>(off - line_start_ - cont_) + 1; }

  std::string_view src_;
  size_t pos_ = 0;
  uint32_t line_ = 1;
  size_t line_start_ = 0;
  size_t cont_ = 0;  // UTF-8 continuation bytes since line_start_ (inside strings and comments)
  std::deque<Token> pending_;
  std::vector<int> indents_;
  int depth_ = 0;
  bool at_line_start_ = true;
  bool last_was_newline_ = true;
};

}  // namespace ts::frontend::direct
