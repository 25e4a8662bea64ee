// DistributedDataParallel's reducer (reducer.h, README.md Note [The reducer]).
#include "distributed/reducer.h"

#include <algorithm>
#include <limits>
#include <map>
#include <unordered_set>

#include "autograd/autograd.h"
#include "ops/api_binary.h"
#include "ops/api_core.h"
#include "ops/api_creation.h"
#include "ops/api_shape.h"
#include "tensor/grad_mode.h"
#include "util/error.h"

namespace ts::distributed {

namespace {

// Buckets by size, as PyTorch's compute_bucket_assignment_by_size: tensors in `order`, one open
// bucket per dtype, closed once it holds at least its limit (the first limit for a dtype's first
// bucket, the last limit for the rest); the open buckets are closed at the end.
std::vector<std::vector<size_t>> assign_buckets(const std::vector<Tensor>& params, const std::vector<size_t>& order,
                                                const std::vector<int64_t>& limits) {
  struct Open {
    std::vector<size_t> indices;
    int64_t bytes = 0;
    size_t limit = 0;  // index into limits
  };
  std::map<DType, Open> open;
  std::vector<std::vector<size_t>> out;
  for (size_t i : order) {
    Open& b = open[params[i].dtype()];
    b.indices.push_back(i);
    b.bytes += int64_t(params[i].nbytes());
    if (b.bytes >= limits[b.limit]) {
      out.push_back(std::move(b.indices));
      b.indices.clear();
      b.bytes = 0;
      if (b.limit + 1 < limits.size()) ++b.limit;
    }
  }
  for (auto& [dtype, b] : open)
    if (!b.indices.empty()) out.push_back(std::move(b.indices));
  return out;
}

bool same_memory(const Tensor& a, const Tensor& b) {
  return a.defined() && b.defined() && a.data_ptr() == b.data_ptr() && a.numel() == b.numel() && a.dtype() == b.dtype();
}

}  // namespace

Reducer::Reducer(std::vector<Tensor> params, ProcessGroupPtr pg, ReducerOptions opts)
    : params_(std::move(params)), pg_(std::move(pg)), opts_(opts) {
  TS_CHECK(pg_, "DistributedDataParallel: no process group");
  TS_CHECK(opts_.bucket_cap_bytes > 0, "DistributedDataParallel: bucket_cap_mb must be positive");
  for (const Tensor& p : params_) TS_CHECK(p.requires_grad(), "DistributedDataParallel: every reduced parameter must require grad");
  // Initially: buckets over the parameters in registration order (the small first bucket takes
  // the first ones, whose gradients come last), then reversed, so bucket 0 holds the last
  // parameters, whose gradients backward produces first. As PyTorch 1.13, without
  // find_unused_parameters the first iteration has one bucket per dtype (registration order
  // need not be the order of use); the rebuild after it applies the limits.
  std::vector<size_t> order(params_.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::vector<int64_t> limits = {opts_.first_bucket_bytes, opts_.bucket_cap_bytes};
  if (!opts_.find_unused_parameters) limits = {std::numeric_limits<int64_t>::max()};
  auto groups = assign_buckets(params_, order, limits);
  std::sort(groups.begin(), groups.end(), [](const auto& a, const auto& b) { return a.front() < b.front(); });
  std::reverse(groups.begin(), groups.end());
  buckets_.clear();
  for (auto& g : groups) {
    Bucket b;
    b.params = std::move(g);
    buckets_.push_back(std::move(b));
  }
  build_buckets();
  ready_.assign(params_.size(), 0);
  used_.assign(params_.size(), 0);
}

std::shared_ptr<Reducer> Reducer::create(std::vector<Tensor> params, ProcessGroupPtr pg, ReducerOptions opts) {
  std::shared_ptr<Reducer> r(new Reducer(std::move(params), std::move(pg), opts));
  std::weak_ptr<Reducer> weak = r;
  for (size_t i = 0; i < r->params_.size(); ++i)
    autograd::register_post_accumulate_grad_hook(r->params_[i], [weak, i](const Tensor&) {
      if (auto self = weak.lock()) self->on_grad_ready(i);
    });
  return r;
}

// Lays out each bucket's flat buffer for its parameters (buckets_[k].params).
void Reducer::build_buckets() {
  bucket_of_.assign(params_.size(), 0);
  slot_of_.assign(params_.size(), 0);
  for (size_t k = 0; k < buckets_.size(); ++k) {
    Bucket& b = buckets_[k];
    b.offsets.clear();
    int64_t n = 0;
    for (size_t s = 0; s < b.params.size(); ++s) {
      bucket_of_[b.params[s]] = k;
      slot_of_[b.params[s]] = s;
      b.offsets.push_back(n);
      n += params_[b.params[s]].numel();
    }
    b.flat = zeros({n}, TensorOptions(params_[b.params.front()].dtype()));
    b.pending = int(b.params.size());
    b.work.reset();
  }
}

std::vector<std::vector<size_t>> Reducer::bucket_indices() const {
  std::vector<std::vector<size_t>> out;
  for (const Bucket& b : buckets_) out.push_back(b.params);
  return out;
}

void Reducer::prepare_for_forward() {
  std::lock_guard<std::recursive_mutex> g(mu_);
  if (expecting_) {
    std::string missing;
    for (size_t i = 0; i < params_.size(); ++i)
      if (!ready_[i]) missing += " " + std::to_string(i);
    TS_ERROR("DistributedDataParallel: expected to have finished reduction in the prior iteration before starting a new one. "
             "This means the module has parameters that were not used in producing the loss: pass "
             "find_unused_parameters=True to torch.nn.parallel.DistributedDataParallel, and make sure all outputs of the "
             "module's forward take part in computing the loss. Parameter indices which did not receive grad for rank ",
             pg_->rank(), ":", missing);
  }
  // As PyTorch 1.13, buckets are rebuilt only without find_unused_parameters.
  if (!rebuilt_ && !opts_.find_unused_parameters && iteration_ > 0 && order_.size() == params_.size()) rebuild_buckets();
}

void Reducer::prepare_for_backward(const std::vector<Tensor>& outputs) {
  std::lock_guard<std::recursive_mutex> g(mu_);
  armed_ = expecting_ = true;
  next_bucket_ = 0;
  std::fill(ready_.begin(), ready_.end(), 0);
  std::fill(used_.begin(), used_.end(), 0);
  for (Bucket& b : buckets_) {
    b.pending = int(b.params.size());
    b.work.reset();
  }
  if (!rebuilt_) order_.clear();
  if (opts_.find_unused_parameters) {
    std::unordered_set<const void*> reached;
    for (const Tensor& t : autograd::reachable_leaves(outputs)) reached.insert(t.impl());
    for (size_t i = 0; i < params_.size() && armed_; ++i)
      if (!reached.count(params_[i].impl())) mark_ready(i, false);
  }
  if (params_.empty()) armed_ = expecting_ = false;
}

void Reducer::on_grad_ready(size_t i) {
  std::lock_guard<std::recursive_mutex> g(mu_);
  if (!armed_) return;  // no_sync, or a backward DistributedDataParallel's forward did not prepare
  TS_CHECK(!ready_[i], "DistributedDataParallel: parameter ", i,
           " got its gradient twice in one backward; a parameter may take part in one synchronized backward per forward "
           "(use no_sync() for several backwards, or static_graph=True is not supported)");
  mark_ready(i, true);
}

void Reducer::mark_ready(size_t i, bool used) {
  ready_[i] = 1;
  used_[i] = used;
  if (!rebuilt_) order_.push_back(i);
  Bucket& b = buckets_[bucket_of_[i]];
  --b.pending;
  // Buckets are launched in bucket order on every rank, so the all-reduces match across ranks
  // whatever order the gradients arrive in.
  while (next_bucket_ < buckets_.size() && buckets_[next_bucket_].pending == 0) launch(buckets_[next_bucket_++]);
  if (next_bucket_ == buckets_.size()) finalize();
}

// The bucket's gradients, each multiplied by 1/world_size as PyTorch's reducer does before it
// sums (a parameter without a gradient contributes zeros), all-reduced asynchronously.
void Reducer::launch(Bucket& b) {
  NoGradGuard no_grad;
  for (size_t s = 0; s < b.params.size(); ++s) {
    const Tensor& p = params_[b.params[s]];
    Tensor slice = narrow(b.flat, 0, b.offsets[s], p.numel());
    Tensor grad = p.grad();
    if (!used_[b.params[s]] || !grad.defined()) zero_(slice);
    else if (!same_memory(grad, slice)) copy_(slice, reshape(grad, {p.numel()}));
  }
  mul_(b.flat, scalar_tensor(1.0 / double(pg_->size()), TensorOptions(b.flat.dtype())));
  b.work = pg_->allreduce(b.flat, ReduceOp::SUM);
}

void Reducer::finalize() {
  NoGradGuard no_grad;
  armed_ = false;
  for (Bucket& b : buckets_) b.work->wait();
  // With find_unused_parameters: which parameters got a gradient on any rank.
  Tensor used_anywhere;
  if (opts_.find_unused_parameters) {
    used_anywhere = zeros({int64_t(params_.size())}, TensorOptions(DType::Int32));
    auto* u = static_cast<int32_t*>(used_anywhere.data_ptr());
    for (size_t i = 0; i < params_.size(); ++i) u[i] = used_[i];
    pg_->allreduce(used_anywhere, ReduceOp::SUM)->wait();
  }
  for (Bucket& b : buckets_)
    for (size_t s = 0; s < b.params.size(); ++s) {
      const size_t i = b.params[s];
      const Tensor& p = params_[i];
      Tensor view = reshape(narrow(b.flat, 0, b.offsets[s], p.numel()), p.sizes());
      Tensor grad = p.grad();
      if (!grad.defined()) {
        // Unused here: it gets the average of the others' gradients, unless no rank used it.
        if (used_anywhere.defined() && static_cast<const int32_t*>(used_anywhere.data_ptr())[i] == 0) continue;
        p.set_grad(opts_.gradient_as_bucket_view ? view : clone(view));
      } else if (opts_.gradient_as_bucket_view) {
        if (!same_memory(grad, view)) p.set_grad(view);
      } else {
        copy_(grad, view);
      }
    }
  for (Bucket& b : buckets_) b.work.reset();
  expecting_ = false;
  ++iteration_;
}

// After the first synchronized iteration: buckets follow the order in which gradients became
// ready there (rank 0's order, broadcast so every rank builds the same buckets).
void Reducer::rebuild_buckets() {
  NoGradGuard no_grad;
  Tensor order = zeros({int64_t(order_.size())}, TensorOptions(DType::Int64));
  auto* o = static_cast<int64_t*>(order.data_ptr());
  for (size_t k = 0; k < order_.size(); ++k) o[k] = int64_t(order_[k]);
  pg_->broadcast(order, 0)->wait();
  std::vector<size_t> ready_order(order_.size());
  for (size_t k = 0; k < order_.size(); ++k) {
    TS_CHECK(o[k] >= 0 && size_t(o[k]) < params_.size(), "DistributedDataParallel: rank 0 sent a bucket order for ",
             "another model (parameter index ", o[k], " of ", params_.size(), ")");
    ready_order[k] = size_t(o[k]);
  }
  auto groups = assign_buckets(params_, ready_order, {opts_.first_bucket_bytes, opts_.bucket_cap_bytes});
  // Keep each parameter's gradient view (gradient_as_bucket_view) valid: copy it out first.
  if (opts_.gradient_as_bucket_view)
    for (const Tensor& p : params_)
      if (Tensor g = p.grad(); g.defined()) p.set_grad(clone(g));
  buckets_.clear();
  for (auto& g : groups) {
    Bucket b;
    b.params = std::move(g);
    buckets_.push_back(std::move(b));
  }
  build_buckets();
  rebuilt_ = true;
}

}  // namespace ts::distributed
