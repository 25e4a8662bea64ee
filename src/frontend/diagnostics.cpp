#include "frontend/diagnostics.h"

#include <algorithm>
#include <cctype>
#include <nlohmann/json.hpp>
#include <sstream>

namespace ts::frontend {

Diagnostic& Diagnostics::error(const Span& span, std::string message) {
  Diagnostic d;
  d.span = span;
  d.message = std::move(message);
  diags_.push_back(std::move(d));
  ++errors_;
  return diags_.back();
}

Diagnostic& Diagnostics::warning(const Span& span, std::string message) {
  Diagnostic& d = error(span, std::move(message));
  if (!warnings_as_errors_) {
    d.severity = Severity::Warning;
    --errors_;
  }
  return d;
}

void Diagnostics::discard(size_t i) {
  if (i >= diags_.size() || diags_[i].discarded) return;
  diags_[i].discarded = true;
  if (diags_[i].severity == Severity::Error) --errors_;
}

void Diagnostics::sort_and_dedup() {
  std::erase_if(diags_, [](const Diagnostic& d) { return d.discarded; });
  std::stable_sort(diags_.begin(), diags_.end(), [](const Diagnostic& a, const Diagnostic& b) {
    if (a.span.file != b.span.file) return a.span.file < b.span.file;
    if (a.span.line != b.span.line) return a.span.line < b.span.line;
    return a.span.col < b.span.col;
  });
  auto same = [](const Diagnostic& a, const Diagnostic& b) {
    return a.span.file == b.span.file && a.span.line == b.span.line && a.span.col == b.span.col &&
           a.message == b.message;
  };
  diags_.erase(std::unique(diags_.begin(), diags_.end(), same), diags_.end());
  errors_ = 0;
  for (const auto& d : diags_) errors_ += d.severity == Severity::Error;
}

namespace {

struct Style {
  bool on;
  const char* operator()(const char* code) const { return on ? code : ""; }
};
constexpr const char* kBold = "\033[1m";
constexpr const char* kRed = "\033[1;31m";
constexpr const char* kCyan = "\033[1;36m";
constexpr const char* kGreen = "\033[1;32m";
constexpr const char* kBlue = "\033[1;34m";
constexpr const char* kReset = "\033[0m";

// The source line with a caret under the first column and tildes to the end of the span (or
// the end of the line when the span runs on).
void snippet(std::ostringstream& os, const SourceManager& sm, const Span& s, const Style& st) {
  if (!s.valid() || s.file >= sm.size()) return;
  std::string_view line = sm.line_text(s.file, s.line);
  std::string num = std::to_string(s.line);
  std::string pad(num.size(), ' ');
  os << st(kBlue) << ' ' << num << " | " << st(kReset) << line << '\n';
  os << st(kBlue) << ' ' << pad << " | " << st(kReset);
  std::string marks;
  size_t start = s.col > 0 ? s.col - 1 : 0;
  for (size_t i = 0; i < start && i < line.size(); ++i) marks += line[i] == '\t' ? '\t' : ' ';
  for (size_t i = line.size(); i < start; ++i) marks += ' ';
  size_t end = s.end_line == s.line ? (s.end_col > 0 ? s.end_col - 1 : 0) : line.size();
  if (end <= start) end = start + 1;
  marks += '^';
  for (size_t i = start + 1; i < end; ++i) marks += '~';
  os << st(kGreen) << marks << st(kReset) << '\n';
}

void header(std::ostringstream& os, const SourceManager& sm, const Span& s, const char* what,
            const char* color, const std::string& msg, const Style& st) {
  os << st(kBold);
  if (s.valid() && s.file < sm.size()) {
    os << sm.file(s.file).path << ':' << s.line << ':' << s.col << ": ";
  } else if (s.file < sm.size()) {
    os << sm.file(s.file).path << ": ";
  }
  os << st(kReset) << st(color) << what << ':' << st(kReset) << st(kBold) << ' ' << msg
     << st(kReset) << '\n';
}

}  // namespace

std::string render_text(const Diagnostics& d, const SourceManager& sm, const RenderOptions& o) {
  std::ostringstream os;
  Style st{o.color};
  size_t shown = 0, errors = 0;
  for (const auto& g : d.all()) {
    if (g.severity == Severity::Error) ++errors;
    if (shown >= o.max_errors) continue;
    ++shown;
    header(os, sm, g.span, g.severity == Severity::Error ? "error" : "warning", kRed, g.message, st);
    snippet(os, sm, g.span, st);
    for (const auto& h : g.hints) os << "  " << st(kCyan) << "= hint:" << st(kReset) << ' ' << h << '\n';
    for (const auto& n : g.notes) {
      header(os, sm, n.span, "note", kCyan, n.message, st);
      snippet(os, sm, n.span, st);
    }
  }
  if (shown < d.all().size()) {
    os << "tsc: " << d.all().size() - shown << " more diagnostics not shown (the cap is "
       << o.max_errors << "; use --max-errors)\n";
  }
  if (errors > 0) os << "tsc: " << errors << (errors == 1 ? " error\n" : " errors\n");
  return os.str();
}

std::string render_json(const Diagnostics& d, const SourceManager& sm, const RenderOptions& o) {
  using nlohmann::json;
  auto where = [&](json& j, const Span& s) {
    j["file"] = s.file < sm.size() ? sm.file(s.file).path : "";
    j["line"] = s.line;
    j["column"] = s.col;
    j["end_line"] = s.end_line;
    j["end_column"] = s.end_col;
  };
  json arr = json::array();
  size_t shown = 0;
  for (const auto& g : d.all()) {
    if (shown++ >= o.max_errors) break;
    json j;
    where(j, g.span);
    j["severity"] = g.severity == Severity::Error ? "error" : "warning";
    j["message"] = g.message;
    j["hints"] = g.hints;
    json notes = json::array();
    for (const auto& n : g.notes) {
      json jn;
      where(jn, n.span);
      jn["message"] = n.message;
      notes.push_back(jn);
    }
    j["notes"] = notes;
    arr.push_back(j);
  }
  return arr.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

std::string closest_name(const std::string& name, const std::vector<std::string>& candidates) {
  std::string best;
  size_t best_d = std::string::npos;
  for (const auto& c : candidates) {
    if (c == name || c.empty()) continue;
    size_t n = name.size(), m = c.size();
    if ((n > m ? n - m : m - n) > 3) continue;
    // Edit distance with adjacent transpositions counted as one edit (`rnadn` is one from `randn`).
    std::vector<size_t> before(m + 1), prev(m + 1), cur(m + 1);
    for (size_t j = 0; j <= m; ++j) prev[j] = j;
    auto lo = [](char ch) { return std::tolower(static_cast<unsigned char>(ch)); };
    for (size_t i = 1; i <= n; ++i) {
      cur[0] = i;
      for (size_t j = 1; j <= m; ++j) {
        size_t sub = prev[j - 1] + (lo(name[i - 1]) != lo(c[j - 1]));
        cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, sub});
        if (i > 1 && j > 1 && lo(name[i - 1]) == lo(c[j - 2]) && lo(name[i - 2]) == lo(c[j - 1]))
          cur[j] = std::min(cur[j], before[j - 2] + 1);
      }
      before = prev;
      std::swap(prev, cur);
    }
    if (prev[m] < best_d || (prev[m] == best_d && c < best)) {
      best_d = prev[m];
      best = c;
    }
  }
  // A third of the name (at least 1, at most 3 edits) is a plausible typo.
  size_t limit = std::clamp<size_t>((name.size() + 1) / 3, 1, 3);
  return best_d <= limit ? best : std::string();
}

}  // namespace ts::frontend
