// Bench manifests (docs/DESIGN.md, "Bench manifests (JSON)"): a named list of subjects —
// faulty program, tests, oracle, ground-truth faulty lines — and manifests to include. Paths
// are relative to the manifest that names them. Loading checks the manifest's shape and
// fails with one line naming the file, the line and the subject; whether the files a subject
// names exist is checked per subject by the runner, so one bad subject does not stop a bench.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace culprit::bench {

struct Subject {
  std::string name;
  std::string program, golden, tests, expected;  ///< resolved paths ("" when absent)
  std::vector<unsigned> faultyLines;             ///< lines of `program`
  std::string fault;                             ///< description of the fault
  std::string kind;                              ///< fault class (data, condition, ...)
  std::optional<unsigned> unwind;
  std::string entry;                 ///< harness entry function ("" or "main": argv mode)
  std::vector<std::string> trusted;  ///< functions never suspected
  std::optional<double> scale;       ///< size parameter of a scaling study ("scale",
                                     ///< "bound", or a name ending in -n<digits>)
  std::string family;                ///< "family", else derived from the name when scaled
  std::string manifest;              ///< the manifest that declares the subject
  unsigned manifestLine = 0;         ///< where (best effort: the line of its name)
};

struct Manifest {
  std::string name;  ///< "name", or the file's stem
  std::string path;
  std::vector<Subject> subjects;      ///< included manifests' subjects first, in order
  std::vector<std::string> warnings;  ///< unknown keys and the like, one line each
};

/// Loads `path` and its includes. Throws UserError (exit status 2) with file:line for bad
/// JSON, a bad shape, a missing included file, an include cycle or a duplicate subject name.
Manifest loadManifest(const std::string& path);

/// A subject's name ending in -n<digits> (tcas-n10) gives family "tcas" and scale 10.
bool scaleFromName(const std::string& name, std::string& family, double& scale);

/// The files the subject names that do not exist, as messages ("program file not found: P").
std::vector<std::string> missingFiles(const Subject& subject);

}  // namespace culprit::bench
