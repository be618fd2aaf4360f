#include <algorithm>
#include <catch2/catch.hpp>

#include "cv/sections.h"
#include "test_support.h"

using namespace mkcv;
using mkcv::test::hints;
using mkcv::test::load_ok;
using mkcv::test::problems;
using Lines = std::vector<std::string>;

TEST_CASE("the seed cv.toml loads with every fact") {
    const Cv cv = load_ok(test::source_file("cv.toml"));
    CHECK(cv.person.name.value == "Yihao Zhao");
    CHECK(cv.person.native_name.value == "赵怡浩");
    CHECK(cv.research_interests.value.rfind("AI infrastructure", 0) == 0);
    REQUIRE(cv.education.size() == 2);
    CHECK(cv.education[0].dates->end->present);
    CHECK(cv.education[0].advisors.size() == 2);
    REQUIRE(cv.experience.size() == 4);
    CHECK(cv.experience[2].periods.size() == 2);
    CHECK(cv.experience[2].periods[1].end == PartialDate{2023, 10, 0, false});
    REQUIRE(cv.publications.size() == 9);
    CHECK(cv.publications[4].award.value == "Best Paper Award");
    CHECK(cv.publications[4].kind == PublicationKind::Workshop);
    // Links keep the order they were written in, though TOML tables are sorted by key.
    REQUIRE(cv.publications[8].links.size() == 2);
    CHECK(cv.publications[8].links[0].label.value == "paper");
    CHECK(cv.publications[8].links[1].label.value == "code");
    REQUIRE(cv.teaching.size() == 3);
    CHECK(cv.teaching[0].terms.size() == 2);
}

TEST_CASE("positions point at the value") {
    const Cv cv = load_ok("[person]\nname = \"Ada\"\n  email = \"a@b.c\"\n");
    CHECK(cv.person.email.pos.line == 3);
    CHECK(cv.person.email.pos.column == 11);
}

TEST_CASE("TOML syntax errors carry toml++'s position and a hint") {
    const auto lines = problems(
        "[person]\nname = \"Ada\"\n[[experience]]\nrole = \"R\"\norganization = \"O\"\nstart = "
        "2019-03\n");
    REQUIRE(lines.size() == 1);
    CHECK(lines[0].rfind("6:", 0) == 0);
    CHECK(hints("[person]\nname = \"A\"\n[[experience]]\nstart = 2019-03\n")[0] ==
          "TOML has no year-month value; write \"2019-03\"");
    CHECK(hints("[person]\nname = Ada\n")[0] == "strings need quotes: key = \"value\"");
    // LaTeX's escapes, and a quote inside a string (issue 39: the messages alone gave no way on).
    CHECK(hints("[person]\nname = \"SIGCOMM \\& NSDI\"\n")[0].find("write & % $ _ # as they are") !=
          std::string::npos);
    CHECK(hints("[person]\nname = \"The \"Best\" Paper\"\n")[0].find("use single quotes") !=
          std::string::npos);
}

TEST_CASE("unknown keys are errors with a did-you-mean") {
    CHECK(problems("[person]\nname = \"A\"\nemial = \"a@b.c\"\n") ==
          Lines{"3:1: error: unknown key `emial` in [person]"});
    CHECK(hints("[person]\nname = \"A\"\nemial = \"a@b.c\"\n")[0] == "did you mean `email`?");
    CHECK(problems("[person]\nname = \"A\"\n[[publication]]\ntitle = \"T\"\n") ==
          Lines{"3:3: error: unknown key `publication` in the top level"});
    CHECK(hints("[person]\nname = \"A\"\n[[publication]]\ntitle = \"T\"\n")[0] ==
          "did you mean `publications`?");
}

