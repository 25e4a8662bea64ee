// View, shape, join and introspection ops against PyTorch 1.13. The sizes, strides, storage
// offsets and values in the tables below were printed by /usr/bin/python3 with torch for the
// PyTorch expression quoted in each line.
#include <doctest/doctest.h>

#include <functional>
#include <string>
#include <vector>

#include "ops/ops.h"
#include "ops/registry.h"

using namespace ts;

namespace {

template <typename F>
Error error_of(F&& f) {
  try {
    f();
  } catch (const Error& e) {
    return e;
  }
  FAIL("expected a ts::Error");
  return Error(ErrorKind::Runtime, "");
}

std::vector<float> float_values(const Tensor& t) {
  Tensor c = contiguous(t);
  const float* p = c.data<float>();
  return std::vector<float>(p, p + c.numel());
}

struct Bases {
  Tensor x = arange(24.0).view({2, 3, 4});
  Tensor xt = permute(x, {2, 0, 1});
  Tensor y = slice(arange(12.0).view({3, 4}), 1, 1, 3);
  Tensor z = arange(6.0).view({1, 3, 1, 2});
  Tensor col = arange(3.0).view({3, 1});
  Tensor s = tensor(5.0);
  bool shares(const Tensor& t) const {
    for (const Tensor* b : {&x, &y, &z, &col, &s})
      if (t.impl()->storage().get() == b->impl()->storage().get()) return true;
    return false;
  }
};

void check_geometry(const char* what, const Tensor& t, std::vector<int64_t> sizes,
                    std::vector<int64_t> strides, int64_t offset) {
  INFO(what);
  CHECK(t.sizes().vec() == sizes);
  CHECK(t.strides().vec() == strides);
  CHECK(t.storage_offset() == offset);
}

}  // namespace

