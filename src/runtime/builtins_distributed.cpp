// The `_ts.dist_*` builtins behind torch.distributed (stdlib/torch/distributed): handles to the
// stores and process groups of src/distributed, the collectives, and the Work of each. The
// script module keeps the Python API (argument defaults, rank translation for groups, errors
// about arguments); these builtins check what they take and call the layer.
#include <chrono>
#include <cmath>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "distributed/forensics.h"
#include "distributed/process_group.h"
#include "distributed/process_group_gloo.h"
#include "distributed/reducer.h"
#include "distributed/store.h"
#include "distributed/store_file.h"
#include "distributed/store_prefix.h"
#include "distributed/store_tcp.h"
#include "runtime/builtins.h"
#include "serialize/serialize.h"

namespace ts::runtime {

namespace {

namespace d = ts::distributed;

struct StoreHandle : IValue::Object {
  std::shared_ptr<d::Store> store;
  int64_t port = 0;  // a TCPStore's port
  explicit StoreHandle(std::shared_ptr<d::Store> s) : store(std::move(s)) {}
  std::string type_name() const override { return "torch._C._distributed_c10d.Store"; }
};

struct GroupHandle : IValue::Object {
  std::shared_ptr<d::ProcessGroup> pg;
  explicit GroupHandle(std::shared_ptr<d::ProcessGroup> p) : pg(std::move(p)) {}
  std::string type_name() const override { return "torch._C._distributed_c10d.ProcessGroup"; }
};

struct WorkHandle : IValue::Object {
  d::WorkPtr work;
  std::shared_ptr<d::ProcessGroup> pg;  // kept alive while the work is
  std::vector<Tensor> keep;             // the tensors the collective reads and writes
  std::string type_name() const override { return "torch._C._distributed_c10d.Work"; }
};

template <class H>
H& handle(const IValue& v, const char* fn, const char* what) {
  auto* h = v.is_object() ? dynamic_cast<H*>(v.object_ptr().get()) : nullptr;
  if (!h) raise("TypeError", std::string(fn) + "(): expected a " + what + ", got " + v.type_name());
  return *h;
}
d::Store& store_of(const IValue& v, const char* fn) { return *handle<StoreHandle>(v, fn, "Store").store; }
std::shared_ptr<d::ProcessGroup> group_of(const IValue& v, const char* fn) {
  return handle<GroupHandle>(v, fn, "ProcessGroup").pg;
}

std::string str_arg(const IValue& v, const char* fn, const char* what) {
  if (!v.is_string()) raise("TypeError", std::string(fn) + "(): argument '" + what + "' must be str, not " + v.type_name());
  return v.to_string();
}
int64_t int_arg(const IValue& v, const char* fn, const char* what) {
  if (v.is_bool()) return v.to_bool();
  if (!v.is_int()) raise("TypeError", std::string(fn) + "(): argument '" + what + "' must be int, not " + v.type_name());
  return v.to_int();
}
bool bool_arg(const IValue& v, const char* fn, const char* what) {
  if (!v.is_bool()) raise("TypeError", std::string(fn) + "(): argument '" + what + "' must be bool, not " + v.type_name());
  return v.to_bool();
}
// Seconds (a float from timedelta.total_seconds()) as milliseconds.
d::Millis seconds_arg(const IValue& v, const char* fn) {
  if (!v.is_number()) raise("TypeError", std::string(fn) + "(): the timeout must be a number of seconds, not " + v.type_name());
  double s = v.to_double();
  if (!(s >= 0) || s > 1e9) raise("ValueError", std::string(fn) + "(): invalid timeout of " + std::to_string(s) + " seconds");
  return d::Millis(int64_t(std::llround(s * 1000)));
}
const Tensor& tensor_arg(const IValue& v, const char* fn, const char* what) {
  if (!v.is_tensor()) raise("TypeError", std::string(fn) + "(): argument '" + what + "' must be Tensor, not " + v.type_name());
  return v.to_tensor();
}
std::vector<Tensor> tensors_arg(const IValue& v, const char* fn, const char* what) {
  if (v.is_none()) return {};
  if (!v.is_list() && !v.is_tuple())
    raise("TypeError", std::string(fn) + "(): argument '" + what + "' must be a list of Tensors, not " + v.type_name());
  std::vector<Tensor> out;
  for (const IValue& x : v.items()) out.push_back(tensor_arg(x, fn, what));
  return out;
}
std::vector<int64_t> ints_arg(const IValue& v, const char* fn, const char* what) {
  if (v.is_none()) return {};
  if (!v.is_list() && !v.is_tuple())
    raise("TypeError", std::string(fn) + "(): argument '" + what + "' must be a list of ints, not " + v.type_name());
  std::vector<int64_t> out;
  for (const IValue& x : v.items()) out.push_back(int_arg(x, fn, what));
  return out;
}
int rank_arg(const IValue& v, const char* fn, const char* what) { return int(int_arg(v, fn, what)); }

// torch.distributed.ReduceOp's values (SUM=0, AVG=1, PRODUCT=2, MIN=3, MAX=4, BAND=5, BOR=6,
// BXOR=7), as PyTorch numbers them.
d::ReduceOp op_arg(const IValue& v, const char* fn) {
  static constexpr d::ReduceOp ops[] = {d::ReduceOp::SUM, d::ReduceOp::AVG,  d::ReduceOp::PRODUCT, d::ReduceOp::MIN,
                                        d::ReduceOp::MAX, d::ReduceOp::BAND, d::ReduceOp::BOR,     d::ReduceOp::BXOR};
  int64_t k = int_arg(v, fn, "op");
  if (k < 0 || k >= int64_t(std::size(ops))) raise("ValueError", std::string(fn) + "(): unknown ReduceOp " + std::to_string(k));
  return ops[k];
}

IValue store_value(std::shared_ptr<d::Store> s) { return IValue(IValue::ObjectPtr(std::make_shared<StoreHandle>(std::move(s)))); }
IValue work_value(d::WorkPtr w, std::shared_ptr<d::ProcessGroup> pg, std::vector<Tensor> keep) {
  auto h = std::make_shared<WorkHandle>();
  h->work = std::move(w);
  h->pg = std::move(pg);
  h->keep = std::move(keep);
  return IValue(IValue::ObjectPtr(std::move(h)));
}
std::string bytes_str(const d::Bytes& b) { return std::string(b.begin(), b.end()); }
d::Bytes str_bytes(const std::string& s) { return d::Bytes(s.begin(), s.end()); }

// ---- stores ----

// A store's timeout: None is the default of src/distributed (kDefaultStoreTimeout).
d::Millis store_timeout_arg(const IValue& v, const char* fn) {
  return v.is_none() ? d::kDefaultStoreTimeout : seconds_arg(v, fn);
}

IValue s_hash(Interp&, Args& a, const Kw&) {
  return store_value(std::make_shared<d::HashStore>(store_timeout_arg(a[0], "HashStore")));
}
// _ts.dist_tcp_store(host, port, world_size (-1: unknown), is_master, timeout_s, wait_for_workers)
IValue s_tcp(Interp&, Args& a, const Kw&) {
  const char* fn = "TCPStore";
  const int64_t port = int_arg(a[1], fn, "port");
  if (port < 0 || port > 65535) raise("ValueError", "TCPStore(): port " + std::to_string(port) + " is out of range 0..65535");
  const int64_t world = int_arg(a[2], fn, "world_size");
  auto s = std::make_shared<d::TCPStore>(str_arg(a[0], fn, "host_name"), int(port),
                                         world < 0 ? std::nullopt : std::optional<int64_t>(world), bool_arg(a[3], fn, "is_master"),
                                         seconds_arg(a[4], fn), bool_arg(a[5], fn, "wait_for_workers"));
  auto h = std::make_shared<StoreHandle>(s);
  h->port = s->port();
  return IValue(IValue::ObjectPtr(std::move(h)));
}
IValue s_file(Interp&, Args& a, const Kw&) {
  const char* fn = "FileStore";
  return store_value(std::make_shared<d::FileStore>(str_arg(a[0], fn, "file_name"), int_arg(a[1], fn, "world_size"),
                                                     store_timeout_arg(a[2], fn)));
}
IValue s_prefix(Interp&, Args& a, const Kw&) {
  const char* fn = "PrefixStore";
  auto& inner = handle<StoreHandle>(a[1], fn, "Store");
  return store_value(std::make_shared<d::PrefixStore>(str_arg(a[0], fn, "prefix"), inner.store));
}
IValue s_port(Interp&, Args& a, const Kw&) { return IValue(handle<StoreHandle>(a[0], "port", "Store").port); }
IValue s_set(Interp&, Args& a, const Kw&) {
  store_of(a[0], "set").set(str_arg(a[1], "set", "key"), str_bytes(str_arg(a[2], "set", "value")));
  return IValue();
}
IValue s_get(Interp&, Args& a, const Kw&) { return IValue(bytes_str(store_of(a[0], "get").get(str_arg(a[1], "get", "key")))); }
IValue s_add(Interp&, Args& a, const Kw&) {
  return IValue(store_of(a[0], "add").add(str_arg(a[1], "add", "key"), int_arg(a[2], "add", "value")));
}
IValue s_compare_set(Interp&, Args& a, const Kw&) {
  const char* fn = "compare_set";
  return IValue(bytes_str(store_of(a[0], fn).compare_set(str_arg(a[1], fn, "key"), str_bytes(str_arg(a[2], fn, "expected_value")),
                                                          str_bytes(str_arg(a[3], fn, "desired_value")))));
}
IValue s_delete_key(Interp&, Args& a, const Kw&) {
  return IValue(store_of(a[0], "delete_key").delete_key(str_arg(a[1], "delete_key", "key")));
}
IValue s_num_keys(Interp&, Args& a, const Kw&) { return IValue(store_of(a[0], "num_keys").num_keys()); }
std::vector<std::string> keys_arg(const IValue& v, const char* fn) {
  if (!v.is_list() && !v.is_tuple()) raise("TypeError", std::string(fn) + "(): argument 'keys' must be a list of str, not " + v.type_name());
  std::vector<std::string> keys;
  for (const IValue& k : v.items()) keys.push_back(str_arg(k, fn, "keys"));
  return keys;
}
IValue s_check(Interp&, Args& a, const Kw&) { return IValue(store_of(a[0], "check").check(keys_arg(a[1], "check"))); }
IValue s_wait(Interp&, Args& a, const Kw&) {
  d::Store& s = store_of(a[0], "wait");
  if (a[2].is_none()) s.wait(keys_arg(a[1], "wait"));
  else s.wait(keys_arg(a[1], "wait"), seconds_arg(a[2], "wait"));
  return IValue();
}
IValue s_set_timeout(Interp&, Args& a, const Kw&) {
  store_of(a[0], "set_timeout").set_timeout(seconds_arg(a[1], "set_timeout"));
  return IValue();
}
IValue s_timeout(Interp&, Args& a, const Kw&) {
  return IValue(double(store_of(a[0], "timeout").timeout().count()) / 1000.0);
}

// ---- process groups ----

// Where the script issues a collective (src/distributed/README.md, Note [Hang forensics]): the
// innermost script line of the issuing thread, formatted only when a failure is reported.
std::string describe_site(const void* site) {
  const auto* loc = static_cast<const ir::SourceLoc*>(site);
  return loc->file->path + ":" + std::to_string(loc->line);
}
d::CallSite script_call_site() {
  const ir::SourceLoc* loc = innermost_script_loc();
  return loc ? d::CallSite{loc, &describe_site} : d::CallSite{};
}

// _ts.dist_gloo_group(store, rank, size, timeout_s)
IValue g_gloo(Interp&, Args& a, const Kw&) {
  const char* fn = "ProcessGroupGloo";
  auto& st = handle<StoreHandle>(a[0], fn, "Store");
  int rank = rank_arg(a[1], fn, "rank"), size = rank_arg(a[2], fn, "size");
  if (size < 1) raise("ValueError", std::string(fn) + "(): the group size must be positive, got " + std::to_string(size));
  if (rank < 0 || rank >= size)
    raise("ValueError", std::string(fn) + "(): rank " + std::to_string(rank) + " is out of range for a group of size " + std::to_string(size));
  d::set_call_site_hook(&script_call_site);
  auto pg = std::make_shared<d::ProcessGroupGloo>(st.store, rank, size, seconds_arg(a[3], fn));
  return IValue(IValue::ObjectPtr(std::make_shared<GroupHandle>(std::move(pg))));
}
IValue g_rank(Interp&, Args& a, const Kw&) { return IValue(int64_t(group_of(a[0], "rank")->rank())); }
IValue g_size(Interp&, Args& a, const Kw&) { return IValue(int64_t(group_of(a[0], "size")->size())); }
IValue g_backend(Interp&, Args& a, const Kw&) { return IValue(group_of(a[0], "backend")->backend_name()); }

// Each collective: _ts.dist_<name>(group, ...) -> a Work handle that keeps the tensors the
// collective reads or writes alive until it finishes. `Collective` reads the arguments after
// the group, each checked and named in its error as `fn`'s.
struct Collective {
  Args& a;
  const char* fn;
  std::shared_ptr<d::ProcessGroup> pg;
  std::vector<Tensor> keep;
  Collective(Args& args, const char* name) : a(args), fn(name), pg(group_of(args[0], name)) {}
  Tensor tensor(size_t i, const char* what) {
    keep.push_back(tensor_arg(a[i], fn, what));
    return keep.back();
  }
  std::vector<Tensor> tensors(size_t i, const char* what) {
    std::vector<Tensor> v = tensors_arg(a[i], fn, what);
    keep.insert(keep.end(), v.begin(), v.end());
    return v;
  }
  int rank(size_t i, const char* what) const { return rank_arg(a[i], fn, what); }
  d::ReduceOp op(size_t i) const { return op_arg(a[i], fn); }
  std::vector<int64_t> ints(size_t i, const char* what) const { return ints_arg(a[i], fn, what); }
  IValue started(d::WorkPtr w) { return work_value(std::move(w), pg, std::move(keep)); }
};

IValue c_all_reduce(Interp&, Args& a, const Kw&) {
  Collective c(a, "all_reduce");
  Tensor t = c.tensor(1, "tensor");
  return c.started(c.pg->allreduce(t, c.op(2)));
}
IValue c_broadcast(Interp&, Args& a, const Kw&) {
  Collective c(a, "broadcast");
  Tensor t = c.tensor(1, "tensor");
  return c.started(c.pg->broadcast(t, c.rank(2, "src")));
}
IValue c_reduce(Interp&, Args& a, const Kw&) {
  Collective c(a, "reduce");
  Tensor t = c.tensor(1, "tensor");
  return c.started(c.pg->reduce(t, c.rank(2, "dst"), c.op(3)));
}
IValue c_all_gather(Interp&, Args& a, const Kw&) {
  Collective c(a, "all_gather");
  std::vector<Tensor> outs = c.tensors(1, "tensor_list");
  Tensor t = c.tensor(2, "tensor");
  return c.started(c.pg->allgather(outs, t));
}
IValue c_all_gather_into_tensor(Interp&, Args& a, const Kw&) {
  Collective c(a, "all_gather_into_tensor");
  Tensor out = c.tensor(1, "output_tensor"), in = c.tensor(2, "input_tensor");
  return c.started(c.pg->allgather_into_tensor(out, in));
}
IValue c_gather(Interp&, Args& a, const Kw&) {
  Collective c(a, "gather");
  Tensor t = c.tensor(1, "tensor");
  std::vector<Tensor> outs = c.tensors(2, "gather_list");
  return c.started(c.pg->gather(outs, t, c.rank(3, "dst")));
}
IValue c_scatter(Interp&, Args& a, const Kw&) {
  Collective c(a, "scatter");
  Tensor t = c.tensor(1, "tensor");
  std::vector<Tensor> ins = c.tensors(2, "scatter_list");
  return c.started(c.pg->scatter(t, ins, c.rank(3, "src")));
}
IValue c_reduce_scatter(Interp&, Args& a, const Kw&) {
  Collective c(a, "reduce_scatter");
  Tensor out = c.tensor(1, "output");
  std::vector<Tensor> ins = c.tensors(2, "input_list");
  return c.started(c.pg->reduce_scatter(out, ins, c.op(3)));
}
IValue c_reduce_scatter_tensor(Interp&, Args& a, const Kw&) {
  Collective c(a, "reduce_scatter_tensor");
  Tensor out = c.tensor(1, "output"), in = c.tensor(2, "input");
  return c.started(c.pg->reduce_scatter_tensor(out, in, c.op(3)));
}
IValue c_all_to_all(Interp&, Args& a, const Kw&) {
  Collective c(a, "all_to_all");
  std::vector<Tensor> outs = c.tensors(1, "output_tensor_list"), ins = c.tensors(2, "input_tensor_list");
  return c.started(c.pg->all_to_all(outs, ins));
}
IValue c_all_to_all_single(Interp&, Args& a, const Kw&) {
  Collective c(a, "all_to_all_single");
  Tensor out = c.tensor(1, "output"), in = c.tensor(2, "input");
  return c.started(c.pg->all_to_all_single(out, in, c.ints(3, "output_split_sizes"), c.ints(4, "input_split_sizes")));
}
IValue c_barrier(Interp&, Args& a, const Kw&) {
  Collective c(a, "barrier");
  return c.started(c.pg->barrier());
}
IValue c_send(Interp&, Args& a, const Kw&) {
  Collective c(a, "send");
  Tensor t = c.tensor(1, "tensor");
  return c.started(c.pg->send(t, c.rank(2, "dst"), c.rank(3, "tag")));
}
IValue c_recv(Interp&, Args& a, const Kw&) {
  Collective c(a, "recv");
  Tensor t = c.tensor(1, "tensor");
  return c.started(c.pg->recv(t, c.rank(2, "src"), c.rank(3, "tag")));
}

// ---- work ----

WorkHandle& work_of(const IValue& v, const char* fn) { return handle<WorkHandle>(v, fn, "Work"); }
IValue w_wait(Interp&, Args& a, const Kw&) {
  WorkHandle& w = work_of(a[0], "wait");
  w.work->wait(a[1].is_none() ? d::Millis{0} : seconds_arg(a[1], "wait"));
  return IValue(true);
}
IValue w_is_completed(Interp&, Args& a, const Kw&) { return IValue(work_of(a[0], "is_completed").work->is_completed()); }
IValue w_is_success(Interp&, Args& a, const Kw&) { return IValue(work_of(a[0], "is_success").work->is_success()); }
IValue w_result(Interp&, Args& a, const Kw&) { return IValue(work_of(a[0], "result").work->result()); }
IValue w_source_rank(Interp&, Args& a, const Kw&) {
  WorkHandle& w = work_of(a[0], "source_rank");
  return IValue(int64_t(w.pg->recv_source(w.work)));
}

// ---- DistributedDataParallel's reducer ----

struct ReducerHandle : IValue::Object {
  std::shared_ptr<d::Reducer> reducer;
  std::string type_name() const override { return "torch._C._distributed_c10d.Reducer"; }
};
d::Reducer& reducer_of(const IValue& v, const char* fn) { return *handle<ReducerHandle>(v, fn, "Reducer").reducer; }

// _ts.dist_reducer(group, params, bucket_cap_bytes, find_unused_parameters, gradient_as_bucket_view)
IValue r_new(Interp&, Args& a, const Kw&) {
  const char* fn = "DistributedDataParallel";
  d::ReducerOptions o;
  o.bucket_cap_bytes = int_arg(a[2], fn, "bucket_cap_mb");
  o.find_unused_parameters = bool_arg(a[3], fn, "find_unused_parameters");
  o.gradient_as_bucket_view = bool_arg(a[4], fn, "gradient_as_bucket_view");
  auto h = std::make_shared<ReducerHandle>();
  h->reducer = d::Reducer::create(tensors_arg(a[1], fn, "parameters"), group_of(a[0], fn), o);
  return IValue(IValue::ObjectPtr(std::move(h)));
}
IValue r_prepare_forward(Interp&, Args& a, const Kw&) {
  reducer_of(a[0], "forward").prepare_for_forward();
  return IValue();
}
IValue r_prepare_backward(Interp&, Args& a, const Kw&) {
  reducer_of(a[0], "forward").prepare_for_backward(tensors_arg(a[1], "forward", "outputs"));
  return IValue();
}
IValue r_buckets(Interp&, Args& a, const Kw&) {
  std::vector<IValue> out;
  for (const auto& b : reducer_of(a[0], "buckets").bucket_indices()) {
    std::vector<IValue> ix;
    for (size_t i : b) ix.emplace_back(int64_t(i));
    out.push_back(IValue::list(std::move(ix)));
  }
  return IValue::list(std::move(out));
}


// ---- the object collectives' serialization ----

// _ts.dist_object_to_tensor(obj, fn) -> a uint8 tensor of obj's bytes: what torch.save writes
// (so anything torch.save can save travels), kept in memory. A value torch.save cannot save is
// a TypeError naming the collective and the value's type.
IValue o_to_tensor(Interp&, Args& a, const Kw&) {
  const std::string fn = str_arg(a[1], "object_to_tensor", "fn");
  std::string bytes;
  try {
    bytes = serialize::save_to_bytes(a[0]);
  } catch (const Error& e) {
    if (e.kind() != ErrorKind::Type) throw;
    raise("TypeError", fn + "(): cannot serialize an object of type " + a[0].type_name() + ": " + e.message());
  }
  Tensor out = empty({int64_t(bytes.size())}, TensorOptions(DType::UInt8));
  if (!bytes.empty()) std::memcpy(out.data_ptr(), bytes.data(), bytes.size());
  return IValue(out);
}
// _ts.dist_tensor_to_object(t, size) -> the object whose bytes are t's first `size` bytes.
IValue o_from_tensor(Interp&, Args& a, const Kw&) {
  const char* fn = "tensor_to_object";
  Tensor t = tensor_arg(a[0], fn, "tensor");
  const int64_t n = int_arg(a[1], fn, "size");
  if (t.dtype() != DType::UInt8 || t.dim() != 1)
    raise("TypeError", std::string(fn) + "(): expected a 1-d uint8 tensor, got " + dtype_name(t.dtype()) + " of " +
                           std::to_string(t.dim()) + " dimensions");
  if (n < 0 || n > t.numel())
    raise("ValueError", std::string(fn) + "(): size " + std::to_string(n) + " is out of range for a tensor of " +
                            std::to_string(t.numel()) + " bytes");
  t = t.contiguous();
  return serialize::load_from_bytes(std::string_view(static_cast<const char*>(t.data_ptr()), size_t(n)));
}
}  // namespace

const std::map<std::string, BuiltinFn>& distributed_builtins() {
  static const std::map<std::string, BuiltinFn> m = {
      {"_ts.dist_hash_store", s_hash},
      {"_ts.dist_tcp_store", s_tcp},
      {"_ts.dist_file_store", s_file},
      {"_ts.dist_prefix_store", s_prefix},
      {"_ts.dist_store_port", s_port},
      {"_ts.dist_store_set", s_set},
      {"_ts.dist_store_get", s_get},
      {"_ts.dist_store_add", s_add},
      {"_ts.dist_store_compare_set", s_compare_set},
      {"_ts.dist_store_delete_key", s_delete_key},
      {"_ts.dist_store_num_keys", s_num_keys},
      {"_ts.dist_store_check", s_check},
      {"_ts.dist_store_wait", s_wait},
      {"_ts.dist_store_set_timeout", s_set_timeout},
      {"_ts.dist_store_timeout", s_timeout},
      {"_ts.dist_gloo_group", g_gloo},
      {"_ts.dist_group_rank", g_rank},
      {"_ts.dist_group_size", g_size},
      {"_ts.dist_group_backend", g_backend},
      {"_ts.dist_all_reduce", c_all_reduce},
      {"_ts.dist_broadcast", c_broadcast},
      {"_ts.dist_reduce", c_reduce},
      {"_ts.dist_all_gather", c_all_gather},
      {"_ts.dist_all_gather_into_tensor", c_all_gather_into_tensor},
      {"_ts.dist_gather", c_gather},
      {"_ts.dist_scatter", c_scatter},
      {"_ts.dist_reduce_scatter", c_reduce_scatter},
      {"_ts.dist_reduce_scatter_tensor", c_reduce_scatter_tensor},
      {"_ts.dist_all_to_all", c_all_to_all},
      {"_ts.dist_all_to_all_single", c_all_to_all_single},
      {"_ts.dist_barrier", c_barrier},
      {"_ts.dist_send", c_send},
      {"_ts.dist_recv", c_recv},
      {"_ts.dist_work_wait", w_wait},
      {"_ts.dist_work_is_completed", w_is_completed},
      {"_ts.dist_work_is_success", w_is_success},
      {"_ts.dist_work_result", w_result},
      {"_ts.dist_work_source_rank", w_source_rank},
      {"_ts.dist_reducer", r_new},
      {"_ts.dist_reducer_prepare_forward", r_prepare_forward},
      {"_ts.dist_reducer_prepare_backward", r_prepare_backward},
      {"_ts.dist_reducer_buckets", r_buckets},
      {"_ts.dist_object_to_tensor", o_to_tensor},
      {"_ts.dist_tensor_to_object", o_from_tensor},
  };
  return m;
}

}  // namespace ts::runtime
