// Python's builtin exception hierarchy, as far as Ts scripts see it (exceptions.h).
#include "ir/exceptions.h"

namespace ts::ir {

namespace {

const ExceptionClass* find(std::string_view name) {
  for (const ExceptionClass& c : kExceptionClasses)
    if (c.name == name) return &c;
  return nullptr;
}

// The class a name stands for (an alias's target).
std::string_view canonical(std::string_view name) {
  const ExceptionClass* c = find(name);
  return c && !c->alias_of.empty() ? c->alias_of : name;
}

}  // namespace

bool is_builtin_exception(std::string_view name) { return !name.starts_with("_") && find(name) != nullptr; }

bool exception_catches(std::string_view handler, std::string_view cls) {
  std::string_view want = canonical(handler);
  for (std::string_view c = canonical(cls); !c.empty();) {
    if (c == want) return true;
    const ExceptionClass* k = find(c);
    if (!k) return want == "Exception" || want == "BaseException";  // raised under another name: an Exception
    c = k->base;
  }
  return false;
}

}  // namespace ts::ir
