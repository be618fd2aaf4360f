#include "import/json_reader.h"

#include <catch2/catch.hpp>

using namespace mkcv;

TEST_CASE("JSON keeps key order and the line and column of every value", "[import]") {
    const std::string text = "{\n  \"b\": 1,\n  \"a\": [\"x\", true, null],\n  \"c\": \"q\\\"\"\n}";
    auto root = read_json("r.json", text);
    REQUIRE(root);
    REQUIRE(root->members.size() == 3);
    CHECK(root->members[0].first == "b");
    CHECK(root->members[1].first == "a");
    const SourceNode& b = root->members[0].second;
    CHECK(b.kind == SourceNode::Kind::Number);
    CHECK(b.scalar == "1");
    CHECK(b.pos.line == 2);
    CHECK(b.pos.column == 8);
    const SourceNode& a = root->members[1].second;
    REQUIRE(a.items.size() == 3);
    CHECK(a.items[0].pos.line == 3);
    CHECK(a.items[0].pos.column == 9);
    CHECK(a.items[1].kind == SourceNode::Kind::Bool);
    CHECK(a.items[1].pos.column == 14);
    CHECK(a.items[2].is_null());
    const SourceNode& c = root->members[2].second;
    CHECK(c.scalar == "q\"");
    CHECK(c.pos.line == 4);
    CHECK(c.pos.column == 8);
    CHECK(root->get("c") == &c);
    CHECK(root->get("zzz") == nullptr);
}

TEST_CASE("a JSON float keeps the digits written", "[import]") {
    auto root = read_json("r.json", "{\"gpa\": 3.80}");
    REQUIRE(root);
    CHECK(root->get("gpa")->scalar == "3.80");
    CHECK(root->get("gpa")->pos.column == 9);
}

TEST_CASE("broken JSON fails at its line and column", "[import]") {
    auto root = read_json("r.json", "{\n  \"a\": tru\n}");
    REQUIRE_FALSE(root);
    CHECK(root.error().pos.line == 2);
    CHECK(root.error().message.find("invalid JSON") == 0);
    CHECK(root.error().code == "import-syntax");
}

TEST_CASE("JSON with comments and trailing commas is read, positions exact", "[import]") {
    const std::string text =
        "// kept by al-folio\n{\n  \"a\": \"x, }\", /* c */\n  \"b\": [1, 2,],\n  \"c\": "
        "\"//\",\n}\n";
    auto root = read_json("f.json", text);
    REQUIRE(root);
    CHECK(root->get("a")->scalar == "x, }");  // a comma in a string stays
    CHECK(root->get("b")->items.size() == 2);
    CHECK(root->get("c")->scalar == "//");
    CHECK(root->get("b")->pos.line == 4);
    CHECK(root->get("b")->pos.column == 8);
    CHECK(blank_trailing_commas("[1,/* x */ ]") == "[1 /* x */ ]");
    CHECK(blank_trailing_commas("{\"a,\": [\"]\",]}") == "{\"a,\": [\"]\" ]}");
    CHECK(blank_trailing_commas("[1, // c\n]") == "[1  // c\n]");
    // Not after a comma, nor in an empty list: those stay errors where they are.
    CHECK(blank_trailing_commas("[1,,]") == "[1,,]");
    CHECK(blank_trailing_commas("[,]") == "[,]");
    CHECK(blank_trailing_commas("{\"a\":,}") == "{\"a\":,}");
}

TEST_CASE("a duplicate JSON key is an error at the second", "[import]") {
    auto root = read_json("r.json", "{\"a\": 1,\n \"a\": 2}");
    REQUIRE_FALSE(root);
    CHECK(root.error().pos.line == 2);
    CHECK(root.error().message.find("duplicate key \"a\"") != std::string::npos);
}

TEST_CASE("JSON nesting and size are bounded", "[import]") {
    auto deep = read_json("r.json", std::string(100000, '[') + std::string(100000, ']'));
    REQUIRE_FALSE(deep);
    CHECK(deep.error().message.find("nested more than") != std::string::npos);

    std::string many = "[";
    for (std::size_t i = 0; i < kMaxImportNodes + 10; ++i)
        many += i ? ",0" : "0";
    many += "]";
    auto wide = read_json("r.json", many);
    REQUIRE_FALSE(wide);
    CHECK(wide.error().message.find("values") != std::string::npos);
}
