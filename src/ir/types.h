// C types as culprit models them: integers of every width, float and double, void, fixed-size
// arrays, pointers, structs and unions. An object is a sequence of typed cells: one per scalar,
// arrays and structs laid out element by element, member by member; a union's members all start
// at its first cell (the frontend accepts only unions whose members agree on every cell type
// they share, so a cell always has one type). Types are interned in a TypeTable owned by
// the Program, so TypeRef compares by address.
#pragma once

#include <cstdint>
#include <deque>
#include <string>
#include <vector>

namespace culprit::ir {

/// The arithmetic kinds of scalar cells: the integer kinds, then the IEEE binary32 and binary64
/// floating kinds (`float`, `double`), whose values are held as their bit patterns.
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
  Float,
  Double,
};

/// Width in bits of an arithmetic kind on the LP64 target (char 8, short 16, int 32, long 64;
/// float 32, double 64).
int bitWidth(IntKind k);
bool isSigned(IntKind k);  ///< false for the floating kinds
inline bool isFloating(IntKind k) { return k == IntKind::Float || k == IntKind::Double; }
const char* intKindName(IntKind k);

struct Type;
using TypeRef = const Type*;

/// A member of a struct: its cells start `offset` cells into the struct's.
struct Field {
  std::string name;
  TypeRef type = nullptr;
  std::uint64_t offset = 0;
};

struct Type {
  enum class Kind : std::uint8_t { Void, Int, Array, Pointer, Struct };
  Kind kind = Kind::Void;
  IntKind intKind = IntKind::Int;  ///< Int only
  TypeRef elem = nullptr;          ///< Array and Pointer: element type
  std::uint64_t length = 0;        ///< Array: number of elements; Struct: number of cells
  std::string name;                ///< Struct: its tag ("" when anonymous)
  std::vector<Field> fields;       ///< Struct: its members, in order
  /// Struct: a union (every field at offset 0, length the longest member's cells).
  bool isUnion = false;

  /// An arithmetic scalar: an integer, float or double (see isFloat).
  bool isInt() const { return kind == Kind::Int; }
  bool isFloat() const { return kind == Kind::Int && isFloating(intKind); }
  bool isInteger() const { return kind == Kind::Int && !isFloating(intKind); }
  bool isArray() const { return kind == Kind::Array; }
  bool isPointer() const { return kind == Kind::Pointer; }
  bool isVoid() const { return kind == Kind::Void; }
  bool isStruct() const { return kind == Kind::Struct; }
  /// Arrays and structs: objects of several cells, copied cell by cell.
  bool isAggregate() const { return isArray() || isStruct(); }
  /// Number of scalar cells an object of this type occupies (1 for scalars).
  std::uint64_t cellCount() const;
  /// Innermost non-array element type (the type of each cell of an array of scalars; a
  /// struct for an array of structs: see cellType).
  TypeRef scalarType() const;
  /// The scalar type of cell `offset` of an object of this type (of a union: its longest
  /// member's cell, which every member covering that cell shares).
  TypeRef cellType(std::uint64_t offset) const;
  /// Its cells are all of one scalar type (no struct or union inside).
  bool uniformCells() const;
  std::string str() const;
};

/// Owns and interns types; TypeRefs stay valid for the table's lifetime.
class TypeTable {
public:
  TypeRef voidType();
  TypeRef intType(IntKind k);
  TypeRef arrayOf(TypeRef elem, std::uint64_t length);
  TypeRef pointerTo(TypeRef elem);
  /// A new struct (or union) type (struct types are not interned: each declaration is its own
  /// type); its fields are filled in afterwards (a member may point to the struct itself).
  Type* newStruct(std::string name);

private:
  TypeRef intern(const Type& t);
  std::deque<Type> types_;
};

}  // namespace culprit::ir
