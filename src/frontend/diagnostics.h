// Diagnostics: every error the front end finds, collected, sorted by position and rendered as
// `file:line:col: error: message`, the source line and a caret/tilde range, with hints and notes
// (lang/README.md "Diagnostics"), or as JSON for tools.
#pragma once

#include <string>
#include <vector>

#include "frontend/source.h"

namespace ts::frontend {

enum class Severity { Error, Warning, Note };

struct Note {
  Span span;
  std::string message;
};

struct Diagnostic {
  Severity severity = Severity::Error;
  Span span;
  std::string message;
  std::vector<std::string> hints;
  std::vector<Note> notes;
  bool discarded = false;  // withdrawn (a function checked again); dropped by sort_and_dedup
};

class Diagnostics {
 public:
  // Adds an error; the returned reference lets the caller attach hints and notes.
  Diagnostic& error(const Span& span, std::string message);
  // Adds a warning, or an error when warnings are errors (`tsc check --strict`).
  Diagnostic& warning(const Span& span, std::string message);
  void set_warnings_as_errors(bool on) { warnings_as_errors_ = on; }
  size_t error_count() const { return errors_; }
  size_t size() const { return diags_.size(); }
  // Withdraws diagnostic `i` (the index it had when added).
  void discard(size_t i);
  const std::vector<Diagnostic>& all() const { return diags_; }
  // Sorts by file, line, column (stable: equal positions keep their order) and drops exact
  // duplicates (same span and message).
  void sort_and_dedup();

 private:
  std::vector<Diagnostic> diags_;
  size_t errors_ = 0;
  bool warnings_as_errors_ = false;
};

struct RenderOptions {
  bool color = false;
  size_t max_errors = 50;  // the cap; the rest are counted, not shown
};

// Human-readable text, ending with a summary line when there are errors.
std::string render_text(const Diagnostics& d, const SourceManager& sm, const RenderOptions& o);
// A JSON array of {file, line, column, end_line, end_column, severity, message, hints, notes}.
std::string render_json(const Diagnostics& d, const SourceManager& sm, const RenderOptions& o);

// "did you mean" support: the candidate closest to `name` by edit distance, or "" when none is
// close enough to be a plausible typo.
std::string closest_name(const std::string& name, const std::vector<std::string>& candidates);

}  // namespace ts::frontend
