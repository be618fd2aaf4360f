#include "render/output_check.h"

#include <catch2/catch.hpp>

#include <string>

#include "render/renderer.h"

using namespace mkcv;
using Json = nlohmann::ordered_json;

namespace {

Template json_template(const std::string& main) {
    Template t;
    t.manifest.name = "resume";
    t.manifest.format = TextFormat::Json;
    t.main = {"resume/cv.json.mustache", main};
    return t;
}

}  // namespace

TEST_CASE("a JSON template's output is read back before it is written", "[output]") {
    const Template t = json_template("{}");
    CHECK(check_rendered_output(t, R"({"name": "Ada", "papers": [1, 2, {"a": null}]})"));
    const Result<> broken = check_rendered_output(t, "{\"name\": \"Ada\",\n  \"x\": }");
    REQUIRE(!broken);
    CHECK(broken.error().code == "output-invalid");
    CHECK(broken.error().file == "resume/cv.json.mustache");
    CHECK(broken.error().message.find("(at 2:9)") != std::string::npos);
    CHECK(!check_rendered_output(t, std::string(300, '[') + std::string(300, ']')));
    CHECK(!check_rendered_output(t, ""));
    // Other formats have nothing to read back here.
    Template tex = t;
    tex.manifest.format = TextFormat::Latex;
    CHECK(check_rendered_output(tex, "\\begin{document}{"));
}

TEST_CASE("a JSON template that writes broken JSON is an error, whatever the values hold",
          "[output]") {
    Diagnostics d;
    // Values are escaped for JSON, so no value can break out of its string …
    const Template good = json_template(R"({"name": "<<name>>", "raw": "<<&name>>"})");
    const RenderResult fine = render_template(
        good, context_from_json(Json{{"name", "\", \"admin\": true, \"x\": \""}}), d);
    CHECK(fine.ok);
    CHECK(d.empty());
    CHECK(nlohmann::json::parse(fine.tex)["name"] == "\", \"admin\": true, \"x\": \"");
    // … and a template whose own text is not JSON is refused.
    const Template bad = json_template(R"({"name": <<name>>})");
    const RenderResult refused = render_template(bad, context_from_json(Json{{"name", "Ada"}}), d);
    CHECK(!refused.ok);
    REQUIRE(d.items().size() == 1);
    CHECK(d.items()[0].code == "output-invalid");
}
