// op_gradcheck: checks autograd against finite differences on every conformance sample.
//
//   op_gradcheck [--golden DIR] [--op NAME]... [-v]
//
// Each sample (tests/ops/golden/*.json) whose call succeeds and has floating tensor inputs is
// run in float64 with those inputs requiring grad; the gradient of sum(output * v) (v random)
// from autograd is compared with central differences of the same sum at every element of every
// input. Every sample is accounted for: passed, failed, or skipped with a reason, and the skipped
// ones are listed grouped by reason:
//   - samples that cannot be checked (error samples, which must raise; out= and in-place forms;
//     seeded random ops; no floating input; integer-only or non-float64 outputs; non-finite
//     values; ties in the selecting ops; inputs PyTorch refuses gradients for);
//   - ops whose derivative is not written yet ("no derivative yet");
//   - samples listed in gradcheck_kinks.txt (not differentiable there, or PyTorch's gradient is
//     not the derivative) or gradcheck_known_failures.txt (real bugs not fixed yet). A listed
//     sample that passes, is skipped anyway, or does not exist fails the run (stale exclusion).
// A float64 forward that raises on a sample PyTorch runs fails. An element whose central
// difference jumps (above kJump, where autograd disagrees: a step's edge or a pole) is left out,
// counted and listed; the sample's other elements are still compared.
// Ends with "op_gradcheck: N passed, N failed, N skipped"; exits 1 on any failure.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <omp.h>

#include "golden_io.h"
#include "ts.h"

#ifndef TS_OPS_GOLDEN_DIR
#define TS_OPS_GOLDEN_DIR "tests/ops/golden"
#endif

namespace fs = std::filesystem;
using ts::IValue;
using ts::Stack;
using ts::Tensor;
using ts::conform::Json;

