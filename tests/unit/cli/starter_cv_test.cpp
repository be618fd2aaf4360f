// The cv.toml `mkcv new` writes loads and validates for any name, which reads back exactly.
// integration/new_test.sh builds its PDFs.
#include "cli/starter_cv.h"

#include <catch2/catch.hpp>

#include "test_support.h"

using namespace mkcv;

TEST_CASE("the starter CV validates for any name, and holds it exactly as given") {
    for (const std::string name : {"Your Name", "Zoë \"Q\" O’Brien", "a\\b  c", "赵怡浩", "محمد",
                                   "$(id) `x` {y} %z", "'''", "\"\"\"", "tab\tname"}) {
        INFO(name);
        const Cv cv = test::load_ok(starter_cv(name));
        CHECK(cv.person.name.value == name);
        CHECK_FALSE(cv.publications.empty());
    }
}
