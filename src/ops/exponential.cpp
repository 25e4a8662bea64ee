// exponential_ and exponential: the draws of PyTorch 1.13's CPU kernel (DistributionTemplates.h)
// from `gen` or the default generator, in the order its TensorIterator visits the tensor.
#include <algorithm>
#include <cmath>

#include "ops/api_random.h"
#include "ops/linalg_nn_util.h"
#include "ops/ops.h"
#include "ops/registry.h"
#include "tensor/grad_mode.h"

namespace ts {

using namespace lnn;

namespace {

// A tensor of `like`'s sizes over `flat`'s storage with strides in `like`'s dim order (dense
// `like`), or row-major otherwise: what empty_like's preserve_format gives.
Tensor permute_like(const Tensor& flat, const Tensor& like) {
  DimVector perm;
  for (int64_t d = 0; d < like.dim(); ++d) perm.push_back(d);
  std::stable_sort(perm.begin(), perm.end(), [&](int64_t a, int64_t b) { return like.stride(a) > like.stride(b); });
  // Dense and non-overlapping: the sorted strides are the contiguous strides of the permuted sizes.
  DimVector psize;
  for (int64_t d : perm) psize.push_back(like.size(d));
  DimVector pst = contiguous_strides(psize);
  bool dense = true;
  for (size_t i = 0; i < perm.size(); ++i)
    dense = dense && (like.size(perm[i]) == 1 || like.stride(perm[i]) == pst[i]);
  if (!dense) return make_view(flat, DimVector(like.sizes()), contiguous_strides(like.sizes()), flat.storage_offset());
  DimVector st(size_t(like.dim()));
  for (size_t i = 0; i < perm.size(); ++i) st[size_t(perm[i])] = pst[i];
  return make_view(flat, DimVector(like.sizes()), st, flat.storage_offset());
}

// Fills `t` with exponential draws in the order PyTorch's TensorIterator visits it: by
// descending stride (memory order for permuted dense tensors, row-major otherwise).
void fill_exponential(const Tensor& t, double lambd, Generator* gen) {
  DimVector perm;
  for (int64_t d = 0; d < t.dim(); ++d) perm.push_back(d);
  std::stable_sort(perm.begin(), perm.end(), [&](int64_t a, int64_t b) { return t.stride(a) > t.stride(b); });
  DimVector shape;
  for (int64_t d : perm) shape.push_back(t.size(d));
  // One random64 per element, u = low 53 bits * 2^-53, value -1/lambda * log(1 - u) in double
  // (DistributionTemplates.h, the CPU path of a build without MKL).
  Tensor vals = empty(shape, TensorOptions(DType::Float64));
  {
    Generator::Lock lock(generator_or_default(gen));
    double* p = vals.data<double>();
    for (int64_t i = 0; i < vals.numel(); ++i) {
      const double u = double(lock.random64() & ((uint64_t(1) << 53) - 1)) * (1.0 / double(uint64_t(1) << 53));
      p[i] = -1.0 / lambd * std::log(1.0 - u);
    }
  }
  GradModeGuard no_grad(false);
  copy_(permute(t, perm), vals);
}

}  // namespace

Tensor exponential_(const Tensor& self, double lambd, Generator* gen) {
  TS_CHECK(lambd >= 0.0, "exponential_ expects lambda >= 0.0, but found lambda=", lambd);
  const DType t = self.dtype();
  if (!is_floating(t)) not_implemented("exponential_cpu", t);
  fill_exponential(self, lambd, gen);
  return self;
}

Tensor exponential(const Tensor& self, double lambd, Generator* gen) {
  TS_CHECK(lambd >= 0.0, "exponential_ expects lambda >= 0.0, but found lambda=", lambd);
  if (!is_floating(self.dtype())) not_implemented("exponential_cpu", self.dtype());
  // empty_like keeps a dense tensor's strides, so the draws land in its memory order.
  Tensor out = empty({self.numel()}, options_of(self));
  Tensor shaped = permute_like(out, self);
  fill_exponential(shaped, lambd, gen);
  return shaped;
}

namespace {
Tensor b_exponential_(const Tensor& self, double lambd, Generator* g) { return exponential_(self, lambd, g); }
Tensor b_exponential(const Tensor& self, double lambd, Generator* g) { return exponential(self, lambd, g); }
}  // namespace

TS_REGISTER_OPS(exponential) {
  r.def<&b_exponential_>("exponential_(Tensor(a!) self, float lambd=1., *, Generator? generator=None) -> Tensor(a!)").not_differentiable().variants("method");
  r.def<&b_exponential>("exponential(Tensor self, float lambd=1., *, Generator? generator=None) -> Tensor").not_differentiable().variants("method");
}

}  // namespace ts
