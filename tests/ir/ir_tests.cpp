// Runs the IR test cases, tests/ir/cases/*.ir (README in that folder): parse, verify, run the
// listed passes verifying after each, print, and match the CHECK lines in order. Every case
// also checks the round trip: printing a parsed graph and parsing that text prints the same.
// Usage: ir_tests [CASES_DIR] [FILTER]; ends with "N passed, N failed".
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include <cmath>
#include <cstring>
#include <map>

#include <nlohmann/json.hpp>

#include "ir/ir.h"
#include "ir/parse.h"
#include "ir/scalar_eval.h"
#include "passes/passes.h"
#include "util/error.h"

#ifndef TS_IR_CASES_DIR
#define TS_IR_CASES_DIR "tests/ir/cases"
#endif
#ifndef TS_IR_GOLDEN
#define TS_IR_GOLDEN "tests/ir/golden/scalar_eval.json"
#endif

namespace {

using namespace ts;

std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\r\n"), e = s.find_last_not_of(" \t\r\n");
  return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::string cur;
  std::istringstream is(s);
  while (std::getline(is, cur, sep))
    if (!trim(cur).empty()) out.push_back(trim(cur));
  return out;
}

struct Directive {
  std::string kind;  // CHECK, CHECK-NEXT, CHECK-NOT
  std::string text;
};

struct Case {
  std::vector<std::string> passes;
  std::vector<Directive> checks;
  std::string expect_error;  // parse or verify error expected (substring)
  std::vector<std::pair<std::string, std::string>> functions;  // "def NAME" sections, in order
  std::string graph;                                          // the graph the passes run on
};

Case read_case(const std::string& text) {
  Case c;
  std::istringstream is(text);
  std::string line, current_name, current;
  size_t lineno = 0;
  bool in_def = false;
  auto flush = [&]() {
    if (in_def) c.functions.emplace_back(current_name, current);
    else c.graph = current;
    current.clear();
  };
  while (std::getline(is, line)) {
    std::string t = trim(line);
    auto directive = [&](const char* tag) -> bool {
      std::string p = std::string("# ") + tag + ":";
      return t.rfind(p, 0) == 0;
    };
    // Directive lines stay as blank lines so parse errors give the file's line numbers.
    ++lineno;
    bool comment = t.rfind("#", 0) == 0;
    if (comment) current += "\n";
    if (directive("passes")) {
      c.passes = split(t.substr(t.find(':') + 1), ',');
    } else if (directive("expect-error")) {
      c.expect_error = trim(t.substr(t.find(':') + 1));
    } else if (directive("CHECK") || directive("CHECK-NEXT") || directive("CHECK-NOT")) {
      size_t colon = t.find(':');
      c.checks.push_back({t.substr(2, colon - 2), trim(t.substr(colon + 1))});
    } else if (t.rfind("def ", 0) == 0) {
      flush();
      current = std::string(lineno, '\n');  // parse errors keep the file's line numbers
      in_def = true;
      current_name = trim(t.substr(4));
    } else if (t == "graph main") {
      flush();
      current = std::string(lineno, '\n');
      in_def = false;
    } else if (!comment) {
      current += line + "\n";
    }
  }
  flush();
  // Without an explicit "graph main" line the last def is the graph under test.
  if (trim(c.graph).empty() && !c.functions.empty()) {
    c.graph = c.functions.back().second;
    c.functions.pop_back();
  }
  return c;
}

