#include "context/context_builder.h"

#include <catch2/catch.hpp>

#include "context/field_context.h"
#include "cv/locale_texts.h"
#include "test_support.h"

using namespace mkcv;

TEST_CASE("the context groups publications by kind, newest first, and marks the owner") {
    const Cv cv = test::load_ok(test::source_file("cv.toml"));
    const auto context = to_json(build_context(cv, {}));
    const auto& groups = context["publications"]["groups"];
    REQUIRE(groups.size() == 4);
    CHECK(groups[0]["kind"] == "conference");
    CHECK(groups[0]["heading"] == "Conference Papers");
    CHECK(groups[0]["items"].size() == 4);
    CHECK(groups[0]["items"][0]["year"] == "2023");  // newest first, file order within a year
    CHECK(groups[0]["items"][0]["title"].get<std::string>().rfind("Klotski", 0) == 0);
    CHECK(groups[0]["items"][3]["year"] == "2020");
    CHECK(groups[3]["kind"] == "preprint");
    const auto& authors = groups[0]["items"][0]["authors"];
    CHECK(authors[0]["name"] == "Yihao Zhao");
    CHECK(authors[0]["owner"] == true);
    CHECK(authors[0]["equal"] == true);
    CHECK(authors[0]["first"] == true);
    CHECK(authors[1]["owner"] == false);
    CHECK(context["legend"]["equal"] == true);
    CHECK(context["legend"]["corresponding"] == false);
    CHECK(context["publications"]["count"] == "9");
}

TEST_CASE("the short CV's filter keeps selected publications only") {
    ContentRules rules;
    rules.sections["publications"].selected_only = true;
    const Cv cv = apply_rules(test::load_ok(test::source_file("cv.toml")), rules).cv;
    const auto context = to_json(build_context(cv, {}));
    CHECK(context["publications"]["count"] == "5");
    for (const auto& group : context["publications"]["groups"])
        for (const auto& item : group["items"])
            CHECK(item["selected"] == true);
}

TEST_CASE("dates, people and absent values") {
    const Cv cv = test::load_ok(test::source_file("cv.toml"));
    const auto context = to_json(build_context(cv, {}));
    CHECK(context["experience"][0]["dates"] == "Aug. 2025 – Feb. 2026");
    CHECK(context["experience"][2]["dates"] == "Jan. 2021 – Oct. 2021, May 2022 – Oct. 2023");
    CHECK(context["experience"][2]["mentors_text"] == "Yanghua Peng, Xin Liu and Yibo Zhu");
    CHECK(context["experience"][3]["location"].is_null());
    CHECK(context["education"][0]["dates"] == "Present");
    CHECK(context["education"][1]["dates"].is_null());
    CHECK(context["teaching"][0]["terms_text"] == "Fall 2022, Fall 2023");
    CHECK(context["awards"].size() == 1);
    CHECK(context["awards"][0]["title"] == "Best Paper Award");
    CHECK(context["awards"][0]["issuer"] == "MoNeTec");
    CHECK(context["meta"]["updated"].is_null());
}

TEST_CASE("contacts become links") {
    const Cv cv = test::load_ok(test::source_file("cv.toml"));
    const auto contacts = to_json(build_context(cv, {}))["person"]["contacts"];
    REQUIRE(contacts.size() == 3);
    CHECK(contacts[0]["href"] == "mailto:zhaoyh98@pku.edu.cn");
    CHECK(contacts[1]["text"] == "rivendile.github.io");
    CHECK(contacts[2]["href"] == "https://github.com/Rivendile");
    CHECK(contacts[2]["last"] == true);
    CHECK(link_target("example.org") == "https://example.org");
    CHECK(link_target("10.1145/1.2") == "https://doi.org/10.1145/1.2");
}

