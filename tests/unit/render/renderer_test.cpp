#include "render/renderer.h"

#include <catch2/catch.hpp>

#include "text/latex_escape.h"

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

// The renderer answers kainjow from the context tree through stand-ins; these are the ways
// kainjow walks data that the stand-ins must follow.
TEST_CASE("nested lists, sibling lists and lists looked up in outer frames") {
    Diagnostics d;
    const Json context{{"groups", Json::array({Json{{"g", "A"}, {"xs", Json::array({"1", "2"})}},
                                               Json{{"g", "B"}, {"xs", Json::array({"3"})}}})},
                       {"ys", Json::array({Json{{"y", "p"}}, Json{{"y", "q"}}})}};
    CHECK(render(make("<<#groups>><<g>>(<<#xs>><<.>><<#ys>><<y>><</ys>>;<</xs>>)"
                      "[<<#ys>><<y>><</ys>>]<</groups>>"),
                 context, d) == "A(1pq;2pq;)[pq]B(3pq;)[pq]");
    CHECK(d.empty());
}

TEST_CASE("sections over strings, objects, true, and inverted over empty lists") {
    Diagnostics d;
    const Json context{{"person", Json{{"name", "N"}, {"email", nullptr}}},
                       {"title", "T"},
                       {"flag", true},
                       {"none", Json::array()},
                       {"n", 7}};
    CHECK(render(make("<<#person>><<name>><<#email>>@<</email>><</person>>|"
                      "<<#title>><<title>>/<<.>><</title>>|<<#flag>><<title>><</flag>>|"
                      "<<^none>>empty<</none>><<#none>>x<</none>>|<<person.name>>|<<n>>"),
                 context, d) == "N|T/T|T|empty|N|7");
    CHECK(d.empty());
}

TEST_CASE("a dotted name must resolve whole within one frame") {
    Diagnostics d;
    const Json context{{"a", Json{{"b", "outer"}}}, {"xs", Json::array({Json{{"a", "inner"}}})}};
    // Inside the item, `a` is a string, so `a.b` comes from the root.
    CHECK(render(make("<<#xs>><<a>>:<<a.b>><</xs>>"), context, d) == "inner:outer");
}

TEST_CASE("a partial that sets its own delimiters is rendered by kainjow with the same data") {
    Diagnostics d;
    const Template t = make("<<#xs>><<>p>><</xs>>", {{"p", "<<={{ }}=>>{{v}};"}});
    CHECK(render(t, Json{{"xs", Json::array({Json{{"v", "1"}}, Json{{"v", "2"}}})}}, d) == "1;2;");
}

TEST_CASE("a partial that includes itself is refused with its chain, before rendering") {
    const auto nesting_error = [](const Template& t) {
        Diagnostics d;
        CHECK_FALSE(check_partial_nesting(t, d));
        REQUIRE(d.error_count() == 1);
        return d.items().front();
    };
    auto error = nesting_error(make("x<<>a>>", {{"a", "<<>a>>"}}));
    CHECK(error.message == "recursive partial: a → a");
    CHECK(error.file == "a.tex.mustache");
    error = nesting_error(make("<<>a>>", {{"a", "A <<>b>>"}, {"b", "\n  << > a >>"}}));
    CHECK(error.message == "recursive partial: a → b → a");
    CHECK(error.file == "b.tex.mustache");
    CHECK(error.pos.line == 2);
    CHECK(error.pos.column == 3);
    // Other delimiters do not hide the tag, and a comment or a variable is no partial.
    error =
        nesting_error(make("<<>a>>", {{"a", "<<! >a >><<={{ }}=>>{{x}}{{{y}}}{{=[ ]=}}[> a]"}}));
    CHECK(error.message == "recursive partial: a → a");

    std::map<std::string, std::string> chain;
    for (std::size_t i = 0; i < kMaxPartialDepth; ++i)
        chain["p" + std::to_string(i)] = "<<>p" + std::to_string(i + 1) + ">>";
    chain["p" + std::to_string(kMaxPartialDepth)] = "end";
    error = nesting_error(make("<<>p0>>", chain));
    CHECK(error.message == "partials nested more than 16 deep");
    chain.erase("p0");
    Diagnostics d;
    CHECK(check_partial_nesting(make("<<>p1>>", chain), d));  // 16 deep is fine
    // Shared partials, even many times over, are no recursion and are followed once.
    CHECK(check_partial_nesting(
        make("<<>a>><<>a>>", {{"a", "<<>b>><<>b>><<>c>>"}, {"b", "<<>c>>"}, {"c", "C <<>gone>>"}}),
        d));
    CHECK(d.empty());
    // Rendering such a template directly refuses it too, and renders nothing.
    Diagnostics direct;
    const RenderResult result = render_template(make("<<>a>>", {{"a", "<<>b>>"}, {"b", "<<>a>>"}}),
                                                context_from_json(Json::object()), direct);
    CHECK_FALSE(result.ok);
    CHECK(result.tex.empty());
    REQUIRE(direct.error_count() == 1);
    CHECK(direct.items().front().message == "recursive partial: a → b → a");
    // Loading refuses it, so the renderer is never reached.
    Diagnostics rendered;
    const auto loaded =
        load_template(MKCV_TEST_SOURCE_DIR "/tests/bad_inputs/templates/recursive-partial",
                      TemplateSearchPath{}, rendered);
    CHECK_FALSE(loaded);
    REQUIRE(rendered.error_count() == 1);
    CHECK(rendered.items().front().message.rfind("recursive partial: entry → entry-links → entry",
                                                 0) == 0);
}

