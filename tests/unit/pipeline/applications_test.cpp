// mkcv apply's plan: each application's documents rendered from one cv.toml, tailored and
// private as it says, the enclosures and the packet from one list; no TeX runs here
// (integration/apply_test.sh compiles them).
#include "pipeline/applications.h"

#include <algorithm>
#include <filesystem>
#include <fstream>

#include <catch2/catch.hpp>

#include "test_support.h"

using namespace mkcv;
namespace fs = std::filesystem;

namespace {

const char* const kApplyingCv = R"(
[person]
name = "Ada Lovelace"
email = "ada@example.org"
phone = "+44 20 7946 0000"
location = "12 Marylebone, London"

[[experience]]
role = "Analyst"
organization = "Engine Works"
start = "1840"
tags = ["engines"]

[[experience]]
role = "Poet"
organization = "Verse Ltd"
start = "1835"
tags = ["poetry"]

[[applications]]
key = "mit"
organisation = "MIT"
position = "Assistant Professor"
letter_file = "mit.md"
tags = ["engines"]
omit_phone = true
omit_address = true
recipient = { name = "Grace Hopper", address = ["77 Massachusetts Ave"] }
mask_recipient = true

[[applications.statements]]
kind = "research"
file = "research.md"

[[applications]]
key = "eth"
organisation = "ETH"
position = "Professor"
letter = "Short."
)";

struct ApplyFolder {
    test::TempDir dir;
    ApplyRequest request;
    ApplyFolder() {
        std::ofstream(dir.path / "cv.toml") << kApplyingCv;
        std::ofstream(dir.path / "mit.md") << "I apply for <<position>> at <<organisation>>.\n";
        std::ofstream(dir.path / "research.md") << "Engines.\n";
        request.cv_path = dir.path / "cv.toml";
        request.search = TemplateSearchPath{{{builtin_template_root(), "built-in"}}};
    }
};

const RenderedTemplate& document(const ApplicationPlan& plan, const std::string& part) {
    const auto it =
        std::find_if(plan.documents.begin(), plan.documents.end(),
                     [&](const RenderedTemplate& r) { return r.tmpl.manifest.name == part; });
    REQUIRE(it != plan.documents.end());
    return *it;
}