TEST_CASE("prose fields carry their inline Markdown's marks into the context") {
    const Cv cv = test::load_ok(std::string(test::kMinimal) +
                                "research_interests = \"*Systems*\"\n"
                                "[[awards]]\ntitle = \"*T*\"\nyear = 2020\nnote = \"**top**\"\n"
                                "[[experience]]\nrole = \"R\"\norganization = \"O\"\n"
                                "note = \"`n`\"\nhighlights = [\"[h](https://x.org)\"]\n");
    const ContextTree t = build_context(cv, {});
    const auto root = ContextTree::root();
    const auto interests = t.find(root, "research_interests");
    CHECK(t.text(interests) == "Systems");
    REQUIRE(t.marks(interests) != nullptr);
    CHECK(render_text(t.text(interests), *t.marks(interests), TextFormat::Html) ==
          "<em>Systems</em>");
    const auto award = t.node(t.find(root, "awards")).first;
    CHECK(t.text(t.find(award, "title")) == "*T*");  // a title: as written
    CHECK(t.marks(t.find(award, "title")) == nullptr);
    CHECK(t.marks(t.find(award, "note")) != nullptr);
    const auto job = t.node(t.find(root, "experience")).first;
    CHECK(t.marks(t.find(job, "note")) != nullptr);
    const auto bullet = t.node(t.find(job, "highlights")).first;
    REQUIRE(t.marks(t.find(bullet, "text")) != nullptr);
    CHECK(render_text("h", *t.marks(t.find(bullet, "text")), TextFormat::Latex) ==
          "\\href{https://x.org}{h}");
}

TEST_CASE("ISO dates for machine-readable outputs: null for present, spans over periods") {
    const Cv cv = test::load_ok(std::string(test::kMinimal) + R"(
[[education]]
degree = "PhD"
institution = "U"
start = "2015-10"
end = "present"

[[experience]]
role = "R"
organization = "O"
periods = [{ start = "2021-01", end = "2021-10" }, { start = "2019-03-02", end = "2020" }]

[[experience]]
role = "R"
organization = "P"
periods = [{ start = "2021-01", end = "2021-10" }, { start = "2022-05" }]
)");
    ContextOptions options;
    options.updated = PartialDate{2025, 8, 0, false};
    const auto context = to_json(build_context(cv, options));
    CHECK(context["meta"]["updated_iso"] == "2025-08");
    CHECK(context["education"][0]["start_iso"] == "2015-10");
    CHECK(context["education"][0]["end_iso"].is_null());
    const auto& first = context["experience"][0];
    CHECK(first["start_iso"] == "2019-03-02");  // the earliest start, not the first written
    CHECK(first["end_iso"] == "2021-10");
    CHECK(first["periods"][1]["start_iso"] == "2019-03-02");
    CHECK(first["periods"][1]["end_iso"] == "2020");
    CHECK(first["periods"][1]["last"] == true);
    CHECK(context["experience"][1]["start_iso"] == "2021-01");
    CHECK(context["experience"][1]["end_iso"].is_null());  // a period goes on
    CHECK(to_json(build_context(cv, {}))["meta"]["updated_iso"].is_null());
}

TEST_CASE("hrefs per format: URIs in JSON, no ( ) in Markdown, and contacts say their kind") {
    const Cv cv = test::load_ok(R"toml([person]
name = "Ada"
homepage = "https://example.org/ü_(x)"
)toml");
    ContextOptions options;
    options.format = TextFormat::Json;
    auto context = to_json(build_context(cv, options));
    const auto& homepage = context["person"]["contacts"][0];
    CHECK(homepage["is"]["homepage"] == true);
    CHECK(homepage["is"]["email"] == false);
    CHECK(homepage["href"] == "https://example.org/%C3%BC_(x)");
    CHECK(homepage["url"] == "https://example.org/ü_(x)");
    options.format = TextFormat::Markdown;
    context = to_json(build_context(cv, options));
    CHECK(context["person"]["contacts"][0]["href"] == "https://example.org/%C3%BC_%28x%29");
    options.format = TextFormat::Html;
    context = to_json(build_context(cv, options));
    CHECK(context["person"]["contacts"][0]["href"] == "https://example.org/ü_(x)");
}

