#include <catch2/catch.hpp>

#include "util/embedded_files.hpp"
#include "util/sha256.hpp"

TEST_CASE("SHA-256 matches the FIPS 180-2 vectors", "[util]") {
    CHECK(qa::util::sha256_hex("") ==
          "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    CHECK(qa::util::sha256_hex("abc") ==
          "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    qa::util::Sha256 h;
    h.update("ab");
    h.update("c");
    CHECK(h.hex_digest() == qa::util::sha256_hex("abc"));
}

TEST_CASE("embedded files are sorted and found by path", "[util]") {
    const auto files = qa::util::embedded_files();
    for (std::size_t i = 1; i < files.size(); ++i) {
        CHECK(files[i - 1].path < files[i].path);
    }
    CHECK_FALSE(qa::util::find_embedded("no/such/file.json").has_value());
}
