// Scaled dot-product attention: PyTorch 1.13's _scaled_dot_product_attention (attention.cpp) and
// PyTorch 2.x's F.scaled_dot_product_attention, composites of differentiable ops
// (softmax(q k^T * scale + mask) v, with dropout on the weights).
#include <cmath>
#include <limits>

#include "ops/api_nn.h"
#include "ops/linalg_nn_util.h"
#include "ops/ops.h"
#include "ops/registry.h"
#include "tensor/grad_mode.h"

namespace ts {

using namespace lnn;

namespace {

// The additive mask: bool masks keep True positions (False becomes -inf).
Tensor additive_mask(const Tensor& mask, DType t) {
  if (mask.dtype() != DType::Bool) return mask;
  return masked_fill(zeros(mask.sizes(), TensorOptions(t)), logical_not(mask),
                     Scalar(-std::numeric_limits<double>::infinity()));
}

// A 0-dim tensor of `t` (not a wrapped number): the scale keeps double precision for float64,
// as PyTorch's Python-float scalars do.
Tensor same_type_scalar(double v, DType t) { return scalar_tensor(Scalar(v), TensorOptions(t)); }

Tensor causal_mask(int64_t l, int64_t s) {
  return tril(ones({l, s}, TensorOptions(DType::Bool)));
}

}  // namespace

std::tuple<Tensor, Tensor> _scaled_dot_product_attention(const Tensor& query, const Tensor& key,
                                                         const Tensor& value, const Tensor& attn_mask,
                                                         double dropout_p, bool need_attn_weights,
                                                         bool is_causal) {
  TS_CHECK(is_floating(query.dtype()), "expected scalar type Float but found ",
           torch_type_name(query.dtype()));
  Tensor mask = attn_mask;
  if (is_causal) {
    TS_CHECK(!attn_mask.defined(), "_scaled_dot_product_attention: Explicit attn_mask should not "
             "be set when is_causal=True");
    mask = causal_mask(query.size(-2), key.size(-2));
  }
  Tensor q = query * same_type_scalar(1.0 / std::sqrt(double(query.size(-1))), query.dtype());
  Tensor attn = matmul(q, transpose(key, -2, -1));
  if (mask.defined()) attn = attn + additive_mask(mask, query.dtype());
  attn = softmax(attn, -1);
  if (dropout_p > 0.0) attn = dropout(attn, dropout_p, true);
  return {matmul(attn, value), attn};
}

Tensor scaled_dot_product_attention(const Tensor& query, const Tensor& key, const Tensor& value,
                                    const Tensor& attn_mask, double dropout_p, bool is_causal,
                                    std::optional<double> scale) {
  TS_CHECK(is_floating(query.dtype()), "expected scalar type Float but found ",
           torch_type_name(query.dtype()));
  const int64_t l = query.size(-2), s = key.size(-2);
  const double sc = scale ? *scale : 1.0 / std::sqrt(double(query.size(-1)));
  Tensor attn = matmul(query, transpose(key, -2, -1));
  attn = attn * same_type_scalar(sc, attn.dtype());
  if (is_causal) {
    TS_CHECK(!attn_mask.defined(), "_scaled_dot_product_attention: Explicit attn_mask should not "
             "be set when is_causal=True");
    attn = attn + additive_mask(causal_mask(l, s), attn.dtype());
  }
  if (attn_mask.defined()) attn = attn + additive_mask(attn_mask, attn.dtype());
  attn = softmax(attn, -1);
  if (dropout_p > 0.0) attn = dropout(attn, dropout_p, true);
  return matmul(attn, value);
}

TS_REGISTER_OPS(attention) {
  r.def<&_scaled_dot_product_attention>("_scaled_dot_product_attention(Tensor query, Tensor key, Tensor value, Tensor? attn_mask=None, float dropout_p=0., bool need_attn_weights=False, bool is_causal=False) -> (Tensor, Tensor)").composite_op().variants("function");
  r.def<&scaled_dot_product_attention>("scaled_dot_product_attention(Tensor query, Tensor key, Tensor value, Tensor? attn_mask=None, float dropout_p=0., bool is_causal=False, *, float? scale=None) -> Tensor").composite_op().variants("function");
}

}  // namespace ts
