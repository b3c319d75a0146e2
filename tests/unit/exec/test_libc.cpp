// Unit tests of exec/builtins (libc::): printf formatting against the host's glibc, strtol
// parsing, and integer scanf, including their failure cases.
#include "exec/builtins.h"

#include <gtest/gtest.h>

#include <climits>
#include <cstdio>
#include <cstdlib>

namespace culprit::exec::libc {
namespace {

FormatArg num(std::int64_t v) {
  FormatArg a;
  a.value = v;
  return a;
}

FormatArg str(const std::string& s) {
  FormatArg a;
  a.isPointer = true;
  a.text = s;
  return a;
}

FormatArg null() {
  FormatArg a;
  a.isPointer = true;
  a.isNull = true;
  return a;
}

std::string fmt(const std::string& f, const std::vector<FormatArg>& args) {
  Formatted r = format(f, args);
  EXPECT_EQ(r.error, "") << f;
  return r.text;
}

std::string fmtError(const std::string& f, const std::vector<FormatArg>& args) {
  return format(f, args).error;
}

TEST(Printf, IntegerConversionsWithFlagsWidthPrecision) {
  EXPECT_EQ(fmt("%d|%i|%u", {num(-5), num(7), num(4294967295LL)}), "-5|7|4294967295");
  EXPECT_EQ(fmt("%5d|%-5d|%05d|%+d|% d", {num(42), num(42), num(42), num(42), num(42)}),
            "   42|42   |00042|+42| 42");
  EXPECT_EQ(fmt("%.3d|%8.3d|%.0d|", {num(7), num(-7), num(0)}), "007|    -007||");
  EXPECT_EQ(fmt("%x|%X|%#x|%o|%#o", {num(255), num(255), num(255), num(8), num(8)}),
            "ff|FF|0xff|10|010");
  EXPECT_EQ(fmt("100%%", {}), "100%");
}

TEST(Printf, LengthModifiersReadTheRightType) {
  EXPECT_EQ(fmt("%ld|%lld|%lu", {num(INT64_MIN), num(INT64_MAX), num(-1)}),
            "-9223372036854775808|9223372036854775807|18446744073709551615");
  EXPECT_EQ(fmt("%hhd|%hhu|%hd|%hu", {num(200), num(-1), num(70000), num(-1)}),
            "-56|255|4464|65535");
  EXPECT_EQ(fmt("%zu|%lx", {num(5), num(-1)}), "5|ffffffffffffffff");
  EXPECT_EQ(fmt("%d", {num(4294967296LL + 3)}), "3");  // int reads the low 32 bits
}

TEST(Printf, StarWidthAndPrecision) {
  EXPECT_EQ(fmt("[%*d]", {num(6), num(42)}), "[    42]");
  EXPECT_EQ(fmt("[%*d]", {num(-6), num(42)}), "[42    ]");
  EXPECT_EQ(fmt("[%.*d]", {num(4), num(42)}), "[0042]");
  EXPECT_EQ(fmt("[%.*d]", {num(-1), num(42)}), "[42]");
}

TEST(Printf, CharactersAndStrings) {
  EXPECT_EQ(fmt("%c%c|%3c", {num('o'), num('k'), num('x')}), "ok|  x");
  EXPECT_EQ(fmt("%s|%8s|%-8s|%.2s", {str("abc"), str("abc"), str("abc"), str("abc")}),
            "abc|     abc|abc     |ab");
  EXPECT_EQ(fmt("%s|%.3s|%.8s", {null(), null(), null()}), "(null)||(null)");
}

TEST(Printf, UnterminatedStringNeedsAPrecision) {
  FormatArg a = str("abcd");
  a.terminated = false;
  EXPECT_EQ(fmt("%.3s", {a}), "abc");
  EXPECT_NE(fmtError("%s", {a}), "");
}

TEST(Printf, RejectsWhatItCannotModel) {
  EXPECT_NE(fmtError("%d %d", {num(1)}), "");
  EXPECT_NE(fmtError("%f", {num(1)}), "");  // an integer where a double is read
  EXPECT_NE(fmtError("%Lf", {num(1)}), "");
  EXPECT_NE(fmtError("%n", {num(1)}), "");
  EXPECT_NE(fmtError("%s", {num(1)}), "");
  EXPECT_NE(fmtError("%d", {str("x")}), "");
  EXPECT_NE(fmtError("%999999999d", {num(1)}), "");
}

TEST(Printf, MatchesHostSnprintfOnAMix) {
  char want[128];
  std::snprintf(want, sizeof want, "%-+6d|%#010x|%7.4u|%c", -12, 48879, 31u, 'Z');
  EXPECT_EQ(fmt("%-+6d|%#010x|%7.4u|%c", {num(-12), num(48879), num(31), num('Z')}), want);
}

TEST(Strtol, ParsesLikeGlibc) {
  for (const char* s : {"42", "  -17xyz", "+8", "", "abc", "0x1A", "012", "2147483648",
                        "99999999999999999999", "-99999999999999999999", " \t\n5", "-0"}) {
    EXPECT_EQ(parseLong(s, 10), std::strtol(s, nullptr, 10)) << s;
    EXPECT_EQ(parseLong(s, 0), std::strtol(s, nullptr, 0)) << s;
    EXPECT_EQ(parseLong(s, 16), std::strtol(s, nullptr, 16)) << s;
    EXPECT_EQ(parseULong(s, 10), std::strtoul(s, nullptr, 10)) << s;
  }
  EXPECT_EQ(parseLong("0x", 16), 0);
  EXPECT_EQ(parseLong("0xg", 0), 0);
  EXPECT_EQ(parseLong("z", 36), 35);
  EXPECT_EQ(parseLong("12", 1), 0);                             // invalid base
  EXPECT_EQ(static_cast<int>(parseLong("4294967297", 10)), 1);  // atoi truncates the long
}

TEST(Scanf, ReadsIntegersAndCountsThem) {
  std::size_t pos = 0;
  Scanned r = scan("%d %d", "  12\n-7 rest", pos);
  ASSERT_EQ(r.returnValue, 2);
  EXPECT_EQ(r.items[0].value, 12);
  EXPECT_EQ(r.items[1].value, -7);
  EXPECT_EQ(pos, 7u);
  r = scan("%d", "  12\n-7 rest", pos);
  EXPECT_EQ(r.returnValue, 0);  // "rest" is a matching failure
  EXPECT_EQ(pos, 8u);
}

TEST(Scanf, EndOfInputBeforeAnyConversionIsEOF) {
  std::size_t pos = 0;
  EXPECT_EQ(scan("%d", "   \n", pos).returnValue, -1);
  pos = 0;
  Scanned r = scan("%d %d", "5", pos);
  EXPECT_EQ(r.returnValue, 1);
  pos = 0;
  EXPECT_EQ(scan("%d", "", pos).returnValue, -1);
}

TEST(Scanf, LiteralsWidthsLengthsAndSuppression) {
  std::size_t pos = 0;
  Scanned r = scan("%d,%*d,%2d", "1,2,345", pos);
  ASSERT_EQ(r.returnValue, 2);
  EXPECT_EQ(r.items[1].value, 34);
  EXPECT_EQ(pos, 6u);
  pos = 0;
  r = scan("%ld %hhd %u %x %i %o", "9999999999 300 -1 ff 0x10 17", pos);
  ASSERT_EQ(r.returnValue, 6);
  EXPECT_EQ(r.items[0].kind, ir::IntKind::Long);
  EXPECT_EQ(r.items[0].value, 9999999999LL);
  EXPECT_EQ(r.items[1].value, 44);
  EXPECT_EQ(r.items[2].value, 4294967295LL);
  EXPECT_EQ(r.items[3].value, 255);
  EXPECT_EQ(r.items[4].value, 16);
  EXPECT_EQ(r.items[5].value, 15);
  pos = 0;
  r = scan("%d", "99999999999", pos);
  EXPECT_EQ(r.items[0].value, static_cast<int>(99999999999LL));  // glibc: (int) strtol
}

TEST(Scanf, CharactersAndStrings) {
  std::size_t pos = 0;
  Scanned r = scan("%c%c %s", "ab  word tail", pos);
  ASSERT_EQ(r.returnValue, 3);
  EXPECT_EQ(r.items[0].text, "a");
  EXPECT_EQ(r.items[1].text, "b");
  EXPECT_EQ(r.items[2].text, "word");
  EXPECT_NE(scan("%Lf", "1.5", pos).error, "");
  pos = 0;
  EXPECT_NE(scan("%lf", "inf", pos).error, "");
}

}  // namespace
}  // namespace culprit::exec::libc