TEST_CASE("the academic sections reach the context with dates, groups and the owner marked") {
    const Cv cv = test::load_ok(test::source_file("tests/data/academic.toml"));
    const auto context = to_json(build_context(cv, {}));
    const auto& talk = context["talks"][0];
    CHECK(talk["date"] == "May 2024");
    CHECK(talk["date_iso"] == "2024-05");
    CHECK(talk["invited"] == true);
    CHECK(talk["links"][0]["label"] == "slides");
    CHECK(context["talks"][1]["date"] == "7 Nov. 2023");
    const auto& service = context["service"];
    CHECK(service[0]["is"]["reviewer"] == true);
    CHECK(service[1]["is"]["committee"] == true);
    CHECK(service[3]["is"]["other"] == true);  // no kind: other
    CHECK(service[1]["start_iso"] == "2023");
    CHECK(service[1]["dates"] == "2023 – 2024");
    CHECK(context["service_kind"]["organiser"] == true);
    CHECK(context["grants"][0]["start_iso"] == "2023-09");
    CHECK(context["students"][0]["level"] == "MSc");
    const auto& inventors = context["patents"][0]["inventors"];
    CHECK(inventors[0]["owner"] == false);
    CHECK(inventors[1]["owner"] == true);  // an alias of the owner
    CHECK(context["patents"][0]["date_iso"] == "2024-01-16");
    CHECK(context["press"][0]["href"] == "https://example.org/article");
    CHECK(context["has"]["press"] == true);
    CHECK(context["titles"]["grants"] == "Grants and Funding");
}

TEST_CASE("the academic sections take the filters, dated by their dates") {
    ContentRules rules;
    rules.sections["talks"].since = 2024;
    rules.sections["service"].max_entries = 1;
    rules.sections["press"].selected_only = true;
    rules.order = std::vector<std::string>{"talks", "service", "press", "grants"};
    const Cv cv =
        apply_rules(test::load_ok(test::source_file("tests/data/academic.toml")), rules).cv;
    REQUIRE(cv.talks.size() == 1);
    CHECK(cv.talks[0].title.value == "Scheduling Deep Learning Jobs at Scale");
    CHECK(cv.service.size() == 1);
    CHECK(cv.press.empty());
    CHECK(cv.grants.size() == 1);
    CHECK(cv.patents.empty());  // not in order
}

TEST_CASE("awards carry their date, sort by it, and an undated one comes last") {
    const Cv cv = test::load_ok(R"([person]
name = "Ada"
[[awards]]
title = "Undated"
[[awards]]
title = "Year"
year = 2016
[[awards]]
title = "October"
date = "2016-10"
[[awards]]
title = "Newer"
date = "2017-01-05"
)");
    const auto context = to_json(build_context(cv, {}));
    const auto& awards = context["awards"];
    REQUIRE(awards.size() == 4);
    CHECK(awards[0]["title"] == "Newer");
    CHECK(awards[0]["date_iso"] == "2017-01-05");
    CHECK(awards[1]["title"] == "October");
    CHECK(awards[1]["date"] == "Oct. 2016");
    CHECK(awards[1]["date_iso"] == "2016-10");
    CHECK(awards[1]["year"] == "2016");
    CHECK(awards[2]["title"] == "Year");
    CHECK(awards[2]["date"] == "2016");
    CHECK(awards[3]["title"] == "Undated");
    CHECK(awards[3]["year"].is_null());
    CHECK(awards[3]["date"].is_null());
}

