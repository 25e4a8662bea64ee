// The recursive-descent parser: lang/Ts.g4's grammar straight to the AST, with every node and
// span as the converter (convert.cpp) makes them from the generated parser's tree (Note
// [Parsing speed and depth] in src/frontend/README.md). It only accepts: on anything it does not
// handle, or that would be a diagnostic (a syntax error, a check of the converter, nesting near
// the depth limits), it throws `Decline`, reports nothing, and parse_module runs the generated
// parser, which reports as before.
#include "frontend/parse/parser.h"

#include "frontend/parse/parser_impl.h"

namespace ts::frontend::direct {

std::unique_ptr<Module> parse_module(const SourceManager& sm, FileId id) {
  const SourceFile& f = sm.file(id);
  auto m = std::make_unique<Module>();
  m->file = id;
  m->path = f.path;
  try {
    detail::Parser p(f.text, id);
    p.module(m->body);
  } catch (const Decline&) {
    return nullptr;
  }
  return m;
}

}  // namespace ts::frontend::direct
