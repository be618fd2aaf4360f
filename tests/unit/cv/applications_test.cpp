#include "cv/applications.h"

#include <catch2/catch.hpp>
#include <fstream>

#include "test_support.h"

using namespace mkcv;
using mkcv::test::problems;
namespace fs = std::filesystem;

namespace {

const std::string kPerson = "[person]\nname = \"Ada Lovelace\"\n\n";

std::string one_application(const std::string& body) {
    return kPerson + "[[applications]]\n" + body;
}

// Loads cv.toml `text` in `folder` and reads its applications' files; the messages.
std::vector<std::string> load_files(const fs::path& folder, const std::string& text, Cv& cv) {
    LoadResult result = load_cv(text, (folder / "cv.toml").string());
    REQUIRE(result.cv);
    cv = *result.cv;
    Diagnostics diagnostics;
    SourceTexts sources;
    load_application_files(cv, folder / "cv.toml", diagnostics, sources);
    std::vector<std::string> out;
    for (const Diagnostic& d : diagnostics.items())
        out.push_back(std::to_string(d.pos.line) + ":" + std::to_string(d.pos.column) + ": " +
                      d.message);
    return out;
}

void write_letter_file(const fs::path& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
}

}  // namespace

TEST_CASE("an application key is a name a folder can have: an allow-list") {
    CHECK(is_application_key("mit-2027"));
    CHECK(is_application_key("eth_zurich"));
    CHECK(is_application_key("a"));
    CHECK_FALSE(is_application_key(""));
    CHECK_FALSE(is_application_key(".."));
    CHECK_FALSE(is_application_key("a/b"));
    CHECK_FALSE(is_application_key("MIT"));
    CHECK_FALSE(is_application_key("-rf"));
    CHECK_FALSE(is_application_key("a.b"));
    CHECK_FALSE(is_application_key("清华"));
    CHECK_FALSE(is_application_key(std::string(65, 'a')));
    CHECK(is_application_key(std::string(64, 'a')));
}

TEST_CASE("an application is loaded with every field at its place") {
    const Cv cv = mkcv::test::load_ok(one_application(
        "key = \"mit\"\norganisation = \"MIT\"\nposition = \"Assistant Professor\"\n"
        "date = \"2027-01-15\"\nletter = \"Hello.\"\ntemplate = \"long\"\ntags = [\"ml\"]\n"
        "omit_phone = true\nmask_recipient = true\n"
        "recipient = { name = \"Prof. Grace Hopper\", title = \"Chair\", address = [\"77 "
        "Massachusetts Ave\", \"Cambridge, MA\"] }\n"
        "[[applications.statements]]\nkind = \"research\"\nfile = \"research.md\"\n"));
    REQUIRE(cv.applications.size() == 1);
    const Application& a = cv.applications[0];
    CHECK(a.key.value == "mit");
    CHECK(a.key.pos.line == 5);
    CHECK(a.organisation.value == "MIT");
    CHECK(a.position.value == "Assistant Professor");
    REQUIRE(a.date);
    CHECK(a.date->year == 2027);
    CHECK(a.cv_template.value == "long");
    REQUIRE(a.tags.size() == 1);
    CHECK(a.omit_phone);
    CHECK_FALSE(a.omit_address);
    CHECK(a.mask_recipient);
    CHECK(a.recipient_name.value == "Prof. Grace Hopper");
    CHECK(a.recipient_address.size() == 2);
    REQUIRE(a.statements.size() == 1);
    CHECK(a.statements[0].kind.value == "research");
}

TEST_CASE("bad applications are reported at their place, with a hint") {
    CHECK(problems(one_application("key = \"../up\"\norganisation = \"X\"\nposition = \"Y\"\n"
                                   "letter = \"x\"\n")) ==
          std::vector<std::string>{
              "5:7: error: application key \"../up\" is not a name mkcv can give a folder"});
    CHECK(problems(one_application("key = \"a\"\norganisation = \"X\"\nposition = \"Y\"\n")) ==
          std::vector<std::string>{"4:1: error: the application \"a\" has no letter"});
    CHECK(problems(one_application("key = \"a\"\norganisation = \"X\"\nposition = \"Y\"\n"
                                   "letter = \"x\"\nletter_file = \"l.md\"\n")) ==
          std::vector<std::string>{
              "9:15: error: an application gives both `letter` and `letter_file`"});
    CHECK(problems(one_application("key = \"a\"\norganisation = \"X\"\nposition = \"Y\"\n"
                                   "letter = \"x\"\n\n[[applications]]\nkey = \"a\"\n"
                                   "organisation = \"X\"\nposition = \"Y\"\nletter = \"x\"\n")) ==
          std::vector<std::string>{"11:7: error: two applications have the key \"a\""});
    CHECK(problems(one_application("key = \"a\"\norganisation = \"X\"\nposition = \"Y\"\n"
                                   "letter = \"x\"\ntemplate = \"medium\"\n")) ==
          std::vector<std::string>{
              "9:12: error: `template` must be one of short, long, modern, classic, banking, "
              "awesome, sidebar, ats, found \"medium\""});
    CHECK(problems(one_application("key = \"a\"\norganisation = \"X\"\nposition = \"Y\"\n"
                                   "letter = \"x\"\n[[applications.statements]]\nkind = \"A "
                                   "B\"\nfile = \"s.md\"\n")) ==
          std::vector<std::string>{
              "10:8: error: statement kind \"A B\" is not a name mkcv can give a file"});
    CHECK(problems(one_application("key = \"a\"\nposition = \"Y\"\nletter = \"x\"\n")) ==
          std::vector<std::string>{
              "4:1: error: [[applications]] lacks the required key `organisation`"});
}

