// Data movement and structured matrices: repeat, tile, repeat_interleave, flip, fliplr, flipud,
// roll, rot90, tril, triu, diag, diag_embed, diagflat, broadcast_tensors, meshgrid,
// cartesian_prod, tril_indices, triu_indices. Most are compositions of views, copies and joins,
// as in PyTorch 1.13 (so their results have PyTorch's layouts); flip and the triangles have
// kernels in kernels/cpu/movement.cpp.
#include "ops/api_creation.h"
#include "ops/api_index.h"
#include "ops/api_movement.h"
#include "ops/api_reduce.h"
#include "ops/api_shape.h"
#include "ops/ops.h"
#include "ops/reduce_util.h"
#include "ops/registry.h"
#include "ops/sort_util.h"
#include "stubs/movement.h"

namespace ts {

TS_DEFINE_STUB(signed_strided_copy_stub);
TS_DEFINE_STUB(triangle_stub);
TS_DEFINE_STUB(repeat_index_stub);
TS_DEFINE_STUB(tri_indices_stub);

using sorting::options;

namespace {

Tensor triangle(const Tensor& self, int64_t diagonal, bool lower) {
  self.size(-2);  // PyTorch's check: at least two dims (IndexError otherwise)
  Tensor in = self.contiguous();
  Tensor out = empty(self.sizes(), options(self.dtype(), self.device()));
  triangle_stub(self.device().type, out, in, diagonal, lower);
  return out;
}

std::vector<int64_t> wrap_dims_unique(const Tensor& self, IntArrayRef dims) {
  std::vector<int64_t> r;
  uint64_t seen = 0;
  for (int64_t d : dims) {
    const int64_t w = wrap_dim(d, self.dim());
    TS_CHECK(!(seen >> w & 1), "dim ", w, " appears multiple times in the list of dims");
    seen |= uint64_t(1) << w;
    r.push_back(w);
  }
  return r;
}

}  // namespace

// ---- repeat, tile, repeat_interleave ----

Tensor repeat(const Tensor& self, IntArrayRef repeats) {
  TS_AUTOGRAD("repeat", self, repeats);
  TS_CHECK(int64_t(repeats.size()) >= self.dim(),
           "Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor");
  const size_t n = repeats.size(), pad = n - size_t(self.dim());
  DimVector target, inter, strides;
  for (size_t i = 0; i < n; ++i) {
    const int64_t s = i < pad ? 1 : self.sizes()[i - pad];
    target.push_back(s * repeats[i]);
    inter.push_back(repeats[i]);
    inter.push_back(s);
    strides.push_back(0);
    strides.push_back(i < pad ? 0 : self.strides()[i - pad]);
  }
  for (int64_t t : target)
    TS_CHECK(t >= 0, "Trying to create tensor with negative dimension ", t, ": ", shape_str(target));
  // Output as [r0, s0, r1, s1, ...]: the repeat dims read with stride 0.
  Tensor out = empty(inter, options(self.dtype(), self.device()));
  signed_strided_copy_stub(self.device().type, out, self, strides, 0);
  return view(out, target);
}

Tensor tile(const Tensor& self, IntArrayRef dims) {
  DimVector reps;
  for (int64_t i = int64_t(dims.size()); i < self.dim(); ++i) reps.push_back(1);
  for (int64_t d : dims) reps.push_back(d);
  return repeat(self, reps);
}

Tensor repeat_interleave(const Tensor& repeats, std::optional<int64_t> output_size) {
  TS_CHECK(repeats.dtype() == DType::Int64 || repeats.dtype() == DType::Int32,
           "\"repeat_interleave_cpu\" not implemented for '", scalar_type_name(repeats.dtype()), "'");
  TS_CHECK(repeats.dim() == 1, "repeat_interleave only accept 1D vector as repeat");
  if (repeats.numel() == 0) return empty({0}, options(repeats.dtype(), repeats.device()));
  Tensor rep = repeats.contiguous();
  Tensor cs = cumsum(rep, 0);
  const int64_t n = rep.numel();
  const int64_t needed = cs.select(0, n - 1).item<int64_t>();
  const int64_t total = output_size ? *output_size : needed;
  if (!output_size) TS_CHECK(min(rep).item<int64_t>() >= 0, "repeats can not be negative");
  TS_CHECK(total == needed, "allocated size does not match required size");
  TS_CHECK(min(rep).item<int64_t>() >= 0, "repeats can not be negative");
  Tensor out = empty({total}, options(repeats.dtype(), repeats.device()));
  repeat_index_stub(repeats.device().type, rep, cs, out);
  return out;
}

Tensor repeat_interleave(const Tensor& self, const Tensor& repeats, std::optional<int64_t> dim,
                         std::optional<int64_t> output_size) {
  Tensor input = self;
  int64_t d = 0;
  if (dim) d = *dim;
  else input = flatten(self);
  Tensor reps = repeats;
  if (repeats.dim() == 0 || (repeats.dim() == 1 && repeats.sizes()[0] == 1)) {
    reps = expand(reshape(repeats, {1}), {input.size(d)});
  } else if (repeats.dim() == 1) {
    TS_CHECK(repeats.sizes()[0] == input.size(d), "repeats must have the same size as input along dim");
  } else {
    TS_ERROR("repeats must be 0-dim or 1-dim tensor");
  }
  return index_select(input, d, repeat_interleave(reps, output_size));
}

Tensor repeat_interleave(const Tensor& self, int64_t repeats, std::optional<int64_t> dim,
                         std::optional<int64_t> output_size) {
  return repeat_interleave(self, full({1}, repeats, options(DType::Int64, self.device())), dim, output_size);
}

// ---- flips and rotations ----

Tensor flip(const Tensor& self, IntArrayRef dims) {
  TS_AUTOGRAD("flip", self, dims);
  const std::vector<int64_t> fd = wrap_dims_unique(self, dims);
  Tensor out = empty(self.sizes(), options(self.dtype(), self.device()));
  DimVector st(self.strides());
  int64_t offset = 0;
  for (int64_t d : fd) {
    if (self.dim() == 0) continue;
    offset += (self.sizes()[d] - 1) * st[size_t(d)];
    st[size_t(d)] = -st[size_t(d)];
  }
  signed_strided_copy_stub(self.device().type, out, self, st, offset);
  return out;
}

Tensor fliplr(const Tensor& self) {
  TS_CHECK(self.dim() >= 2, "Input must be >= 2-d.");
  return flip(self, {1});
}

Tensor flipud(const Tensor& self) {
  TS_CHECK(self.dim() >= 1, "Input must be >= 1-d.");
  return flip(self, {0});
}

Tensor roll(const Tensor& self, IntArrayRef shifts, IntArrayRef dims) {
  TS_AUTOGRAD("roll", self, shifts, dims);
  if (dims.size() != 1 || shifts.size() != 1) {
    TS_CHECK(!shifts.empty(), "`shifts` required");
    if (dims.empty() && shifts.size() == 1)
      return view(roll(view(self.contiguous(), {self.numel()}), shifts, {0}), self.sizes());
    TS_CHECK(shifts.size() == dims.size(), "shifts and dimensions must align. shifts: ", shifts.size(),
             ", dims:", dims.size());
    Tensor first = roll(self, {shifts[0]}, {dims[0]});
    return roll(first, IntArrayRef(shifts.data() + 1, shifts.size() - 1), IntArrayRef(dims.data() + 1, dims.size() - 1));
  }
  if (self.numel() == 0) return self.clone();
  const int64_t dim = dims[0], size = self.size(dim);
  int64_t start = (size - shifts[0]) % size;
  if (start < 0) start += size;
  return cat({narrow(self, dim, start, size - start), narrow(self, dim, 0, start)}, dim);
}

Tensor rot90(const Tensor& self, int64_t k, IntArrayRef dims) {
  const int64_t nd = self.dim();
  TS_CHECK(dims.size() == 2, "expected total rotation dims == 2, but got dims = ", dims.size());
  TS_CHECK(nd >= 2, "expected total dims >= 2, but got total dims = ", nd);
  TS_CHECK(dims[0] != dims[1] && std::abs(dims[0] - dims[1]) != nd,
           "expected rotation dims to be different, but got dim0 = ", dims[0], " and dim1 = ", dims[1]);
  TS_CHECK(dims[0] < nd && dims[0] >= -nd, "Rotation dim0 out of range, dim0 = ", dims[0]);
  TS_CHECK(dims[1] < nd && dims[1] >= -nd, "Rotation dim1 out of range, dim1 = ", dims[1]);
  switch ((4 + k % 4) % 4) {
    case 1: return transpose(flip(self, {dims[1]}), dims[0], dims[1]);
    case 2: return flip(self, dims);
    case 3: return transpose(flip(self, {dims[0]}), dims[0], dims[1]);
    default:
      return self.clone();  // PyTorch's rot90 with k % 4 == 0 is a clone
  }
}

// ---- triangles and diagonals ----

Tensor tril(const Tensor& self, int64_t diagonal) {
  TS_AUTOGRAD("tril", self, diagonal);
  return triangle(self, diagonal, true);
}
Tensor triu(const Tensor& self, int64_t diagonal) {
  TS_AUTOGRAD("triu", self, diagonal);
  return triangle(self, diagonal, false);
}
Tensor tril_(const Tensor& self, int64_t diagonal) {
  TS_AUTOGRAD("tril_", self, diagonal);
  copy_into(self, triangle(self, diagonal, true));
  return self;
}
Tensor triu_(const Tensor& self, int64_t diagonal) {
  TS_AUTOGRAD("triu_", self, diagonal);
  copy_into(self, triangle(self, diagonal, false));
  return self;
}
Tensor tril_out(const Tensor& self, int64_t diagonal, const Tensor& out) {
  reduce::check_out_dtype(out, self.dtype());
  return reduce::write_out(out, triangle(self, diagonal, true));
}
Tensor triu_out(const Tensor& self, int64_t diagonal, const Tensor& out) {
  reduce::check_out_dtype(out, self.dtype());
  return reduce::write_out(out, triangle(self, diagonal, false));
}

Tensor diag(const Tensor& self, int64_t diagonal) {
  TS_AUTOGRAD("diag", self, diagonal);
  TS_CHECK(self.dim() == 1 || self.dim() == 2, "matrix or a vector expected");
  if (self.dim() == 2) {
    // PyTorch 1.13 sizes the result min(rows, cols - d) (d >= 0) or min(rows + d, cols) and
    // fails on a negative size with this message.
    const int64_t r = self.sizes()[0], c = self.sizes()[1];
    TS_CHECK((diagonal >= 0 ? std::min(r, c - diagonal) : std::min(r + diagonal, c)) >= 0,
             "numel: integer multiplication overflow");
    return ts::diagonal(self, diagonal, 0, 1).clone();
  }
  const int64_t n = self.sizes()[0] + std::abs(diagonal);
  Tensor out = zeros({n, n}, options(self.dtype(), self.device()));
  copy_into(ts::diagonal(out, diagonal, 0, 1), self);
  return out;
}

Tensor diag_out(const Tensor& self, int64_t diagonal, const Tensor& out) {
  Tensor r = diag(self, diagonal);
  TS_CHECK(out.dtype() == self.dtype(), "expected scalar type ", scalar_type_name(self.dtype()), " but found ",
           scalar_type_name(out.dtype()));
  return reduce::write_out(out, r);
}

Tensor diag_embed(const Tensor& self, int64_t offset, int64_t dim1, int64_t dim2) {
  TS_AUTOGRAD("diag_embed", self, offset, dim1, dim2);
  const int64_t nd = self.dim() + 1;
  const int64_t d1 = wrap_dim(dim1, nd), d2 = wrap_dim(dim2, nd);
  TS_CHECK(d1 != d2, "diagonal dimensions cannot be identical ", dim1, ", ", dim2);
  const int64_t len = std::abs(offset) + self.size(-1);
  DimVector sz(self.sizes());
  sz.pop_back();
  sz.insert(size_t(std::min(d1, d2)), len);
  sz.insert(size_t(std::max(d1, d2)), len);
  Tensor out = zeros(sz, options(self.dtype(), self.device()));
  copy_into(ts::diagonal(out, offset, d1, d2), self);
  return out;
}

Tensor diagflat(const Tensor& self, int64_t offset) { return diag(view(self.contiguous(), {-1}), offset); }

// ---- broadcasting and grids ----

std::vector<Tensor> broadcast_tensors(const std::vector<Tensor>& tensors) {
  if (tensors.empty()) return {};
  DimVector shape(tensors[0].sizes());
  for (size_t i = 1; i < tensors.size(); ++i) shape = broadcast_shapes(shape, tensors[i].sizes());
  std::vector<Tensor> r;
  for (const Tensor& t : tensors) r.push_back(expand(t, shape));
  return r;
}

std::vector<Tensor> meshgrid(const std::vector<Tensor>& tensors, const std::string& indexing) {
  const size_t n = tensors.size();
  TS_CHECK(n > 0, "meshgrid expects a non-empty TensorList");
  for (size_t i = 0; i + 1 < n; ++i) {
    TS_CHECK(tensors[i].dtype() == tensors[i + 1].dtype(), "meshgrid expects all tensors to have the same dtype");
    TS_CHECK(tensors[i].device() == tensors[i + 1].device(), "meshgrid expects all tensors to have the same device");
  }
  std::vector<Tensor> ins(tensors);
  const bool swap = indexing == "xy" && n >= 2;
  TS_CHECK(indexing == "xy" || indexing == "ij",
           "torch.meshgrid: indexing must be one of \"xy\" or \"ij\", but received: ", indexing);
  if (swap) std::swap(ins[0], ins[1]);
  DimVector shape;
  for (const Tensor& t : ins) {
    TS_CHECK(t.dim() <= 1, "torch.meshgrid: Expected 0D or 1D tensor in the tensor list but got: a tensor of shape ",
             shape_str(t.sizes()));
    shape.push_back(t.numel());
  }
  std::vector<Tensor> grids;
  DimVector vs(n, 1);
  for (size_t i = 0; i < n; ++i) {
    vs[i] = -1;
    grids.push_back(expand(view(ins[i], vs), shape));
    vs[i] = 1;
  }
  if (swap) std::swap(grids[0], grids[1]);
  return grids;
}

Tensor cartesian_prod(const std::vector<Tensor>& tensors) {
  for (const Tensor& t : tensors) TS_CHECK(t.dim() == 1, "Expect a 1D vector, but got shape ", shape_str(t.sizes()));
  if (tensors.size() == 1) return tensors[0];
  std::vector<Tensor> grids = meshgrid(tensors, "ij");
  for (Tensor& g : grids) g = flatten(g);
  return stack(grids, 1);
}

namespace {
Tensor tri_indices(int64_t row, int64_t col, int64_t offset, TensorOptions opts, bool lower) {
  TS_CHECK(row >= 0, "row must be non-negative, got", row);
  TS_CHECK(col >= 0, "col must be non-negative, got", col);
  const DType t = opts.dtype_or_default();
  TS_CHECK(t == DType::Int32 || t == DType::Int64, "\"", lower ? "tril" : "triu", "_indices\" not implemented for '",
           scalar_type_name(t), "'");
  int64_t n = 0;
  for (int64_t i = 0; i < row; ++i) {
    const int64_t lo = lower ? 0 : std::max<int64_t>(0, i + offset);
    const int64_t hi = lower ? std::min<int64_t>(col, i + offset + 1) : col;
    n += std::max<int64_t>(0, hi - lo);
  }
  Tensor out = empty({2, n}, options(t, opts.device));
  tri_indices_stub(opts.device.type, out, row, col, offset, lower);
  return out;
}
}  // namespace

Tensor tril_indices(int64_t row, int64_t col, int64_t offset, TensorOptions opts) {
  return tri_indices(row, col, offset, opts, true);
}
Tensor triu_indices(int64_t row, int64_t col, int64_t offset, TensorOptions opts) {
  return tri_indices(row, col, offset, opts, false);
}

namespace {
// Boxed entry points for overloaded C++ names and factory arguments.
Tensor ri_tensor(const Tensor& r, std::optional<int64_t> os) { return repeat_interleave(r, os); }
Tensor ri_self_tensor(const Tensor& s, const Tensor& r, std::optional<int64_t> d, std::optional<int64_t> os) {
  return repeat_interleave(s, r, d, os);
}
Tensor ri_self_int(const Tensor& s, int64_t r, std::optional<int64_t> d, std::optional<int64_t> os) {
  return repeat_interleave(s, r, d, os);
}
std::vector<Tensor> meshgrid_ij(const std::vector<Tensor>& t) { return meshgrid(t, "ij"); }
std::vector<Tensor> meshgrid_idx(const std::vector<Tensor>& t, const std::string& i) { return meshgrid(t, i); }
// Layout? is only ever None.
using NoneArg = std::optional<int64_t>;
TensorOptions factory(std::optional<DType> dtype, std::optional<Device> device) {
  TensorOptions o(dtype.value_or(DType::Int64));
  if (device) o.device = *device;
  return o;
}
Tensor b_tril_indices(int64_t r, int64_t c, int64_t off, std::optional<DType> dt, NoneArg,
                      std::optional<Device> dev, std::optional<bool>) {
  return tril_indices(r, c, off, factory(dt, dev));
}
Tensor b_triu_indices(int64_t r, int64_t c, int64_t off, std::optional<DType> dt, NoneArg,
                      std::optional<Device> dev, std::optional<bool>) {
  return triu_indices(r, c, off, factory(dt, dev));
}
}  // namespace

// squeeze_(dim): drops self's size-1 dim `dim` in place (a metadata change; matmul's vector @
// matrix ends with it, so that result records SqueezeBackward3 and is no view, as in PyTorch).
Tensor squeeze_(const Tensor& self, int64_t dim) {
  TS_AUTOGRAD("squeeze_.dim", self, dim);
  const int64_t nd = self.dim();
  dim = wrap_dim(dim, nd);
  if (nd > 0 && self.sizes()[dim] == 1) {
    DimVector sizes(self.sizes()), strides(self.strides());
    sizes.erase(size_t(dim));
    strides.erase(size_t(dim));
    self.impl()->set_sizes_strides(std::move(sizes), std::move(strides), self.storage_offset());
  }
  self.bump_version();
  return self;
}

namespace {
// Swaps dims dim0 and dim1 (already wrapped) of self's view in place.
const Tensor& swap_dims_(const Tensor& self, int64_t dim0, int64_t dim1) {
  if (dim0 != dim1) {
    DimVector sizes(self.sizes()), strides(self.strides());
    std::swap(sizes[size_t(dim0)], sizes[size_t(dim1)]);
    std::swap(strides[size_t(dim0)], strides[size_t(dim1)]);
    self.impl()->set_sizes_strides(std::move(sizes), std::move(strides), self.storage_offset());
  }
  self.bump_version();
  return self;
}

// transpose_ (and its aliases swapaxes_, swapdims_): swaps two of self's dims in place.
Tensor transpose_(const Tensor& self, int64_t dim0, int64_t dim1) {
  TS_AUTOGRAD("transpose_", self, dim0, dim1);
  const int64_t nd = self.dim();
  return swap_dims_(self, wrap_dim(dim0, nd), wrap_dim(dim1, nd));
}

// t_: transpose_(0, 1) of a matrix; vectors and 0-dim tensors stay as they are.
Tensor t_(const Tensor& self) {
  TS_AUTOGRAD("t_", self);
  TS_CHECK(self.dim() <= 2, "t_() expects a tensor with <= 2 dimensions, but self is ", self.dim(), "D");
  return swap_dims_(self, 0, self.dim() < 2 ? 0 : 1);
}

// repeat: the gradient of every copy summed back onto the input.
Tensor repeat_back(const Tensor& grad, IntArrayRef sizes, const std::vector<int64_t>& reps) {
  const size_t pad = reps.size() - sizes.size();
  std::vector<int64_t> split, sum_dims;
  for (size_t i = 0; i < reps.size(); ++i) {
    const int64_t s = i < pad ? 1 : sizes[i - pad];
    sum_dims.push_back(int64_t(split.size()));
    split.push_back(reps[i]);
    split.push_back(s);
  }
  Tensor g = sum(reshape(grad, split), IntArrayRef(sum_dims));
  return reshape(g, sizes);
}
}  // namespace

TS_REGISTER_OPS(movement) {
  r.def<&repeat>("repeat(Tensor self, SymInt[] repeats) -> Tensor").variants("method");
  r.def<&tile>("tile(Tensor self, int[] dims) -> Tensor");
  r.def<&squeeze_>("squeeze_.dim(Tensor(a!) self, int dim) -> Tensor(a!)").variants("method");
  r.def<&transpose_>("transpose_(Tensor(a!) self, int dim0, int dim1) -> Tensor(a!)").variants("method");
  r.def<&t_>("t_(Tensor(a!) self) -> Tensor(a!)").variants("method");
  r.def<&transpose_>("swapaxes_(Tensor(a!) self, int axis0, int axis1) -> Tensor(a!)").variants("method")
      .composite_op();
  r.def<&transpose_>("swapdims_(Tensor(a!) self, int dim0, int dim1) -> Tensor(a!)").variants("method")
      .composite_op();
  r.def<&ri_tensor>("repeat_interleave.Tensor(Tensor repeats, *, int? output_size=None) -> Tensor").variants("function").not_differentiable();
  r.def<&ri_self_tensor>("repeat_interleave.self_Tensor(Tensor self, Tensor repeats, int? dim=None, *, int? output_size=None) -> Tensor").composite_op();
  r.def<&ri_self_int>("repeat_interleave.self_int(Tensor self, int repeats, int? dim=None, *, int? output_size=None) -> Tensor").composite_op();
  r.def<&flip>("flip(Tensor self, int[] dims) -> Tensor");
  r.def<&fliplr>("fliplr(Tensor self) -> Tensor");
  r.def<&flipud>("flipud(Tensor self) -> Tensor");
  r.def<&roll>("roll(Tensor self, int[1] shifts, int[1] dims=[]) -> Tensor");
  r.def<&rot90>("rot90(Tensor self, int k=1, int[] dims=[0,1]) -> Tensor");
  r.def<&tril>("tril(Tensor self, int diagonal=0) -> Tensor");
  r.def<&tril_out>("tril.out(Tensor self, int diagonal=0, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&tril_>("tril_(Tensor(a!) self, int diagonal=0) -> Tensor(a!)").variants("method");
  r.def<&triu>("triu(Tensor self, int diagonal=0) -> Tensor");
  r.def<&triu_out>("triu.out(Tensor self, int diagonal=0, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&triu_>("triu_(Tensor(a!) self, int diagonal=0) -> Tensor(a!)").variants("method");
  r.def<&diag>("diag(Tensor self, int diagonal=0) -> Tensor");
  r.def<&diag_out>("diag.out(Tensor self, int diagonal=0, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&diag_embed>("diag_embed(Tensor self, int offset=0, int dim1=-2, int dim2=-1) -> Tensor");
  r.def<&diagflat>("diagflat(Tensor self, int offset=0) -> Tensor");
  r.def<&broadcast_tensors>("broadcast_tensors(Tensor[] tensors) -> Tensor[]").variants("function");
  r.def<&meshgrid_ij>("meshgrid(Tensor[] tensors) -> Tensor[]").variants("function");
  r.def<&meshgrid_idx>("meshgrid.indexing(Tensor[] tensors, *, str indexing) -> Tensor[]").variants("function");
  r.def<&cartesian_prod>("cartesian_prod(Tensor[] tensors) -> Tensor").variants("function");
  r.def<&b_tril_indices>("tril_indices(int row, int col, int offset=0, *, ScalarType? dtype=long, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor").variants("function").not_differentiable();
  r.def<&b_triu_indices>("triu_indices(int row, int col, int offset=0, *, ScalarType? dtype=long, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor").variants("function").not_differentiable();

  // ---- movement ----
  r.entry("flip").grad("FlipBackward0", "", TS_GRAD({ return {flip(c.grad(), c.ints(1))}; }));
  r.entry("roll").grad("RollBackward0", "", TS_GRAD({
    std::vector<int64_t> back = c.ints(1);
    for (int64_t& s : back) s = -s;
    return {roll(c.grad(), back, c.ints(2))};
  }));
  r.entry("repeat").grad("RepeatBackward0", "", TS_GRAD({
    return {repeat_back(c.grad(), c.sizes(0), c.ints(1))};
  }));
  for (const char* n : {"tile", "fliplr", "flipud", "rot90", "diagflat"}) r.entry(n).composite_op();
  r.entry("diag").grad("DiagBackward0", "", TS_GRAD({
    const int64_t k = c.i64(1);
    if (c.sizes(0).size() == 1) return {diagonal(c.grad(), k, 0, 1)};
    TensorOptions o(c.grad().dtype());
    Tensor z = zeros(c.sizes(0), o);
    diagonal(z, k, 0, 1).copy_(c.grad());
    return {z};
  }));
  r.entry("diag_embed").grad("DiagEmbedBackward0", "", TS_GRAD({
    return {diagonal(c.grad(), c.i64(1), c.i64(2), c.i64(3))};
  }));
  r.entry("cartesian_prod").composite_op();
  r.entry("broadcast_tensors").composite_op();
  r.entry("meshgrid").composite_op();
  r.entry("meshgrid", "indexing").composite_op();
  r.grad_pair("tril", "TrilBackward0", "", TS_GRAD({ return {tril(c.grad(), c.i64(1))}; }));
  r.grad_pair("triu", "TriuBackward0", "", TS_GRAD({ return {triu(c.grad(), c.i64(1))}; }));

  // Derivatives (PyTorch 1.13's derivatives.yaml formulas and node names).
  r.entry("squeeze_", "dim").grad("SqueezeBackward3", "", TS_GRAD({ return {reshape(c.grad(), c.sizes(0))}; }));
  r.entry("t_").grad("TBackward1", "", TS_GRAD({ return {t(c.grad())}; }));
  r.entry("transpose_").grad("TransposeBackward1", "", TS_GRAD({
    return {transpose(c.grad(), c.i64(1), c.i64(2))};
  }));
}

}  // namespace ts
