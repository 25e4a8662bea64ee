// The recursive-descent parser against the generated one (src/frontend/README.md, Note [Parsing
// speed and depth]): for every .ts file under the given directories, a generated 25,000-line
// script, random statements and expressions, and random mutations of all of these, both parse
// and, wherever the recursive-descent parser accepts, the two ASTs must be the same (every
// node, field and whole span: dump_ast's full form) and the generated parser must report
// nothing. A file the generated parser accepts and the recursive-descent one declines fails the
// run unless it is listed in kDeclined below with its reason.
//   parse_diff DIR... [--random N] [--seed S] [--verbose]
// Ends with "N passed, N failed".
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "frontend/ast.h"
#include "frontend/diagnostics.h"
#include "frontend/frontend.h"
#include "frontend/parse/parse.h"

namespace fe = ts::frontend;
namespace fs = std::filesystem;

namespace {

// Files (path suffixes) the generated parser accepts and the recursive-descent one declines,
// each with its reason.
struct Declined {
  const char* suffix;
  const char* reason;
};
constexpr Declined kDeclined[] = {
    {"", ""},  // (none)
};

bool listed(const std::string& path) {
  for (const auto& d : kDeclined) {
    if (d.suffix[0] != 0 && path.size() >= std::strlen(d.suffix) &&
        path.compare(path.size() - std::strlen(d.suffix), std::string::npos, d.suffix) == 0)
      return true;
  }
  return false;
}

struct Counts {
  long compared = 0, declined_both = 0, declined_ok = 0, failed = 0;
};

enum class Expect { Accept, Either };

// Parses `text` both ways. `Accept`: a file from the repository, which the recursive-descent
// parser should take unless listed.
void check(const std::string& name, const std::string& text, Expect expect, Counts& c, bool verbose) {
  fe::SourceManager sm;
  fe::FileId id = sm.add(name, text);
  fe::Diagnostics diags;
  auto generated = fe::parse_module_generated(sm, id, diags);
  auto direct = fe::parse_module_direct(sm, id);
  bool clean = generated && diags.error_count() == 0;
  if (direct) {
    if (!clean) {
      std::printf("FAIL %s: the recursive-descent parser accepts what the generated one rejects\n", name.c_str());
      ++c.failed;
      return;
    }
    std::string a = fe::dump_ast(*generated, true), b = fe::dump_ast(*direct, true);
    if (a != b) {
      std::printf("FAIL %s: the ASTs differ\n", name.c_str());
      std::istringstream sa(a), sb(b);
      std::string la, lb;
      for (int n = 1; static_cast<bool>(std::getline(sa, la)) | static_cast<bool>(std::getline(sb, lb)); ++n) {
        if (la != lb) {
          std::printf("  line %d\n  generated: %s\n  recursive: %s\n", n, la.c_str(), lb.c_str());
          break;
        }
      }
      ++c.failed;
      return;
    }
    ++c.compared;
    return;
  }
  if (!clean) {
    if (verbose && !diags.all().empty()) std::printf("error in %s: %s\n", name.c_str(), diags.all()[0].message.c_str());
    ++c.declined_both;
    return;
  }
  if (expect == Expect::Accept && !listed(name)) {
    std::printf("FAIL %s: the recursive-descent parser declines a file the generated one accepts\n", name.c_str());
    ++c.failed;
    return;
  }
  if (verbose || expect == Expect::Accept) std::printf("declined (listed): %s\n", name.c_str());
  if (verbose && expect == Expect::Either) std::printf("%s\n----\n", text.c_str());
  ++c.declined_ok;
}

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The scale script of src/frontend/README.md (Note [Scale]).
std::string scale_script(int n) {
  std::vector<std::string> lines = {"import torch", "x = 0", "t = torch.ones(3)"};
  for (int i = 0; static_cast<int>(lines.size()) < n - 1; ++i) {
    std::string s = std::to_string(i);
    for (std::string l : {"v" + s + " = x + " + s, "x = v" + s + " - " + s + " + 1",
                          "def f" + s + "(a: int) -> int:", std::string("    b = a * 2"), "    return b + " + s,
                          "x = f" + s + "(x) - x - " + s, std::string("t = torch.relu(t) + 1.0"),
                          "s" + s + " = \"item\" + str(" + s + ")", "if x > " + s + " * 1000:",
                          std::string("    x = 0")})
      lines.push_back(l);
  }
  lines.push_back("print(x, t)");
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

// Small inputs at the edges of lexing and spans.
const char* const kEdges[] = {
    "", "\n", "\n\n", "# only a comment", "x = 1  # no newline at the end", "x = 1\n# c", "x\\\n  = 1\n",
    "if x:\n  y\n# c", "if x:\n  y\n  # c\n", "if a:\n    pass\n  # c\nb\n", "def f():\n\tpass\n",
    "if a:\n\tif b:\n\t\tc\n\td\n", "if a:\n        b\n\tc\n", "x = (1,\n  2)\n", "x = [\n]\n",
    "x = '''a\nb''' + 1\n", "x = 'é' + y\n", "# é\nx = 'ü' ; y = 2", "print(f'{x!r:>{10}}')\n",
    "class A: pass", "@d\nclass A: pass\n", "@a.b(1, k=2)\ndef f(*, a, b=1): return a\n",
    "def f(a, *args: int, b: int = 2) -> None:\n    '''doc\n    more'''\n    return\n",
    "x = 1.5.real + 1if y else 2\n", "x = 0x_ff + 0o17 + 0b1 + 1_0.0_1 + 1e5 + .5 + 5.\n",
    "x = -9223372036854775808\n", "x = -(1) + --1 + -1.5\n", "x = a if b else c if d else e\n",
    "from . import (a, b,)\nfrom ..m import *\nimport a.b as c, d\n", "x[1:2, ::3, :, 4]\n",
    "try:\n  pass\nexcept E as e:\n  pass\nelse:\n  pass\nfinally:\n  pass\n",
    "with a as b, c:\n  pass\n", "for a, *b in c:\n  pass\nelse:\n  pass\n", "del a, b[0], c.d,\n",
    "while x: x -= 1\n", "global a, b\n", "assert x, 'm'\n", "raise E from e\n", "f(x for x in y)\n",
    "{k: v for k, v in d if k}\n", "[*a, *b]\n", "(*a, b) = c\n", "lambda a, b=1: a\n",
    "x = 'a' 'b' f'{c}' \\\n  'd'\n", "x = \"\"\"\"\"\"\n", "x = ''''''\n", "x in\"s\"\n",
    "x = 1;\n", "x: int\n", "a = b = c\n", "a += 1\n", "a.b: int = 1\n", "return\n", "pass; pass\n",
    "x = not a and b or not c\n", "a < b <= c is not d not in e\n", "x = ~a ** -b\n",
    "x = (yield)\n", "x = 1j\n", "x = {1, 2}\n", "x = $\n", "x = 'abc\n", "x = '''abc\n", "  x = 1\n",
    "if a:\n  b\n c\n", "x = 0777\n", "x = a\r\n", "x = a\f\n", "nonlocal x\n", "def f(a=1, b): pass\n",
    "f(a=1, b)\n", "f(**a)\n", "x = b'a'\n", "x = '\\N{DASH}'\n", "x = f'{'\n", "1 = x\n",
    "x = ((((((((((((((((((((((((((((((1))))))))))))))))))))))))))))))\n",
};

// Random programs: statements and expressions over the whole grammar, with the spacing, line
// breaks inside brackets, comments, continuation lines and tabs that move spans around.
class Gen {
 public:
  explicit Gen(uint32_t seed) : rng_(seed) {}
  int pick(int n) { return static_cast<int>(rng_() % static_cast<uint32_t>(n)); }
  bool chance(int percent) { return pick(100) < percent; }

  std::string sp() {
    int k = pick(10);
    return k < 6 ? "" : k < 9 ? " " : "  ";
  }
  std::string name() {
    static const char* names[] = {"x", "y", "a_b", "torch", "t1", "_", "self", "nn", "print", "len", "f"};
    return names[pick(11)];
  }
  std::string number() {
    static const char* nums[] = {"0", "1", "42", "1_000", "0x1F", "0o17", "0b101", "3.5", "1e3", "1.", ".5",
                                 "2.5e-3", "9223372036854775807", "9223372036854775808", "00", "1E+2"};
    return nums[pick(16)];
  }
  std::string string_lit() {
    // The last three are errors (bytes, \N{...}, a quote ending the f-string early).
    static const char* strs[] = {"'a'", "\"b c\"", "r'\\d+'", "''", "'\\n\\t\\x41'", "f'{x}'",
                                 "f\"v={y!r:>{w}}\"", "'''tri\nple'''", "\"\"\"doc\"\"\"", "u'ü'",
                                 "'é' 'x'", "f'{x + 1:.2f} {{}}'", "F'{a}{b}'", "'\\\n'", "'\\u00e9'",
                                 "f'{x[\"k\"]!s}'", "b'x'", "'\\N{DASH}'", "f'{'a'}'"};
    return strs[pick(chance(5) ? 19 : 16)];
  }
  // `brk`: inside brackets, where line breaks and comments may go.
  std::string gap(bool brk) {
    if (brk && chance(8)) return chance(30) ? "  # c\n    " : "\n  ";
    return sp();
  }
  std::string atom(int d, bool brk) {
    int k = pick(d > 3 ? 5 : 16);
    switch (k) {
      case 0: case 1: return name();
      case 2: return number();
      case 3: return string_lit();
      case 4: { static const char* c[] = {"None", "True", "False", "..."}; return c[pick(4)]; }
      case 5: return "(" + gap(true) + expr(d + 1, true) + gap(true) + ")";
      case 6: return "(" + expr(d + 1, true) + "," + (chance(50) ? gap(true) + expr(d + 1, true) : "") + ")";
      case 7: return "[" + list(d, chance(20) ? "*" : "") + "]";
      case 8: return "[" + expr(d + 1, true) + " for " + name() + (chance(30) ? ", " + name() : "") + " in " +
                     expr(d + 1, true, 1) + (chance(40) ? " if " + expr(d + 1, true, 1) : "") + "]";
      case 9: return "{" + (chance(20) ? std::string() : expr(d + 1, true) + ":" + sp() + expr(d + 1, true) +
                                                           (chance(40) ? ", " + expr(d + 1, true) + ": " + name() : "")) + "}";
      case 10: return "{" + name() + ": " + expr(d + 1, true) + " for " + name() + " in " + name() + "}";
      case 11: return atom(d + 1, brk) + "." + name();
      case 12: return atom(d + 1, brk) + "(" + args(d) + ")";
      case 13: return atom(d + 1, brk) + "[" + subscript(d) + "]";
      case 14: return "()";
      default: return "(" + expr(d + 1, true) + ")";
    }
  }
  std::string list(int d, const std::string& star) {
    std::string s = star + expr(d + 1, true);
    for (int i = pick(3); i > 0; --i) s += "," + gap(true) + expr(d + 1, true);
    if (chance(20)) s += ",";
    return s;
  }
  std::string args(int d) {
    std::string s;
    int n = pick(4);
    bool kw = false;
    for (int i = 0; i < n; ++i) {
      if (i) s += "," + gap(true);
      int k = pick(10);
      if (k >= 5 && k < 8) kw = true;
      if (kw && k < 5) k = 5;
      if (k < 5) s += expr(d + 1, true);
      else if (k < 8) s += name() + "=" + expr(d + 1, true);
      else if (k == 8 && !kw) s += "*" + name();
      else if (k == 8) s += name() + "=" + number();
      else s += expr(d + 1, true) + " for " + name() + " in " + name();
    }
    if (n && chance(15)) s += ",";
    return s;
  }
  std::string subscript(int d) {
    int k = pick(6);
    std::string s = k == 0 ? ":" : k == 1 ? expr(d + 1, true) + ":" : k == 2 ? "::" + expr(d + 1, true)
                  : k == 3 ? expr(d + 1, true) + ":" + expr(d + 1, true) + ":" + number() : expr(d + 1, true);
    if (chance(20)) s += ", " + expr(d + 1, true);
    return s;
  }
  // `level`: 0 any expression (test), 1 no conditional or lambda (or_test), 2 no `and`, `or`
  // or `not` (comparison), 3 arithmetic only.
  std::string expr(int d, bool brk, int level = 0) {
    if (d > 4) return atom(d, brk);
    static const char* bin[] = {"+", "-", "*", "/", "//", "%", "**", "@", "<<", ">>", "&", "|", "^"};
    static const char* cmp[] = {"<", ">", "==", ">=", "<=", "!=", "in", "not in", "is", "is not"};
    int k = pick(14);
    if (k >= 7 && k <= 8 && level > 0) k = 0;
    if (k >= 4 && k <= 5 && level > 1) k = 1;
    if (k == 3 && level > 2) k = 2;
    switch (k) {
      case 0: case 1: case 2: return expr(d + 1, brk, 3) + sp() + bin[pick(13)] + sp() + expr(d + 1, brk, 3);
      case 3: return expr(d + 1, brk, 3) + " " + cmp[pick(10)] + " " + expr(d + 1, brk, 3) +
                     (chance(30) ? std::string(" < ") + expr(d + 1, brk, 3) : "");
      case 4: return expr(d + 1, brk, 1) + (chance(50) ? " and " : " or ") + expr(d + 1, brk, 1);
      case 5: return "not " + expr(d + 1, brk, 1);
      case 6: { static const char* u[] = {"-", "+", "~", "- "}; return u[pick(4)] + atom(d + 1, brk); }
      case 7: return expr(d + 1, brk, 1) + " if " + expr(d + 1, brk, 1) + " else " + expr(d + 1, brk);
      case 8: return "lambda" + (chance(50) ? " " + name() + (chance(30) ? "=" + number() : "") : std::string()) + ": " +
                     expr(d + 1, brk);
      default: return atom(d, brk);
    }
  }
  std::string target() {
    int k = pick(6);
    if (k == 0) return name() + "." + name();
    if (k == 1) return name() + "[" + number() + "]";
    if (k == 2) return name() + ", " + name();
    if (k == 3) return "(" + name() + ", *" + name() + ")";
    return name();
  }
  std::string simple() {
    int k = pick(18);
    static const char* aug[] = {"+=", "-=", "*=", "/=", "//=", "%=", "**=", "@=", "&=", "|=", "^=", "<<=", ">>="};
    switch (k) {
      case 0: case 1: case 2: return target() + " = " + expr(0, false);
      case 3: return name() + " " + aug[pick(13)] + " " + expr(0, false);
      case 4: return name() + ": " + expr(2, false) + (chance(60) ? " = " + expr(0, false) : "");
      case 5: return "return" + (chance(70) ? " " + expr(0, false) + (chance(20) ? ", " + name() : "") : std::string());
      case 6: return "raise" + (chance(70) ? " " + name() + "(" + args(2) + ")" + (chance(20) ? " from " + name() : "") : std::string());
      case 7: return "assert " + expr(0, false) + (chance(40) ? ", " + string_lit() : "");
      case 8: return "del " + target();
      case 9: return "global " + name() + (chance(30) ? ", " + name() : "");
      case 10: return "import " + name() + (chance(30) ? "." + name() : "") + (chance(30) ? " as " + name() : "");
      case 11: return "from " + std::string(chance(20) ? "." : "") + name() + " import " +
                      (chance(20) ? "*" : chance(30) ? "(" + name() + ", " + name() + ",)" : name() + " as " + name());
      case 12: { static const char* p[] = {"pass", "break", "continue"}; return p[pick(3)]; }
      case 13: return target() + " = " + target() + " = " + expr(1, false);
      case 14: return expr(0, false) + " \\\n    + " + expr(2, false);
      default: return expr(0, false);
    }
  }
  std::string params() {
    std::string s;
    int n = pick(5);
    bool star = false, dflt = false;
    for (int i = 0; i < n; ++i) {
      if (i) s += ", ";
      int k = pick(8);
      if (k == 0 && !star) {
        s += chance(50) ? "*" : "*args: int";
        star = true;
        continue;
      }
      s += "p" + std::to_string(i) + (chance(50) ? ": " + expr(4, true) : "");
      if (dflt || chance(30)) {
        s += "=" + expr(4, true);
        dflt = true;
      }
    }
    return s;
  }
  void block(std::string& out, const std::string& ind, int d) {
    int n = 1 + pick(3);
    std::string in = ind + (chance(10) ? "\t" : chance(50) ? "    " : "  ");
    for (int i = 0; i < n; ++i) stmt(out, in, d + 1);
  }
  // `header:` and a suite (an inline one sometimes).
  void compound(std::string& out, const std::string& ind, const std::string& header, int d) {
    if (d > 3 || chance(20)) {
      out += ind + header + ":" + sp() + simple() + (chance(20) ? "; " + simple() : "") + "\n";
      return;
    }
    out += ind + header + ":" + (chance(10) ? "  # note" : "") + "\n";
    if (chance(10)) out += "\n";
    block(out, ind, d);
  }
  void stmt(std::string& out, const std::string& ind, int d) {
    int k = pick(d > 3 ? 1 : 12);
    switch (k) {
      case 0: case 1: case 2: case 3:
        out += ind + simple() + (chance(10) ? ";" : "") + (chance(10) ? "  # end" : "") + "\n";
        return;
      case 4: {
        compound(out, ind, "if " + expr(0, false), d);
        for (int i = pick(3); i > 0; --i) compound(out, ind, "elif " + expr(1, false), d);
        if (chance(40)) compound(out, ind, "else", d);
        return;
      }
      case 5:
        compound(out, ind, "while " + expr(0, false), d);
        return;
      case 6:
        compound(out, ind, "for " + target() + " in " + expr(0, false), d);
        if (chance(20)) compound(out, ind, "else", d);
        return;
      case 7:
        compound(out, ind, "try", d);
        if (chance(80)) {
          for (int i = 1 + pick(2); i > 0; --i)
            compound(out, ind, "except" + (chance(70) ? " " + name() + (chance(50) ? " as " + name() : "") : std::string()), d);
          if (chance(30)) compound(out, ind, "else", d);
        }
        if (chance(40) || out.back() == ':') compound(out, ind, "finally", d);
        return;
      case 8:
        compound(out, ind, "with " + expr(1, false) + (chance(50) ? " as " + name() : ""), d);
        return;
      case 9:
      case 10:
        if (chance(30)) out += ind + "@" + name() + (chance(50) ? "." + name() : "") + (chance(40) ? "(" + args(2) + ")" : "") + "\n";
        compound(out, ind, "def " + name() + "(" + params() + ")" + (chance(40) ? " -> " + expr(4, false) : ""), d);
        return;
      default:
        compound(out, ind, "class " + name() + (chance(50) ? "(" + name() + ")" : ""), d);
        return;
    }
  }
  std::string program() {
    std::string out;
    if (chance(20)) out += "# header\n\n";
    for (int i = 1 + pick(5); i > 0; --i) stmt(out, "", 0);
    if (chance(20) && !out.empty()) out.pop_back();  // no newline at the end
    return out;
  }

  // One random change: a character deleted, doubled or replaced, or a line moved.
  std::string mutate(std::string s) {
    if (s.empty()) return s;
    static const char chars[] = " \t\n()[]{}:,.=+-*/#'\"\\@!$?ab0_";
    size_t at = rng_() % s.size();
    switch (pick(4)) {
      case 0: s.erase(at, 1); break;
      case 1: s.insert(at, 1, s[at]); break;
      case 2: s[at] = chars[pick(sizeof chars - 1)]; break;
      default: {
        size_t nl = s.find('\n', at);
        if (nl == std::string::npos) break;
        size_t start = s.rfind('\n', at);
        start = start == std::string::npos ? 0 : start + 1;
        std::string line = s.substr(start, nl + 1 - start);
        s.erase(start, nl + 1 - start);
        s.insert(rng_() % (s.size() + 1), line);
      }
    }
    return s;
  }

 private:
  std::mt19937 rng_;
};

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> dirs;
  long random = 3000;
  uint32_t seed = 1;
  bool verbose = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--random" && i + 1 < argc) random = std::atol(argv[++i]);
    else if (a == "--seed" && i + 1 < argc) seed = static_cast<uint32_t>(std::atol(argv[++i]));
    else if (a == "--verbose") verbose = true;
    else dirs.push_back(a);
  }
  Counts files, gen, mutated;
  Gen g(seed);
  std::vector<std::pair<std::string, std::string>> sources;
  for (const auto& d : dirs) {
    if (!fs::exists(d)) continue;
    std::vector<fs::path> paths;
    for (const auto& e : fs::recursive_directory_iterator(d)) {
      if (e.is_regular_file() && e.path().extension() == ".ts") paths.push_back(e.path());
    }
    std::sort(paths.begin(), paths.end());
    for (const auto& p : paths) sources.emplace_back(p.string(), read(p));
  }
  for (const auto& [name, text] : sources) check(name, text, Expect::Accept, files, verbose);
  check("<scale 25000>", scale_script(25000), Expect::Accept, files, verbose);
  // Deep nesting of every recursive form: the generated parser reports "nested too deeply" (or
  // takes it, at depth 50), and the recursive-descent parser must not overflow its stack.
  for (int depth : {50, 3000, 100000}) {
    auto rep = [depth](const std::string& a) {
      std::string r;
      for (int i = 0; i < depth; ++i) r += a;
      return r;
    };
    for (const auto& [open, close] : std::vector<std::pair<std::string, std::string>>{
             {"(", ")"}, {"[", "]"}, {"[*", "]"}, {"(*", ",)"}, {"f(", ")"}, {"x[", "]"}, {"{1: ", "}"},
             {"-", ""}, {"not ", ""}, {"lambda: ", ""}, {"a if b else ", ""}, {"2 ** ", ""}, {"1 + ", ""},
             {"a.", ""}, {"a and ", ""}, {"a < ", ""}, {"[x for x in ", "]"}}) {
      std::string text = "y = " + rep(open) + "1" + rep(close) + "\n";
      check("<deep " + open + " " + std::to_string(depth) + ">", text, Expect::Either, gen, verbose);
    }
    std::string blocks;
    for (int i = 0; i < std::min(depth, 2000); ++i) blocks += std::string(static_cast<size_t>(i), ' ') + "if a:\n";
    blocks += std::string(static_cast<size_t>(std::min(depth, 2000)), ' ') + "pass\n";
    check("<deep blocks " + std::to_string(depth) + ">", blocks, Expect::Either, gen, verbose);
  }
  for (size_t i = 0; i < sizeof kEdges / sizeof kEdges[0]; ++i) {
    check("<edge " + std::to_string(i) + ">", kEdges[i], Expect::Either, gen, verbose);
    // Where the generated parser accepts an edge case, the recursive-descent one must too (but
    // for carriage returns and form feeds).
    fe::SourceManager sm;
    fe::FileId id = sm.add("edge", kEdges[i]);
    fe::Diagnostics diags;
    if (fe::parse_module_generated(sm, id, diags) && diags.error_count() == 0 && !fe::parse_module_direct(sm, id) &&
        std::string(kEdges[i]).find_first_of("\r\f") == std::string::npos) {
      std::printf("FAIL <edge %zu>: declined\n", i);
      ++gen.failed;
    }
  }
  for (long i = 0; i < random; ++i) {
    std::string p = g.program();
    check("<random " + std::to_string(i) + ">", p, Expect::Either, gen, verbose);
    if (files.failed + gen.failed > 20) break;
  }
  // Mutations of the repository's files and of random programs: mostly errors, which the
  // recursive-descent parser must decline.
  for (long i = 0; i < random && !sources.empty(); ++i) {
    const auto& [name, text] = sources[static_cast<size_t>(g.pick(static_cast<int>(sources.size())))];
    std::string m = g.mutate(text);
    for (int k = g.pick(3); k > 0; --k) m = g.mutate(m);
    check(name + " <mutation " + std::to_string(i) + ">", m, Expect::Either, mutated, verbose);
    check("<random mutation " + std::to_string(i) + ">", g.mutate(g.program()), Expect::Either, mutated, verbose);
    if (mutated.failed > 20) break;
  }
  auto report = [](const char* what, const Counts& c) {
    std::printf("%s: %ld identical, %ld declined by both (errors), %ld declined (listed), %ld failed\n", what,
                c.compared, c.declined_both, c.declined_ok, c.failed);
  };
  report("repository files and the scale script", files);
  report("edge cases and random programs", gen);
  report("mutations", mutated);
  long failed = files.failed + gen.failed + mutated.failed;
  long passed = files.compared + files.declined_both + files.declined_ok + gen.compared + gen.declined_both +
                gen.declined_ok + mutated.compared + mutated.declined_both + mutated.declined_ok;
  std::printf("%ld passed, %ld failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