TEST_CASE("views: sizes, strides, offsets, values and storage sharing match PyTorch") {
  Bases b;
  const Tensor &x = b.x, &xt = b.xt, &y = b.y, &z = b.z, &col = b.col, &s = b.s;
  auto check_view = [&](const char* what, const Tensor& t, std::vector<int64_t> sizes,
                        std::vector<int64_t> strides, int64_t offset, std::vector<float> vals,
                        bool shares) {
    check_geometry(what, t, sizes, strides, offset);
    INFO(what);
    if (!vals.empty()) CHECK(float_values(t) == vals);
    CHECK(b.shares(t) == shares);
  };
  check_view("x.view(6,4)", view(x, {6, 4}), {6, 4}, {4, 1}, 0,
             {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23},
             true);
  check_view("x.view(-1)", view(x, {-1}), {24}, {1}, 0,
             {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23},
             true);
  check_view("x.view(4,-1,2)", view(x, {4, -1, 2}), {4, 3, 2}, {6, 2, 1}, 0,
             {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23},
             true);
  check_view("x.transpose(0,1).view(3,2,2,2)", view(transpose(x, 0, 1), {3, 2, 2, 2}), {3, 2, 2, 2},
             {4, 12, 2, 1}, 0,
             {0, 1, 2, 3, 12, 13, 14, 15, 4, 5, 6, 7, 16, 17, 18, 19, 8, 9, 10, 11, 20, 21, 22, 23},
             true);
  check_view("y.view(3,2,1)", view(y, {3, 2, 1}), {3, 2, 1}, {4, 1, 1}, 1, {1, 2, 5, 6, 9, 10},
             true);
  check_view("y.view(3,1,2)", view(y, {3, 1, 2}), {3, 1, 2}, {4, 2, 1}, 1, {1, 2, 5, 6, 9, 10},
             true);
  check_view("y.view(1,3,2)", view(y, {1, 3, 2}), {1, 3, 2}, {12, 4, 1}, 1, {1, 2, 5, 6, 9, 10},
             true);
  check_view("xt.view(4,2,3)", view(xt, {4, 2, 3}), {4, 2, 3}, {1, 12, 4}, 0,
             {0, 4, 8, 12, 16, 20, 1, 5, 9, 13, 17, 21, 2, 6, 10, 14, 18, 22, 3, 7, 11, 15, 19, 23},
             true);
  check_view("xt.view(2,2,2,3)", view(xt, {2, 2, 2, 3}), {2, 2, 2, 3}, {2, 1, 12, 4}, 0,
             {0, 4, 8, 12, 16, 20, 1, 5, 9, 13, 17, 21, 2, 6, 10, 14, 18, 22, 3, 7, 11, 15, 19, 23},
             true);
  check_view("z.view(3,2)", view(z, {3, 2}), {3, 2}, {2, 1}, 0, {0, 1, 2, 3, 4, 5}, true);
  check_view("z[:, :, :, :1].view(3)", view(slice(z, 3, 0, 1), {3}), {3}, {2}, 0, {0, 2, 4}, true);
  check_view("s.view(1,1)", view(s, {1, 1}), {1, 1}, {1, 1}, 0, {5}, true);
  check_view("s.view(-1)", view(s, {-1}), {1}, {1}, 0, {5}, true);
  check_view("torch.empty(0,3).view(3,0)", view(empty({0, 3}), {3, 0}), {3, 0}, {1, 1}, 0, {},
             false);
  check_view("torch.empty(0,3).view(0)", view(empty({0, 3}), {0}), {0}, {1}, 0, {}, false);
  check_view("torch.empty(2,0,3).view(3,0,2)", view(empty({2, 0, 3}), {3, 0, 2}), {3, 0, 2},
             {2, 2, 1}, 0, {}, false);
  check_view("x.transpose(0,1).reshape(3,8)", reshape(transpose(x, 0, 1), {3, 8}), {3, 8}, {8, 1},
             0,
             {0, 1, 2, 3, 12, 13, 14, 15, 4, 5, 6, 7, 16, 17, 18, 19, 8, 9, 10, 11, 20, 21, 22, 23},
             false);
  check_view("x.reshape(4,6)", reshape(x, {4, 6}), {4, 6}, {6, 1}, 0,
             {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23},
             true);
  check_view("xt.reshape(-1)", reshape(xt, {-1}), {24}, {1}, 0,
             {0, 4, 8, 12, 16, 20, 1, 5, 9, 13, 17, 21, 2, 6, 10, 14, 18, 22, 3, 7, 11, 15, 19, 23},
             false);
  check_view("y.reshape(6)", reshape(y, {6}), {6}, {1}, 0, {1, 2, 5, 6, 9, 10}, false);
  check_view("x.flatten()", flatten(x), {24}, {1}, 0,
             {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23},
             true);
  check_view("x.flatten(1)", flatten(x, 1), {2, 12}, {12, 1}, 0,
             {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23},
             true);
  check_view("xt.flatten(0,1)", flatten(xt, 0, 1), {8, 3}, {3, 1}, 0,
             {0, 4, 8, 12, 16, 20, 1, 5, 9, 13, 17, 21, 2, 6, 10, 14, 18, 22, 3, 7, 11, 15, 19, 23},
             false);
  check_view("xt.flatten(1,2)", flatten(xt, 1, 2), {4, 6}, {1, 4}, 0,
             {0, 4, 8, 12, 16, 20, 1, 5, 9, 13, 17, 21, 2, 6, 10, 14, 18, 22, 3, 7, 11, 15, 19, 23},
             true);
  check_view("s.flatten()", flatten(s), {1}, {1}, 0, {5}, true);
  check_view("x.unflatten(2, (2,2))", unflatten(x, 2, {2, 2}), {2, 3, 2, 2}, {12, 4, 2, 1}, 0,
             {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23},
             true);
  check_view("x.unflatten(-1, (-1,2))", unflatten(x, -1, {-1, 2}), {2, 3, 2, 2}, {12, 4, 2, 1}, 0,
             {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23},
             true);
  check_view(
      "xt.unflatten(0, (2,1,2))", unflatten(xt, 0, {2, 1, 2}), {2, 1, 2, 2, 3}, {2, 2, 1, 12, 4}, 0,
      {0, 4, 8, 12, 16, 20, 1, 5, 9, 13, 17, 21, 2, 6, 10, 14, 18, 22, 3, 7, 11, 15, 19, 23}, true);
  check_view("z.squeeze()", squeeze(z), {3, 2}, {2, 1}, 0, {0, 1, 2, 3, 4, 5}, true);
  check_view("z.squeeze(0)", squeeze(z, 0), {3, 1, 2}, {2, 2, 1}, 0, {0, 1, 2, 3, 4, 5}, true);
  check_view("z.squeeze(1)", squeeze(z, 1), {1, 3, 1, 2}, {6, 2, 2, 1}, 0, {0, 1, 2, 3, 4, 5},
             true);
  check_view("z.squeeze(-2)", squeeze(z, -2), {1, 3, 2}, {6, 2, 1}, 0, {0, 1, 2, 3, 4, 5}, true);
  check_view("s.squeeze()", squeeze(s), {}, {}, 0, {5}, true);
  check_view("s.squeeze(0)", squeeze(s, 0), {}, {}, 0, {5}, true);
  check_view("x.unsqueeze(0)", unsqueeze(x, 0), {1, 2, 3, 4}, {24, 12, 4, 1}, 0,
             {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23},
             true);
  check_view("x.unsqueeze(3)", unsqueeze(x, 3), {2, 3, 4, 1}, {12, 4, 1, 1}, 0,
             {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23},
             true);
  check_view("x.unsqueeze(-2)", unsqueeze(x, -2), {2, 3, 1, 4}, {12, 4, 4, 1}, 0,
             {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23},
             true);
  check_view("xt.unsqueeze(1)", unsqueeze(xt, 1), {4, 1, 2, 3}, {1, 24, 12, 4}, 0,
             {0, 4, 8, 12, 16, 20, 1, 5, 9, 13, 17, 21, 2, 6, 10, 14, 18, 22, 3, 7, 11, 15, 19, 23},
             true);
  check_view("y.unsqueeze(2)", unsqueeze(y, 2), {3, 2, 1}, {4, 1, 1}, 1, {1, 2, 5, 6, 9, 10}, true);
  check_view("s.unsqueeze(0)", unsqueeze(s, 0), {1}, {1}, 0, {5}, true);
  check_view("x.permute(2,0,1)", permute(x, {2, 0, 1}), {4, 2, 3}, {1, 12, 4}, 0,
             {0, 4, 8, 12, 16, 20, 1, 5, 9, 13, 17, 21, 2, 6, 10, 14, 18, 22, 3, 7, 11, 15, 19, 23},
             true);
  check_view("x.permute(-1,0,-2)", permute(x, {-1, 0, -2}), {4, 2, 3}, {1, 12, 4}, 0,
             {0, 4, 8, 12, 16, 20, 1, 5, 9, 13, 17, 21, 2, 6, 10, 14, 18, 22, 3, 7, 11, 15, 19, 23},
             true);
  check_view("x.transpose(0,2)", transpose(x, 0, 2), {4, 3, 2}, {1, 4, 12}, 0,
             {0, 12, 4, 16, 8, 20, 1, 13, 5, 17, 9, 21, 2, 14, 6, 18, 10, 22, 3, 15, 7, 19, 11, 23},
             true);
  check_view("x.transpose(-1,-1)", transpose(x, -1, -1), {2, 3, 4}, {12, 4, 1}, 0,
             {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23},
             true);
  check_view("y.t()", t(y), {2, 3}, {1, 4}, 1, {1, 5, 9, 2, 6, 10}, true);
  check_view("torch.arange(3.).t()", t(arange(3.0)), {3}, {1}, 0, {0, 1, 2}, false);
  check_view("x.swapaxes(0,1)", swapaxes(x, 0, 1), {3, 2, 4}, {4, 12, 1}, 0,
             {0, 1, 2, 3, 12, 13, 14, 15, 4, 5, 6, 7, 16, 17, 18, 19, 8, 9, 10, 11, 20, 21, 22, 23},
             true);
  check_view("col.expand(2,3,4)", expand(col, {2, 3, 4}), {2, 3, 4}, {0, 1, 0}, 0,
             {0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2}, true);
  check_view("col.expand(-1,4)", expand(col, {-1, 4}), {3, 4}, {1, 0}, 0,
             {0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2}, true);
  check_view("x[:, :1].expand(2,5,4)", expand(slice(x, 1, 0, 1), {2, 5, 4}), {2, 5, 4}, {12, 0, 1},
             0, {0,  1,  2,  3,  0,  1,  2,  3,  0,  1,  2,  3,  0,  1,  2,  3,  0,  1,  2,  3,
                 12, 13, 14, 15, 12, 13, 14, 15, 12, 13, 14, 15, 12, 13, 14, 15, 12, 13, 14, 15},
             true);
  check_view("s.expand(2,3)", expand(s, {2, 3}), {2, 3}, {0, 0}, 0, {5, 5, 5, 5, 5, 5}, true);
  check_view("col.expand(3,0)", expand(col, {3, 0}), {3, 0}, {1, 0}, 0, {}, true);
  check_view("torch.broadcast_to(col, (2,3,2))", broadcast_to(col, {2, 3, 2}), {2, 3, 2}, {0, 1, 0},
             0, {0, 0, 1, 1, 2, 2, 0, 0, 1, 1, 2, 2}, true);
  check_view("x.narrow(1,1,2)", narrow(x, 1, 1, 2), {2, 2, 4}, {12, 4, 1}, 4,
             {4, 5, 6, 7, 8, 9, 10, 11, 16, 17, 18, 19, 20, 21, 22, 23}, true);
  check_view("x.narrow(-1,2,2)", narrow(x, -1, 2, 2), {2, 3, 2}, {12, 4, 1}, 2,
             {2, 3, 6, 7, 10, 11, 14, 15, 18, 19, 22, 23}, true);
  check_view("x.narrow(1,3,0)", narrow(x, 1, 3, 0), {2, 0, 4}, {12, 4, 1}, 12, {}, true);
  check_view("x.narrow(2,-3,2)", narrow(x, 2, -3, 2), {2, 3, 2}, {12, 4, 1}, 1,
             {1, 2, 5, 6, 9, 10, 13, 14, 17, 18, 21, 22}, true);
  check_view("x.select(1,-1)", select(x, 1, -1), {2, 4}, {12, 1}, 8, {8, 9, 10, 11, 20, 21, 22, 23},
             true);
  check_view("x.select(0,1)", select(x, 0, 1), {3, 4}, {4, 1}, 12,
             {12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23}, true);
  check_view("xt.select(2,1)", select(xt, 2, 1), {4, 2}, {1, 12}, 4, {4, 16, 5, 17, 6, 18, 7, 19},
             true);
  check_view("x[:, 1:]", slice(x, 1, 1), {2, 2, 4}, {12, 4, 1}, 4,
             {4, 5, 6, 7, 8, 9, 10, 11, 16, 17, 18, 19, 20, 21, 22, 23}, true);
  check_view("x[..., ::2]", slice(x, 2, std::nullopt, std::nullopt, 2), {2, 3, 2}, {12, 4, 2}, 0,
             {0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22}, true);
  check_view("x[:, -2:]", slice(x, 1, -2), {2, 2, 4}, {12, 4, 1}, 4,
             {4, 5, 6, 7, 8, 9, 10, 11, 16, 17, 18, 19, 20, 21, 22, 23}, true);
  check_view("x[:, 5:]", slice(x, 1, 5), {2, 0, 4}, {12, 4, 1}, 12, {}, true);
  check_view("x[:, 1:-1]", slice(x, 1, 1, -1), {2, 1, 4}, {12, 4, 1}, 4,
             {4, 5, 6, 7, 16, 17, 18, 19}, true);
  check_view("x[:, :, 1:100:3]", slice(x, 2, 1, 100, 3), {2, 3, 1}, {12, 4, 3}, 1,
             {1, 5, 9, 13, 17, 21}, true);
  check_view("x[:, -100:2]", slice(x, 1, -100, 2), {2, 2, 4}, {12, 4, 1}, 0,
             {0, 1, 2, 3, 4, 5, 6, 7, 12, 13, 14, 15, 16, 17, 18, 19}, true);
  check_view("x[:, 2:1]", slice(x, 1, 2, 1), {2, 0, 4}, {12, 4, 1}, 8, {}, true);
  check_view("xt[1:3, :, ::2]", slice(slice(xt, 0, 1, 3), 2, 0, std::nullopt, 2), {2, 2, 2},
             {1, 12, 8}, 1, {1, 9, 13, 21, 2, 10, 14, 22}, true);
  check_view("x.as_strided((3,3),(1,2),5)", as_strided(x, {3, 3}, {1, 2}, 5), {3, 3}, {1, 2}, 5,
             {5, 7, 9, 6, 8, 10, 7, 9, 11}, true);
  check_view("y.as_strided((2,2),(2,1))", as_strided(y, {2, 2}, {2, 1}), {2, 2}, {2, 1}, 1,
             {1, 2, 3, 4}, true);
  check_view("x.as_strided((0,4),(1,1),30)", as_strided(x, {0, 4}, {1, 1}, 30), {0, 4}, {1, 1}, 30,
             {}, true);
  check_view("x.movedim(0,2)", movedim(x, 0, 2), {3, 4, 2}, {4, 1, 12}, 0,
             {0, 12, 1, 13, 2, 14, 3, 15, 4, 16, 5, 17, 6, 18, 7, 19, 8, 20, 9, 21, 10, 22, 11, 23},
             true);
  check_view("x.movedim((0,1),(2,0))", movedim(x, {0, 1}, {2, 0}), {3, 4, 2}, {4, 1, 12}, 0,
             {0, 12, 1, 13, 2, 14, 3, 15, 4, 16, 5, 17, 6, 18, 7, 19, 8, 20, 9, 21, 10, 22, 11, 23},
             true);
  check_view("x.moveaxis(-1,0)", movedim(x, -1, 0), {4, 2, 3}, {1, 12, 4}, 0,
             {0, 4, 8, 12, 16, 20, 1, 5, 9, 13, 17, 21, 2, 6, 10, 14, 18, 22, 3, 7, 11, 15, 19, 23},
             true);
  check_view("x.diagonal()", diagonal(x), {4, 2}, {1, 16}, 0, {0, 16, 1, 17, 2, 18, 3, 19}, true);
  check_view("x.diagonal(1,1,2)", diagonal(x, 1, 1, 2), {2, 3}, {12, 5}, 1, {1, 6, 11, 13, 18, 23},
             true);
  check_view("x.diagonal(-1,2,1)", diagonal(x, -1, 2, 1), {2, 3}, {12, 5}, 1,
             {1, 6, 11, 13, 18, 23}, true);
  check_view("x.diagonal(5)", diagonal(x, 5), {4, 0}, {1, 16}, 0, {}, true);
  check_view("xt.diagonal(0, 0, 2)", diagonal(xt, 0, 0, 2), {2, 3}, {12, 5}, 0,
             {0, 5, 10, 12, 17, 22}, true);
  check_view("torch.arange(8.).unfold(0,3,2)", unfold(arange(8.0), 0, 3, 2), {3, 3}, {2, 1}, 0,
             {0, 1, 2, 2, 3, 4, 4, 5, 6}, false);
  check_view("x.unfold(2,2,1)", unfold(x, 2, 2, 1), {2, 3, 3, 2}, {12, 4, 1, 1}, 0,
             {0,  1,  1,  2,  2,  3,  4,  5,  5,  6,  6,  7,  8,  9,  9,  10, 10, 11,
              12, 13, 13, 14, 14, 15, 16, 17, 17, 18, 18, 19, 20, 21, 21, 22, 22, 23},
             true);
  check_view("x.unfold(1,3,3)", unfold(x, 1, 3, 3), {2, 1, 4, 3}, {12, 12, 1, 4}, 0,
             {0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11, 12, 16, 20, 13, 17, 21, 14, 18, 22, 15, 19, 23},
             true);
  check_view("s.unfold(0,1,1)", unfold(s, 0, 1, 1), {1}, {1}, 0, {5}, true);
  check_view("x.view(torch.float16)", view_dtype(x, DType::Float16), {2, 3, 8}, {24, 8, 1}, 0, {},
             true);
  check_view("x.view(torch.float64)", view_dtype(x, DType::Float64), {2, 3, 2}, {6, 2, 1}, 0, {},
             true);
  check_view("y.view(torch.int32)", view_dtype(y, DType::Int32), {3, 2}, {4, 1}, 1, {}, true);
  check_view("x.detach()", detach(x), {2, 3, 4}, {12, 4, 1}, 0,
             {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23},
             true);
  check_view("x.view_as(torch.empty(4,6))", view_as(x, empty({4, 6})), {4, 6}, {6, 1}, 0,
             {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23},
             true);
  check_view("xt.reshape_as(torch.empty(4,6))", reshape_as(xt, empty({4, 6})), {4, 6}, {1, 4}, 0,
             {0, 4, 8, 12, 16, 20, 1, 5, 9, 13, 17, 21, 2, 6, 10, 14, 18, 22, 3, 7, 11, 15, 19, 23},
             true);
  check_view(
      "col.expand_as(torch.empty(2,3,5))", expand_as(col, empty({2, 3, 5})), {2, 3, 5}, {0, 1, 0},
      0, {0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2},
      true);
}

