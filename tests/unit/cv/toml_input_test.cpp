#include "cv/toml_input.h"

#include <chrono>
#include <regex>

#include <catch2/catch.hpp>

#include "bib/latex_text.h"
#include "render/template_manifest.h"
#include "test_support.h"

using namespace mkcv;

namespace {

// Every way the text can carry the raw-LaTeX mark in one key or string: the mark put at the
// start of each basic string, and each bare key (or bare value) turned into a quoted one
// that starts with it. Returns the variants with the line the mark is on.
std::vector<std::pair<std::string, int>> with_mark_everywhere(const std::string& text) {
    const std::string mark = "\\u001alatex:\\\\input{/etc/hostname}";
    std::vector<std::pair<std::string, int>> out;
    int line = 1;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '\n') {
            ++line;
        } else if (c == '#') {
            while (i + 1 < text.size() && text[i + 1] != '\n')
                ++i;
        } else if (c == '\'') {
            while (i + 1 < text.size() && text[i + 1] != '\'')
                ++i;
            ++i;
        } else if (c == '"') {
            out.push_back({text.substr(0, i + 1) + mark + text.substr(i + 1), line});
            for (++i; i < text.size() && text[i] != '"'; ++i)
                if (text[i] == '\\')
                    ++i;
        } else if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
            std::size_t end = i;
            while (end < text.size() && (std::isalnum(static_cast<unsigned char>(text[end])) ||
                                         text[end] == '_' || text[end] == '-'))
                ++end;
            std::size_t next = text.find_first_not_of(" \t", end);
            const char after = next == std::string::npos ? '\n' : text[next];
            // Keys (before `=`, `.` or a header's `]`), not true/false.
            if (after == '=' || after == '.' || after == ']')
                out.push_back({text.substr(0, i) + "\"" + mark + text.substr(i, end - i) + "\"" +
                                   text.substr(end),
                               line});
            i = end - 1;
        }
    }
    return out;
}

const std::string kExtra =
    "\n[[sections]]\ntitle = \"Extra\"\n[[sections.entries]]\ntitle = \"x\"\n"
    "[templates.long]\nmax_pages = 3\norder = [\"publications\"]\n"
    "[templates.long.filters.publications]\ntitle = \"Papers\"\ninclude_tags = [\"a\"]\n";

}  // namespace

TEST_CASE("no key or string of cv.toml can carry the raw-LaTeX mark") {
    const std::string text = test::source_file("cv.toml") + kExtra;
    REQUIRE(test::problems(text).empty());
    const auto variants = with_mark_everywhere(text);
    REQUIRE(variants.size() > 300);
    for (const auto& [variant, line] : variants) {
        LoadResult result = load_cv(variant, "cv.toml");
        INFO("mark on line " << line);
        CHECK(!result.cv);
        REQUIRE(result.diagnostics.error_count() == 1);
        const Diagnostic& d = result.diagnostics.items().front();
        CHECK(d.code == "control-character");
        CHECK(d.pos.line == line);
    }
}

TEST_CASE("a links key or a filter title with the mark is refused, not trusted") {
    for (const std::string text :
         {"[[publications]]\ntitle = \"T\"\nauthors = [\"A\"]\nyear = 2020\n"
          "links = { \"\\u001alatex:\\\\input{/etc/passwd}\" = \"https://x.org\" }\n",
          "[templates.long.filters.publications]\ntitle = \"\\u001alatex:\\\\input{x}\"\n",
          "[templates.\"\\u001alatex:x\"]\nmax_pages = 1\n"}) {
        LoadResult result = load_cv(text, "cv.toml");
        CHECK(!result.cv);
        REQUIRE(!result.diagnostics.empty());
        CHECK(result.diagnostics.items().front().code == "control-character");
        CHECK(result.diagnostics.items().front().pos.line > 0);
    }
}

TEST_CASE("no key or string of template.toml can carry the raw-LaTeX mark") {
    const std::string manifest =
        "name = \"t\"\ndescription = \"d\"\nengine = \"xelatex\"\nmax_pages = 2\n"
        "order = [\"publications\", \"education\"]\npublication_kinds = [\"journal\"]\n"
        "[publication_headings]\njournal = \"Journal Papers\"\n"
        "[filters.publications]\ntitle = \"Papers\"\ninclude_tags = [\"a\"]\n";
    Diagnostics clean;
    parse_manifest(manifest, "template.toml", clean);
    REQUIRE(clean.empty());
    const auto variants = with_mark_everywhere(manifest);
    REQUIRE(variants.size() > 20);
    for (const auto& [variant, line] : variants) {
        Diagnostics d;
        const TemplateManifest m = parse_manifest(variant, "template.toml", d);
        INFO(variant);
        REQUIRE(d.error_count() == 1);
        CHECK(d.items().front().code == "control-character");
        CHECK(d.items().front().pos.line == line);
        CHECK(m.publication_headings.empty());  // nothing of the file was taken
        CHECK(m.rules.sections.empty());
    }
}

