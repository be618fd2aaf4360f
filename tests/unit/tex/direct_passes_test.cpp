#include <catch2/catch.hpp>

#include <string>

#include "tex/aux_rerun.h"
#include "tex/direct_passes.h"

using namespace mkcv;

namespace {

// The recorder list of a XeLaTeX pass of cv-long.tex, trimmed, as TeX Live 2022 writes it.
const std::string kFls = R"(PWD /tmp/out/.mkcv/cv-long
INPUT /etc/texmf/web2c/texmf.cnf
INPUT /var/lib/texmf/web2c/xetex/xelatex.fmt
INPUT cv-long.tex
OUTPUT cv-long.log
INPUT /usr/share/texlive/texmf-dist/tex/latex/base/article.cls
INPUT ./cv-long.aux
INPUT cv-long.aux
INPUT photo.jpg
OUTPUT cv-long.aux
OUTPUT cv-long.xdv
INPUT cv-long.aux
)";

const std::string kAuxOnePage = std::string(kTrivialAux);
const std::string kAuxTwoPages = "\\relax \n\\gdef \\@abspage@last{2}\n";

NextPass next(const std::string& fls, const std::string& log, const std::string& before,
              const std::string& after, bool page_total_matters = false) {
    return next_pass("cv-long", pass_files_from_recorder(fls), log, before, after,
                     page_total_matters);
}

}  // namespace

TEST_CASE("the recorder list names the build folder's files relative to it") {
    const PassFiles files = pass_files_from_recorder(kFls);
    CHECK(files.read == std::set<std::string>{"cv-long.tex", "cv-long.aux", "photo.jpg"});
    CHECK(files.written == std::set<std::string>{"cv-long.log", "cv-long.aux", "cv-long.xdv"});
    const PassFiles absolute =
        pass_files_from_recorder("PWD /b\nINPUT /b/cv.toc\nOUTPUT /b/cv.toc\nINPUT ../f.fmt\n");
    CHECK(absolute.read == std::set<std::string>{"cv.toc"});
    CHECK(absolute.written == std::set<std::string>{"cv.toc"});
    // A write outside the folder is kept, whole, so that it stops the direct route.
    CHECK(pass_files_from_recorder("PWD /b\nOUTPUT /etc/x\n").written ==
          std::set<std::string>{"/etc/x"});
}

TEST_CASE("the log names the files a pass looked for and missed") {
    CHECK(files_not_found("(./cv.tex\nNo file cv.toc.\r\n[1]\nNo file cv.bbl.\n") ==
          std::set<std::string>{"cv.toc", "cv.bbl"});
    CHECK(files_not_found("Some text. No file x.toc.\n").empty());
}

TEST_CASE("a pass whose .aux changed only in lines that do not count is the last") {
    CHECK(next(kFls, "", kAuxOnePage, kAuxTwoPages) == NextPass::None);
    CHECK(next(kFls, "", kAuxTwoPages, kAuxTwoPages, true) == NextPass::None);
}

TEST_CASE("a changed page total, label or page reference needs another pass") {
    CHECK(next(kFls, "", kAuxOnePage, kAuxTwoPages, true) == NextPass::Again);
    // \label and \pageref: the first pass writes the label, the second reads it.
    const std::string labelled = kAuxTwoPages + "\\newlabel{education}{{}{1}{}{section*.2}{}}\n";
    CHECK(next(kFls, "", kAuxOnePage, labelled) == NextPass::Again);
    CHECK(next(kFls, "", labelled, labelled) == NextPass::None);
    // A label that moved to another page.
    const std::string moved = kAuxTwoPages + "\\newlabel{education}{{}{2}{}{section*.2}{}}\n";
    CHECK(next(kFls, "", labelled, moved) == NextPass::Again);
}

TEST_CASE("anything but the .aux read back is left to latexmk") {
    // A table of contents: missed on the first pass, then read back after it is written.
    CHECK(next(kFls + "OUTPUT cv-long.toc\n", "No file cv-long.toc.\n", kAuxOnePage, kAuxOnePage) ==
          NextPass::Latexmk);
    CHECK(next(kFls + "INPUT cv-long.toc\nOUTPUT cv-long.toc\n", "", kAuxOnePage, kAuxOnePage) ==
          NextPass::Latexmk);
    // BibTeX's output, missed; hyperref's .out, written; a write outside the folder.
    CHECK(next(kFls, "No file cv-long.bbl.\n", kAuxOnePage, kAuxOnePage) == NextPass::Latexmk);
    CHECK(next(kFls + "OUTPUT cv-long.out\n", "", kAuxOnePage, kAuxOnePage) == NextPass::Latexmk);
    CHECK(next(kFls + "OUTPUT /tmp/x.tex\n", "", kAuxOnePage, kAuxOnePage) == NextPass::Latexmk);
    // No recorder list, or one cut short before it names the log.
    CHECK(next("", "", kAuxOnePage, kAuxOnePage) == NextPass::Latexmk);
    CHECK(next("PWD /b\nINPUT cv-long.tex\n", "", kAuxOnePage, kAuxOnePage) == NextPass::Latexmk);
    // A database named in the .aux: latexmk runs BibTeX.
    CHECK(next(kFls, "", kAuxOnePage, kAuxOnePage + "\\bibdata{refs}\n") == NextPass::Latexmk);
}