TEST_CASE("wrong types name the key, the expected and the found type") {
    const std::string pub =
        "[person]\nname = \"A\"\n[[publications]]\ntitle = \"T\"\nauthors = [\"A\"]\nvenue = "
        "\"V\"\n";
    CHECK(problems(pub + "year = \"2024\"\n") ==
          Lines{"7:8: error: `year` must be an integer, found string \"2024\""});
    CHECK(hints(pub + "year = \"2024\"\n")[0] == "remove the quotes");
    CHECK(problems(pub + "year = 2024\nselected = \"yes\"\n") ==
          Lines{"8:12: error: `selected` must be true or false, found string \"yes\""});
    CHECK(problems(pub + "year = 2024\nauthors = \"A\"\n").size() >= 1);
    CHECK(problems("[person]\nname = \"A\"\n[[teaching]]\nrole = \"R\"\ncourse = "
                   "\"C\"\ninstitution = \"I\"\nterms = [\"F\", 3]\n") ==
          Lines{"7:15: error: every item of `terms` must be a string, found integer 3"});
}

TEST_CASE("missing required fields point at the table that lacks them") {
    CHECK(problems("[person]\nname = \"A\"\n\n[[publications]]\ntitle = \"T\"\nvenue = \"V\"\nyear "
                   "= 2020\n") ==
          Lines{"4:1: error: [[publications]] lacks the required key `authors`"});
    CHECK(problems("research_interests = \"x\"\n") ==
          Lines{"1:1: error: the top level lacks the required key `person`"});
    CHECK(problems("[person]\nemail = \"a@b.c\"\n") ==
          Lines{"1:1: error: [person] lacks the required key `name`"});
}

TEST_CASE("impossible dates and dates out of order are errors") {
    const std::string head =
        "[person]\nname = \"A\"\n[[experience]]\nrole = \"R\"\norganization = \"O\"\n";
    CHECK(problems(head + "start = \"2019-13\"\n") ==
          Lines{"6:9: error: `start`: month 13 does not exist"});
    CHECK(problems(head + "start = \"2021-04-31\"\n") ==
          Lines{"6:9: error: `start`: Apr. 2021 has no day 31"});
    CHECK(problems(head + "start = \"2021-05\"\nend = \"2020-01\"\n") ==
          Lines{"7:7: error: ends (2020-01) before it starts (2021-05)"});
    CHECK(problems(head + "start = \"present\"\n") ==
          Lines{"6:9: error: `start` cannot be \"present\""});
    CHECK(
        problems(head + "start = 2019-03-01\nend = 2019-04-01\n").empty());  // TOML dates work too
    CHECK(problems(head + "start = \"2020\"\nperiods = [{ start = \"2021\" }]\n") ==
          Lines{"7:11: error: an entry has either `start`/`end` or `periods`, not both"});
}

TEST_CASE("publication checks: kind, authors, links, duplicates") {
    const std::string head = "[person]\nname = \"A\"\n";
    const std::string pub = "[[publications]]\ntitle = \"T\"\nvenue = \"V\"\nyear = 2020\n";
    CHECK(problems(head + pub + "authors = [\"A\"]\nkind = \"conferense\"\n") ==
          Lines{"8:8: error: `kind` must be one of conference, journal, workshop, preprint, "
                "thesis, other, "
                "found \"conferense\""});
    CHECK(hints(head + pub + "authors = [\"A\"]\nkind = \"conferense\"\n")[0] ==
          "did you mean \"conference\"?");
    CHECK(problems(head + pub + "authors = []\n") ==
          Lines{"7:11: error: the author list of \"T\" is empty"});
    CHECK(problems(head + pub + "authors = [\"A\"]\nlinks = { code = \"github.com/x\" }\n") ==
          Lines{"8:18: error: link `code` is not a URL: \"github.com/x\""});
    CHECK(
        problems(head + pub + "authors = [\"A\"]\nlinks = { doi = \"10.1145/3544216.3544224\" }\n")
            .empty());
    CHECK(problems(head + pub + "authors = [\"A\"]\n" + pub + "authors = [\"B\"]\n") ==
          Lines{"8:1: warning: \"T\" (2020) is listed twice"});
}

