#pragma once

#include <vector>

#include "consistency/tree.hpp"
#include "rubric/rubric.hpp"

namespace qa::consistency {

// The signals a draft measures. Each reads the tree alone and appends the rules its evidence
// supports (evidence.hpp decides how strong is strong enough); none depends on another.

/// File and folder names per top-level folder (file_naming.cpp).
void measure_file_names(const Tree& tree, std::vector<rubric::Rule>& rules);
/// Identifier case per language, sampled from declarations (declarations.cpp).
void measure_declarations(const Tree& tree, std::vector<rubric::Rule>& rules);
/// Tabs or spaces, indentation width and line length per language (layout.cpp).
void measure_layout(const Tree& tree, std::vector<rubric::Rule>& rules);
/// The formatter and linter configurations present (tooling.cpp).
void measure_tooling(const Tree& tree, std::vector<rubric::Rule>& rules);
/// Where tests live and whether they mirror the source folders (test_layout.cpp).
void measure_test_layout(const Tree& tree, std::vector<rubric::Rule>& rules);
/// Include and import conventions (imports.cpp).
void measure_imports(const Tree& tree, std::vector<rubric::Rule>& rules);
/// Licence headers (licence.cpp).
void measure_licence(const Tree& tree, std::vector<rubric::Rule>& rules);
/// C++ namespaces that name their folder (namespaces.cpp).
void measure_namespaces(const Tree& tree, std::vector<rubric::Rule>& rules);
/// Error-handling idioms visible in the text (error_idioms.cpp).
void measure_error_idioms(const Tree& tree, std::vector<rubric::Rule>& rules);

/// Whether `file` is code: a source or test file of a known language, read.
bool is_code(const TreeFile& file);

}  // namespace qa::consistency
