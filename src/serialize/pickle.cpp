// The restricted unpickler and the protocol-2 writer. The accepted subset is what Python's pickle
// writes for torch.save (protocol 2, plus the protocol-4 framing opcodes that
// torch.save(pickle_protocol=4) adds); globals are an allow-list, never imported or executed.
#include "serialize/pickle.h"

#include <bit>
#include <cstring>

namespace ts::serialize {

namespace {

#define TS_STORAGE_NAMES(_)                                                            \
  _(Bool, "BoolStorage") _(UInt8, "ByteStorage") _(Int8, "CharStorage")              \
  _(Int16, "ShortStorage") _(Int32, "IntStorage") _(Int64, "LongStorage")            \
  _(Float16, "HalfStorage") _(BFloat16, "BFloat16Storage") _(Float32, "FloatStorage") \
  _(Float64, "DoubleStorage")

[[noreturn]] void fail(const std::string& msg) { TS_ERROR(msg); }

std::shared_ptr<GlobalObject> global_object(const std::string& m, const std::string& n) {
  auto g = std::make_shared<GlobalObject>();
  g->module = m;
  g->name = n;
  return g;
}

const GlobalObject* as_global(const IValue& v) {
  return v.is_object() ? dynamic_cast<const GlobalObject*>(v.object_ptr().get()) : nullptr;
}

int64_t checked_int(const IValue& v, const char* what) {
  if (!v.is_int()) fail(std::string("expected an int for ") + what + ", got " + v.type_name());
  return v.to_int();
}

// torch._utils._rebuild_tensor_v2(storage, storage_offset, size, stride, requires_grad,
// backward_hooks[, metadata]): every number is checked against the storage before any view.
IValue rebuild_tensor(const std::vector<IValue>& a) {
  if (a.size() != 6 && a.size() != 7) fail("_rebuild_tensor_v2 expects 6 or 7 arguments, got " + std::to_string(a.size()));
  auto* st = a[0].is_object() ? dynamic_cast<const StorageObject*>(a[0].object_ptr().get()) : nullptr;
  if (!st) fail("_rebuild_tensor_v2: the first argument is not a storage");
  int64_t offset = checked_int(a[1], "storage_offset");
  if (!a[2].is_tuple() || !a[3].is_tuple()) fail("_rebuild_tensor_v2: size and stride must be tuples");
  const auto& sz = a[2].items();
  const auto& sd = a[3].items();
  if (sz.size() != sd.size()) fail("_rebuild_tensor_v2: size and stride have different lengths");
  if (!a[4].is_bool()) fail("_rebuild_tensor_v2: requires_grad must be a bool");
  DimVector sizes, strides;
  bool empty = false;
  int64_t last = offset;  // the largest element index the view touches
  if (offset < 0) fail("_rebuild_tensor_v2: negative storage offset");
  for (size_t i = 0; i < sz.size(); ++i) {
    int64_t s = checked_int(sz[i], "size"), d = checked_int(sd[i], "stride");
    if (s < 0 || d < 0) fail("_rebuild_tensor_v2: negative size or stride");
    sizes.push_back(s);
    strides.push_back(d);
    if (s == 0) empty = true;
  }
  if (!empty) {
    for (size_t i = 0; i < sizes.size(); ++i) {
      int64_t span;
      if (__builtin_mul_overflow(sizes[i] - 1, strides[i], &span) || __builtin_add_overflow(last, span, &last))
        fail("_rebuild_tensor_v2: size and stride overflow");
    }
    if (last >= st->numel)
      fail("_rebuild_tensor_v2: the view (offset " + std::to_string(offset) + ", sizes " + shape_str(sizes) +
           ", strides " + shape_str(strides) + ") reaches beyond its storage of " + std::to_string(st->numel) +
           " elements");
  } else if (offset > st->numel) {
    fail("_rebuild_tensor_v2: storage offset beyond the storage");
  }
  Tensor t(util::make_intrusive<TensorImpl>(st->storage, st->dtype, std::move(sizes), std::move(strides), offset));
  if (a[4].to_bool()) t.requires_grad_(true);
  return IValue(t);
}

IValue call_global(const GlobalObject& g, const IValue& args) {
  if (!args.is_tuple()) fail("REDUCE arguments must be a tuple, got " + args.type_name());
  const auto& a = args.items();
  std::string full = g.module + "." + g.name;
  if (full == "collections.OrderedDict") {
    if (!a.empty()) fail("collections.OrderedDict() with arguments is not supported");
    IValue d = IValue::dict();
    d.dict_ptr()->type_name = "collections.OrderedDict";  // prints and saves as one again
    return d;
  }
  if (full == "torch._utils._rebuild_tensor_v2") return rebuild_tensor(a);
  if (g.module == "torch.jit._pickle") {
    // torch.jit.save's typed lists (build_intlist([1, 2])) and tagged values: the value itself.
    if (a.size() < 1 || (g.name != "restore_type_tag" && a.size() != 1) || (g.name.starts_with("build_") && !a[0].is_list()))
      fail(full + " expects a list");
    return a[0];
  }
  if (full == "torch._utils._rebuild_parameter") {
    // (data, requires_grad, backward_hooks)
    if (a.size() != 3 || !a[0].is_tensor() || !a[1].is_bool()) fail("_rebuild_parameter expects (Tensor, bool, hooks)");
    Tensor t = a[0].to_tensor().detach();
    if (a[1].to_bool()) t.requires_grad_(true);
    t.impl()->is_parameter = true;
    return IValue(t);
  }
  if (full == "torch.device") {
    if (a.empty() || a.size() > 2 || !a[0].is_string()) fail("torch.device expects (str[, int])");
    std::string s = a[0].to_string();
    if (a.size() == 2) s += ":" + std::to_string(checked_int(a[1], "device index"));
    return IValue(parse_device(s));
  }
  if (full == "torch.Size") {
    if (a.size() != 1 || !a[0].is_tuple()) fail("torch.Size expects one tuple");
    for (const auto& x : a[0].items()) checked_int(x, "torch.Size element");
    return a[0];
  }
  fail("Trying to call reduce for unrecognized function " + full);
}

// Allowed GLOBALs: a dtype is its value; callables and storage types stay symbolic.
IValue resolve_global(const std::string& m, const std::string& n) {
  std::string full = m + "." + n;
  if (full == "collections.OrderedDict" || full == "torch._utils._rebuild_tensor_v2" ||
      full == "torch._utils._rebuild_parameter" || full == "torch.device" || full == "torch.Size")
    return IValue(std::static_pointer_cast<IValue::Object>(global_object(m, n)));
  if (m == "torch") {
    if (dtype_of_storage_name(n)) return IValue(std::static_pointer_cast<IValue::Object>(global_object(m, n)));
    if (auto d = dtype_from_name(n)) return IValue(*d);
  }
  if (full == "_codecs.encode") fail("Unsupported class _codecs.encode (bytes objects cannot be loaded)");
  fail("Unsupported class " + full);
}

ScriptPickleObject* script_object(const IValue& v) {
  return v.is_object() ? dynamic_cast<ScriptPickleObject*>(v.object_ptr().get()) : nullptr;
}

const void* container_id(const IValue& v) {
  if (auto* o = script_object(v)) return o;
  if (v.is_list()) return v.list_ptr().get();
  if (v.is_tuple()) return v.tuple_ptr().get();
  if (v.is_dict()) return v.dict_ptr().get();
  return nullptr;
}

// See Note [Deep and cyclic pickles] in README.md: a container may be filled only while it is
// "open" (made by EMPTY_LIST/EMPTY_DICT/OrderedDict() and never fetched from the memo), so the
// depth a container has when it goes into another one is final, every value's depth is known
// exactly, and no cycle can form. Destroying a value then recurses at most kMaxPickleDepth deep.
class Unpickler {
 public:
  Unpickler(std::string_view data, const PersistentLoad& pl, bool script_objects)
      : d_(data), pl_(pl), script_objects_(script_objects) {}