TEST_CASE("every problem is reported at once") {
    const auto lines = problems(
        "[person]\nnam = \"A\"\n[[publications]]\ntitle = 3\nauthors = []\nvenue = \"V\"\nyear = "
        "\"x\"\n");
    CHECK(lines.size() >= 4);
}

TEST_CASE("research_interests may stand in [person], where TOML puts a bare key after it") {
    CHECK(
        load_ok("[person]\nname = \"A\"\nresearch_interests = \"R\"\n").research_interests.value ==
        "R");
    CHECK(
        load_ok("research_interests = \"R\"\n[person]\nname = \"A\"\n").research_interests.value ==
        "R");
    CHECK(
        problems(
            "research_interests = \"R\"\n[person]\nname = \"A\"\nresearch_interests = \"S\"\n") ==
        Lines{"4:22: error: `research_interests` is given both at the top level and in [person]"});
}

TEST_CASE("max_pages has the same range in cv.toml as in template.toml") {
    const std::string cv = std::string(test::kMinimal) + "[templates.long]\nmax_pages = ";
    CHECK(problems(cv + "1000\n").empty());
    CHECK(problems(cv + "1001\n") ==
          Lines{"4:13: error: `max_pages` must be a whole number from 1 to 1000"});
    CHECK(problems(cv + "0\n") ==
          Lines{"4:13: error: `max_pages` must be a whole number from 1 to 1000"});
}

TEST_CASE("a value too long for TeX's line buffer is refused where it is written") {
    const std::string head = std::string(test::kMinimal) + "[[awards]]\nyear = 2020\ntitle = \"";
    CHECK(problems(head + std::string(kMaxValueBytes, 'x') + "\"\n").empty());
    CHECK(problems(head + std::string(kMaxValueBytes + 1, 'x') + "\"\n") ==
          Lines{"5:9: error: this text is 10001 bytes long, more than the 10000 mkcv accepts in "
                "one value"});
    // In a list too.
    CHECK(problems(std::string("[person]\nname = \"A\"\naliases = [\"B\", \"") +
                   std::string(200000, 'y') + "\"]\n") ==
          Lines{"3:17: error: this text is 200000 bytes long, more than the 10000 mkcv accepts "
                "in one value"});
}

TEST_CASE("a huge unknown key is echoed shortened, and found fast") {
    const std::string key(10'000'000, 'k');
    const auto lines = problems(std::string(test::kMinimal) + key + " = 1\n");
    REQUIRE(lines.size() == 1);
    CHECK(lines[0].size() < 200);
    CHECK(lines[0].find("kkk…` in [person]") != std::string::npos);
}

namespace {

// The marks of a text as one string: "[Open Emphasis]" … "[Close]".
std::string marks_of(const Text& t) {
    std::string out;
    for (const auto& run : t.marks) {
        if (run.kind == TextRun::Kind::Open)
            out += "<" + std::to_string(static_cast<int>(run.mark)) + ">";
        else if (run.kind == TextRun::Kind::Close)
            out += "</>";
        else
            out += run.text;
    }
    return out;
}

const char* kMarkupCv = R"toml(research_interests = "Networked *systems*"
[person]
name = "Ada *Lovelace*"
position = "**Chair**"

[[education]]
degree = "Ph.D. *in* CS"
institution = "`PKU`"
thesis = "On *things*"
note = "# not a heading, *x*"
highlights = ["**Best** thesis"]
advisors = ["A *B*"]

[[experience]]
role = "*Intern*"
organization = "X"
note = "see [site](https://x.org)"
highlights = ["`code`"]

[[publications]]
title = "A *starred* title"
authors = ["Yihao Zhao*", "B*"]
venue = "*Venue*"
year = 2024
award = "*Best*"
note = "Oral, _[slides](10.1145/1.2)_"

[[awards]]
title = "*Prize*"
year = 2020
note = "**top** 1%"

[[sections]]
title = "*Service*"
items = ["Reviewer for *X*"]

[[sections]]
title = "Talks"
text = "Many `talks`"

[[sections]]
title = "Projects"
[[sections.entries]]
title = "*P*"
subtitle = "*S*"
text = "A *p*"
highlights = ["*h*"]
)toml";

}  // namespace

