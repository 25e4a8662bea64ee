// pixel_shuffle / pixel_unshuffle (PyTorch 1.13's PixelShuffle.cpp): a data-movement kernel
// (kernels/cpu/pixel_shuffle.cpp); each op is the other's derivative.
#include "ops/api_nn.h"
#include "ops/linalg_nn_util.h"
#include "ops/ops.h"
#include "ops/registry.h"
#include "stubs/movement.h"
#include "tensor/dispatch_stub.h"
#include "tensor/grad_mode.h"

namespace ts {

TS_DEFINE_STUB(pixel_shuffle_stub);

using namespace lnn;

namespace {

// [..., C, H, W] through the kernel as [B, C, H, W] (leading dims folded).
Tensor shuffle_run(const Tensor& self, IntArrayRef out_tail, int64_t r, bool inverse) {
  const int64_t nb = self.dim() - 3;
  DimVector out_shape(IntArrayRef(self.sizes().data(), size_t(nb)));
  int64_t b = 1;
  for (int64_t i = 0; i < nb; ++i) b *= self.size(i);
  for (int64_t v : out_tail) out_shape.push_back(v);
  Tensor out = empty(out_shape, options_of(self));
  if (out.numel() == 0) return out;
  Tensor in = contiguous(self);
  pixel_shuffle_stub(in.device().type, reshape_local(out, {b, out_tail[0], out_tail[1], out_tail[2]}),
                     reshape_local(in, {b, self.size(-3), self.size(-2), self.size(-1)}), r, inverse);
  return out;
}

}  // namespace

Tensor pixel_shuffle(const Tensor& self, int64_t r) {
  TS_AUTOGRAD("pixel_shuffle", self, r);
  TS_CHECK(self.dim() >= 3, "pixel_shuffle expects input to have at least 3 dimensions, but got "
           "input with ", self.dim(), " dimension(s)");
  TS_CHECK(r > 0, "pixel_shuffle expects a positive upscale_factor, but got ", r);
  const int64_t c = self.size(-3), h = self.size(-2), w = self.size(-1), r2 = r * r;
  TS_CHECK(c % r2 == 0, "pixel_shuffle expects its input's 'channel' dimension to be divisible by "
           "the square of upscale_factor, but input.size(-3)=", c, " is not divisible by ", r2);
  return shuffle_run(self, {c / r2, h * r, w * r}, r, false);
}

Tensor pixel_unshuffle(const Tensor& self, int64_t r) {
  TS_AUTOGRAD("pixel_unshuffle", self, r);
  TS_CHECK(self.dim() >= 3, "pixel_unshuffle expects input to have at least 3 dimensions, but got "
           "input with ", self.dim(), " dimension(s)");
  TS_CHECK(r > 0, "pixel_unshuffle expects a positive downscale_factor, but got ", r);
  const int64_t c = self.size(-3), h = self.size(-2), w = self.size(-1);
  TS_CHECK(h % r == 0, "pixel_unshuffle expects height to be divisible by downscale_factor, but "
           "input.size(-2)=", h, " is not divisible by ", r);
  TS_CHECK(w % r == 0, "pixel_unshuffle expects width to be divisible by downscale_factor, but "
           "input.size(-1)=", w, " is not divisible by ", r);
  if (self.numel() == 0) return clone(self);  // PyTorch returns empty inputs as they are
  return shuffle_run(self, {c * r * r, h / r, w / r}, r, true);
}

TS_REGISTER_OPS(pixel_shuffle) {
  r.def<&pixel_shuffle>("pixel_shuffle(Tensor self, int upscale_factor) -> Tensor").variants("function")
      .grad("PixelShuffleBackward0", "", TS_GRAD({
        // Empty tensors: pixel_unshuffle hands them back unchanged, so give the input's shape.
        if (c.grad().numel() == 0) return {zeros(c.sizes(0), options_of(c.grad()))};
        return {pixel_unshuffle(c.grad(), c.i64(1))};
      }));
  r.def<&pixel_unshuffle>("pixel_unshuffle(Tensor self, int downscale_factor) -> Tensor").variants("function")
      .grad("PixelUnshuffleBackward0", "", TS_GRAD({
        if (c.grad().numel() == 0) return {zeros(c.sizes(0), options_of(c.grad()))};
        return {pixel_shuffle(c.grad(), c.i64(1))};
      }));
}

}  // namespace ts
