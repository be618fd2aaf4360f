#include "util/diagnostics.h"

#include <algorithm>
#include <chrono>
#include <sstream>
#include <vector>

#include <catch2/catch.hpp>

using namespace mkcv;

namespace {

std::string print(const Diagnostics& d, const SourceTexts& sources, DiagnosticFormat format) {
    std::ostringstream out;
    PrintOptions options;
    options.format = format;
    print_diagnostics(out, d, sources, options);
    return out.str();
}

}  // namespace

TEST_CASE("text diagnostics read like a compiler's, with the line and a caret") {
    Diagnostics d;
    d.error("cv.toml", {2, 1}, "unknown-key", "unknown key `emial` in [person]",
            "did you mean `email`?");
    d.warning("cv.toml", {3, 8}, "duplicate", "listed twice");
    const SourceTexts sources{{"cv.toml", "[person]\nemial = \"x\"\nyear = 2020\n"}};
    CHECK(print(d, sources, DiagnosticFormat::Text) ==
          "cv.toml:2:1: error: unknown key `emial` in [person]\n"
          "  emial = \"x\"\n"
          "  ^\n"
          "hint: did you mean `email`?\n"
          "cv.toml:3:8: warning: listed twice\n"
          "  year = 2020\n"
          "         ^\n"
          "1 error, 1 warning generated.\n");
}

TEST_CASE("the caret sits under wide characters correctly") {
    // Column 7 is the opening quote: three CJK characters (two cells each) and " = " before it.
    const SourceTexts sources{{"cv.toml", "赵怡浩 = \"x\"\n"}};
    Diagnostics d;
    d.error("cv.toml", {1, 7}, "x", "m");
    CHECK(print(d, sources, DiagnosticFormat::Text).find("\n" + std::string(2 + 9, ' ') + "^\n") !=
          std::string::npos);
}

TEST_CASE("JSON diagnostics are one object per line") {
    Diagnostics d;
    d.error("cv.toml", {12, 5}, "type", "`year` must be an integer", "remove the quotes");
    CHECK(print(d, {}, DiagnosticFormat::Json) ==
          "{\"file\":\"cv.toml\",\"line\":12,\"column\":5,\"severity\":\"error\",\"code\":\"type\","
          "\"message\":\"`year` must be an integer\",\"hint\":\"remove the quotes\"}\n");
}

TEST_CASE("GitHub diagnostics are workflow commands with escaped text") {
    Diagnostics d;
    d.error("cv.toml", {12, 5}, "type", "100% wrong\nreally");
    CHECK(print(d, {}, DiagnosticFormat::Github) ==
          "::error file=cv.toml,line=12,col=5,title=mkcv type::100%25 wrong%0Areally\n");
}

TEST_CASE("diagnostics sort by file and position") {
    Diagnostics d;
    d.error("b", {1, 1}, "x", "3");
    d.error("a", {5, 1}, "x", "2");
    d.error("a", {2, 9}, "x", "1");
    d.sort();
    CHECK(d.items()[0].message == "1");
    CHECK(d.items()[2].message == "3");
    CHECK(line_of("a\nb\r\nc", 2) == "b");
    CHECK(line_of("a", 5).empty());
}

TEST_CASE("notes are neither errors nor warnings, and GitHub calls them notices") {
    Diagnostics d;
    d.error("out/cv.tex", {4, 0}, "tex", "Undefined control sequence.");
    d.note("cv.toml", {3, 12}, "tex-value", "this line prints the value written here");
    CHECK(d.error_count() == 1);
    CHECK(d.warning_count() == 0);
    const SourceTexts sources{{"cv.toml", "[person]\nname = \"A\"\nposition = \"x \\\\y\"\n"}};
    CHECK(print(d, sources, DiagnosticFormat::Text) ==
          "out/cv.tex:4: error: Undefined control sequence.\n"
          "cv.toml:3:12: note: this line prints the value written here\n"
          "  position = \"x \\\\y\"\n"
          "             ^\n"
          "1 error, 0 warnings generated.\n");
    CHECK(print(d, sources, DiagnosticFormat::Github).find("::notice file=cv.toml,line=3,col=12") !=
          std::string::npos);
}

