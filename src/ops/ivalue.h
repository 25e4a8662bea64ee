// IValue: a boxed argument or result of an op (the runtime's values build on it).
#pragma once

#include <memory>
#include <string>
#include <unordered_map>
#include <variant>
#include <vector>

#include "tensor/random.h"
#include "tensor/tensor.h"

namespace ts {

class IValue;
using Stack = std::vector<IValue>;

class IValue {
 public:
  // Containers free their elements iteratively (release_values), so dropping a list nested
  // 200,000 deep or a long chain of objects never recurses through destructors.
  struct List {
    std::vector<IValue> items;
    // A collections.deque is a list tagged "collections.deque", with its maxlen (-1: none);
    // empty for plain lists (src/runtime/builtins_collections.cpp).
    std::string type_name;
    int64_t maxlen = -1;
    ~List();
  };
  struct Tuple {
    std::vector<IValue> items;
    std::string type_name;  // "torch.return_types.max" for named tuples, empty otherwise
    std::vector<std::string> field_names;
    ~Tuple();
  };
  // A script value of another kind (class instance, function, exception, context manager):
  // the runtime subclasses it.
  struct Object {
    virtual ~Object() = default;
    virtual std::string type_name() const = 0;
  };
  struct Dict;
  using ListPtr = std::shared_ptr<List>;
  using TuplePtr = std::shared_ptr<Tuple>;
  using StrPtr = std::shared_ptr<const std::string>;
  using DictPtr = std::shared_ptr<Dict>;
  using ObjectPtr = std::shared_ptr<Object>;
  using Payload = std::variant<std::monostate, bool, int64_t, double, Tensor, StrPtr, ListPtr,
                               TuplePtr, Device, DType, DictPtr, ObjectPtr>;

  IValue() = default;
  IValue(std::nullopt_t) {}  // NOLINT
  IValue(bool v) : v_(v) {}  // NOLINT
  IValue(int v) : v_(int64_t(v)) {}  // NOLINT
  IValue(int64_t v) : v_(v) {}  // NOLINT
  IValue(double v) : v_(v) {}  // NOLINT
  IValue(Tensor t) : v_(std::move(t)) {}  // NOLINT
  IValue(std::string s) : v_(std::make_shared<const std::string>(std::move(s))) {}  // NOLINT
  IValue(const char* s) : IValue(std::string(s)) {}  // NOLINT
  IValue(Device d) : v_(d) {}  // NOLINT
  IValue(DType t) : v_(t) {}  // NOLINT
  IValue(const Scalar& s);  // NOLINT
  IValue(IntArrayRef v);  // NOLINT: an int list
  IValue(std::vector<Tensor> v);  // NOLINT: a tensor list
  IValue(DictPtr d) : v_(std::move(d)) {}  // NOLINT
  IValue(ObjectPtr o) : v_(std::move(o)) {}  // NOLINT
  static IValue list(std::vector<IValue> items);
  static IValue tuple(std::vector<IValue> items);
  static IValue dict();

  bool is_none() const { return v_.index() == 0; }
  bool is_bool() const { return std::holds_alternative<bool>(v_); }
  bool is_int() const { return std::holds_alternative<int64_t>(v_); }
  bool is_double() const { return std::holds_alternative<double>(v_); }
  bool is_number() const { return is_int() || is_double() || is_bool(); }
  bool is_tensor() const { return std::holds_alternative<Tensor>(v_); }
  bool is_string() const { return std::holds_alternative<StrPtr>(v_); }
  bool is_list() const { return std::holds_alternative<ListPtr>(v_); }
  bool is_tuple() const { return std::holds_alternative<TuplePtr>(v_); }
  bool is_device() const { return std::holds_alternative<Device>(v_); }
  bool is_dtype() const { return std::holds_alternative<DType>(v_); }
  bool is_dict() const { return std::holds_alternative<DictPtr>(v_); }
  bool is_object() const { return std::holds_alternative<ObjectPtr>(v_); }

  bool to_bool() const { return std::get<bool>(v_); }
  int64_t to_int() const { return std::get<int64_t>(v_); }
  double to_double() const { return is_int() ? double(to_int()) : std::get<double>(v_); }
  const Tensor& to_tensor() const { return std::get<Tensor>(v_); }
  const std::string& to_string() const { return *std::get<StrPtr>(v_); }
  Device to_device() const { return std::get<Device>(v_); }
  DType to_dtype() const { return std::get<DType>(v_); }
  Scalar to_scalar() const;
  const std::vector<IValue>& items() const;  // list or tuple elements
  const TuplePtr& tuple_ptr() const { return std::get<TuplePtr>(v_); }
  const ListPtr& list_ptr() const { return std::get<ListPtr>(v_); }
  const DictPtr& dict_ptr() const { return std::get<DictPtr>(v_); }
  const ObjectPtr& object_ptr() const { return std::get<ObjectPtr>(v_); }
  std::vector<int64_t> to_int_list() const;
  std::vector<double> to_double_list() const;
  std::vector<Tensor> to_tensor_list() const;

  // Python-style type name for messages: "Tensor", "int", "List[int]", "NoneType".
  std::string type_name() const;
  const Payload& payload() const { return v_; }
  Payload& payload() { return v_; }

 private:
  Payload v_;
};

// A torch.Generator's native state as a value: what ops with a `Generator? generator` argument
// take (the script class torch.Generator holds one).
struct GeneratorValue : IValue::Object {
  std::shared_ptr<Generator> gen = std::make_shared<Generator>();
  std::string type_name() const override { return "torch._C.Generator"; }
};
// The generator of a `Generator?` argument: null for None (the default generator).
Generator* generator_of(const IValue& v);

// Frees `values` without recursion: elements that are the last reference to a container or an
// object are handed to a per-thread queue drained by the outermost call, so the depth of the C++
// stack does not grow with the depth of the data. Containers call it from their destructors;
// the runtime's objects (class instances, closures) call it for their slots.
void release_values(std::vector<IValue>& values);

// Python's equality for dict keys and `==` on containers: 1 == 1.0 == True, strings by value,
// tensors by identity, tuples element-wise.
bool ivalue_equal(const IValue& a, const IValue& b);
size_t ivalue_hash(const IValue& v);  // consistent with ivalue_equal; throws for unhashable kinds

// A dict in insertion order, as Python's. collections' dicts are tagged: type_name is
// "collections.OrderedDict", "collections.defaultdict" (with its default_factory, called for a
// missing key) or "collections.Counter" (a missing key reads as 0); empty for plain dicts.
struct IValue::Dict {
  std::vector<std::pair<IValue, IValue>> items;
  std::string type_name;
  IValue default_factory;
  Dict() = default;
  ~Dict();
  const IValue* find(const IValue& key) const;
  IValue* find(const IValue& key);
  void set(const IValue& key, IValue value);
  bool erase(const IValue& key);
  void clear() {
    items.clear();
    index_.clear();
  }

 private:
  std::unordered_multimap<size_t, size_t> index_;  // hash -> position in items
  void reindex();
};

}  // namespace ts
