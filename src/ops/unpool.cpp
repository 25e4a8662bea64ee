// max_unpool2d (PyTorch 1.13's MaxUnpooling.cpp): the values scattered to the flat positions
// max_pool2d_with_indices returned, after a serial check of every index. A composite over
// scatter. max_unpool3d, which has its own kernel, is in pool3d.cpp.
#include "ops/api_pool.h"
#include "ops/linalg_nn_util.h"
#include "ops/ops.h"
#include "ops/registry.h"

namespace ts {

using namespace lnn;

Tensor max_unpool2d(const Tensor& self, const Tensor& indices, IntArrayRef output_size) {
  TS_CHECK(indices.dtype() == DType::Int64, "elements in indices should be type int64 but got: ",
           torch_type_name(indices.dtype()));
  TS_CHECK(output_size.size() == 2, "There should be exactly two elements (height, width) in "
           "output_size, but got ", output_size.size(), " elements.");
  TS_CHECK(self.dim() == 3 || self.dim() == 4, "Input to max_unpooling2d should be a 3d or 4d "
           "Tensor, but got a tensor with ", self.dim(), " dimensions.");
  TS_CHECK(self.sizes() == indices.sizes(), "Expected shape of indices to be same as that of the "
           "input tensor (", shape_str(self.sizes()), ") but got indices tensor with shape: ",
           shape_str(indices.sizes()));
  for (int64_t i = 1; i < self.dim(); ++i)
    TS_CHECK(self.size(i) > 0, "max_unpooling2d(): Expected input to have non-zero size for "
             "non-batch dimensions, but got ", shape_str(self.sizes()), " with dimension ", i,
             " being empty.");
  const DType t = self.dtype();
  if (!is_floating(t) || t == DType::Float16) not_implemented("max_unpool2d", t);
  const int64_t oh = output_size[0], ow = output_size[1];
  const bool batched = self.dim() == 4;
  Tensor x = batched ? self : unsqueeze(self, 0);
  Tensor idx = batched ? indices : unsqueeze(indices, 0);
  const int64_t n = x.size(0), ch = x.size(1);
  const int64_t plane = x.size(2) * x.size(3);
  Tensor flat_idx = reshape(idx, {n, ch, plane});
  {
    Tensor ic = contiguous(flat_idx);
    const int64_t* ip = ic.data<int64_t>();
    for (int64_t i = 0; i < ic.numel(); ++i)
      TS_CHECK(ip[i] >= 0 && ip[i] < oh * ow, "Found an invalid max index: ", ip[i],
               " (output volumes are of size ", oh, "x", ow);
  }
  Tensor out = scatter(zeros({n, ch, oh * ow}, options_of(self)), 2, flat_idx, reshape(x, {n, ch, plane}));
  out = reshape(out, {n, ch, oh, ow});
  return batched ? out : squeeze(out, 0);
}

TS_REGISTER_OPS(unpool) {
  r.def<&max_unpool2d>("max_unpool2d(Tensor self, Tensor indices, int[2] output_size) -> Tensor").composite_op().variants("");
}

}  // namespace ts
