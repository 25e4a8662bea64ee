#include "util/error.h"
#include "util/depth.h"

namespace ts {

const char* error_kind_name(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::Runtime: return "RuntimeError";
    case ErrorKind::Index: return "IndexError";
    case ErrorKind::Type: return "TypeError";
    case ErrorKind::Value: return "ValueError";
    case ErrorKind::Key: return "KeyError";
    case ErrorKind::NotImplemented: return "NotImplementedError";
    case ErrorKind::Assertion: return "AssertionError";
    case ErrorKind::ZeroDivision: return "ZeroDivisionError";
    case ErrorKind::LinAlg: return "_LinAlgError";
    case ErrorKind::Recursion: return "RecursionError";
  }
  return "RuntimeError";
}

namespace util {

namespace {
thread_local int walk_depth = 0;
}

DepthGuard::DepthGuard(const char* what) {
  if (walk_depth >= kMaxWalkDepth)
    throw_error(ErrorKind::Recursion, str("maximum recursion depth exceeded ", what));
  ++walk_depth;
}
DepthGuard::~DepthGuard() { --walk_depth; }

void throw_error(ErrorKind kind, std::string message) { throw Error(kind, std::move(message)); }

void internal_error(const char* cond, std::string message, std::source_location loc) {
  std::string m = str("internal error: ", cond, " failed at ", loc.file_name(), ":", loc.line(),
                      " (", loc.function_name(), ")");
  if (!message.empty()) m += ": " + message;
  m += "\nThis is a bug in tsc/tsrun; please report it.";
  throw Error(ErrorKind::Runtime, std::move(m));
}

}  // namespace util
}  // namespace ts
