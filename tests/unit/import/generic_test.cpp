#include "import/generic.h"

#include "import_support.h"

namespace mkcv {
using namespace test;

TEST_CASE("a bamos-style YAML is not JSON Resume but a schema of its own", "[import]") {
    const Imported r = import_fixture("generic-bamos.yaml");
    CHECK(r.outcome.format == ImportFormat::Generic);
    CHECK(str(r.toml["person"]["name"]) == "Lukas Brenner");
    CHECK(str(r.toml["person"]["email"]) == "lukas.brenner@example.de");
    CHECK(str(r.toml["education"][0]["institution"]) == "Technische Universität München");
    CHECK(str(r.toml["education"][0]["start"]) == "2016");
    CHECK(str(r.toml["education"][0]["end"]) == "2021");
    CHECK(str(r.toml["education"][0]["note"]).find("Advisor: Prof. Anja Keller") !=
          std::string::npos);
    CHECK(str(r.toml["skills"][1]["name"]) == "Robotics");
    CHECK(str(r.toml["languages"][2]["language"]) == "French");
    CHECK(r.toml["awards"][0]["year"].value<int64_t>() == 2018);
    // The layout list is the tool's, kept and not printed.
    CHECK(str(r.toml["extra"]["order"][1][1]) == "Research Experience");
}

TEST_CASE("a professor's own schema: positions, papers, honors by name", "[import]") {
    const Imported r = import_fixture("generic-professor.yaml");
    CHECK(str(r.toml["person"]["name"]) == "Prof. Dr. Hélène Marchand");
    // First in [person], as in every cv.toml, though the source has it after `bio`.
    CHECK(r.outcome.toml->find("\nname = ") < r.outcome.toml->find("\nsummary = "));
    CHECK(str(r.toml["person"]["location"]["address"]) == "4 place Jussieu");
    CHECK(str(r.toml["experience"][0]["organization"]) == "Sorbonne Université");
    CHECK(str(r.toml["experience"][0]["end"]) == "present");
    CHECK(str(r.toml["experience"][1]["start"]) == "2009");  // "2009-2015"
    CHECK(str(r.toml["experience"][2]["note"]) == "Date: spring term 2013");
    CHECK(has_warning(r.outcome, "\"spring term 2013\" is not a date", 22));
    CHECK(str(r.toml["education"][0]["degree"]) == "PhD");
    CHECK(str(r.toml["education"][0]["field"]) == "Computer Science");
    CHECK(str(r.toml["publications"][0]["venue"]) == "Computational Linguistics");
    CHECK(str(r.toml["publications"][1]["authors"][0]) == "H. Marchand");
    CHECK(str(r.toml["awards"][1]["date"]) == "2022-06");
    CHECK(str(r.toml["extra"]["x-generator"]) == "hm-cv-tool 2.1");
}

TEST_CASE("the generic importer maps synonyms and shapes", "[import]") {
    const Imported r = import_text(R"(
author: {given: Ana, family: Lima}
contact: {mail: ana@example.org, tel: "+55 11 5555"}
work:
  - employer: Acme
    job_title: Engineer
    start_date: 2020-01
    end_date: 2019-01
  - just a line
skills: {Programming: [C++, Go], Design: Figma}
)",
                                   "own.yaml");
    CHECK(str(r.toml["person"]["name"]) == "Ana Lima");
    CHECK(str(r.toml["person"]["email"]) == "ana@example.org");
    CHECK(str(r.toml["person"]["phone"]) == "+55 11 5555");
    CHECK(str(r.toml["experience"][0]["organization"]) == "Acme");
    CHECK(str(r.toml["experience"][0]["role"]) == "Engineer");
    CHECK(has_warning(r.outcome, "before it starts"));  // the end goes to the note
    CHECK(str(r.toml["sections"][0]["items"][0]) == "just a line");
    CHECK(str(r.toml["skills"][0]["keywords"][1]) == "Go");
    CHECK(str(r.toml["skills"][1]["level"]) == "Figma");
}

