#include <catch2/catch.hpp>

#include "report/uri.hpp"

using qa::report::path_to_uri;

TEST_CASE("path_to_uri percent-encodes all but unreserved characters and '/'", "[report][uri]") {
    CHECK(path_to_uri("src/app.py") == "src/app.py");
    CHECK(path_to_uri("dir with space/\xC3\xBCn\xC3\xAF"
                      "c\xC3\xB8"
                      "d\xC3\xA9.py") == "dir%20with%20space/%C3%BCn%C3%AFc%C3%B8d%C3%A9.py");
    CHECK(path_to_uri("a:b.py") == "a%3Ab.py");  // would otherwise read as a scheme
    CHECK(path_to_uri("50%#?.txt") == "50%25%23%3F.txt");
    CHECK(path_to_uri("x~y_z-1.2") == "x~y_z-1.2");
}
