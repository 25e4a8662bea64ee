// INDENT/DEDENT and implicit line joining for the generated lexer (declared in lang/Ts.g4's
// @lexer::members): NEWLINEs inside brackets and on blank lines are dropped, and the first
// token of each logical line is compared with the indentation stack.
#include "TsLexer.h"
#include "TsParser.h"

namespace ts_gen {

std::unique_ptr<antlr4::Token> TsLexer::make_token(size_t type, const antlr4::Token& at) {
  auto t = std::make_unique<antlr4::CommonToken>(std::make_pair(this, _input), type,
                                                 antlr4::Token::DEFAULT_CHANNEL,
                                                 at.getStartIndex(), at.getStartIndex() - 1);
  t->setLine(at.getLine());
  t->setCharPositionInLine(at.getCharPositionInLine());
  t->setText(type == TsParser::INDENT ? "<indent>" : type == TsParser::DEDENT ? "<dedent>" : "<newline>");
  return t;
}

std::unique_ptr<antlr4::Token> TsLexer::nextToken() {
  while (true) {
    if (!pending_.empty()) {
      auto t = std::move(pending_.front());
      pending_.pop_front();
      return t;
    }
    auto tok = antlr4::Lexer::nextToken();
    size_t type = tok->getType();
    if (type == LPAR || type == LSQB || type == LBRACE) {
      ++depth_;
    } else if (type == RPAR || type == RSQB || type == RBRACE) {
      if (depth_ > 0) --depth_;
    }
    if (type == NEWLINE) {
      if (depth_ > 0 || last_was_newline_) continue;  // implicit joining; blank line
      last_was_newline_ = true;
      at_line_start_ = true;
      return tok;
    }
    if (type == antlr4::Token::EOF) {
      if (!last_was_newline_) pending_.push_back(make_token(NEWLINE, *tok));
      last_was_newline_ = true;
      for (; !indents_.empty(); indents_.pop_back()) pending_.push_back(make_token(TsParser::DEDENT, *tok));
      pending_.push_back(std::move(tok));
      continue;
    }
    if (at_line_start_) {
      at_line_start_ = false;
      // Python's rule: a tab advances to the next multiple of 8.
      size_t start = tok->getStartIndex();
      size_t line_begin = start - tok->getCharPositionInLine();
      std::string prefix = _input->getText(antlr4::misc::Interval(line_begin, start - 1));
      if (start == line_begin) prefix.clear();
      int col = 0;
      for (char c : prefix) col = c == '\t' ? (col / 8 + 1) * 8 : col + 1;
      int cur = indents_.empty() ? 0 : indents_.back();
      if (col > cur) {
        indents_.push_back(col);
        pending_.push_back(make_token(TsParser::INDENT, *tok));
      } else if (col < cur) {
        while (!indents_.empty() && indents_.back() > col) {
          indents_.pop_back();
          pending_.push_back(make_token(TsParser::DEDENT, *tok));
        }
        int now = indents_.empty() ? 0 : indents_.back();
        if (now != col) {
          indent_errors.emplace_back(start, "unindent does not match any outer indentation level");
        }
      }
    }
    last_was_newline_ = false;
    pending_.push_back(std::move(tok));
  }
}

}  // namespace ts_gen
