// Interned node kinds and attribute names (src/ir/README.md, Note [Symbols]): the constants
// read as the IR's text, a string gets one symbol however often and from whichever thread it
// is interned, and a node found by a symbol is the one found by its text.
#include <doctest/doctest.h>

#include <string>
#include <thread>
#include <vector>

#include "ir/ir.h"
#include "ir/scalar_eval.h"

using ts::ir::Symbol;
namespace kinds = ts::ir::kinds;

TEST_CASE("symbols: the constants are the IR's kind and attribute texts") {
  CHECK(kinds::If.str() == "prim::If");
  CHECK(kinds::Constant.str() == "prim::Constant");
  CHECK(kinds::getitem.str() == "aten::__getitem__");
  CHECK(kinds::Str.str() == "aten::str");
  CHECK(ts::ir::attr_names::value.str() == "value");
  CHECK(Symbol("prim::Loop") == kinds::Loop);
  CHECK(Symbol("aten::add") == kinds::add);
  CHECK(Symbol("aten::add") != kinds::sub);
  CHECK(kinds::add == "aten::add");
  CHECK(std::string("x: ") + kinds::mul == "x: aten::mul");
  CHECK(Symbol().str().empty());
  CHECK(Symbol("") == Symbol());
}

TEST_CASE("symbols: the flags agree with the text") {
  for (const char* k : {"aten::add", "aten::__getitem__", "aten::Int", "aten::relu", "prim::If", "aten::len",
                        "atenx::add", "aten::"}) {
    INFO(k);
    Symbol s(k);
    CHECK(s.is_aten() == std::string(k).starts_with("aten::"));
    CHECK(s.is_scalar_kind() == (s.is_aten() && ts::ir::is_scalar_kind(std::string(k))));
  }
  CHECK(kinds::add.is_scalar_kind());
  CHECK(!Symbol("aten::relu").is_scalar_kind());
  CHECK(!kinds::If.is_aten());
}

TEST_CASE("symbols: interning from several threads gives one symbol per string") {
  constexpr int kThreads = 4, kNames = 3000;
  std::vector<std::vector<Symbol>> got(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < kNames; ++i) got[size_t(t)].push_back(Symbol("test::symbol_" + std::to_string((i * 7 + t) % kNames)));
    });
  for (auto& th : threads) th.join();
  for (int t = 0; t < kThreads; ++t)
    for (int i = 0; i < kNames; ++i) {
      const Symbol s = got[size_t(t)][size_t(i)];
      const std::string text = "test::symbol_" + std::to_string((i * 7 + t) % kNames);
      CHECK(s.str() == text);
      CHECK(s == Symbol(text));
    }
}

TEST_CASE("symbols: nodes by symbol and by text") {
  ts::ir::Graph g;
  ts::ir::Node* n = g.create("prim::Constant", {}, {ts::ir::int_type()});
  n->set_attr("value", ts::IValue(int64_t(7)));
  CHECK(n->is(kinds::Constant));
  CHECK(n->is("prim::Constant"));
  CHECK(!n->is(kinds::If));
  CHECK(n->kind == "prim::Constant");
  const std::string& text = n->kind;
  CHECK(text == "prim::Constant");
  REQUIRE(n->attr(ts::ir::attr_names::value));
  CHECK(n->attr(ts::ir::attr_names::value) == n->attr("value"));
  CHECK(n->attr(std::string("value"))->to_int() == 7);
  CHECK(n->attr("name") == nullptr);
  n->kind = "prim::Uninitialized";
  CHECK(n->is(kinds::Uninitialized));
}