// FileCheck-like matching: CHECK finds its text on a line at or after the current one,
// CHECK-NEXT on the line right after the previous match, CHECK-NOT nowhere between the
// previous match and the next CHECK's match (or the end).
std::string match(const std::string& out, const std::vector<Directive>& checks) {
  std::vector<std::string> lines;
  std::istringstream is(out);
  for (std::string l; std::getline(is, l);) lines.push_back(l);
  size_t pos = 0;  // first line not consumed
  std::vector<std::string> pending_not;
  auto check_nots = [&](size_t from, size_t to) -> std::string {
    for (const std::string& n : pending_not)
      for (size_t i = from; i < to && i < lines.size(); ++i)
        if (lines[i].find(n) != std::string::npos) return "CHECK-NOT: '" + n + "' found on line: " + lines[i];
    pending_not.clear();
    return {};
  };
  for (const Directive& d : checks) {
    if (d.kind == "CHECK-NOT") {
      pending_not.push_back(d.text);
      continue;
    }
    size_t found = lines.size();
    if (d.kind == "CHECK-NEXT") {
      if (pos < lines.size() && lines[pos].find(d.text) != std::string::npos) found = pos;
    } else {
      for (size_t i = pos; i < lines.size(); ++i)
        if (lines[i].find(d.text) != std::string::npos) {
          found = i;
          break;
        }
    }
    if (found == lines.size()) return d.kind + ": '" + d.text + "' not found after line " + std::to_string(pos);
    std::string e = check_nots(pos, found);
    if (!e.empty()) return e;
    pos = found + 1;
  }
  return check_nots(pos, lines.size());
}

std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : "; ") + x;
  return s;
}

// Returns an empty string on success, else what went wrong.
std::string run_case(const std::string& text) {
  Case c = read_case(text);
  ir::Program program;
  auto resolve = [&](const std::string& name) -> ir::Function* {
    for (auto& f : program.functions)
      if (f.qualname == name) return &f;
    return nullptr;
  };
  std::unique_ptr<ir::Graph> g;
  try {
    for (auto& [name, body] : c.functions) {
      ir::Function* f = program.add_function(name, name);
      f->graph = ir::parse_graph(body, resolve);
      auto problems = ir::verify(*f->graph);
      if (!problems.empty()) return "callee " + name + " does not verify: " + join(problems);
    }
    g = ir::parse_graph(c.graph, resolve);
  } catch (const Error& e) {
    if (!c.expect_error.empty() && std::string(e.what()).find(c.expect_error) != std::string::npos) return {};
    return std::string("parse error: ") + e.what();
  }
  auto problems = ir::verify(*g);
  if (!c.expect_error.empty()) {
    for (const auto& p : problems)
      if (p.find(c.expect_error) != std::string::npos) return {};
    if (!problems.empty()) return "expected an error containing '" + c.expect_error + "', got: " + join(problems);
  }
  if (!problems.empty()) return "input does not verify: " + join(problems);

  // Round trip of the input: print, parse, print again.
  std::string printed = ir::to_string(*g);
  try {
    std::string again = ir::to_string(*ir::parse_graph(printed, resolve));
    if (again != printed) return "round trip differs:\n" + printed + "---\n" + again;
  } catch (const Error& e) {
    return std::string("printed input does not parse: ") + e.what() + "\n" + printed;
  }

  for (const std::string& p : c.passes) {
    try {
      if (p == "O0" || p == "O1" || p == "O2") ts::passes::run_passes(*g, p[1] - '0');
      else ts::passes::run_pass_list(*g, {p});
    } catch (const Error& e) {
      if (!c.expect_error.empty() && std::string(e.what()).find(c.expect_error) != std::string::npos) return {};
      return "pass " + p + " failed: " + e.what();
    }
    problems = ir::verify(*g);
    if (!problems.empty()) return "after " + p + " the graph does not verify: " + join(problems) + "\n" + ir::to_string(*g);
  }
  if (!c.expect_error.empty()) return "expected an error containing '" + c.expect_error + "', got none";
  std::string out = ir::to_string(*g);
  try {
    auto re = ir::parse_graph(out, resolve);
    if (!ir::verify(*re).empty()) return "output re-parses to an invalid graph";
  } catch (const Error& e) {
    return std::string("output does not parse: ") + e.what() + "\n" + out;
  }
  std::string m = match(out, c.checks);
  if (!m.empty()) return m + "\n--- output:\n" + out;
  if (c.checks.empty()) return "case has no CHECK lines";
  return {};
}


// ---- eval_scalar against Python (tests/ir/golden/scalar_eval.json, tools/gen_scalar_golden.py)

IValue from_tagged(const nlohmann::json& j) {
  if (j.contains("i")) return IValue(j["i"].get<int64_t>());
  if (j.contains("f")) return IValue(std::strtod(j["f"].get<std::string>().c_str(), nullptr));
  if (j.contains("b")) return IValue(j["b"].get<bool>());
  if (j.contains("s")) return IValue(j["s"].get<std::string>());
  if (j.contains("t")) {
    std::vector<IValue> items;
    for (const auto& x : j["t"]) items.push_back(from_tagged(x));
    return IValue::tuple(std::move(items));
  }
  return IValue();
}

