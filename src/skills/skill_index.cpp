#include "skills/skill_index.hpp"

#include <algorithm>
#include <vector>

#include "json/canonical.hpp"
#include "json/value.hpp"

namespace qa::skills {

namespace fs = std::filesystem;

std::string skill_index(const fs::path& root, const std::set<std::string>& lens_ids) {
    json::Array skills;
    std::error_code ec;
    if (fs::is_regular_file(root / "SKILL.md", ec)) {
        json::Object tool{{"kind", "tool"}, {"path", "SKILL.md"}};
        tool.emplace_back("manifest", fs::is_regular_file(root / "skill" / "manifest.v1.json", ec)
                                          ? json::Value("skill/manifest.v1.json")
                                          : json::Value());
        skills.emplace_back(std::move(tool));
    }
    std::vector<std::string> folders;
    for (fs::directory_iterator it(root / "lenses", ec), end; !ec && it != end; it.increment(ec)) {
        if (it->is_directory(ec) && fs::is_regular_file(it->path() / "SKILL.md", ec)) {
            folders.push_back(it->path().filename().string());
        }
    }
    std::sort(folders.begin(), folders.end());
    for (const auto& id : folders) {
        skills.emplace_back(json::Object{
            {"kind", lens_ids.contains(id) ? "lens" : "lens-unregistered"},
            {"lensId", id},
            {"path", "lenses/" + id + "/SKILL.md"},
        });
    }
    return json::canonical(json::Value(json::Object{
               {"schemaVersion", "skill-registry.v1"},
               {"lensRegistry", "lenses/registry.v1.json"},
               {"skills", std::move(skills)},
           })) +
           "\n";
}

}  // namespace qa::skills
