#include "context/context_tree.h"

#include <catch2/catch.hpp>

using namespace mkcv;
using Json = nlohmann::ordered_json;

TEST_CASE("a context tree keeps keys in the order added, and copies text") {
    ContextTree tree;
    const auto root = ContextTree::root();
    {
        std::string temporary = "value";
        tree.add_string(root, "zeta", temporary);
        temporary = "changed";
    }
    const auto list = tree.add_list(root, "alpha");
    tree.add_bool(list, "", true);
    tree.add_text(list, "", "");
    const auto object = tree.add_object(list);
    tree.add_string(object, "x", "1");
    CHECK(to_json(tree).dump() == R"({"zeta":"value","alpha":[true,null,{"x":"1"}]})");
    CHECK(tree.find(root, "zeta") != ContextTree::kNone);
    CHECK(tree.find(root, "x") == ContextTree::kNone);  // only direct children
    CHECK(tree.find(root, "unknown") == ContextTree::kNone);
    CHECK(tree.key_id("unknown") == ContextTree::kNoKey);
    CHECK(tree.child_count(list) == 3);
}

TEST_CASE("JSON goes through a context tree and back, numbers as strings") {
    const Json json = Json::parse(
        R"({"b":{"nested":[1,2.5,"s",false,null,{}]},"a":"text with \u00e9 and \"quotes\""})");
    CHECK(to_json(context_from_json(json)).dump() ==
          R"({"b":{"nested":["1","2.5","s",false,null,{}]},"a":"text with é and \"quotes\""})");
    CHECK_THROWS(context_from_json(Json::array()));
}

TEST_CASE("keys from reused addresses are told apart by their text") {
    ContextTree tree;
    char key[4] = "one";
    tree.add_string(ContextTree::root(), key, "1");
    std::copy_n("two", 4, key);  // same address, other text
    tree.add_string(ContextTree::root(), key, "2");
    CHECK(to_json(tree).dump() == R"({"one":"1","two":"2"})");
}

TEST_CASE("typed text keeps its plain text in the node and its marks beside it") {
    ContextTree tree;
    const auto root = ContextTree::root();
    const RichText marks{{TextRun::Kind::Open, Mark::Emphasis, "", "emph", {}},
                         {TextRun::Kind::Text, Mark::Group, "Elastic", "", {}},
                         {TextRun::Kind::Close, Mark::Emphasis, "", "", {}}};
    const auto plain = tree.add_string(root, "plain", "x");
    const auto typed = tree.add_string(root, "title", "Elastic", marks);
    const auto none = tree.add_text(root, "empty", "", marks);
    const auto unmarked = tree.add_text(root, "unmarked", "y", {});
    CHECK(tree.marks(plain) == nullptr);
    REQUIRE(tree.marks(typed) != nullptr);
    CHECK(tree.marks(typed)->size() == 3);
    CHECK(tree.kind(none) == ContextTree::Kind::Null);
    CHECK(tree.marks(unmarked) == nullptr);
    // `mkcv context` shows the plain text: a typed string is a string.
    CHECK(to_json(tree) ==
          Json{{"plain", "x"}, {"title", "Elastic"}, {"empty", nullptr}, {"unmarked", "y"}});
}

TEST_CASE("a large object is found by key after it is indexed, children added later too",
          "[context]") {
    // The root holds a key per section; a template looks names up there once per section.
    ContextTree t;
    const auto big = t.add_object(ContextTree::root(), "is");
    for (int i = 0; i < 200; ++i)
        t.add_bool(big, "s" + std::to_string(i), i % 2 == 0);
    const auto twice = t.add_bool(big, "s5", true);    // a second child of one key: not found
    CHECK(t.find(big, "s199") != ContextTree::kNone);  // walks far: the index is made
    for (int i = 0; i < 200; ++i) {
        const auto found = t.find(big, "s" + std::to_string(i));
        REQUIRE(found != ContextTree::kNone);
        CHECK(t.kind(found) == (i % 2 == 0 ? ContextTree::Kind::True : ContextTree::Kind::False));
    }
    CHECK(t.find(big, "s5") != twice);
    const auto late = t.add_string(big, "late", "x");
    CHECK(t.find(big, "late") == late);
    CHECK(t.find(big, "s200") == ContextTree::kNone);
}
