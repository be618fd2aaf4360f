#include "import/toml_writer.h"

#include <toml++/toml.h>
#include <catch2/catch.hpp>

using namespace mkcv;

namespace {

// Writes `value` as `v = …` and reads it back with toml++.
std::string round_trip(const std::string& value) {
    TomlValue root = TomlValue::table();
    root.set("v", TomlValue::text(value));
    const std::string text = write_toml(root);
    const toml::table parsed = toml::parse(text);
    return parsed["v"].value<std::string>().value();
}

}  // namespace

TEST_CASE("TOML strings escape what TOML needs and nothing is lost", "[import]") {
    CHECK(toml_basic_string("a \"b\" \\c") == "\"a \\\"b\\\" \\\\c\"");
    CHECK(toml_basic_string("tab\there") == "\"tab\\there\"");
    CHECK(toml_basic_string(std::string("\x01\x1f\x7f", 3)) == "\"\\u0001\\u001F\\u007F\"");
    for (const std::string value :
         {std::string("plain"), std::string("quotes \" and ''' and \"\"\" end\""),
          std::string("back\\slash\\"), std::string("line\nbreak"),
          std::string("a long paragraph\nwith \"\"\" inside\nand a last line ending in \\"),
          std::string("ctl \x01\x08\x0b\x0c\x0d\x1b\x7f end"), std::string("emoji 😀 𝔸 中文"),
          std::string("\\u0041 is not an escape"), std::string("$ & % # _ { } ~ ^ \\textbf{x}"),
          std::string("<script>alert(1)</script>")})
        CHECK(round_trip(value) == value);
}

TEST_CASE("keys are bare only when TOML allows", "[import]") {
    CHECK(toml_key("name") == "name");
    CHECK(toml_key("a.b") == "\"a.b\"");
    CHECK(toml_key("") == "\"\"");
}

TEST_CASE("comments never break out of their line", "[import]") {
    CHECK(toml_comment("a\nb") == "# a\n# b\n");
    CHECK(toml_comment(std::string("x\x01y")) == "# x y\n");
}

TEST_CASE("tables and arrays of tables are written in order, with comments", "[import]") {
    TomlValue root = TomlValue::table();
    root.at("person").set("name", TomlValue::text("Ada"));
    TomlValue& links = root.at("person").at("links", TomlValue::Kind::Array);
    TomlValue link = TomlValue::table();
    link.inline_table = true;
    link.set("label", TomlValue::text("Site"));
    link.set("url", TomlValue::text("https://a.example"));
    links.items.push_back(link);
    TomlValue& sections = root.at("sections", TomlValue::Kind::Array);
    TomlValue section = TomlValue::table();
    section.comments.push_back("made by a test");
    section.set("title", TomlValue::text("Skills"));
    TomlValue entry = TomlValue::table();
    entry.set("title", TomlValue::text("C++"));
    section.at("entries", TomlValue::Kind::Array).items.push_back(entry);
    sections.items.push_back(section);
    root.set("year", TomlValue::number(2021));

    const std::string text = write_toml(root, "#:schema x\n");
    CHECK(text ==
          "#:schema x\n"
          "year = 2021\n"
          "\n[person]\n"
          "name = \"Ada\"\n"
          "links = [{ label = \"Site\", url = \"https://a.example\" }]\n"
          "\n# made by a test\n[[sections]]\n"
          "title = \"Skills\"\n"
          "\n[[sections.entries]]\n"
          "title = \"C++\"\n");
    const toml::table parsed = toml::parse(text);
    CHECK(parsed["sections"][0]["entries"][0]["title"].value<std::string>() == "C++");
}
