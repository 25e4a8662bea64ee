// einsum: operands viewed over every global dim (diagonals for repeated labels), then
// contracted pairwise with bmm, as PyTorch 1.13's einsum does (Linear.cpp).
#include <algorithm>
#include <cctype>

#include "ops/api_binary.h"
#include "ops/api_linalg.h"
#include "ops/linalg_nn_util.h"
#include "ops/registry.h"

namespace ts {

using namespace lnn;

namespace {

constexpr int kLabels = 52;
constexpr int kEllipsis = -1;

int label_of(char c) { return std::isupper(static_cast<unsigned char>(c)) ? c - 'A' : c - 'a' + 26; }
bool is_subscript(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }

// sum over `sum` dims of l * r; all operands carry every global dim (size 1 where absent).
Tensor sumproduct_pair(const Tensor& l, const Tensor& r, const std::vector<bool>& sum) {
  const int64_t nd = l.dim();
  DimVector lro, lo, ro, sd;
  DimVector le(l.sizes()), re(r.sizes());
  for (int64_t d = 0; d < nd; ++d) {
    const int64_t ls = l.size(d), rs = r.size(d);
    if (sum[size_t(d)]) {
      le[size_t(d)] = re[size_t(d)] = std::max(ls, rs);
      sd.push_back(d);
    } else if (ls != 1 && rs != 1) {
      lro.push_back(d);
    } else if (rs == 1) {
      lo.push_back(d);
    } else {
      ro.push_back(d);
    }
  }
  Tensor a = expand_view(l, le), b = expand_view(r, re);
  auto prod = [&](const DimVector& ds, const Tensor& t) {
    int64_t p = 1;
    for (int64_t d : ds) p *= t.size(d);
    return p;
  };
  DimVector pa(lro), pb(lro);
  for (int64_t d : lo) pa.push_back(d);
  for (int64_t d : sd) pa.push_back(d);
  for (int64_t d : sd) pb.push_back(d);
  for (int64_t d : ro) pb.push_back(d);
  const int64_t nb = prod(lro, a), nlo = prod(lo, a), ns = prod(sd, a), nro = prod(ro, b);
  Tensor m = bmm(reshape_local(permute_view(a, pa), {nb, nlo, ns}),
                 reshape_local(permute_view(b, pb), {nb, ns, nro}));
  // Back to the global dim order, summed dims kept as size 1.
  DimVector shape, order;
  for (int64_t d : lro) shape.push_back(a.size(d));
  for (int64_t d : lo) shape.push_back(a.size(d));
  for (int64_t d : ro) shape.push_back(b.size(d));
  for (int64_t d : lro) order.push_back(d);
  for (int64_t d : lo) order.push_back(d);
  for (int64_t d : ro) order.push_back(d);
  Tensor res = reshape_local(m, shape);
  DimVector sz(size_t(nd), 1), st(size_t(nd), 0);
  for (size_t i = 0; i < order.size(); ++i) {
    sz[size_t(order[i])] = res.sizes()[i];
    st[size_t(order[i])] = res.strides()[i];
  }
  return make_view(res, sz, st, res.storage_offset());
}

}  // namespace

Tensor einsum(const std::string& equation, const std::vector<Tensor>& tensors,
              std::optional<IntArrayRef>) {
  TS_CHECK(!tensors.empty(), "einsum(): must provide at least one operand");
  const int64_t nops = int64_t(tensors.size());
  const size_t arrow = equation.find("->");
  const std::string lhs = equation.substr(0, arrow);
  std::vector<std::vector<int>> op_labels(1);
  bool found_ell = false;
  int64_t cur = 0;
  for (size_t i = 0; i < lhs.size(); ++i) {
    const char c = lhs[i];
    if (c == ' ') continue;
    if (c == '.') {
      TS_CHECK(!found_ell, "einsum(): found '.' for operand ", cur,
               " for which an ellipsis was already found");
      TS_CHECK(i + 2 < lhs.size() && lhs[i + 1] == '.' && lhs[i + 2] == '.',
               "einsum(): found '.' for operand ", cur, " that is not part of any ellipsis");
      op_labels.back().push_back(kEllipsis);
      found_ell = true;
      i += 2;
    } else if (c == ',') {
      ++cur;
      TS_CHECK(cur < nops, "einsum(): fewer operands were provided than specified in the equation");
      op_labels.emplace_back();
      found_ell = false;
    } else {
      TS_CHECK(is_subscript(c), "einsum(): invalid subscript given at index ", i,
               " in the equation string, subscripts must be in [a-zA-Z]");
      op_labels.back().push_back(label_of(c));
    }
  }
  TS_CHECK(cur == nops - 1, "einsum(): more operands were provided than specified in the equation");

  std::vector<int64_t> count(kLabels, 0);
  int64_t ell_dims = 0;
  for (int64_t i = 0; i < nops; ++i) {
    const auto& ls = op_labels[size_t(i)];
    const int64_t nd = tensors[size_t(i)].dim();
    int64_t nl = int64_t(ls.size());
    const bool has_ell = std::find(ls.begin(), ls.end(), kEllipsis) != ls.end();
    if (has_ell) {
      --nl;
      TS_CHECK(nl <= nd, "einsum(): the number of subscripts in the equation (", nl,
               ") is more than the number of dimensions (", nd, ") for operand ", i);
      ell_dims = std::max(ell_dims, nd - nl);
    } else {
      TS_CHECK(nl == nd, "einsum(): the number of subscripts in the equation (", nl,
               ") does not match the number of dimensions (", nd, ") for operand ", i,
               " and no ellipsis was given");
    }
    for (int l : ls)
      if (l != kEllipsis) ++count[size_t(l)];
  }

  // Global dim order: the output's dims, then the summed ones.
  std::vector<int64_t> perm(kLabels, -1);
  int64_t next = 0, ell_index = 0;
  bool ell_out = false;
  if (arrow == std::string::npos) {
    ell_index = 0;
    next = ell_dims;
    ell_out = true;
    for (int l = 0; l < kLabels; ++l)
      if (count[size_t(l)] == 1) perm[size_t(l)] = next++;
  } else {
    const std::string rhs = equation.substr(arrow + 2);
    for (size_t j = 0; j < rhs.size(); ++j) {
      const char c = rhs[j];
      if (c == ' ') continue;
      if (c == '.') {
        TS_CHECK(!ell_out, "einsum(): found '.' for output but an ellipsis (...) was already found");
        TS_CHECK(j + 2 < rhs.size() && rhs[j + 1] == '.' && rhs[j + 2] == '.',
                 "einsum(): found '.' for output that is not part of any ellipsis (...)");
        ell_index = next;
        next += ell_dims;
        ell_out = true;
        j += 2;
        continue;
      }
      TS_CHECK(is_subscript(c), "einsum(): invalid subscript given at index ", lhs.size() + 2 + j,
               " in the equation string, subscripts must be in [a-zA-Z]");
      const int l = label_of(c);
      TS_CHECK(count[size_t(l)] > 0 && perm[size_t(l)] == -1, "einsum(): output subscript ", c,
               perm[size_t(l)] > -1 ? " appears more than once in the output"
                                    : " does not appear in the equation for any input operand");
      perm[size_t(l)] = next++;
    }
  }
  const int64_t out_dims = next;
  if (!ell_out) {
    ell_index = next;
    next += ell_dims;
  }
  for (int l = 0; l < kLabels; ++l)
    if (count[size_t(l)] > 0 && perm[size_t(l)] == -1) perm[size_t(l)] = next++;
  const int64_t gdims = next;

  // Each operand as a view over every global dim (diagonals for repeated labels).
  std::vector<Tensor> views;
  DimVector seen_size(size_t(gdims), 1);
  std::vector<int64_t> last_op(size_t(gdims), -1);
  for (int64_t i = 0; i < nops; ++i) {
    const Tensor& t = tensors[size_t(i)];
    DimVector sz(size_t(gdims), 1), st(size_t(gdims), 0);
    std::vector<bool> used(size_t(gdims), false);
    int64_t d = 0;
    for (int l : op_labels[size_t(i)]) {
      if (l == kEllipsis) {
        const int64_t n_ell = t.dim() - (int64_t(op_labels[size_t(i)].size()) - 1);
        for (int64_t k = 0; k < n_ell; ++k, ++d) {
          const int64_t g = ell_index + ell_dims - n_ell + k;
          sz[size_t(g)] = t.size(d);
          st[size_t(g)] = t.stride(d);
          used[size_t(g)] = true;
        }
        continue;
      }
      const int64_t g = perm[size_t(l)];
      const char name = char(l < 26 ? 'A' + l : 'a' + l - 26);
      if (used[size_t(g)]) {
        TS_CHECK(sz[size_t(g)] == t.size(d), "einsum(): subscript ", name,
                 " is repeated for operand ", i, " but the sizes don't match, ", sz[size_t(g)],
                 " != ", t.size(d));
        st[size_t(g)] += t.stride(d);
      } else {
        sz[size_t(g)] = t.size(d);
        st[size_t(g)] = t.stride(d);
        used[size_t(g)] = true;
      }
      ++d;
    }
    for (int64_t g = 0; g < gdims; ++g) {
      if (sz[size_t(g)] == 1) continue;
      if (seen_size[size_t(g)] != 1) {
        int l = -1;
        for (int k = 0; k < kLabels; ++k)
          if (perm[size_t(k)] == g) l = k;
        TS_CHECK(seen_size[size_t(g)] == sz[size_t(g)] || l < 0, "einsum(): subscript ",
                 char(l < 26 ? 'A' + l : 'a' + l - 26), " has size ", sz[size_t(g)],
                 " for operand ", i, " which does not broadcast with previously seen size ",
                 seen_size[size_t(g)]);
        TS_CHECK(seen_size[size_t(g)] == sz[size_t(g)],
                 "einsum(): operands do not broadcast with remapped shapes");
      }
      seen_size[size_t(g)] = sz[size_t(g)];
      last_op[size_t(g)] = i;
    }
    views.push_back(make_view(t, sz, st, t.storage_offset()));
  }
  // Left to right; a summed dim is contracted by the last operand that has it.
  Tensor result = views[0];
  for (int64_t i = 1; i < nops; ++i) {
    std::vector<bool> sum(size_t(gdims), false);
    for (int64_t g = out_dims; g < gdims; ++g) sum[size_t(g)] = last_op[size_t(g)] <= i;
    result = sumproduct_pair(result, views[size_t(i)], sum);
  }
  bool pending = false;
  for (int64_t g = out_dims; g < gdims; ++g) pending = pending || result.size(g) != 1;
  if (pending || nops == 1) {
    Tensor one = empty({}, options_of(result));
    fill_(one, 1);
    std::vector<bool> sum(size_t(gdims), false);
    for (int64_t g = out_dims; g < gdims; ++g) sum[size_t(g)] = true;
    result = sumproduct_pair(result, make_view(one, DimVector(size_t(gdims), 1),
                                               DimVector(size_t(gdims), 0), 0), sum);
  }
  DimVector out_shape;
  for (int64_t g = 0; g < out_dims; ++g) out_shape.push_back(result.size(g));
  return reshape_local(result, out_shape);
}

TS_REGISTER_OPS(einsum) {
  r.def<&einsum>("einsum(str equation, Tensor[] tensors, *, int[]? path=None) -> Tensor")
      .variants("function");
}

}  // namespace ts