TEST_CASE("a letter's paragraphs: blank lines apart, fields put in, unknown fields refused") {
    Application a;
    a.organisation = {"MIT"};
    a.position = {"Professor of *Things*"};
    a.recipient_name = {"Dr. Who"};
    Diagnostics diagnostics;
    const auto body = body_paragraphs(
        "Dear <<recipient>>,\n\nI apply for <<position>>\nat <<organisation>>.\n\n\n"
        "Yours, <<salary>>.\n",
        "letter.md", 1, a, false, diagnostics);
    REQUIRE(body.size() == 3);
    CHECK(body[0].text.value == "Dear Dr. Who,");
    CHECK(body[0].line == 1);
    // A field's value is text, never markup: its stars stay.
    CHECK(body[1].text.value == "I apply for Professor of *Things* at MIT.");
    CHECK(body[1].line == 3);
    CHECK(body[2].line == 7);
    REQUIRE(diagnostics.items().size() == 1);
    CHECK(diagnostics.items()[0].file == "letter.md");
    CHECK(diagnostics.items()[0].pos.line == 7);
    CHECK(diagnostics.items()[0].pos.column == 8);
    CHECK(diagnostics.items()[0].message == "unknown field <<salary>> in the text");
    a.mask_recipient = true;
    Diagnostics none;
    CHECK(body_paragraphs("Dear <<recipient>>", "l.md", 1, a, false, none)[0].text.value ==
          "Dear ");
}

TEST_CASE("a letter's inline markup is parsed in its paragraphs") {
    Application a;
    Diagnostics diagnostics;
    const auto body = body_paragraphs("I *love* TeX.", "l.md", 1, a, true, diagnostics);
    REQUIRE(body.size() == 1);
    CHECK(body[0].text.value == "I love TeX.");
    CHECK_FALSE(body[0].text.marks.empty());
}

TEST_CASE("a letter file is read from inside cv.toml's folder, never through a link") {
    mkcv::test::TempDir dir;
    write_letter_file(dir.path / "letter.md", "First.\n\nSecond <<organisation>>.\n");
    write_letter_file(dir.path / "research.md", "Research.\n");
    const std::string text = one_application(
        "key = \"a\"\norganisation = \"MIT\"\nposition = \"Y\"\nletter_file = \"letter.md\"\n"
        "[[applications.statements]]\nkind = \"research\"\nfile = \"research.md\"\n");
    Cv cv;
    CHECK(load_files(dir.path, text, cv).empty());
    REQUIRE(cv.applications[0].body.size() == 2);
    CHECK(cv.applications[0].body[1].text.value == "Second MIT.");
    CHECK(cv.applications[0].body[1].file == (dir.path / "letter.md").string());
    CHECK(cv.applications[0].statements[0].body.size() == 1);

    fs::create_symlink(dir.path / "letter.md", dir.path / "linked.md");
    const std::string linked = one_application(
        "key = \"a\"\norganisation = \"X\"\nposition = \"Y\"\nletter_file = \"linked.md\"\n");
    CHECK(load_files(dir.path, linked, cv) ==
          std::vector<std::string>{"8:15: \"linked.md\" is reached through a symbolic link, "
                                   "which mkcv does not follow"});
    const std::string outside = one_application(
        "key = \"a\"\norganisation = \"X\"\nposition = \"Y\"\nletter_file = \"../x.md\"\n");
    write_letter_file(dir.path.parent_path() / "x.md", "secret");
    const auto said = load_files(dir.path, outside, cv);
    REQUIRE(said.size() == 1);
    CHECK(said[0].find("is outside the folder") != std::string::npos);
    fs::remove(dir.path.parent_path() / "x.md");
}

TEST_CASE("a signature is a picture inside cv.toml's folder, never reached through a link") {
    mkcv::test::TempDir dir;
    // The smallest PNG: its signature and an IHDR of 1 × 1.
    write_letter_file(
        dir.path / "sig.png",
        std::string("\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0", 29));
    const auto signed_with = [](const std::string& file) {
        return one_application(
            "key = \"a\"\norganisation = \"X\"\nposition = \"Y\"\nletter = \"x\"\n"
            "signature = \"" +
            file + "\"\n");
    };
    Cv cv;
    CHECK(load_files(dir.path, signed_with("sig.png"), cv).empty());
    CHECK_FALSE(cv.applications[0].signature_image.bytes.empty());

    fs::create_symlink(dir.path / "sig.png", dir.path / "linked.png");
    CHECK(load_files(dir.path, signed_with("linked.png"), cv) ==
          std::vector<std::string>{"9:13: \"linked.png\" is reached through a symbolic link, "
                                   "which mkcv does not follow"});
    CHECK(cv.applications[0].signature_image.bytes.empty());
    const auto missing = load_files(dir.path, signed_with("none.png"), cv);
    REQUIRE(missing.size() == 1);
    CHECK(missing[0].find("none.png") != std::string::npos);
}

TEST_CASE("a statement's default title comes from its kind") {
    CHECK(default_statement_title("research") == "Research statement");
    CHECK(default_statement_title("open_science") == "Open science statement");
}
