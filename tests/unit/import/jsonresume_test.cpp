#include "import/jsonresume.h"

#include <filesystem>
#include <fstream>

#include "import_support.h"

using namespace mkcv;
using namespace mkcv::test;

TEST_CASE("JSON Resume basics become [person]", "[import]") {
    const Imported r = import_fixture("jsonresume.json");
    const auto person = r.toml["person"];
    CHECK(str(person["name"]) == "Ingrid Halvorsen");
    CHECK(str(person["position"]) == "Marine Data Engineer");
    CHECK(str(person["email"]) == "ingrid.halvorsen@example.org");
    CHECK(str(person["homepage"]) == "https://ingrid.example.org");
    CHECK(str(person["location"]["address"]) == "Strandgaten 12");
    CHECK(str(person["location"]["postal_code"]) == "5013");
    CHECK(str(person["location"]["city"]) == "Bergen");
    CHECK(str(person["location"]["region"]) == "Vestland");
    CHECK(str(person["location"]["country_code"]) == "NO");
    // Profiles of known networks keep their user name; the link is made from it.
    CHECK(str(person["profiles"][0]["network"]) == "GitHub");
    CHECK(str(person["profiles"][0]["username"]) == "ihalvorsen");
    CHECK(str(person["profiles"][1]["username"]) == "@ingrid@fosstodon.org");
    CHECK(str(person["profiles"][2]["network"]) == "ORCID");
    CHECK(str(person["profiles"][2]["username"]) == "0000-0002-1825-0097");
    CHECK(summary_has(r.outcome, "basics.profiles[2] (ORCID)", "person.profiles"));
    CHECK(summary_has(r.outcome, "basics.profiles[3] (Signal)", ".items"));
}

TEST_CASE("JSON Resume work becomes [[experience]], odd dates warn and stay visible", "[import]") {
    const Imported r = import_fixture("jsonresume.json");
    const auto work = r.toml["experience"];
    CHECK(str(work[0]["role"]) == "Senior Data Engineer");
    CHECK(str(work[0]["organization"]) == "Nordic Ocean Institute");
    CHECK(str(work[0]["start"]) == "2021-03-01");
    CHECK_FALSE(work[0]["end"]);
    CHECK(str(work[0]["highlights"][1]) == "Mentored four engineers");
    CHECK(str(work[0]["note"]).find("Website: https://noi.example.org") != std::string::npos);
    // An end before its start: imported, the end kept in the note, a warning at its line.
    CHECK(str(work[1]["start"]) == "2018-09");
    CHECK_FALSE(work[1]["end"]);
    CHECK(str(work[1]["note"]).find("Ended: 2017-02") != std::string::npos);
    CHECK(has_warning(r.outcome, "ends (2017-02) before it starts", 39));
    CHECK(summary_has(r.outcome, "work[1].description", "experience[1].note"));
    // Free text: "Sept. 2015" is read, "summer 2016" kept as written.
    CHECK(str(work[2]["start"]) == "2015-09");
    CHECK(str(work[2]["note"]) == "Ended: summer 2016");
    CHECK(has_warning(r.outcome, "\"summer 2016\" is not a date", 47));
}

