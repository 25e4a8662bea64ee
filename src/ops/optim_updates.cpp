// torch.optim's fused updates (ops/api_optim.h): the argument checks, the state a step creates
// (SGD's momentum buffers), the version counters, and one kernel call per parameter through the
// optimizer's stub (kernels/cpu/optim_updates.cpp holds the CPU loops and says how they match
// the op-by-op path bit for bit).
#include <initializer_list>
#include <vector>

#include "ops/api_core.h"
#include "ops/api_optim.h"
#include "ops/registry.h"
#include "stubs/optim.h"

namespace ts {

TS_DEFINE_STUB(optim_sgd_stub);
TS_DEFINE_STUB(optim_adam_stub);
TS_DEFINE_STUB(optim_rmsprop_stub);
TS_DEFINE_STUB(optim_adagrad_stub);
TS_DEFINE_STUB(optim_adadelta_stub);
TS_DEFINE_STUB(optim_adamax_stub);
TS_DEFINE_STUB(optim_nadam_stub);
TS_DEFINE_STUB(optim_radam_stub);

namespace {

// Every fused update has a kernel for `d` (a backend fills all of them).
bool has_kernels(DeviceType d) {
  return optim_sgd_stub.has(d) && optim_adam_stub.has(d) && optim_rmsprop_stub.has(d) &&
         optim_adagrad_stub.has(d) && optim_adadelta_stub.has(d) && optim_adamax_stub.has(d) &&
         optim_nadam_stub.has(d) && optim_radam_stub.has(d);
}

bool float_dtype(DType d) { return d == DType::Float32 || d == DType::Float64; }

// The checks every op makes before changing anything, with the op's name in each message.
struct Checker {
  const char* op;
  const std::vector<Tensor>& params;

