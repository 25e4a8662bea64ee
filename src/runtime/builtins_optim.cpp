// The `_ts.optim_*` builtins behind torch.optim's fused updates (stdlib/torch/optim/__init__.ts):
// one call per parameter group and step, each running the optimizer's registry op
// (src/ops/optim_updates.cpp, ops/api_optim.h), whose results equal the op-by-op path bit for bit.
//
// A builtin returns None, and changes nothing, when a hyperparameter is not a Python number (a
// tensor learning rate, for one) or when the op refuses a tensor (not a contiguous float32/float64
// tensor of its parameter's dtype and size, on a device with the updates' kernels; the op checks
// every tensor before changing any); the stdlib then runs the op-by-op path.
#include <vector>

#include "ops/api_optim.h"
#include "runtime/builtins.h"
#include "runtime/builtins_data.h"

namespace ts::runtime {

namespace {

double num(const IValue& v) { return v.is_bool() ? double(v.to_bool()) : v.to_double(); }
bool flag(const IValue& v) { return v.is_bool() ? v.to_bool() : num(v) != 0; }
// The hyperparameters a[first..last) are Python numbers and flags.
bool numbers(const Args& a, size_t first, size_t last) {
  if (a.size() < last) return false;
  for (size_t i = first; i < last; ++i)
    if (!a[i].is_number()) return false;
  return true;
}

// A list of tensors (None entries undefined), or nullopt when an entry is neither.
bool tensors(const IValue& v, std::vector<Tensor>& out) {
  if (!v.is_list() && !v.is_tuple()) return false;
  for (const IValue& x : v.items()) {
    if (x.is_none()) out.emplace_back();
    else if (x.is_tensor()) out.push_back(x.to_tensor());
    else return false;
  }
  return true;
}
// The tensor lists a[0..n).
bool tensor_lists(const Args& a, size_t n, std::vector<std::vector<Tensor>>& out) {
  out.resize(n);
  for (size_t i = 0; i < n; ++i)
    if (a.size() <= i || !tensors(a[i], out[i])) return false;
  return true;
}

// Runs the update; None when the op refused the tensors (it changed nothing then).
template <typename F>
IValue fused(F update) {
  try {
    return update();
  } catch (const Error&) {
    return IValue();
  }
}

// _ts.optim_sgd(params, grads, momentum_buffers, lr, momentum, dampening, weight_decay, nesterov,
// maximize): the momentum buffers after the step (the given ones without momentum), or None.
IValue optim_sgd(Interp&, Args& a, const Kw&) {
  std::vector<std::vector<Tensor>> l;
  if (!numbers(a, 3, 9) || !tensor_lists(a, 3, l)) return IValue();
  return fused([&] {
    std::vector<IValue> out;
    for (const Tensor& b : optim_sgd_(l[0], l[1], l[2], num(a[3]), num(a[4]), num(a[5]), num(a[6]), flag(a[7]),
                                      flag(a[8])))
      out.push_back(b.defined() ? IValue(b) : IValue());
    return IValue::list(std::move(out));
  });
}

// _ts.optim_adam(params, grads, steps, exp_avgs, exp_avg_sqs, max_exp_avg_sqs, lr, beta1, beta2,
// eps, weight_decay, amsgrad, maximize, decoupled): True after the step, or None.
IValue optim_adam(Interp&, Args& a, const Kw&) {
  std::vector<std::vector<Tensor>> l;
  if (!numbers(a, 6, 14) || !tensor_lists(a, 6, l)) return IValue();
  return fused([&] {
    optim_adam_(l[0], l[1], l[2], l[3], l[4], l[5], num(a[6]), num(a[7]), num(a[8]), num(a[9]), num(a[10]),
                flag(a[11]), flag(a[12]), flag(a[13]));
    return IValue(true);
  });
}

// The remaining ones return True after the step, or None.
// _ts.optim_rmsprop(params, grads, square_avgs, grad_avgs, momentum_buffers, lr, alpha, eps,
// weight_decay, momentum, centered, maximize).
IValue optim_rmsprop(Interp&, Args& a, const Kw&) {
  std::vector<std::vector<Tensor>> l;
  if (!numbers(a, 5, 12) || !tensor_lists(a, 5, l)) return IValue();
  return fused([&] {
    optim_rmsprop_(l[0], l[1], l[2], l[3], l[4], num(a[5]), num(a[6]), num(a[7]), num(a[8]), num(a[9]),
                   flag(a[10]), flag(a[11]));
    return IValue(true);
  });
}

// _ts.optim_adagrad(params, grads, steps, sums, lr, lr_decay, eps, weight_decay, maximize).
IValue optim_adagrad(Interp&, Args& a, const Kw&) {
  std::vector<std::vector<Tensor>> l;
  if (!numbers(a, 4, 9) || !tensor_lists(a, 4, l)) return IValue();
  return fused([&] {
    optim_adagrad_(l[0], l[1], l[2], l[3], num(a[4]), num(a[5]), num(a[6]), num(a[7]), flag(a[8]));
    return IValue(true);
  });
}

// _ts.optim_adadelta(params, grads, square_avgs, acc_deltas, lr, rho, eps, weight_decay, maximize).
IValue optim_adadelta(Interp&, Args& a, const Kw&) {
  std::vector<std::vector<Tensor>> l;
  if (!numbers(a, 4, 9) || !tensor_lists(a, 4, l)) return IValue();
  return fused([&] {
    optim_adadelta_(l[0], l[1], l[2], l[3], num(a[4]), num(a[5]), num(a[6]), num(a[7]), flag(a[8]));
    return IValue(true);
  });
}

// _ts.optim_adamax(params, grads, steps, exp_avgs, exp_infs, lr, beta1, beta2, eps, weight_decay,
// maximize).
IValue optim_adamax(Interp&, Args& a, const Kw&) {
  std::vector<std::vector<Tensor>> l;
  if (!numbers(a, 5, 11) || !tensor_lists(a, 5, l)) return IValue();
  return fused([&] {
    optim_adamax_(l[0], l[1], l[2], l[3], l[4], num(a[5]), num(a[6]), num(a[7]), num(a[8]), num(a[9]),
                  flag(a[10]));
    return IValue(true);
  });
}

// _ts.optim_nadam(params, grads, steps, mu_products, exp_avgs, exp_avg_sqs, lr, beta1, beta2, eps,
// weight_decay, momentum_decay).
IValue optim_nadam(Interp&, Args& a, const Kw&) {
  std::vector<std::vector<Tensor>> l;
  if (!numbers(a, 6, 12) || !tensor_lists(a, 6, l)) return IValue();
  return fused([&] {
    optim_nadam_(l[0], l[1], l[2], l[3], l[4], l[5], num(a[6]), num(a[7]), num(a[8]), num(a[9]), num(a[10]),
                 num(a[11]));
    return IValue(true);
  });
}

// _ts.optim_radam(params, grads, steps, exp_avgs, exp_avg_sqs, lr, beta1, beta2, eps, weight_decay).
IValue optim_radam(Interp&, Args& a, const Kw&) {
  std::vector<std::vector<Tensor>> l;
  if (!numbers(a, 5, 10) || !tensor_lists(a, 5, l)) return IValue();
  return fused([&] {
    optim_radam_(l[0], l[1], l[2], l[3], l[4], num(a[5]), num(a[6]), num(a[7]), num(a[8]), num(a[9]));
    return IValue(true);
  });
}

}  // namespace

void add_optim_builtins(std::map<std::string, BuiltinFn>& table) {
  table["_ts.optim_sgd"] = optim_sgd;
  table["_ts.optim_adam"] = optim_adam;
  table["_ts.optim_rmsprop"] = optim_rmsprop;
  table["_ts.optim_adagrad"] = optim_adagrad;
  table["_ts.optim_adadelta"] = optim_adadelta;
  table["_ts.optim_adamax"] = optim_adamax;
  table["_ts.optim_nadam"] = optim_nadam;
  table["_ts.optim_radam"] = optim_radam;
}

}  // namespace ts::runtime