TEST_CASE("only prose fields are parsed as inline markup") {
    const Cv cv = load_ok(kMarkupCv);
    // Prose: plain text without the markup, marks beside it.
    CHECK(cv.research_interests.value == "Networked systems");
    CHECK(marks_of(cv.research_interests) == "Networked <0>systems</>");
    CHECK(cv.education[0].thesis.value == "On things");
    CHECK(cv.education[0].note.value == "# not a heading, x");
    CHECK(cv.education[0].highlights[0].value == "Best thesis");
    CHECK(cv.experience[0].note.value == "see site");
    CHECK(cv.experience[0].note.marks[1].text == "https://x.org");
    CHECK(cv.experience[0].highlights[0].value == "code");
    CHECK(marks_of(cv.experience[0].highlights[0]) == "<5>code</>");
    CHECK(cv.publications[0].note.value == "Oral, slides");
    // A bare DOI links through doi.org, as publication links do.
    CHECK(cv.publications[0].note.marks[2].text == "https://doi.org/10.1145/1.2");
    CHECK(cv.awards[0].note.value == "top 1%");
    CHECK(cv.sections[0].items[0].value == "Reviewer for X");
    CHECK(cv.sections[1].text.value == "Many talks");
    CHECK(cv.sections[2].entries[0].text.value == "A p");
    CHECK(cv.sections[2].entries[0].highlights[0].value == "h");
    // Everything else is as written, with no marks.
    for (const Text* t :
         {&cv.person.name, &cv.person.position, &cv.education[0].degree,
          &cv.education[0].institution, &cv.education[0].advisors[0], &cv.experience[0].role,
          &cv.publications[0].title, &cv.publications[0].authors[0], &cv.publications[0].venue,
          &cv.publications[0].award, &cv.awards[0].title, &cv.sections[0].title,
          &cv.sections[2].entries[0].title, &cv.sections[2].entries[0].subtitle}) {
        INFO(t->value);
        CHECK(t->marks.empty());
        CHECK(t->value.find('*') + t->value.find('`') != 2 * std::string::npos);
    }
    CHECK(cv.publications[0].authors[0].value == "Yihao Zhao*");
    CHECK(cv.build.markup);
}

TEST_CASE("[text](lang:TAG) is a span in that language, with its CJK region") {
    const Cv cv = load_ok(std::string(test::kMinimal) +
                          "research_interests = \"With [佐藤 健一](lang:ja), [김](LANG:ko-KR) and "
                          "[x](lang:zh-Hant) *and* [y](https://lang.org)\"\n");
    const Text& t = cv.research_interests;
    CHECK(t.value == "With 佐藤 健一, 김 and x and y");
    CHECK(marks_of(t) == "With <6>佐藤 健一</>, <6>김</> and <6>x</> <0>and</> <4>y</>");
    CHECK(t.marks[1].text == "ja");
    CHECK(t.marks[1].latex == "JP");
    CHECK(t.marks[5].text == "ko-KR");
    CHECK(t.marks[5].latex == "KR");
    CHECK(t.marks[9].latex == "TC");
    // Not a tag: a link to nowhere, reported as such.
    CHECK(problems(std::string(test::kMinimal) + "research_interests = \"a [b](lang:x_1) c\"\n") ==
          std::vector<std::string>{"3:25: error: `x_1` in [b](lang:x_1) is not a language tag"});
}

