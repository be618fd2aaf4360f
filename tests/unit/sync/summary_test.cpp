#include "sync/summary.h"

#include <catch2/catch.hpp>

using namespace mkcv::sync;

namespace {

ListedWork work(std::string title, int year = 2024) {
    ListedWork w;
    w.key = "doe2024fast";
    w.title = std::move(title);
    w.year = year;
    w.sources = {"dblp"};
    return w;
}

std::size_t count_lines(const std::string& text) {
    return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

}  // namespace

TEST_CASE("the summary: sources, then a retraction first and loudly, then what changed", "[sync]") {
    MergeOutcome o;
    o.added = {work("Fast Sorting")};
    ListedWork changed = work("Slow Sorting", 2023);
    changed.fields = {"doi", "pages"};
    o.updated = {changed};
    ListedWork retracted = work("Wrong Sorting", 2022);
    retracted.why = "Crossref: retracted by 10.1/notice";
    o.retracted = {retracted};
    o.unchanged = 3;
    const std::string text =
        format_summary({{"dblp", "12 works", false}, {"crossref", "timed out", true}}, o);
    CHECK(text ==
          "  dblp: 12 works\n"
          "  crossref: FAILED: timed out\n"
          "RETRACTED, still in the CV: check it (1):\n"
          "  doe2024fast  \"Wrong Sorting\" (2022)  [dblp]: Crossref: retracted by "
          "10.1/notice\n"
          "added (1):\n"
          "  doe2024fast  \"Fast Sorting\" (2024)  [dblp]\n"
          "updated (1):\n"
          "  doe2024fast  \"Slow Sorting\" (2023)  [dblp]: doi, pages\n"
          "unchanged: 3\n");
    CHECK(format_summary({}, MergeOutcome{}) == "nothing new\n");
}

TEST_CASE("a source's title, authors or failure cannot forge a line or steer the terminal",
          "[sync]") {
    MergeOutcome o;
    // A title wrapped by its source reads as one line; an escape sequence (C0 and 8-bit
    // CSI, U+009B), a line separator and a bidi override are shown, not obeyed.
    o.added = {work("Fast\nSorting\taway"), work("Red \x1b[31mtext\x1b[0m"),
               work("CSI \xC2\x9B"
                    "2J here"),
               work("one\xE2\x80\xA8two"), work("safe \xE2\x80\xAEtxt.exe")};
    ListedWork stranger = work("Not Mine");
    stranger.authors = "A. Person\nadded (9):";
    o.not_owner = {stranger};
    const std::string text =
        format_summary({{"dblp", "fine\nadded (1):\n  evil  \"Forged\"", true}}, o);
    INFO(text);
    // One line per source, heading and work: 1 + 1 + 5 + 1 + 1 ("left out" has one).
    CHECK(count_lines(text) == 9);
    CHECK(text.find("\"Fast Sorting away\"") != std::string::npos);
    CHECK(text.find('\x1b') == std::string::npos);
    CHECK(text.find("\xC2\x9B") == std::string::npos);
    CHECK(text.find("\xE2\x80\xA8") == std::string::npos);
    CHECK(text.find("\xE2\x80\xAE") == std::string::npos);
    CHECK(text.find("\\x1b[31m") != std::string::npos);
    CHECK(text.find("FAILED: fine\\nadded (1):") != std::string::npos);
    CHECK(text.find("by A. Person added (9):") != std::string::npos);
}

TEST_CASE("a long title is cut at 90 bytes, never inside a character", "[sync]") {
    MergeOutcome o;
    std::string title;
    for (int i = 0; i < 40; ++i)
        title += "é";         // two bytes each: 80
    title += "abcdefgh€€€€";  // byte 90 falls inside the first €
    o.added = {work(title)};
    const std::string text = format_summary({}, o);
    const auto open = text.find("  \"") + 3;
    const std::string shown = text.substr(open, text.find("\" (2024)") - open);
    CHECK(shown.size() <= 90 + std::string("…").size());
    CHECK(shown.ends_with("…"));
    CHECK(shown.starts_with(title.substr(0, 88)));
    // What is left before the ellipsis is whole UTF-8.
    const std::string kept = shown.substr(0, shown.size() - std::string("…").size());
    CHECK(title.starts_with(kept));
    CHECK(kept.size() == 88);
}
