#include "ir/types.h"

#include <cassert>

namespace culprit::ir {

int bitWidth(IntKind k) {
  switch (k) {
  case IntKind::Bool: return 1;
  case IntKind::Char:
  case IntKind::SChar:
  case IntKind::UChar: return 8;
  case IntKind::Short:
  case IntKind::UShort: return 16;
  case IntKind::Int:
  case IntKind::UInt:
  case IntKind::Float: return 32;
  case IntKind::Long:
  case IntKind::ULong:
  case IntKind::LongLong:
  case IntKind::ULongLong:
  case IntKind::Double: return 64;
  }
  return 32;
}

bool isSigned(IntKind k) {
  switch (k) {
  case IntKind::Char:
  case IntKind::SChar:
  case IntKind::Short:
  case IntKind::Int:
  case IntKind::Long:
  case IntKind::LongLong: return true;
  default: return false;
  }
}

const char* intKindName(IntKind k) {
  static const char* const names[] = {
      "_Bool", "char",         "signed char", "unsigned char", "short",     "unsigned short",
      "int",   "unsigned int", "long",        "unsigned long", "long long", "unsigned long long",
      "float", "double"};
  return names[static_cast<int>(k)];
}

std::uint64_t Type::cellCount() const {
  if (isStruct()) return length;
  return isArray() ? length * elem->cellCount() : 1;
}

TypeRef Type::cellType(std::uint64_t offset) const {
  if (isArray()) return elem->cellType(offset % elem->cellCount());
  if (isStruct() && isUnion) {
    const Field* longest = nullptr;
    for (const Field& f : fields)
      if (!longest || f.type->cellCount() > longest->type->cellCount()) longest = &f;
    return longest ? longest->type->cellType(offset) : this;
  }
  if (isStruct())
    for (auto f = fields.rbegin(); f != fields.rend(); ++f)
      if (f->offset <= offset) return f->type->cellType(offset - f->offset);
  return this;
}

bool Type::uniformCells() const {
  if (isArray()) return elem->uniformCells();
  return !isStruct();
}

TypeRef Type::scalarType() const { return isArray() ? elem->scalarType() : this; }

std::string Type::str() const {
  switch (kind) {
  case Kind::Void: return "void";
  case Kind::Int: return intKindName(intKind);
  case Kind::Pointer: return elem->str() + "*";
  case Kind::Array: {
    // int[2][3] is an array of 2 arrays of 3 ints: dimensions read outermost first.
    std::string dims;
    TypeRef t = this;
    for (; t->isArray(); t = t->elem)
      dims += "[" + std::to_string(t->length) + "]";
    return t->str() + dims;
  }
  case Kind::Struct:
    return (isUnion ? "union " : "struct ") + (name.empty() ? std::string("<anonymous>") : name);
  }
  return "?";
}

TypeRef TypeTable::intern(const Type& t) {
  for (const Type& have : types_)
    if (have.kind == t.kind && have.kind != Type::Kind::Struct && have.intKind == t.intKind &&
        have.elem == t.elem && have.length == t.length)
      return &have;
  types_.push_back(t);
  return &types_.back();
}

TypeRef TypeTable::voidType() { return intern(Type{}); }

Type* TypeTable::newStruct(std::string name) {
  Type t;
  t.kind = Type::Kind::Struct;
  t.name = std::move(name);
  types_.push_back(std::move(t));
  return &types_.back();
}

TypeRef TypeTable::intType(IntKind k) {
  Type t;
  t.kind = Type::Kind::Int;
  t.intKind = k;
  return intern(t);
}

TypeRef TypeTable::arrayOf(TypeRef elem, std::uint64_t length) {
  assert(elem);
  Type t;
  t.kind = Type::Kind::Array;
  t.elem = elem;
  t.length = length;
  return intern(t);
}

TypeRef TypeTable::pointerTo(TypeRef elem) {
  assert(elem);
  Type t;
  t.kind = Type::Kind::Pointer;
  t.elem = elem;
  return intern(t);
}

}  // namespace culprit::ir