TEST_CASE("the résumé sections reach the context with dates, keywords and hrefs") {
    const Cv cv = test::load_ok(test::source_file("tests/data/resume_sections.toml"));
    const auto context = to_json(build_context(cv, {}));
    const auto& project = context["projects"][0];
    CHECK(project["name"] == "mkcv & friends #1");
    CHECK(project["roles_text"] == "Maintainer, Author  of  docs");
    CHECK(project["keywords"][1]["text"] == "TeX $\\alpha$");
    CHECK(project["keywords_text"] == "C++, TeX $\\alpha$, A_B");
    CHECK(project["has_keywords"] == true);
    CHECK(project["dates"] == "Mar. 2021 – Present");
    CHECK(project["start_iso"] == "2021-03");
    CHECK(project["end_iso"].is_null());
    CHECK(project["href"] == "https://example.org/a_b\\%20c\\#x~y");  // escaped for LaTeX
    CHECK(context["projects"][1]["href"].is_null());
    CHECK(context["projects"][1]["roles_text"].is_null());
    CHECK(context["projects"][1]["has_keywords"] == false);
    CHECK(context["volunteer"][0]["dates"] == "Sept. 2018 – July 2019");
    CHECK(context["volunteer"][0]["position"] == "Mentor #2");
    CHECK(context["certificates"][0]["date"] == "3 Nov. 2022");
    CHECK(context["certificates"][0]["date_iso"] == "2022-11-03");
    CHECK(context["certificates"][1]["date"].is_null());
    CHECK(context["skills"][0]["keywords_text"] == "C++20, Python, \\LaTeX{}, <i>HTML</i>");
    CHECK(context["skills"][0]["level"] == "Expert  level");
    CHECK(context["skills"][1]["level"].is_null());
    CHECK(context["languages"][1]["language"] == "Deutsch_{DE}");
    CHECK(context["interests"][0]["keywords_text"] == "Piano, Choir  singing");
    CHECK(context["references"][0]["name"] == "Prof. Grace Hopper, Example University");
    CHECK(context["has"]["skills"] == true);
    CHECK(context["titles"]["volunteer"] == "Volunteering");
}

TEST_CASE("the résumé sections take the filters: selected, tags, since, max_entries, order") {
    ContentRules rules;
    rules.sections["projects"].since = 2021;
    rules.sections["skills"].selected_only = true;
    rules.sections["interests"].include_tags = std::vector<std::string>{"hobby"};
    rules.sections["volunteer"].since = 2019;  // the undated one stays
    rules.sections["languages"].max_entries = 1;
    rules.order = std::vector<std::string>{"projects",  "skills",    "interests",
                                           "volunteer", "languages", "certificates"};
    const Cv cv =
        apply_rules(test::load_ok(test::source_file("tests/data/resume_sections.toml")), rules).cv;
    REQUIRE(cv.projects.size() == 1);
    CHECK(cv.projects[0].name.value == "mkcv & friends #1");
    REQUIRE(cv.skills.size() == 1);
    CHECK(cv.skills[0].name.value == "Programming ^^5c");
    REQUIRE(cv.interests.size() == 1);
    CHECK(cv.interests[0].name.value == "Music ~ & #");
    CHECK(cv.volunteer.size() == 2);
    CHECK(cv.languages.size() == 1);
    CHECK(cv.certificates.size() == 2);
    CHECK(cv.references.empty());  // not in order
}

TEST_CASE("a title, award or note that ends a sentence gets no second period") {
    const Cv cv = test::load_ok(R"([person]
name = "A"
[[publications]]
title = "Is It Useful?"
authors = ["A"]
venue = "V"
year = 2024
award = "Best Paper!"
note = "Cover article (\"print\")."
[[publications]]
title = "Plain"
authors = ["A"]
venue = "V"
year = 2023
note = "長い注。"
award = "Honorable mention"
)");
    const auto context = to_json(build_context(cv, {}));
    const auto& items = context["publications"]["groups"][0]["items"];
    REQUIRE(items.size() == 2);
    CHECK(items[0]["title_ends_sentence"] == true);
    CHECK(items[0]["award_ends_sentence"] == true);
    CHECK(items[0]["note_ends_sentence"] == true);  // through the bracket and the quote
    CHECK(items[1]["title_ends_sentence"] == false);
    CHECK(items[1]["award_ends_sentence"] == false);
    CHECK(items[1]["note_ends_sentence"] == true);  // a CJK full stop
}

