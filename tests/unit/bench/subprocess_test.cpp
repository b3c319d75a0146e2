// Child processes of isolated runs: output captured, the hard limit enforced, crashes and
// exit statuses described.
#include "bench/subprocess.h"

#include <gtest/gtest.h>

using namespace culprit::bench;

TEST(RunChild, CapturesStdoutAndStderr) {
  ChildResult r = runChild({"/bin/sh", "-c", "echo out; echo err >&2; exit 3"}, 10);
  EXPECT_TRUE(r.started);
  EXPECT_FALSE(r.killed);
  EXPECT_EQ(r.exitStatus, 3);
  EXPECT_EQ(r.out, "out\n");
  EXPECT_EQ(r.err, "err\n");
  EXPECT_EQ(describeChildEnd(r, 10), "exited with status 3");
}

TEST(RunChild, KillsAtTheHardLimit) {
  ChildResult r = runChild({"/bin/sh", "-c", "echo started; exec sleep 30"}, 0.3);
  EXPECT_TRUE(r.killed);
  EXPECT_EQ(r.out, "started\n");  // what it printed before is kept
  EXPECT_LT(r.wallMs, 10000);
  EXPECT_EQ(describeChildEnd(r, 0.3), "killed after 0.3 s (hard limit)");
}

TEST(RunChild, ReportsASignal) {
  ChildResult r = runChild({"/bin/sh", "-c", "kill -SEGV $$"}, 10);
  EXPECT_EQ(r.signal, 11);
  EXPECT_EQ(describeChildEnd(r, 10).rfind("killed by signal 11 (", 0), 0u);
}

TEST(RunChild, KeepsTheEndOfALongStderr) {
  ChildResult r = runChild({"/bin/sh", "-c",
                            "i=0; while [ $i -lt 3000 ]; do echo line$i >&2; "
                            "i=$((i+1)); done"},
                           30);
  EXPECT_LE(r.err.size(), 4096u);
  EXPECT_NE(r.err.find("line2999\n"), std::string::npos);
}

TEST(RunChild, MissingProgram) {
  ChildResult r = runChild({"/nonexistent/culprit"}, 1);
  EXPECT_FALSE(r.started);
  EXPECT_NE(describeChildEnd(r, 1).find("cannot start /nonexistent/culprit"), std::string::npos);
}