TEST_CASE("a shown line cannot garble the terminal, and tabs keep the caret in place") {
    Diagnostics d;
    d.error("cv.toml", {1, 3}, "toml-syntax", "bad");
    const SourceTexts sources{{"cv.toml", "\t\tx\x1b[2J\n"}};
    CHECK(print(d, sources, DiagnosticFormat::Text) ==
          "cv.toml:1:3: error: bad\n"
          "  \t\tx?[2J\n"
          "  \t\t^\n"
          "1 error, 0 warnings generated.\n");
}

TEST_CASE("printing stops after kMaxPrintedDiagnostics and says how many more") {
    Diagnostics d;
    std::string source;
    for (int i = 1; i <= 20000; ++i) {
        source += "bad" + std::to_string(i) + " = 1\n";
        d.error("cv.toml", {i, 1}, "unknown-key", "unknown key");
    }
    const SourceTexts sources{{"cv.toml", source}};
    const auto started = std::chrono::steady_clock::now();
    const std::string text = print(d, sources, DiagnosticFormat::Text);
    CHECK(std::chrono::steady_clock::now() - started < std::chrono::milliseconds(500));
    auto count = [](const std::string& s, const std::string& what) {
        std::size_t n = 0;
        for (auto at = s.find(what); at != std::string::npos; at = s.find(what, at + 1))
            ++n;
        return n;
    };
    CHECK(count(text, ": error: ") == kMaxPrintedDiagnostics);
    CHECK(text.find("  bad100 = 1\n") != std::string::npos);
    CHECK(text.find("bad101 = 1") == std::string::npos);
    const std::string end = "\n… and 19900 more errors\n20000 errors, 0 warnings generated.\n";
    CHECK(text.substr(text.size() - end.size()) == end);
    const std::string json = print(d, sources, DiagnosticFormat::Json);
    CHECK(count(json, "\n") == kMaxPrintedDiagnostics + 1);
    CHECK(json.find("{\"file\":\"\",\"line\":0,\"column\":0,\"severity\":\"note\",\"code\":"
                    "\"more-diagnostics\",\"message\":\"… and 19900 more errors\"") !=
          std::string::npos);
    const std::string github = print(d, sources, DiagnosticFormat::Github);
    CHECK(count(github, "\n") == kMaxPrintedDiagnostics + 1);
    CHECK(github.find("::notice title=mkcv more-diagnostics::… and 19900 more errors\n") !=
          std::string::npos);
}

TEST_CASE("the rest is counted by severity when it mixes them") {
    Diagnostics d;
    for (std::size_t i = 0; i < kMaxPrintedDiagnostics + 2; ++i)
        d.error("cv.toml", {}, "x", "e");
    d.warning("cv.toml", {}, "x", "w");
    const std::string text = print(d, {}, DiagnosticFormat::Text);
    CHECK(text.find("… and 3 more (2 errors, 1 warning)\n") != std::string::npos);
}

TEST_CASE("long source lines are shown around the caret, long messages shortened") {
    const std::string line = std::string(5000, 'a') + "Y" + std::string(5000, 'b');
    Diagnostics d;
    d.error("cv.toml", {1, 5001}, "x", std::string(5000, 'm'), std::string(5000, 'h'));
    const std::string text = print(d, {{"cv.toml", line + "\n"}}, DiagnosticFormat::Text);
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);)
        lines.push_back(l);
    REQUIRE(lines.size() == 5);
    CHECK(lines[0].size() < kMaxMessageChars + 40);
    CHECK(lines[1] == "  …" + std::string(100, 'a') + "Y" + std::string(99, 'b') + "…");
    CHECK(lines[2] == "  " + std::string(101, ' ') + "^");
    CHECK(lines[3].size() < kMaxMessageChars + 10);
    // Short lines and keys are left as they are.
    CHECK(shorten("key") == "key");
    CHECK(shorten("赵怡浩赵怡浩", 3) == "赵怡浩…");
}