TEST_CASE("a degree and its field are joined as the locale says, and the degree alone kept") {
    Cv cv = test::load_ok(std::string(test::kMinimal) + R"(
[[education]]
degree = "Бакалавриат"
field = "Информатика"
institution = "U"

[[education]]
degree = "PhD in Physics"
institution = "V"
)");
    auto context = to_json(build_context(cv, {}));
    CHECK(context["education"][0]["degree"] == "Бакалавриат in Информатика");  // English
    CHECK(context["education"][0]["degree_without_field"] == "Бакалавриат");
    CHECK(context["education"][0]["field"] == "Информатика");
    CHECK(context["education"][1]["degree"] == "PhD in Physics");
    CHECK(context["education"][1]["degree_without_field"] == "PhD in Physics");
    CHECK(context["education"][1]["field"].is_null());
    CHECK_FALSE(context["locale"].contains("degree_in_field"));  // applied, not for templates
    auto russian = std::make_shared<LocaleTexts>();
    russian->set("degree_in_field", "{degree}, {field}");
    cv.locale.texts = russian;
    context = to_json(build_context(cv, {}));
    CHECK(context["education"][0]["degree"] == "Бакалавриат, Информатика");
    CHECK(context["education"][1]["degree"] == "PhD in Physics");
}

TEST_CASE("news: newest first, undated last, split where the template folds them") {
    const Cv cv = test::load_ok(R"toml([person]
name = "Ada"
[[news]]
date = "2023-05"
text = "b"
[[news]]
date = "2025-01-02"
text = "*a*"
[[news]]
date = "2021"
text = "c"
)toml");
    ContextOptions options;
    options.news_shown = 2;
    const auto context = to_json(build_context(cv, options));
    REQUIRE(context["news"].size() == 3);
    CHECK(context["news"][0]["text"] == "a");
    CHECK(context["news"][0]["date_iso"] == "2025-01-02");
    CHECK(context["news"][1]["text"] == "b");
    CHECK(context["news_recent"].size() == 2);
    CHECK(context["news_older"].size() == 1);
    CHECK(context["news_older"][0]["text"] == "c");
    CHECK(context["has_news_older"] == true);
    CHECK(context["has"]["news"] == true);
}

TEST_CASE("a site's page links the paper's BibTeX and thumbnail in the site") {
    const Cv cv = test::load_ok(R"toml([person]
name = "Ada"
[[publications]]
title = "Notes"
authors = ["Ada"]
venue = "Memoirs"
year = 1843
links = { paper = "https://example.org/p.pdf", bibtex = "notes.bib" }
[[publications]]
title = "Sketch"
authors = ["Ada"]
venue = "Memoirs"
year = 1842
abstract = "What it *does*."
)toml");
    ContextOptions options;
    options.format = TextFormat::Html;
    SitePage site;
    site.bibtex[paper_id(cv.publications[0])] = "bib/ada1843notes.bib";
    site.bibtex[paper_id(cv.publications[1])] = "bib/ada1842sketch.bib";
    site.thumbnails[paper_id(cv.publications[1])] = "img/paper-2.png";
    options.site = site;
    options.documents = {{"short", "cv-short.pdf", "pdf"}, {"long", "cv-long.pdf", "pdf"}};
    const auto context = to_json(build_context(cv, options));
    const auto& papers = context["publications"]["groups"][0]["items"];
    REQUIRE(papers.size() == 2);
    // The local bibtex link now points to the site's copy; a paper without one gets one.
    CHECK(papers[0]["links"][1]["label"] == "bibtex");
    CHECK(papers[0]["links"][1]["href"] == "bib/ada1843notes.bib");
    CHECK(papers[0]["thumbnail"].is_null());
    CHECK(papers[1]["links"][0]["href"] == "bib/ada1842sketch.bib");
    CHECK(papers[1]["thumbnail"]["src"] == "img/paper-2.png");
    CHECK(papers[1]["abstract"] == "What it does.");
    // The CV links are labels: the long CV is "CV (PDF)", whatever the order.
    CHECK(context["documents"][0]["label"] == "Short CV (PDF)");
    CHECK(context["documents"][1]["label"] == "CV (PDF)");
    CHECK(context["site"]["active"] == true);
    CHECK(context["site"]["has_languages"] == false);
    // Without a site: no site, the local link left as written.
    options.site.reset();
    const auto plain = to_json(build_context(cv, options));
    CHECK(plain["site"]["active"] == false);
    CHECK(plain["publications"]["groups"][0]["items"][0]["links"][1]["href"] == "notes.bib");
}