namespace {

constexpr double kEps = 1e-6;

struct OpCounts {
  int ok = 0, bad = 0, missing = 0, listed = 0;
  double seconds = 0;
  std::string first_bad, first_missing;
};

bool floating(const Tensor& t) { return t.defined() && ts::is_floating(t.dtype()); }

bool finite(const Tensor& t) {
  Tensor d = t.to(ts::DType::Float64).contiguous();
  const double* p = d.data<double>();
  for (int64_t i = 0; i < d.numel(); ++i)
    if (!std::isfinite(p[i])) return false;
  return true;
}

// Replaces each floating tensor argument (also inside lists) by a float64 copy; collects them.
IValue lift(const IValue& v, std::vector<Tensor>& inputs) {
  if (v.is_tensor()) {
    const Tensor& t = v.to_tensor();
    if (!floating(t) || (t.dim() == 0 && t.impl()->is_wrapped_number)) return v;
    Tensor c = t.to(ts::DType::Float64).contiguous().clone();
    inputs.push_back(c);
    return IValue(c);
  }
  if (v.is_list()) {
    std::vector<IValue> items;
    for (const IValue& x : v.items()) items.push_back(lift(x, inputs));
    return IValue::list(std::move(items));
  }
  return v;
}

void outputs_of(const IValue& v, std::vector<Tensor>& out) {
  if (v.is_tensor()) {
    if (floating(v.to_tensor())) out.push_back(v.to_tensor());
  } else if (v.is_list() || v.is_tuple()) {
    for (const IValue& x : v.items()) outputs_of(x, out);
  }
}

std::vector<Tensor> call_outputs(const std::string& call, const Stack& args,
                                 const ts::ops::Kwargs& kwargs) {
  Stack r = ts::ops::call(call, args, kwargs);
  std::vector<Tensor> outs;
  for (const IValue& v : r) outputs_of(v, outs);
  return outs;
}

// The outputs' values, copied (a view of the input would follow it back when it is restored).
std::vector<std::vector<double>> values_of(const std::vector<Tensor>& outs) {
  std::vector<std::vector<double>> r;
  for (const Tensor& o : outs) {
    Tensor c = o.to(ts::DType::Float64).contiguous();
    r.emplace_back(c.data<double>(), c.data<double>() + c.numel());
  }
  return r;
}

// sum(v * (up - down)) over the outputs: the weighted sums' difference, taken element by element
// so that large outputs the perturbation does not touch cancel exactly instead of swamping the
// difference with their rounding (an e^20 next to a slope of 1).
double weighted_diff(const std::vector<std::vector<double>>& up,
                     const std::vector<std::vector<double>>& down,
                     const std::vector<std::vector<double>>& vs) {
  double s = 0;
  for (size_t i = 0; i < up.size(); ++i)
    for (size_t e = 0; e < up[i].size(); ++e) s += vs[i][e] * (up[i][e] - down[i][e]);
  return s;
}

// The overload ops::call picks for these arguments (exact matches before wrapped numbers).
const ts::ops::OpDef* resolve(const std::string& call, const Stack& args, const ts::ops::Kwargs& kw,
                              Stack* bound) {
  for (bool wrap : {false, true})
    for (const ts::ops::OpDef* op : ts::ops::Registry::get().overloads(call)) {
      std::string why;
      if (auto b = ts::ops::bind_args(op->schema, args, kw, wrap, &why)) {
        *bound = std::move(*b);
        return op;
      }
    }
  return nullptr;
}

// An op with a derivative must also record when called through its typed C++ function (the
// TS_AUTOGRAD line): calling the entry's function directly, bypassing the registry's hand-off,
// must still give outputs that require grad.
std::string check_typed_path(const std::string& call, const Stack& args,
                             const ts::ops::Kwargs& kwargs) {
  Stack bound;
  const ts::ops::OpDef* op = resolve(call, args, kwargs, &bound);
  if (!op || !op->derivative) return "";
  op->fn(bound);
  std::vector<Tensor> outs;
  for (const IValue& v : bound) outputs_of(v, outs);
  for (const Tensor& o : outs) {
    if (o.requires_grad() && !o.grad_fn_name().empty()) return "";
    for (const IValue& a : args)  // an input handed back as is (x.contiguous() of a contiguous x)
      if (a.is_tensor() && a.to_tensor().is_same(o)) return "";
  }
  return "the C++ function of " + op->schema.full_name() +
         " does not record (no TS_AUTOGRAD line), though its entry has a derivative";
}

// Ops that pick elements by comparing them: at ties between equal inputs they are not
// differentiable, so such samples are not compared (autograd gives PyTorch's choice of index;
// finite differences average the one-sided slopes).
bool selects_by_value(const std::string& call) {
  static const std::set<std::string> kOps = {"sort",   "msort",     "topk",   "kthvalue", "median",
                                             "nanmedian", "mode",   "cummax", "cummin",   "max",
                                             "min",    "amax",      "amin",   "aminmax"};
  return kOps.count(call) > 0;
}

// Ops that read one triangle of a symmetric input (eigh, cholesky, hermitian=True): their
// gradient is PyTorch's symmetric one, so the first input is perturbed symmetrically (elements
// (i, j) and (j, i) together) and compared with g[i, j] + g[j, i].
bool reads_one_triangle(const std::string& call, const ts::ops::Kwargs& kwargs) {
  if (call == "linalg_eigh" || call == "linalg_cholesky") return true;
  for (const auto& [k, v] : kwargs)
    if (k == "hermitian" && v.is_bool() && v.to_bool()) return true;
  return false;
}

bool has_ties(const Tensor& t) {
  Tensor d = t.to(ts::DType::Float64).contiguous();
  std::vector<double> v(d.data<double>(), d.data<double>() + d.numel());
  std::sort(v.begin(), v.end());
  return std::adjacent_find(v.begin(), v.end()) != v.end();
}

// Ops whose derivative has a derivative of its own, checked here too (gradgradcheck): the
// gradient of sum(grad_k * u_k) (grad_k from create_graph) against central differences of the
// same sum, each side of the difference a first-order autograd run.
bool second_order(const std::string& call) {
  static const std::set<std::string> kOps = {"batch_norm", "native_batch_norm"};
  return kOps.count(call) > 0;
}

std::string check_second_order(const std::string& call, const Stack& args, const ts::ops::Kwargs& kwargs,
                               std::vector<Tensor>& inputs, const std::vector<Tensor>& vs) {
  std::vector<Tensor> us;
  ts::manual_seed(13);
  for (const Tensor& x : inputs) us.push_back(ts::randn(x.sizes(), ts::TensorOptions(ts::DType::Float64)));
  // sum_k sum(grad_k * u_k) of the first-order gradients at the current inputs.
  auto first = [&](bool create_graph) {
    for (Tensor& t : inputs) t.requires_grad_(true);
    std::vector<Tensor> outs = call_outputs(call, args, kwargs);
    Tensor loss = ts::zeros({}, ts::TensorOptions(ts::DType::Float64));
    for (size_t i = 0; i < outs.size(); ++i)
      if (outs[i].requires_grad()) loss = ts::add(loss, ts::sum(ts::mul(outs[i], vs[i])));
    std::vector<Tensor> g = ts::autograd::grad({loss}, inputs, {}, std::nullopt, create_graph, true);
    Tensor r = ts::zeros({}, ts::TensorOptions(ts::DType::Float64));
    for (size_t k = 0; k < g.size(); ++k)
      if (g[k].defined()) r = ts::add(r, ts::sum(ts::mul(g[k], us[k])));
    return r;
  };
  Tensor s = first(true);
  if (!s.requires_grad()) return "";  // gradients constant in the inputs
  std::vector<Tensor> second = ts::autograd::grad({s}, inputs, {}, std::nullopt, false, true);
  for (size_t k = 0; k < inputs.size(); ++k) {
    Tensor g = second[k].defined() ? second[k].contiguous() : ts::zeros_like(inputs[k]);
    double* p = inputs[k].data<double>();
    for (int64_t i = 0; i < inputs[k].numel(); ++i) {
      const double orig = p[i];
      p[i] = orig + kEps;
      const double up = first(false).item<double>();
      p[i] = orig - kEps;
      const double down = first(false).item<double>();
      p[i] = orig;
      const double numeric = (up - down) / (2 * kEps);
      const double analytic = g.data<double>()[i];
      if (std::abs(numeric - analytic) > 1e-4 + 1e-3 * std::abs(numeric))
        return ts::util::str("second order: input ", k, " element ", i, ": autograd ", analytic,
                             ", finite differences ", numeric);
    }
  }
  return "";
}

// What one sample came to. Skips name their reason in a few fixed words (the report groups by
// it); `elements` counts the finite differences compared and `excluded` the elements left out
// because their central difference jumped (see kJump).
struct Outcome {
  enum Kind { Pass, Fail, Skip, Missing } kind = Pass;
  std::string reason;
  int64_t elements = 0;
  std::vector<std::string> excluded;  // "input K element I (finite difference D)"
};

Outcome fail(std::string why) { return {Outcome::Fail, std::move(why), 0, {}}; }
Outcome skip(std::string why) { return {Outcome::Skip, std::move(why), 0, {}}; }

// A central difference above this, where autograd disagrees, is a jump (round at .5, a step
// function's edge) or a pole between x - eps and x + eps, not a slope: that element is left out
// and counted; the other elements of the sample are still compared.
constexpr double kJump = 1e4;

Outcome check_sample(const Json& s) {
  const std::string form = s.at("form").get<std::string>();
  const std::string call = s.at("call").get<std::string>();
  if (s.contains("seed")) return skip("random op (seeded sample): the output is not a function of the inputs");
  if (form == "out") return skip("out= form: PyTorch records no gradient for out= calls");
  if (form == "inplace" || call.back() == '_') return skip("in-place form: not checked (the out-of-place op's samples are)");
  std::vector<Tensor> inputs;
  Stack args;
  ts::ops::Kwargs kwargs;
  bool out_kwarg = false;
  for (const Json& a : s.at("args")) args.push_back(lift(ts::conform::decode_value(a), inputs));
  for (const auto& [k, v] : s.at("kwargs").items()) {
    if (k == "out") out_kwarg = true;
    kwargs.emplace_back(k, lift(ts::conform::decode_value(v), inputs));
  }
  if (s.contains("error")) {
    // PyTorch raises here: ours must raise too, with the sample's own inputs (its dtypes).
    Stack own;
    ts::ops::Kwargs own_kw;
    for (const Json& a : s.at("args")) own.push_back(ts::conform::decode_value(a));
    for (const auto& [k, v] : s.at("kwargs").items()) own_kw.emplace_back(k, ts::conform::decode_value(v));
    try {
      ts::NoGradGuard off;
      ts::ops::call(call, own, own_kw);
    } catch (const ts::Error&) {
      return skip("error sample: raises, as in PyTorch (no gradient to check)");
    }
    return fail("an error sample (PyTorch raises) does not raise");
  }
  if (out_kwarg) return skip("out= form: PyTorch records no gradient for out= calls");
  if (inputs.empty()) return skip("no floating-point tensor input to differentiate");
  for (const Tensor& t : inputs) {
    if (!finite(t)) return skip("non-finite input (nan or inf): no finite difference");
    if (selects_by_value(call) && has_ties(t))
      return skip("ties between inputs of a selecting op (sort, max, ...): not differentiable there");
  }
  std::vector<Tensor> outs;
  try {
    ts::NoGradGuard off;
    outs = call_outputs(call, args, kwargs);
  } catch (const ts::Error& e) {
    return fail(std::string("the float64 forward raised (not an error sample): ") + e.what());
  }
  if (outs.empty()) return skip("integer or bool outputs only: not differentiable");
  for (const Tensor& o : outs) {
    if (o.dtype() != ts::DType::Float64)
      return skip(ts::util::str("output dtype fixed to ", ts::dtype_name(o.dtype()),
                                " by the sample: finite differences need float64"));
    if (!finite(o)) return skip("non-finite output (nan or inf): no finite difference");
  }
  for (Tensor& t : inputs) t.requires_grad_(true);
  std::vector<Tensor> graph_outs;
  try {
    graph_outs = call_outputs(call, args, kwargs);
  } catch (const ts::Error& e) {
    std::string m = e.what();
    if (m.find("is not differentiable with respect to argument") != std::string::npos)
      return skip("an input PyTorch gives no gradient (\"is not differentiable with respect to argument\")");
    if (m.find("functions with out=... arguments") != std::string::npos)
      return skip("out= form: PyTorch records no gradient for out= calls");
    return fail("forward with requires_grad raised: " + m);
  }
  std::vector<Tensor> vs;
  ts::manual_seed(11);
  for (const Tensor& o : outs) vs.push_back(ts::randn(o.sizes(), ts::TensorOptions(ts::DType::Float64)));
  Tensor loss = ts::zeros({}, ts::TensorOptions(ts::DType::Float64));
  bool any_graph = false;
  for (size_t i = 0; i < graph_outs.size(); ++i) {
    if (!graph_outs[i].requires_grad()) {  // a non-differentiable output: not in either sum
      vs[i] = ts::zeros_like(vs[i]);
      continue;
    }
    any_graph = true;
    loss = ts::add(loss, ts::sum(ts::mul(graph_outs[i].to(ts::DType::Float64), vs[i])));
  }
  if (!any_graph) {
    bool differentiable = false;
    for (const ts::ops::OpDef* op : ts::ops::Registry::get().overloads(call))
      differentiable = differentiable || op->differentiable;
    if (differentiable) return {Outcome::Missing, "no output requires grad", 0, {}};
    return skip("op marked not differentiable in the registry: no output requires grad");
  }
  std::vector<Tensor> grads;
  try {
    grads = ts::autograd::grad({loss}, inputs, {}, std::nullopt, false, true);
  } catch (const ts::Error& e) {
    std::string m = e.what();
    if (m.find("is not implemented") != std::string::npos) return {Outcome::Missing, m, 0, {}};
    return fail("backward raised: " + m);
  }
  if (std::string typed = check_typed_path(call, args, kwargs); !typed.empty()) return fail(typed);
  for (Tensor& t : inputs) t.requires_grad_(false);
  ts::NoGradGuard off;
  const auto v_values = values_of(vs);
  Outcome r;
  const bool symmetric = reads_one_triangle(call, kwargs);
  for (size_t k = 0; k < inputs.size(); ++k) {  // every element of every input
    Tensor x = inputs[k];
    double* p = x.data<double>();
    const int64_t n = x.numel();
    Tensor g = grads[k].defined() ? grads[k].contiguous() : ts::zeros_like(x);
    const bool sym = symmetric && k == 0 && x.dim() >= 2 && x.size(-1) == x.size(-2);
    for (int64_t i = 0; i < n; ++i) {
      int64_t j = i;  // the mirror element (i itself unless perturbing symmetrically)
      if (sym) {
        const int64_t cols = x.size(-1), row = (i / cols) % cols, col = i % cols;
        if (row < col) continue;  // perturbed together with its mirror below the diagonal
        j = i - row * cols - col + col * cols + row;
      }
      const double orig = p[i];
      p[i] = orig + kEps;
      if (j != i) p[j] = orig + kEps;
      const auto up = values_of(call_outputs(call, args, kwargs));
      p[i] = orig - kEps;
      if (j != i) p[j] = orig - kEps;
      const auto down = values_of(call_outputs(call, args, kwargs));
      p[i] = orig;
      if (j != i) p[j] = orig;
      const double numeric = weighted_diff(up, down, v_values) / (2 * kEps);
      const double analytic = g.data<double>()[i] + (j != i ? g.data<double>()[j] : 0.0);
      ++r.elements;
      if (std::abs(numeric - analytic) <= 1e-5 + 1e-4 * std::abs(numeric)) continue;
      if (std::abs(numeric) > kJump || !std::isfinite(numeric)) {
        r.excluded.push_back(ts::util::str("input ", k, " element ", i, " (finite difference ", numeric,
                                           ", autograd ", analytic, ")"));
        continue;
      }
      r.kind = Outcome::Fail;
      r.reason = ts::util::str("input ", k, " element ", i, ": autograd ", analytic,
                               ", finite differences ", numeric);
      return r;
    }
  }
  // batch_norm's training-mode samples (the running statistics get no gradient in evaluation).
  if (second_order(call) && args.size() > 5 && args[5].is_bool() && args[5].to_bool()) {
    ts::EnableGradGuard on;
    if (std::string m = check_second_order(call, args, kwargs, inputs, vs); !m.empty()) {
      r.kind = Outcome::Fail;
      r.reason = m;
    }
  }
  return r;
}

std::string read_file(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::ostringstream s;
  s << f.rdbuf();
  return s.str();
}

// tests/ops/gradcheck_kinks.txt and tests/ops/gradcheck_known_failures.txt: "op #index  reason"
// lines. A listed sample counts as skipped with its reason; an entry that names no sample, or
// whose sample now passes or is skipped for another reason, is a stale exclusion and fails.
struct Exclusion {
  std::string file, reason;
  int line = 0;
  bool matched = false;
};

void load_exclusions(const fs::path& path, std::map<std::string, Exclusion>& into) {
  std::ifstream in(path);
  std::string line;
  for (int no = 1; std::getline(in, line); ++no) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream ls(line);
    std::string op, idx, reason;
    ls >> op >> idx;
    std::getline(ls >> std::ws, reason);
    into[op + " " + idx] = Exclusion{path.filename().string(), reason, no, false};
  }
}