TEST_CASE("a recursive partial is refused even where the main file's own scan misses it") {
    // The fuzzer's case: to a scan of the main file alone, its first `<<` runs to the last
    // `>>`, one variable tag. But the partial tag inside is put in place before kainjow
    // parses, and p1 includes itself.
    Diagnostics d;
    const Template t = make("<<x> <<>p0>>", {{"p0", "a>> <<>p1>>"}, {"p1", "b <<>p1>>"}});
    CHECK_FALSE(check_partial_nesting(t, d));
    REQUIRE(d.error_count() == 1);
    CHECK(d.items().front().message == "recursive partial: p1 → p1");
    Diagnostics direct;
    CHECK_FALSE(render_template(t, context_from_json(Json::object()), direct).ok);
    // A partial that no file includes is checked too.
    Diagnostics unused;
    CHECK_FALSE(check_partial_nesting(make("main", {{"q", "<<>q>>"}}), unused));
}

TEST_CASE("partials that multiply past the expansion limit are refused before rendering") {
    // Each level includes the next 16 times; 16^6 copies of p6 alone are 16 MiB.
    std::map<std::string, std::string> levels;
    for (int i = 0; i < 6; ++i) {
        std::string text;
        for (int copy = 0; copy < 16; ++copy)
            text += "<<>p" + std::to_string(i + 1) + ">>";
        levels["p" + std::to_string(i)] = text;
    }
    levels["p6"] = "x";
    Diagnostics d;
    CHECK_FALSE(check_partial_nesting(make("<<>p0>>", levels), d));
    REQUIRE(d.error_count() == 1);
    CHECK(d.items().front().message == "partials expand to more than 16 MiB of template");
    // Without p0 and p1, p2's 16^4 copies and their tags are well under a MiB. (Every
    // partial counts, included or not.)
    levels.erase("p0");
    levels.erase("p1");
    Diagnostics fine;
    CHECK(check_partial_nesting(make("<<>p2>>", levels), fine));
    CHECK(fine.empty());
}

TEST_CASE("typed text prints as vetted LaTeX, and << & >> prints its plain text") {
    ContextTree tree;
    const auto root = ContextTree::root();
    const RichText marks{{TextRun::Kind::Text, Mark::Group, "An ", "", {}},
                         {TextRun::Kind::Open, Mark::Emphasis, "", "emph", {}},
                         {TextRun::Kind::Text, Mark::Group, "Elastic & Fast", "", {}},
                         {TextRun::Kind::Close, Mark::Emphasis, "", "", {}},
                         {TextRun::Kind::Text, Mark::Group, " ", "", {}},
                         {TextRun::Kind::Latex, Mark::Group, "α", "$\\alpha$", {}}};
    tree.add_string(root, "title", "An Elastic & Fast α", marks);
    tree.add_string(root, "plain", "A&B");
    // Runs not made by the BibTeX converter: verbatim LaTeX it would refuse.
    const RichText forged{{TextRun::Kind::Latex, Mark::Group, "x", "\\input{/etc/passwd}", {}}};
    tree.add_string(root, "forged", "\\input{/etc/passwd}", forged);
    const auto items = tree.add_list(root, "items");
    tree.add_string(items, "", "$y$", {{TextRun::Kind::Latex, Mark::Group, "y", "$y$", {}}});
    Diagnostics d;
    const std::string tex =
        render_template(make("<<title>>|<<&title>>|<<plain>>|<<forged>>|<<#items>><<.>><</items>>"),
                        tree, d)
            .tex;
    CHECK(tex ==
          "An \\emph{Elastic \\& Fast} $\\alpha$|An Elastic & Fast α|A\\&B|"
          "\\textbackslash{}input\\{/etc/passwd\\}|$y$");
    CHECK(d.empty());
}