bool has(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("every application is planned: letter, tailored CV, statements, packet") {
    ApplyFolder f;
    const ApplyPlan plan = plan_applications(f.request, f.dir.path / "out");
    INFO((plan.diagnostics.items().empty() ? "" : plan.diagnostics.items()[0].message));
    REQUIRE(plan.applications);
    REQUIRE(plan.applications->size() == 2);
    const ApplicationPlan& mit = (*plan.applications)[0];
    CHECK(mit.out_dir == f.dir.path / "out" / "applications" / "mit");
    REQUIRE(mit.documents.size() == 3);
    const std::string& letter = document(mit, "letter").tex;
    CHECK(has(letter, "I apply for Assistant Professor at MIT."));
    // Privacy: no phone, no address, no recipient.
    CHECK_FALSE(has(letter, "7946"));
    CHECK_FALSE(has(letter, "Marylebone"));
    CHECK_FALSE(has(letter, "Grace Hopper"));
    CHECK_FALSE(has(letter, "Massachusetts"));
    // The enclosures are the packet's documents after the letter.
    CHECK(has(letter, "Curriculum Vitae, Research statement"));
    // The tailored CV keeps the entries tagged as the application says.
    const std::string& cv = document(mit, "cv").tex;
    CHECK(has(cv, "Engine Works"));
    CHECK_FALSE(has(cv, "Verse Ltd"));
    CHECK_FALSE(has(cv, "7946"));
    CHECK(has(document(mit, "statement-research").tex, "Engines."));
    // The packet includes each document's PDF under mkcv's own names, with a bookmark each.
    CHECK(has(mit.packet.tex, "mkcv-letter.pdf"));
    CHECK(has(mit.packet.tex, "mkcv-cv.pdf"));
    CHECK(has(mit.packet.tex, "mkcv-statement-research.pdf"));
    CHECK(has(mit.packet.tex, "{Research statement}"));
    // The letter's page budget points at its last paragraph, in its own file.
    CHECK(document(mit, "letter").budget_file == (f.dir.path / "mit.md").string());
    CHECK(document(mit, "letter").budget_pos.line == 1);
    CHECK(std::find(document(mit, "letter").made_from.begin(),
                    document(mit, "letter").made_from.end(),
                    f.dir.path / "mit.md") != document(mit, "letter").made_from.end());

    const ApplicationPlan& eth = (*plan.applications)[1];
    const std::string& eth_cv = document(eth, "cv").tex;
    CHECK(has(eth_cv, "Verse Ltd"));  // no tags: every entry
    CHECK(has(document(eth, "letter").tex, "7946"));
    CHECK(has(document(eth, "letter").tex, "Dear Members of the Search Committee,"));
}

TEST_CASE("mkcv apply KEY plans that application only, and an unknown key is an error") {
    ApplyFolder f;
    f.request.keys = {"eth"};
    ApplyPlan plan = plan_applications(f.request, "out");
    REQUIRE(plan.applications);
    REQUIRE(plan.applications->size() == 1);
    CHECK((*plan.applications)[0].key == "eth");
    f.request.keys = {"harvard"};
    plan = plan_applications(f.request, "out");
    CHECK_FALSE(plan.applications);
    REQUIRE(plan.diagnostics.items().size() == 1);
    CHECK(plan.diagnostics.items()[0].message == "no application has the key \"harvard\"");
    CHECK(plan.diagnostics.items()[0].hint == "the applications of cv.toml: mit, eth");
}

TEST_CASE("an application's letter and statements are dressed as its CV's theme") {
    test::TempDir dir;
    std::ofstream(dir.path / "cv.toml") << R"(
[person]
name = "Ada Lovelace"
email = "ada@example.org"

[design]
line_spacing = 1.1

[[applications]]
key = "in-modern"
organisation = "MIT"
position = "Lecturer"
template = "modern"
letter = "Short."

[[applications.statements]]
kind = "research"
file = "research.md"

[[applications]]
key = "in-short"
organisation = "ETH"
position = "Professor"
letter = "Short."
)";
    std::ofstream(dir.path / "research.md") << "Engines.\n";
    ApplyRequest request;
    request.cv_path = dir.path / "cv.toml";
    request.search = TemplateSearchPath{{{builtin_template_root(), "built-in"}}};
    const ApplyPlan plan = plan_applications(request, dir.path / "out");
    INFO((plan.diagnostics.items().empty() ? "" : plan.diagnostics.items()[0].message));
    REQUIRE(plan.applications);
    REQUIRE(plan.applications->size() == 2);
    const ApplicationPlan& modern = (*plan.applications)[0];
    const std::string& letter = document(modern, "letter").tex;
    // modern's letterhead (letterhead-modern in place of letterhead), type and accent.
    CHECK(has(letter, "modern's banner"));
    CHECK(has(letter, "\\colorbox{accent}"));
    CHECK(has(letter, "\\newcommand\\mkcvmainfont{Noto Sans}"));
    CHECK(has(letter, "\\newcommand\\mkcvaccent{0F766E}"));
    // [design] still sets what the theme lends; the letter keeps its own margins.
    CHECK(has(letter, "\\linespread{1.1}"));
    CHECK(has(letter, "left=2.5cm"));
    CHECK(has(document(modern, "statement-research").tex,
              "{\\small\\color{accent}\\bfseries Ada Lovelace}"));
    // The CV itself is modern as it is.
    CHECK(document(modern, "cv").tmpl.dir.filename() == "modern");

    const std::string& short_letter = document((*plan.applications)[1], "letter").tex;
    CHECK(has(short_letter, "short's header"));
    CHECK_FALSE(has(short_letter, "\\colorbox{accent}"));
    CHECK(has(short_letter, "\\newcommand\\mkcvaccent{7A1F1F}"));
}

TEST_CASE("the templates of mkcv apply (letter statement packet) are no CV templates") {
    CHECK(is_application_template("letter"));
    CHECK(is_application_template("statement"));
    CHECK(is_application_template("packet"));
    CHECK_FALSE(is_application_template("long"));
    CHECK_FALSE(is_application_template("letters"));
}