TEST_CASE("what the user wrote is printed with its control characters visible") {
    CHECK(visible("plain “text” ü 中文 \\textbf") == "plain “text” ü 中文 \\textbf");
    CHECK(visible("a\nb\tc\rd") == "a\\nb\\tc\\rd");
    CHECK(visible("\x1b[31mred\x07\x7f") == "\\x1b[31mred\\x07\\x7f");
    CHECK(visible(std::string("nul\0end", 7)) == "nul\\x00end");
    // C1 controls (U+009B is CSI), line separators and bidi overrides and isolates.
    CHECK(visible("\xc2\x9b"
                  "2J \xe2\x80\xa8 \xe2\x80\xae"
                  "evil \xe2\x81\xa6x") == "\\u009b2J \\u2028 \\u202eevil \\u2066x");
    // The marks right-to-left text needs stay; a byte that is not UTF-8 is shown.
    CHECK(visible("\xe2\x80\x8f"
                  "abc\xd8\x9c") ==
          "\xe2\x80\x8f"
          "abc\xd8\x9c");
    CHECK(visible("bad\xff\x85") == "bad\\xff\\x85");
}

TEST_CASE("a value with a newline or an escape sequence cannot forge or colour a line") {
    Diagnostics d;
    d.error("cv.toml", {1, 1}, "value", "bad value \"x\nshort: built → /etc/passwd\x1b[2J\"",
            "write it\non one line");
    d.error("a\nb.toml", {}, "io", "cannot read");
    const std::string text = print(d, {}, DiagnosticFormat::Text);
    CHECK(text ==
          "cv.toml:1:1: error: bad value \"x\\nshort: built → /etc/passwd\\x1b[2J\"\n"
          "hint: write it\\non one line\n"
          "a\\nb.toml: error: cannot read\n"
          "2 errors, 0 warnings generated.\n");
    // GitHub's own rules for the line end (%0A), visible escapes for the rest.
    const std::string github = print(d, {}, DiagnosticFormat::Github);
    CHECK(github.find('\x1b') == std::string::npos);
    CHECK(github.find("bad value \"x%0Ashort: built → /etc/passwd\\x1b[2J\"") != std::string::npos);
    CHECK(github.find("file=a%0Ab.toml") != std::string::npos);
    CHECK(std::count(github.begin(), github.end(), '\n') == 2);
    // JSON keeps the exact text; its escapes keep it on one line.
    const std::string json = print(d, {}, DiagnosticFormat::Json);
    CHECK(json.find("x\\nshort: built → /etc/passwd\\u001b[2J") != std::string::npos);
    CHECK(std::count(json.begin(), json.end(), '\n') == 2);
}

TEST_CASE("a shown source line turns bidi overrides and C1 controls into one ? each") {
    Diagnostics d;
    d.error("cv.toml", {1, 12}, "value", "bad");
    const SourceTexts sources{{"cv.toml",
                               "x = \"\xe2\x80\xae"
                               "ab\xc2\x9b"
                               "c\" y"}};
    CHECK(print(d, sources, DiagnosticFormat::Text) ==
          "cv.toml:1:12: error: bad\n"
          "  x = \"?ab?c\" y\n"
          "             ^\n"
          "1 error, 0 warnings generated.\n");
}

TEST_CASE("loads per language say each problem once, whatever its kind", "[diagnostics]") {
    Diagnostics all;
    DiagnosticsOnce once(all);
    Diagnostics en, zh;
    en.warning("cv.toml", {3, 1}, "unknown-key", "`foo` is not a key");
    zh.warning("cv.toml", {3, 1}, "unknown-key", "`foo` is not a key");  // the same, again
    zh.error("cv.toml", {3, 1}, "unknown-key", "`foo` is not a key");    // an error there
    zh.warning("cv.toml", {3, 1}, "type", "`foo` is not a key");         // another code
    once.add_new(en);
    once.add_new(zh);
    CHECK(all.items().size() == 3);
}
