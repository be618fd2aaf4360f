#include "import/rendercv.h"

#include "import_support.h"

using namespace mkcv;
using namespace mkcv::test;

TEST_CASE("RenderCV section titles come from their keys", "[import]") {
    CHECK(rendercv_section_title("selected_honors") == "Selected Honors");
    CHECK(rendercv_section_title("Work Experience") == "Work Experience");
    CHECK(rendercv_section_title("talks") == "Talks");
}

TEST_CASE("RenderCV's cv becomes [person] and its entry types their sections", "[import]") {
    const Imported r = import_fixture("rendercv.yaml");
    CHECK(r.outcome.format == ImportFormat::RenderCv);
    const auto person = r.toml["person"];
    CHECK(str(person["name"]) == "Tomás Ferreira");
    CHECK(str(person["position"]) == "Postdoctoral Researcher in Robotics");
    CHECK(str(person["phone"]) == "+351 21 555 0199");
    CHECK(str(person["profiles"][0]["network"]) == "LinkedIn");
    CHECK(str(person["profiles"][0]["username"]) == "tomasferreira");
    CHECK(str(person["profiles"][1]["network"]) == "GitHub");
    CHECK(str(person["profiles"][1]["username"]) == "tferreira");
    CHECK(str(person["profiles"][2]["username"]) == "AbCdEf123");

    CHECK(str(r.toml["education"][0]["degree"]) == "PhD");
    CHECK(str(r.toml["education"][0]["field"]) == "Electrical Engineering");
    CHECK(str(r.toml["education"][0]["start"]) == "2016-09");
    CHECK(str(r.toml["experience"][0]["end"]) == "present");
    CHECK(str(r.toml["experience"][0]["note"]) == "Leads the quadruped team.");
    CHECK(str(r.toml["publications"][0]["venue"]) == "IEEE Robotics and Automation Letters");
    CHECK(str(r.toml["publications"][0]["date"]) == "2022-03");  // the month is kept
    // RenderCV's bold owner loses its asterisks: a trailing * means "equal contribution".
    CHECK(str(r.toml["publications"][0]["authors"][0]) == "Tomás Ferreira");
    CHECK(summary_has(r.outcome, "authors[0] \"***Tomás Ferreira***\"",
                      "publications[0].authors[0] = \"Tomás Ferreira\""));
    CHECK(str(r.toml["publications"][0]["links"]["doi"]) == "10.5555/ral.2022.11");

    const auto sections = r.toml["sections"];
    // TextEntry: the Markdown stays as written.
    CHECK(str(sections[0]["title"]) == "Welcome");
    CHECK(str(sections[0]["text"]) ==
          "I build **legged robots** that walk on [rough terrain](https://example.org/terrain).\n"
          "Currently at the Lisbon Robotics Lab.");
    // A publication without a journal: a custom entry.
    CHECK(str(sections[1]["title"]) == "Publications");
    CHECK(str(sections[1]["entries"][0]["end"]) == "2023");  // a date mkcv reads: typed
    // NormalEntry under "projects" and OneLineEntry under "skills": their typed sections.
    CHECK(str(r.toml["projects"][0]["name"]) == "OpenLeg");
    CHECK(str(r.toml["projects"][0]["url"]) == "https://openleg.example.org");
    CHECK(str(r.toml["skills"][1]["name"]) == "Tools");
    CHECK(str(r.toml["skills"][1]["keywords"][0]) == "MuJoCo, Isaac Gym");
    CHECK(str(sections[2]["items"][0]) == "Best Paper Award, ICRA 2022");  // BulletEntry
    CHECK(str(sections[3]["items"][1]) == "Invited talk at TU Delft");     // NumberedEntry
    CHECK(str(sections[4]["title"]) == "Recent News");                     // ReversedNumbered
    CHECK(summary_has(r.outcome, "design", "not imported"));
}

