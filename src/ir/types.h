// C types as culprit models them: integers of every width, void, fixed-size arrays and
// pointers (pointers only where C arrays decay: array parameters, argv, string literals).
// Types are interned in a TypeTable owned by the Program, so TypeRef compares by address.
#pragma once

#include <cstdint>
#include <deque>
#include <string>

namespace culprit::ir {

enum class IntKind : std::uint8_t {
  Bool,
  Char,  // plain char: signed on the targets we model (x86-64 Linux)
  SChar,
  UChar,
  Short,
  UShort,
  Int,
  UInt,
  Long,
  ULong,
  LongLong,
  ULongLong,
};

/// Width in bits of an integer kind on the LP64 target (char 8, short 16, int 32, long 64).
int bitWidth(IntKind k);
bool isSigned(IntKind k);
const char* intKindName(IntKind k);

struct Type;
using TypeRef = const Type*;

struct Type {
  enum class Kind : std::uint8_t { Void, Int, Array, Pointer };
  Kind kind = Kind::Void;
  IntKind intKind = IntKind::Int;  ///< Int only
  TypeRef elem = nullptr;          ///< Array and Pointer: element type
  std::uint64_t length = 0;        ///< Array: number of elements

  bool isInt() const { return kind == Kind::Int; }
  bool isArray() const { return kind == Kind::Array; }
  bool isPointer() const { return kind == Kind::Pointer; }
  bool isVoid() const { return kind == Kind::Void; }
  /// Number of scalar cells an object of this type occupies (1 for scalars).
  std::uint64_t cellCount() const;
  /// Innermost non-array element type (the type of each cell).
  TypeRef scalarType() const;
  std::string str() const;
};

/// Owns and interns types; TypeRefs stay valid for the table's lifetime.
class TypeTable {
public:
  TypeRef voidType();
  TypeRef intType(IntKind k);
  TypeRef arrayOf(TypeRef elem, std::uint64_t length);
  TypeRef pointerTo(TypeRef elem);

private:
  TypeRef intern(const Type& t);
  std::deque<Type> types_;
};

}  // namespace culprit::ir
