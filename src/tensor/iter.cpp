#include "tensor/iter.h"

#include <omp.h>

#include <algorithm>

namespace ts {

TS_DEFINE_STUB(copy_stub);

DimVector broadcast_shapes(IntArrayRef a, IntArrayRef b) {
  size_t n = std::max(a.size(), b.size());
  DimVector out(n);
  for (size_t i = 0; i < n; ++i) {
    int64_t ia = int64_t(a.size()) - 1 - int64_t(i), ib = int64_t(b.size()) - 1 - int64_t(i);
    int64_t sa = ia >= 0 ? a[ia] : 1, sb = ib >= 0 ? b[ib] : 1;
    TS_CHECK(sa == sb || sa == 1 || sb == 1, "The size of tensor a (", sa,
             ") must match the size of tensor b (", sb, ") at non-singleton dimension ",
             n - 1 - i);
    out[n - 1 - i] = sa == 1 ? sb : sa;
  }
  return out;
}

namespace {

// PyTorch's combine_categories: a higher-priority result keeps its dtype unless a
// lower-priority operand belongs to a higher category (bool < integral < floating).
DType combine_categories(std::optional<DType> higher, std::optional<DType> lower) {
  if (!higher) return lower.value_or(DType::Bool);
  if (!lower) return *higher;
  if (is_floating(*higher)) return *higher;
  if (*higher == DType::Bool || is_floating(*lower)) return promote_types(*higher, *lower);
  return *higher;
}

void promote(std::optional<DType>& acc, DType t) { acc = acc ? promote_types(*acc, t) : t; }

}  // namespace

DType result_type(util::ArrayRef<Tensor> tensors) {
  std::optional<DType> dim_result, zero_result, wrapped_result;
  for (const Tensor& t : tensors) {
    if (!t.defined()) continue;
    DType cur = t.dtype();
    if (t.impl()->is_wrapped_number) {
      if (is_floating(cur)) cur = default_dtype();
      promote(wrapped_result, cur);
    } else if (t.dim() > 0) {
      promote(dim_result, cur);
    } else {
      promote(zero_result, cur);
    }
  }
  if (!zero_result && !wrapped_result) return dim_result.value_or(default_dtype());
  std::optional<DType> lower = zero_result || wrapped_result
                                   ? std::optional<DType>(combine_categories(zero_result, wrapped_result))
                                   : std::nullopt;
  return combine_categories(dim_result, lower);
}

bool can_cast(DType from, DType to) {
  if (is_floating(from) && is_integral(to, true)) return false;
  if (from != DType::Bool && to == DType::Bool) return false;
  return true;
}

TensorIterConfig& TensorIterConfig::add_output(const Tensor& t) {
  outputs_.push_back(t);
  return *this;
}
TensorIterConfig& TensorIterConfig::add_input(const Tensor& t) {
  TS_INTERNAL_ASSERT(t.defined(), "undefined input to TensorIter");
  inputs_.push_back(t);
  return *this;
}
TensorIterConfig& TensorIterConfig::promote_inputs_to_common_dtype(bool v) {
  promote_ = v;
  return *this;
}
TensorIterConfig& TensorIterConfig::promote_integer_inputs_to_float(bool v) {
  int_to_float_ = v;
  return *this;
}
TensorIterConfig& TensorIterConfig::cast_common_dtype_to_outputs(bool v) {
  cast_outputs_ = v;
  return *this;
}
TensorIterConfig& TensorIterConfig::output_dtype(DType t) {
  output_dtype_ = t;
  return *this;
}
TensorIterConfig& TensorIterConfig::common_dtype(DType t) {
  common_dtype_ = t;
  return *this;
}
TensorIterConfig& TensorIterConfig::resize_outputs(bool v) {
  resize_ = v;
  return *this;
}
TensorIterConfig& TensorIterConfig::name(const char* n) {
  name_ = n;
  return *this;
}

TensorIterConfig& TensorIterConfig::copy_mode(bool v) {
  copy_ = v;
  return *this;
}
TensorIterConfig& TensorIterConfig::check_all_same_dtype(bool v) {
  check_same_dtype_ = v;
  return *this;
}
TensorIterConfig& TensorIterConfig::check_mem_overlap(bool v) {
  check_overlap_ = v;
  return *this;
}

// The common case, without the general machinery: undefined outputs, inputs of one dtype
// and one shape, all contiguous (e.g. `a + b` on same-shaped tensors).
bool TensorIter::build_fast(TensorIterConfig& c) {
  if (c.inputs_.empty() || c.copy_ || c.int_to_float_ || c.common_dtype_) return false;
  for (const Tensor& o : c.outputs_)
    if (o.defined()) return false;
  const Tensor& first = c.inputs_[0];
  for (const Tensor& t : c.inputs_) {
    if (t.dtype() != first.dtype() || !t.is_contiguous() || t.device() != first.device() ||
        !(t.sizes() == first.sizes()))
      return false;
  }
  noutputs_ = int(c.outputs_.size());
  device_ = first.device();
  common_dtype_ = first.dtype();
  shape_ = DimVector(first.sizes());
  numel_ = first.numel();
  TensorOptions o(c.output_dtype_ ? *c.output_dtype_ : common_dtype_);
  o.device = device_;
  for (size_t i = 0; i < c.outputs_.size(); ++i) {
    Operand op;
    op.tensor = empty(shape_, o);
    ops_.push_back(std::move(op));
  }
  for (const Tensor& t : c.inputs_) {
    Operand op;
    op.tensor = t;
    ops_.push_back(std::move(op));
  }
  loop_shape_ = DimVector{numel_};
  for (auto& op : ops_) op.strides = DimVector{int64_t(op.tensor.element_size())};
  return true;
}

TensorIter TensorIterConfig::build() {
  TensorIter it;
  if (it.build_fast(*this)) return it;
  it.noutputs_ = int(outputs_.size());

  // An output that repeats an element (a stride-0 dim) would be written racily: PyTorch's
  // TensorIterator refuses it before anything else. Fills (no inputs) and copy mode
  // (masked_fill_; copy_into checks for itself) opt out, as PyTorch's do.
  if (check_overlap_ && !copy_ && !inputs_.empty())
    for (const Tensor& o : outputs_)
      if (o.defined()) assert_no_internal_overlap(o);

  // Device: every operand on one device (0-dim CPU tensors may join any device, as in PyTorch).
  bool have_device = false;
  for (const Tensor& t : inputs_) {
    if (t.dim() == 0 && t.device().is_cpu() && have_device) continue;
    if (!have_device) {
      it.device_ = t.device();
      have_device = true;
    } else {
      TS_CHECK(t.device() == it.device_ || (t.dim() == 0 && t.device().is_cpu()),
               "Expected all tensors to be on the same device, but found at least two devices, ",
               it.device_.str(), " and ", t.device().str(), "!");
    }
  }

  // Shape.
  DimVector shape;
  for (const Tensor& t : inputs_) shape = broadcast_shapes(shape, t.sizes());
  if (inputs_.empty() && !outputs_.empty() && outputs_[0].defined()) {
    shape = DimVector(outputs_[0].sizes());  // a fill: the output alone gives the shape
    it.device_ = outputs_[0].device();
  }
  if (copy_) {
    const Tensor& dst = outputs_.at(0);
    DimVector both = broadcast_shapes(dst.sizes(), shape);
    TS_CHECK(both == dst.sizes(), "output with shape ", shape_str(dst.sizes()),
             " doesn't match the broadcast shape ", shape_str(both));
    shape = both;
    if (!have_device) it.device_ = dst.device();
  }
  it.shape_ = shape;
  it.numel_ = 1;
  for (int64_t s : shape) it.numel_ *= s;

  // Dtype.
  DType common;
  if (common_dtype_) {
    common = *common_dtype_;
  } else if (promote_) {
    common = result_type(util::ArrayRef<Tensor>(inputs_.data(), inputs_.size()));
  } else {
    common = inputs_.empty() ? default_dtype() : inputs_[0].dtype();
    for (const Tensor& t : inputs_)
      TS_CHECK(!check_same_dtype_ || t.dtype() == common, name_, ": expected all inputs to have dtype ",
               dtype_name(common), " but got ", dtype_name(t.dtype()));
  }
  if (int_to_float_ && is_integral(common, true)) common = default_dtype();
  it.common_dtype_ = common;

  // Operand strides in the broadcast shape, in bytes (0 for broadcast dims).
  const size_t nd = shape.size();
  auto byte_strides = [&](const Tensor& t) {
    DimVector st(nd, 0);
    size_t off = nd - size_t(t.dim());
    int64_t es = int64_t(t.element_size());
    for (size_t i = 0; i < size_t(t.dim()); ++i)
      st[off + i] = (t.sizes()[i] == 1 && shape[off + i] != 1) ? 0 : t.strides()[i] * es;
    return st;
  };

  // Permutation, fastest dim first (PyTorch's reorder_dimensions). Outputs that will be
  // allocated or resized have no say.
  std::array<bool, kMaxOperands> will_alloc{};
  for (size_t i = 0; i < outputs_.size(); ++i) {
    const Tensor& o = outputs_[i];
    will_alloc[i] = !o.defined() || !(o.sizes().size() == nd && std::equal(o.sizes().begin(), o.sizes().end(), shape.begin()));
  }
  util::InlineVec<DimVector, kMaxOperands> strides_by_op;
  for (size_t i = 0; i < outputs_.size(); ++i)
    strides_by_op.push_back(will_alloc[i] ? DimVector() : byte_strides(outputs_[i]));
  for (const Tensor& t : inputs_) strides_by_op.push_back(byte_strides(t));

  DimVector perm(nd);
  for (size_t i = 0; i < nd; ++i) perm[i] = int64_t(nd - 1 - i);
  auto should_swap = [&](int64_t d0, int64_t d1) {
    for (const DimVector& st : strides_by_op) {
      if (st.empty()) continue;
      int64_t s0 = st[d0], s1 = st[d1];
      if (s0 == 0 || s1 == 0) continue;
      if (s0 < s1) return -1;
      if (s0 > s1) return 1;
      if (shape[d0] > shape[d1]) return 1;
    }
    return 0;
  };
  for (size_t i = 1; i < nd; ++i) {
    int64_t d1 = int64_t(i);
    for (int64_t d0 = int64_t(i) - 1; d0 >= 0; --d0) {
      int c = should_swap(perm[d0], perm[d1]);
      if (c > 0) {
        std::swap(perm[d0], perm[d1]);
        d1 = d0;
      } else if (c < 0) {
        break;
      }
    }
  }

  // Outputs.
  auto alloc_like_perm = [&](DType t) {
    DimVector st(nd);
    int64_t acc = 1;
    for (size_t i = 0; i < nd; ++i) {
      st[perm[i]] = acc;
      acc *= std::max<int64_t>(shape[perm[i]], 1);
    }
    return empty_strided(shape, st, TensorOptions(t).device == it.device_
                                        ? TensorOptions(t)
                                        : [&] { TensorOptions o(t); o.device = it.device_; return o; }());
  };
  for (size_t i = 0; i < outputs_.size(); ++i) {
    TensorIter::Operand op;
    Tensor o = outputs_[i];
    DType want = output_dtype_ ? *output_dtype_ : common;
    if (!o.defined()) {
      op.tensor = alloc_like_perm(want);
    } else {
      if (will_alloc[i]) {
        bool aliases_input = false;
        for (const Tensor& t : inputs_)
          if (t.impl()->storage() == o.impl()->storage()) aliases_input = true;
        TS_CHECK(resize_ && !aliases_input, "output with shape ", shape_str(o.sizes()),
                 " doesn't match the broadcast shape ", shape_str(shape));
        // out= resize: PyTorch reallocates the out tensor's geometry in place.
        Tensor fresh = alloc_like_perm(o.dtype());
        o.impl()->set_storage(fresh.impl()->storage(), DimVector(fresh.sizes()),
                              DimVector(fresh.strides()), 0);
      }
      TS_CHECK(o.device() == it.device_ || inputs_.empty(), "Expected out tensor to be on ",
               it.device_.str(), " but got ", o.device().str());
      if (o.dtype() != want && !copy_) {
        TS_CHECK(cast_outputs_ || output_dtype_, "Found dtype ", scalar_type_name(o.dtype()),
                 " but expected ", scalar_type_name(want));
        TS_CHECK(can_cast(want, o.dtype()), "result type ", scalar_type_name(want),
                 " can't be cast to the desired output type ", scalar_type_name(o.dtype()));
        op.original = o;
        op.tensor = alloc_like_perm(want);
      } else {
        op.tensor = o;
      }
      o.bump_version();
    }
    it.ops_.push_back(std::move(op));
  }

  // Inputs, converted to the common dtype when the op computes in it. A 0-dim CPU input (a
  // wrapped Python number, mostly) converts through its value, without a copy kernel's iterator.
  auto cast = [common](const Tensor& t) {
    if (t.dim() != 0 || !t.device().is_cpu()) return t.to(common);
    Tensor r = scalar_to_tensor(t.item(), common);
    r.impl()->is_wrapped_number = false;
    return r;
  };
  for (const Tensor& t : inputs_) {
    TensorIter::Operand op;
    op.tensor = (promote_ || int_to_float_ || common_dtype_) && t.dtype() != common ? cast(t) : t;
    it.ops_.push_back(std::move(op));
  }

  // Permuted byte strides, then coalesce adjacent dims that are contiguous for every operand.
  DimVector lshape(nd);
  for (size_t i = 0; i < nd; ++i) lshape[i] = shape[perm[i]];
  for (auto& op : it.ops_) {
    DimVector st = byte_strides(op.tensor);
    op.strides = DimVector(nd);
    for (size_t i = 0; i < nd; ++i) op.strides[i] = st[perm[i]];
  }
  if (nd > 1) {
    size_t prev = 0;
    for (size_t d = 1; d < nd; ++d) {
      bool ok = lshape[prev] == 1 || lshape[d] == 1;
      if (!ok) {
        ok = true;
        for (auto& op : it.ops_)
          if (op.strides[prev] * lshape[prev] != op.strides[d]) ok = false;
      }
      if (ok) {
        if (lshape[prev] == 1)
          for (auto& op : it.ops_) op.strides[prev] = op.strides[d];
        lshape[prev] *= lshape[d];
      } else {
        ++prev;
        if (prev != d)
          for (auto& op : it.ops_) op.strides[prev] = op.strides[d];
        lshape[prev] = lshape[d];
      }
    }
    lshape.resize(prev + 1);
    for (auto& op : it.ops_) op.strides.resize(prev + 1);
  }
  it.loop_shape_ = lshape;
  return it;
}

TensorIter TensorIter::unary_op(const Tensor& out, const Tensor& a) {
  return TensorIterConfig().add_output(out).add_input(a).cast_common_dtype_to_outputs().build();
}

TensorIter TensorIter::binary_op(const Tensor& out, const Tensor& a, const Tensor& b) {
  return TensorIterConfig()
      .add_output(out)
      .add_input(a)
      .add_input(b)
      .promote_inputs_to_common_dtype()
      .cast_common_dtype_to_outputs()
      .build();
}

TensorIter TensorIter::binary_float_op(const Tensor& out, const Tensor& a, const Tensor& b) {
  return TensorIterConfig()
      .add_output(out)
      .add_input(a)
      .add_input(b)
      .promote_inputs_to_common_dtype()
      .promote_integer_inputs_to_float()
      .cast_common_dtype_to_outputs()
      .build();
}

TensorIter TensorIter::comparison_op(const Tensor& out, const Tensor& a, const Tensor& b) {
  return TensorIterConfig()
      .add_output(out)
      .add_input(a)
      .add_input(b)
      .promote_inputs_to_common_dtype()
      .output_dtype(DType::Bool)
      .cast_common_dtype_to_outputs()
      .build();
}

bool TensorIter::is_contiguous() const {
  if (numel_ <= 1) return true;
  if (ndim() != 1) return false;
  for (const auto& op : ops_)
    if (op.strides[0] != int64_t(op.tensor.element_size())) return false;
  return true;
}

bool TensorIter::is_scalar(int op) const {
  for (int64_t s : ops_[op].strides)
    if (s != 0) return false;
  return true;
}

void TensorIter::serial_for_each(const Loop1d& loop, int64_t begin, int64_t end) const {
  const int nt = ntensors();
  const int nd = ndim();
  char* ptrs[16];
  int64_t inner[16];
  TS_INTERNAL_ASSERT(nt <= 16, "too many operands");
  for (int i = 0; i < nt; ++i) inner[i] = nd ? ops_[i].strides[0] : 0;
  if (nd == 0) {
    for (int i = 0; i < nt; ++i) ptrs[i] = data(i);
    if (begin < end) loop(ptrs, inner, 1);
    return;
  }
  if (nd == 1) {
    for (int i = 0; i < nt; ++i) ptrs[i] = data(i) + begin * inner[i];
    if (begin < end) loop(ptrs, inner, end - begin);
    return;
  }
  DimVector counter(nd, 0);
  int64_t rem = begin;
  for (int d = 0; d < nd; ++d) {
    counter[d] = rem % loop_shape_[d];
    rem /= loop_shape_[d];
  }
  while (begin < end) {
    int64_t n = std::min(loop_shape_[0] - counter[0], end - begin);
    for (int i = 0; i < nt; ++i) {
      char* p = data(i);
      for (int d = 0; d < nd; ++d) p += counter[d] * ops_[i].strides[d];
      ptrs[i] = p;
    }
    loop(ptrs, inner, n);
    begin += n;
    counter[0] += n;
    for (int d = 0; d < nd - 1 && counter[d] >= loop_shape_[d]; ++d) {
      counter[d] = 0;
      ++counter[d + 1];
    }
  }
}

void TensorIter::for_each(const Loop1d& loop, int64_t grain) {
  const int64_t n = numel_;
  if (n > 0) {
    int threads = omp_in_parallel() ? 1 : omp_get_max_threads();
    if (n < grain || threads <= 1) {
      serial_for_each(loop, 0, n);
    } else {
      int64_t chunks = std::min<int64_t>(threads, (n + grain - 1) / grain);
#pragma omp parallel num_threads(int(chunks))
      {
        int tid = omp_get_thread_num();
        int64_t per = (n + chunks - 1) / chunks;
        int64_t b = tid * per, e = std::min(n, b + per);
        if (b < e) serial_for_each(loop, b, e);
      }
    }
  }
  finish();
}

void TensorIter::finish() {
  for (int i = 0; i < noutputs_; ++i) {
    if (ops_[i].original.defined()) {
      copy_into(ops_[i].original, ops_[i].tensor);
      ops_[i].tensor = ops_[i].original;
      ops_[i].original = Tensor();
    }
  }
}

void assert_no_internal_overlap(const Tensor& t) {
  for (int64_t d = 0; d < t.dim(); ++d)
    TS_CHECK(!(t.sizes()[d] > 1 && t.strides()[d] == 0),
             "unsupported operation: more than one element of the written-to tensor refers to a "
             "single memory location. Please clone() the tensor before performing the operation.");
}

void copy_into(const Tensor& dst, const Tensor& src) {
  // A write through an expanded (stride-0) dim would race and lose data: PyTorch refuses it.
  assert_no_internal_overlap(dst);
  TensorIter it = TensorIterConfig().add_output(dst).add_input(src).resize_outputs(false)
                      .copy_mode().name("copy_").build();
  if (it.numel() == 0) return;
  TS_CHECK(src.device() == dst.device(), "copy_ between ", src.device().str(), " and ",
           dst.device().str(), " needs a device backend");
  copy_stub(dst.device().type, it);
}

}  // namespace ts