TEST_CASE("build markup none prints prose as written") {
    const Cv cv = load_ok(std::string(kMarkupCv) + "[build]\nmarkup = \"none\"\n");
    CHECK_FALSE(cv.build.markup);
    CHECK(cv.research_interests.value == "Networked *systems*");
    CHECK(cv.research_interests.marks.empty());
    CHECK(cv.experience[0].note.value == "see [site](https://x.org)");
    CHECK(cv.education[0].highlights[0].value == "**Best** thesis");
    CHECK(load_ok(std::string(kMarkupCv) + "[build]\nmarkup = \"markdown\"\n").build.markup);
    CHECK(problems(std::string(test::kMinimal) + "[build]\nmarkup = \"markdwon\"\n") ==
          Lines{"4:10: error: `markup` must be one of markdown, none, found \"markdwon\""});
    CHECK(hints(std::string(test::kMinimal) + "[build]\nmarkup = \"markdwon\"\n") ==
          std::vector<std::string>{"did you mean \"markdown\"?"});
    CHECK(problems(std::string(test::kMinimal) + "[build]\nmarkup = false\n") ==
          Lines{"4:10: error: `markup` must be a string, found false"});
}

TEST_CASE("a link in a prose field is checked like any URL, at its place") {
    CHECK(problems(std::string(test::kMinimal) +
                   "[[awards]]\ntitle = \"T\"\nyear = 2020\n"
                   "note = \"é [x](javascript:alert(1)) and [y](https://ok.org)\"\n") ==
          Lines{"6:11: error: link `x` is not a URL: \"javascript:alert(1)\""});
    // Not on one line as written (an escape sequence before it): the string's place.
    CHECK(problems(std::string(test::kMinimal) +
                   "[[awards]]\ntitle = \"T\"\nyear = 2020\nnote = \"\\u00e9 [x](ftp://a)\"\n") ==
          Lines{"6:8: error: link `x` is not a URL: \"ftp://a\""});
    CHECK(problems(std::string(test::kMinimal) + "research_interests = '''\n[x]()'''\n") ==
          Lines{"3:22: error: link `x` has no URL"});
    // With markup off, it is text.
    CHECK(problems(std::string(test::kMinimal) +
                   "[build]\nmarkup = \"none\"\n[[awards]]\ntitle = " +
                   "\"T\"\nyear = 2020\nnote = \"[x](javascript:alert(1))\"\n")
              .empty());
}

TEST_CASE("the academic sections load typed, with positions") {
    const Cv cv = load_ok(test::source_file("tests/data/academic.toml"));
    REQUIRE(cv.talks.size() == 2);
    CHECK(cv.talks[0].date == PartialDate{2024, 5, 0, false});
    CHECK(cv.talks[0].date_pos.line == 13);
    CHECK(cv.talks[0].invited);
    REQUIRE(cv.talks[0].links.size() == 1);
    CHECK(cv.talks[1].date == PartialDate{2023, 11, 7, false});
    REQUIRE(cv.service.size() == 4);
    CHECK(cv.service[1].kind.value == "committee");
    CHECK(cv.service[0].dates->end->present);
    REQUIRE(cv.grants.size() == 1);
    CHECK(cv.grants[0].amount.value == "USD 500,000");
    REQUIRE(cv.students.size() == 1);
    CHECK(cv.students[0].now.value == "PhD student at Example Institute");
    REQUIRE(cv.patents.size() == 1);
    CHECK(cv.patents[0].inventors.size() == 2);
    CHECK(cv.patents[0].date == PartialDate{2024, 1, 16, false});
    REQUIRE(cv.press.size() == 1);
    CHECK(cv.press[0].url.value == "https://example.org/article");
}

