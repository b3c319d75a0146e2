// Child processes of isolated runs: output captured, the hard limit enforced, crashes and
// exit statuses described.
#include "bench/subprocess.h"

#include <chrono>
#include <csignal>
#include <cstdio>
#include <gtest/gtest.h>
#include <stdexcept>
#include <unistd.h>

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

TEST(RunForked, CapturesWhatTheBodyPrints) {
  ChildResult r = runForked(
      [] {
        std::fputs("record\n", stdout);
        std::fputs("note\n", stderr);
      },
      10);
  EXPECT_TRUE(r.started);
  EXPECT_EQ(r.exitStatus, 0);
  EXPECT_EQ(r.out, "record\n");
  EXPECT_EQ(r.err, "note\n");
}

TEST(RunForked, AThrowingBodyExits70) {
  ChildResult r = runForked([] { throw std::runtime_error("boom"); }, 10);
  EXPECT_EQ(r.exitStatus, 70);
}

TEST(RunForked, KillsAtTheHardLimit) {
  ChildResult r = runForked(
      [] {
        std::fputs("started\n", stdout);
        std::fflush(stdout);
        for (;;)
          pause();
      },
      0.3);
  EXPECT_TRUE(r.killed);
  EXPECT_EQ(r.out, "started\n");
  EXPECT_EQ(describeChildEnd(r, 0.3), "killed after 0.3 s (hard limit)");
}

TEST(RunForked, AbandonsTheRunWhenTheWatchedPipeCloses) {
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  close(fds[1]);  // as when the bench that sent the request died: end of file
  bool abandoned = false;
  ChildResult r = runForked(
      [] {
        for (;;)
          pause();
      },
      30, fds[0], &abandoned);
  close(fds[0]);
  EXPECT_TRUE(abandoned);
  EXPECT_EQ(r.signal, SIGKILL);
  EXPECT_LT(r.wallMs, 10000);
}

TEST(Coprocess, AnswersLineByLine) {
  Coprocess c({"/bin/cat"});
  ASSERT_TRUE(c.started());
  std::string why;
  ASSERT_TRUE(c.send("one"));
  EXPECT_EQ(c.receive(10, why), std::optional<std::string>("one"));
  ASSERT_TRUE(c.send("two"));
  EXPECT_EQ(c.receive(10, why), std::optional<std::string>("two"));
}

TEST(Coprocess, SaysWhenItExitsOrDoesNotAnswer) {
  Coprocess quits({"/bin/sh", "-c", "read line; echo got $line; exit 0"});
  std::string why;
  ASSERT_TRUE(quits.send("x"));
  EXPECT_EQ(quits.receive(10, why), std::optional<std::string>("got x"));
  EXPECT_EQ(quits.receive(10, why), std::nullopt);
  EXPECT_EQ(why, "it exited");
  Coprocess silent({"/bin/sh", "-c", "exec sleep 30"});
  auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(silent.receive(0.2, why), std::nullopt);
  EXPECT_EQ(why, "no answer within 0.2 s");
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10));
}

TEST(Coprocess, MissingProgram) {
  Coprocess c({"/nonexistent/culprit"});
  EXPECT_FALSE(c.started());
  EXPECT_NE(c.startError().find("cannot start /nonexistent/culprit"), std::string::npos);
  EXPECT_FALSE(c.send("x"));
}