TEST_CASE("joins: dtype, sizes, strides and values match PyTorch") {
  Tensor x = arange(6.0).view({2, 3});
  Tensor xi = arange(6, DType::Int32).view({2, 3});
  auto check_join = [](const char* what, const Tensor& t, DType dtype, std::vector<int64_t> sizes,
                       std::vector<int64_t> strides, std::vector<float> vals) {
    check_geometry(what, t, sizes, strides, 0);
    INFO(what);
    CHECK(t.dtype() == dtype);
    if (!vals.empty()) CHECK(float_values(t) == vals);
  };
  check_join("torch.cat([x, x])", cat({x, x}), DType::Float32, {4, 3}, {3, 1},
             {0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5});
  check_join("torch.cat([x, x], 1)", cat({x, x}, 1), DType::Float32, {2, 6}, {6, 1},
             {0, 1, 2, 0, 1, 2, 3, 4, 5, 3, 4, 5});
  check_join("torch.cat([x, x.t().contiguous().t()], -1)", cat({x, t(contiguous(t(x)))}, -1),
             DType::Float32, {2, 6}, {6, 1}, {0, 1, 2, 0, 1, 2, 3, 4, 5, 3, 4, 5});
  check_join("torch.cat([x.t(), x.t()], 0)", cat({t(x), t(x)}, 0), DType::Float32, {6, 2}, {2, 1},
             {0, 3, 1, 4, 2, 5, 0, 3, 1, 4, 2, 5});
  check_join("torch.cat([x[:, ::2], x[:, 1:]], 1)", cat({slice(x, 1, 0, 3, 2), slice(x, 1, 1)}, 1),
             DType::Float32, {2, 4}, {4, 1}, {0, 2, 1, 2, 3, 5, 4, 5});
  check_join("torch.cat([xi, x])", cat({xi, x}), DType::Float32, {4, 3}, {3, 1},
             {0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5});
  check_join("torch.cat([xi, xi.to(torch.bool)])", cat({xi, to_dtype(xi, DType::Bool)}),
             DType::Int32, {4, 3}, {3, 1}, {});
  check_join("torch.cat([x.to(torch.bool), x.half()])",
             cat({to_dtype(x, DType::Bool), to_dtype(x, DType::Float16)}), DType::Float16, {4, 3},
             {3, 1}, {});
  check_join("torch.cat([x, torch.empty(0)], 1)", cat({x, empty({0})}, 1), DType::Float32, {2, 3},
             {3, 1}, {0, 1, 2, 3, 4, 5});
  check_join("torch.cat([torch.empty(0), x], -1)", cat({empty({0}), x}, -1), DType::Float32, {2, 3},
             {3, 1}, {0, 1, 2, 3, 4, 5});
  check_join("torch.cat([x, torch.empty(0,3)], 0)", cat({x, empty({0, 3})}, 0), DType::Float32,
             {2, 3}, {3, 1}, {0, 1, 2, 3, 4, 5});
  check_join("torch.cat([torch.empty(0), torch.empty(0)], 5)", cat({empty({0}), empty({0})}, 5),
             DType::Float32, {0}, {1}, {});
  check_join("torch.cat([torch.arange(3.)])", cat({arange(3.0)}), DType::Float32, {3}, {1},
             {0, 1, 2});
  check_join("torch.stack([x, x+0])", stack({x, x}), DType::Float32, {2, 2, 3}, {6, 3, 1},
             {0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5});
  check_join("torch.stack([x, x], 1)", stack({x, x}, 1), DType::Float32, {2, 2, 3}, {6, 3, 1},
             {0, 1, 2, 0, 1, 2, 3, 4, 5, 3, 4, 5});
  check_join("torch.stack([x, x], -1)", stack({x, x}, -1), DType::Float32, {2, 3, 2}, {6, 2, 1},
             {0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5});
  check_join("torch.stack([xi, x], 2)", stack({xi, x}, 2), DType::Float32, {2, 3, 2}, {6, 2, 1},
             {0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5});
  check_join("torch.stack([torch.tensor(1.), torch.tensor(2.)])", stack({tensor(1.0), tensor(2.0)}),
             DType::Float32, {2}, {1}, {1, 2});
  check_join("torch.hstack([torch.tensor(1.), torch.arange(3.)])",
             hstack({tensor(1.0), arange(3.0)}), DType::Float32, {4}, {1}, {1, 0, 1, 2});
  check_join("torch.hstack([x, x])", hstack({x, x}), DType::Float32, {2, 6}, {6, 1},
             {0, 1, 2, 0, 1, 2, 3, 4, 5, 3, 4, 5});
  check_join("torch.vstack([torch.arange(3.), x])", vstack({arange(3.0), x}), DType::Float32,
             {3, 3}, {3, 1}, {0, 1, 2, 0, 1, 2, 3, 4, 5});
  check_join("torch.dstack([torch.arange(3.), torch.arange(3.)])",
             dstack({arange(3.0), arange(3.0)}), DType::Float32, {1, 3, 2}, {6, 2, 1},
             {0, 0, 1, 1, 2, 2});
  check_join("torch.dstack([x, x])", dstack({x, x}), DType::Float32, {2, 3, 2}, {6, 2, 1},
             {0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5});
  check_join("torch.column_stack([torch.arange(2.), x])", column_stack({arange(2.0), x}),
             DType::Float32, {2, 4}, {4, 1}, {0, 0, 1, 2, 1, 3, 4, 5});
  check_join("torch.atleast_3d(torch.arange(3.))", atleast_3d(arange(3.0)), DType::Float32,
             {1, 3, 1}, {3, 1, 1}, {0, 1, 2});
  check_join("torch.atleast_2d(torch.tensor(4.))", atleast_2d(tensor(4.0)), DType::Float32, {1, 1},
             {1, 1}, {4});
}

