// C streams. glibc's FILE (struct _IO_FILE) becomes culprit's struct FILE of one int cell, the
// stream's handle: 0 stdin, 1 stdout, 2 stderr, 3... the files fopen opened, in the order it
// opened them. stdin, stdout and stderr are three globals of that type (named as in C), so a
// FILE * is an ordinary pointer: it can be stored, compared with NULL and passed around.
// A call on a FILE * becomes a stream builtin whose first operand reads the handle through the
// pointer (a null or closed stream is then the runtime error of a bad pointer). Calls on stdin,
// stdout and stderr written as such keep their own builtins (getchar, fgets(stdin), ...).
//
// Library types culprit does not model are named by the feature they belong to, not by
// glibc's internal struct names.
#include "frontend/lowering.h"

namespace culprit::frontend {

using namespace clang;
using ir::Builtin;
using ir::ExprKind;

namespace {

struct StreamFunction {
  const char* name;
  Builtin builtin;
  unsigned args;  ///< exact, or the minimum of a variadic one
  int streamArg;  ///< index of the FILE * argument (-1: none)
  bool variadic;
};

constexpr StreamFunction kStreamFunctions[] = {
    {"fopen", Builtin::Fopen, 2, -1, false},      {"fclose", Builtin::Fclose, 1, 0, false},
    {"getc", Builtin::Fgetc, 1, 0, false},        {"fgetc", Builtin::Fgetc, 1, 0, false},
    {"ungetc", Builtin::Ungetc, 2, 1, false},     {"fgets", Builtin::FileGets, 3, 2, false},
    {"fscanf", Builtin::FileScanf, 2, 0, true},   {"fread", Builtin::Fread, 4, 3, false},
    {"feof", Builtin::Feof, 1, 0, false},         {"ferror", Builtin::Ferror, 1, 0, false},
    {"fprintf", Builtin::FilePrintf, 2, 0, true}, {"fputs", Builtin::FilePuts, 2, 1, false},
    {"fputc", Builtin::FilePutc, 2, 1, false},    {"putc", Builtin::FilePutc, 2, 1, false},
};

/// The feature a library struct belongs to, by its (glibc) tag, for messages.
const char* libraryFeature(llvm::StringRef tag) {
  if (tag == "__jmp_buf_tag") return "setjmp/longjmp (jmp_buf)";
  if (tag == "tm") return "time functions (struct tm)";
  if (tag == "timeval" || tag == "timespec") return "time functions (struct timeval/timespec)";
  if (tag == "_G_fpos_t" || tag == "_G_fpos64_t") return "stream positions (fpos_t)";
  if (tag == "__va_list_tag") return "variable argument lists (va_list)";
  if (tag == "stat") return "file status (struct stat)";
  if (tag == "dirent" || tag == "__dirstream") return "directory streams (DIR)";
  if (tag == "sigaction" || tag == "__sigset_t") return "signals";
  if (tag == "lconv") return "locales (struct lconv)";
  if (tag == "div_t" || tag == "ldiv_t" || tag == "lldiv_t") return "div/ldiv";
  return nullptr;
}

}  // namespace

ir::TypeRef Lowerer::fileType() {
  if (fileType_) return fileType_;
  ir::Type* st = prog_->types.newStruct("FILE");
  st->fields.push_back(ir::Field{"_handle", prog_->types.intType(ir::IntKind::Int), 0});
  st->length = 1;
  fileType_ = st;
  return st;
}

std::optional<ir::TypeRef> Lowerer::libraryRecord(const RecordDecl* def, QualType qt,
                                                  SourceLocation where) {
  std::string tag = def->getNameAsString();
  if (tag == "_IO_FILE") return fileType();
  if (tag.empty())
    if (const TypedefNameDecl* td = def->getTypedefNameForAnonDecl()) tag = td->getNameAsString();
  if (const char* feature = libraryFeature(tag))
    unsupported(where, std::string("library feature ") + feature);
  (void)qt;
  return std::nullopt;
}

ir::ExprPtr Lowerer::standardStream(int k, const Expr* e) {
  if (streamVars_[k] == ir::kNone) {
    static const char* const names[] = {"stdin", "stdout", "stderr"};
    ir::Var var;
    var.name = uniqueGlobalName(names[k]);
    var.type = fileType();
    var.storage = ir::Var::Storage::Global;
    var.range = rangeOf(e->getSourceRange());
    var.slot = static_cast<std::uint32_t>(prog_->globals.size());
    auto init = node(ExprKind::InitList, var.type, e);
    init->ops.push_back(intLit(k, prog_->types.intType(ir::IntKind::Int), e));
    init->initOffsets.push_back(0);
    var.init = std::move(init);
    streamVars_[k] = static_cast<ir::VarId>(prog_->vars.size());
    prog_->globals.push_back(streamVars_[k]);
    prog_->vars.push_back(std::move(var));
  }
  auto ref = node(ExprKind::VarRef, fileType(), e);
  ref->var = streamVars_[k];
  auto x = node(ExprKind::AddrOf, prog_->types.pointerTo(fileType()), e);
  x->ops.push_back(std::move(ref));
  return x;
}

ir::ExprPtr Lowerer::streamHandle(const Expr* arg) {
  const ir::TypeRef intType = prog_->types.intType(ir::IntKind::Int);
  if (const int k = streamOf(arg); k >= 0) return intLit(k, intType, arg);
  ir::ExprPtr fp = lowerOperand(arg);
  if (!fp->type->isPointer() || fp->type->elem != fileType())
    unsupported(arg->getBeginLoc(), "stream argument of type " + fp->type->str());
  auto object = node(ExprKind::Index, fileType(), arg);
  object->ops.push_back(std::move(fp));
  object->ops.push_back(intLit(0, prog_->types.intType(ir::IntKind::Long), arg));
  auto handle = node(ExprKind::Member, intType, arg);
  handle->ops.push_back(std::move(object));
  handle->value = 0;
  return handle;
}

ir::ExprPtr Lowerer::lowerStreamCall(const CallExpr* e, llvm::StringRef name) {
  const StreamFunction* f = nullptr;
  for (const StreamFunction& s : kStreamFunctions)
    if (name == s.name) f = &s;
  if (!f) return nullptr;
  const unsigned n = e->getNumArgs();
  if (n < f->args || (!f->variadic && n > f->args)) return nullptr;  // lowerCall reports it
  if (f->streamArg >= 0) {
    // The standard streams written as such keep the builtins of stdin and stdout.
    const int k = streamOf(e->getArg(static_cast<unsigned>(f->streamArg)));
    const bool reads = f->builtin == Builtin::Fgetc || f->builtin == Builtin::FileGets ||
                       f->builtin == Builtin::FileScanf;
    const bool writes = f->builtin == Builtin::FilePrintf || f->builtin == Builtin::FilePuts ||
                        f->builtin == Builtin::FilePutc;
    if ((reads && k == 0) || (writes && k == 1) ||
        (k == 2 && (f->builtin == Builtin::FilePrintf || f->builtin == Builtin::FilePuts)))
      return nullptr;
  }
  ir::TypeRef type = f->builtin == Builtin::FilePutc ? prog_->types.intType(ir::IntKind::Int)
                                                     : typeOf(e->getType(), e->getBeginLoc());
  auto x = node(ExprKind::Call, type, e);
  x->builtin = f->builtin;
  if (f->builtin == Builtin::Fopen) {
    x->type = prog_->types.pointerTo(fileType());
    for (unsigned i = 0; i < n; ++i)
      x->ops.push_back(lowerLibArg(e->getArg(i), false));
    return x;
  }
  x->ops.push_back(streamHandle(e->getArg(static_cast<unsigned>(f->streamArg))));
  const bool scans = f->builtin == Builtin::FileScanf;
  for (unsigned i = 0; i < n; ++i)
    if (static_cast<int>(i) != f->streamArg) x->ops.push_back(lowerLibArg(e->getArg(i), scans));
  return x;
}

}  // namespace culprit::frontend