TEST_CASE("the academic sections are validated: required keys, blanks, dates, kinds, URLs") {
    const std::string head = test::kMinimal;
    CHECK(problems(head + "[[talks]]\ntitle = \"T\"\nevent = \"E\"\n") ==
          Lines{"3:1: error: [[talks]] lacks the required key `date`"});
    CHECK(problems(head + "[[talks]]\ntitle = \" \"\nevent = \"E\"\ndate = \"2024\"\n") ==
          Lines{"4:9: error: `title` must not be empty"});
    CHECK(problems(head + "[[talks]]\ntitle = \"T\"\nevent = \"E\"\ndate = \"2024-13\"\n") ==
          Lines{"6:8: error: `date`: month 13 does not exist"});
    CHECK(problems(head + "[[talks]]\ntitle = \"T\"\nevent = \"E\"\ndate = \"present\"\n") ==
          Lines{"6:8: error: `date` cannot be \"present\""});
    CHECK(problems(head + "[[grants]]\ntitle = \"G\"\nfunder = \"F\"\nstart = \"2024\"\n"
                          "end = \"2020\"\n") ==
          Lines{"7:7: error: ends (2020) before it starts (2024)"});
    const auto kind = problems(head +
                               "[[service]]\nrole = \"R\"\norganization = \"O\"\n"
                               "kind = \"organizer\"\n");
    REQUIRE(kind.size() == 1);
    CHECK(kind[0].find("6:8: error:") == 0);
    const auto url =
        problems(head + "[[press]]\ntitle = \"T\"\noutlet = \"O\"\nurl = \"javascript:x\"\n");
    REQUIRE(url.size() == 1);
    CHECK(url[0].find("6:7: error:") == 0);
    const auto link = problems(head +
                               "[[patents]]\ntitle = \"P\"\n"
                               "links = { patent = \"javascript:x\" }\n");
    REQUIRE(link.size() == 1);
    CHECK(link[0].find("5:20: error:") == 0);
}

TEST_CASE("awards and publications take a month or a day in `date`, and awards no date") {
    const Cv cv = load_ok(R"([person]
name = "Ada"
[[awards]]
title = "Month"
date = "2016-10"
[[awards]]
title = "Both"
year = 2019
date = 2019-03-05
[[awards]]
title = "Undated"
[[publications]]
title = "A thesis"
venue = "University"
date = "2020-06"
kind = "thesis"
)");
    REQUIRE(cv.awards.size() == 3);
    CHECK(cv.awards[0].year == 2016);
    CHECK(cv.awards[0].month == 10);
    CHECK(cv.awards[0].day == 0);
    CHECK(cv.awards[0].year_pos.line == 5);
    CHECK(cv.awards[1].day == 5);
    CHECK(cv.awards[2].year == 0);
    REQUIRE(cv.publications.size() == 1);
    CHECK(cv.publications[0].authors.empty());
    CHECK(cv.publications[0].month == 6);
}

TEST_CASE("a `date` that disagrees with `year`, or neither on a paper, is an error") {
    const auto lines = problems(R"([person]
name = "Ada"
[[awards]]
title = "Both"
year = 2018
date = "2019-03"
[[awards]]
title = "Now"
date = "present"
[[publications]]
title = "Paper"
authors = ["Ada"]
venue = "V"
[[publications]]
title = "No authors"
venue = "V"
year = 2020
kind = "conference"
)");
    CHECK(lines == Lines{
                       "6:8: error: `date` 2019-03 of \"Both\" disagrees with `year` 2018",
                       "9:8: error: `date` of \"Now\" cannot be \"present\"",
                       "10:1: error: \"Paper\" lacks `year` or `date`",
                       "14:1: error: [[publications]] lacks the required key `authors`",
                   });
}