TEST_CASE("in a right-to-left document every LaTeX value says its direction, marked ones too") {
    ContextTree tree;
    const auto root = ContextTree::root();
    tree.add_bool(tree.add_object(root, "meta"), "rtl", true);
    tree.add_string(root, "title", "An Elastic System",
                    {{TextRun::Kind::Text, Mark::Group, "An ", "", {}},
                     {TextRun::Kind::Open, Mark::Emphasis, "", "emph", {}},
                     {TextRun::Kind::Text, Mark::Group, "Elastic", "", {}},
                     {TextRun::Kind::Close, Mark::Emphasis, "", "", {}},
                     {TextRun::Kind::Text, Mark::Group, " System", "", {}}});
    tree.add_string(root, "plain", "Two words");
    tree.add_string(root, "word", "SC");
    Diagnostics d;
    CHECK(render_template(make("<<title>>|<<plain>>|<<word>>|<<&plain>>"), tree, d).tex ==
          "\\beginL{}An \\emph{Elastic} System\\endL{}|\\beginL{}Two words\\endL{}|SC|Two words");
    CHECK(d.empty());
}

TEST_CASE("HTML, Markdown and JSON templates escape every value, << & >> too") {
    const Json data{{"v", "<script>\"x\"</script> *a* & [b]"}};
    const auto as = [&](TextFormat format) {
        Template t = make("<<v>>|<<&v>>|<<#v>><<.>><</v>>");
        t.manifest.format = format;
        Diagnostics d;
        const std::string out = render(t, data, d);
        // ("a|b|c" is no JSON document: read back, it is refused, output_check_test.cpp.)
        CHECK(d.items().size() == (format == TextFormat::Json ? 1u : 0u));
        return out;
    };
    const std::string html = escape_text(data["v"].get<std::string>(), TextFormat::Html);
    CHECK(html == "&lt;script&gt;&quot;x&quot;&lt;/script&gt; *a* &amp; [b]");
    CHECK(as(TextFormat::Html) == html + "|" + html + "|" + html);
    const std::string md = escape_text(data["v"].get<std::string>(), TextFormat::Markdown);
    CHECK(as(TextFormat::Markdown) == md + "|" + md + "|" + md);
    const std::string json = escape_text(data["v"].get<std::string>(), TextFormat::Json);
    CHECK(as(TextFormat::Json) == json + "|" + json + "|" + json);
    // LaTeX keeps << & >> raw, as before.
    CHECK(as(TextFormat::Latex).find("|<script>\"x\"</script> *a* & [b]|") != std::string::npos);
}

TEST_CASE("<<#json_escaped>> prints values as JSON string contents in an HTML template") {
    const Json data{{"v", "</script><!-- ]]> \"q\" & 'a'"},
                    {"xs", Json::array({Json{{"n", "<b>"}}, Json{{"n", "\\"}}})}};
    Template t =
        make("<<v>>|<<#json_escaped>>\"<<v>>\" [<<#xs>>\"<<&n>>\"<</xs>>]<</json_escaped>>|<<v>>");
    t.manifest.format = TextFormat::Html;
    Diagnostics d;
    const std::string html = escape_text(data["v"].get<std::string>(), TextFormat::Html);
    const std::string json = escape_text(data["v"].get<std::string>(), TextFormat::Json);
    CHECK(json.find('<') == std::string::npos);
    CHECK(json.find('>') == std::string::npos);
    CHECK(json.find('&') == std::string::npos);
    // Inside the region JSON, including the items of a list within it; HTML again after it.
    CHECK(render(t, data, d) == html + "|\"" + json + "\" [\"\\u003cb\\u003e\"\"\\\\\"]|" + html);
    CHECK(d.empty());
    // The region is no variable of the data: it is never reported as missing, and an
    // inverted section of it prints nothing.
    Template inverted = make("<<^json_escaped>>x<</json_escaped>>");
    inverted.manifest.format = TextFormat::Html;
    CHECK(render(inverted, data, d).empty());
    CHECK(d.empty());
    // A LaTeX template keeps LaTeX escaping inside it: JSON escaping is no TeX escaping.
    Template latex = make("<<#json_escaped>><<v>><</json_escaped>>");
    CHECK(render(latex, Json{{"v", "a & b"}}, d) == "a \\& b");
}

