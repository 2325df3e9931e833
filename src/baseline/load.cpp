#include "baseline/load.hpp"

#include "git/blob.hpp"

namespace qa::baseline {

LoadedBaseline load_blob(const git::Repository& repo, const std::string& oid,
                         const std::string& source) {
    const auto text = git::read_blob(repo, oid);
    if (!text) {
        throw BaselineError(source, "", "the blob " + oid + " cannot be read");
    }
    return LoadedBaseline{Baseline::parse(*text, source), source};
}

Baseline load_file(const std::filesystem::path& file) {
    std::string text;
    try {
        text = util::read_file(file);
    } catch (const util::IoError& e) {
        throw BaselineError(file.string(), "", e.what());
    }
    return Baseline::parse(text, file.string());
}

}  // namespace qa::baseline
