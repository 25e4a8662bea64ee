// op_gradcheck: checks autograd against finite differences on every conformance sample.
//
//   op_gradcheck [--golden DIR] [--op NAME]... [-v]
//
// Each sample (tests/ops/golden/*.json) whose call succeeds and has floating tensor inputs is
// run in float64 with those inputs requiring grad; the gradient of sum(output * v) (v random)
// from autograd is compared with central differences of the same sum. Per op it reports how
// many samples matched, mismatched, or could not be checked because the op has no derivative
// yet ("missing"). Ends with "op_gradcheck: N passed, N failed, N skipped" where failed counts
// mismatches and skipped counts missing derivatives; exits 1 on a mismatch (a wrong gradient is
// a bug; a missing one raises an error at backward time and is listed, not failed).
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

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

constexpr int kMaxElems = 12;  // finite differences per input (the first elements)
constexpr double kEps = 1e-6;

struct OpCounts {
  int ok = 0, bad = 0, missing = 0;
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

double weighted_sum(const std::vector<Tensor>& outs, const std::vector<Tensor>& vs) {
  double s = 0;
  for (size_t i = 0; i < outs.size(); ++i)
    s += ts::sum(ts::mul(outs[i].to(ts::DType::Float64), vs[i])).item<double>();
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
    const int64_t n = std::min<int64_t>(inputs[k].numel(), kMaxElems);
    for (int64_t i = 0; i < n; ++i) {
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

// "" when the sample is fine or not applicable ("-" prefix), "missing: ..." or a mismatch.
std::string check_sample(const Json& s) {
  if (s.contains("error") || s.contains("seed")) return "-";
  const std::string form = s.at("form").get<std::string>();
  const std::string call = s.at("call").get<std::string>();
  if (form == "out" || form == "inplace" || call.back() == '_') return "-";
  std::vector<Tensor> inputs;
  Stack args;
  ts::ops::Kwargs kwargs;
  for (const Json& a : s.at("args")) args.push_back(lift(ts::conform::decode_value(a), inputs));
  for (const auto& [k, v] : s.at("kwargs").items()) {
    if (k == "out") return "-";
    kwargs.emplace_back(k, lift(ts::conform::decode_value(v), inputs));
  }
  if (inputs.empty()) return "-";
  for (const Tensor& t : inputs)
    if (!finite(t) || (selects_by_value(call) && has_ties(t))) return "-";
  std::vector<Tensor> outs;
  try {
    ts::NoGradGuard off;
    outs = call_outputs(call, args, kwargs);
  } catch (const ts::Error&) {
    return "-";  // float64 inputs where the sample used another dtype can be refused
  }
  if (outs.empty()) return "-";
  for (const Tensor& o : outs)  // float16/32 results make finite differences meaningless
    if (!finite(o) || o.dtype() != ts::DType::Float64) return "-";
  for (Tensor& t : inputs) t.requires_grad_(true);
  std::vector<Tensor> graph_outs;
  try {
    graph_outs = call_outputs(call, args, kwargs);
  } catch (const ts::Error& e) {
    std::string m = e.what();
    // Inputs PyTorch refuses gradients for (nll_loss's weight), and out= forms.
    if (m.find("is not differentiable with respect to argument") != std::string::npos ||
        m.find("functions with out=... arguments") != std::string::npos)
      return "-";
    return "forward with requires_grad raised: " + m;
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
    return differentiable ? "missing: no output requires grad" : "-";
  }
  std::vector<Tensor> grads;
  try {
    grads = ts::autograd::grad({loss}, inputs, {}, std::nullopt, false, true);
  } catch (const ts::Error& e) {
    std::string m = e.what();
    if (m.find("is not implemented") != std::string::npos) return "missing: " + m;
    return "backward raised: " + m;
  }
  if (std::string typed = check_typed_path(call, args, kwargs); !typed.empty()) return typed;
  for (Tensor& t : inputs) t.requires_grad_(false);
  ts::NoGradGuard off;
  const bool symmetric = reads_one_triangle(call, kwargs);
  for (size_t k = 0; k < inputs.size(); ++k) {
    Tensor x = inputs[k];
    double* p = x.data<double>();
    const int64_t n = std::min<int64_t>(x.numel(), kMaxElems);
    Tensor g = grads[k].defined() ? grads[k].contiguous() : ts::zeros_like(x);
    const bool sym = symmetric && k == 0 && x.dim() >= 2 && x.size(-1) == x.size(-2);
    for (int64_t i = 0; i < n; ++i) {
      int64_t j = i;  // the mirror element (i itself unless perturbing symmetrically)
      if (sym) {
        const int64_t cols = x.size(-1), r = (i / cols) % cols, col = i % cols;
        if (r < col) continue;
        j = i - r * cols - col + col * cols + r;
      }
      const double orig = p[i];
      p[i] = orig + kEps;
      if (j != i) p[j] = orig + kEps;
      double up = weighted_sum(call_outputs(call, args, kwargs), vs);
      p[i] = orig - kEps;
      if (j != i) p[j] = orig - kEps;
      double down = weighted_sum(call_outputs(call, args, kwargs), vs);
      p[i] = orig;
      if (j != i) p[j] = orig;
      const double numeric = (up - down) / (2 * kEps);
      if (std::abs(numeric) > 1e4) return "-";  // a jump (round at .5, sort ties): not a slope
      const double analytic = g.data<double>()[i] + (j != i ? g.data<double>()[j] : 0.0);
      if (std::abs(numeric - analytic) > 1e-5 + 1e-4 * std::abs(numeric))
        return ts::util::str("input ", k, " element ", i, ": autograd ", analytic,
                             ", finite differences ", numeric);
    }
  }
  // batch_norm's training-mode samples (the running statistics get no gradient in evaluation).
  if (second_order(call) && args.size() > 5 && args[5].is_bool() && args[5].to_bool()) {
    ts::EnableGradGuard on;
    return check_second_order(call, args, kwargs, inputs, vs);
  }
  return "";
}

std::string read_file(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::ostringstream s;
  s << f.rdbuf();
  return s.str();
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
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(golden))
    if (e.path().extension() == ".json") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  // Samples at points where the op is not differentiable (tests/ops/gradcheck_kinks.txt).
  std::set<std::string> kinks;
  {
    std::ifstream in(fs::path(golden).parent_path() / "gradcheck_kinks.txt");
    std::string line;
    while (std::getline(in, line)) {
      if (line.empty() || line[0] == '#') continue;
      std::istringstream ls(line);
      std::string op, idx;
      ls >> op >> idx;
      kinks.insert(op + " " + idx);
    }
  }
  std::map<std::string, OpCounts> per_op;
  int passed = 0, failed = 0, skipped = 0;
  for (const fs::path& f : files) {
    Json doc = Json::parse(read_file(f));
    const std::string op = doc.at("op").get<std::string>();
    if (!only.empty() && std::find(only.begin(), only.end(), op) == only.end()) continue;
    for (const Json& s : doc.at("samples")) {
      if (kinks.count(op + " #" + std::to_string(s.at("i").get<int>()))) continue;
      std::string r;
      try {
        r = check_sample(s);
      } catch (const std::exception& e) {
        r = std::string("harness error: ") + e.what();
      }
      if (r == "-") continue;
      OpCounts& c = per_op[op];
      const std::string where = op + " #" + std::to_string(s.at("i").get<int>());
      if (r.empty()) {
        ++c.ok;
        ++passed;
      } else if (r.rfind("missing", 0) == 0) {
        ++c.missing;
        ++skipped;
        if (c.first_missing.empty()) c.first_missing = where + ": " + r;
      } else {
        ++c.bad;
        ++failed;
        if (c.first_bad.empty()) c.first_bad = where + ": " + r;
        std::cout << "FAIL " << where << ": " << r << "\n";
      }
    }
  }
  std::vector<std::string> missing_ops;
  for (const auto& [op, c] : per_op) {
    if (c.missing) missing_ops.push_back(op);
    if (verbose)
      std::cout << "  " << op << ": " << c.ok << " ok, " << c.bad << " wrong, " << c.missing
                << " missing" << (c.first_missing.empty() ? "" : "  (" + c.first_missing + ")")
                << "\n";
  }
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
            << without << " without" << (verbose ? ":" + names : std::string(" (-v lists them)"));
  std::cout << "\nop_gradcheck: " << passed << " passed, " << failed << " failed, " << skipped
            << " skipped\n";
  return failed ? 1 : 0;
}
