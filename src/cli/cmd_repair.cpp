// `culprit repair PROG.c [--tests FILE --golden G.c | --expected DIR] --unwind N`: every minimal
// mutation repair (AllRepair; fl-AllRepair, pruned by must sets, unless --no-must), each as a
// unified diff verified against the whole test suite, or without tests against the program's
// assertions for every input within the unwinding bound; with tests, semantic repair when
// mutation finds nothing (or with --synthesize), and --holdout P.
// Exit status: 0 when a repair was found, 4 when the search space holds none (or none was
// found before --timeout), 3 when nothing fails, 2 on bad input.
#include "cli/commands.h"
#include "cli/common.h"
#include "encode/encode.h"
#include "ir/error.h"
#include "repair/options.h"
#include "repair/repair.h"
#include "report/repair_model.h"
#include "report/status_line.h"

#include <fmt/format.h>
#include <unistd.h>

namespace culprit::cli {
namespace {

struct RepairCommand {
  CommonOptions common;
  SuiteOptionsCli suite;
  repair::RepairOptions options;
  std::string must = "adaptive";
  bool noMust = false;
  bool synthesize = false, noSynthesize = false;
};

int runRepair(RepairCommand& c) {
  LoadedSuite s = loadSuite(c.common, c.suite, /*coverage=*/false, /*allowNoTests=*/true);
  using Must = repair::RepairOptions::Must;
  c.options.must = c.must == "every" ? Must::Every : c.must == "none" ? Must::None : Must::Adaptive;
  if (c.noMust) c.options.must = Must::None;
  if (c.synthesize && c.noSynthesize)
    throw UserError("--synthesize and --no-synthesize exclude each other", c.common.program, 0, 0,
                    kExitBadInput);
  using Synthesize = repair::RepairOptions::Synthesize;
  if (c.synthesize) c.options.synthesize = Synthesize::Always;
  if (c.noSynthesize) c.options.synthesize = Synthesize::Never;
  repair::RepairProblem problem;
  problem.program = s.program.get();
  problem.run = s.options.run;
  if (!s.suite.tests.empty()) {
    problem.suite = &s.suite;
    problem.oracle = &s.oracle;
  }
  report::StatusLine status(stderr, isatty(STDERR_FILENO) != 0);
  c.options.progress = [&status](const repair::RepairStats& st, std::size_t repairs) {
    const double settled =
        static_cast<double>(st.candidates + st.prunedByMust + st.prunedByRepairs);
    status.draw(settled, st.space,
                fmt::format("repair: {:.0f}/{:.0f} candidates settled ({} validated), {} "
                            "repair{}, {:.1f} s",
                            settled, st.space, st.candidates, repairs, repairs == 1 ? "" : "s",
                            status.elapsedSeconds()));
  };
  repair::RepairResult result;
  try {
    result = repair::findRepairs(problem, c.options);
  } catch (const repair::NothingToRepair& e) {
    throw UserError(e.what(), c.suite.tests.empty() ? c.common.program : c.suite.tests, 0, 0,
                    kExitNoFailure);
  } catch (const repair::GoldenMismatch& e) {
    throw UserError(e.what(), e.file, e.line, 0, kExitBadInput);
  } catch (const repair::RepairError& e) {
    throw UserError(e.what(), c.common.program, 0, 0, kExitBadInput);
  } catch (const encode::EncodeError& e) {
    throw UserError(std::string("the assertions cannot be checked: ") + e.what(), c.common.program,
                    0, 0, kExitBadInput);
  }
  status.clear();
  const report::RepairModel model{s.program.get(), &c.options, &result};
  emit(report::findRepairRenderer(c.common.format)->render(model));
  return result.repairs.empty() ? kExitNoRepair : kExitOk;
}

/// --ints, --unwind and --timeout, spelled and parsed as `culprit localize` does
/// (repair/options.h).
void addSharedOptions(CLI::App& cmd, const std::shared_ptr<RepairCommand>& c) {
  for (const repair::SharedOption& option : repair::sharedOptions()) {
    const std::string name = option.spec->name;
    auto set = [c, name](const std::string& value) {
      if (std::string error = repair::setSharedOption(c->options, name, value); !error.empty())
        throw CLI::ValidationError("--" + error);
    };
    cmd.add_option_function<std::string>(
           "--" + name, set,
           option.help + " [default: " + repair::sharedOptionValue(c->options, name) + "]")
        ->type_name(option.spec->valueName);
  }
}

}  // namespace

void addRepairCommand(CLI::App& app, int& status) {
  auto c = std::make_shared<RepairCommand>();
  CLI::App* cmd = app.add_subcommand(
      "repair", "find every minimal mutation repair (AllRepair, pruned by must sets)");
  const FormatChoices formats = formatChoices(report::repairRenderers());
  addCommonOptions(*cmd, c->common, formats.names, formats.help);
  addSuiteOptions(*cmd, c->suite);
  cmd->add_option("--level", c->options.level,
                  "mutation level: 1 (+/-, / and %, relational neighbours, C+1 C-1 0 -C, "
                  "&&/||) or 2 (every operator of the class, constants also C+2 C-2 1 -1)")
      ->check(CLI::Range(1, 2))
      ->capture_default_str();
  cmd->add_option("--max-mutations", c->options.maxMutations,
                  "sites changed at once (minimal repairs of up to this many changes)")
      ->check(CLI::Range(1, 4))
      ->capture_default_str();
  cmd->add_option("--must", c->must,
                  "must sets of failing candidates: adaptive (when the candidates they prune "
                  "cost more to validate than they do), every (fl-AllRepair as published), none "
                  "(plain AllRepair)")
      ->check(CLI::IsMember({"adaptive", "every", "none"}))
      ->capture_default_str();
  cmd->add_flag("--no-must", c->noMust,
                "plain AllRepair (same as --must none): block each failing candidate alone");
  cmd->add_flag("--synthesize", c->synthesize,
                "semantic repair (holes for constants, variables, operators, conditions, "
                "deletions, synthesized with z3 and validated on the suite) even when mutation "
                "finds repairs; by default it runs when mutation finds none");
  cmd->add_flag("--no-synthesize", c->noSynthesize, "mutation repair only");
  cmd->add_option("--holdout", c->options.holdoutPercent,
                  "percentage of the tests kept out of the search (a fixed choice); each repair "
                  "is then run on them and the report says how many it passes")
      ->check(CLI::Range(0, 90))
      ->capture_default_str();
  cmd->add_option("--equivalence-timeout", c->options.equivalenceSeconds,
                  "seconds for each repair's bounded equivalence with --golden (both programs "
                  "on the same free argv numbers, or stdin of the tests' layouts with free "
                  "digits and letters, within the tests' ranges and --unwind); 0: not checked")
      ->check(CLI::Range(0.0, 3600.0))
      ->capture_default_str();
  cmd->add_option("--hole-timeout", c->options.holeQuerySeconds,
                  "seconds for each solver query of a constant hole in semantic repair (0: "
                  "only --timeout; else at least 0.1: z3 4.8.12 can hang on shorter query "
                  "timeouts); a hole not decided within it is reported as undecided")
      ->check([](const std::string& text) -> std::string {
        double v = -1;
        try {
          v = std::stod(text);
        } catch (const std::exception&) {
        }
        return v == 0 || (v >= 0.1 && v <= 3600) ? "" : "'" + text + "' is not 0 or 0.1 to 3600";
      })
      ->capture_default_str();
  cmd->add_option("--hole-rlimit", c->options.holeQueryRlimit,
                  "z3 resource limit of each solver query of a constant hole (0: none): a budget "
                  "independent of the machine's speed; a hole not decided within it is reported "
                  "as undecided")
      ->capture_default_str();
  cmd->add_option_function<std::vector<std::string>>(
         "--input-range",
         [c](const std::vector<std::string>& values) {
           for (const std::string& v : values) {
             repair::RepairOptions::InputRange range;
             if (std::string error = repair::parseInputRange(v, range); !error.empty())
               throw CLI::ValidationError("--input-range: " + error);
             c->options.inputRanges.push_back(range);
           }
         },
         "values of the input numbers for bounded equivalence with --golden: LO:HI for every "
         "argv number (or entry argument) and every number scanf reads from stdin, N=LO:HI for "
         "argument N (repeat the option); default: the range the tests give each")
      ->type_name("[N=]LO:HI")
      ->allow_extra_args(false);
  addSharedOptions(*cmd, c);
  cmd->callback([c, &status] { status = runRepair(*c); });
}

}  // namespace culprit::cli
