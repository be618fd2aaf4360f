#include "cv/shape_check.h"

#include <catch2/catch.hpp>

using namespace mkcv;

namespace {

// The messages and hints check_shape gives for `text`.
std::vector<std::string> shape_problems(const std::string& text) {
    Diagnostics diag;
    const auto root = parse_toml(text, "cv.toml", diag);
    REQUIRE(root);
    check_shape(*root, builtin_sections(), "cv.toml", {}, diag);
    std::vector<std::string> out;
    for (const auto& d : diag.items())
        out.push_back(d.message + " | " + d.hint);
    return out;
}

}  // namespace

TEST_CASE("a well-formed table passes the shape check") {
    CHECK(shape_problems("[person]\nname = \"Ada\"\n").empty());
}

TEST_CASE("an unknown key gets a did-you-mean, a wrong type says how to write it") {
    const auto problems = shape_problems(
        "[person]\nname = \"Ada\"\n[[talks]]\ntitel = \"T\"\nevent = \"E\"\n"
        "date = \"2024\"\ninvited = \"yes\"\n");
    // In the order of the table's keys, as toml++ keeps them, then the missing ones.
    CHECK(problems == std::vector<std::string>{
                          "`invited` must be true or false, found string \"yes\" | write true "
                          "or false, without quotes",
                          "unknown key `titel` in [[talks]] | did you mean `title`?",
                          "[[talks]] lacks the required key `title` | add title = \"...\"",
                      });
}
