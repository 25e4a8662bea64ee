// What both parsers (the generated one's converter and the recursive-descent parser) agree on
// when building the AST: literal values, operators, the fold of `-literal`, the checks of
// assignment targets, parameters and keyword arguments, and string literals to expressions.
// Internal to frontend/parse.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "frontend/ast.h"
#include "frontend/diagnostics.h"

namespace ts::frontend {

// Reports one problem at a span (the converter makes it an error; the recursive-descent parser
// declines the file).
using ReportFn = std::function<void(const Span&, std::string)>;

BinOp binop_from(std::string_view op);

// An INTEGER token's value; false when it does not fit in 64 bits (2**63 is kept, as INT64_MIN,
// so that -9223372036854775808 folds).
bool int_literal_value(std::string text, int64_t* value);
constexpr const char* kIntTooLarge = "integer literal is too large for a 64-bit int";
double float_literal_value(std::string text);

// `op operand` for op in + - ~, spanning `s`: `-literal` folds into the literal.
ExprPtr make_unary(char op, ExprPtr operand, const Span& s);
ExprPtr make_binary(BinOp op, ExprPtr a, ExprPtr b);
// A set display `{a, b}` / `{x for ...}` spanning `s`: the call `set(inner)` of the List or
// ListComp of its elements (Note [Sets are dicts] in src/frontend/check/check_python_builtins.cpp).
ExprPtr set_call(ExprPtr inner, const Span& s);

// Reports each part of an assignment target that cannot be assigned to.
void check_target(const Expr& e, const ReportFn& report);

// Checks parameter `q` against the ones before it (duplicates, a default missing after one);
// `seen_default` carries the state along the list.
void check_param(const std::vector<Param>& before, const Param& q, bool& seen_default, const ReportFn& report);

// True when `call` already has a keyword argument `name`.
bool keyword_repeated(const Expr& call, const std::string& name);

// Adjacent string literal tokens (text and span of each) as one Str or FString expression
// spanning `s`; f-string fields are parsed at `depth`. Problems go to `diags`.
struct StringToken {
  std::string_view text;
  Span span;
};
ExprPtr string_expr(const std::vector<StringToken>& toks, const Span& s, FileId file, Diagnostics& diags,
                    int depth);

}  // namespace ts::frontend
