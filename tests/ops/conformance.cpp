// op_conformance: runs every golden sample (tests/ops/golden/*.json, written by
// tools/gen_op_golden from PyTorch) through ts::ops::call and compares the results.
//
//   op_conformance [--golden DIR] [--op NAME]... [--allow-missing] [--live] [-v]
//
// --allow-missing counts samples of unregistered ops as skipped instead of failed (for use
// while ops are being written; tools/test does not pass it). --live first regenerates the
// golden files with /usr/bin/python3 and PyTorch into a temp dir and checks that they are
// byte-identical to the committed ones (skipped when PyTorch is not installed).
// Ends with "op_conformance: N passed, N failed, N skipped"; exits 1 on any failure.
#include <set>
#include <algorithm>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

#include "golden_io.h"
#include "ops/ops.h"
#include "ops/registry.h"
#include "tensor/random.h"

#ifndef TS_OPS_GOLDEN_DIR
#define TS_OPS_GOLDEN_DIR "tests/ops/golden"
#endif
#ifndef TS_SOURCE_ROOT
#define TS_SOURCE_ROOT "."
#endif

namespace fs = std::filesystem;
using ts::conform::Json;

namespace {

struct Options {
  std::string golden_dir = TS_OPS_GOLDEN_DIR;
  std::vector<std::string> only;
  bool allow_missing = false;
  bool live = false;
  bool verbose = false;
};

struct Counts {
  int passed = 0, failed = 0, skipped = 0;
};

// tests/ops/known_failures.txt: "op #index  reason" lines for real deviations from PyTorch that
// are not fixed yet. They count as skipped and print as KNOWN on every run; a listed sample
// that passes is a failure, so the list cannot go stale.
std::set<std::string> g_known;

void load_known(const std::string& golden_dir) {
  std::ifstream in(std::filesystem::path(golden_dir).parent_path() / "known_failures.txt");
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream ls(line);
    std::string op, idx;
    ls >> op >> idx;
    g_known.insert(op + " " + idx);
  }
}

// The sample being run, for the crash handler (a crash in an op should name the op).
char g_current[256] = "";

void on_crash(int sig) {
  const char* p1 = "\nop_conformance: crashed (signal) while running ";
  ssize_t r = write(2, p1, std::strlen(p1));
  r = write(2, g_current, std::strlen(g_current));
  r = write(2, "\n", 1);
  (void)r;
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}

std::string read_file(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::ostringstream s;
  s << f.rdbuf();
  return s.str();
}

std::vector<fs::path> json_files(const fs::path& dir) {
  std::vector<fs::path> r;
  if (!fs::is_directory(dir)) return r;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".json") r.push_back(e.path());
  std::sort(r.begin(), r.end());
  return r;
}

// Seeds the default CPU generator as torch.manual_seed does before a random sample.
void seed_generator(int64_t seed) { ts::manual_seed(uint64_t(seed)); }

std::string short_error(const std::string& m) {
  std::string s = m.substr(0, 300);
  for (char& ch : s)
    if (ch == '\n') ch = '|';
  return m.size() > 300 ? s + "..." : s;
}