TEST_CASE("splits are views with PyTorch's sizes, strides and offsets") {
  Tensor x = arange(6.0).view({2, 3});
  auto check_split = [](const char* what, const std::vector<Tensor>& parts,
                        std::vector<std::vector<int64_t>> sizes,
                        std::vector<std::vector<int64_t>> strides, std::vector<int64_t> offsets) {
    INFO(what);
    REQUIRE(parts.size() == sizes.size());
    for (size_t i = 0; i < parts.size(); ++i) {
      check_geometry(what, parts[i], sizes[i], strides[i], offsets[i]);
    }
  };
  check_split("torch.split(x, 2, 1)", split(x, 2, 1), {{2, 2}, {2, 1}}, {{3, 1}, {3, 1}}, {0, 2});
  check_split("torch.split(x, 5, 1)", split(x, 5, 1), {{2, 3}}, {{3, 1}}, {0});
  check_split("torch.split(torch.arange(7.), 3)", split(arange(7.0), 3), {{3}, {3}, {1}},
              {{1}, {1}, {1}}, {0, 3, 6});
  check_split("torch.split(torch.empty(0,2), 0)", split(empty({0, 2}), 0), {{0, 2}}, {{2, 1}}, {0});
  check_split("torch.split(x, [1,2], 1)", split_with_sizes(x, {1, 2}, 1), {{2, 1}, {2, 2}},
              {{3, 1}, {3, 1}}, {0, 1});
  check_split("torch.split(x, [0,3,0], -1)", split_with_sizes(x, {0, 3, 0}, -1),
              {{2, 0}, {2, 3}, {2, 0}}, {{3, 1}, {3, 1}, {3, 1}}, {0, 0, 3});
  check_split("torch.chunk(torch.arange(5.), 4)", chunk(arange(5.0), 4), {{2}, {2}, {1}},
              {{1}, {1}, {1}}, {0, 2, 4});
  check_split("torch.chunk(torch.arange(6.), 4)", chunk(arange(6.0), 4), {{2}, {2}, {2}},
              {{1}, {1}, {1}}, {0, 2, 4});
  check_split("torch.chunk(torch.empty(0), 3)", chunk(empty({0}), 3), {{0}, {0}, {0}},
              {{1}, {1}, {1}}, {0, 0, 0});
  check_split("torch.chunk(x, 2, 1)", chunk(x, 2, 1), {{2, 2}, {2, 1}}, {{3, 1}, {3, 1}}, {0, 2});
  check_split("torch.tensor_split(torch.arange(7.), 3)", tensor_split(arange(7.0), 3),
              {{3}, {2}, {2}}, {{1}, {1}, {1}}, {0, 3, 5});
  check_split("torch.tensor_split(torch.arange(7.), [1, 5, 3, 9])",
              tensor_split_indices(arange(7.0), {1, 5, 3, 9}), {{1}, {4}, {0}, {4}, {0}},
              {{1}, {1}, {1}, {1}, {1}}, {0, 1, 5, 3, 7});
  check_split("torch.tensor_split(x, 2, 1)", tensor_split(x, 2, 1), {{2, 2}, {2, 1}},
              {{3, 1}, {3, 1}}, {0, 2});
  check_split("torch.tensor_split(torch.arange(7.), [-2])", tensor_split_indices(arange(7.0), {-2}),
              {{5}, {2}}, {{1}, {1}}, {0, 5});
  check_split("torch.hsplit(x, 3)", hsplit(x, 3), {{2, 1}, {2, 1}, {2, 1}},
              {{3, 1}, {3, 1}, {3, 1}}, {0, 1, 2});
  check_split("torch.vsplit(x, 2)", vsplit(x, 2), {{1, 3}, {1, 3}}, {{3, 1}, {3, 1}}, {0, 3});
  check_split("torch.dsplit(torch.arange(8.).view(1,2,4), 2)",
              dsplit(arange(8.0).view({1, 2, 4}), 2), {{1, 2, 2}, {1, 2, 2}},
              {{8, 4, 1}, {8, 4, 1}}, {0, 2});
  check_split("x.unbind(1)", unbind(x, 1), {{2}, {2}, {2}}, {{3}, {3}, {3}}, {0, 1, 2});
  check_split("x.unbind()", unbind(x), {{3}, {3}}, {{1}, {1}}, {0, 3});
}

