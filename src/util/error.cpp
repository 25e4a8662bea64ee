#include "util/error.h"

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
  }
  return "RuntimeError";
}

namespace util {

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
