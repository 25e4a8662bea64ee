#include "frontend/source.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace ts::frontend {

bool read_source(const std::string& path, std::string* text, std::string* error) {
  int fd = path == "-" ? dup(STDIN_FILENO) : ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    *error = std::strerror(errno);
    return false;
  }
  struct stat st {};
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    ::close(fd);
    *error = "is a directory, not a script";
    return false;
  }
  text->clear();
  // Sized up front for a regular file; a pipe grows as it is read.
  if (S_ISREG(st.st_mode) && st.st_size > 0) text->reserve(size_t(st.st_size));
  char buf[1 << 16];
  for (;;) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n == 0) break;
    if (n < 0) {
      if (errno == EINTR) continue;
      *error = std::strerror(errno);
      ::close(fd);
      return false;
    }
    text->append(buf, size_t(n));
  }
  ::close(fd);
  return true;
}

Span Span::join(const Span& a, const Span& b) {
  if (!a.valid()) return b;
  if (!b.valid()) return a;
  Span s = a;
  if (b.line < s.line || (b.line == s.line && b.col < s.col)) {
    s.line = b.line;
    s.col = b.col;
  }
  if (b.end_line > s.end_line || (b.end_line == s.end_line && b.end_col > s.end_col)) {
    s.end_line = b.end_line;
    s.end_col = b.end_col;
  }
  return s;
}

FileId SourceManager::add(std::string path, std::string text) {
  SourceFile f;
  f.path = std::move(path);
  f.text = std::move(text);
  f.line_starts.push_back(0);
  for (size_t i = 0; i < f.text.size(); ++i) {
    if (f.text[i] == '\n') f.line_starts.push_back(static_cast<uint32_t>(i + 1));
  }
  files_.push_back(std::move(f));
  return static_cast<FileId>(files_.size() - 1);
}

std::string_view SourceManager::line_text(FileId id, uint32_t line) const {
  const SourceFile& f = files_.at(id);
  if (line == 0 || line > f.line_starts.size()) return {};
  size_t b = f.line_starts[line - 1];
  size_t e = line < f.line_starts.size() ? f.line_starts[line] : f.text.size();
  while (e > b && (f.text[e - 1] == '\n' || f.text[e - 1] == '\r')) --e;
  return std::string_view(f.text).substr(b, e - b);
}

void SourceManager::position(FileId id, size_t offset, uint32_t* line, uint32_t* col) const {
  const SourceFile& f = files_.at(id);
  auto it = std::upper_bound(f.line_starts.begin(), f.line_starts.end(), offset);
  size_t l = static_cast<size_t>(it - f.line_starts.begin());  // 1-based
  *line = static_cast<uint32_t>(l);
  *col = static_cast<uint32_t>(offset - f.line_starts[l - 1] + 1);
}

}  // namespace ts::frontend
