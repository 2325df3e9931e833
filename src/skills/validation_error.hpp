#pragma once

#include <string>
#include <vector>

namespace qa::skills {

/// Seed 001's structured failure: every problem the skill commands report has this shape.
/// `phase` is `pre_execution` or `post_execution` for the protocols; problems found in a skill's
/// own definition use `definition`, and chain problems `chain`. `location` ("file:line:col") is
/// set when the problem sits at a place in a file.
struct ValidationError {
    std::string skill;
    std::string phase;
    std::string check;
    std::string expected;
    std::string actual;
    std::string suggestion;
    std::string location;
};

/// YAML in the seed's form, one `validation_error:` document per problem, `---` between them.
/// Scalars are quoted only where plain YAML would change their meaning.
std::string render_yaml(const std::vector<ValidationError>& errors);

/// Canonical JSON: an array of {"validation_error": {...}} objects (location omitted when empty).
std::string render_json(const std::vector<ValidationError>& errors);

/// One problem as a JSON object {"validation_error": {...}}, canonical.
std::string render_json_one(const ValidationError& error);

/// `raw` as a YAML scalar: plain when that reads back as the same string, else double-quoted.
std::string yaml_scalar(const std::string& raw);

}  // namespace qa::skills
