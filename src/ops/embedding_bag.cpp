// embedding_bag, embedding_bag.padding_idx and _embedding_bag (PyTorch 1.13's EmbeddingBag.cpp):
// sum / mean / max over bags of embedding rows, with PyTorch's checks, its four results and its
// derivative. Sums run the kernel in kernels/cpu/embedding_bag.cpp.
#include <limits>
#include <vector>

#include "ops/api_nn_functional.h"
#include "ops/linalg_nn_util.h"
#include "ops/ops.h"
#include "ops/registry.h"
#include "ops/sort_util.h"
#include "stubs/index.h"
#include "tensor/grad_mode.h"

namespace ts {

TS_DEFINE_STUB(embedding_bag_sum_stub);

using namespace lnn;

namespace {

std::string legacy_tensor(DType t) { return sorting::legacy_type_name(t); }

void check_types(const char* arg, const Tensor& t, std::initializer_list<DType> ok, const char* names) {
  for (DType d : ok)
    if (t.dtype() == d) return;
  TS_ERROR("Expected tensor for argument #1 '", arg, "' to have one of the following scalar types: ",
           names, "; but got ", legacy_tensor(t.dtype()), " instead (while checking arguments for "
           "embedding_bag)");
}

// Each index's bag (-1 before the first offset; nb and up once past the last bag), the kept
// count per bag, and the kept positions (in a bag, not padding_idx), in order.
struct BagLayout {
  std::vector<int64_t> bag, counts, keep_pos;
};

BagLayout bag_layout(const int64_t* ip, int64_t n, const int64_t* op, int64_t no, int64_t nb,
                     int64_t padding_idx) {
  BagLayout l;
  l.bag.resize(static_cast<size_t>(n));
  l.counts.assign(static_cast<size_t>(nb), 0);
  l.keep_pos.reserve(static_cast<size_t>(n));
  for (int64_t i = 0, b = -1; i < n; ++i) {
    while (b + 1 < no && op[b + 1] <= i) ++b;
    l.bag[size_t(i)] = b;
    if (b < nb && ip[i] != padding_idx) {
      ++l.counts[size_t(b)];
      l.keep_pos.push_back(i);
    }
  }
  return l;
}

Tensor vec_tensor(const std::vector<int64_t>& v) {
  Tensor t = empty({int64_t(v.size())}, TensorOptions(DType::Int64));
  std::copy(v.begin(), v.end(), t.data<int64_t>());
  return t;
}

// _embedding_bag's derivative (PyTorch's _embedding_bag_backward and
// _embedding_bag_per_sample_weights_backward), written with differentiable ops.
ops::Grads embedding_bag_grads(const ops::BackwardCtx& c) {
  TS_CHECK(!c.flag(5), "embedding_bag: sparse=True (sparse gradients) is not supported");
  const Tensor& weight = c.in(0);
  const Tensor& g = c.grad(0);
  const int64_t mode = c.i64(4);
  const Tensor psw = c.opt(6);
  Tensor idx = contiguous(c.in(1)).to(DType::Int64), off = contiguous(c.in(2)).to(DType::Int64);
  const int64_t n = idx.numel(), no = off.numel();
  const int64_t nb = c.flag(7) ? no - 1 : no;
  const BagLayout lay = bag_layout(idx.data<int64_t>(), n, off.data<int64_t>(), no, nb, c.i64(8));
  Tensor kp = vec_tensor(lay.keep_pos);
  std::vector<int64_t> kb_v(lay.keep_pos.size());
  for (size_t j = 0; j < kb_v.size(); ++j) kb_v[j] = lay.bag[size_t(lay.keep_pos[j])];
  Tensor kb = vec_tensor(kb_v);
  Tensor rows = index_select(idx, 0, kp);
  Tensor gw, gpsw;
  if (c.need(0)) {
    if (mode == 2) {
      // Each non-empty bag's gradient goes to the row that held its maximum, per column.
      std::vector<int64_t> nonempty;
      for (int64_t b = 0; b < nb; ++b)
        if (lay.counts[size_t(b)] > 0) nonempty.push_back(b);
      Tensor ne_t = vec_tensor(nonempty);
      Tensor mi = index_select(c.result(3), 0, ne_t).to(DType::Int64);
      gw = scatter_add(zeros(weight.sizes(), options_of(weight)), 0, mi, index_select(g, 0, ne_t));
    } else {
      Tensor gr = index_select(g, 0, kb);
      if (mode == 1) {
        Tensor cnt = clamp_min(vec_tensor(lay.counts), Scalar(int64_t(1))).to(g.dtype());
        gr = gr / unsqueeze(index_select(cnt, 0, kb), 1);
      }
      if (psw.defined()) gr = gr * unsqueeze(index_select(psw, 0, kp), 1);
      if (c.flag(3)) {
        Tensor freq = scatter_add(zeros({weight.size(0)}, TensorOptions(DType::Int64)), 0, idx, ones_like(idx));
        gr = gr / unsqueeze(index_select(freq, 0, rows).to(g.dtype()), 1);
      }
      gw = index_add(zeros(weight.sizes(), options_of(weight)), 0, rows, gr);
    }
  }
  if (psw.defined() && c.need(3)) {
    Tensor dots = sum(index_select(g, 0, kb) * index_select(weight, 0, rows), int64_t(1));
    gpsw = index_add(zeros({n}, options_of(psw)), 0, kp, dots);
  }
  return {gw, Tensor(), Tensor(), gpsw};
}

}  // namespace

std::tuple<Tensor, Tensor, Tensor, Tensor> _embedding_bag(
    const Tensor& weight, const Tensor& indices, const Tensor& offsets, bool scale_grad_by_freq,
    int64_t mode, bool sparse, const Tensor& per_sample_weights, bool include_last_offset,
    int64_t padding_idx) {
  TS_AUTOGRAD("_embedding_bag", weight, indices, offsets, scale_grad_by_freq, mode, sparse,
              per_sample_weights, include_last_offset, padding_idx);
  check_types("indices", indices, {DType::Int64, DType::Int32}, "Long, Int");
  // PyTorch names the offsets 'indices' in this message too.
  check_types("indices", offsets, {DType::Int64, DType::Int32}, "Long, Int");
  TS_CHECK(indices.dtype() == offsets.dtype(), "Expected tensor for argument #1 'indices' to have "
           "the same type as tensor for argument #1 'offsets'; but type ", legacy_tensor(indices.dtype()),
           " does not equal ", legacy_tensor(offsets.dtype()), " (while checking arguments for embedding_bag)");
  check_types("weight", weight, {DType::Float16, DType::Float32, DType::Float64}, "Half, Float, Double");
  TS_CHECK(indices.dim() == 1 && offsets.dim() == 1 && weight.dim() == 2,
           "embedding_bag: expected 1-D indices and offsets and a 2-D weight");
  Tensor idx = contiguous(indices).to(DType::Int64), off = contiguous(offsets).to(DType::Int64);
  const int64_t n = idx.numel(), no = off.numel(), ne = weight.size(0), dim = weight.size(1);
  const int64_t* ip = idx.data<int64_t>();
  const int64_t* op = off.data<int64_t>();
  TS_CHECK(no >= 1, "embedding_bag: offsets has to be a 1D Tensor but got null");
  TS_CHECK(op[0] == 0, "offsets[0] has to be 0, i.e., the first sequence in the mini-batch has to "
           "start from position 0. However, got ", op[0], "\n[ ", sorting::legacy_type_name(offsets.dtype()), "{} ]");
  TS_CHECK(op[no - 1] <= n, "offsets[-1] can not be greater than input's length ", n,
           " but got offsets[-1] of ", op[no - 1]);
  const bool has_psw = per_sample_weights.defined();
  if (has_psw) {
    TS_CHECK(mode == 0, "embedding_bag: per_sample_weights only supported with mode='sum'");
    TS_CHECK(per_sample_weights.dtype() == weight.dtype(), "Expected tensor for argument #1 'weight' "
             "to have the same type as tensor for argument #1 'per_sample_weights'; but type ",
             legacy_tensor(weight.dtype()), " does not equal ", legacy_tensor(per_sample_weights.dtype()),
             " (while checking arguments for embedding_bag)");
    TS_CHECK(per_sample_weights.dim() == 1, "Expected per_sample_weights.value().dim() == 1 to be "
             "true, but got false.  (Could this error message be improved?  If so, please report an "
             "enhancement request to PyTorch.)");
    TS_CHECK(per_sample_weights.numel() == n, "Expected per_sample_weights.value().numel() == "
             "indices.numel() to be true, but got false.  (Could this error message be improved?  If "
             "so, please report an enhancement request to PyTorch.)");
  }
  TS_CHECK(mode >= 0 && mode <= 2, "embedding_bag: mode must be 0 (sum), 1 (mean) or 2 (max), got ", mode);
  const int64_t nb = include_last_offset ? no - 1 : no;
  for (int64_t i = 0; i < n; ++i)
    TS_CHECK(ip[i] >= 0 && ip[i] < ne, "embedding_bag: Expected idx >= 0 && idx < num_embeddings "
             "but found idx to be ", ip[i]);
  const BagLayout lay = bag_layout(ip, n, op, no, nb, padding_idx);
  const std::vector<int64_t>& bag = lay.bag;
  const std::vector<int64_t>& counts = lay.counts;
  const std::vector<int64_t>& keep_pos = lay.keep_pos;
  const TensorOptions iopt(indices.dtype());
  auto kept_positions = [&] { return vec_tensor(keep_pos); };
  Tensor out, max_idx;
  Tensor bag_size = zeros({mode == 0 ? no : nb}, iopt);
  if (mode != 0) {
    Tensor bs = vec_tensor(counts);
    bag_size = bs.to(indices.dtype());
  }
  if (mode == 2) {
    // argmax per bag and column (the first maximum), read serially; empty bags give 0.
    Tensor wv = contiguous(weight).to(DType::Float64);
    const double* w = wv.data<double>();
    Tensor mi = zeros({nb, dim}, TensorOptions(DType::Int64));
    int64_t* m = mi.data<int64_t>();
    std::vector<char> seen(static_cast<size_t>(nb), 0);
    for (int64_t i : keep_pos) {
      const int64_t b = bag[size_t(i)], row = ip[i];
      for (int64_t d = 0; d < dim; ++d)
        if (!seen[size_t(b)] || w[row * dim + d] > w[m[b * dim + d] * dim + d]) m[b * dim + d] = row;
      seen[size_t(b)] = 1;
    }
    Tensor nonempty = empty({nb, 1}, TensorOptions(DType::Bool));
    for (int64_t b = 0; b < nb; ++b) nonempty.data<bool>()[b] = seen[size_t(b)] != 0;
    out = where(nonempty, gather(weight, 0, mi), Scalar(0.0));
    max_idx = mi.to(indices.dtype());
  } else {
    // Sum each bag's rows directly (kept positions are in bag order).
    Tensor ptr_t = zeros({nb + 1}, TensorOptions(DType::Int64));
    Tensor rows_t = empty({int64_t(keep_pos.size())}, TensorOptions(DType::Int64));
    int64_t* ptr = ptr_t.data<int64_t>();
    int64_t* rp = rows_t.data<int64_t>();
    for (size_t j = 0; j < keep_pos.size(); ++j) {
      ++ptr[bag[size_t(keep_pos[j])] + 1];
      rp[j] = ip[keep_pos[j]];
    }
    for (int64_t b = 0; b < nb; ++b) ptr[b + 1] += ptr[b];
    Tensor scale = has_psw ? contiguous(index_select(per_sample_weights, 0, kept_positions())) : Tensor();
    out = zeros({nb, dim}, options_of(weight));
    if (out.numel() > 0)
      embedding_bag_sum_stub(out.device().type, out, contiguous(weight), rows_t, scale, ptr_t);
    if (mode == 1) {
      Tensor c = clamp_min(vec_tensor(counts), Scalar(int64_t(1))).to(weight.dtype());
      out = out / unsqueeze(c, 1);
      max_idx = bag_size.clone();
    } else {
      max_idx = zeros({no}, iopt);
    }
  }
  // PyTorch's float32 sum path without padding_idx skips offset2bag (an empty tensor).
  const bool fast_sum = mode == 0 && padding_idx < 0 && weight.dtype() == DType::Float32;
  Tensor offset2bag = fast_sum ? empty({0}, iopt) : vec_tensor(bag).to(indices.dtype());
  return {out, offset2bag, bag_size, max_idx};
}

std::tuple<Tensor, Tensor, Tensor, Tensor> embedding_bag(
    const Tensor& weight, const Tensor& indices, const Tensor& offsets, bool scale_grad_by_freq,
    int64_t mode, bool sparse, const Tensor& per_sample_weights, bool include_last_offset) {
  return _embedding_bag(weight, indices, offsets, scale_grad_by_freq, mode, sparse,
                        per_sample_weights, include_last_offset, -1);
}

std::tuple<Tensor, Tensor, Tensor, Tensor> embedding_bag_padding_idx(
    const Tensor& weight, const Tensor& indices, const Tensor& offsets, bool scale_grad_by_freq,
    int64_t mode, bool sparse, const Tensor& per_sample_weights, bool include_last_offset,
    std::optional<int64_t> padding_idx) {
  int64_t pad = -1;
  if (padding_idx) {
    const int64_t ne = weight.size(0);
    pad = *padding_idx;
    TS_CHECK(pad >= -ne && pad < ne, "padding_idx must be within the number of embeddings, -", ne,
             " through ", ne - 1, ", but got ", pad);
    if (pad < 0) pad += ne;
  }
  return _embedding_bag(weight, indices, offsets, scale_grad_by_freq, mode, sparse,
                        per_sample_weights, include_last_offset, pad);
}

TS_REGISTER_OPS(embedding_bag) {
  r.def<&embedding_bag>("embedding_bag(Tensor weight, Tensor indices, Tensor offsets, bool scale_grad_by_freq=False, int mode=0, bool sparse=False, Tensor? per_sample_weights=None, bool include_last_offset=False) -> (Tensor, Tensor, Tensor, Tensor)").composite_op().variants("function");
  r.def<&embedding_bag_padding_idx>("embedding_bag.padding_idx(Tensor weight, Tensor indices, Tensor offsets, bool scale_grad_by_freq, int mode, bool sparse, Tensor? per_sample_weights, bool include_last_offset, int? padding_idx) -> (Tensor, Tensor, Tensor, Tensor)").composite_op().variants("function");
  r.def<&_embedding_bag>("_embedding_bag(Tensor weight, Tensor indices, Tensor offsets, bool scale_grad_by_freq=False, int mode=0, bool sparse=False, Tensor? per_sample_weights=None, bool include_last_offset=False, int padding_idx=-1) -> (Tensor, Tensor, Tensor, Tensor)").variants("function")
      .grad("EmbeddingBagBackward0", "weight indices offsets per_sample_weights result", &embedding_bag_grads);
}

}  // namespace ts