TEST_CASE("the résumé sections load typed, with positions") {
    const Cv cv = load_ok(test::source_file("tests/data/resume_sections.toml"));
    REQUIRE(cv.projects.size() == 2);
    CHECK(cv.projects[0].name.value == "mkcv & friends #1");
    CHECK(cv.projects[0].name.pos.line == 12);
    CHECK(cv.projects[0].roles.size() == 2);
    CHECK(cv.projects[0].keywords.size() == 3);
    CHECK(cv.projects[0].highlights.size() == 2);
    CHECK(cv.projects[0].dates->end->present);
    CHECK(cv.projects[1].dates->end == PartialDate{2020, 6, 0, false});
    REQUIRE(cv.volunteer.size() == 2);
    CHECK(cv.volunteer[0].position.value == "Mentor #2");
    CHECK(cv.volunteer[0].url.value == "https://example.org/club");
    CHECK_FALSE(cv.volunteer[1].dates);
    REQUIRE(cv.certificates.size() == 2);
    CHECK(cv.certificates[0].date == PartialDate{2022, 11, 3, false});
    CHECK(cv.certificates[0].date_pos.line == 47);
    CHECK_FALSE(cv.certificates[1].date);
    REQUIRE(cv.skills.size() == 2);
    CHECK(cv.skills[0].name.value == "Programming ^^5c");
    CHECK(cv.skills[0].keywords[2].value == "\\LaTeX{}");
    REQUIRE(cv.languages.size() == 2);
    CHECK(cv.languages[0].fluency.value == "Full professional & C1");
    REQUIRE(cv.interests.size() == 2);
    CHECK(cv.interests[0].keywords[1].value == "Choir  singing");
    REQUIRE(cv.references.size() == 1);
    CHECK(cv.references[0].selected);
}

TEST_CASE("the résumé sections are validated: required keys, blanks, dates, URLs") {
    const std::string head = test::kMinimal;
    CHECK(problems(head + "[[skills]]\nlevel = \"Expert\"\n") ==
          Lines{"3:1: error: [[skills]] lacks the required key `name`"});
    CHECK(problems(head + "[[languages]]\nlanguage = \"  \"\n") ==
          Lines{"4:12: error: `language` must not be empty"});
    CHECK(problems(head + "[[references]]\nname = \"R\"\nreference = \" \"\n") ==
          Lines{"5:13: error: `reference` must not be empty"});
    CHECK(problems(head + "[[references]]\nname = \"R\"\n") ==
          Lines{"3:1: error: [[references]] lacks the required key `reference`"});
    CHECK(problems(head + "[[projects]]\nname = \"P\"\nstart = \"2024\"\nend = \"2020\"\n") ==
          Lines{"6:7: error: ends (2020) before it starts (2024)"});
    CHECK(problems(head + "[[volunteer]]\norganization = \"O\"\nstart = \"2024-02\"\n"
                          "end = \"2024-01\"\n") ==
          Lines{"6:7: error: ends (2024-01) before it starts (2024-02)"});
    CHECK(problems(head + "[[certificates]]\nname = \"C\"\ndate = \"present\"\n") ==
          Lines{"5:8: error: `date` cannot be \"present\""});
    CHECK(problems(head + "[[certificates]]\nname = \"C\"\ndate = \"2024-13\"\n") ==
          Lines{"5:8: error: `date`: month 13 does not exist"});
    for (const std::string section : {"projects", "volunteer", "certificates"}) {
        const std::string name = section == "volunteer" ? "organization" : "name";
        const auto url = problems(head + "[[" + section + "]]\n" + name +
                                  " = \"X\"\nurl = \"javascript:alert(1)\"\n");
        REQUIRE(url.size() == 1);
        CHECK(url[0].find("5:7: error:") == 0);
    }
    CHECK(problems(head + "[[interests]]\nname = \"I\"\nkeywords = \"Piano\"\n").size() == 1);
}