TEST_CASE("views write through to their base and share its version counter") {
  Tensor x = arange(24.0).view({2, 3, 4});
  select(x, 1, 2).fill_(-1);
  auto v = float_values(x);
  CHECK(v[8] == -1);
  CHECK(v[11] == -1);
  CHECK(v[20] == -1);
  CHECK(v[7] == 7);
  narrow(transpose(x, 0, 2), 0, 0, 1).fill_(100);  // x[..., 0]
  v = float_values(x);
  CHECK(v[0] == 100);
  CHECK(v[12] == 100);
  CHECK(v[1] == 1);
  slice(flatten(x), 0, 1, std::nullopt, 12).fill_(7);  // elements 1 and 13
  v = float_values(x);
  CHECK(v[1] == 7);
  CHECK(v[13] == 7);
  Tensor d = detach(x);
  CHECK(d.data_ptr() == x.data_ptr());
  CHECK(!d.is_same(x));
  const uint32_t before = x.version();
  d.bump_version();
  CHECK(x.version() == before + 1);
  CHECK(view(x, {-1}).version() == x.version());
  // reshape copies exactly when view cannot.
  CHECK(reshape(x, {6, 4}).data_ptr() == x.data_ptr());
  CHECK(reshape(transpose(x, 0, 1), {3, 8}).data_ptr() != x.data_ptr());
  // flatten with start == end is the input itself, as in PyTorch.
  CHECK(flatten(x, 1, 1).is_same(x));
}

