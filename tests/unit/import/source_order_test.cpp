// keep_source_order on its own: an import summary and document built by hand, the source's
// order read back from them. import/generic_test.cpp runs it through whole bamos files.
#include "import/source_order.h"

#include <catch2/catch.hpp>

#include <algorithm>

#include "cv/sections.h"
#include "import_support.h"

using namespace mkcv;
using mkcv::test::json_source;

namespace {

// `[templates.NAME] order`, or nothing.
std::vector<std::string> order_of(ImportMapper& m, const char* name) {
    std::vector<std::string> out;
    const TomlValue* templates = m.document().find("templates");
    if (!templates || !templates->find(name) || !templates->find(name)->find("order"))
        return out;
    for (const TomlValue& item : templates->find(name)->find("order")->items)
        out.push_back(item.string);
    return out;
}

// A document with experience and education placed from `research` and `studies`.
void place(ImportMapper& m) {
    m.document().at("experience", TomlValue::Kind::Array);
    m.document().at("education", TomlValue::Kind::Array);
    m.record("research[0].role", "experience[0].role");
    m.record("studies[0].degree", "education[0].degree");
}

}  // namespace

TEST_CASE("the source's order puts its sections first, and every other one after") {
    const SourceNode root = json_source(R"({"order": [["research", "Research"], "studies"]})");
    Diagnostics diagnostics;
    ImportMapper m("cv.json", root, diagnostics);
    place(m);
    keep_source_order(m, *root.get("order"), "order");
    const auto order = order_of(m, "long");
    REQUIRE(order.size() >= 2);
    CHECK(order[0] == "experience");
    CHECK(order[1] == "education");
    CHECK(order == order_of(m, "homepage"));
    // Nothing is left out: every built-in section follows, once.
    for (const std::string& name : section_names())
        CHECK(std::count(order.begin(), order.end(), name) == 1);
}

TEST_CASE("an order that is the usual one, or no list, writes nothing") {
    Diagnostics diagnostics;
    const SourceNode usual = json_source(R"({"order": ["studies", "research"]})");
    ImportMapper m("cv.json", usual, diagnostics);
    place(m);
    keep_source_order(m, *usual.get("order"), "order");
    CHECK(order_of(m, "long").empty());  // education before experience is mkcv's own order

    const SourceNode text = json_source(R"({"order": "research"})");
    ImportMapper n("cv.json", text, diagnostics);
    place(n);
    keep_source_order(n, *text.get("order"), "order");
    CHECK(order_of(n, "long").empty());
}