  void count(const char* what, const std::vector<Tensor>& l) const {
    TS_CHECK(l.size() == params.size(), op, ": expected ", params.size(), " ", what,
             " (one per parameter), got ", l.size());
  }
  // Each of `l` defined and fusable with its parameter (undefined ones allowed when `optional`).
  void tensors(const char* what, const std::vector<Tensor>& l, bool optional = false) const {
    count(what, l);
    for (size_t i = 0; i < l.size(); ++i) {
      if (optional && !l[i].defined()) continue;
      TS_CHECK(l[i].defined(), op, ": ", what, "[", i, "] is None");
      TS_CHECK(optim_fusable(l[i], params[i]), op, ": ", what, "[", i, "] (", dtype_name(l[i].dtype()), ", ",
               l[i].numel(), " elements", l[i].is_contiguous() ? "" : ", not contiguous", ", on ",
               l[i].device().str(), ") must be a contiguous float32 or float64 tensor with the dtype, size "
               "and device of its parameter (", dtype_name(params[i].dtype()), ", ", params[i].numel(),
               " elements, on ", params[i].device().str(), ")");
    }
  }
  void steps(const char* what, const std::vector<Tensor>& l) const {
    count(what, l);
    for (size_t i = 0; i < l.size(); ++i)
      TS_CHECK(l[i].defined() && optim_step_fusable(l[i]), op, ": ", what, "[", i,
               "] must be a one-element float32 or float64 tensor");
  }
  // The parameters themselves, then their gradients.
  void params_and_grads(const std::vector<Tensor>& grads) const {
    for (size_t i = 0; i < params.size(); ++i) {
      TS_CHECK(params[i].defined(), op, ": params[", i, "] is None");
      TS_CHECK(float_dtype(params[i].dtype()) && params[i].is_contiguous() && has_kernels(params[i].device().type),
               op, ": params[", i, "] (", dtype_name(params[i].dtype()), params[i].is_contiguous() ? "" : ", not contiguous",
               ", on ", params[i].device().str(), ") must be a contiguous float32 or float64 tensor");
    }
    tensors("grads", grads);
  }
};

// A list whose unused entries may be missing: the given one, or n undefined tensors when empty.
std::vector<Tensor> or_undefined(const std::vector<Tensor>& l, size_t n) {
  return l.empty() ? std::vector<Tensor>(n) : l;
}

void bump(std::initializer_list<const Tensor*> tensors) {
  for (const Tensor* t : tensors)
    if (t->defined()) t->bump_version();
}

}  // namespace

bool optim_fusable(const Tensor& t, const Tensor& param) {
  return t.defined() && t.is_contiguous() && t.dtype() == param.dtype() && t.numel() == param.numel() &&
         t.device() == param.device() && float_dtype(param.dtype()) && has_kernels(param.device().type);
}

bool optim_step_fusable(const Tensor& t) {
  return t.defined() && t.numel() == 1 && float_dtype(t.dtype()) && has_kernels(t.device().type);
}

std::vector<Tensor> optim_sgd_(const std::vector<Tensor>& params, const std::vector<Tensor>& grads,
                               const std::vector<Tensor>& momentum_buffers, double lr, double momentum,
                               double dampening, double weight_decay, bool nesterov, bool maximize) {
  const Checker c{"_ts_optim_sgd_", params};
  c.params_and_grads(grads);
  c.tensors("momentum_buffers", momentum_buffers, true);
  std::vector<Tensor> out;
  out.reserve(params.size());
  for (size_t i = 0; i < params.size(); ++i) {
    Tensor buf = momentum_buffers[i];
    const bool fresh = momentum != 0 && !buf.defined();
    if (fresh) buf = clone(grads[i]);  // torch.clone(d_p): the kernel writes the update's d_p into it
    optim_sgd_stub(params[i].device().type, params[i], grads[i], momentum != 0 ? buf : Tensor(), fresh, lr,
                   momentum, dampening, weight_decay, nesterov, maximize);
    params[i].bump_version();
    if (momentum != 0 && !fresh) buf.bump_version();
    out.push_back(buf);  // without momentum a buffer stays as it is
  }
  return out;
}

void optim_adam_(const std::vector<Tensor>& params, const std::vector<Tensor>& grads,
                 const std::vector<Tensor>& state_steps, const std::vector<Tensor>& exp_avgs,
                 const std::vector<Tensor>& exp_avg_sqs, const std::vector<Tensor>& max_exp_avg_sqs, double lr,
                 double beta1, double beta2, double eps, double weight_decay, bool amsgrad, bool maximize,
                 bool decoupled) {
  const Checker c{"_ts_optim_adam_", params};
  c.params_and_grads(grads);
  c.steps("state_steps", state_steps);
  c.tensors("exp_avgs", exp_avgs);
  c.tensors("exp_avg_sqs", exp_avg_sqs);
  if (amsgrad) c.tensors("max_exp_avg_sqs", max_exp_avg_sqs);
  for (size_t i = 0; i < params.size(); ++i) {
    const Tensor mx = amsgrad ? max_exp_avg_sqs[i] : Tensor();
    optim_adam_stub(params[i].device().type, params[i], grads[i], state_steps[i], exp_avgs[i], exp_avg_sqs[i], mx,
                    lr, beta1, beta2, eps, weight_decay, maximize, decoupled);
    bump({&state_steps[i], &params[i], &exp_avgs[i], &exp_avg_sqs[i], &mx});
  }
}

void optim_rmsprop_(const std::vector<Tensor>& params, const std::vector<Tensor>& grads,
                    const std::vector<Tensor>& square_avgs, const std::vector<Tensor>& grad_avgs,
                    const std::vector<Tensor>& momentum_buffers, double lr, double alpha, double eps,
                    double weight_decay, double momentum, bool centered, bool maximize) {
  const Checker c{"_ts_optim_rmsprop_", params};
  c.params_and_grads(grads);
  c.tensors("square_avgs", square_avgs);
  const std::vector<Tensor> avgs = or_undefined(grad_avgs, params.size());
  const std::vector<Tensor> bufs = or_undefined(momentum_buffers, params.size());
  if (centered) c.tensors("grad_avgs", avgs);
  if (momentum > 0) c.tensors("momentum_buffers", bufs);
  for (size_t i = 0; i < params.size(); ++i) {
    const Tensor ga = centered ? avgs[i] : Tensor(), buf = momentum > 0 ? bufs[i] : Tensor();
    optim_rmsprop_stub(params[i].device().type, params[i], grads[i], square_avgs[i], ga, buf, lr, alpha, eps,
                       weight_decay, momentum, maximize);
    bump({&params[i], &square_avgs[i], &ga, &buf});
  }
}

void optim_adagrad_(const std::vector<Tensor>& params, const std::vector<Tensor>& grads,
                    const std::vector<Tensor>& state_steps, const std::vector<Tensor>& state_sums, double lr,
                    double lr_decay, double eps, double weight_decay, bool maximize) {
  const Checker c{"_ts_optim_adagrad_", params};
  c.params_and_grads(grads);
  c.steps("state_steps", state_steps);
  c.tensors("state_sums", state_sums);
  for (size_t i = 0; i < params.size(); ++i) {
    optim_adagrad_stub(params[i].device().type, params[i], grads[i], state_steps[i], state_sums[i], lr, lr_decay,
                       eps, weight_decay, maximize);
    bump({&state_steps[i], &params[i], &state_sums[i]});
  }
}

void optim_adadelta_(const std::vector<Tensor>& params, const std::vector<Tensor>& grads,
                     const std::vector<Tensor>& square_avgs, const std::vector<Tensor>& acc_deltas, double lr,
                     double rho, double eps, double weight_decay, bool maximize) {
  const Checker c{"_ts_optim_adadelta_", params};
  c.params_and_grads(grads);
  c.tensors("square_avgs", square_avgs);
  c.tensors("acc_deltas", acc_deltas);
  for (size_t i = 0; i < params.size(); ++i) {
    optim_adadelta_stub(params[i].device().type, params[i], grads[i], square_avgs[i], acc_deltas[i], lr, rho, eps,
                        weight_decay, maximize);
    bump({&params[i], &square_avgs[i], &acc_deltas[i]});
  }
}

void optim_adamax_(const std::vector<Tensor>& params, const std::vector<Tensor>& grads,
                   const std::vector<Tensor>& state_steps, const std::vector<Tensor>& exp_avgs,
                   const std::vector<Tensor>& exp_infs, double lr, double beta1, double beta2, double eps,
                   double weight_decay, bool maximize) {
  const Checker c{"_ts_optim_adamax_", params};
  c.params_and_grads(grads);
  c.steps("state_steps", state_steps);
  c.tensors("exp_avgs", exp_avgs);
  c.tensors("exp_infs", exp_infs);
  for (size_t i = 0; i < params.size(); ++i) {
    optim_adamax_stub(params[i].device().type, params[i], grads[i], state_steps[i], exp_avgs[i], exp_infs[i], lr,
                      beta1, beta2, eps, weight_decay, maximize);
    bump({&state_steps[i], &params[i], &exp_avgs[i], &exp_infs[i]});
  }
}

void optim_nadam_(const std::vector<Tensor>& params, const std::vector<Tensor>& grads,
                  const std::vector<Tensor>& state_steps, const std::vector<Tensor>& mu_products,
                  const std::vector<Tensor>& exp_avgs, const std::vector<Tensor>& exp_avg_sqs, double lr,
                  double beta1, double beta2, double eps, double weight_decay, double momentum_decay) {
  const Checker c{"_ts_optim_nadam_", params};
  c.params_and_grads(grads);
  c.steps("state_steps", state_steps);
  c.steps("mu_products", mu_products);
  c.tensors("exp_avgs", exp_avgs);
  c.tensors("exp_avg_sqs", exp_avg_sqs);
  for (size_t i = 0; i < params.size(); ++i) {
    optim_nadam_stub(params[i].device().type, params[i], grads[i], state_steps[i], mu_products[i], exp_avgs[i],
                     exp_avg_sqs[i], lr, beta1, beta2, eps, weight_decay, momentum_decay);
    bump({&state_steps[i], &mu_products[i], &params[i], &exp_avgs[i], &exp_avg_sqs[i]});
  }
}

void optim_radam_(const std::vector<Tensor>& params, const std::vector<Tensor>& grads,
                  const std::vector<Tensor>& state_steps, const std::vector<Tensor>& exp_avgs,
                  const std::vector<Tensor>& exp_avg_sqs, double lr, double beta1, double beta2, double eps,
                  double weight_decay) {
  const Checker c{"_ts_optim_radam_", params};
  c.params_and_grads(grads);
  c.steps("state_steps", state_steps);
  c.tensors("exp_avgs", exp_avgs);
  c.tensors("exp_avg_sqs", exp_avg_sqs);
  for (size_t i = 0; i < params.size(); ++i) {
    optim_radam_stub(params[i].device().type, params[i], grads[i], state_steps[i], exp_avgs[i], exp_avg_sqs[i], lr,
                     beta1, beta2, eps, weight_decay);
    bump({&state_steps[i], &params[i], &exp_avgs[i], &exp_avg_sqs[i]});
  }
}

namespace {

// A Tensor?[] argument: None entries undefined.
std::vector<Tensor> maybe_tensors(const IValue& v) {
  std::vector<Tensor> r;
  for (const IValue& x : v.items()) r.push_back(x.is_none() ? Tensor() : x.to_tensor());
  return r;
}

}  // namespace

// The schemas follow PyTorch's `_fused_adam_`: lists of tensors, then keyword-only
// hyperparameters. Internal ops: no torch.* or Tensor.* binding (variants ""), no derivative.
TS_REGISTER_OPS(optim_updates) {
  r.def("_ts_optim_sgd_(Tensor(a!)[] params, Tensor[] grads, Tensor(b!)?[] momentum_buffers, *, float lr, "
        "float momentum, float dampening, float weight_decay, bool nesterov, bool maximize) -> Tensor?[]",
        [](Stack& s) {
          std::vector<Tensor> bufs =
              optim_sgd_(s[0].to_tensor_list(), s[1].to_tensor_list(), maybe_tensors(s[2]), s[3].to_double(),
                         s[4].to_double(), s[5].to_double(), s[6].to_double(), s[7].to_bool(), s[8].to_bool());
          std::vector<IValue> out;
          for (const Tensor& b : bufs) out.push_back(b.defined() ? IValue(b) : IValue());
          s.clear();
          s.push_back(IValue::list(std::move(out)));
        })
      .variants("")
      .not_differentiable();
  r.def("_ts_optim_adam_(Tensor(a!)[] params, Tensor[] grads, Tensor(b!)[] state_steps, Tensor(c!)[] exp_avgs, "
        "Tensor(d!)[] exp_avg_sqs, Tensor(e!)?[] max_exp_avg_sqs, *, float lr, float beta1, float beta2, "
        "float eps, float weight_decay, bool amsgrad, bool maximize, bool decoupled) -> ()",
        [](Stack& s) {
          optim_adam_(s[0].to_tensor_list(), s[1].to_tensor_list(), s[2].to_tensor_list(), s[3].to_tensor_list(),
                      s[4].to_tensor_list(), maybe_tensors(s[5]), s[6].to_double(), s[7].to_double(),
                      s[8].to_double(), s[9].to_double(), s[10].to_double(), s[11].to_bool(), s[12].to_bool(),
                      s[13].to_bool());
          s.clear();
        })
      .variants("")
      .not_differentiable();
  r.def("_ts_optim_rmsprop_(Tensor(a!)[] params, Tensor[] grads, Tensor(b!)[] square_avgs, "
        "Tensor(c!)?[] grad_avgs, Tensor(d!)?[] momentum_buffers, *, float lr, float alpha, float eps, "
        "float weight_decay, float momentum, bool centered, bool maximize) -> ()",
        [](Stack& s) {
          optim_rmsprop_(s[0].to_tensor_list(), s[1].to_tensor_list(), s[2].to_tensor_list(), maybe_tensors(s[3]),
                         maybe_tensors(s[4]), s[5].to_double(), s[6].to_double(), s[7].to_double(),
                         s[8].to_double(), s[9].to_double(), s[10].to_bool(), s[11].to_bool());
          s.clear();
        })
      .variants("")
      .not_differentiable();
  r.def<&optim_adagrad_>("_ts_optim_adagrad_(Tensor(a!)[] params, Tensor[] grads, Tensor(b!)[] state_steps, "
                         "Tensor(c!)[] state_sums, *, float lr, float lr_decay, float eps, float weight_decay, "
                         "bool maximize) -> ()")
      .variants("")
      .not_differentiable();
  r.def<&optim_adadelta_>("_ts_optim_adadelta_(Tensor(a!)[] params, Tensor[] grads, Tensor(b!)[] square_avgs, "
                          "Tensor(c!)[] acc_deltas, *, float lr, float rho, float eps, float weight_decay, "
                          "bool maximize) -> ()")
      .variants("")
      .not_differentiable();
  r.def<&optim_adamax_>("_ts_optim_adamax_(Tensor(a!)[] params, Tensor[] grads, Tensor(b!)[] state_steps, "
                        "Tensor(c!)[] exp_avgs, Tensor(d!)[] exp_infs, *, float lr, float beta1, float beta2, "
                        "float eps, float weight_decay, bool maximize) -> ()")
      .variants("")
      .not_differentiable();
  r.def<&optim_nadam_>("_ts_optim_nadam_(Tensor(a!)[] params, Tensor[] grads, Tensor(b!)[] state_steps, "
                       "Tensor(c!)[] mu_products, Tensor(d!)[] exp_avgs, Tensor(e!)[] exp_avg_sqs, *, float lr, "
                       "float beta1, float beta2, float eps, float weight_decay, float momentum_decay) -> ()")
      .variants("")
      .not_differentiable();
  r.def<&optim_radam_>("_ts_optim_radam_(Tensor(a!)[] params, Tensor[] grads, Tensor(b!)[] state_steps, "
                       "Tensor(c!)[] exp_avgs, Tensor(d!)[] exp_avg_sqs, *, float lr, float beta1, float beta2, "
                       "float eps, float weight_decay) -> ()")
      .variants("")
      .not_differentiable();
}

}  // namespace ts