TEST_CASE("an extra table of any keys loads, as JSON text, unchecked") {
    const Cv cv = load_ok(R"([person]
name = "A"
[extra]
"work[0].x-factIds" = ["f1", "f2"]
x-source = { by = "tool", revision = 17, nested = { deep = [true, 1.5] } }
[extra.anything]
goes = "here"
)");
    CHECK(cv.extra_json.find("\"work[0].x-factIds\"") != std::string::npos);
    CHECK(cv.extra_json.find("\"revision\" : 17") != std::string::npos);
    CHECK(cv.extra_json.find("\"goes\" : \"here\"") != std::string::npos);
    CHECK(load_ok("[person]\nname = \"A\"\n").extra_json.empty());
}

namespace {

const char* kDeclared = R"([person]
name = "Ada"

[section.research]
kind = "experience"
heading = { en = "Research Experience", zh = "研究经历" }

[section.industry]
kind = "experience"
heading = "Industry Experience"

[[industry]]
role = "Engineer"
organization = "B"

[[research]]
role = "Intern"
organization = "A"
)";

}  // namespace

TEST_CASE("declared sections load as typed entries under their own keys and headings") {
    const Cv cv = load_ok(kDeclared);
    CHECK(cv.experience.empty());
    const SectionTable& table = sections_of(cv);
    const Section* research = table.find("research");
    const Section* industry = table.find("industry");
    REQUIRE(research);
    REQUIRE(industry);
    CHECK(research->kind_key() == "experience");
    CHECK(research->heading == "Research Experience");
    REQUIRE(industry->size(cv) == 1);
    const auto& entry = static_cast<const Experience&>(industry->entries.at(cv, "industry", 0));
    CHECK(entry.role.value == "Engineer");
    CHECK(entry.role.pos.line == 13);
    // In the order written, after the rows of their kind, though TOML sorts the keys.
    const auto& names = table.names();
    const auto at = [&](const std::string& n) {
        return std::find(names.begin(), names.end(), n) - names.begin();
    };
    CHECK(at("experience") + 1 == at("research"));
    CHECK(at("research") + 1 == at("industry"));
    // Headings take language tables.
    LoadResult zh = load_cv(kDeclared, "cv.toml", "zh");
    REQUIRE(zh.cv);
    CHECK(sections_of(*zh.cv).find("research")->heading == "研究经历");
}

TEST_CASE("declared sections are checked with positions, all at once") {
    const std::string text = R"([person]
name = "Ada"
[section.a]
heading = "A"
[section.b]
kind = "experiance"
[section.experience]
kind = "talks"
[section."bad key"]
kind = "talks"
[[zzz]]
title = "T"
[section.d]
kind = "talks"
[[d]]
titel = "T"
event = "E"
)";
    CHECK(
        problems(text) ==
        Lines{"3:1: error: [section.a] lacks the required key `kind`",
              "6:8: error: `kind` must be one of education, experience, publications, "
              "teaching, awards, news, talks, service, grants, students, patents, press, projects, "
              "volunteer, certificates, skills, languages, interests, references, found "
              "\"experiance\"",
              "7:10: error: section key `experience` is a built-in section",
              "9:10: error: section key `bad key` is not a plain name",
              "11:3: error: unknown key `zzz` in the top level",
              "15:1: error: [[d]] lacks the required key `title`",
              "15:1: error: [[d]] lacks the required key `date`",
              "16:1: error: unknown key `titel` in [[d]]"});
    const auto h = hints(text);
    CHECK(std::find(h.begin(), h.end(), "did you mean \"experience\"?") != h.end());
    CHECK(std::find_if(h.begin(), h.end(), [](const std::string& s) {
              return s.rfind("for a section of your own, declare its kind: [section.zzz]", 0) == 0;
          }) != h.end());
    CHECK(std::find_if(h.begin(), h.end(), [](const std::string& s) {
              return s.rfind("add kind = \"education\" (one of", 0) == 0;
          }) != h.end());
}

TEST_CASE("a cv.toml without declared sections keeps the built-in table") {
    const Cv cv = load_ok(test::source_file("cv.toml"));
    CHECK(cv.table == nullptr);
    CHECK(cv.declared_table == nullptr);
}
