#include "cv/schema.h"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

using namespace mkcv;

TEST_CASE("a table of many fields finds each, and again after it grew", "[schema]") {
    TableSpec spec{"many", "Many fields.", {}};
    std::vector<std::string> names;
    for (int i = 0; i < 100; ++i)
        names.push_back("f" + std::to_string(i));
    for (const auto& n : names)
        spec.fields.push_back({n, FieldType::String, false, "a field"});
    for (const auto& n : names)
        CHECK(spec.find(n) == &spec.fields[std::stoi(n.substr(1))]);
    CHECK(spec.find("g") == nullptr);
    names.push_back("late");
    spec.fields.push_back({names.back(), FieldType::String, false, "added after a find"});
    CHECK(spec.find("late") == &spec.fields.back());
    CHECK(spec.find("f7") == &spec.fields[7]);
}