// Runs one sample. Returns "" on success, "missing: ..." for an unregistered op, else a diff.
std::string run_sample(const Json& s) {
  const std::string call = s.at("call").get<std::string>();
  if (!ts::ops::has_op(call)) return "missing: no registry op '" + call + "'";
  ts::Stack args;
  ts::ops::Kwargs kwargs;
  for (const Json& a : s.at("args")) args.push_back(ts::conform::decode_value(a));
  for (const auto& [k, v] : s.at("kwargs").items())
    kwargs.emplace_back(k, ts::conform::decode_value(v));
  ts::Tensor self;
  if (!args.empty() && args[0].is_tensor()) self = args[0].to_tensor();
  ts::Tensor out_arg;
  for (const auto& [k, v] : kwargs)
    if (k == "out" && v.is_tensor()) out_arg = v.to_tensor();
  if (s.contains("seed")) seed_generator(s.at("seed").get<int64_t>());

  const Json* tol = s.contains("tol") ? &s.at("tol") : nullptr;
  const std::string form = s.at("form").get<std::string>();
  ts::Stack result;
  try {
    result = ts::ops::call(call, args, kwargs);
  } catch (const ts::Error& e) {
    if (!s.contains("error"))
      return ts::util::str("raised ", ts::error_kind_name(e.kind()), ": ", short_error(e.message()));
    const Json& want = s.at("error");
    std::string type = want.at("type").get<std::string>();
    std::string msg = want.at("message").get<std::string>();
    std::string got_type = ts::error_kind_name(e.kind());
    if (want.contains("prefix")) {
      std::string prefix = want.at("prefix").get<std::string>();
      if (e.message().rfind(prefix, 0) != 0 || got_type != type)
        return ts::util::str("error ", got_type, ": \"", short_error(e.message()), "\"; expected ",
                             type, " starting with \"", short_error(prefix), "\"");
      return "";
    }
    if (e.message() != msg || got_type != type)
      return ts::util::str("error ", got_type, ": \"", short_error(e.message()), "\"; expected ",
                           type, ": \"", short_error(msg), "\"");
    return "";
  } catch (const std::exception& e) {
    return ts::util::str("C++ exception (not a ts::Error): ", short_error(e.what()));
  }
  if (s.contains("error")) {
    const Json& want = s.at("error");
    return ts::util::str("returned normally; expected ", want.at("type").get<std::string>(), ": \"",
                         short_error(want.at("message").get<std::string>()), "\"");
  }
  ts::IValue actual;
  if (result.size() == 1) actual = result[0];
  else if (!result.empty()) actual = ts::IValue::tuple(result);
  std::string d = ts::conform::compare_value(actual, s.at("result"), self, tol);
  if (!d.empty()) return d;
  // The reference form: the tensor arguments as the op left them.
  if (s.contains("after")) {
    const Json& after = s.at("after");
    if (!after.is_array() || after.size() != args.size()) return "harness error: 'after' does not match the arguments";
    for (size_t i = 0; i < args.size(); ++i) {
      if (after[i].is_null()) continue;
      d = ts::conform::compare_value(args[i], after[i], self, tol, ts::util::str("argument ", i, " after the call"));
      if (!d.empty()) return d;
    }
  }
  // In-place (x.add_, x.copy_, ...) and out= forms return the tensor they wrote.
  bool inplace = form == "inplace" || (!call.empty() && call.back() == '_');
  if (inplace && actual.is_tensor() && self.defined() && !actual.to_tensor().is_same(self))
    return "in-place op returned a tensor other than self";
  if (form == "out" && actual.is_tensor() && out_arg.defined() && !actual.to_tensor().is_same(out_arg))
    return "out= op returned a tensor other than out";
  return "";
}

void run_file(const fs::path& path, const Options& o, Counts& total) {
  Json doc;
  std::string op;
  try {
    doc = Json::parse(read_file(path));
    op = doc.at("op").get<std::string>();
    if (!doc.at("samples").is_array()) throw std::runtime_error("'samples' is not an array");
  } catch (const std::exception& e) {
    std::cout << "FAIL " << path.filename().string() << ": malformed golden file: " << e.what() << "\n";
    ++total.failed;
    return;
  }
  if (!o.only.empty() && std::find(o.only.begin(), o.only.end(), op) == o.only.end()) return;
  Counts c;
  std::map<std::string, int> missing;  // registry op -> samples
  int pos = 0;
  for (const Json& s : doc.at("samples")) {
    int idx = pos++;
    std::string d, torch_name = "?";
    try {
      idx = s.at("i").get<int>();
      torch_name = s.at("torch").get<std::string>();
      std::snprintf(g_current, sizeof g_current, "%s #%d (%s)", op.c_str(), idx,
                    s.at("call").get<std::string>().c_str());
      d = run_sample(s);
    } catch (const std::exception& e) {  // decoding or comparison, not the op
      d = ts::util::str("harness error: ", e.what());
    }
    const bool known = g_known.count(op + " #" + std::to_string(idx)) > 0;
    if (d.empty() && known) {
      ++c.failed;
      std::cout << "FAIL " << op << " #" << idx << ": listed in known_failures.txt but passes now; "
                << "remove it from the list\n";
    } else if (d.empty()) {
      ++c.passed;
    } else if (known) {
      ++c.skipped;
      std::cout << "KNOWN " << op << " #" << idx << " [" << torch_name << "]: " << d << "\n";
    } else if (d.rfind("missing: ", 0) == 0) {
      ++missing[d.substr(9)];
      if (o.allow_missing) ++c.skipped;
      else ++c.failed;
    } else {
      ++c.failed;
      std::cout << "FAIL " << op << " #" << idx << " [" << torch_name << "]: " << d << "\n";
    }
  }
  for (const auto& [why, n] : missing)
    std::cout << (o.allow_missing ? "SKIP " : "FAIL ") << op << ": " << n << " sample"
              << (n == 1 ? "" : "s") << " missing (" << why << ")\n";
  if (o.verbose)
    std::cout << "  " << op << ": " << c.passed << " passed, " << c.failed << " failed, "
              << c.skipped << " skipped\n";
  total.passed += c.passed;
  total.failed += c.failed;
  total.skipped += c.skipped;
}