// Sample names grouped by op on as few lines as fit: "  add #1 #4, sub #0".
void print_grouped(const std::vector<std::string>& where) {
  std::string line = "   ", last_op;
  for (const std::string& w : where) {
    const std::string op = w.substr(0, w.find(' ')), idx = w.substr(w.find(' ') + 1);
    std::string piece = op == last_op ? " " + idx : (last_op.empty() ? " " : ", ") + w;
    if (line.size() + piece.size() > 110) {
      std::cout << line << "\n";
      line = "    " + (op == last_op ? idx : w);
    } else {
      line += piece;
    }
    last_op = op;
  }
  if (line.size() > 3) std::cout << line << "\n";
}

}  // namespace

int main(int argc, char** argv) {
  std::string golden = TS_OPS_GOLDEN_DIR;
  std::vector<std::string> only;
  bool verbose = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--golden" && i + 1 < argc) golden = argv[++i];
    else if (a == "--op" && i + 1 < argc) only.push_back(argv[++i]);
    else if (a == "-v") verbose = true;
    else {
      std::cerr << "usage: op_gradcheck [--golden DIR] [--op NAME]... [-v]\n";
      return 2;
    }
  }
  // One thread unless OMP_NUM_THREADS says otherwise: every forward here is small (whole inputs
  // are perturbed one element at a time), and a second thread's barriers cost far more than the
  // work, many times over on a loaded machine. The kernels' threaded paths are op_conformance's.
  if (!std::getenv("OMP_NUM_THREADS")) omp_set_num_threads(1);
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(golden))
    if (e.path().extension() == ".json") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  std::map<std::string, Exclusion> kinks, known;
  load_exclusions(fs::path(golden).parent_path() / "gradcheck_kinks.txt", kinks);
  load_exclusions(fs::path(golden).parent_path() / "gradcheck_known_failures.txt", known);
  std::map<std::string, OpCounts> per_op;
  std::map<std::string, std::vector<std::string>> skipped_by_reason;  // reason -> "op #i"
  std::map<std::string, std::vector<std::string>> listed_by_reason;   // "file: reason" -> "op #i"
  std::vector<std::string> failures, excluded_elements;
  int passed = 0, failed = 0, skipped = 0;
  int64_t elements = 0, excluded = 0;
  for (const fs::path& f : files) {
    Json doc = Json::parse(read_file(f));
    const std::string op = doc.at("op").get<std::string>();
    if (!only.empty() && std::find(only.begin(), only.end(), op) == only.end()) continue;
    for (const Json& s : doc.at("samples")) {
      const std::string where = op + " #" + std::to_string(s.at("i").get<int>());
      Outcome r;
      const auto t0 = std::chrono::steady_clock::now();
      try {
        r = check_sample(s);
      } catch (const std::exception& e) {
        r = fail(std::string("harness error: ") + e.what());
      }
      OpCounts& c = per_op[op];
      c.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      Exclusion* listed = nullptr;
      if (auto it = kinks.find(where); it != kinks.end()) listed = &it->second;
      if (auto it = known.find(where); it != known.end()) listed = &it->second;
      if (listed) {
        listed->matched = true;
        const std::string entry = ts::util::str(listed->file, ":", listed->line);
        if (r.kind == Outcome::Pass) {
          r = fail("stale exclusion (" + entry + "): the sample passes now; remove the entry");
        } else if (r.kind == Outcome::Skip) {
          r = fail("stale exclusion (" + entry + "): the sample is not checked anyway (" + r.reason +
                   "); remove the entry");
        } else {
          ++skipped;
          ++c.listed;
          listed_by_reason[listed->file + ": " + listed->reason].push_back(where);
          if (verbose) std::cout << "LISTED " << where << " (" << entry << "): " << r.reason << "\n";
          continue;
        }
      }
      elements += r.elements;
      excluded += static_cast<int64_t>(r.excluded.size());
      for (const std::string& e : r.excluded) excluded_elements.push_back(where + " " + e);
      switch (r.kind) {
        case Outcome::Pass:
          ++c.ok;
          ++passed;
          break;
        case Outcome::Skip:
          ++skipped;
          skipped_by_reason[r.reason].push_back(where);
          break;
        case Outcome::Missing:
          ++c.missing;
          ++skipped;
          skipped_by_reason["no derivative yet"].push_back(where);
          if (c.first_missing.empty()) c.first_missing = where + ": " + r.reason;
          break;
        case Outcome::Fail:
          ++c.bad;
          ++failed;
          failures.push_back("FAIL " + where + ": " + r.reason);
          break;
      }
    }
  }
  for (auto* list : {&kinks, &known})
    for (const auto& [where, e] : *list) {
      const std::string op = where.substr(0, where.find(' '));
      if (e.matched || (!only.empty() && std::find(only.begin(), only.end(), op) == only.end()))
        continue;
      ++failed;
      failures.push_back(ts::util::str("FAIL ", where, ": stale exclusion (", e.file, ":", e.line,
                                       "): no such sample; remove the entry"));
    }
  std::vector<std::string> missing_ops;
  for (const auto& [op, c] : per_op) {
    if (c.missing) missing_ops.push_back(op);
    if (verbose)
      std::cout << "  " << op << ": " << c.ok << " ok, " << c.bad << " wrong, " << c.missing
                << " missing, " << c.listed << " listed, " << c.seconds << " s"
                << (c.first_missing.empty() ? "" : "  (" + c.first_missing + ")") << "\n";
  }
  // Every sample not compared, by reason.
  std::cout << "skipped samples, by reason:\n";
  for (const auto& [reason, where] : skipped_by_reason) {
    std::cout << "  " << where.size() << "  " << reason << ":\n";
    print_grouped(where);
  }
  int listed_count = 0;
  for (const auto& [reason, where] : listed_by_reason) listed_count += static_cast<int>(where.size());
  std::cout << "  " << listed_count << "  listed (" << kinks.size() << " in gradcheck_kinks.txt, "
            << known.size() << " in gradcheck_known_failures.txt; each is compared and must still fail):\n";
  for (const auto& [reason, where] : listed_by_reason) {
    std::cout << "    " << where.size() << "  " << reason << ":\n";
    print_grouped(where);
  }
  std::cout << "elements compared: " << elements << "; left out: " << excluded
            << " (central difference above " << kJump << " where autograd disagrees: a jump or a pole)";
  std::cout << (excluded_elements.empty() ? "\n" : ":\n");
  for (const std::string& e : excluded_elements) std::cout << "    " << e << "\n";
  std::cout << "no derivative yet (" << missing_ops.size() << " ops):";
  for (const auto& op : missing_ops) std::cout << " " << op;
  // Every registry entry that is differentiable but has neither a derivative nor the composite
  // mark nor the mark of ops PyTorch has no derivative for (out= entries never record): what is left to write, samples or not.
  int with = 0, without = 0;
  std::string names;
  for (const ts::ops::OpDef* op : ts::ops::Registry::get().all()) {
    if (!op->differentiable || op->schema.is_out()) continue;
    if (op->derivative || op->composite || op->no_derivative_in_torch) {
      ++with;
    } else {
      ++without;
      if (verbose) names += " " + op->schema.full_name();
    }
  }
  std::cout << "\nregistry: " << with << " differentiable entries with a derivative, composite, or none in PyTorch either, "
            << without << " without" << (verbose ? ":" + names : std::string(" (-v lists them)")) << "\n";
  for (const std::string& f : failures) std::cout << f << "\n";
  std::cout << "op_gradcheck: " << passed << " passed, " << failed << " failed, " << skipped
            << " skipped\n";
  return failed ? 1 : 0;
}
