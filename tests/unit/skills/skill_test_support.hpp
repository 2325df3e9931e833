#pragma once

// Helpers for the skills tests: a SKILL.md written into a folder of its own name.

#include <filesystem>
#include <fstream>
#include <string>

#include "skills/skill_loader.hpp"
#include "support/git_fixture.hpp"

namespace qa::test {

inline std::filesystem::path skill_fixtures() {
    return std::filesystem::path(QA_SOURCE_DIR) / "tests" / "fixtures" / "skills";
}

/// Writes `<root>/<folder>/SKILL.md` with `text` and returns the folder.
inline std::filesystem::path write_skill(const std::filesystem::path& root,
                                         const std::string& folder, const std::string& text) {
    auto dir = root / folder;
    std::filesystem::create_directories(dir);
    std::ofstream(dir / "SKILL.md", std::ios::binary) << text;
    return dir;
}

/// The problems of a SKILL.md given as text, in a folder named `folder`.
inline std::vector<qa::skills::ValidationError> problems_of(const std::string& folder,
                                                            const std::string& text,
                                                            bool strict = false) {
    TempDir tmp("qa-skill-skills");
    const auto dir = write_skill(tmp.path(), folder, text);
    qa::skills::LoadOptions options;
    options.strict = strict;
    return qa::skills::load_skill(dir, options).problems;
}

/// A minimal valid frontmatter of `name` with `extra` lines appended.
inline std::string skill_text(const std::string& name, const std::string& extra = "") {
    return "---\nname: " + name + "\ndescription: Does one thing. Use when testing.\n" + extra +
           "---\n\nBody.\n";
}

}  // namespace qa::test