  IValue run() { return loop(); }

  // A GLOBAL: with script_objects, a TorchScript class (`__torch__...`) stays symbolic until NEWOBJ.
  IValue global(const std::string& m, const std::string& n) {
    if (script_objects_ && (m == "__torch__" || m.starts_with("__torch__.") ||
                            (m == "torch.jit._pickle" && (n == "build_intlist" || n == "build_doublelist" || n == "build_boollist" ||
                                                          n == "build_tensorlist" || n == "build_genlist" || n == "restore_type_tag"))))
      return IValue(std::static_pointer_cast<IValue::Object>(global_object(m, n)));
    return resolve_global(m, n);
  }

 private:
  struct Slot {
    IValue v;
    int depth = 0;  // 0 for scalars, 1 + the deepest element for containers
    bool open = false;
    // Holds a storage or an uncalled global (directly or in a tuple): such values may only be
    // arguments of REDUCE/BINPERSID, never end up in the result.
    bool internal = false;
  };
  struct Memo {
    IValue v;
    bool internal = false;
  };
  struct MemoInfo {
    int depth = 0;
    bool sealed = false;
  };

  [[noreturn]] void too_deep() { fail("the pickle nests containers too deeply (more than " + std::to_string(kMaxPickleDepth) + " levels)"); }
  void need(size_t n) {
    if (d_.size() - p_ < n) fail("pickle data was truncated");
  }
  uint8_t u8() {
    need(1);
    return uint8_t(d_[p_++]);
  }
  uint64_t le(size_t n) {
    need(n);
    uint64_t v = 0;
    for (size_t i = 0; i < n; ++i) v |= uint64_t(uint8_t(d_[p_ + i])) << (8 * i);
    p_ += n;
    return v;
  }
  std::string bytes(uint64_t n) {
    if (n > d_.size() - p_) fail("pickle data was truncated");
    std::string s(d_.substr(p_, size_t(n)));
    p_ += size_t(n);
    return s;
  }
  std::string line() {
    size_t e = d_.find('\n', p_);
    if (e == std::string_view::npos || e - p_ > 256) fail("pickle data was truncated (bad GLOBAL)");
    std::string s(d_.substr(p_, e - p_));
    p_ = e + 1;
    return s;
  }
  size_t floor() const { return marks_.empty() ? 0 : marks_.back(); }
  [[noreturn]] void underflow() { fail("unpickling stack underflow at offset " + std::to_string(op_at_)); }
  Slot pop() {
    if (stack_.size() <= floor()) underflow();
    Slot v = std::move(stack_.back());
    stack_.pop_back();
    return v;
  }
  Slot& top() {
    if (stack_.size() <= floor()) underflow();
    return stack_.back();
  }
  std::vector<Slot> pop_mark() {
    if (marks_.empty()) fail("could not find MARK");
    size_t m = marks_.back();
    marks_.pop_back();
    std::vector<Slot> items(std::make_move_iterator(stack_.begin() + long(m)), std::make_move_iterator(stack_.end()));
    stack_.resize(m);
    return items;
  }
  void push(IValue v, int depth = 0, bool open = false, bool internal = false) {
    stack_.push_back({std::move(v), depth, open, internal});
  }
  void push_internal(IValue v) {
    bool internal = v.is_object();
    push(std::move(v), 0, false, internal);
  }
  void push_container(IValue v, const std::vector<Slot>& items) {
    int d = 0;
    bool internal = false;
    for (const auto& x : items) {
      d = std::max(d, x.depth);
      internal |= x.internal;
    }
    if (d + 1 > kMaxPickleDepth) too_deep();
    push(std::move(v), d + 1, false, internal);
  }
  void memo_put(uint64_t idx) {
    Slot& t = top();
    if (const void* id = container_id(t.v)) {
      MemoInfo& mi = info_[id];
      mi.depth = std::max(mi.depth, t.depth);
      mi.sealed |= !t.open;
    }
    // An overwritten container stays alive, so info_'s addresses are never reused.
    Memo& slot = memo_[idx];
    if (container_id(slot.v)) retired_.push_back(std::move(slot.v));
    slot = {t.v, t.internal};
  }
  void memo_get(uint64_t idx) {
    auto it = memo_.find(idx);
    if (it == memo_.end()) fail("Memo value not found at index " + std::to_string(idx));
    int depth = 0;
    if (const void* id = container_id(it->second.v)) {
      MemoInfo& mi = info_[id];  // memoized containers stay alive, so the address is theirs
      mi.sealed = true;
      depth = mi.depth;
    }
    push(it->second.v, depth, false, it->second.internal);
  }
  // The target of APPEND(S)/SETITEM(S): must be open; its depth grows with what goes in.
  void fill(Slot& target, const std::vector<Slot>& items) {
    const void* id = container_id(target.v);
    auto mi = id ? info_.find(id) : info_.end();
    if (!target.open || (mi != info_.end() && mi->second.sealed))
      fail("the pickle changes a " + target.v.type_name() +
           " after using it (self-containing or mutated shared structures are not supported)");
    for (const auto& x : items) {
      if (x.internal) fail("Unsupported value in the pickle: a " + x.v.type_name() + " is not a loadable value");
      target.depth = std::max(target.depth, x.depth + 1);
    }
    if (target.depth > kMaxPickleDepth) too_deep();
    if (mi != info_.end()) mi->second.depth = target.depth;
  }
  void set_items(Slot& target, std::vector<Slot>& kv) {
    if (!target.v.is_dict()) fail("Can only set items of dicts, but got " + target.v.type_name());
    if (kv.size() % 2) fail("odd number of items for SETITEMS");
    fill(target, kv);
    for (size_t i = 0; i < kv.size(); i += 2) {
      if (kv[i].v.is_list() || kv[i].v.is_dict()) fail("unhashable type: '" + kv[i].v.type_name() + "'");
      target.v.dict_ptr()->set(kv[i].v, std::move(kv[i + 1].v));
    }
  }
  void append(Slot& target, std::vector<Slot>& items) {
    if (!target.v.is_list()) fail("Can only append to lists, but got " + target.v.type_name());
    fill(target, items);
    for (auto& x : items) target.v.list_ptr()->items.push_back(std::move(x.v));
  }
  void make_tuple(std::vector<Slot> items) {
    std::vector<IValue> vs;
    vs.reserve(items.size());
    for (auto& x : items) vs.push_back(std::move(x.v));
    push_container(IValue::tuple(std::move(vs)), items);
  }