TEST_CASE("a declared section is an element of sections_order with its kind's entries") {
    const Cv cv = test::load_ok(R"([person]
name = "Ada"
[section.industry]
kind = "experience"
heading = "Industry Experience"
[section.preprints]
kind = "publications"
heading = "Preprints"
[[experience]]
role = "Plain"
organization = "P"
[[industry]]
role = "Engineer"
organization = "B"
[[preprints]]
title = "A Draft"
authors = ["Ada*", "Bob"]
venue = "arXiv"
year = 2024
)");
    const auto context = to_json(build_context(cv, {}));
    const auto& order = context["sections_order"];
    std::vector<std::string> names;
    for (const auto& e : order)
        names.push_back(e["name"]);
    CHECK(names == std::vector<std::string>{"preprints", "experience", "industry"});
    const auto& industry = order[2];
    CHECK(industry["title"] == "Industry Experience");
    CHECK(industry["is"]["experience"] == true);
    CHECK(industry["is"]["industry"] == true);
    // The false flags are the root's, once (Mustache finds them there), not every
    // element's: an element's `is` holds its own two.
    CHECK(industry["is"].size() == 2);
    CHECK(context["is"]["education"] == false);
    CHECK(context["is"]["industry"] == false);
    CHECK(industry["kind_first"] == false);
    CHECK(industry["section_declared"] == true);
    REQUIRE(industry["experience"].size() == 1);
    CHECK(industry["experience"][0]["role"] == "Engineer");
    CHECK(order[1]["section_declared"] == false);
    CHECK(order[1]["kind_first"] == true);
    CHECK(order[1].find("experience") == order[1].end());  // the root's list is printed there
    CHECK(context["experience"].size() == 1);
    CHECK(context["experience"][0]["role"] == "Plain");
    const auto& preprints = order[0];
    CHECK(preprints["title"] == "Preprints");
    CHECK(preprints["publications"]["groups"][0]["items"][0]["title"] == "A Draft");
    CHECK(context["legend"]["equal"] == true);  // its marks count for the legend
    CHECK(context["has"]["industry"] == true);
    CHECK(context["titles"]["industry"] == "Industry Experience");
    REQUIRE(context["declared_sections"].size() == 2);
    CHECK(context["declared_sections"][0]["key"] == "preprints");  // in print order
    CHECK(context["declared_sections"][1]["key"] == "industry");
    CHECK(context["declared_sections"][1]["kind"] == "experience");
    CHECK(context["declared_sections"][1]["heading"] == "Industry Experience");
}

TEST_CASE("papers not grouped by kind are one list, newest first, numbered in that order") {
    const Cv cv = test::load_ok(test::source_file("cv.toml"));
    ContextOptions options;
    options.publications_by_kind = false;
    const auto context = to_json(build_context(cv, options));
    const auto& groups = context["publications"]["groups"];
    REQUIRE(groups.size() == 1);
    CHECK(groups[0]["kind"] == "all");
    CHECK(groups[0]["heading"] == "Publications");
    const auto& items = groups[0]["items"];
    REQUIRE(items.size() == cv.publications.size());
    for (std::size_t i = 0; i + 1 < items.size(); ++i) {
        INFO(i);
        CHECK(std::stoi(items[i]["year"].get<std::string>()) >=
              std::stoi(items[i + 1]["year"].get<std::string>()));
        // Numbered down from the total, as the kinds' groups are: top down in print order.
        CHECK(items[i]["number"] == std::to_string(items.size() - i));
    }
    CHECK(context["publications"]["count"] == std::to_string(items.size()));
}
