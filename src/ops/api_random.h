// Random sampling: rand, randn, randint, randperm, the *_like variants and the in-place
// samplers (uniform_, normal_, bernoulli_, random_, exponential_). Every op draws from `gen`, or
// from the default CPU generator when it is null, and reproduces PyTorch 1.13's CPU streams bit
// for bit.
#pragma once

#include <optional>

#include "tensor/random.h"
#include "tensor/tensor.h"

namespace ts {

// Creation. An unset dtype means the default float dtype (int64 for randint and randperm).
Tensor rand(IntArrayRef size, TensorOptions options = {}, Generator* gen = nullptr);
Tensor randn(IntArrayRef size, TensorOptions options = {}, Generator* gen = nullptr);
Tensor randint(int64_t high, IntArrayRef size, TensorOptions options = {}, Generator* gen = nullptr);
Tensor randint(int64_t low, int64_t high, IntArrayRef size, TensorOptions options = {},
               Generator* gen = nullptr);
Tensor randperm(int64_t n, TensorOptions options = {}, Generator* gen = nullptr);
// The _like variants: `self`'s shape, and its dtype and device unless `options` sets them.
Tensor rand_like(const Tensor& self, TensorOptions options = {});
Tensor randn_like(const Tensor& self, TensorOptions options = {});
Tensor randint_like(const Tensor& self, int64_t high, TensorOptions options = {});
Tensor randint_like(const Tensor& self, int64_t low, int64_t high, TensorOptions options = {});

// In-place samplers; each returns `self` and bumps its version counter.
Tensor uniform_(const Tensor& self, double from = 0.0, double to = 1.0, Generator* gen = nullptr);
Tensor normal_(const Tensor& self, double mean = 0.0, double std = 1.0, Generator* gen = nullptr);
Tensor bernoulli_(const Tensor& self, double p);
Tensor bernoulli_(const Tensor& self, double p, Generator* gen);
// `p` broadcasts to `self`; float32 and float64 probabilities, as PyTorch 1.13 on the CPU.
Tensor bernoulli_(const Tensor& self, const Tensor& p, Generator* gen = nullptr);
// torch.bernoulli(input): a new tensor of 0s and 1s with probabilities `self`.
Tensor bernoulli(const Tensor& self, Generator* gen = nullptr);
// torch.bernoulli(input, p): self's shape (contiguous), filled with draws of probability p.
Tensor bernoulli(const Tensor& self, double p, Generator* gen = nullptr);
// torch.bernoulli(input, out=out): out resized to input's shape, then out.bernoulli_(input).
Tensor bernoulli_out(const Tensor& self, Generator* gen, const Tensor& out);
// torch.normal: mean and/or std as tensors (broadcast), or both numbers with a size.
Tensor normal(const Tensor& mean, double std = 1.0, Generator* gen = nullptr);
Tensor normal(double mean, const Tensor& std, Generator* gen = nullptr);
Tensor normal(const Tensor& mean, const Tensor& std, Generator* gen = nullptr);
Tensor normal(double mean, double std, IntArrayRef size, Generator* gen = nullptr, TensorOptions options = {});
// torch.multinomial over the last dim of a 1-d or 2-d tensor of (unnormalized) probabilities.
Tensor multinomial(const Tensor& self, int64_t n_sample, bool replacement = false, Generator* gen = nullptr);
Tensor multinomial_out(const Tensor& self, int64_t n_sample, bool replacement, Generator* gen, const Tensor& out);
// random_(): integers over the dtype's whole range ([0, 2^mantissa] for floating types).
Tensor random_(const Tensor& self, Generator* gen = nullptr);
// random_(to): [0, to).
Tensor random_(const Tensor& self, int64_t to, Generator* gen = nullptr);
// random_(from, to): [from, to); to = None means up to the dtype's largest value.
Tensor random_(const Tensor& self, int64_t from, std::optional<int64_t> to, Generator* gen = nullptr);

// exponential_ / exponential (ops/exponential.cpp).
Tensor exponential_(const Tensor& self, double lambd = 1.0, Generator* gen = nullptr);
Tensor exponential(const Tensor& self, double lambd = 1.0, Generator* gen = nullptr);

}  // namespace ts