TEST_CASE("JSON Resume education, awards and the sections cv.toml lacks", "[import]") {
    const Imported r = import_fixture("jsonresume.json");
    CHECK(str(r.toml["education"][0]["degree"]) == "Master of Science");
    CHECK(str(r.toml["education"][0]["field"]) == "Physical Oceanography");
    CHECK(str(r.toml["education"][0]["highlights"][0]) == "GEOF310 Ocean Dynamics");
    // Dates keep their month and day in `date`; an award without one is undated.
    CHECK(str(r.toml["awards"][0]["date"]) == "2020-11-01");
    CHECK(str(r.toml["awards"][1]["date"]) == "2016-10");  // "Oct 2016"
    CHECK_FALSE(r.toml["awards"][1]["year"]);
    CHECK(summary_has(r.outcome, "awards[1].date \"Oct 2016\"", "awards[1].date"));
    CHECK(str(r.toml["awards"][2]["title"]) == "Hackathon Winner");
    CHECK_FALSE(r.toml["awards"][2]["year"]);
    CHECK_FALSE(r.toml["awards"][2]["date"]);
    // The summary is person.summary; publications are [[publications]] without authors.
    CHECK(str(r.toml["person"]["summary"]).rfind("Builds pipelines", 0) == 0);
    const auto paper = r.toml["publications"][0];
    CHECK(str(paper["kind"]) == "other");
    CHECK_FALSE(paper["authors"]);
    CHECK(str(paper["venue"]) == "Journal of Marine Informatics");
    CHECK(str(paper["date"]) == "2022-02");
    CHECK(str(paper["links"]["link"]) == "https://doi.example.org/10.5555/jmi.2022.7");
    std::vector<std::string> titles;
    for (const auto& section : *r.toml["sections"].as_array())
        titles.push_back(str(toml::node_view<const toml::node>(section)["title"]));
    CHECK(titles == std::vector<std::string>{"Profiles", "Other imported data"});
    CHECK(summary_has(r.outcome, "meta", "not imported"));
    // basics.image has no field yet: listed, with a warning, not dropped.
    CHECK(summary_has(r.outcome, "basics.image", "sections[1].items[0]"));
    // JSON Resume's own sections are cv.toml's, key by key.
    CHECK(str(r.toml["skills"][0]["level"]) == "Expert");
    CHECK(str(r.toml["skills"][0]["keywords"][1]) == "Spark");
    CHECK(str(r.toml["languages"][1]["fluency"]) == "Fluent");
    CHECK(str(r.toml["interests"][0]["keywords"][0]) == "Coastal cruising");
    CHECK(str(r.toml["references"][0]["name"]) == "Dr. Per Olsen");
    CHECK(str(r.toml["projects"][0]["roles"][1]) == "Author");
    CHECK(str(r.toml["projects"][0]["type"]) == "application");
    CHECK(str(r.toml["projects"][0]["end"]) == "2020-06");
    CHECK(str(r.toml["volunteer"][0]["position"]) == "Coordinator");
    CHECK(str(r.toml["certificates"][0]["date"]) == "2022-05-10");
    CHECK(summary_has(r.outcome, "projects[0].keywords", "projects[0].keywords"));
}

TEST_CASE("a résumé entry that its typed section cannot take keeps its values", "[import]") {
    const Imported r = import_text(R"({"basics": {"name": "Ana"},
        "projects": [{"description": "No name", "url": "ftp//x", "keywords": ["Go"]},
                     {"name": "P", "url": "not a link", "startDate": "2020", "endDate": "2019"}],
        "certificates": [{"name": "C", "date": "soon"}, {"name": "D", "url": "nope"}],
        "volunteer": [{"position": "Mentor"}],
        "references": [{"name": "R"}],
        "languages": [{"name": "Deutsch", "fluency": "C1"}]})");
    // No name, no date that is one, no text: the custom section of old, with a warning.
    CHECK(str(r.toml["sections"][0]["title"]) == "Projects");
    CHECK(str(r.toml["sections"][0]["entries"][0]["title"]) == "(untitled)");
    CHECK(str(r.toml["sections"][0]["entries"][0]["text"]).find("Keywords: Go") !=
          std::string::npos);
    CHECK(str(r.toml["projects"][0]["name"]) == "P");
    CHECK(str(r.toml["projects"][0]["description"]) == "Website: not a link\nEnded: 2019");
    CHECK(str(r.toml["projects"][0]["start"]) == "2020");
    CHECK(str(r.toml["sections"][1]["title"]) == "Certificates");
    CHECK(str(r.toml["sections"][1]["entries"][0]["date"]) == "soon");
    CHECK(str(r.toml["certificates"][0]["name"]) == "D");
    CHECK_FALSE(r.toml["certificates"][0]["url"]);
    CHECK(str(r.toml["sections"][2]["title"]) == "Volunteering");
    CHECK(str(r.toml["sections"][3]["title"]) == "References");
    CHECK(str(r.toml["languages"][0]["language"]) == "Deutsch");  // an old file's `name`
    // The refused URL of a certificate waits in "Other imported data".
    CHECK(str(r.toml["sections"][4]["title"]) == "Other imported data");
    CHECK(has_warning(r.outcome, "a project without a name, which [[projects]] needs"));
}