TEST_CASE("absurd nesting is refused before toml++ sees it, with a position") {
    auto refused = [](const std::string& text, int line) {
        const auto started = std::chrono::steady_clock::now();
        LoadResult result = load_cv(text, "cv.toml");
        CHECK(std::chrono::steady_clock::now() - started < std::chrono::seconds(2));
        CHECK(!result.cv);
        REQUIRE(result.diagnostics.error_count() == 1);
        const Diagnostic& d = result.diagnostics.items().front();
        CHECK(d.code == "nesting");
        CHECK(d.pos.line == line);
        return d.pos.column;
    };
    std::string dotted = "a";
    for (int i = 0; i < 40000; ++i)
        dotted += ".a";
    // The column is that of the dot that goes one level too deep.
    CHECK(refused(dotted + " = 1\n", 1) == 2 * kMaxTomlNesting);
    CHECK(refused("x = 1\n[" + dotted + "]\n", 2) == 2 * kMaxTomlNesting + 1);
    CHECK(refused("[[" + dotted + "]]\n", 1) == 2 * kMaxTomlNesting + 2);
    refused("x = " + std::string(40000, '[') + std::string(40000, ']') + "\n", 1);
    std::string inline_tables = "x = ";
    for (int i = 0; i < 20000; ++i)
        inline_tables += "{a=";
    refused(inline_tables + "1" + std::string(20000, '}') + "\n", 1);
    // Levels add up: a deep header, a dotted key and nested values together.
    std::string header = "[a", key = "b";
    for (int i = 0; i < 30; ++i) {
        header += ".a";
        key += ".b";
    }
    refused("# a comment\n" + header + "]\n" + key + " = [[[[{c = 1}]]]]\n", 3);
}

TEST_CASE("the nesting pre-scan passes what mkcv's files hold") {
    Diagnostics d;
    CHECK(check_toml_nesting(test::source_file("cv.toml") + kExtra, "cv.toml", d));
    for (const char* name :
         {"long", "short", "modern", "ats", "classic", "banking", "sidebar", "awesome"}) {
        const std::string path = std::string("builtin_templates/") + name + "/template.toml";
        CHECK(check_toml_nesting(test::source_file(path), path, d));
    }
    // Brackets, braces and dots in strings and comments are text, not nesting.
    const std::string deep(200, '[');
    for (const std::string& text :
         {"x = \"" + deep + "a.b.c\"\n", "x = '" + deep + "'\n", "# " + deep + "\n",
          "x = \"\"\"\n" + deep + "\n\"\"\"\n", "x = '''" + deep + "'''\n",
          "x = \"\\\"" + deep + "\"\n", std::string("\"a.b.c.d\" = 1\n")}) {
        INFO(text);
        CHECK(check_toml_nesting(text, "cv.toml", d));
    }
    CHECK(d.empty());
    // Exactly at the limit is fine, one more is not.
    std::string key = "a";
    for (int i = 1; i < kMaxTomlNesting; ++i)
        key += ".a";
    CHECK(check_toml_nesting(key + " = 1\n", "cv.toml", d));
    CHECK(!check_toml_nesting(key + ".a = 1\n", "cv.toml", d));
    CHECK(check_toml_nesting(
        "x = " + std::string(kMaxTomlNesting, '[') + std::string(kMaxTomlNesting, ']') + "\n",
        "cv.toml", d));
    CHECK(!check_toml_nesting("x = " + std::string(kMaxTomlNesting + 1, '[') +
                                  std::string(kMaxTomlNesting + 1, ']') + "\n",
                              "cv.toml", d));
}

TEST_CASE("template.toml is held to the same nesting limit") {
    std::string dotted = "a";
    for (int i = 0; i < 40000; ++i)
        dotted += ".a";
    Diagnostics d;
    parse_manifest("[" + dotted + "]\n", "template.toml", d);
    REQUIRE(d.error_count() == 1);
    CHECK(d.items().front().code == "nesting");
}
