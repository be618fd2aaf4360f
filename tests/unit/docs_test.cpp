// The format documentation covers every key the loader accepts.
#include <catch2/catch.hpp>

#include "cv/schema.h"
#include "cv/sections.h"
#include "test_support.h"

using namespace mkcv;

namespace {

void check_table(const TableSpec& spec, const std::string& doc) {
    for (const auto& field : spec.fields) {
        INFO("table " << spec.name << ", key " << field.name);
        const std::string name(field.name);
        CHECK((doc.find("`" + name + "`") != std::string::npos ||
               doc.find("`[" + name + "]`") != std::string::npos ||
               doc.find("`[[" + name + "]]`") != std::string::npos));
        if (field.nested)
            check_table(*field.nested, doc);
    }
}

}  // namespace

TEST_CASE("docs/cv-format.md documents every key of cv.toml") {
    // [locale] takes every key of a locale file, which docs/locales.md lists.
    check_table(cv_schema(),
                test::source_file("docs/cv-format.md") + test::source_file("docs/locales.md"));
}
