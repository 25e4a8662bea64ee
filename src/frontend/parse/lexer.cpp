// The recursive-descent parser's lexer (lexer.h): raw tokens as lang/Ts.g4's lexer rules match
// them (longest match, keywords before names), then the INDENT/DEDENT and implicit line joining
// of lexer_indent.cpp.
#include "frontend/parse/lexer.h"

#include <cstring>
#include <string>

namespace ts::frontend::direct {
namespace {

bool is_name_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_name_char(char c) { return is_name_start(c) || is_digit(c); }

struct Keyword {
  const char* text;
  Tok kind;
};
constexpr Keyword kKeywords[] = {
    {"False", Tok::False}, {"None", Tok::None},   {"True", Tok::True},         {"and", Tok::And},
    {"as", Tok::As},       {"assert", Tok::Assert}, {"break", Tok::Break},     {"class", Tok::Class},
    {"continue", Tok::Continue}, {"def", Tok::Def}, {"del", Tok::Del},         {"elif", Tok::Elif},
    {"else", Tok::Else},   {"except", Tok::Except}, {"finally", Tok::Finally}, {"for", Tok::For},
    {"from", Tok::From},   {"global", Tok::Global}, {"if", Tok::If},           {"import", Tok::Import},
    {"in", Tok::In},       {"is", Tok::Is},       {"lambda", Tok::Lambda},     {"nonlocal", Tok::Nonlocal},
    {"not", Tok::Not},     {"or", Tok::Or},       {"pass", Tok::Pass},         {"raise", Tok::Raise},
    {"return", Tok::Return}, {"try", Tok::Try},   {"while", Tok::While},       {"with", Tok::With},
};

// The string prefixes lang/Ts.g4 allows (any case): r u f b fr rf br rb.
bool is_string_prefix(std::string_view p) {
  if (p.size() == 1) return std::strchr("rRuUfFbB", p[0]) != nullptr;
  if (p.size() != 2) return false;
  char a = static_cast<char>(p[0] | 0x20), b = static_cast<char>(p[1] | 0x20);
  return (a == 'f' && b == 'r') || (a == 'r' && b == 'f') || (a == 'b' && b == 'r') || (a == 'r' && b == 'b');
}

}  // namespace

Lexer::Lexer(std::string_view text) : src_(text) {
  // Carriage returns and form feeds count lines and columns differently in the generated lexer.
  if (src_.find_first_of("\r\f") != std::string_view::npos) throw Decline{};
}

Token Lexer::at(Tok kind, size_t off, size_t len) const {
  Token t;
  t.kind = kind;
  t.off = static_cast<uint32_t>(off);
  t.len = static_cast<uint32_t>(len);
  t.line = line_;
  t.col = col_of(off);
  t.end_line = t.line;
  t.end_col = t.col + static_cast<uint32_t>(len);
  return t;
}

// A literal's body from the quote at `quote_at`; ends the token after the closing quote and
// spans it as the converter does (columns count code points, a newline starts column 1).
void Lexer::string_body(Token& t, size_t quote_at) {
  const size_t n = src_.size();
  char q = src_[quote_at];
  bool triple = quote_at + 2 < n && src_[quote_at + 1] == q && src_[quote_at + 2] == q;
  size_t i = quote_at + (triple ? 3 : 1);
  uint32_t el = t.line, ec = t.col + static_cast<uint32_t>(i - t.off);
  auto step = [&](size_t k) {
    unsigned char c = static_cast<unsigned char>(src_[k]);
    if (c == '\n') {
      ++el;
      ec = 1;
      ++line_;
      line_start_ = k + 1;
      cont_ = 0;
    } else if ((c & 0xC0) != 0x80) {
      ++ec;
    } else {
      ++cont_;
    }
  };
  while (true) {
    if (i >= n) throw Decline{};  // unterminated
    char c = src_[i];
    if (c == '\\') {
      if (i + 1 >= n) throw Decline{};
      step(i);
      step(i + 1);
      i += 2;
      continue;
    }
    if (!triple && c == '\n') throw Decline{};
    if (c == q && (!triple || (i + 2 < n && src_[i + 1] == q && src_[i + 2] == q))) {
      size_t close = triple ? 3 : 1;
      for (size_t k = 0; k < close; ++k) step(i + k);
      i += close;
      // `"""a""""`: where the generated lexer ends that is not worth knowing.
      if (triple && i < n && src_[i] == q) throw Decline{};
      break;
    }
    step(i);
    ++i;
  }
  t.len = static_cast<uint32_t>(i - t.off);
  t.end_line = el;
  t.end_col = ec;
  pos_ = i;
}

// INTEGER or FLOAT_NUMBER at pos_ (a digit, or '.' and a digit), the longest match as the
// generated lexer's. Forms it would split into two numbers (`0777`, `0b12`) or make an
// IMAG_NUMBER decline.
void Lexer::number(Token& t) {
  const size_t n = src_.size();
  size_t i = pos_;
  auto digits = [&](auto ok) {  // DIGIT ('_'? DIGIT)*; false when none
    if (i >= n || !ok(src_[i])) return false;
    ++i;
    while (i < n) {
      if (ok(src_[i])) {
        ++i;
      } else if (src_[i] == '_' && i + 1 < n && ok(src_[i + 1])) {
        i += 2;
      } else {
        break;
      }
    }
    return true;
  };
  bool is_float = false;
  char c1 = i + 1 < n ? static_cast<char>(src_[i + 1] | 0x20) : 0;
  if (src_[i] == '0' && (c1 == 'x' || c1 == 'o' || c1 == 'b')) {
    i += 2;
    auto ok = [c1](char c) {
      if (c1 == 'x') return is_digit(c) || ((c | 0x20) >= 'a' && (c | 0x20) <= 'f');
      return c1 == 'o' ? c >= '0' && c <= '7' : c == '0' || c == '1';
    };
    // ('_'? digit)+
    size_t first = i;
    while (i < n) {
      if (ok(src_[i])) {
        ++i;
      } else if (src_[i] == '_' && i + 1 < n && ok(src_[i + 1])) {
        i += 2;
      } else {
        break;
      }
    }
    if (i == first) throw Decline{};
  } else {
    bool int_part = digits(is_digit);
    if (i < n && src_[i] == '.') {
      ++i;
      is_float = true;
      bool frac = digits(is_digit);
      if (!int_part && !frac) throw Decline{};
    }
    if (i < n && (src_[i] | 0x20) == 'e') {
      size_t save = i;
      ++i;
      if (i < n && (src_[i] == '+' || src_[i] == '-')) ++i;
      if (digits(is_digit)) {
        is_float = true;
      } else {
        i = save;
      }
    }
    if (!is_float) {
      // DECIMAL_INTEGER: a non-zero digit first, or zeros only.
      std::string_view d = src_.substr(pos_, i - pos_);
      if (d[0] == '0' && d.find_first_not_of("0_") != std::string_view::npos) throw Decline{};
    }
  }
  // What follows is a token of its own (`1.5.real`, `1if`, `1e` is 1 and e, `1_` 1 and _), but
  // for an IMAG_NUMBER's j, or digits the generated lexer reads as another number (`0b12`).
  if (i < n && ((src_[i] | 0x20) == 'j' || is_digit(src_[i]) || static_cast<unsigned char>(src_[i]) >= 0x80))
    throw Decline{};
  if (src_.substr(pos_, 2) == "0_") throw Decline{};
  t = at(is_float ? Tok::Float : Tok::Int, pos_, i - pos_);
  pos_ = i;
}

Token Lexer::raw() {
  const size_t n = src_.size();
  while (true) {
    if (pos_ >= n) {
      Token t = at(Tok::Eof, pos_, 0);
      t.end_col = t.col + 1;
      return t;
    }
    char c = src_[pos_];
    if (c == ' ' || c == '\t') {
      ++pos_;
      continue;
    }
    if (c == '#') {
      while (pos_ < n && src_[pos_] != '\n') {
        if ((static_cast<unsigned char>(src_[pos_]) & 0xC0) == 0x80) ++cont_;
        ++pos_;
      }
      continue;
    }
    if (c == '\\') {  // explicit line joining
      size_t i = pos_ + 1;
      while (i < n && (src_[i] == ' ' || src_[i] == '\t')) ++i;
      if (i >= n || src_[i] != '\n') throw Decline{};
      pos_ = i + 1;
      ++line_;
      line_start_ = pos_;
      cont_ = 0;
      continue;
    }
    if (c == '\n') {
      Token t = at(Tok::Newline, pos_, 1);
      t.end_line = t.line + 1;
      t.end_col = 1;
      ++pos_;
      ++line_;
      line_start_ = pos_;
      cont_ = 0;
      return t;
    }
    if (is_name_start(c)) {
      size_t i = pos_ + 1;
      while (i < n && is_name_char(src_[i])) ++i;
      std::string_view word = src_.substr(pos_, i - pos_);
      if (i < n && (src_[i] == '\'' || src_[i] == '"') && is_string_prefix(word)) {
        Token t = at(Tok::String, pos_, 0);
        string_body(t, i);
        return t;
      }
      if (i < n && static_cast<unsigned char>(src_[i]) >= 0x80) throw Decline{};
      Token t = at(Tok::Name, pos_, i - pos_);
      pos_ = i;
      if (word[0] >= 'a' || word[0] == 'F' || word[0] == 'N' || word[0] == 'T') {
        for (const auto& k : kKeywords) {
          if (word == k.text) {
            t.kind = k.kind;
            break;
          }
        }
        if (word == "yield" || word == "async" || word == "await") throw Decline{};
      }
      return t;
    }
    if (is_digit(c) || (c == '.' && pos_ + 1 < n && is_digit(src_[pos_ + 1]))) {
      Token t;
      number(t);
      return t;
    }
    if (c == '\'' || c == '"') {
      Token t = at(Tok::String, pos_, 0);
      string_body(t, pos_);
      return t;
    }
    // Operators, longest first.
    std::string_view rest = src_.substr(pos_, 3);
    auto starts = [&](const char* op) { return rest.substr(0, std::strlen(op)) == op; };
    struct Op {
      const char* text;
      Tok kind;
    };
    static constexpr Op kOps[] = {
        {"**=", Tok::AugAssign}, {"//=", Tok::AugAssign}, {">>=", Tok::AugAssign}, {"<<=", Tok::AugAssign},
        {"...", Tok::Ellipsis},  {"**", Tok::DoubleStar}, {"//", Tok::DoubleSlash}, {"<<", Tok::LShift},
        {">>", Tok::RShift},     {"<=", Tok::Le},         {">=", Tok::Ge},          {"==", Tok::EqEq},
        {"!=", Tok::Ne},         {"->", Tok::Arrow},      {"+=", Tok::AugAssign},   {"-=", Tok::AugAssign},
        {"*=", Tok::AugAssign},  {"@=", Tok::AugAssign},  {"/=", Tok::AugAssign},   {"%=", Tok::AugAssign},
        {"&=", Tok::AugAssign},  {"|=", Tok::AugAssign},  {"^=", Tok::AugAssign},   {"(", Tok::LPar},
        {")", Tok::RPar},        {"[", Tok::LSqb},        {"]", Tok::RSqb},         {"{", Tok::LBrace},
        {"}", Tok::RBrace},      {",", Tok::Comma},       {":", Tok::Colon},        {";", Tok::Semi},
        {".", Tok::Dot},         {"=", Tok::Assign},      {"+", Tok::Plus},         {"-", Tok::Minus},
        {"*", Tok::Star},        {"/", Tok::Slash},       {"%", Tok::Percent},      {"@", Tok::At},
        {"|", Tok::Pipe},        {"&", Tok::Amp},         {"^", Tok::Caret},        {"~", Tok::Tilde},
        {"<", Tok::Lt},          {">", Tok::Gt},
    };
    for (const auto& op : kOps) {
      if (starts(op.text)) {
        size_t len = std::strlen(op.text);
        Token t = at(op.kind, pos_, len);
        pos_ += len;
        return t;
      }
    }
    throw Decline{};  // an invalid character
  }
}

Token Lexer::next() {
  while (true) {
    if (!pending_.empty()) {
      Token t = pending_.front();
      pending_.pop_front();
      return t;
    }
    Token tok = raw();
    Tok k = tok.kind;
    if (k == Tok::LPar || k == Tok::LSqb || k == Tok::LBrace) {
      ++depth_;
    } else if (k == Tok::RPar || k == Tok::RSqb || k == Tok::RBrace) {
      if (depth_ > 0) --depth_;
    }
    if (k == Tok::Newline) {
      if (depth_ > 0 || last_was_newline_) continue;  // implicit joining; blank line
      last_was_newline_ = true;
      at_line_start_ = true;
      return tok;
    }
    if (k == Tok::Eof) {
      if (!last_was_newline_) {
        Token nl = tok;
        nl.kind = Tok::Newline;
        nl.end_col = nl.col + 9;  // the made token's text is "<newline>"
        pending_.push_back(nl);
      }
      last_was_newline_ = true;
      for (; !indents_.empty(); indents_.pop_back()) {
        Token d = tok;
        d.kind = Tok::Dedent;
        d.end_col = d.col + 8;  // "<dedent>"
        pending_.push_back(d);
      }
      pending_.push_back(tok);
      continue;
    }
    if (at_line_start_) {
      at_line_start_ = false;
      // Python's rule: a tab advances to the next multiple of 8.
      // What precedes the token on its line is blanks (ASCII), so its column counts bytes.
      int col = 0;
      for (size_t i = tok.off - (tok.col - 1); i < tok.off; ++i) col = src_[i] == '\t' ? (col / 8 + 1) * 8 : col + 1;
      int cur = indents_.empty() ? 0 : indents_.back();
      Token made = tok;
      made.len = 0;
      made.end_line = made.line;
      made.end_col = made.col + 8;  // "<indent>" / "<dedent>"
      if (col > cur) {
        indents_.push_back(col);
        made.kind = Tok::Indent;
        pending_.push_back(made);
      } else if (col < cur) {
        while (!indents_.empty() && indents_.back() > col) {
          indents_.pop_back();
          made.kind = Tok::Dedent;
          pending_.push_back(made);
        }
        int now = indents_.empty() ? 0 : indents_.back();
        if (now != col) throw Decline{};  // unindent does not match any outer level
      }
    }
    last_was_newline_ = false;
    pending_.push_back(tok);
  }
}

}  // namespace ts::frontend::direct