TEST_CASE("Tensor methods declared in tensor.h run the view ops") {
  Tensor x = arange(24.0).view({2, 3, 4});
  CHECK(x.reshape({4, 6}).sizes().vec() == std::vector<int64_t>{4, 6});
  CHECK(x.transpose(0, 2).strides().vec() == std::vector<int64_t>{1, 4, 12});
  CHECK(x.permute({1, 2, 0}).strides().vec() == std::vector<int64_t>{4, 1, 12});
  CHECK(x.select(0, 1).storage_offset() == 12);
  CHECK(x.narrow(2, 1, 2).storage_offset() == 1);
  CHECK(x.slice(1, 1, std::nullopt, 2).sizes().vec() == std::vector<int64_t>{2, 1, 4});
  CHECK(x.unsqueeze(1).squeeze().sizes().vec() == std::vector<int64_t>{2, 3, 4});
  CHECK(x.unsqueeze(0).squeeze(0).sizes().vec() == std::vector<int64_t>{2, 3, 4});
  CHECK(x.flatten(0, 1).sizes().vec() == std::vector<int64_t>{6, 4});
  CHECK(x.select(0, 0).t().strides().vec() == std::vector<int64_t>{1, 4});
  CHECK(x.select(0, 0).select(0, 0).expand({3, 4}).strides().vec() == std::vector<int64_t>{0, 1});
  CHECK(x.as_strided({2}, {5}, 1).storage_offset() == 1);
  CHECK(x.detach().data_ptr() == x.data_ptr());
}

