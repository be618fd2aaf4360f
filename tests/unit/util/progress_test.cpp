// Progress output: plain lines in a log, a redrawn block of live lines on a terminal.
#include <sstream>

#include <catch2/catch.hpp>

#include "util/progress.h"

using namespace mkcv;

TEST_CASE("in a log, each report is printed once, as it comes, without control codes") {
    std::ostringstream out;
    {
        Progress progress(out, ProgressStyle::Lines, {"long", "short"});
        progress.stage(0, "latexmk");
        progress.stage(1, "latexmk");
        progress.finish(1, "short: latexmk 2 passes 1.71 s, 1 page → out/cv-short.pdf\n");
        progress.finish(0, "long: up to date (out/cv-long.pdf)\n");
    }
    CHECK(out.str() ==
          "short: latexmk 2 passes 1.71 s, 1 page → out/cv-short.pdf\n"
          "long: up to date (out/cv-long.pdf)\n");
}

TEST_CASE("on a terminal, running rows are drawn live and cleared when done") {
    std::ostringstream out;
    {
        Progress progress(out, ProgressStyle::Live, {"long", "short"});
        progress.stage(0, "latexmk");
        progress.stage(1, "latexmk");
        progress.finish(0, "long: done\n");
    }
    const std::string text = out.str();
    CHECK(text.find("long: latexmk 0.") != std::string::npos);
    CHECK(text.find("short: latexmk 0.") != std::string::npos);
    CHECK(text.find("\x1b[2F\x1b[J"
                    "long: done\n") != std::string::npos);
    // Nothing live is left on screen at the end: the last thing written clears the block.
    CHECK(text.substr(text.size() - 7) == "\x1b[1F\x1b[J");
}

TEST_CASE("a report's control characters are shown, never sent to the terminal") {
    std::ostringstream out;
    {
        Progress progress(out, ProgressStyle::Lines, {"long\x1b[2J"});
        progress.finish(0,
                        "long:   dropped talks: \x1b]0;pwned\x07 \r\xe2\x80\xae"
                        "x\n\tindented\n");
    }
    CHECK(out.str() == "long:   dropped talks: \\x1b]0;pwned\\x07 \\r\\u202ex\n\tindented\n");
}

TEST_CASE("a live row's name is shown with its control characters visible") {
    std::ostringstream out;
    {
        Progress progress(out, ProgressStyle::Live, {"lo\x1b[Hng"});
        progress.stage(0, "latexmk");
        progress.finish(0, "done\n");
    }
    CHECK(out.str().find("lo\\x1b[Hng: latexmk") != std::string::npos);
}
