// Force-included by tests/fuzz/build. Clang 14 lacks __builtin_source_location, so libstdc++'s
// <source_location> defines nothing; this supplies std::source_location with libstdc++'s layout
// (one pointer to {file, function, line, column}) so calls into the GCC-built libts.so agree.
#pragma once
#include <source_location>

#if !defined(__cpp_lib_source_location)
namespace std {
struct source_location {
  struct __impl {
    const char* _M_file_name;
    const char* _M_function_name;
    unsigned _M_line;
    unsigned _M_column;
  };
  // Only evaluated on a failed internal assertion, just before the error is thrown, so the
  // small allocation per failure does not matter (the fuzzer aborts on internal errors anyway).
  static source_location current(const char* file = __builtin_FILE(), const char* func = __builtin_FUNCTION(),
                                 unsigned line = __builtin_LINE(), unsigned col = __builtin_COLUMN()) noexcept {
    source_location s;
    s._M_impl = new __impl{file, func, line, col};
    return s;
  }
  constexpr source_location() noexcept = default;
  constexpr unsigned line() const noexcept { return _M_impl ? _M_impl->_M_line : 0u; }
  constexpr unsigned column() const noexcept { return _M_impl ? _M_impl->_M_column : 0u; }
  constexpr const char* file_name() const noexcept { return _M_impl ? _M_impl->_M_file_name : ""; }
  constexpr const char* function_name() const noexcept { return _M_impl ? _M_impl->_M_function_name : ""; }

 private:
  const __impl* _M_impl = nullptr;
};
}  // namespace std
#endif
