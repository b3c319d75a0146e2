#include "ir/ir.h"

#include <gtest/gtest.h>

using namespace culprit::ir;

TEST(IntKinds, WidthsAndSignsOnLP64) {
  EXPECT_EQ(bitWidth(IntKind::Bool), 1);
  EXPECT_EQ(bitWidth(IntKind::Char), 8);
  EXPECT_EQ(bitWidth(IntKind::UShort), 16);
  EXPECT_EQ(bitWidth(IntKind::Int), 32);
  EXPECT_EQ(bitWidth(IntKind::Long), 64);
  EXPECT_EQ(bitWidth(IntKind::ULongLong), 64);
  EXPECT_TRUE(isSigned(IntKind::Char));
  EXPECT_FALSE(isSigned(IntKind::UChar));
  EXPECT_FALSE(isSigned(IntKind::Bool));
  EXPECT_TRUE(isSigned(IntKind::LongLong));
}

TEST(TypeTable, InternsTypes) {
  TypeTable t;
  EXPECT_EQ(t.intType(IntKind::Int), t.intType(IntKind::Int));
  EXPECT_NE(t.intType(IntKind::Int), t.intType(IntKind::UInt));
  TypeRef a = t.arrayOf(t.intType(IntKind::Int), 3);
  EXPECT_EQ(a, t.arrayOf(t.intType(IntKind::Int), 3));
  EXPECT_NE(a, t.arrayOf(t.intType(IntKind::Int), 4));
  EXPECT_EQ(t.pointerTo(a), t.pointerTo(a));
}

TEST(TypeTable, MultiDimensionalArrays) {
  TypeTable t;
  TypeRef row = t.arrayOf(t.intType(IntKind::Int), 3);
  TypeRef m = t.arrayOf(row, 2);  // int m[2][3]
  EXPECT_EQ(m->cellCount(), 6u);
  EXPECT_EQ(m->scalarType(), t.intType(IntKind::Int));
  EXPECT_EQ(m->str(), "int[2][3]");
  EXPECT_EQ(t.pointerTo(row)->str(), "int[3]*");
  EXPECT_EQ(t.intType(IntKind::ULong)->str(), "unsigned long");
}