  IValue loop() {
    while (true) {
      op_at_ = p_;
      uint8_t op = u8();
      switch (op) {
        case 0x80: {  // PROTO
          uint8_t v = u8();
          if (v < 2 || v > 5) fail("unsupported pickle protocol: " + std::to_string(v));
          break;
        }
        case 0x95: le(8); break;  // FRAME: its length only helps buffered readers
        case '.': {  // STOP
          Slot r = pop();
          if (!marks_.empty() || !stack_.empty()) fail("pickle data has leftover values at STOP");
          if (r.internal) fail("Unsupported value in the pickle: a " + r.v.type_name() + " is not a loadable value");
          return std::move(r.v);
        }
        case '(': marks_.push_back(stack_.size()); break;
        case '0': pop(); break;  // POP
        case '1': pop_mark(); break;  // POP_MARK
        case 'N': push(IValue()); break;
        case 0x88: push(IValue(true)); break;
        case 0x89: push(IValue(false)); break;
        case 'K': push(IValue(int64_t(u8()))); break;
        case 'M': push(IValue(int64_t(le(2)))); break;
        case 'J': push(IValue(int64_t(int32_t(uint32_t(le(4)))))); break;
        case 0x8a: {  // LONG1
          uint8_t n = u8();
          if (n > 8) fail("integer in pickle does not fit in 64 bits");
          uint64_t v = le(n);
          if (n > 0 && n < 8 && (v >> (8 * n - 1)) & 1) v |= ~uint64_t(0) << (8 * n);  // sign-extend
          push(IValue(int64_t(v)));
          break;
        }
        case 'G': {  // BINFLOAT, big-endian
          need(8);
          uint64_t v = 0;
          for (int i = 0; i < 8; ++i) v = (v << 8) | uint8_t(d_[p_ + size_t(i)]);
          p_ += 8;
          push(IValue(std::bit_cast<double>(v)));
          break;
        }
        case 'X': push(IValue(bytes(le(4)))); break;  // BINUNICODE
        case 0x8c: push(IValue(bytes(u8()))); break;  // SHORT_BINUNICODE
        case 0x8d: push(IValue(bytes(le(8)))); break;  // BINUNICODE8
        case ')': push(IValue::tuple({}), 1); break;
        case 't': make_tuple(pop_mark()); break;
        case 0x85: {
          std::vector<Slot> it(1);
          it[0] = pop();
          make_tuple(std::move(it));
          break;
        }
        case 0x86: {
          std::vector<Slot> it(2);
          it[1] = pop();
          it[0] = pop();
          make_tuple(std::move(it));
          break;
        }
        case 0x87: {
          std::vector<Slot> it(3);
          it[2] = pop();
          it[1] = pop();
          it[0] = pop();
          make_tuple(std::move(it));
          break;
        }
        case ']': push(IValue::list({}), 1, true); break;
        case '}': push(IValue::dict(), 1, true); break;
        case 'a': {
          std::vector<Slot> items(1);
          items[0] = pop();
          append(top(), items);
          break;
        }
        case 'e': {
          std::vector<Slot> items = pop_mark();
          append(top(), items);
          break;
        }
        case 's': {
          std::vector<Slot> kv(2);
          kv[1] = pop();
          kv[0] = pop();
          set_items(top(), kv);
          break;
        }
        case 'u': {
          std::vector<Slot> kv = pop_mark();
          set_items(top(), kv);
          break;
        }
        case 'q': memo_put(u8()); break;
        case 'r': memo_put(le(4)); break;
        case 0x94: memo_put(memo_.size()); break;  // MEMOIZE
        case 'h': memo_get(u8()); break;
        case 'j': memo_get(le(4)); break;
        case 'c': {
          std::string m = line();
          std::string n = line();
          push_internal(global(m, n));
          break;
        }
        case 0x93: {  // STACK_GLOBAL
          Slot n = pop(), m = pop();
          if (!m.v.is_string() || !n.v.is_string()) fail("STACK_GLOBAL requires str");
          push_internal(global(m.v.to_string(), n.v.to_string()));
          break;
        }
        case 'R': {
          Slot args = pop();
          Slot& f = top();
          const GlobalObject* g = as_global(f.v);
          if (!g) fail("Trying to call reduce for unrecognized function " + f.v.type_name());
          std::string full = g->module + "." + g->name;
          IValue r = call_global(*g, args.v);
          bool odict = full == "collections.OrderedDict";
          // torch.Size returns its tuple argument: at most the argument tuple's depth less one.
          int depth = odict ? 1 : container_id(r) ? std::max(0, args.depth - 1) : 0;
          f = Slot{std::move(r), depth, odict};
          break;
        }
        case 0x81: {  // NEWOBJ: only a TorchScript class with no arguments (script_objects)
          Slot args = pop();
          Slot& cls = top();
          const GlobalObject* g = as_global(cls.v);
          if (!script_objects_ || !g || !g->module.starts_with("__torch__"))
            fail("Unsupported NEWOBJ of " + (g ? g->module + "." + g->name : cls.v.type_name()) + " (pickle opcode 0x81 at offset " +
                 std::to_string(op_at_) + ")");
          if (!args.v.is_tuple() || !args.v.items().empty()) fail("NEWOBJ of " + g->module + "." + g->name + " with arguments is not supported");
          auto o = std::make_shared<ScriptPickleObject>();
          o->qualname = g->module + "." + g->name;
          cls = Slot{IValue(std::static_pointer_cast<IValue::Object>(o)), 1, true};
          break;
        }
        case 'b': {  // BUILD: a TorchScript object's attributes, or an OrderedDict's (_metadata), which we drop
          Slot state = pop();
          Slot& inst = top();
          if (auto* o = script_object(inst.v)) {
            if (!state.v.is_dict()) fail("BUILD of " + o->qualname + " needs a dict of attributes, got " + state.v.type_name());
            std::vector<Slot> items(1);
            items[0] = std::move(state);
            fill(inst, items);  // an object built once, before anything refers to it
            o->state = std::move(items[0].v);
            inst.open = false;
            break;
          }
          if (!inst.v.is_dict()) fail("Can only build Tensor, parameter or dict objects, but got " + inst.v.type_name());
          if (!state.v.is_dict()) fail("BUILD of a dict needs a dict state, got " + state.v.type_name());
          break;
        }
        case 'Q': {  // BINPERSID
          Slot pid = pop();
          if (!pid.v.is_tuple() || pid.v.items().empty() || !pid.v.items()[0].is_string() ||
              pid.v.items()[0].to_string() != "storage")
            fail("Only persistent_load of storage is allowed");
          push_internal(pl_(pid.v));
          break;
        }
        default: {
          static const char* hex = "0123456789abcdef";
          std::string h = {hex[op >> 4], hex[op & 15]};
          fail("Unsupported operand " + std::to_string(op) + " (pickle opcode 0x" + h + " at offset " +
               std::to_string(op_at_) + ")");
        }
      }
    }
  }

