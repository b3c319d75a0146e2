// C types, source ranges and source files for the lowering, and the single place that raises
// "unsupported construct" errors (naming the macro the construct came from, if any).
//
// Types: every integer type (plain char is signed; the driver passes -fsigned-char), float and
// double (IEEE binary32 and binary64; long double is rejected), enums
// (their underlying integer type), typedefs (resolved through the canonical type), constant-size
// arrays and pointers to supported types (void * included: it keeps the object and cell it
// points to), structs, and unions whose members agree on the type of every cell they share
// (see checkOverlay). Anything else is rejected where it is written. A struct defined in a
// header is one type in every unit that includes the header (the Linkage keeps it by the
// definition's file and offset), so pointers to it pass between units.
// Ranges: a construct that covers a macro use maps to the whole use (`INC(x)`), one that lies
// inside a macro argument maps to where the argument is written (`x > 0` in `assert(x > 0)`);
// other partial overlaps map each end separately. Columns are 1-based bytes; endCol is one past
// the last character.
#include "frontend/lowering.h"

#include <clang/AST/Type.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Lex/Lexer.h>

#include <algorithm>
#include <optional>

namespace culprit::frontend {

using namespace clang;

namespace {

/// The file location a (possibly macro) location stands for; `end` picks the end of an
/// expansion range, for the last token of a range.
SourceLocation fileLoc(const SourceManager& sm, SourceLocation loc, bool end) {
  while (loc.isMacroID()) {
    if (sm.isMacroArgExpansion(loc)) {
      loc = sm.getImmediateSpellingLoc(loc);
    } else {
      CharSourceRange r = sm.getImmediateExpansionRange(loc);
      loc = end ? r.getEnd() : r.getBegin();
    }
  }
  return loc;
}

std::vector<std::string> splitLines(llvm::StringRef text) {
  std::vector<std::string> lines;
  while (!text.empty()) {
    auto [line, rest] = text.split('\n');
    lines.push_back(line.rtrim('\r').str());
    text = rest;
  }
  return lines;
}

std::optional<ir::IntKind> intKindOf(BuiltinType::Kind k) {
  switch (k) {
  case BuiltinType::Bool: return ir::IntKind::Bool;
  case BuiltinType::Char_S:
  case BuiltinType::Char_U: return ir::IntKind::Char;
  case BuiltinType::SChar: return ir::IntKind::SChar;
  case BuiltinType::UChar: return ir::IntKind::UChar;
  case BuiltinType::Short: return ir::IntKind::Short;
  case BuiltinType::UShort: return ir::IntKind::UShort;
  case BuiltinType::Int: return ir::IntKind::Int;
  case BuiltinType::UInt: return ir::IntKind::UInt;
  case BuiltinType::Long: return ir::IntKind::Long;
  case BuiltinType::ULong: return ir::IntKind::ULong;
  case BuiltinType::LongLong: return ir::IntKind::LongLong;
  case BuiltinType::ULongLong: return ir::IntKind::ULongLong;
  case BuiltinType::Float: return ir::IntKind::Float;
  case BuiltinType::Double: return ir::IntKind::Double;
  default: return std::nullopt;
  }
}

std::string quoted(QualType t) { return "'" + t.getAsString() + "'"; }

}  // namespace

/// The outermost macro whose body produced `loc`, the one the user wrote; empty if none or if
/// the macro only names itself (glibc's `#define stdin stdin`).
std::string Lowerer::macroAt(SourceLocation loc) const {
  std::string name;
  const LangOptions& lang = ctx_.getLangOpts();
  llvm::StringRef token =
      Lexer::getSourceText(CharSourceRange::getTokenRange(sm_.getSpellingLoc(loc)), sm_, lang);
  for (; loc.isMacroID(); loc = sm_.getImmediateMacroCallerLoc(loc))
    if (!sm_.isMacroArgExpansion(loc)) name = Lexer::getImmediateMacroName(loc, sm_, lang).str();
  return name == token ? "" : name;
}

UserError Lowerer::errorAt(SourceLocation loc, const std::string& message) const {
  SourceLocation at = fileLoc(sm_, loc, false);
  std::string path;
  unsigned line = 0, col = 0;
  if (at.isValid()) {
    FileID fid = sm_.getFileID(at);
    const FileEntry* fe = sm_.getFileEntryForID(fid);
    path = fid == sm_.getMainFileID() ? opts_.mainPath : fe ? fe->getName().str() : "";
    line = sm_.getSpellingLineNumber(at);
    col = sm_.getSpellingColumnNumber(at);
  }
  return UserError(message, path.empty() ? opts_.mainPath : path, line, col);
}

std::string Lowerer::placeOf(SourceLocation loc) const {
  const UserError e = errorAt(loc, "");
  return e.file() + ":" + std::to_string(e.line()) + ":" + std::to_string(e.col());
}

void Lowerer::unsupported(SourceLocation loc, const std::string& what) const {
  std::string macro = macroAt(loc);
  std::string message = "unsupported construct: " + what;
  if (!macro.empty()) message += " (in macro '" + macro + "')";
  throw errorAt(loc, message);
}

ir::TypeRef Lowerer::typeOf(QualType qt, SourceLocation where) {
  const clang::Type* t = qt.getCanonicalType().getTypePtr();
  ir::TypeTable& types = prog_->types;
  if (const auto* b = dyn_cast<BuiltinType>(t)) {
    if (b->isVoidType()) return types.voidType();
    if (auto k = intKindOf(b->getKind())) return types.intType(*k);
    if (b->isFloatingPoint())  // long double (x87), _Float16, __float128
      unsupported(where, "floating-point type " + quoted(qt) + " (float and double are)");
    unsupported(where, "type " + quoted(qt));
  }
  if (const auto* e = dyn_cast<EnumType>(t)) {
    QualType underlying = e->getDecl()->getIntegerType();
    if (underlying.isNull()) unsupported(where, "incomplete enum type " + quoted(qt));
    return typeOf(underlying, where);
  }
  if (const auto* a = dyn_cast<ConstantArrayType>(t)) {
    if (a->getSize() == 0) unsupported(where, "zero-length array");
    ir::TypeRef elem = typeOf(a->getElementType(), where);
    return types.arrayOf(elem, a->getSize().getZExtValue());
  }
  if (isa<VariableArrayType>(t)) unsupported(where, "variable-length array");
  if (isa<IncompleteArrayType>(t)) unsupported(where, "array of unknown size");
  if (const auto* p = dyn_cast<clang::PointerType>(t)) {
    QualType pointee = p->getPointeeType();
    if (pointee->isFunctionType()) unsupported(where, "function pointer");
    return types.pointerTo(typeOf(pointee, where));
  }
  if (const auto* r = dyn_cast<RecordType>(t); r && (r->isStructureType() || r->isUnionType())) {
    const bool isUnion = r->isUnionType();
    const std::string kw = isUnion ? "union" : "struct";
    const auto* decl = cast<RecordDecl>(r->getDecl()->getCanonicalDecl());
    if (auto it = structs_.find(decl); it != structs_.end()) return it->second;
    const RecordDecl* def = r->getDecl()->getDefinition();
    if (!def) unsupported(where, "incomplete " + kw + " type " + quoted(qt));
    if (sm_.isInSystemHeader(def->getLocation())) {  // FILE, struct tm, ...: at the user's use
      if (std::optional<ir::TypeRef> known = libraryRecord(def, qt, where)) return *known;
      unsupported(where, "library " + kw + " type " + quoted(qt));
    }
    std::string key;
    if (ir::TypeRef shared = sharedStruct(def, key)) return structs_[decl] = shared;
    ir::Type* st = types.newStruct(def->getNameAsString());
    st->isUnion = isUnion;
    structs_[decl] = st;  // before the members: one may point to the struct itself
    try {
      std::uint64_t cells = 0;
      for (const FieldDecl* f : def->fields()) {
        SourceLocation at = f->getLocation();
        if (f->isBitField()) unsupported(at, "bit-field '" + f->getNameAsString() + "'");
        if (f->getType()->isIncompleteArrayType())
          unsupported(at, "flexible array member '" + f->getNameAsString() + "'");
        ir::TypeRef ft = typeOf(f->getType(), at);
        st->fields.push_back(ir::Field{f->getNameAsString(), ft, isUnion ? 0 : cells});
        cells = isUnion ? std::max(cells, ft->cellCount()) : cells + ft->cellCount();
      }
      if (cells == 0) unsupported(where, kw + " without members " + quoted(qt));
      st->length = cells;
      if (isUnion) checkOverlay(*st, def);
    } catch (const UserError&) {  // not cached half-built: a later use reports it again
      structs_.erase(decl);
      throw;
    }
    if (!key.empty()) link_.structs[key] = st;
    return st;
  }
  if (t->isAnyComplexType()) unsupported(where, "complex type " + quoted(qt));
  unsupported(where, "type " + quoted(qt));
}

void Lowerer::checkOverlay(const ir::Type& u, const RecordDecl* def) const {
  // Members share cells from offset 0; each shared cell must have one type, as reading a cell
  // as another type than it was written with (type punning) is not modelled.
  std::string name = def->getNameAsString();
  if (name.empty())
    if (const TypedefNameDecl* td = def->getTypedefNameForAnonDecl()) name = td->getNameAsString();
  for (std::size_t i = 0; i < u.fields.size(); ++i)
    for (std::size_t j = i + 1; j < u.fields.size(); ++j) {
      const ir::TypeRef a = u.fields[i].type, b = u.fields[j].type;
      const std::uint64_t shared = std::min(a->cellCount(), b->cellCount());
      for (std::uint64_t k = 0; k < shared; ++k)
        if (a->cellType(k) != b->cellType(k))
          unsupported(def->getLocation(),
                      (name.empty() ? std::string("anonymous union") : "union '" + name + "'") +
                          " overlays '" + a->cellType(k)->str() + "' and '" +
                          b->cellType(k)->str() +
                          "' in one place (reading one member as another is not modelled)");
    }
}

ir::TypeRef Lowerer::sharedStruct(const RecordDecl* def, std::string& key) const {
  // Units that include one header see one definition: the same file and offset.
  SourceLocation at = fileLoc(sm_, def->getLocation(), false);
  const FileEntry* fe = at.isValid() ? sm_.getFileEntryForID(sm_.getFileID(at)) : nullptr;
  if (!fe || sm_.getFileID(at) == sm_.getMainFileID()) return nullptr;  // a unit's own type
  llvm::StringRef real = fe->tryGetRealPathName();
  key = (real.empty() ? fe->getName() : real).str() + ":" + std::to_string(sm_.getFileOffset(at));
  auto it = link_.structs.find(key);
  return it == link_.structs.end() ? nullptr : it->second;
}

ir::SourceRange Lowerer::rangeOf(SourceLocation begin, SourceLocation end) {
  if (end.isInvalid()) end = begin;
  SourceLocation b, e;  // first character, one past the last character
  CharSourceRange file =
      Lexer::makeFileCharRange(CharSourceRange::getTokenRange(begin, end), sm_, ctx_.getLangOpts());
  if (file.isValid()) {
    b = file.getBegin();
    e = file.getEnd();
  } else {  // spans macro expansions partially: approximate endpoint by endpoint
    b = fileLoc(sm_, begin, false);
    SourceLocation last = fileLoc(sm_, end, true);
    if (last.isValid())
      e = last.getLocWithOffset(Lexer::MeasureTokenLength(last, sm_, ctx_.getLangOpts()));
  }
  if (b.isInvalid()) return {};
  FileID fid = sm_.getFileID(b);
  if (e.isInvalid() || sm_.getFileID(e) != fid || e < b) e = b;
  ir::SourceRange r;
  r.file = fileIndex(fid);
  r.line = sm_.getSpellingLineNumber(b);
  r.col = sm_.getSpellingColumnNumber(b);
  r.endLine = sm_.getSpellingLineNumber(e);
  r.endCol = sm_.getSpellingColumnNumber(e);
  return r;
}

std::uint32_t Lowerer::fileIndex(FileID id) {
  auto it = files_.find(id);
  if (it != files_.end()) return it->second;
  ir::SourceFile f;
  const FileEntry* fe = sm_.getFileEntryForID(id);
  f.path = id == sm_.getMainFileID() ? opts_.mainPath : fe ? fe->getName().str() : "<unknown>";
  auto [known, added] =
      link_.files.emplace(f.path, static_cast<std::uint32_t>(prog_->files.size()));
  if (added) {  // a header several units include is one file of the program
    f.lines = splitLines(sm_.getBufferData(id));
    prog_->files.push_back(std::move(f));
  }
  files_[id] = known->second;
  return known->second;
}

std::int64_t Lowerer::toInt64(const llvm::APSInt& v) {
  llvm::APSInt w = v.extOrTrunc(64);
  return w.isSigned() ? w.getSExtValue() : static_cast<std::int64_t>(w.getZExtValue());
}

}  // namespace culprit::frontend
