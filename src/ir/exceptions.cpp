// Python's builtin exception hierarchy, as far as Ts scripts see it (exceptions.h).
#include "ir/exceptions.h"

#include "ir/ir.h"

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

std::string exception_name(const ClassType& c) { return c.module + "." + c.name; }

bool exception_catches(std::string_view handler, const ClassType& c) {
  const ClassType* k = &c;
  for (; k->base; k = k->base)
    if (exception_name(*k) == handler) return true;
  return exception_name(*k) == handler || exception_catches(handler, k->exception_base);
}

}  // namespace ts::ir
