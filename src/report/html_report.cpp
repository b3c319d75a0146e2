// HTML (placeholder until written).
#include "report/model.h"

namespace culprit::report {
std::string renderHtml(const LocalizeModel&) { return "<!DOCTYPE html>\n"; }
}  // namespace culprit::report