  std::string_view d_;
  size_t p_ = 0, op_at_ = 0;
  const PersistentLoad& pl_;
  const bool script_objects_;
  std::vector<Slot> stack_;
  std::vector<size_t> marks_;
  std::unordered_map<uint64_t, Memo> memo_;
  std::unordered_map<const void*, MemoInfo> info_;
  std::vector<IValue> retired_;
};

}  // namespace

const char* storage_type_name(DType t) {
  switch (t) {
#define TS_NAME_CASE(d, s) \
  case DType::d: return s;
    TS_STORAGE_NAMES(TS_NAME_CASE)
#undef TS_NAME_CASE
  }
  return "?";
}

std::optional<DType> dtype_of_storage_name(std::string_view name) {
#define TS_NAME_IF(d, s) \
  if (name == s) return DType::d;
  TS_STORAGE_NAMES(TS_NAME_IF)
#undef TS_NAME_IF
  return std::nullopt;
}

IValue unpickle(std::string_view data, const PersistentLoad& persistent_load, bool script_objects) {
  return Unpickler(data, persistent_load, script_objects).run();
}

// ---- writer ----

void PickleWriter::integer(int64_t v) {
  if (v >= 0 && v < 256) {
    op('K');
    op(uint8_t(v));
  } else if (v >= 0 && v < 65536) {
    op('M');
    op(uint8_t(v)), op(uint8_t(v >> 8));
  } else if (v >= INT32_MIN && v <= INT32_MAX) {
    op('J');
    u32(uint32_t(int32_t(v)));
  } else {
    // LONG1 with the fewest two's-complement bytes, as Python's encode_long.
    uint8_t buf[8];
    for (int i = 0; i < 8; ++i) buf[i] = uint8_t(uint64_t(v) >> (8 * i));
    int n = 8;
    while (n > 1 && ((buf[n - 1] == 0 && !(buf[n - 2] & 0x80)) || (buf[n - 1] == 0xff && (buf[n - 2] & 0x80)))) --n;
    op(0x8a);
    op(uint8_t(n));
    out.append(reinterpret_cast<const char*>(buf), size_t(n));
  }
}

void PickleWriter::floating(double v) {
  op('G');
  uint64_t b = std::bit_cast<uint64_t>(v);
  for (int i = 7; i >= 0; --i) out.push_back(char(b >> (8 * i)));
}

uint32_t PickleWriter::put() {
  uint32_t idx = next_memo_++;
  if (idx < 256) {
    op('q');
    op(uint8_t(idx));
  } else {
    op('r');
    u32(idx);
  }
  return idx;
}

void PickleWriter::get(uint32_t idx) {
  if (idx < 256) {
    op('h');
    op(uint8_t(idx));
  } else {
    op('j');
    u32(idx);
  }
}

void PickleWriter::str(const std::string& s) {
  auto it = str_memo_.find(s);
  if (it != str_memo_.end()) return get(it->second);
  op('X');
  TS_CHECK(s.size() <= 0xffffffffu, "string too long to pickle");
  u32(uint32_t(s.size()));
  out += s;
  str_memo_[s] = put();
}

void PickleWriter::global(const std::string& module, const std::string& name) {
  std::string key = module + "\n" + name + "\n";
  auto it = global_memo_.find(key);
  if (it != global_memo_.end()) return get(it->second);
  op('c');
  out += key;
  global_memo_[key] = put();
}

}  // namespace ts::serialize
