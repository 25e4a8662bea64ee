// tensordot and kron, written as PyTorch 1.13's composites of recording ops (reshape, permute,
// mm, mul), with its checks and messages; the matrix products they end in are in linalg.cpp.
#include "ops/api_binary.h"
#include "ops/api_linalg.h"
#include "ops/api_reduce.h"
#include "ops/api_shape.h"
#include "ops/linalg_nn_util.h"
#include "ops/registry.h"
#include "tensor/iter.h"

namespace ts {

using namespace lnn;

// PyTorch's _reshape_alias and _unsafe_view (shape.cpp): the last steps of tensordot and kron.
Tensor reshape_alias(const Tensor& self, IntArrayRef size, IntArrayRef stride);
Tensor unsafe_view(const Tensor& self, IntArrayRef size);

// PyTorch 1.13's tensordot, written with recording ops (a composite): a contracted dim of size
// 1 against a larger one is summed out of the other operand first; then one mm.
Tensor tensordot(const Tensor& a, const Tensor& b, IntArrayRef dims_a, IntArrayRef dims_b) {
  TS_CHECK(dims_a.size() == dims_b.size(), "both dimension lists should have same length");
  Tensor ta = a, tb = b;
  std::vector<bool> ca(size_t(a.dim()), false), cb(size_t(b.dim()), false);
  int64_t csize = 1;
  for (size_t i = 0; i < dims_a.size(); ++i) {
    const int64_t s1 = a.size(dims_a[i]), s2 = b.size(dims_b[i]);
    const int64_t x = wrap_dim(dims_a[i], a.dim()), y = wrap_dim(dims_b[i], b.dim());
    TS_CHECK(!ca[size_t(x)], "dim ", x, " appears multiple times in the list of dims");
    TS_CHECK(!cb[size_t(y)], "dim ", y, " appears multiple times in the list of dims");
    ca[size_t(x)] = cb[size_t(y)] = true;
    if (s2 == 1) {
      ta = sum(ta, x, true);
    } else if (s1 == 1) {
      tb = sum(tb, y, true);
    } else {
      TS_CHECK(s1 == s2, "contracted dimensions need to match, but first has size ", s1, " in dim ",
               dims_a[i], " and second has size ", s2, " in dim ", dims_b[i]);
      csize *= s1;
    }
  }
  DimVector pa, pb, rsizes;
  int64_t size1 = 1, size2 = 1;
  for (int64_t i = 0; i < a.dim(); ++i)
    if (!ca[size_t(i)]) {
      pa.push_back(i);
      size1 *= ta.size(i);
      rsizes.push_back(ta.size(i));
    }
  for (int64_t x : dims_a) pa.push_back(wrap_dim(x, a.dim()));
  for (int64_t y : dims_b) pb.push_back(wrap_dim(y, b.dim()));
  for (int64_t i = 0; i < b.dim(); ++i)
    if (!cb[size_t(i)]) {
      pb.push_back(i);
      size2 *= tb.size(i);
      rsizes.push_back(tb.size(i));
    }
  Tensor m1 = reshape(permute(ta, pa), {size1, csize});
  Tensor m2 = reshape(permute(tb, pb), {csize, size2});
  Tensor p = contiguous(mm(m1, m2));  // the reshape is an alias
  return reshape_alias(p, rsizes, contiguous_strides(rsizes));
}

// torch.tensordot(a, b, dims=n), PyTorch's Python form: the last n dims of a with the first n of b.
Tensor tensordot_int(const Tensor& a, const Tensor& b, int64_t dims) {
  TS_CHECK(dims >= 0, "tensordot expects dims >= 0, but got dims=", dims);
  DimVector da, db;
  for (int64_t i = 0; i < dims; ++i) {
    da.push_back(i - dims);
    db.push_back(i);
  }
  return tensordot(a, b, da, db);
}

// torch.tensordot(a, b, dims) with dims a pair of int lists (tuple or list), or a tensor: PyTorch's
// Python form (torch/functional.py), which reads the pair, a [2, n] tensor or a one-element count.
Tensor tensordot_dims(const Tensor& a, const Tensor& b, const IValue& dims) {
  auto bad = [&] {
    TS_ERROR("tensordot expects dims to be int or Tuple[List[int], List[int]] or List[List[int]] "
             "containing two lists, but got dims of type ", dims.type_name());
  };
  if (dims.is_int()) return tensordot_int(a, b, dims.to_int());
  if (dims.is_tensor()) {
    const Tensor t = dims.to_tensor().to(DType::Int64).contiguous();
    TS_CHECK(t.numel() > 0, "tensordot: a Tensor with 0 elements cannot be converted to Scalar");
    if (t.numel() == 1) return tensordot_int(a, b, t.data<int64_t>()[0]);
    // PyTorch reads dims[0].tolist() and dims[1].tolist() as the two index lists.
    TS_CHECK(t.dim() == 2 && t.size(0) == 2, "tensordot: a dims tensor must have shape [2, n], but got ",
             shape_str(t.sizes()));
    const int64_t n = t.numel() / 2;
    const int64_t* p = t.data<int64_t>();
    return tensordot(a, b, IntArrayRef(p, size_t(n)), IntArrayRef(p + n, size_t(n)));
  }
  if (!dims.is_list() && !dims.is_tuple()) bad();
  const auto& pair = dims.items();
  if (pair.size() != 2) bad();
  std::vector<int64_t> da, db;
  for (size_t k = 0; k < 2; ++k) {
    if (!pair[k].is_list() && !pair[k].is_tuple()) bad();
    for (const IValue& v : pair[k].items()) {
      if (!v.is_int()) bad();
      (k == 0 ? da : db).push_back(v.to_int());
    }
  }
  return tensordot(a, b, da, db);
}

Tensor tensordot_out(const Tensor& a, const Tensor& b, IntArrayRef dims_a, IntArrayRef dims_b,
                     const Tensor& out) {
  Tensor r = tensordot(a, b, dims_a, dims_b);
  TS_CHECK(r.dtype() == out.dtype(),
           "tensordot: Expected the output tensor to have dtype ", torch_type_name(r.dtype()),
           ", but got an output tensor with dtype ", torch_type_name(out.dtype()));
  resize_out(out, r.sizes());
  copy_into(out, r);
  return out;
}

namespace {
// kron as one broadcast multiply: self viewed as [s0, 1, s1, 1, ...], other as [1, o0, 1, o1, ...].
struct KronShapes {
  DimVector a, b, mul, result;
};
KronShapes kron_shapes(const Tensor& self, const Tensor& other) {
  const int64_t nd = std::max(self.dim(), other.dim());
  const int64_t pa = nd - self.dim(), pb = nd - other.dim();
  KronShapes k;
  for (int64_t i = 0; i < nd; ++i) {
    int64_t sa = i >= pa ? self.size(i - pa) : 1, sb = i >= pb ? other.size(i - pb) : 1;
    k.a.push_back(sa);
    k.a.push_back(1);
    k.b.push_back(1);
    k.b.push_back(sb);
    k.mul.push_back(sa);
    k.mul.push_back(sb);
    k.result.push_back(sa * sb);
  }
  return k;
}
}  // namespace

// A composite: its recording ops (view, mul) give the gradient. Like PyTorch 1.13's kron
// (_unsafe_view), an input whose strides allow no such view is an error.
Tensor kron(const Tensor& self, const Tensor& other) {
  KronShapes k = kron_shapes(self, other);
  return unsafe_view(mul(view(self, k.a), view(other, k.b)), k.result);
}
Tensor kron_out(const Tensor& self, const Tensor& other, const Tensor& out) {
  KronShapes k = kron_shapes(self, other);
  Tensor a = view(self, k.a), b = view(other, k.b);
  resize_out(out, k.result);
  mul_out(a, b, view(out, k.mul));
  return out;
}

TS_REGISTER_OPS(tensor_products) {
  r.def<&tensordot>("tensordot(Tensor self, Tensor other, int[] dims_self, int[] dims_other) -> Tensor")
      .variants("function")
      .composite_op();
  r.def<&tensordot_int>("tensordot.int(Tensor a, Tensor b, int dims=2) -> Tensor").variants("function").composite_op();
  r.def<&tensordot_dims>("tensordot.dims(Tensor a, Tensor b, Any dims) -> Tensor").variants("function").composite_op();
  r.def<&tensordot_out>("tensordot.out(Tensor self, Tensor other, int[] dims_self, int[] dims_other, *, Tensor(a!) out) -> Tensor(a!)")
      .variants("function");
  r.def<&kron>("kron(Tensor self, Tensor other) -> Tensor").composite_op();
  r.def<&kron_out>("kron.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)");
}

}  // namespace ts
