// lenses/imports.cpp: what a source line imports, as repository paths the layer globs match.
#include <catch2/catch.hpp>

#include <algorithm>

#include "lenses/imports.hpp"

using qa::lenses::import_targets;
using qa::lenses::normalize_path;

namespace {

bool imports(std::string_view language, std::string_view file, std::string_view line,
             const std::string& target) {
    const auto targets = import_targets(language, file, line);
    return std::find(targets.begin(), targets.end(), target) != targets.end();
}

}  // namespace

TEST_CASE("relative imports resolve against the importing file's folder", "[lenses][imports]") {
    CHECK(
        imports("cpp", "src/ui/view.cpp", "#include \"../core/model.hpp\"", "src/core/model.hpp"));
    CHECK(imports("javascript", "web/app/main.js", "import x from './util/fmt.js';",
                  "web/app/util/fmt.js"));
    CHECK(imports("typescript", "web/app/main.ts", "const y = require(\"../lib/db\");",
                  "web/lib/db"));
}

TEST_CASE("module paths become folder paths and their likely files", "[lenses][imports]") {
    CHECK(imports("python", "app/views.py", "from app.core import model", "app/core"));
    CHECK(imports("python", "app/views.py", "import app.core.model", "app/core/model.py"));
    CHECK(imports("go", "cmd/main.go", "import \"example.com/m/internal/db\"",
                  "example.com/m/internal/db"));
    CHECK(imports("java", "src/A.java", "import com.acme.core.Model;", "com/acme/core/Model"));
}

TEST_CASE("lines that import nothing give nothing", "[lenses][imports]") {
    CHECK(import_targets("python", "a.py", "x = 1").empty());
    CHECK(import_targets("markdown", "README.md", "import x from './y'").empty());
}

TEST_CASE("normalize_path resolves dot segments and duplicate slashes", "[lenses][imports]") {
    CHECK(normalize_path("src/./a//b/../c.hpp") == "src/a/c.hpp");
    CHECK(normalize_path("../x/y") == "../x/y");
    CHECK(normalize_path("a/../../b") == "../b");
}