TEST_CASE("view, shape and join errors carry PyTorch's messages") {
  Tensor x = arange(6.0).view({2, 3});
  Tensor s = tensor(1.0);
  struct Case {
    std::function<void()> f;
    ErrorKind kind;
    const char* msg;
  };
  const ErrorKind R = ErrorKind::Runtime, I = ErrorKind::Index;
  const std::vector<Case> cases = {
      {[&] { view(t(x), {6}); }, R,
       "view size is not compatible with input tensor's size and stride (at least one dimension "
       "spans across two contiguous subspaces). Use .reshape(...) instead."},
      {[&] {
         view(x, {4, -1});
       },
       R, "shape '[4, -1]' is invalid for input of size 6"},
      {[&] { view(x, {7}); }, R, "shape '[7]' is invalid for input of size 6"},
      {[&] {
         view(x, {-1, -1});
       },
       R, "only one dimension can be inferred"},
      {[&] {
         view(x, {-2, 3});
       },
       R, "invalid shape dimension -2"},
      {[&] {
         view(empty({0}), {-1, 0});
       },
       R,
       "cannot reshape tensor of 0 elements into shape [-1, 0] because the unspecified dimension "
       "size -1 can be any value and is ambiguous"},
      {[&] {
         unflatten(x, 1, {2, 2});
       },
       R,
       "unflatten: Provided sizes [2, 2] don't multiply up to the size of dim 1 (3) in the input "
       "tensor"},
      {[&] { unflatten(x, 1, {}); }, R, "unflatten: sizes must be non-empty"},
      {[&] {
         unflatten(x, 1, {-1, -1});
       },
       R, "unflatten got an unexpected error:\nonly one dimension can be inferred"},
      {[&] { flatten(x, 1, 0); }, R,
       "flatten() has invalid args: start_dim cannot come after end_dim"},
      {[&] { squeeze(x, 2); }, I,
       "Dimension out of range (expected to be in range of [-2, 1], but got 2)"},
      {[&] { unsqueeze(x, 3); }, I,
       "Dimension out of range (expected to be in range of [-3, 2], but got 3)"},
      {[&] { squeeze(s, -2); }, I,
       "Dimension out of range (expected to be in range of [-1, 0], but got -2)"},
      {[&] { permute(x, {0}); }, R,
       "permute(sparse_coo): number of dimensions in the tensor input does not match the length of "
       "the desired ordering of dimensions i.e. input.dim() = 2 is not equal to len(dims) = 1"},
      {[&] {
         permute(x, {0, 0});
       },
       R, "permute(): duplicate dims are not allowed."},
      {[&] { transpose(x, 0, 2); }, I,
       "Dimension out of range (expected to be in range of [-2, 1], but got 2)"},
      {[&] {
         t(empty({2, 3, 4}));
       },
       R, "t() expects a tensor with <= 2 dimensions, but self is 3D"},
      {[&] { expand(x, {3}); }, R,
       "expand(torch.FloatTensor{[2, 3]}, size=[3]): the number of sizes provided (1) must be "
       "greater or equal to the number of dimensions in the tensor (2)"},
      {[&] { expand(to_dtype(x, DType::Int32), {3}); }, R,
       "expand(torch.IntTensor{[2, 3]}, size=[3]): the number of sizes provided (1) must be "
       "greater or equal to the number of dimensions in the tensor (2)"},
      {[&] {
         expand(x, {3, 3});
       },
       R,
       "The expanded size of the tensor (3) must match the existing size (2) at non-singleton "
       "dimension 0.  Target sizes: [3, 3].  Tensor sizes: [2, 3]"},
      {[&] {
         expand(x, {2, -2});
       },
       R,
       "The expanded size of the tensor (-2) must match the existing size (3) at non-singleton "
       "dimension 1.  Target sizes: [2, -2].  Tensor sizes: [2, 3]"},
      {[&] {
         expand(x, {-1, 2, 3});
       },
       R,
       "The expanded size of the tensor (-1) isn't allowed in a leading, non-existing dimension 0"},
      {[&] { expand(s, {-1}); }, R, "numel: integer multiplication overflow"},
      {[&] { narrow(x, 1, 4, 1); }, I,
       "Dimension out of range (expected to be in range of [-3, 2], but got 4)"},
      {[&] { narrow(x, 1, 2, 2); }, R, "start (2) + length (2) exceeds dimension size (3)."},
      {[&] { narrow(x, 1, 0, -1); }, R, "start (0) + length (-1) exceeds dimension size (3)."},
      {[&] { narrow(s, 0, 0, 1); }, R, "narrow() cannot be applied to a 0-dim tensor."},
      {[&] { select(x, 1, 3); }, I,
       "select(): index 3 out of range for tensor of size [2, 3] at dimension 1"},
      {[&] { select(x, 1, -4); }, I,
       "select(): index -4 out of range for tensor of size [2, 3] at dimension 1"},
      {[&] { select(s, 0, 0); }, I, "select() cannot be applied to a 0-dim tensor."},
      {[&] { slice(x, 1, 0, 3, 0); }, R, "slice step must be positive"},
      {[&] { slice(x, 1, 0, 3, -1); }, R, "slice step must be positive"},
      {[&] { slice(s, 0, 0, 3, 1); }, I, "slice() cannot be applied to a 0-dim tensor."},
      {[&] {
         as_strided(x, {2, 2}, {1, -1});
       },
       R, "as_strided: Negative strides are not supported at the moment, got strides: [1, -1]"},
      {[&] {
         as_strided(x, {2, 2}, {1});
       },
       R, "mismatch in length of strides and shape"},
      {[&] {
         as_strided(x, {4, 4}, {1, 1});
       },
       R,
       "setStorage: sizes [4, 4], strides [1, 1], storage offset 0, and itemsize 4 requiring a "
       "storage size of 28 are out of bounds for storage of size 24"},
      {[&] {
         as_strided(x, {2, 2}, {1, 1}, -1);
       },
       R, "Tensor: invalid storage offset -1"},
      {[&] {
         movedim(x, {0, 1}, {0});
       },
       R,
       "movedim: Invalid source or destination dims: source ([0, 1] dims) should contain the same "
       "number of dims as destination ([0] dims)"},
      {[&] {
         movedim(x, {0, 0}, {0, 1});
       },
       R, "movedim: repeated dim in `source` ([0, 0])"},
      {[&] {
         movedim(x, {0, 1}, {1, 1});
       },
       R, "movedim: repeated dim in `destination` ([1, 1])"},
      {[&] { movedim(x, 2, 0); }, I,
       "Dimension out of range (expected to be in range of [-2, 1], but got 2)"},
      {[&] { unbind(s); }, I, "Dimension specified as 0 but tensor has no dimensions"},
      {[&] { unbind(s, 1); }, I,
       "Dimension out of range (expected to be in range of [-1, 0], but got 1)"},
      {[&] { diagonal(x, 0, 1, -1); }, R, "diagonal dimensions cannot be identical 1, -1"},
      {[&] { unfold(x, 1, 4, 1); }, R, "maximum size for tensor at dimension 1 is 3 but size is 4"},
      {[&] { unfold(x, 1, 2, 0); }, R, "step is 0 but must be > 0"},
      {[&] { unfold(x, 1, -1, 1); }, R,
       "Storage size calculation overflowed with sizes=[2, 5, -1] and strides=[3, 1, 1]"},
      {[&] { view_dtype(arange(5.0), DType::Float64); }, R,
       "self.size(-1) must be divisible by 2 to view Float as Double (different element sizes), "
       "but got 5"},
      {[&] { view_dtype(s, DType::Float64); }, R,
       "self.dim() cannot be 0 to view Float as Double (different element sizes)"},
      {[&] { view_dtype(t(x), DType::Float16); }, R,
       "self.stride(-1) must be 1 to view Float as Half (different element sizes), but got 3"},
      {[&] { x.size(2); }, I,
       "Dimension out of range (expected to be in range of [-2, 1], but got 2)"},
      {[&] {
         cat({x, empty({2, 2})});
       },
       R,
       "Sizes of tensors must match except in dimension 0. Expected size 3 but got size 2 for "
       "tensor number 1 in the list."},
      {[&] {
         cat({x, empty({2})}, 1);
       },
       R, "Tensors must have same number of dimensions: got 2 and 1"},
      {[&] {
         cat({x, empty({2, 0})}, 0);
       },
       R,
       "Sizes of tensors must match except in dimension 0. Expected size 3 but got size 0 for "
       "tensor number 1 in the list."},
      {[&] {
         cat({x, s});
       },
       R, "zero-dimensional tensor (at position 1) cannot be concatenated"},
      {[&] { cat({}); }, R, "torch.cat(): expected a non-empty list of Tensors"},
      {[&] { cat({x}, 2); }, I,
       "Dimension out of range (expected to be in range of [-2, 1], but got 2)"},
      {[&] {
         cat({x, x}, -3);
       },
       I, "Dimension out of range (expected to be in range of [-2, 1], but got -3)"},
      {[&] {
         cat_out({x, x}, 0, empty({0}, DType::Int32));
       },
       R, "torch.cat(): input types can't be cast to the desired output type Int"},
      {[&] {
         cat_out({x, x}, 0, x);
       },
       R,
       "unsupported operation: some elements of the input tensor and the written-to tensor refer "
       "to "
       "a single memory location. Please clone() the tensor before performing the operation."},
      {[&] {
         stack({x, empty({3, 2})});
       },
       R,
       "stack expects each tensor to be equal size, but got [2, 3] at entry 0 and [3, 2] at entry "
       "1"},
      {[&] { stack({}); }, R, "stack expects a non-empty TensorList"},
      {[&] {
         stack({x, x}, 3);
       },
       I, "Dimension out of range (expected to be in range of [-3, 2], but got 3)"},
      {[&] { split(x, 0); }, R,
       "split_size can only be 0 if dimension size is 0, but got dimension size of 2"},
      {[&] { split(x, -1); }, R, "split expects split_size be non-negative, but got split_size=-1"},
      {[&] { split(s, 1); }, R, "split expects at least a 1-dimensional tensor"},
      {[&] {
         split_with_sizes(x, {1, 3}, 1);
       },
       R,
       "split_with_sizes expects split_sizes to sum exactly to 3 (input tensor's size at dimension "
       "1), but got split_sizes=[1, 3]"},
      {[&] {
         split_with_sizes(x, {4, -1}, 1);
       },
       R,
       "split_with_sizes expects split_sizes have only non-negative entries, but got "
       "split_sizes=[4, -1]"},
      {[&] { chunk(x, 0); }, R, "chunk expects `chunks` to be greater than 0, got: 0"},
      {[&] { chunk(s, 3); }, R, "chunk expects at least a 1-dimensional tensor"},
      {[&] { tensor_split(arange(7), 0); }, R, "number of sections must be larger than 0, got 0"},
      {[&] { tensor_split(tensor(1), 2); }, R,
       "tensor_split expected at least a 1-dimensional tensor, but got a tensor with 0 dims"},
      {[&] {
         ops::call("tensor_split", {IValue(arange(7)), IValue(tensor({2.0}))});
       },
       R, "tensor_split expected tensor_indices_or_sections to have dtype of long, but got Float"},
      {[&] { hstack({}); }, R, "hstack expects a non-empty TensorList"},
      {[&] { vstack({}); }, R, "vstack expects a non-empty TensorList"},
      {[&] { dstack({}); }, R, "dstack expects a non-empty TensorList"},
      {[&] { column_stack({}); }, R, "column_stack expects a non-empty TensorList"},
      {[&] { hsplit(x, 2); }, R,
       "torch.hsplit attempted to split along dimension 1, but the size of the dimension 3 is not "
       "divisible by the split_size 2!"},
      {[&] { hsplit(s, 2); }, R,
       "torch.hsplit requires a tensor with at least 1 dimension, but got a tensor with 0 "
       "dimensions!"},
      {[&] { vsplit(arange(3.0), 2); }, R,
       "torch.vsplit requires a tensor with at least 2 dimension, but got a tensor with 1 "
       "dimensions!"},
      {[&] { dsplit(x, 2); }, R,
       "torch.dsplit requires a tensor with at least 3 dimension, but got a tensor with 2 "
       "dimensions!"},
      {[&] {
         ops::call("narrow", {IValue(arange(6)), IValue(0), IValue(tensor(2.0)), IValue(2)});
       },
       R, "start must be an 0-dim integral Tensor."},
  };
  for (size_t i = 0; i < cases.size(); ++i) {
    INFO("case " << i << ": " << cases[i].msg);
    Error e = error_of(cases[i].f);
    CHECK(std::string(e.what()) == cases[i].msg);
    CHECK(e.kind() == cases[i].kind);
  }
}