TEST_CASE("RenderCV values not shaped as RenderCV are warnings with positions", "[import]") {
    const Imported r = import_text("cv:\n  name: A\n  sections:\n    x: 3\n", "r.yaml");
    CHECK_FALSE(r.outcome.diagnostics.has_errors());
    CHECK(r.outcome.diagnostics.items().front().pos.line == 4);
    CHECK(has_warning(r.outcome, "cv.sections.x: expected a list, found a number", 4));
    CHECK(str(r.toml["sections"][0]["items"][0]) == "cv.sections.x: 3");
}

TEST_CASE("RenderCV: one date, mixed sections, anchors and an older label", "[import]") {
    const Imported r = import_fixture("rendercv-mixed.yaml");
    CHECK(str(r.toml["person"]["position"]) == "Software Engineer & Educator");
    CHECK(str(r.toml["work_experience"][1]["note"]) ==
          "Date: Fall 2019\nTaught COMP 2140 *Data Structures*.");
    CHECK(has_warning(r.outcome, "\"Fall 2019\" is not a date", 25));
    CHECK(str(r.toml["publications"][0]["authors"][0]) == "Aiyana O'Neill");
    // Text, then entries: two sections of the same title.
    CHECK(str(r.toml["sections"][0]["title"]) == "Teaching Notes");
    CHECK(r.toml["sections"][0]["text"]);
    CHECK(str(r.toml["sections"][1]["title"]) == "Teaching Notes");
    CHECK(str(r.toml["sections"][1]["entries"][1]["location"]) == "University of Manitoba");
}

TEST_CASE("RenderCV sections under other titles become typed sections under those titles",
          "[import]") {
    const Imported r = import_text(
        "cv:\n  name: A\n  sections:\n    work_experience:\n"
        "      - {company: C, position: P, date: 2019-09}\n"
        "      - {company: C2, position: P2}\n    studies:\n"
        "      - {institution: I, area: X}\n    experience:\n"
        "      - {company: D, position: Q}\n    Data Science Experience:\n"
        "      - {company: E, position: R}\n",
        "r.yaml");
    CHECK(str(r.toml["experience"][0]["organization"]) == "D");
    CHECK(str(r.toml["work_experience"][1]["organization"]) == "C2");
    CHECK(str(r.toml["studies"][0]["institution"]) == "I");
    CHECK(str(r.toml["data_science_experience"][0]["organization"]) == "E");
    CHECK(str(r.toml["section"]["work_experience"]["kind"]) == "experience");
    CHECK(str(r.toml["section"]["work_experience"]["heading"]) == "Work Experience");
    CHECK(str(r.toml["section"]["studies"]["kind"]) == "education");
    CHECK(str(r.toml["section"]["data_science_experience"]["heading"]) ==
          "Data Science Experience");
    CHECK_FALSE(r.toml["section"]["experience"]);  // the built-in section under its own title
    // Each keeps its heading: nothing to warn about.
    CHECK_FALSE(has_warning(r.outcome, "imported into [[experience]]"));
}

TEST_CASE("RenderCV's single date of a job prints as that date", "[import]") {
    const Imported r = import_text(
        "cv:\n  name: A\n  sections:\n    experience:\n"
        "      - {company: C, position: P, date: 2019-09}\n",
        "r.yaml");
    CHECK(str(r.toml["experience"][0]["end"]) == "2019-09");
    CHECK_FALSE(r.toml["experience"][0]["start"]);
}

TEST_CASE("a RenderCV job with a blank position is a custom entry, not an invalid cv.toml",
          "[import]") {
    const Imported r = import_text(
        "cv:\n  name: A\n  sections:\n    experience:\n"
        "      - {company: Acme, position: '', start_date: 2020-01}\n",
        "r.yaml");
    CHECK_FALSE(r.toml["experience"]);
    CHECK(str(r.toml["sections"][0]["entries"][0]["title"]) == "Acme");
    // Its start is the custom entry's `start`: printed "Jan. 2020 – Present", as before.
    CHECK(str(r.toml["sections"][0]["entries"][0]["start"]) == "2020-01");
    CHECK(has_warning(r.outcome, "a blank institution, area, company or position"));
}

