#include "renderer.h"

#include <catch2/catch.hpp>

using namespace mkcv;
using Json = nlohmann::ordered_json;

namespace {

Template make(const std::string& main, std::map<std::string, std::string> partials = {}) {
    Template t;
    t.manifest.name = "test";
    t.main = {"main.tex.mustache", main};
    for (auto& [name, text] : partials)
        t.partials[name] = {name + ".tex.mustache", text};
    return t;
}

std::string render(const Template& t, const Json& context, Diagnostics& d) {
    return render_template(t, context_from_json(context), d).tex;
}

}  // namespace

TEST_CASE("values are escaped for LaTeX, << & >> prints them raw") {
    Diagnostics d;
    CHECK(render(make("\\textbf{<<name>>} <<&raw>>"), Json{{"name", "A&B_{x}"}, {"raw", "\\%"}},
                 d) == "\\textbf{A\\&B\\_\\{x\\}} \\%");
    CHECK(d.empty());
}

TEST_CASE("LaTeX braces next to tags survive") {
    Diagnostics d;
    CHECK(render(make("\\textbf{{<<name>>}}"), Json{{"name", "N"}}, d) == "\\textbf{{N}}");
}

TEST_CASE("partials use the same delimiters, and a data key never runs as a partial") {
    Diagnostics d;
    const Template t = make("<<>item>>|<<item>>", {{"item", "[<<name>>]"}});
    CHECK(render(t, Json{{"name", "N"}, {"item", "<<name>> as data"}}, d) ==
          "[N]|<{}<name>{}> as data");
}

TEST_CASE("null is false, lists carry their items") {
    Diagnostics d;
    const Template t =
        make("<<#note>>note: <<note>><</note>><<^note>>none<</note>>;<<#xs>><<v>>,<</xs>>");
    CHECK(render(t,
                 Json{{"note", nullptr}, {"xs", Json::array({Json{{"v", "1"}}, Json{{"v", "2"}}})}},
                 d) == "none;1,2,");
}

TEST_CASE("a variable the data lacks is a warning naming the template file") {
    Diagnostics d;
    render(make("line one\n<<nmae>>\n"), Json{{"name", "N"}}, d);
    REQUIRE(d.items().size() == 1);
    CHECK(d.items()[0].severity == Severity::Warning);
    CHECK(d.items()[0].file == "main.tex.mustache");
    CHECK(d.items()[0].pos.line == 2);
    CHECK(d.items()[0].message == "the template uses `nmae`, which the CV data never provides");
}

TEST_CASE("a missing partial is an error") {
    Diagnostics d;
    CHECK_FALSE(render_template(make("<<>nothing>>"), ContextTree(), d).ok);
    CHECK(d.items()[0].message == "no partial named `nothing`");
}
