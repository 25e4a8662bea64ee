// Internal to src/runtime: the collections module's tagged dicts and deques
// (builtins_collections.cpp), for the interpreter, printing and copying.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "runtime/interp.h"

namespace ts::runtime {

// The tags of IValue::Dict::type_name and IValue::List::type_name.
extern const char* const kOrderedDict;
extern const char* const kDefaultDict;
extern const char* const kCounter;
extern const char* const kDeque;

// d[key] for a key d lacks: a Counter reads 0, a defaultdict with a factory stores and returns
// factory(); false for other dicts (a KeyError).
bool missing_key(Interp& I, const IValue& d, const IValue& key, IValue* out);
// `to` (a fresh copy of `from`'s entries) with from's class, factory and maxlen.
IValue copy_tags(const IValue& from, IValue to);
// Counter `+ - | &` Counter; nullopt for other operands.
std::optional<IValue> counter_op(const std::string& kind, const std::vector<IValue>& in);
// repr() of a tagged dict or deque.
std::string collection_repr(Interp& I, const IValue& v);

// Sets: dicts whose values are None, tagged kSet (builtins_sets.cpp).
extern const char* const kSet;
bool is_set(const IValue& v);
// set `| & - ^` set; nullopt for other operands.
std::optional<IValue> set_op(Interp& I, const std::string& kind, const std::vector<IValue>& in);
std::string set_repr(Interp& I, const IValue& v);

}  // namespace ts::runtime