bool same(const IValue& a, const IValue& b) {
  if (a.is_double() && b.is_double()) {
    double x = a.to_double(), y = b.to_double();
    if (std::isnan(x) || std::isnan(y)) return std::isnan(x) && std::isnan(y);
    return std::memcmp(&x, &y, sizeof x) == 0;  // -0.0 is not 0.0
  }
  if (a.is_int() && b.is_int()) return a.to_int() == b.to_int();
  if (a.is_bool() && b.is_bool()) return a.to_bool() == b.to_bool();
  if (a.is_string() && b.is_string()) return a.to_string() == b.to_string();
  if (a.is_none() && b.is_none()) return true;
  if (a.is_tuple() && b.is_tuple()) {
    if (a.items().size() != b.items().size()) return false;
    for (size_t i = 0; i < a.items().size(); ++i)
      if (!same(a.items()[i], b.items()[i])) return false;
    return true;
  }
  return false;
}

std::string show(const std::optional<IValue>& v) {
  if (!v) return "nothing";
  if (v->is_double()) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.17g", v->to_double());
    return std::string("float ") + buf;
  }
  if (v->is_string()) return "str '" + v->to_string() + "'";
  if (v->is_bool()) return v->to_bool() ? "True" : "False";
  if (v->is_int()) return "int " + std::to_string(v->to_int());
  return v->type_name();
}

// One result per scalar kind: the first few mismatches are printed.
void run_golden(const std::string& path, const std::string& filter, int& passed, int& failed) {
  std::ifstream in(path);
  if (!in) {
    ++failed;
    std::cout << "FAIL scalar_eval golden: cannot open " << path << "\n";
    return;
  }
  nlohmann::json all = nlohmann::json::parse(in);
  std::map<std::string, std::vector<std::string>> by_kind;
  for (const auto& rec : all) {
    std::string kind = rec[0].get<std::string>();
    if (!filter.empty() && ("scalar_" + kind).find(filter) == std::string::npos) continue;
    std::vector<IValue> args;
    for (const auto& a : rec[1]) args.push_back(from_tagged(a));
    std::optional<IValue> want;
    if (!rec[2].is_null()) want = from_tagged(rec[2]);
    std::optional<IValue> got = ir::eval_scalar("aten::" + kind, args);
    auto& problems = by_kind[kind];
    if (bool(got) != bool(want) || (got && !same(*got, *want))) {
      std::string a;
      for (const auto& x : args) a += (a.empty() ? "" : ", ") + show(x);
      problems.push_back(kind + "(" + a + "): got " + show(got) + ", Python gives " + show(want));
    }
  }
  for (const auto& [kind, problems] : by_kind) {
    if (problems.empty()) {
      ++passed;
      continue;
    }
    ++failed;
    std::cout << "FAIL scalar_" << kind << ": " << problems.size() << " mismatches with Python\n";
    for (size_t i = 0; i < problems.size() && i < 8; ++i) std::cout << "  " << problems[i] << "\n";
  }
}

}  // namespace

int main(int argc, char** argv) {
  std::string dir = argc > 1 ? argv[1] : TS_IR_CASES_DIR;
  std::string filter = argc > 2 ? argv[2] : "";
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(dir))
    if (e.path().extension() == ".ir") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  int passed = 0, failed = 0;
  for (const auto& path : files) {
    std::string name = path.filename().string();
    if (!filter.empty() && name.find(filter) == std::string::npos) continue;
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    std::string why;
    try {
      why = run_case(ss.str());
    } catch (const std::exception& e) {
      why = std::string("exception: ") + e.what();
    }
    if (why.empty()) {
      ++passed;
    } else {
      ++failed;
      std::cout << "FAIL " << name << ": " << why << "\n";
    }
  }
  run_golden(TS_IR_GOLDEN, filter, passed, failed);
  std::cout << passed << " passed, " << failed << " failed\n";
  return failed ? 1 : 0;
}
