# Sets Z3_INCLUDE_DIR to a build-tree copy of z3++.h whose z3::ast move assignment releases the
# term it overwrites, when the installed header lacks that release (see the root CMakeLists.txt).
# A header without the leak is used as it is.
set(_z3pp "${Z3_INCLUDE_DIR}/z3++.h")
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${_z3pp}")
file(READ "${_z3pp}" _z3pp_text)
set(_z3pp_leak "if (this != &s) {\n                object::operator=(std::forward<object>(s));\n                m_ast = s.m_ast;")
string(FIND "${_z3pp_text}" "${_z3pp_leak}" _z3pp_at)
if(_z3pp_at GREATER -1)
  set(_z3pp_fixed "if (this != &s) {\n                if (m_ast) Z3_dec_ref(ctx(), m_ast);  // culprit: released (z3 4.8.12 leaks it)\n                object::operator=(std::forward<object>(s));\n                m_ast = s.m_ast;")
  string(REPLACE "${_z3pp_leak}" "${_z3pp_fixed}" _z3pp_text "${_z3pp_text}")
  file(WRITE "${CMAKE_BINARY_DIR}/z3_patched/z3++.h" "${_z3pp_text}")
  set(Z3_INCLUDE_DIR "${CMAKE_BINARY_DIR}/z3_patched")
  set(CULPRIT_Z3_HEADER_PATCHED ON)
  message(STATUS "z3++.h: move assignment patched to release the overwritten term (${Z3_INCLUDE_DIR})")
else()
  set(CULPRIT_Z3_HEADER_PATCHED OFF)
endif()
