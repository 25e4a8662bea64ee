// einsum: operands permuted over every global dim (diagonals for repeated labels), then
// contracted pairwise with bmm, as PyTorch 1.13's einsum does (Linear.cpp). Written with
// public recording ops (permute, diagonal, sum, bmm, view), so the entry is a composite: its
// gradient comes from the ops it calls, as PyTorch's (CompositeImplicitAutograd).
#include <algorithm>
#include <cctype>

#include "ops/api_binary.h"
#include "ops/api_linalg.h"
#include "ops/api_reduce.h"
#include "ops/api_shape.h"
#include "ops/registry.h"

namespace ts {

namespace {

constexpr int kLabels = 52;
constexpr int kEllipsis = -1;

int label_of(char c) { return std::isupper(static_cast<unsigned char>(c)) ? c - 'A' : c - 'a' + 26; }
bool is_subscript(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }

// sum over `sum_dims` of l * r, those dims dropped; both operands carry the same dims (size 1
// where absent). PyTorch 1.13's sumproduct_pair: a summed dim only one side has is summed
// first, the rest is one bmm over [batch, left-only, summed] x [batch, summed, right-only].
Tensor sumproduct_pair(Tensor left, Tensor right, const std::vector<bool>& sum) {
  const int64_t nd = left.dim();
  DimVector lro, lo, ro, sd;
  int64_t lro_size = 1, lo_size = 1, ro_size = 1, sum_size = 1;
  for (int64_t d = 0; d < nd; ++d) {
    const bool sl = left.size(d) != 1, sr = right.size(d) != 1;
    if (sum[size_t(d)]) {
      sd.push_back(d);
      if (sl && sr) sum_size *= left.size(d);
      else if (sl) left = ts::sum(left, d, true);
      else if (sr) right = ts::sum(right, d, true);
    } else if (sl && sr) {
      lro.push_back(d);
      lro_size *= left.size(d);
    } else if (sl) {
      lo.push_back(d);
      lo_size *= left.size(d);
    } else {
      ro.push_back(d);
      ro_size *= right.size(d);
    }
  }
  DimVector out_size, lperm(lro), rperm(lro), operm(size_t(nd), 0);
  for (int64_t d : lro) out_size.push_back(left.size(d));
  for (int64_t d : lo) out_size.push_back(left.size(d));
  for (size_t i = 0; i < sd.size(); ++i) out_size.push_back(1);
  for (int64_t d : ro) out_size.push_back(right.size(d));
  auto append = [](DimVector& to, const DimVector& from) {
    for (int64_t d : from) to.push_back(d);
  };
  append(lperm, lo);
  append(lperm, sd);
  append(lperm, ro);
  append(rperm, sd);
  append(rperm, ro);
  append(rperm, lo);
  for (size_t i = 0; i < lperm.size(); ++i) operm[size_t(lperm[i])] = int64_t(i);
  Tensor m = bmm(reshape(permute(left, lperm), {lro_size, lo_size, sum_size}),
                 reshape(permute(right, rperm), {lro_size, sum_size, ro_size}));
  Tensor res = permute(view(m, out_size), operm);
  DimVector sizes;
  for (int64_t d = 0; d < nd; ++d)
    if (!sum[size_t(d)]) sizes.push_back(res.size(d));
  return view(res, sizes);
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

  // Each operand permuted over every global dim (size 1 where absent), repeated labels taken
  // as diagonals; built from recording ops, so einsum needs no derivative of its own.
  std::vector<Tensor> ops_g;
  DimVector seen_size(size_t(gdims), 1);
  std::vector<int64_t> last_op(size_t(gdims), 0);
  for (int64_t i = 0; i < nops; ++i) {
    const Tensor& t = tensors[size_t(i)];
    const auto& labels = op_labels[size_t(i)];
    Tensor operand = t;
    DimVector to_global(size_t(gdims), -1);  // global dim -> dim of `operand`
    std::vector<int64_t> label_dim(kLabels, -1);
    int64_t j = 0;
    for (int l : labels) {
      if (l == kEllipsis) {
        const int64_t n_ell = t.dim() - (int64_t(labels.size()) - 1);
        for (int64_t k = n_ell; k < ell_dims; ++k) operand = unsqueeze(operand, j);
        for (int64_t k = 0; k < ell_dims; ++k) to_global[size_t(ell_index + k)] = j++;
        continue;
      }
      if (label_dim[size_t(l)] != -1) {
        const int64_t dim = label_dim[size_t(l)];
        TS_CHECK(operand.size(dim) == operand.size(j), "einsum(): subscript ",
                 char(l < 26 ? 'A' + l : 'a' + l - 26), " is repeated for operand ", i,
                 " but the sizes don't match, ", operand.size(j), " != ", operand.size(dim));
        operand = movedim(diagonal(operand, 0, dim, j), -1, dim);
        continue;
      }
      label_dim[size_t(l)] = j;
      to_global[size_t(perm[size_t(l)])] = j++;
    }
    for (int64_t g = 0; g < gdims; ++g)
      if (to_global[size_t(g)] == -1) {
        operand = unsqueeze(operand, -1);
        to_global[size_t(g)] = j++;
      }
    operand = permute(operand, to_global);
    for (int64_t g = 0; g < gdims; ++g) {
      const int64_t sz = operand.size(g);
      if (sz == 1) continue;
      if (seen_size[size_t(g)] != 1) {
        int l = -1;
        for (int k = 0; k < kLabels; ++k)
          if (perm[size_t(k)] == g) l = k;
        TS_CHECK(seen_size[size_t(g)] == sz || l < 0, "einsum(): subscript ",
                 char(l < 26 ? 'A' + l : 'a' + l - 26), " has size ", sz, " for operand ", i,
                 " which does not broadcast with previously seen size ", seen_size[size_t(g)]);
        TS_CHECK(seen_size[size_t(g)] == sz,
                 "einsum(): operands do not broadcast with remapped shapes");
      }
      seen_size[size_t(g)] = sz;
      last_op[size_t(g)] = i;
    }
    ops_g.push_back(operand);
  }
  // Left to right (PyTorch 1.13's order): a summed dim is summed out of the first operand when
  // no later one has it, else contracted by the last operand that has it; dims done with are
  // squeezed from the operands that follow.
  Tensor result = ops_g[0];
  for (int64_t g = gdims - 1; g >= out_dims; --g)
    if (last_op[size_t(g)] == 0)
      result = result.size(g) == 1 ? squeeze(result, g) : ts::sum(result, g);
  for (int64_t i = 1; i < nops; ++i) {
    Tensor operand = ops_g[size_t(i)];
    std::vector<bool> sum;
    for (int64_t g = 0; g < out_dims; ++g) sum.push_back(false);
    bool any_sum = false;
    int64_t dim = out_dims;
    for (int64_t g = out_dims; g < gdims; ++g) {
      const int64_t lo = last_op[size_t(g)];
      if (lo < i) {
        operand = squeeze(operand, dim);
      } else if (lo == i) {
        if (result.size(dim) == 1) {
          operand = ts::sum(operand, dim);
          result = squeeze(result, dim);
        } else if (operand.size(dim) == 1) {
          result = ts::sum(result, dim);
          operand = squeeze(operand, dim);
        } else {
          sum.push_back(true);
          any_sum = true;
          ++dim;
        }
      } else {
        sum.push_back(false);
        ++dim;
      }
    }
    result = any_sum ? sumproduct_pair(result, operand, sum) : mul(result, operand);
  }
  return result;
}

TS_REGISTER_OPS(einsum) {
  r.def<&einsum>("einsum(str equation, Tensor[] tensors, *, int[]? path=None) -> Tensor")
      .variants("function")
      .composite_op();
}

}  // namespace ts