TEST_CASE("a JSON Resume value per language keeps every language", "[import]") {
    const Imported r = import_text(
        R"({"basics": {"name": "Ana", "label": {"en": "Engineer", "pt": "Engenheira"}}})");
    CHECK(str(r.toml["person"]["position"]) == "Engineer");
    CHECK(str(r.toml["sections"][0]["title"]) == "Translations");
    CHECK(str(r.toml["sections"][0]["items"][0]) == "basics.label [pt]: Engenheira");
    CHECK(has_warning(r.outcome, "a value per language"));
}

TEST_CASE("a wrong type in JSON Resume is a warning at its position, kept as text", "[import]") {
    const Imported r = import_text("{\"basics\": {\n  \"name\": 42\n}}", "bad.json");
    CHECK_FALSE(r.outcome.diagnostics.has_errors());
    const Diagnostic& d = r.outcome.diagnostics.items().front();
    CHECK(d.severity == Severity::Warning);
    CHECK(d.pos.line == 2);
    CHECK(d.pos.column == 11);
    CHECK(d.message.rfind("basics.name: expected text, found a number", 0) == 0);
    // The number is kept; the name is a placeholder to replace, with its own warning.
    CHECK(str(r.toml["person"]["name"]) == "Your Name");
    CHECK(has_warning(r.outcome, "no name found"));
    CHECK(str(r.toml["sections"][0]["items"][0]) == "basics.name: 42");
}

TEST_CASE("references of a wrong type do not refuse the file", "[import]") {
    const Imported r = import_text(R"({"basics":{"name":"X"},"references":0})");
    CHECK(has_warning(r.outcome, "references: expected a list, found a number", 1));
    CHECK(str(r.toml["person"]["name"]) == "X");
    CHECK(str(r.toml["sections"][0]["items"][0]) == "references: 0");
}

TEST_CASE("extension fields go to extra, not to a printed section", "[import]") {
    const Imported r = import_text(
        R"({"basics":{"name":"X","x-p":{"a":1,"b":[true,"t"]}},"work":[{"name":"O","position":"R","x-factIds":["f1","f2"]}],"x-top":"v"})");
    CHECK(r.toml["extra"]["basics.x-p"]["a"].value<int64_t>() == 1);
    CHECK(r.toml["extra"]["basics.x-p"]["b"][0].value<bool>() == true);
    CHECK(str(r.toml["extra"]["work[0].x-factIds"][1]) == "f2");
    CHECK(str(r.toml["extra"]["x-top"]) == "v");
    CHECK_FALSE(r.toml.contains("sections"));
}

TEST_CASE("the language comes from the source's own field", "[import]") {
    const auto language = [](const std::string& text, const std::string& file) {
        const Imported r = import_text(text, file);
        return str(r.toml["locale"]["language"]);
    };
    CHECK(language(R"({"basics":{"name":"X"},"meta":{"language":"pt_BR"}})", "a.json") == "pt-BR");
    CHECK(language(R"({"basics":{"name":"X"},"language":"de"})", "a.json") == "de");
    CHECK(language("cv:\n  name: X\nlocale:\n  language: turkish\n", "r.yaml") == "tr");
    CHECK(language("content:\n  basics:\n    name: X\nlocale:\n  language: zh-hans\n", "y.yaml") ==
          "zh-Hans");
    // The field wins over the script.
    CHECK(language(R"({"basics":{"name":"Иван"},"meta":{"language":"uk"}})", "a.json") == "uk");
    CHECK(language(R"({"basics":{"name":"Иван"}})", "a.json") == "ru");
    CHECK(language(R"({"basics":{"name":"Ana"}})", "a.json") == "<missing>");
}

TEST_CASE("YAMLResume maps like JSON Resume, with its own keys", "[import]") {
    const Imported r = import_fixture("yamlresume.yaml");
    CHECK(r.outcome.format == ImportFormat::YamlResume);
    CHECK(str(r.toml["person"]["position"]) == "Product Designer");
    CHECK(str(r.toml["person"]["location"]["address"]) == "12 Orchard Road");
    CHECK(str(r.toml["person"]["location"]["postal_code"]) == "238826");
    CHECK(str(r.toml["education"][0]["degree"]) == "Bachelor");
    CHECK(str(r.toml["education"][0]["field"]) == "Industrial Design");
    CHECK(str(r.toml["education"][0]["start"]) == "2012-08");
    CHECK(str(r.toml["experience"][0]["start"]) == "2020-03");
    CHECK(str(r.toml["experience"][0]["note"]).find("Keywords: Figma, Accessibility") !=
          std::string::npos);
    CHECK(str(r.toml["awards"][0]["date"]) == "2021-11");  // "Nov 2021"
    CHECK(summary_has(r.outcome, "layouts", "not imported"));
}