TEST_CASE("<<#pdf_string>> prints values for a PDF string in a LaTeX template") {
    const std::string name = "Anna Mueller-Luedenscheidt-Hohenzollern-Sigmaringen";
    const Json data{{"meta", Json{{"author", name}}},
                    {"xs", Json::array({Json{{"n", "♥️ 赵 & x"}}})}};
    Diagnostics d;
    // Outside: break points and font commands; inside (in lists within it too): the text
    // with its specials escaped, nothing else.
    const std::string body = escape_latex(name);
    CHECK(body != name);
    CHECK(render(make("<<meta.author>>|<<#pdf_string>>pdfauthor={<<meta.author>>} "
                      "<<#xs>><<n>><</xs>><</pdf_string>>|<<meta.author>>"),
                 data, d) == body + "|pdfauthor={" + name + "} ♥️ 赵 \\& x|" + body);
    CHECK(d.empty());
    // No variable of the data: never missing; inverted, it prints nothing.
    CHECK(render(make("<<^pdf_string>>x<</pdf_string>>"), data, d).empty());
    CHECK(d.empty());
    // Other formats escape for themselves inside it.
    Template html = make("<<#pdf_string>><<n>><</pdf_string>>");
    html.manifest.format = TextFormat::Html;
    CHECK(render(html, Json{{"n", "<b>"}}, d) == "&lt;b&gt;");
}

TEST_CASE("a template's partials are the files of its format, beside it and in common/") {
    const TemplateSearchPath search{{{builtin_template_root(), "built-in"}}};
    Diagnostics d;
    const auto homepage = load_template("homepage", search, d);
    const auto long_cv = load_template("long", search, d);
    REQUIRE(homepage);
    REQUIRE(long_cv);
    CHECK(d.empty());
    // HTML: its own style and the shared publication entry, never a LaTeX partial.
    CHECK(homepage->partials.count("style"));
    CHECK(homepage->partials.count("mkcv-pub"));
    CHECK(homepage->partials.count("mkcv-pub-legend"));
    CHECK_FALSE(homepage->partials.count("mkcv-base"));
    CHECK(homepage->partials.at("mkcv-pub").path.filename() == "mkcv-pub.html.mustache");
    // LaTeX: as before, the *.tex.mustache files only.
    CHECK(long_cv->partials.count("mkcv-base"));
    CHECK_FALSE(long_cv->partials.count("mkcv-pub"));
    CHECK(partial_suffix(TextFormat::Latex) == ".tex.mustache");
    CHECK(partial_suffix(TextFormat::Markdown) == ".md.mustache");
}

TEST_CASE("in HTML, << name >> prints typed text with its marks, << & >> its plain text") {
    ContextTree tree;
    const auto root = ContextTree::root();
    const RichText marks{{TextRun::Kind::Text, Mark::Group, "An ", "", {}},
                         {TextRun::Kind::Open, Mark::Emphasis, "", "emph", {}},
                         {TextRun::Kind::Text, Mark::Group, "Elastic & <Fast>", "", {}},
                         {TextRun::Kind::Close, Mark::Emphasis, "", "", {}}};
    tree.add_string(root, "title", "An Elastic & <Fast>", marks);
    Template t =
        make("<<title>>|<a title=\"<<&title>>\">|<<#json_escaped>><<title>><</json_escaped>>");
    t.manifest.format = TextFormat::Html;
    Diagnostics d;
    const std::string html = render_template(t, tree, d).tex;
    CHECK(html ==
          "An <em>Elastic &amp; &lt;Fast&gt;</em>|<a title=\"An Elastic &amp; &lt;Fast&gt;\">|"
          "An Elastic \\u0026 \\u003cFast\\u003e");
    CHECK(d.empty());
}

