// TensorIter: the strided N-ary loop engine under every pointwise op (like ATen's
// TensorIterator). It broadcasts operands, computes the common dtype, allocates outputs in
// the inputs' memory order, casts inputs, reorders and coalesces dimensions, and runs an inner
// 1-d loop over the result, split across threads with OpenMP above a grain size.
// See src/tensor/README.md, Note [TensorIter].
#pragma once

#include <functional>
#include <optional>
#include <vector>

#include "tensor/dispatch_stub.h"
#include "tensor/tensor.h"
#include "util/inline_vec.h"

namespace ts {

// Inner loop: data[i] points at element 0 of operand i (outputs first), strides[i] is its byte
// stride, n the number of elements.
using Loop1d = std::function<void(char** data, const int64_t* strides, int64_t n)>;

constexpr int64_t kGrainSize = 32768;
constexpr size_t kMaxOperands = 8;

class TensorIter;

class TensorIterConfig {
 public:
  // An undefined tensor asks the iterator to allocate the output.
  TensorIterConfig& add_output(const Tensor& t);
  TensorIterConfig& add_input(const Tensor& t);
  // Inputs are converted to the common dtype (PyTorch's result_type) before the loop.
  TensorIterConfig& promote_inputs_to_common_dtype(bool v = true);
  // Integer and bool inputs promote to the default float dtype (true division, sqrt, ...).
  TensorIterConfig& promote_integer_inputs_to_float(bool v = true);
  // Outputs of another dtype receive the result through a cast (with PyTorch's can_cast check).
  TensorIterConfig& cast_common_dtype_to_outputs(bool v = true);
  // Allocated outputs get this dtype instead of the common one (comparisons: bool).
  TensorIterConfig& output_dtype(DType t);
  // Force the common dtype (skips result_type).
  TensorIterConfig& common_dtype(DType t);
  // Defined outputs whose shape differs are resized (out= semantics) instead of an error.
  TensorIterConfig& resize_outputs(bool v = true);
  // The op name used in error messages.
  TensorIterConfig& name(const char* n);
  // copy_: outputs keep their dtype (the kernel converts) and their shape (inputs broadcast to it).
  TensorIterConfig& copy_mode(bool v = true);
  // Without promotion, inputs may keep different dtypes (where's bool condition); the common
  // dtype is then the first input's.
  TensorIterConfig& check_all_same_dtype(bool v);
  // Off: outputs may repeat elements (stride 0), as in PyTorch's idempotent threshold_.
  TensorIterConfig& check_mem_overlap(bool v);
  TensorIter build();

 private:
  friend class TensorIter;
  util::InlineVec<Tensor, kMaxOperands> outputs_, inputs_;
  bool promote_ = false, int_to_float_ = false, cast_outputs_ = false, resize_ = true, copy_ = false;
  std::optional<DType> output_dtype_, common_dtype_;
  const char* name_ = "";
  bool check_same_dtype_ = true, check_overlap_ = true;
};

class TensorIter {
 public:
  static TensorIter unary_op(const Tensor& out, const Tensor& a);
  static TensorIter binary_op(const Tensor& out, const Tensor& a, const Tensor& b);
  // Same as binary_op, with int inputs promoted to float (div, atan2, ...).
  static TensorIter binary_float_op(const Tensor& out, const Tensor& a, const Tensor& b);
  static TensorIter comparison_op(const Tensor& out, const Tensor& a, const Tensor& b);

  int ntensors() const { return int(ops_.size()); }
  int noutputs() const { return noutputs_; }
  // The tensor the caller sees (the user's out= tensor when one was given).
  const Tensor& output(int i = 0) const { return ops_[i].original.defined() ? ops_[i].original : ops_[i].tensor; }
  // The tensor operand i that the loop reads or writes.
  const Tensor& operand(int i) const { return ops_[i].tensor; }
  DType dtype(int i = 0) const { return ops_[i].tensor.dtype(); }
  DType common_dtype() const { return common_dtype_; }
  DType input_dtype(int i = 0) const { return ops_[noutputs_ + i].tensor.dtype(); }
  Device device() const { return device_; }
  int64_t numel() const { return numel_; }
  // The broadcast shape, in the user's dimension order.
  IntArrayRef shape() const { return shape_; }
  // Shape and byte strides after reordering and coalescing (dim 0 fastest).
  int ndim() const { return int(loop_shape_.size()); }
  IntArrayRef loop_shape() const { return loop_shape_; }
  IntArrayRef loop_strides(int op) const { return ops_[op].strides; }
  bool is_contiguous() const;
  // True when operand `op` is the same element everywhere (stride 0 in every dim).
  bool is_scalar(int op) const;
  char* data(int op) const { return static_cast<char*>(ops_[op].tensor.data_ptr()); }

  // Runs `loop` over every element, in parallel above `grain` elements, then writes results
  // into outputs that needed a cast.
  void for_each(const Loop1d& loop, int64_t grain = kGrainSize);
  void serial_for_each(const Loop1d& loop, int64_t begin, int64_t end) const;

 private:
  friend class TensorIterConfig;
  struct Operand {
    Tensor tensor;    // what the loop touches
    Tensor original;  // the user's output when `tensor` is a temporary of the common dtype
    DimVector strides;
  };
  void finish();
  bool build_fast(TensorIterConfig& c);
  util::InlineVec<Operand, kMaxOperands> ops_;
  int noutputs_ = 0;
  DType common_dtype_ = DType::Float32;
  Device device_;
  int64_t numel_ = 0;
  DimVector shape_, loop_shape_;
};

// Broadcast two shapes (PyTorch's infer_size with its error message).
DimVector broadcast_shapes(IntArrayRef a, IntArrayRef b);
// PyTorch's result_type over tensors (0-dim and wrapped numbers take part less).
DType result_type(util::ArrayRef<Tensor> tensors);
// Whether a value of dtype `from` may be written into `to` by an op (no float -> int, ...).
bool can_cast(DType from, DType to);

// Element-wise copy with dtype conversion; both tensors have the iterator's shape.
TS_DECLARE_STUB(copy_stub, void(TensorIter&));
// PyTorch's assert_no_internal_overlap: an output with an expanded (stride-0) dim of size > 1
// cannot be written (TensorIter checks its outputs; ops that write otherwise call it).
void assert_no_internal_overlap(const Tensor& t);
// dst.copy_(src) with broadcasting and conversion; the primitive under `to` and casts.
void copy_into(const Tensor& dst, const Tensor& src);

}  // namespace ts
