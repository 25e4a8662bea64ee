// String literal decoding: prefixes, quotes, escapes, and f-string splitting into literal text
// and replacement fields `{expr!conv:spec}` (the spec itself may hold fields).
#include <cstdint>

#include "frontend/parse/convert.h"
#include "util/utf8_code_points.h"

namespace ts::frontend {
namespace {

using util::append_utf8;

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Walks a literal's body keeping line:col (columns count code points, as the lexer does).
struct Scanner {
  const std::string& s;
  size_t i;
  size_t end;
  FileId file;
  uint32_t line, col;
  Diagnostics& diags;
  bool raw;

  bool done() const { return i >= end; }
  char peek(size_t k = 0) const { return i + k < end ? s[i + k] : '\0'; }
  void advance() {
    if (s[i] == '\n') {
      ++line;
      col = 1;
    } else if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) {
      ++col;
    }
    ++i;
  }
  Span here(uint32_t len = 1) const { return Span{file, line, col, line, col + len}; }

  // Decodes the escape at s[i] == '\\' into out.
  void escape(std::string& out) {
    Span at = here(2);
    advance();  // the backslash
    if (done()) {
      out += '\\';
      return;
    }
    char c = peek();
    auto simple = [&](char v) {
      out += v;
      advance();
    };
    switch (c) {
      case '\n': advance(); return;  // line continuation inside the literal
      case '\\': return simple('\\');
      case '\'': return simple('\'');
      case '"': return simple('"');
      case 'n': return simple('\n');
      case 't': return simple('\t');
      case 'r': return simple('\r');
      case 'a': return simple('\a');
      case 'b': return simple('\b');
      case 'f': return simple('\f');
      case 'v': return simple('\v');
      case 'x': case 'u': case 'U': {
        int n = c == 'x' ? 2 : c == 'u' ? 4 : 8;
        advance();
        uint32_t cp = 0;
        for (int k = 0; k < n; ++k) {
          int h = hex_value(peek());
          if (h < 0) {
            diags.error(at, std::string("invalid \\") + c + " escape: expected " +
                                std::to_string(n) + " hex digits");
            return;
          }
          cp = cp * 16 + static_cast<uint32_t>(h);
          advance();
        }
        if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
          diags.error(at, "invalid Unicode code point in escape");
          return;
        }
        append_utf8(out, cp);
        return;
      }
      case 'N':
        diags.error(at, "\\N{...} escapes are not supported in Ts")
            .hints.push_back("write the character itself, or use \\u with its code point");
        advance();
        return;
      default:
        if (c >= '0' && c <= '7') {
          uint32_t v = 0;
          for (int k = 0; k < 3 && peek() >= '0' && peek() <= '7'; ++k) {
            v = v * 8 + static_cast<uint32_t>(peek() - '0');
            advance();
          }
          append_utf8(out, v);
          return;
        }
        out += '\\';  // unknown escapes keep their backslash, as in Python
        return;
    }
  }

  // Literal text up to a field, decoding escapes and doubled braces. `in_spec`: stops at the
  // closing brace of the enclosing field.
  void fstring(std::vector<FStringPart>& parts, bool in_spec, int depth) {
    std::string text;
    auto flush = [&] {
      if (!text.empty()) {
        FStringPart p;
        p.text = std::move(text);
        parts.push_back(std::move(p));
        text.clear();
      }
    };
    while (!done()) {
      char c = peek();
      if (c == '\\' && !raw) {
        escape(text);
      } else if (c == '{') {
        if (peek(1) == '{' && !in_spec) {
          text += '{';
          advance();
          advance();
          continue;
        }
        flush();
        if (!field(parts, depth)) return;
      } else if (c == '}') {
        if (in_spec) break;
        if (peek(1) == '}') {
          text += '}';
          advance();
          advance();
          continue;
        }
        diags.error(here(), "f-string: single `}` is not allowed")
            .hints.push_back("write `}}` for a literal brace");
        advance();
      } else {
        text += c;
        advance();
      }
    }
    flush();
  }

  // One replacement field at s[i] == '{'; false after an error that ends the literal.
  bool field(std::vector<FStringPart>& parts, int depth) {
    Span open = here();
    advance();
    if (depth > 2) {
      diags.error(open, "f-string: expressions nested too deeply");
      return false;
    }
    FStringPart p;
    p.is_field = true;
    uint32_t l0 = line, c0 = col;
    size_t start = i;
    int nest = 0;
    char quote = 0;
    while (!done()) {
      char c = peek();
      if (quote) {
        if (c == quote) quote = 0;
      } else if (c == '\'' || c == '"') {
        quote = c;
      } else if (c == '(' || c == '[' || c == '{') {
        ++nest;
      } else if ((c == ')' || c == ']' || c == '}') && nest > 0) {
        --nest;
      } else if (nest == 0 && (c == '}' || c == ':' || (c == '!' && peek(1) != '='))) {
        break;
      } else if (c == '\\') {
        diags.error(here(), "f-string expression part cannot include a backslash");
        return false;
      } else if (c == '#') {
        diags.error(here(), "f-string expression part cannot include `#`");
        return false;
      }
      advance();
    }
    if (done()) {
      diags.error(open, "f-string: expecting `}`");
      return false;
    }
    p.text = s.substr(start, i - start);
    p.span = Span{file, l0, c0, line, col};
    if (p.text.find_first_not_of(" \t\n\r") == std::string::npos) {
      diags.error(open, "f-string: empty expression not allowed");
      return false;
    }
    if (peek() == '!') {
      advance();
      char conv = peek();
      if (conv != 'r' && conv != 's' && conv != 'a') {
        diags.error(here(), "f-string: invalid conversion character: expected `s`, `r` or `a`");
        return false;
      }
      p.conversion = conv;
      advance();
    }
    if (peek() == ':') {
      advance();
      fstring(p.spec, true, depth + 1);
    }
    if (peek() != '}') {
      diags.error(open, "f-string: expecting `}`");
      return false;
    }
    advance();
    parts.push_back(std::move(p));
    return true;
  }
};

}  // namespace

StringPieces decode_string(const std::string& token, FileId file, uint32_t line, uint32_t col,
                           Diagnostics& diags) {
  StringPieces out;
  bool raw = false;
  size_t i = 0;
  for (; i < token.size() && token[i] != '\'' && token[i] != '"'; ++i) {
    char c = static_cast<char>(token[i] | 0x20);
    if (c == 'r') raw = true;
    if (c == 'f') out.is_fstring = true;
    if (c == 'b') out.is_bytes = true;
  }
  size_t qlen = token.compare(i, 3, std::string(3, token[i])) == 0 && token.size() - i >= 6 ? 3 : 1;
  size_t body = i + qlen;
  size_t end = token.size() - qlen;
  Scanner sc{token, body, end, file, line, col + static_cast<uint32_t>(body), diags, raw};
  if (out.is_fstring) {
    sc.fstring(out.parts, false, 0);
    return out;
  }
  while (!sc.done()) {
    if (sc.peek() == '\\' && !raw) {
      sc.escape(out.text);
    } else {
      out.text += sc.peek();
      sc.advance();
    }
  }
  return out;
}

}  // namespace ts::frontend