TEST_CASE("the template's own lines print as written and its tags cannot name them") {
    // Lines long enough to be handed to kainjow whole (lift_static_lines), between tags.
    const std::string lines(70, 'x');
    const std::string text = "<<a>>\n" + lines + "\n" + lines + "\n<<b>>\n";
    Diagnostics d;
    CHECK(render(make(text), Json{{"a", "A"}, {"b", "B"}}, d) ==
          "A\n" + lines + "\n" + lines + "\nB\n");
    // Standalone section tags on the lines around a lifted run print what kainjow prints for
    // them without lifting (checked against kainjow alone: a false section keeps one line
    // break), and the run goes with its section.
    const std::string section = "<<#s>>\n" + lines + "\n" + lines + "\n<</s>>\nend\n";
    CHECK(render(make(section), Json{{"s", true}}, d) == lines + "\n" + lines + "\nend\n");
    CHECK(render(make(section), Json{{"s", false}}, d) == "\nend\n");
    // Tags that start with the byte the lifted lines' tags use: an untrusted template's,
    // printing nothing of the template (and never throwing on a name that is no number).
    for (const std::string tag : {"\x01", "\x01x", "\x01-1", "\x01 0",
                                  "\x01"
                                  "99999999999999999999999",
                                  "\x01"
                                  "0"}) {
        Diagnostics quiet;
        CHECK(render(make("[<<&" + tag + ">>]\n" + lines + "\n" + lines + "\n"), Json::object(),
                     quiet)
                  .rfind("[]\n", 0) == 0);
    }
}

TEST_CASE("a CJK locale's punctuation follows the script of the value before it, in every format",
          "[punctuation]") {
    const Json data{
        {"locale", {{"separator", "，"}, {"full_stop", "。"}, {"list_separator", "、"}}},
        {"meta", {{"region", "SC"}}},
        {"items",
         Json::array(
             {Json{{"venue", "Workshop (MoNeTec)"}, {"year", "2024"}, {"award", "最佳论文奖"}},
              Json{{"venue", "计算机学报"}, {"year", "2023"}, {"award", "Best Paper"}}})},
        {"names", Json::array({Json{{"n", "赵怡浩"}}, Json{{"n", "金鑫"}}, Json{{"n", "Xin Jin"}},
                               Json{{"n", "Xuanzhe Liu"}}, Json{{"n", "et al."}}})}};
    for (const TextFormat format : {TextFormat::Latex, TextFormat::Html, TextFormat::Markdown}) {
        // The preamble's definition comes before any value of the CV: the locale's own form,
        // whatever meta holds.
        Template t = make(
            "<<meta.region>>[<<locale.separator>>]"
            "<<#items>><<venue>><<locale.separator>><<year>><<locale.full_stop>> "
            "<<award>><<locale.full_stop>>|<</items>>"
            "<<#names>><<^first>><<locale.list_separator>><</first>><<n>><</names>>"
            "<<locale.full_stop>>");
        t.manifest.format = format;
        Diagnostics d;
        const Json with_first = [&] {
            Json j = data;
            j["names"][0]["first"] = true;
            return j;
        }();
        std::string out = render(t, with_first, d);
        // (LaTeX sets CJK text in its font.)
        for (std::size_t at; (at = out.find("\\mkcvcjk{")) != std::string::npos;)
            out.erase(at, 9).erase(out.find('}', at), 1);
        CHECK(out ==
              "SC[，]Workshop (MoNeTec), 2024. 最佳论文奖。|计算机学报，2023。 Best Paper.|"
              "赵怡浩、金鑫、Xin Jin, Xuanzhe Liu, et al.");
    }
    // A Latin locale's forms never change.
    Diagnostics d;
    CHECK(render(make("<<a>><<locale.separator>><<b>><<locale.full_stop>>"),
                 Json{{"locale", {{"separator", ", "}, {"full_stop", "."}}},
                      {"a", "最佳论文奖"},
                      {"b", "MoNeTec"}},
                 d) == "\\mkcvcjk{最佳论文奖}, MoNeTec.");
}
