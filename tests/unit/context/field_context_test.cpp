#include "context/field_context.h"

#include <catch2/catch.hpp>

using namespace mkcv;

TEST_CASE("a link's target gets a scheme, a bare DOI doi.org") {
    CHECK(link_target("example.org") == "https://example.org");
    CHECK(link_target("10.1145/1.2") == "https://doi.org/10.1145/1.2");
    CHECK(link_target("mailto:a@b.org") == "mailto:a@b.org");
}

TEST_CASE("an href is made safe for each output format, and refused where it is not safe") {
    ContextTree t;
    const ContextTree::Id root = ContextTree::root();
    add_href(t, t.add_object(root, "latex"), "https://a.org/x_y", TextFormat::Latex);
    add_href(t, t.add_object(root, "md"), "https://a.org/(x)", TextFormat::Markdown);
    add_href(t, t.add_object(root, "html"), "javascript:alert(1)", TextFormat::Html);
    const auto json = to_json(t);
    CHECK(json["md"]["href"] == "https://a.org/%28x%29");
    CHECK(json["html"]["href"].is_null());
    CHECK(!json["latex"]["href"].is_null());
}

TEST_CASE("several periods span from the earliest start to the latest end, open while one is") {
    ContextTree t;
    const ContextTree::Id root = ContextTree::root();
    const PartialDate y2019{2019, 3, 0, false};
    const PartialDate y2020{2020, 0, 0, false};
    const PartialDate y2022{2022, 6, 0, false};
    add_iso_span(t, t.add_object(root, "closed"), {{y2020, y2022}, {y2019, y2020}});
    add_iso_span(t, t.add_object(root, "open"), {{y2019, y2020}, {y2022, std::nullopt}});
    const auto json = to_json(t);
    CHECK(json["closed"]["start_iso"] == "2019-03");
    CHECK(json["closed"]["end_iso"] == "2022-06");
    CHECK(json["open"]["start_iso"] == "2019-03");
    CHECK(json["open"]["end_iso"].is_null());
}

TEST_CASE("list items carry first and last") {
    ContextTree t;
    add_texts(t, ContextTree::root(), "items", {{"a", {}}, {"b", {}}});
    const auto json = to_json(t);
    REQUIRE(json["items"].size() == 2);
    CHECK(json["items"][0]["first"] == true);
    CHECK(json["items"][0]["last"] == false);
    CHECK(json["items"][1]["last"] == true);
    CHECK(join_texts({{"a", {}}, {"b", {}}}, "; ") == "a; b");
}
