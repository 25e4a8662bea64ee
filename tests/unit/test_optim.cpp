// The fused optimizer updates (src/ops/optim_updates.cpp): what they refuse, with which message,
// and that a refused call changes nothing. Their values are compared with torch.optim's steps by
// the op conformance samples (tests/ops/samples_optim.py) and, through the optimizers, by the
// parity cases.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "ops/registry.h"
#include "ts.h"

using namespace ts;

namespace {

std::string error_of(void (*f)()) {
  try {
    f();
  } catch (const Error& e) {
    return e.message();
  }
  return "";
}

std::vector<Tensor> params() { return {ones({2, 3}), ones({4}, TensorOptions(DType::Float64))}; }
std::vector<Tensor> like(const std::vector<Tensor>& ps, double v) {
  std::vector<Tensor> r;
  for (const Tensor& p : ps) r.push_back(full_like(p, Scalar(v)));
  return r;
}
Tensor step0() { return zeros(IntArrayRef()); }  // a 0-dim step counter
std::vector<Tensor> steps(size_t n) {
  std::vector<Tensor> r;
  for (size_t i = 0; i < n; ++i) r.push_back(step0());
  return r;
}
double total(const Tensor& t) { return sum(t.to(DType::Float64)).item<double>(); }

}  // namespace

TEST_CASE("optim updates: a list of the wrong length is an error naming it") {
  CHECK(error_of([] {
          auto ps = params();
          optim_sgd_(ps, {ones({2, 3})}, {Tensor(), Tensor()}, 0.1, 0, 0, 0, false, false);
        }) == "_ts_optim_sgd_: expected 2 grads (one per parameter), got 1");
  CHECK(error_of([] {
          auto ps = params();
          optim_adam_(ps, like(ps, 1), steps(1), like(ps, 0), like(ps, 0), {}, 1e-3, 0.9, 0.999, 1e-8, 0, false,
                      false, false);
        }) == "_ts_optim_adam_: expected 2 state_steps (one per parameter), got 1");
}

TEST_CASE("optim updates: tensors they cannot take are errors naming them") {
  CHECK(error_of([] {
          auto ps = params();
          std::vector<Tensor> sq = like(ps, 0);
          sq[1] = zeros({4});  // float32 beside a float64 parameter
          optim_adam_(ps, like(ps, 1), {step0(), step0()}, like(ps, 0), sq, {}, 1e-3, 0.9, 0.999, 1e-8, 0,
                      false, false, false);
        }) == "_ts_optim_adam_: exp_avg_sqs[1] (float32, 4 elements, on cpu) must be a contiguous float32 or "
              "float64 tensor with the dtype, size and device of its parameter (float64, 4 elements, on cpu)");
  CHECK(error_of([] {
          std::vector<Tensor> ps{ones({3, 2})};
          optim_adagrad_(ps, {transpose(ones({2, 3}), 0, 1)}, {step0()}, {zeros({3, 2})}, 0.1, 0, 1e-10, 0, false);
        }) == "_ts_optim_adagrad_: grads[0] (float32, 6 elements, not contiguous, on cpu) must be a contiguous "
              "float32 or float64 tensor with the dtype, size and device of its parameter (float32, 6 elements, "
              "on cpu)");
  CHECK(error_of([] {
          std::vector<Tensor> ps{ones({3}, TensorOptions(DType::Int64))};
          optim_adadelta_(ps, {ones({3}, TensorOptions(DType::Int64))}, {zeros({3})}, {zeros({3})}, 1, 0.9, 1e-6, 0,
                          false);
        }) == "_ts_optim_adadelta_: params[0] (int64, on cpu) must be a contiguous float32 or float64 tensor");
  CHECK(error_of([] {
          std::vector<Tensor> ps{ones({3})};
          optim_radam_(ps, {ones({3})}, {zeros({2})}, {zeros({3})}, {zeros({3})}, 1e-3, 0.9, 0.999, 1e-8, 0);
        }) == "_ts_optim_radam_: state_steps[0] must be a one-element float32 or float64 tensor");
  CHECK(error_of([] {
          std::vector<Tensor> ps{ones({3})};
          optim_rmsprop_(ps, {ones({3})}, {zeros({3})}, {Tensor()}, {}, 1e-2, 0.99, 1e-8, 0, 0, true, false);
        }) == "_ts_optim_rmsprop_: grad_avgs[0] is None");
}

TEST_CASE("optim updates: a refused call changes nothing") {
  std::vector<Tensor> ps = params();
  std::vector<Tensor> avgs = like(ps, 0.5), sqs = like(ps, 0.25);
  std::vector<Tensor> st{step0(), step0()};
  std::vector<Tensor> maxs{zeros({2, 3}), zeros({5}, TensorOptions(DType::Float64))};  // the last is too long
  CHECK_THROWS_AS(optim_adam_(ps, like(ps, 1), st, avgs, sqs, maxs, 1e-3, 0.9, 0.999, 1e-8, 0, true, false, false),
                  Error);
  for (size_t i = 0; i < ps.size(); ++i) {
    CHECK(total(ps[i]) == double(ps[i].numel()));
    CHECK(total(avgs[i]) == 0.5 * double(ps[i].numel()));
    CHECK(total(sqs[i]) == 0.25 * double(ps[i].numel()));
    CHECK(st[i].item<double>() == 0.0);
  }
}

TEST_CASE("optim updates: registered as internal ops without bindings") {
  for (const char* name : {"_ts_optim_sgd_", "_ts_optim_adam_", "_ts_optim_rmsprop_", "_ts_optim_adagrad_",
                           "_ts_optim_adadelta_", "_ts_optim_adamax_", "_ts_optim_nadam_", "_ts_optim_radam_"}) {
    const auto& ovs = ops::Registry::get().overloads(name);
    REQUIRE(ovs.size() == 1);
    CHECK_FALSE(ovs[0]->is_function);
    CHECK_FALSE(ovs[0]->is_method);
    CHECK(optim_fusable(ones({2}), ones({2})));
    CHECK_FALSE(optim_fusable(ones({2}, TensorOptions(DType::Float16)), ones({2}, TensorOptions(DType::Float16))));
  }
}
