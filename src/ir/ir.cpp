#include "ir/ir.h"

#include <algorithm>

#include "util/error.h"

namespace ts::ir {

std::string SourceFile::line(int n) const {
  size_t pos = 0;
  for (int i = 1; i < n; ++i) {
    pos = text.find('\n', pos);
    if (pos == std::string::npos) return {};
    ++pos;
  }
  if (n < 1 || pos > text.size()) return {};
  size_t end = text.find('\n', pos);
  return text.substr(pos, end == std::string::npos ? std::string::npos : end - pos);
}

SourceLoc append_inlined_at(const SourceLoc& loc, const std::shared_ptr<const InlinedAt>& outer) {
  SourceLoc r = loc;
  if (!loc.inlined_at) {
    r.inlined_at = outer;
    return r;
  }
  auto copy = std::make_shared<InlinedAt>();
  copy->function = loc.inlined_at->function;
  copy->call = append_inlined_at(loc.inlined_at->call, outer);
  r.inlined_at = copy;
  return r;
}

// ---- Value ----

void Value::replace_all_uses_with(Value* other) {
  if (other == this) return;
  auto us = uses;
  for (const Use& u : us) u.user->replace_input(u.index, other);
}

void Value::set_name(const std::string& base) {
  std::string b = base;
  // Strip a previous ".N" suffix so renamed copies stay readable.
  auto dot = b.rfind('.');
  if (dot != std::string::npos && dot + 1 < b.size() &&
      std::all_of(b.begin() + dot + 1, b.end(), ::isdigit))
    b.resize(dot);
  name = node && node->graph ? node->graph->unique_name(b) : b;
}

// ---- Node ----

Value* Node::add_input(Value* v) {
  v->uses.push_back({this, inputs.size()});
  inputs.push_back(v);
  return v;
}

static void drop_use(Value* v, Node* user, size_t index) {
  auto it = std::find_if(v->uses.begin(), v->uses.end(),
                         [&](const Use& u) { return u.user == user && u.index == index; });
  TS_INTERNAL_ASSERT(it != v->uses.end(), "IR use list out of sync");
  v->uses.erase(it);
}

void Node::replace_input(size_t i, Value* v) {
  drop_use(inputs[i], this, i);
  inputs[i] = v;
  v->uses.push_back({this, i});
}

void Node::remove_input(size_t i) {
  drop_use(inputs[i], this, i);
  for (size_t j = i + 1; j < inputs.size(); ++j)
    for (Use& u : inputs[j]->uses)
      if (u.user == this && u.index == j) --u.index;
  inputs.erase(inputs.begin() + long(i));
}

void Node::remove_all_inputs() {
  for (size_t i = 0; i < inputs.size(); ++i) drop_use(inputs[i], this, i);
  inputs.clear();
}

Value* Node::add_output(const Type* t) {
  Value* v = graph->create_value(this, outputs.size(), t);
  outputs.push_back(v);
  return v;
}

void Node::erase_output(size_t i) {
  TS_INTERNAL_ASSERT(outputs[i]->uses.empty(), "erasing a used output of ", kind);
  outputs.erase(outputs.begin() + long(i));
  for (size_t j = i; j < outputs.size(); ++j) outputs[j]->offset = j;
}

Block* Node::add_block() {
  Block* b = graph->create_block(this);
  blocks.push_back(b);
  return b;
}

const IValue* Node::attr(Symbol name) const {
  for (const auto& [k, v] : attrs)
    if (k == name) return &v;
  return nullptr;
}

const IValue* Node::attr(std::string_view name) const {
  for (const auto& [k, v] : attrs)
    if (k.str() == name) return &v;
  return nullptr;
}

void Node::set_attr(Symbol name, IValue v) {
  for (auto& [k, old] : attrs) {
    if (k == name) {
      old = std::move(v);
      return;
    }
  }
  if (v.is_string() && graph) v = graph->intern(v);
  attrs.emplace_back(name, std::move(v));
}

void Node::destroy() {
  for (Value* o : outputs) TS_INTERNAL_ASSERT(o->uses.empty(), "destroying ", kind, " whose output is used");
  for (Block* b : blocks) {
    b->ret->remove_all_inputs();  // first: the block's outputs are uses of its own nodes
    while (!b->empty()) {
      Node* last = b->back();
      for (Value* o : last->outputs) o->uses.clear();
      last->destroy();
    }
  }
  remove_all_inputs();
  if (prev) {
    prev->next = next;
    next->prev = prev;
  }
  prev = next = nullptr;
  owner = nullptr;
}

void Node::insert_before(Node* n) {
  TS_INTERNAL_ASSERT(!owner, "node already in a block");
  owner = n->owner;
  prev = n->prev;
  next = n;
  n->prev->next = this;
  n->prev = this;
}

void Node::insert_after(Node* n) { insert_before(n->next); }

void Node::move_before(Node* n) {
  prev->next = next;
  next->prev = prev;
  prev = next = nullptr;
  owner = nullptr;
  insert_before(n);
}

// ---- Block ----

const std::vector<Value*>& Block::inputs() const { return param->outputs; }
const std::vector<Value*>& Block::outputs() const { return ret->inputs; }

Value* Block::add_input(const Type* t, const std::string& name) {
  Value* v = param->add_output(t);
  if (!name.empty()) v->set_name(name);
  return v;
}
void Block::erase_input(size_t i) { param->erase_output(i); }
size_t Block::add_output(Value* v) {
  ret->add_input(v);
  return ret->inputs.size() - 1;
}
void Block::erase_output(size_t i) { ret->remove_input(i); }
void Block::append(Node* n) { n->insert_before(ret); }
void Block::prepend(Node* n) { n->insert_before(ret->next); }

// ---- Graph ----

Graph::Graph() { top_ = create_block(nullptr); }

Node* Graph::create(Symbol kind, const std::vector<Value*>& inputs,
                    const std::vector<const Type*>& out_types) {
  Node* n = nodes_.make();
  n->kind = kind;
  n->graph = this;
  n->inputs.reserve(inputs.size());
  for (Value* v : inputs) n->add_input(v);
  n->outputs.reserve(out_types.size());
  for (const Type* t : out_types) n->add_output(t);
  return n;
}

const std::string& DebugName::str() const {
  static const std::string kEmpty;
  return s_ ? *s_ : kEmpty;
}

IValue Graph::intern(const IValue& s) {
  auto it = strings_.find(std::string_view(s.to_string()));
  if (it != strings_.end()) return it->second;
  strings_.emplace(std::string_view(s.to_string()), s);
  return s;
}

Block* Graph::create_block(Node* owner) {
  Block* b = blocks_.make();
  b->graph = this;
  b->owner = owner;
  b->param = create(kinds::Param);
  b->ret = create(kinds::Return);
  b->ret->prev = b->ret->next = b->ret;
  b->ret->owner = b;
  b->param->owner = b;
  return b;
}

Value* Graph::create_value(Node* n, size_t offset, const Type* t) {
  Value* v = values_.make();
  v->node = n;
  v->offset = offset;
  v->type = t;
  v->id = next_id_++;
  return v;
}

std::string Graph::unique_name(const std::string& base) {
  size_t n = ++name_counts_[base];
  return base + "." + std::to_string(n);
}

namespace {

void copy_block(Graph& g, const Block& from, Block* to, std::map<const Value*, Value*>& map);

Node* copy_node(Graph& g, const Node& n, std::map<const Value*, Value*>& map) {
  std::vector<Value*> ins;
  for (Value* v : n.inputs) {
    auto it = map.find(v);
    ins.push_back(it == map.end() ? v : it->second);  // values from outside the copied region
  }
  Node* c = g.create(n.kind, ins);
  c->attrs = n.attrs;
  c->loc = n.loc;
  c->op = n.op;
  c->fn = n.fn;
  for (Value* o : n.outputs) {
    Value* co = c->add_output(o->type);
    if (!o->name.empty()) co->set_name(o->name);
    map[o] = co;
  }
  for (Block* b : n.blocks) copy_block(g, *b, c->add_block(), map);
  return c;
}

void copy_block(Graph& g, const Block& from, Block* to, std::map<const Value*, Value*>& map) {
  for (Value* in : from.inputs()) {
    Value* v = to->add_input(in->type, in->name);
    map[in] = v;
  }
  for (Node* n : from) to->append(copy_node(g, *n, map));
  for (Value* o : from.outputs()) {
    auto it = map.find(o);
    to->add_output(it == map.end() ? o : it->second);
  }
}

}  // namespace

void Graph::clone_from(const Graph& from) {
  std::map<const Value*, Value*> map;
  copy_block(*this, *from.block(), top_, map);
}

std::vector<Value*> Graph::inline_block(const Block& from, const std::vector<Value*>& args, Node* at) {
  std::map<const Value*, Value*> map;
  for (size_t i = 0; i < args.size(); ++i) map[from.inputs()[i]] = args[i];
  for (Node* n : from) copy_node(*this, *n, map)->insert_before(at);
  std::vector<Value*> outs;
  for (Value* o : from.outputs()) {
    auto it = map.find(o);
    outs.push_back(it == map.end() ? o : it->second);
  }
  return outs;
}

// ---- Classes, modules, programs ----

size_t ClassType::slot(const std::string& attr) const {
  for (size_t i = 0; i < attrs.size(); ++i)
    if (attrs[i].first == attr) return i;
  return attrs.size();
}

Function* ClassType::method(const std::string& n) const {
  for (const ClassType* c = this; c; c = c->base) {
    auto it = c->methods.find(n);
    if (it != c->methods.end()) return it->second;
  }
  return nullptr;
}

bool ClassType::derives_from(const ClassType* other) const {
  for (const ClassType* c = this; c; c = c->base)
    if (c == other) return true;
  return false;
}

size_t ModuleUnit::slot(const std::string& n) {
  auto [it, added] = slot_of_.try_emplace(n, globals.size());
  if (added) globals.push_back(n);
  return it->second;
}

Function* Program::add_function(std::string name, std::string qualname) {
  functions.emplace_back();
  Function* f = &functions.back();
  f->name = std::move(name);
  f->qualname = std::move(qualname);
  f->graph = std::make_unique<Graph>();
  return f;
}

ClassType* Program::add_class(std::string name, std::string qualname) {
  classes.emplace_back();
  ClassType* c = &classes.back();
  c->name = std::move(name);
  c->qualname = std::move(qualname);
  return c;
}

}  // namespace ts::ir
