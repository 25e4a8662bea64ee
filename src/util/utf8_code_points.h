// UTF-8, the encoding of Ts strings (str values are UTF-8 bytes): writing a code point and
// reading one back, for the lexer's escapes, chr()/ord() and json.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace ts::util {

// Appends code point `cp` (at most 0x10FFFF) to `out` as UTF-8.
inline void append_utf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

// The code point of `s` at byte `i`, advancing `i` past it; a malformed lead byte reads as itself.
inline uint32_t next_code_point(const std::string& s, size_t& i) {
  auto b = static_cast<unsigned char>(s[i]);
  int extra = b < 0x80 ? 0 : (b >> 5) == 0x6 ? 1 : (b >> 4) == 0xE ? 2 : (b >> 3) == 0x1E ? 3 : 0;
  uint32_t cp = extra == 0 ? b : extra == 1 ? (b & 0x1F) : extra == 2 ? (b & 0x0F) : (b & 0x07);
  ++i;
  for (int k = 0; k < extra && i < s.size(); ++k, ++i) cp = (cp << 6) | (static_cast<unsigned char>(s[i]) & 0x3F);
  return cp;
}

// The number of code points in `s` (its UTF-8 lead bytes): Python's len() of a str.
inline size_t code_point_count(const std::string& s, size_t bytes = std::string::npos) {
  size_t n = 0, end = bytes < s.size() ? bytes : s.size();
  for (size_t i = 0; i < end; ++i) n += (static_cast<unsigned char>(s[i]) & 0xC0) != 0x80;
  return n;
}

// The byte offset `k` code points after byte `from` of `s` (s.size() when it has fewer): a
// source column, which counts code points, to a byte offset.
inline size_t advance_code_points(const std::string& s, size_t from, size_t k) {
  size_t i = from;
  for (; k > 0 && i < s.size(); --k) {
    ++i;
    while (i < s.size() && (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) ++i;
  }
  return i;
}

// The byte offset where each code point of `s` starts, then s.size(): code point k of a str is
// the bytes [starts[k], starts[k + 1]) (Python indexes and slices str by code point).
inline std::vector<size_t> code_point_starts(const std::string& s) {
  std::vector<size_t> starts;
  for (size_t i = 0; i < s.size();) {
    starts.push_back(i);
    next_code_point(s, i);
  }
  starts.push_back(s.size());
  return starts;
}

}  // namespace ts::util