TEST_CASE("a profile whose URL cv.toml refuses stays as text, with a warning", "[import]") {
    const Imported r = import_text(
        R"({"basics": {"name": "A", "profiles": [{"network": "Web", "url": "ftp://x y"}]}})");
    CHECK_FALSE(r.toml["person"]["links"]);
    CHECK(str(r.toml["sections"][0]["items"][0]) == "Web (ftp://x y)");
    CHECK(has_warning(r.outcome, "is not a link cv.toml takes"));
}

TEST_CASE("blank values are absent, and what cv.toml refuses waits in a custom section",
          "[import]") {
    const Imported r = import_text(
        R"({"basics": {"name": "A", "url": "my site", "label": "  "},
            "work": [{"name": "", "position": "Dev"}],
            "education": [{"institution": " ", "studyType": "BSc"}]})");
    CHECK_FALSE(r.toml["person"]["position"]);
    CHECK_FALSE(r.toml["person"]["homepage"]);
    CHECK_FALSE(r.toml["experience"]);
    CHECK_FALSE(r.toml["education"]);
    CHECK(summary_has(r.outcome, "basics.label", "not imported: blank"));
    CHECK(has_warning(r.outcome, "has no place in cv.toml"));
    CHECK(r.outcome.toml->find("basics.url: my site") != std::string::npos);
}

TEST_CASE("older JSON Resume keys, per-language values, an unnamed job", "[import]") {
    const Imported r = import_fixture("jsonresume-older.json");
    CHECK(str(r.toml["person"]["position"]) == "Agricultural Economist");
    CHECK(str(r.toml["person"]["homepage"]) == "https://kmensah.example.org");
    CHECK(str(r.toml["person"]["profiles"][0]["network"]) == "Google Scholar");
    CHECK(str(r.toml["person"]["profiles"][0]["username"]) == "kMensah01");
    CHECK(str(r.toml["experience"][0]["organization"]) == "International Food Policy Lab");
    CHECK(str(r.toml["experience"][0]["end"]) == "present");
    CHECK(str(r.toml["education"][1]["degree"]) == "Economics");
    CHECK(has_warning(r.outcome, "a job without a name or a position", 24));
    CHECK(r.outcome.toml->find("basics.summary [fr]: Étudie") != std::string::npos);
    CHECK(r.outcome.toml->find("favouriteColour: green") != std::string::npos);
}

TEST_CASE("a photo and profiles: a relative image path is kept, a URL is not", "[import]") {
    // The photo is looked for beside the cv.toml being written, as the build will.
    TempDir dir;
    std::filesystem::create_directories(dir.path / "pictures");
    std::ofstream(dir.path / "pictures/ada.jpg", std::ios::binary)
        << std::string("\xFF\xD8\xFF\xE0 a JPEG", 12);
    const std::string json = R"({"basics": {"name": "Ada", "image": "pictures/ada.jpg",
        "profiles": [{"network": "ORCID", "username": "0000-0002-1825-0098"},
                     {"network": "orcid", "username": "0000-0002-1825-0097"},
                     {"network": "Stack Overflow", "username": "123"},
                     {"username": "ada", "url": "https://example.org/ada"}]}})";
    const ImportOutcome there =
        import_cv("in.json", json, std::nullopt, (dir.path / "cv.toml").string());
    REQUIRE(there.toml);
    const toml::table r_toml = toml::parse(*there.toml);
    CHECK(str(r_toml["person"]["photo"]) == "pictures/ada.jpg");
    CHECK(summary_has(there, "basics.image", "person.photo"));
    // Not there yet: a comment that becomes the key once the # goes, and a warning; the
    // cv.toml still builds.
    const Imported r = import_text(json);
    CHECK_FALSE(r.toml["person"]["photo"]);
    CHECK(r.outcome.toml->find("# photo = \"pictures/ada.jpg\"\nname = \"Ada\"") !=
          std::string::npos);
    CHECK(has_warning(r.outcome, "the photo \"pictures/ada.jpg\" is not beside cv.toml"));
    const auto person = r.toml["person"];
    // A wrong check digit: the iD is not a username cv.toml takes; with a link made by the
    // importer it is the label, so nothing is lost and cv.toml validates.
    CHECK(str(person["profiles"][0]["label"]) == "0000-0002-1825-0098");
    CHECK(str(person["profiles"][0]["url"]) == "https://orcid.org/0000-0002-1825-0098");
    CHECK(str(person["profiles"][1]["username"]) == "0000-0002-1825-0097");
    CHECK(str(person["profiles"][2]["url"]) == "https://stackoverflow.com/users/123");
    CHECK(str(person["profiles"][3]["label"]) == "ada");
    CHECK(summary_has(r.outcome, "basics.profiles[1] (orcid)", "person.profiles"));

    const Imported remote =
        import_text(R"({"basics": {"name": "Ada", "image": "https://example.org/ada.jpg"}})");
    CHECK_FALSE(remote.toml["person"]["photo"]);
    const Imported absolute = import_text(R"({"basics": {"name": "Ada", "image": "/etc/passwd"}})");
    CHECK_FALSE(absolute.toml["person"]["photo"]);
}

