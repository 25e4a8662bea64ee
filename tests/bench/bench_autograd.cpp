// Autograd speed (issue 4): a chain of 1000 pointwise ops on 5-element tensors (forward+backward,
// microseconds per node) and forward+backward of a 3-layer MLP (64x1000 -> 100 -> 10).
// tools/bench_autograd runs this and the same cases under PyTorch.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

#include "ts.h"

using namespace ts;

template <typename F>
double best_of(int reps, F&& f) {
  double best = 1e30;
  for (int r = 0; r < reps; ++r) {
    auto t0 = std::chrono::steady_clock::now();
    f();
    auto t1 = std::chrono::steady_clock::now();
    best = std::min(best, std::chrono::duration<double, std::micro>(t1 - t0).count());
  }
  return best;
}

int main() {
  Tensor x = ones({5}).requires_grad_();
  const int n = 1000;
  double chain = best_of(20, [&] {
    Tensor y = x;
    for (int i = 0; i < n; ++i) y = (i % 2) ? mul(y, scalar_to_tensor(1.0001)) : add(y, scalar_to_tensor(0.001));
    sum(y).backward();
  });
  std::printf("chain_1000_us_per_node %.3f\n", chain / n);

  manual_seed(0);
  Tensor in = randn({64, 1000});
  Tensor w1 = randn({100, 1000}).requires_grad_(), b1 = randn({100}).requires_grad_();
  Tensor w2 = randn({100, 100}).requires_grad_(), b2 = randn({100}).requires_grad_();
  Tensor w3 = randn({10, 100}).requires_grad_(), b3 = randn({10}).requires_grad_();
  double mlp = best_of(50, [&] {
    Tensor h = relu(linear(in, w1, b1));
    h = relu(linear(h, w2, b2));
    Tensor out = linear(h, w3, b3);
    sum(out).backward();
  });
  std::printf("mlp_fwd_bwd_us %.1f\n", mlp);
}