TEST_CASE("blank authors and titles never reach [[publications]]", "[import]") {
    const Imported r = import_text(
        "cv:\n  name: A\n  sections:\n    publications:\n"
        "      - {title: T, authors: [A, '', '****'], journal: J, date: 2020}\n"
        "      - {title: ' ', authors: [A], journal: J, date: 2021}\n",
        "r.yaml");
    CHECK(r.toml["publications"].as_array()->size() == 1);
    CHECK(r.toml["publications"][0]["authors"].as_array()->size() == 1);
    CHECK(has_warning(r.outcome, "a publication without a title"));
}

TEST_CASE("a DOI or URL cv.toml's links refuse goes to the note", "[import]") {
    const Imported r = import_text(
        "cv:\n  name: A\n  sections:\n    publications:\n"
        "      - {title: T, authors: [A], journal: J, date: 2020, doi: '2020', url: x}\n"
        "    talks:\n      - {label: '', details: D}\n",
        "r.yaml");
    CHECK_FALSE(r.toml["publications"][0]["links"]);
    CHECK(str(r.toml["publications"][0]["note"]) == "DOI: 2020\nURL: x");
    CHECK(has_warning(r.outcome, "is not a link cv.toml takes", 5));
    CHECK(str(r.toml["sections"][0]["entries"][0]["title"]) == "(untitled)");
}

TEST_CASE("RenderCV sections named like a typed section of cv.toml go there when they fit",
          "[import]") {
    const Imported r = import_text(
        "cv:\n  name: A\n  sections:\n"
        "    technical_skills:\n"
        "      - {label: Languages, details: 'C++, Python,  Go'}\n"
        "      - {label: Tools, details: 'git, ,make'}\n"
        "    languages:\n      - {label: English, details: Native}\n"
        "    Projects:\n"
        "      - {name: P, date: 2020, location: Home, url: not a url, summary: S}\n"
        "    skills:\n      - {label: Core, details: '**C++**'}\n"
        "    selected_projects:\n      - {label: X, details: Y}\n"
        "    summary:\n      - I build *things*.\n      - Twice.\n"
        "    about_me:\n      - More.\n",
        "r.yaml");
    // The details are one keyword, as written.
    CHECK(str(r.toml["skills"][0]["name"]) == "Languages");
    CHECK(str(r.toml["skills"][0]["keywords"][0]) == "C++, Python,  Go");
    CHECK(str(r.toml["skills"][1]["keywords"][0]) == "git, ,make");
    CHECK(has_warning(r.outcome, "\"Technical Skills\" is imported into [[skills]]"));
    CHECK(str(r.toml["languages"][0]["language"]) == "English");
    CHECK(str(r.toml["languages"][0]["fluency"]) == "Native");
    // A single date is the end; what projects have no key for goes to the description.
    CHECK(str(r.toml["projects"][0]["end"]) == "2020");
    CHECK(str(r.toml["projects"][0]["description"]) == "S\nLocation: Home\nURL: not a url");
    CHECK_FALSE(has_warning(r.outcome, "\"Projects\" is imported"));
    // Markdown in a skill stays Markdown in a custom section; one-line entries are no projects.
    const auto sections = r.toml["sections"];
    CHECK(str(sections[0]["title"]) == "Skills");
    CHECK(str(sections[0]["entries"][0]["text"]) == "**C++**");
    CHECK(str(sections[1]["title"]) == "Selected Projects");
    // Text under "Summary" is the person's summary, Markdown kept; a second one stays a section.
    CHECK(str(r.toml["person"]["summary"]) == "I build *things*.\nTwice.");
    CHECK(str(sections[2]["title"]) == "About Me");
}
