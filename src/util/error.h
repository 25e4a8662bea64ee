// User errors (ts::Error) and internal invariant checks (TS_INTERNAL_ASSERT).
// See src/util/README.md, Note [Two error channels].
#pragma once

#include <exception>
#include <source_location>
#include <sstream>
#include <string>
#include <vector>

namespace ts {

// The Python exception class a user error maps to; scripts can catch by it.
enum class ErrorKind { Runtime, Index, Type, Value, Key, NotImplemented, Assertion, ZeroDivision,
                       LinAlg /* torch.linalg's LinAlgError, a RuntimeError */,
                       Recursion /* RecursionError: a walk over data nested too deeply */ };

const char* error_kind_name(ErrorKind kind);

class Error : public std::exception {
 public:
  Error(ErrorKind kind, std::string message) : kind_(kind), message_(std::move(message)) {}
  ErrorKind kind() const { return kind_; }
  const std::string& message() const { return message_; }
  const char* what() const noexcept override { return message_.c_str(); }
  // Frames of context added while the error propagates (op names, script lines).
  std::vector<std::string>& context() { return context_; }
  const std::vector<std::string>& context() const { return context_; }

 private:
  ErrorKind kind_;
  std::string message_;
  std::vector<std::string> context_;
};

namespace util {

template <typename... Args>
std::string str(const Args&... args) {
  if constexpr (sizeof...(Args) == 0) {
    return std::string();
  } else {
    std::ostringstream os;
    (os << ... << args);
    return os.str();
  }
}

[[noreturn]] void throw_error(ErrorKind kind, std::string message);
[[noreturn]] void internal_error(const char* cond, std::string message, std::source_location loc);

}  // namespace util
}  // namespace ts

// A user error: message in the user's terms, mirroring PyTorch's wording where it has one.
#define TS_CHECK_KIND(kind, cond, ...)                                 \
  do {                                                                 \
    if (!(cond)) [[unlikely]]                                          \
      ::ts::util::throw_error(kind, ::ts::util::str(__VA_ARGS__));     \
  } while (0)
#define TS_CHECK(cond, ...) TS_CHECK_KIND(::ts::ErrorKind::Runtime, cond, __VA_ARGS__)
#define TS_CHECK_INDEX(cond, ...) TS_CHECK_KIND(::ts::ErrorKind::Index, cond, __VA_ARGS__)
#define TS_CHECK_TYPE(cond, ...) TS_CHECK_KIND(::ts::ErrorKind::Type, cond, __VA_ARGS__)
#define TS_CHECK_VALUE(cond, ...) TS_CHECK_KIND(::ts::ErrorKind::Value, cond, __VA_ARGS__)
#define TS_ERROR(...) ::ts::util::throw_error(::ts::ErrorKind::Runtime, ::ts::util::str(__VA_ARGS__))

// An internal invariant: a bug in this project, never the user's fault.
#define TS_INTERNAL_ASSERT(cond, ...)                                                    \
  do {                                                                                   \
    if (!(cond)) [[unlikely]]                                                            \
      ::ts::util::internal_error(#cond, ::ts::util::str(__VA_ARGS__),                    \
                                 std::source_location::current());                       \
  } while (0)