// Golden files equal but for floating values in the last bits: matrix products and
// convolutions go through OpenBLAS, which picks its kernels by CPU, so PyTorch's own results
// differ by a few ulps between machines. Structure, dtypes, sizes and every other field must
// be identical; hex-float values may differ by 1e-5 relative (the float32 conformance tolerance).
bool close_hex(const std::string& a, const std::string& b) {
  if (a.size() < 3 || b.size() < 3 || (a.find("0x") == std::string::npos) || (b.find("0x") == std::string::npos)) return false;
  char* ea = nullptr;
  char* eb = nullptr;
  const double x = std::strtod(a.c_str(), &ea), y = std::strtod(b.c_str(), &eb);
  if (*ea || *eb) return false;
  return std::fabs(x - y) <= 1e-5 * std::max(std::fabs(x), std::fabs(y)) + 1e-30;
}

bool same_but_ulps(const Json& a, const Json& b) {
  if (a.type() != b.type()) return false;
  if (a.is_string()) return a == b || close_hex(a.get<std::string>(), b.get<std::string>());
  if (a.is_array()) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
      if (!same_but_ulps(a[i], b[i])) return false;
    return true;
  }
  if (a.is_object()) {
    if (a.size() != b.size()) return false;
    for (auto it = a.begin(); it != a.end(); ++it)
      if (!b.contains(it.key()) || !same_but_ulps(it.value(), b.at(it.key()))) return false;
    return true;
  }
  return a == b;
}

bool same_golden(const fs::path& fresh, const fs::path& committed) {
  const std::string x = read_file(fresh), y = read_file(committed);
  if (x == y) return true;
  Json a = Json::parse(x, nullptr, false), b = Json::parse(y, nullptr, false);
  return !a.is_discarded() && !b.is_discarded() && same_but_ulps(a, b);
}

// --live: the committed golden files must be what PyTorch produces now (see same_golden).
void live_check(const Options& o, Counts& total) {
  const char* env = std::getenv("TS_PYTHON");
  std::string py = env && *env ? env : "/usr/bin/python3";
  std::string probe = "'" + py + "' -c 'import torch' >/dev/null 2>&1";
  if (std::system(probe.c_str()) != 0) {
    std::cout << "SKIP live: PyTorch is not importable by " << py
              << "; golden files not regenerated\n";
    ++total.skipped;
    return;
  }
  char tmpl[] = "/tmp/op_golden_XXXXXX";
  if (!mkdtemp(tmpl)) {
    std::cout << "FAIL live: cannot create a temp dir\n";
    ++total.failed;
    return;
  }
  fs::path tmp = tmpl;
  std::string cmd = "'" + py + "' '" + std::string(TS_SOURCE_ROOT) + "/tools/gen_op_golden' --out '" +
                    tmp.string() + "' > '" + (tmp / "gen.log").string() + "' 2>&1";
  int rc = std::system(cmd.c_str());
  std::vector<std::string> diffs;
  if (rc != 0) {
    diffs.push_back("tools/gen_op_golden failed:\n" + read_file(tmp / "gen.log"));
  } else {
    auto fresh = json_files(tmp), committed = json_files(o.golden_dir);
    std::map<std::string, fs::path> a, b;
    for (auto& p : fresh) a[p.filename().string()] = p;
    for (auto& p : committed) b[p.filename().string()] = p;
    for (auto& [n, p] : a) {
      if (!b.count(n)) diffs.push_back(n + ": not committed");
      else if (!same_golden(p, b[n])) diffs.push_back(n + ": differs from PyTorch's output");
    }
    for (auto& [n, p] : b)
      if (!a.count(n)) diffs.push_back(n + ": committed but no longer generated");
  }
  fs::remove_all(tmp);
  if (diffs.empty()) {
    std::cout << "live: golden files match PyTorch (" << py << ")\n";
    ++total.passed;
    return;
  }
  for (auto& d : diffs) std::cout << "FAIL live: " << d << "\n";
  std::cout << "  (regenerate with tools/gen_op_golden and review the diff)\n";
  ++total.failed;
}

int usage() {
  std::cerr << "usage: op_conformance [--golden DIR] [--op NAME]... [--allow-missing] [--live] [-v]\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--allow-missing") o.allow_missing = true;
    else if (a == "--live") o.live = true;
    else if (a == "-v" || a == "--verbose") o.verbose = true;
    else if (a == "--golden" && i + 1 < argc) o.golden_dir = argv[++i];
    else if (a == "--op" && i + 1 < argc) o.only.push_back(argv[++i]);
    else return usage();
  }
  std::signal(SIGSEGV, on_crash);
  std::signal(SIGABRT, on_crash);
  std::signal(SIGFPE, on_crash);
  std::signal(SIGBUS, on_crash);

  Counts total;
  load_known(o.golden_dir);
  if (o.live) live_check(o, total);
  auto files = json_files(o.golden_dir);
  if (files.empty()) {
    std::cout << "FAIL: no golden files in " << o.golden_dir << "\n";
    ++total.failed;
  }
  for (const auto& f : files) run_file(f, o, total);
  std::cout << "op_conformance: " << total.passed << " passed, " << total.failed << " failed, "
            << total.skipped << " skipped\n";
  return total.failed ? 1 : 0;
}
