// Uniques and counting: _unique, _unique2, unique_dim, unique_consecutive, bincount, histc,
// searchsorted, bucketize. Checks and dtype rules follow PyTorch 1.13; the kernels are in
// kernels/cpu/unique.cpp.
#include <cmath>
#include <vector>

#include "ops/api_creation.h"
#include "ops/api_index.h"
#include "ops/api_reduce.h"
#include "ops/api_shape.h"
#include "ops/api_sort.h"
#include "ops/reduce_util.h"
#include "ops/registry.h"
#include "ops/sort_util.h"
#include "stubs/unique.h"

namespace ts {

TS_DEFINE_STUB(unique_stub);
TS_DEFINE_STUB(unique_consecutive_stub);
TS_DEFINE_STUB(unique_dim_stub);
TS_DEFINE_STUB(bincount_stub);
TS_DEFINE_STUB(histc_stub);
TS_DEFINE_STUB(searchsorted_stub);

using namespace sorting;

namespace {

Tensor long_tensor(const std::vector<int64_t>& v, Device d) {
  Tensor t = empty({int64_t(v.size())}, options(DType::Int64, d));
  std::copy(v.begin(), v.end(), static_cast<int64_t*>(t.data_ptr()));
  return t;
}

// unique along `dim` (sorted, or only merging neighbours when `consecutive`). Inverse and
// counts are always computed, as PyTorch's CPU kernel does.
UniqueResult unique_dim_impl(const Tensor& self, int64_t dim, bool consecutive) {
  check_dtype(self, "unique_dim", false, true, true);
  const int64_t d = wrap_dim(dim, self.dim(), false);
  const Device dev = self.device();
  int64_t zero_dims = 0;
  for (int64_t s : self.sizes()) zero_dims += s == 0;
  if (self.sizes()[d] == 0) {
    TS_CHECK(zero_dims == 1, "Number of zero sized dimensions is more than one, so unique cannot be applied ");
    return {empty(self.sizes(), options(self.dtype(), dev)), empty({0}, options(DType::Int64, dev)),
            empty({0}, options(DType::Int64, dev))};
  }
  TS_CHECK(zero_dims == 0, "There are 0 sized dimensions, and they aren't selected, so unique cannot be applied");
  Tensor moved = transpose(self, d, 0);
  const int64_t N = moved.sizes()[0];
  Tensor flat = reshape(moved.contiguous(), {N, self.numel() / N});
  std::vector<int64_t> rows, inverse, counts;
  unique_dim_stub(dev.type, flat, consecutive, rows, inverse, counts);
  DimVector osz(moved.sizes());
  osz[0] = int64_t(rows.size());
  Tensor out = reshape(index_select(flat, 0, long_tensor(rows, dev)), osz);
  return {transpose(out, 0, d), long_tensor(inverse, dev), long_tensor(counts, dev)};
}

Tensor histc_impl(const Tensor& self, int64_t bins, const Scalar& min, const Scalar& max) {
  TS_CHECK(bins > 0, "torch.histogram(): bins must be > 0, but got ", bins, " for dimension 0");
  double lo = min.to<double>(), hi = max.to<double>();
  if (lo == hi && self.numel() > 0) {
    // aminmax as PyTorch (it raises for float16); min/max for bfloat16, which this build's
    // aminmax does not take yet.
    auto [mn, mx] = self.dtype() == DType::BFloat16 ? std::make_tuple(ts::min(self), ts::max(self)) : aminmax(self);
    lo = mn.item<double>();
    hi = mx.item<double>();
  }
  if (lo == hi) {
    lo -= 1;
    hi += 1;
  }
  TS_CHECK(!(std::isinf(lo) || std::isinf(hi) || std::isnan(lo) || std::isnan(hi)), "torch.histc: range of [",
           lo, ", ", hi, "] is not finite");
  TS_CHECK(lo < hi, "torch.histc: max must be larger than min");
  const DType t = self.dtype();
  TS_CHECK(t != DType::Bool, "\"linspace_cpu\" not implemented for 'Bool'");
  TS_CHECK(t == DType::Float32 || t == DType::Float64 || t == DType::BFloat16,
           "\"histogram_cpu\" not implemented for '", scalar_type_name(t), "'");
  Tensor hist = empty({bins}, options(t, self.device()));
  histc_stub(self.device().type, self.contiguous(), hist, lo, hi);
  return hist;
}

void searchsorted_pre_check(const Tensor& boundaries, const Tensor& input, const Tensor& output, bool out_int32,
                            bool right, const std::optional<std::string>& side, const Tensor& sorter) {
  if (side) {
    TS_CHECK(*side == "left" || *side == "right",
             "torch.searchsorted(): side can only be 'left' or 'right' but got ", *side);
    TS_CHECK(!right || *side == "right", "torch.searchsorted(): side and right can't be set to opposites, got side of ",
             *side, " while right was True");
  }
  TS_CHECK(boundaries.device() == input.device(), "torch.searchsorted(): boundaries and input value tensors should "
           "have same device type, but got boundaries tensor device type ", boundaries.device().str(),
           " and input value tensor device type ", input.device().str());
  if (sorter.defined()) {
    TS_CHECK(sorter.device() == boundaries.device(), "torch.searchsorted(): sorter and boundary tensors should have "
             "same device type, but got sorter tensor device type ", sorter.device().str(),
             " and input value tensor device type ", boundaries.device().str());
    TS_CHECK(sorter.sizes() == boundaries.sizes(), "torch.searchsorted(): boundary and sorter must have the same "
             "size, but got boundary tensor ", shape_str(boundaries.sizes()), "and got sorter tensor ",
             shape_str(sorter.sizes()));
    TS_CHECK(sorter.dtype() == DType::Int64, "torch.searchsorted(): sorter must be a tensor of long dtype but got dtype ",
             scalar_type_name(sorter.dtype()));
  }
  TS_CHECK(input.dim() > 0 || (input.dim() == 0 && input.numel() == 1 && boundaries.dim() == 1),
           "torch.searchsorted(): input value can be a scalar only when boundaries tensor dimension is 1, but we got "
           "boundaries tensor dim(", boundaries.dim(), ") and input value's dim(", input.dim(), ") numel(",
           input.numel(), ")");
  TS_CHECK(boundaries.dim() != 0, "torch.searchsorted(): boundaries tensor should have positive dimension, but got 0 "
           "dimension");
  bool matched = boundaries.dim() == input.dim();
  for (int64_t d = 0; matched && d + 1 < boundaries.dim(); ++d)
    matched = boundaries.sizes()[d] == input.sizes()[d];
  TS_CHECK(boundaries.dim() == 1 || matched,
           "torch.searchsorted(): boundaries tensor should be 1 dimension or the first N-1 dimensions of boundaries "
           "tensor and input value tensor must match, but we got boundaries tensor ", shape_str(boundaries.sizes()),
           " and input value tensor ", shape_str(input.sizes()));
  const DType od = output.dtype();
  TS_CHECK((od == DType::Int64 && !out_int32) || (od == DType::Int32 && out_int32),
           "torch.searchsorted(): output tensor's dtype is wrong, it can only be Int(int32) or Long(int64) depending "
           "on whether out_int32 flag is True, but we got output tensor's dtype ", scalar_type_name(od),
           " and out_int32 flag is ", out_int32 ? "True" : "False");
}

Tensor searchsorted_into(const Tensor& boundaries, const Tensor& self, bool out_int32, bool right,
                         const std::optional<std::string>& side, const Tensor& sorter, const Tensor& result) {
  searchsorted_pre_check(boundaries, self, result, out_int32, right, side, sorter);
  resize_out(result, self.sizes());
  const bool is_right = side ? *side == "right" : right;
  if (self.numel() == 0) return result;
  Tensor in = self, bd = boundaries;
  if (in.dtype() != bd.dtype()) {
    const Tensor both[] = {bd, in};
    const DType common = result_type(util::ArrayRef<Tensor>(both, 2));
    in = in.to(common);
    bd = bd.to(common);
  }
  check_dtype(in, "searchsorted_out_cpu", true, true, false);
  Tensor st;
  if (sorter.defined()) {
    st = sorter.contiguous();
    // PyTorch 1.13 reads out of bounds here; an index outside the row is an error instead.
    const int64_t inner = bd.sizes()[bd.dim() - 1];
    if (st.numel() != 0) {
      auto [mn, mx] = aminmax(st);
      TS_CHECK(mn.item<int64_t>() >= 0 && mx.item<int64_t>() < inner, "torch.searchsorted(): sorter index out of range");
    }
  }
  Tensor out = result.is_contiguous() ? result : empty(result.sizes(), options(result.dtype(), result.device()));
  searchsorted_stub(self.device().type, out, in.contiguous(), bd.contiguous(), is_right, st);
  if (!out.is_same(result)) copy_into(result, out);
  return result;
}

Tensor index_result(const Tensor& self, bool out_int32) {
  return empty({0}, options(out_int32 ? DType::Int32 : DType::Int64, self.device()));
}

void check_bucketize(const Tensor& boundaries) {
  TS_CHECK(boundaries.dim() == 1, "boundaries tensor must be 1 dimension, but got dim(", boundaries.dim(), ")");
}

}  // namespace

// ---- Public API ----

std::tuple<Tensor, Tensor> _unique(const Tensor& self, bool sorted, bool return_inverse) {
  auto [u, inv, cnt] = _unique2(self, sorted, return_inverse, false);
  return {u, inv};
}
std::tuple<Tensor, Tensor, Tensor> _unique2(const Tensor& self, bool sorted, bool return_inverse,
                                            bool return_counts) {
  check_dtype(self, "unique", false, true, true);
  return unique_stub(self.device().type, self.contiguous(), sorted, return_inverse, return_counts);
}
std::tuple<Tensor, Tensor, Tensor> unique_dim(const Tensor& self, int64_t dim, bool sorted, bool return_inverse,
                                              bool return_counts) {
  return unique_dim_impl(self, dim, false);
}
std::tuple<Tensor, Tensor, Tensor> unique_consecutive(const Tensor& self, bool return_inverse, bool return_counts,
                                                      std::optional<int64_t> dim) {
  if (dim) return unique_dim_impl(self, *dim, true);
  check_dtype(self, "unique", false, true, true);
  return unique_consecutive_stub(self.device().type, self.contiguous(), return_inverse, return_counts);
}

Tensor bincount(const Tensor& self, const Tensor& weights, int64_t minlength) {
  const DType t = self.dtype();
  TS_CHECK(is_integral(t, false), "\"bincount_cpu\" not implemented for '", scalar_type_name(t), "'");
  TS_CHECK(minlength >= 0, "minlength should be >= 0");
  const Device dev = self.device();
  if (self.dim() == 1 && self.numel() == 0) return zeros({minlength}, options(DType::Int64, dev));
  TS_CHECK(self.dim() == 1 && min(self).item<int64_t>() >= 0, "bincount only supports 1-d non-negative integral inputs.");
  TS_CHECK(!weights.defined() || (weights.dim() == 1 && weights.sizes()[0] == self.sizes()[0]),
           "weights should be 1-d and have the same length as input");
  const int64_t bins = std::max(max(self).item<int64_t>() + 1, minlength);
  Tensor w;
  DType od = DType::Int64;
  if (weights.defined()) {
    od = weights.dtype() == DType::Float32 ? DType::Float32 : DType::Float64;
    w = weights.to(od).contiguous();
  }
  Tensor out = zeros({bins}, options(od, dev));
  bincount_stub(dev.type, self.contiguous(), w, out);
  return out;
}

Tensor histc(const Tensor& self, int64_t bins, const Scalar& min, const Scalar& max) {
  return histc_impl(self, bins, min, max);
}
Tensor histc_out(const Tensor& self, int64_t bins, const Scalar& min, const Scalar& max, const Tensor& out) {
  TS_CHECK(out.dtype() == self.dtype(), "torch.histogram: input tensor and hist tensor should have the same dtype, "
           "but got input ", cpp_type_name(self.dtype()), " and hist ", cpp_type_name(out.dtype()));
  return reduce::write_out(out, histc_impl(self, bins, min, max));
}

Tensor searchsorted(const Tensor& sorted_sequence, const Tensor& self, bool out_int32, bool right,
                    std::optional<std::string> side, const Tensor& sorter) {
  return searchsorted_into(sorted_sequence, self, out_int32, right, side, sorter, index_result(self, out_int32));
}
Tensor searchsorted(const Tensor& sorted_sequence, const Scalar& self, bool out_int32, bool right,
                    std::optional<std::string> side, const Tensor& sorter) {
  return searchsorted(sorted_sequence, scalar_to_tensor(self), out_int32, right, side, sorter);
}
Tensor searchsorted_out(const Tensor& sorted_sequence, const Tensor& self, bool out_int32, bool right,
                        std::optional<std::string> side, const Tensor& sorter, const Tensor& out) {
  return searchsorted_into(sorted_sequence, self, out_int32, right, side, sorter, out);
}
Tensor bucketize(const Tensor& self, const Tensor& boundaries, bool out_int32, bool right) {
  check_bucketize(boundaries);
  return searchsorted_into(boundaries, self, out_int32, right, std::nullopt, {}, index_result(self, out_int32));
}
Tensor bucketize(const Scalar& self, const Tensor& boundaries, bool out_int32, bool right) {
  return bucketize(scalar_to_tensor(self), boundaries, out_int32, right);
}
Tensor bucketize_out(const Tensor& self, const Tensor& boundaries, bool out_int32, bool right, const Tensor& out) {
  check_bucketize(boundaries);
  return searchsorted_into(boundaries, self, out_int32, right, std::nullopt, {}, out);
}

namespace {
// Boxed entry points for overloaded C++ names.
Tensor searchsorted_t(const Tensor& seq, const Tensor& s, bool i32, bool r, std::optional<std::string> side,
                      const Tensor& sorter) {
  return searchsorted(seq, s, i32, r, std::move(side), sorter);
}
Tensor searchsorted_s(const Tensor& seq, const Scalar& s, bool i32, bool r, std::optional<std::string> side,
                      const Tensor& sorter) {
  return searchsorted(seq, s, i32, r, std::move(side), sorter);
}
Tensor bucketize_t(const Tensor& s, const Tensor& b, bool i32, bool r) { return bucketize(s, b, i32, r); }
Tensor bucketize_s(const Scalar& s, const Tensor& b, bool i32, bool r) { return bucketize(s, b, i32, r); }
}  // namespace

TS_REGISTER_OPS(unique) {
  r.def<&_unique>("_unique(Tensor self, bool sorted=True, bool return_inverse=False) -> (Tensor, Tensor)").not_differentiable();
  r.def<&_unique2>("_unique2(Tensor self, bool sorted=True, bool return_inverse=False, bool return_counts=False) -> (Tensor, Tensor, Tensor)").not_differentiable();
  r.def<&unique_dim>("unique_dim(Tensor self, int dim, bool sorted=True, bool return_inverse=False, bool return_counts=False) -> (Tensor, Tensor, Tensor)").not_differentiable();
  r.def<&unique_consecutive>("unique_consecutive(Tensor self, bool return_inverse=False, bool return_counts=False, int? dim=None) -> (Tensor, Tensor, Tensor)").not_differentiable();
  r.def<&bincount>("bincount(Tensor self, Tensor? weights=None, int minlength=0) -> Tensor").not_differentiable();
  r.def<&histc>("histc(Tensor self, int bins=100, Scalar min=0, Scalar max=0) -> Tensor").not_differentiable();
  r.def<&histc_out>("histc.out(Tensor self, int bins=100, Scalar min=0, Scalar max=0, *, Tensor(a!) out) -> Tensor(a!)").not_differentiable();
  r.def<&searchsorted_t>("searchsorted.Tensor(Tensor sorted_sequence, Tensor self, *, bool out_int32=False, bool right=False, str? side=None, Tensor? sorter=None) -> Tensor").not_differentiable();
  r.def<&searchsorted_out>("searchsorted.Tensor_out(Tensor sorted_sequence, Tensor self, *, bool out_int32=False, bool right=False, str? side=None, Tensor? sorter=None, Tensor(a!) out) -> Tensor(a!)").not_differentiable();
  r.def<&searchsorted_s>("searchsorted.Scalar(Tensor sorted_sequence, Scalar self, *, bool out_int32=False, bool right=False, str? side=None, Tensor? sorter=None) -> Tensor").not_differentiable();
  r.def<&bucketize_t>("bucketize.Tensor(Tensor self, Tensor boundaries, *, bool out_int32=False, bool right=False) -> Tensor").not_differentiable();
  r.def<&bucketize_out>("bucketize.Tensor_out(Tensor self, Tensor boundaries, *, bool out_int32=False, bool right=False, Tensor(a!) out) -> Tensor(a!)").not_differentiable();
  r.def<&bucketize_s>("bucketize.Scalar(Scalar self, Tensor boundaries, *, bool out_int32=False, bool right=False) -> Tensor").not_differentiable();
}

}  // namespace ts
