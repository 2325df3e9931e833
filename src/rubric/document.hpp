#pragma once

#include <string>
#include <string_view>

#include "json/value.hpp"
#include "rubric/rubric.hpp"

namespace qa::rubric {

/// The rubric as JSON, without rubricHash.
json::Value to_json_without_hash(const Rubric& rubric);

/// sha256 of the canonical JSON of every member but rubricHash.
std::string rubric_hash(const Rubric& rubric);

/// The file's text: pretty JSON (json/pretty.hpp) with rubricHash. Equal rubrics, equal bytes.
std::string render(const Rubric& rubric);

/// Whether parse() holds a file to its recorded hash and form.
enum class Integrity {
    verify,  ///< a frozen file: any edit is an error
    reread,  ///< a draft a reviewer may have edited before approving it
};

/// Reads a rubric file. `source` names it in errors. Throws RubricError for text that is not
/// JSON, breaks the consistency-rubric.v1 schema or holds a check that cannot run (an invalid
/// pattern, a missing field); with Integrity::verify also when it records a rubricHash or
/// promptTemplateHash its content does not have, or its bytes differ from render() of its
/// content: an edited frozen file is never used silently.
Rubric parse(std::string_view text, const std::string& source, Integrity integrity);

}  // namespace qa::rubric
