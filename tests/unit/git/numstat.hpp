#pragma once

/// Comparing a ChangeSet with `git diff --numstat -z` over the same range.

#include <catch2/catch.hpp>

#include <map>
#include <string>
#include <utility>

#include "git/change_set.hpp"
#include "hunk_text.hpp"

namespace qa::test {

struct NumstatEntry {
    std::string added;    ///< "-" for binary
    std::string removed;  ///< "-" for binary
    std::string old_path;
};

/// Parses `--numstat -z`: "A\tD\tpath\0", or "A\tD\t\0old\0new\0" for renames and copies.
/// Keyed by the new path.
inline std::map<std::string, NumstatEntry> parse_numstat_z(const std::string& out) {
    std::map<std::string, NumstatEntry> entries;
    std::size_t pos = 0;
    auto take_until = [&](char c) {
        const std::size_t end = out.find(c, pos);
        REQUIRE(end != std::string::npos);
        std::string field = out.substr(pos, end - pos);
        pos = end + 1;
        return field;
    };
    while (pos < out.size()) {
        NumstatEntry entry;
        entry.added = take_until('\t');
        entry.removed = take_until('\t');
        std::string path = take_until('\0');
        if (path.empty()) {
            entry.old_path = take_until('\0');
            path = take_until('\0');
        } else {
            entry.old_path = path;
        }
        entries[path] = std::move(entry);
    }
    return entries;
}

/// Checks that `set` lists exactly git's files, with git's counts and old paths, and that its
/// hunks are consistent with its counts (their lines read back from `repo`'s blobs). Submodules:
/// git counts the "Subproject commit" line (1/1, or 1/0 when added); the change set deliberately
/// has no lines for them.
inline void check_matches_numstat(const git::Repository& repo, const git::ChangeSet& set,
                                  const std::string& numstat_z) {
    const auto expected = parse_numstat_z(numstat_z);
    std::map<std::string, const git::FileChange*> actual;
    for (const auto& file : set.files) {
        INFO("path: " << file.path);
        CHECK(actual.emplace(file.path, &file).second);
    }
    CHECK(actual.size() == expected.size());
    for (const auto& [path, entry] : expected) {
        INFO("git path: " << path);
        const auto it = actual.find(path);
        REQUIRE(it != actual.end());
        const git::FileChange& file = *it->second;
        CHECK(file.old_path == entry.old_path);
        if (entry.added == "-") {
            CHECK(file.binary);
            CHECK(file.hunks.empty());
        } else if (file.is_submodule) {
            CHECK(file.hunks.empty());
            CHECK(file.added_lines == 0);
            CHECK(file.removed_lines == 0);
        } else {
            CHECK_FALSE(file.binary);
            CHECK(std::to_string(file.added_lines) == entry.added);
            CHECK(std::to_string(file.removed_lines) == entry.removed);
        }
    }
    // Hunks agree with the counts, and line numbers lie inside their hunk.
    for (const auto& file : set.files) {
        INFO("path: " << file.path);
        if (file.all_lines_added) {
            // Nothing read as a diff: at most the one header "@@ -0,0 +1,N @@".
            CHECK(file.removed_lines == 0);
            if (file.added_lines == 0) {
                CHECK(file.hunks.empty());
            } else {
                REQUIRE(file.hunks.size() == 1);
                CHECK(file.hunks[0].new_start == 1);
                CHECK(file.hunks[0].new_lines == file.added_lines);
                CHECK(file.hunks[0].old_lines == 0);
                CHECK(file.hunks[0].bytes == 0);
            }
            continue;
        }
        std::size_t added = 0;
        std::size_t removed = 0;
        const auto text = hunk_text(repo, file);
        for (std::size_t h = 0; h < file.hunks.size(); ++h) {
            const git::Hunk& hunk = file.hunks[h];
            std::size_t hunk_added = 0;
            std::size_t hunk_removed = 0;
            std::uint64_t hunk_bytes = 0;
            for (const auto& line : text[h]) {
                hunk_bytes += line.content.size() + 1;
                if (line.origin == '+') {
                    ++hunk_added;
                    CHECK(line.old_line_no == 0);
                    CHECK(line.new_line_no >= hunk.new_start);
                    CHECK(line.new_line_no < hunk.new_start + hunk.new_lines);
                } else {
                    REQUIRE(line.origin == '-');
                    ++hunk_removed;
                    CHECK(line.new_line_no == 0);
                    CHECK(line.old_line_no >= hunk.old_start);
                    CHECK(line.old_line_no < hunk.old_start + hunk.old_lines);
                }
            }
            CHECK(hunk_added == hunk.new_lines);
            CHECK(hunk_removed == hunk.old_lines);
            CHECK(hunk_bytes == hunk.bytes);
            added += hunk_added;
            removed += hunk_removed;
        }
        CHECK(added == file.added_lines);
        CHECK(removed == file.removed_lines);
    }
    for (std::size_t i = 1; i < set.files.size(); ++i) {
        CHECK(set.files[i - 1].path < set.files[i].path);
    }
}

}  // namespace qa::test
