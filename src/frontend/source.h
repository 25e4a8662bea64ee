// Source files and spans. A Span is a 1-based line:col range (end exclusive) in one file.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ts::frontend {

using FileId = uint32_t;

struct Span {
  FileId file = 0;
  uint32_t line = 0, col = 0;          // first character, 1-based
  uint32_t end_line = 0, end_col = 0;  // one past the last character
  bool valid() const { return line != 0; }
  // The smallest span covering both (same file).
  static Span join(const Span& a, const Span& b);
};

struct SourceFile {
  std::string path;  // as given (printed in diagnostics)
  std::string text;
  std::vector<uint32_t> line_starts;  // byte offset of each line
};

// Reads a whole script: a regular file, or a pipe, FIFO or terminal (`/dev/stdin`, `<(...)`)
// read to its end, as CPython does. A directory, or a file that cannot be opened or read, gives
// false with the reason in `*error` ("is a directory", "No such file or directory").
bool read_source(const std::string& path, std::string* text, std::string* error);

class SourceManager {
 public:
  FileId add(std::string path, std::string text);
  const SourceFile& file(FileId id) const { return files_.at(id); }
  size_t size() const { return files_.size(); }
  // Line `line` (1-based) without its newline; empty when out of range.
  std::string_view line_text(FileId id, uint32_t line) const;
  // 1-based line and column of a byte offset.
  void position(FileId id, size_t offset, uint32_t* line, uint32_t* col) const;

 private:
  std::vector<SourceFile> files_;
};

}  // namespace ts::frontend
