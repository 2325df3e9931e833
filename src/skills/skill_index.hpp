#pragma once

#include <filesystem>
#include <set>
#include <string>

namespace qa::skills {

/// The skill registry of a qa-skill tree (seed 002's skill/registry.v1.json): the tool's own
/// SKILL.md and each lens folder's, with where each lives. Built by scanning `root`, so the file
/// in the repository is checked against the tree rather than edited by hand; a lens's id, version
/// and class stay in lenses/registry.v1.json, named here by path only.
/// `lens_ids` are the ids of that lens registry; a lens folder not among them is listed with
/// kind "lens-unregistered" so the difference shows. Returns canonical JSON and a newline.
std::string skill_index(const std::filesystem::path& root, const std::set<std::string>& lens_ids);

}  // namespace qa::skills
