#include "artifacts/written_by.hpp"

#include "json/parse.hpp"
#include "util/build_info.hpp"
#include "util/file.hpp"

namespace qa::artifacts {

std::string this_build() {
    return util::build_version();
}

std::string writer_of_manifest(const std::string& manifest) {
    try {
        const json::Value m = json::parse(manifest);
        const json::Value* writer = m.find("qaSkillVersion");
        return writer != nullptr && writer->is_string() ? writer->as_string() : std::string();
    } catch (const std::exception&) {
        return {};
    }
}

std::string written_by(const std::filesystem::path& dir) {
    try {
        return writer_of_manifest(util::read_file(dir / "manifest.json"));
    } catch (const util::IoError&) {
        return {};
    }
}

std::string writer_name(const std::string& writer) {
    return writer.empty() ? "an earlier qa-skill" : "qa-skill " + writer;
}

}  // namespace qa::artifacts