TEST_CASE("cat: out=, legacy empty tensors, zero-size and large contiguous inputs") {
  Tensor x = arange(6.0).view({2, 3});
  Tensor out = empty({1}, DType::Float64);
  cat_out({x, x}, 1, out);
  CHECK(out.sizes().vec() == std::vector<int64_t>{2, 6});
  CHECK(out.dtype() == DType::Float64);
  CHECK(float_values(to_dtype(out, DType::Float32)) ==
        std::vector<float>{0, 1, 2, 0, 1, 2, 3, 4, 5, 3, 4, 5});
  // Zero-size inputs of the right rank take part in the shape checks.
  Tensor e = cat({empty({0, 3}), empty({0, 3})});
  CHECK(e.sizes().vec() == std::vector<int64_t>{0, 3});
  // Large contiguous blocks: along dim 0 (one block per input) and dim 1 (many rows).
  Tensor a = arange(300000.0).view({1000, 300});
  Tensor b = arange(100000.0).view({1000, 100});
  Tensor c1 = cat({a, b}, 1);
  auto v = float_values(c1);
  CHECK(v[0] == 0);
  CHECK(v[299] == 299);
  CHECK(v[300] == 0);
  CHECK(v[399] == 99);
  CHECK(v[400] == 300);
  CHECK(v[999 * 400 + 399] == 99999);
  Tensor c0 = cat({a.view({-1}), b.view({-1})});
  v = float_values(c0);
  CHECK(v[299999] == 299999);
  CHECK(v[300000] == 0);
  CHECK(v[399999] == 99999);
  // Many tiny blocks (stack along the last dim), split across threads: out[i][j][k] = in_k[i][j].
  std::vector<Tensor> parts;
  for (int k = 0; k < 4; ++k)
    parts.push_back(arange(k * 30000.0, (k + 1) * 30000.0).view({300, 100}));
  Tensor st = stack(parts, -1);
  CHECK(st.sizes().vec() == std::vector<int64_t>{300, 100, 4});
  v = float_values(st);
  size_t bad = 0;
  for (int64_t i = 0; i < 300 * 100; ++i)
    for (int64_t k = 0; k < 4; ++k)
      if (v[size_t(i * 4 + k)] != float(k * 30000 + i)) ++bad;
  CHECK(bad == 0);
  // Mixed dtypes and a transposed input go through the general path.
  Tensor m = cat({to_dtype(a, DType::Int32), t(t(b))}, 1);
  CHECK(m.dtype() == DType::Float32);
  CHECK(float_values(m) == float_values(c1));
}

TEST_CASE("introspection ops through the registry") {
  Tensor x = arange(24.0).view({2, 3, 4});
  Tensor xt = transpose(x, 0, 2);
  CHECK(ops::call("size", {IValue(x), IValue(-1)})[0].to_int() == 4);
  CHECK(ops::call("size", {IValue(x)})[0].to_int_list() == std::vector<int64_t>{2, 3, 4});
  CHECK(ops::call("stride", {IValue(xt), IValue(0)})[0].to_int() == 1);
  CHECK(ops::call("stride", {IValue(xt)})[0].to_int_list() == std::vector<int64_t>{1, 4, 12});
  CHECK(ops::call("dim", {IValue(x)})[0].to_int() == 3);
  CHECK(ops::call("numel", {IValue(x)})[0].to_int() == 24);
  CHECK(ops::call("is_contiguous", {IValue(x)})[0].to_bool());
  CHECK(!ops::call("is_contiguous", {IValue(xt)})[0].to_bool());
  CHECK(ops::call("is_floating_point", {IValue(x)})[0].to_bool());
  IValue item = ops::call("item", {IValue(select(flatten(x), 0, 5))})[0];
  CHECK(item.is_double());
  CHECK(item.to_double() == 5.0);
  CHECK(ops::call("item", {IValue(tensor(7))})[0].to_int() == 7);
  CHECK(std::string(error_of([&] { ops::call("item", {IValue(x)}); }).what()) ==
        "a Tensor with 24 elements cannot be converted to Scalar");
  Tensor ti = ops::call("type_as", {IValue(x), IValue(tensor(1))})[0].to_tensor();
  CHECK(ti.dtype() == DType::Int64);
  // x.to(other), x.to(device, dtype), x.to(dtype=...), x.to('cpu') and the no-copy cases.
  Tensor o = ops::call("to", {IValue(x), IValue(empty({1}, DType::Float64))})[0].to_tensor();
  CHECK(o.dtype() == DType::Float64);
  Tensor same = ops::call("to", {IValue(x), IValue("cpu")})[0].to_tensor();
  CHECK(same.is_same(x));
  Tensor cp = ops::call("to", {IValue(x), IValue("cpu")}, {{"copy", IValue(true)}})[0].to_tensor();
  CHECK(cp.data_ptr() != x.data_ptr());
  Tensor kd = ops::call("to", {IValue(x)}, {{"dtype", IValue(DType::Int32)}})[0].to_tensor();
  CHECK(kd.dtype() == DType::Int32);
  Tensor dd =
      ops::call("to", {IValue(xt), IValue(Device()), IValue(DType::Float16)})[0].to_tensor();
  CHECK(dd.dtype() == DType::Float16);
  CHECK(dd.strides().vec() == std::vector<int64_t>{1, 4, 12});  // preserve_format
  // Boxed view ops pick the right overloads.
  auto parts =
      ops::call("split", {IValue(x), IValue(IntArrayRef{1, 2}), IValue(1)})[0].to_tensor_list();
  CHECK(parts.size() == 2);
  CHECK(parts[1].sizes().vec() == std::vector<int64_t>{2, 2, 4});
  parts = ops::call("split", {IValue(x), IValue(2), IValue(1)})[0].to_tensor_list();
  CHECK(parts.size() == 2);
  CHECK(ops::call("squeeze", {IValue(unsqueeze(x, 0))})[0].to_tensor().dim() == 3);
  CHECK(ops::call("movedim", {IValue(x), IValue(0), IValue(-1)})[0].to_tensor().sizes().vec() ==
        std::vector<int64_t>{3, 4, 2});
  CHECK(ops::call("slice", {IValue(x), IValue(2), IValue(1)})[0].to_tensor().storage_offset() == 1);
  CHECK(ops::call("cat", {IValue(std::vector<Tensor>{x, x})}, {{"dim", IValue(-1)}})[0]
            .to_tensor()
            .sizes()
            .vec() == std::vector<int64_t>{2, 3, 8});
}
