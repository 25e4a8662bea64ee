#include "tensor/reduce_iter.h"

#include <algorithm>

#include "tensor/iter.h"

namespace ts {

namespace {

struct PlanDim {
  int64_t size, in_stride, out_stride;
  bool reduced;
};

// Merges neighbours (innermost first) that step through memory as one dim.
void coalesce(std::vector<PlanDim>& dims, bool check_out) {
  std::vector<PlanDim> r;
  for (const PlanDim& d : dims) {
    if (!r.empty()) {
      PlanDim& b = r.back();
      bool in_ok = d.in_stride == b.in_stride * b.size;
      bool out_ok = !check_out || d.out_stride == b.out_stride * b.size;
      if (in_ok && out_ok) {
        b.size *= d.size;
        continue;
      }
    }
    r.push_back(d);
  }
  dims = std::move(r);
}

void build(ReducePlan& p, const Tensor& in, DimMask mask, IntArrayRef out_strides) {
  std::vector<PlanDim> dims;
  // Innermost logical dim first, so ties in stride keep the logical order.
  for (int64_t d = in.dim() - 1; d >= 0; --d) {
    if (in.sizes()[d] == 1) continue;
    dims.push_back({in.sizes()[d], in.strides()[d], out_strides[d], bool(mask >> d & 1)});
  }
  std::stable_sort(dims.begin(), dims.end(),
                   [](const PlanDim& a, const PlanDim& b) { return a.in_stride < b.in_stride; });
  std::vector<PlanDim> outs, reds;
  for (const PlanDim& d : dims) (d.reduced ? reds : outs).push_back(d);
  coalesce(outs, true);
  coalesce(reds, false);
  p.out_sizes.resize(0);
  p.out_in_strides.resize(0);
  p.out_strides.resize(0);
  p.red_sizes.resize(0);
  p.red_strides.resize(0);
  p.num_outputs = 1;
  p.reduce_size = 1;
  for (const PlanDim& d : outs) {
    p.out_sizes.push_back(d.size);
    p.out_in_strides.push_back(d.in_stride);
    p.out_strides.push_back(d.out_stride);
    p.num_outputs *= d.size;
  }
  for (const PlanDim& d : reds) {
    p.red_sizes.push_back(d.size);
    p.red_strides.push_back(d.in_stride);
    p.reduce_size *= d.size;
  }
  if (p.red_sizes.empty()) {
    p.red_sizes.push_back(1);
    p.red_strides.push_back(1);
  }
}

}  // namespace

void ReducePlan::offsets(int64_t o, int64_t& in_off, int64_t& out_off) const {
  in_off = 0;
  out_off = 0;
  for (size_t k = 0; k < out_sizes.size(); ++k) {
    int64_t i = o % out_sizes[k];
    o /= out_sizes[k];
    in_off += i * out_in_strides[k];
    out_off += i * out_strides[k];
  }
}

DimVector reduced_shape(IntArrayRef sizes, DimMask mask, bool keepdim) {
  DimVector r;
  for (size_t d = 0; d < sizes.size(); ++d) {
    if (mask >> d & 1) {
      if (keepdim) r.push_back(1);
    } else {
      r.push_back(sizes[d]);
    }
  }
  return r;
}

ReducePlan make_reduce_plan(const Tensor& in, DimMask mask) {
  ReducePlan p;
  if (in.numel() == 0) {
    // Nothing to read: every output reduces an empty row (the kernel writes the identity).
    p.input = in;
    p.num_outputs = compute_numel(reduced_shape(in.sizes(), mask, true));
    if (p.num_outputs > 1) {
      p.out_sizes = {p.num_outputs};
      p.out_in_strides = {0};
      p.out_strides = {1};
    }
    p.red_sizes = {0};
    p.red_strides = {1};
    p.reduce_size = 0;
    return p;
  }
  DimVector out_strides = contiguous_strides(reduced_shape(in.sizes(), mask, true));
  build(p, in, mask, out_strides);
  if (p.is_row() || p.is_col()) {
    p.input = in;
    return p;
  }
  // Neither shape: copy the input with the kept dims first and the reduced dims last, both in
  // logical order, so each output reads one contiguous row.
  DimVector sizes, strides, ostr;
  DimMask pmask = 0;
  for (int pass = 0; pass < 2; ++pass) {
    for (int64_t d = 0; d < in.dim(); ++d) {
      if (bool(mask >> d & 1) != bool(pass)) continue;
      if (pass) pmask |= DimMask(1) << sizes.size();
      sizes.push_back(in.sizes()[d]);
      strides.push_back(in.strides()[d]);
      ostr.push_back(out_strides[d]);
    }
  }
  Tensor view = make_view(in, sizes, strides, in.storage_offset());
  TensorOptions o(in.dtype());
  o.device = in.device();
  Tensor copy = empty(sizes, o);
  copy_into(copy, view);
  build(p, copy, pmask, ostr);
  TS_INTERNAL_ASSERT(p.is_row(), "reordered reduction input is not row-contiguous");
  p.input = copy;
  return p;
}

}  // namespace ts