// Degree and field stay apart in cv.toml; the locale joins them (context_builder_test).
TEST_CASE("a Russian or Japanese CV gets its language and no English join", "[import]") {
    const Imported ru = import_fixture("jsonresume-russian.json");
    CHECK(str(ru.toml["locale"]["language"]) == "ru");
    CHECK(has_warning(ru.outcome, "is a guess; confirm it"));
    CHECK(str(ru.toml["education"][0]["degree"]) == "Бакалавриат");
    CHECK(str(ru.toml["education"][0]["field"]) == "Информатика");
    CHECK(str(ru.toml["person"]["location"]["address"]) == "ул. Пирогова, д. 2, кв. 15");
    CHECK(str(ru.toml["extra"]["work[0].x-factIds"][2]) == "vs-02aa17");
    const Imported ja = import_fixture("jsonresume-japanese.json");
    CHECK(str(ja.toml["locale"]["language"]) == "ja");
    CHECK(str(ja.toml["education"][0]["degree"]) == "修士");
    CHECK(str(ja.toml["education"][0]["field"]) == "情報理工学");
    const Imported th = import_fixture("jsonresume-thai.json");
    CHECK(str(th.toml["locale"]["language"]) == "th");
    // Ukrainian by its own letters, without the warning Russian gets; Hindi with one.
    const Imported uk = import_text(
        R"({"basics": {"name": "Олена Коваль", "label": "Інженерка-програмістка, Київ"}})");
    CHECK(str(uk.toml["locale"]["language"]) == "uk");
    CHECK_FALSE(has_warning(uk.outcome, "is a guess"));
    const Imported hi =
        import_text(R"({"basics": {"name": "अमित शर्मा", "label": "सॉफ्टवेयर इंजीनियर"}})");
    CHECK(str(hi.toml["locale"]["language"]) == "hi");
    CHECK(has_warning(hi.outcome, "written in Devanagari: [locale] language = \"hi\" is a guess"));
}

TEST_CASE("a note past the length cv.toml takes does not refuse the file", "[import]") {
    const std::string big(6000, 's');
    const Imported r = import_text(R"({"basics":{"name":"A"},"work":[{"name":"O","position":"R",)"
                                   R"("summary":")" +
                                   big + R"(","description":")" + big + R"("}]})");
    CHECK(str(r.toml["experience"][0]["note"]) == big);
    CHECK(str(r.toml["sections"][0]["items"][0]) == "experience[0].note: Description: " + big);
    CHECK(has_warning(r.outcome, "longer than the 10,000 bytes"));
}

TEST_CASE("YAMLResume's section aliases become the headings of their sections", "[import]") {
    const Imported r = import_text(R"(content:
  basics:
    name: Ana
  work:
    - name: Acme
      position: Engineer
layouts:
  - engine: latex
    sections:
      aliases:
        work: Employment
        education: Studies
        basics: About
)",
                                   "cv.yaml");
    CHECK_FALSE(r.outcome.diagnostics.has_errors());
    CHECK(r.toml["locale"]["headings"]["experience"].value<std::string>() == "Employment");
    CHECK(r.toml["locale"]["headings"]["education"].value<std::string>() == "Studies");
    CHECK_FALSE(r.toml["locale"]["headings"]["basics"]);
}