TEST_CASE("a file that is a list, or has no name, still imports", "[import]") {
    const Imported list = import_text("[1, 2, 3]", "list.json");
    CHECK(list.outcome.format == ImportFormat::Generic);
    CHECK(str(list.toml["person"]["name"]) == "Your Name");
    CHECK(str(list.toml["sections"][0]["items"][2]) == "[2]: 3");
}

TEST_CASE("a LaTeX-flavoured schema of one's own imports as markup, not macros", "[import]") {
    const Imported r = import_text(R"(name: Jan Novák
positions:
  - position: Professor
    institution: \href{https://uni.example.cz}{Charles University}
    years: 2015 -- present
    notes: Head of the \textit{Logic} group \& its \emph{seminar}.
talks:
  - title: '``Proofs as programs'''''
    event: \textbf{LICS} keynote \cite{x}
    date: 2024-05-21
)",
                                   "own.yaml");
    // A plain field keeps the link's words and address; a prose field gets the link itself.
    CHECK(str(r.toml["experience"][0]["organization"]) ==
          "Charles University (https://uni.example.cz)");
    CHECK(str(r.toml["experience"][0]["note"]) == "Head of the *Logic* group & its *seminar*.");
    CHECK(str(r.toml["talks"][0]["title"]) == "\u201CProofs as programs\u201D");
    CHECK(str(r.toml["talks"][0]["event"]) == "LICS keynote \\cite{x}");
    CHECK(str(r.toml["talks"][0]["date"]) == "2024-05-21");
    // At the line of the source's value that holds it.
    CHECK(has_warning(r.outcome, "the LaTeX macro \\cite is not one mkcv reads", 9));
    CHECK(r.outcome.toml->find("textit") == std::string::npos);
}

TEST_CASE("the source's own title makes a built-in kind a typed section", "[import]") {
    const Imported r = import_text(R"(name: Ana Lima
order:
  - [appointments, Industry Experience]
  - [positions, Experience]
appointments:
  - company: Acme
    position: Engineer
    dates: 2020 -- 2022
positions:
  - company: Uni
    position: Lecturer
    dates: 2022 -- present
)",
                                   "own.yaml");
    CHECK(str(r.toml["section"]["industry_experience"]["kind"]) == "experience");
    CHECK(str(r.toml["section"]["industry_experience"]["heading"]) == "Industry Experience");
    CHECK(str(r.toml["industry_experience"][0]["organization"]) == "Acme");
    // A title that is mkcv's own heading for the kind: the built-in section.
    CHECK(str(r.toml["experience"][0]["organization"]) == "Uni");
}

TEST_CASE("the source's order is the order the long CV and the homepage print", "[import]") {
    const Imported r = import_text(R"(name: Ana Lima
order:
  - [appointments, Industry Experience]
  - [colloquia, Colloquia]
  - [positions, Experience]
  - [schooling, Education]
appointments:
  - company: Acme
    position: Engineer
    dates: 2020 -- 2022
positions:
  - company: Uni
    position: Lecturer
    dates: 2022 -- present
colloquia:
  - title: Rewriting made easy
    event: Oberwolfach workshop
    date: 2022-03
schooling:
  - school: Uni
    degree: PhD
    dates: 2015 -- 2019
hobbies: [chess]
)",
                                   "own.yaml");
    for (const char* name : {"long", "homepage"}) {
        INFO(name);
        const auto* order = r.toml["templates"][name]["order"].as_array();
        REQUIRE(order);
        std::vector<std::string> names;
        for (const auto& item : *order)
            names.push_back(item.value_or(std::string()));
        // The source's sections first, in its order; then every other section, so that none
        // (the custom section of hobbies, a summary added later) is left out.
        REQUIRE(names.size() > 4);
        CHECK(names[0] == "industry_experience");
        CHECK(names[1] == "colloquia");
        CHECK(names[2] == "experience");
        CHECK(names[3] == "education");
        for (const char* rest : {"summary", "publications", "talks", "sections", "skills"})
            CHECK(std::count(names.begin(), names.end(), rest) == 1);
    }
    // An order that is the usual one for the sections the CV has: nothing written.
    const Imported usual = import_text(R"(name: Ana Lima
order:
  - [schooling, Education]
  - [positions, Experience]
positions:
  - company: Uni
    position: Lecturer
    dates: 2022 -- present
schooling:
  - school: Uni
    degree: PhD
    dates: 2015 -- 2019
)",
                                       "own.yaml");
    CHECK_FALSE(usual.toml["templates"]);
    // Custom sections print as one block: it moves only when the order names each of them
    // (above, the hobbies it does not name kept it at the end).
    const Imported custom = import_text(R"(name: Ana Lima
order:
  - [coursework, Graduate Coursework]
  - [schooling, Education]
coursework: [Logic, Algebra]
schooling:
  - school: Uni
    degree: PhD
    dates: 2015 -- 2019
)",
                                        "own.yaml");
    const auto* moved = custom.toml["templates"]["long"]["order"].as_array();
    REQUIRE(moved);
    CHECK(moved->at(0).value_or(std::string()) == "sections");
    CHECK(moved->at(1).value_or(std::string()) == "education");
    // The order names one custom section of two: the block stays at the end, and is there.
    const Imported kept = import_text(R"(name: Ana Lima
order:
  - [coursework, Graduate Coursework]
  - [positions, Experience]
  - [schooling, Education]
coursework: [Logic, Algebra]
hobbies: [chess]
positions:
  - company: Uni
    position: Lecturer
    dates: 2022 -- present
schooling:
  - school: Uni
    degree: PhD
    dates: 2015 -- 2019
)",
                                      "own.yaml");
    const auto* at_end = kept.toml["templates"]["long"]["order"].as_array();
    REQUIRE(at_end);
    CHECK(at_end->at(0).value_or(std::string()) == "experience");
    CHECK(at_end->back().value_or(std::string()) == "sections");
    // A key that is no plain word (its summary path is `["Visiting Posts"][0]…`), named
    // twice, and a key the order names that the file does not have.
    const Imported quoted = import_text(R"(name: Ana Lima
order:
  - [Visiting Posts, Visiting Posts]
  - [missing, Nothing]
  - [Visiting Posts, Again]
  - [schooling, Education]
Visiting Posts:
  - role: Visiting Scholar
    lab: INRIA Saclay
    dates: 2019 -- 2020
schooling:
  - school: Uni
    degree: PhD
    dates: 2015 -- 2019
)",
                                        "own.yaml");
    const auto* spaced = quoted.toml["templates"]["long"]["order"].as_array();
    REQUIRE(spaced);
    CHECK(spaced->at(0).value_or(std::string()) == "visiting_posts");
    CHECK(spaced->at(1).value_or(std::string()) == "education");
}

TEST_CASE("teaching, service and grants by name, and teaching and grants by shape", "[import]") {
    const Imported r = import_text(R"(name: Ana Lima
teaching:
  - course: Logic I
    role: Lecturer
    university: Uni Porto
    terms: [Fall 2021, Fall 2022]
  - course: Algebra
    role: Teaching Assistant
    school: Uni Lisboa
    semester: Spring 2019
service:
  - role: Reviewer
    venue: LICS
    year: 2023
  - role: Program Committee Member
    conference: CSL 2024
grants:
  - title: Proofs at Scale
    agency: FCT
    amount: EUR 150,000
    role: PI
    dates: 2022 -- 2025
lectures:
  - course: Type Theory
    role: Guest Lecturer
    institution: INRIA
    term: Winter 2020
fellowships:
  - title: Marie Curie Fellowship
    funder: European Commission
    dates: 2019 -- 2021
)",
                                   "own.yaml");
    CHECK(str(r.toml["teaching"][0]["course"]) == "Logic I");
    CHECK(str(r.toml["teaching"][0]["institution"]) == "Uni Porto");
    CHECK(str(r.toml["teaching"][0]["terms"][1]) == "Fall 2022");
    CHECK(str(r.toml["teaching"][1]["role"]) == "Teaching Assistant");
    CHECK(str(r.toml["teaching"][1]["terms"][0]) == "Spring 2019");
    CHECK(str(r.toml["service"][0]["role"]) == "Reviewer");
    CHECK(str(r.toml["service"][0]["organization"]) == "LICS");
    CHECK(str(r.toml["service"][0]["end"]) == "2023");  // one date: when it was
    CHECK(str(r.toml["service"][1]["organization"]) == "CSL 2024");
    CHECK(str(r.toml["grants"][0]["title"]) == "Proofs at Scale");
    CHECK(str(r.toml["grants"][0]["funder"]) == "FCT");
    CHECK(str(r.toml["grants"][0]["amount"]) == "EUR 150,000");
    CHECK(str(r.toml["grants"][0]["role"]) == "PI");
    CHECK(str(r.toml["grants"][0]["end"]) == "2025");
    // Keys that name no kind, with a course's or a grant's shape: typed sections.
    CHECK(str(r.toml["section"]["lectures"]["kind"]) == "teaching");
    CHECK(str(r.toml["lectures"][0]["course"]) == "Type Theory");
    CHECK(str(r.toml["lectures"][0]["terms"][0]) == "Winter 2020");
    CHECK(str(r.toml["section"]["fellowships"]["kind"]) == "grants");
    CHECK(str(r.toml["fellowships"][0]["funder"]) == "European Commission");
    CHECK_FALSE(r.toml["sections"]);
}

TEST_CASE("a teaching entry without its role stays whole in a custom section", "[import]") {
    const Imported r = import_text(R"(name: Ana Lima
teaching:
  - course: Logic I
    university: Uni Porto
    terms: [Fall 2021]
)",
                                   "own.yaml");
    CHECK_FALSE(r.toml["teaching"]);
    CHECK(str(r.toml["sections"][0]["title"]) == "Teaching");
    CHECK(r.outcome.toml->find("Uni Porto") != std::string::npos);
    CHECK(r.outcome.toml->find("Fall 2021") != std::string::npos);
}

TEST_CASE("a list of entries of one kind's shape under a key of no kind is typed", "[import]") {
    const Imported r = import_text(R"(name: Ana Lima
visiting:
  - role: Visiting Scholar
    lab: INRIA Saclay
    dates: 2019 -- 2020
colloquia:
  - title: Rewriting made easy
    event: Oberwolfach workshop
    date: 2022-03
miscellany:
  - title: Rewriting made easy
    event: Oberwolfach workshop
    date: 2022-03
  - title: A poster
)",
                                   "own.yaml");
    // The section's title made from its key is the heading of a typed section of the kind.
    CHECK(str(r.toml["section"]["visiting"]["kind"]) == "experience");
    CHECK(str(r.toml["section"]["visiting"]["heading"]) == "Visiting");
    CHECK(str(r.toml["visiting"][0]["organization"]) == "INRIA Saclay");
    CHECK(str(r.toml["visiting"][0]["start"]) == "2019");
    CHECK(str(r.toml["section"]["colloquia"]["kind"]) == "talks");
    CHECK(str(r.toml["colloquia"][0]["event"]) == "Oberwolfach workshop");
    CHECK(str(r.toml["colloquia"][0]["date"]) == "2022-03");
    // Entries of different shapes: a custom section, every value kept.
    CHECK(str(r.toml["sections"][0]["title"]) == "Miscellany");
    CHECK(str(r.toml["sections"][0]["entries"][1]["title"]) == "A poster");
}

}  // namespace mkcv
