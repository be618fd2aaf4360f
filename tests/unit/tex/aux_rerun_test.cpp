#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include "tex/aux_rerun.h"

using namespace mkcv;

namespace {

// The lines of `aux` that latexmk would still hash under the rules: Perl runs the rules
// exactly as latexmk's -e does. Empty when every line is ignored.
std::string lines_kept(const std::string& rules, const std::string& aux) {
    static int calls = 0;
    const std::filesystem::path dir =
        std::filesystem::temp_directory_path() /
        ("mkcv-rerun-test-" + std::to_string(::getpid()) + "-" + std::to_string(++calls));
    std::filesystem::create_directories(dir);
    const std::string aux_path = dir / "cv.aux", script_path = dir / "rules.pl",
                      out_path = dir / "kept";
    std::ofstream(aux_path) << aux;
    std::ofstream(script_path)
        << rules
        << "\nopen(my $f, '<', $ARGV[0]) or die;\n"
           "while (<$f>) { print unless /$hash_calc_ignore_pattern{'aux'}/ }\n";
    const std::string command = "perl " + script_path + " " + aux_path + " > " + out_path + " 2>&1";
    REQUIRE(std::system(command.c_str()) == 0);
    std::ifstream in(out_path);
    std::string kept((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::filesystem::remove_all(dir);
    return kept;
}

// What hyperref 7.00 and LaTeX 2022 write for a two-page CV without labels.
const std::string kHyperrefAux = R"(\relax 
\providecommand\hyper@newdestlabel[2]{}
\providecommand\HyperFirstAtBeginDocument{\AtBeginDocument}
\HyperFirstAtBeginDocument{\ifx\hyper@anchor\@undefined
\global\let\oldnewlabel\newlabel
\gdef\newlabel#1#2{\newlabelxx{#1}#2}
\gdef\newlabelxx#1#2#3#4#5#6{\oldnewlabel{#1}{{#2}{#3}}}
\AtEndDocument{\ifx\hyper@anchor\@undefined
\let\newlabel\oldnewlabel
\fi}
\fi}
\global\let\hyper@last\relax 
\gdef\HyperFirstAtBeginDocument#1{#1}
\providecommand*\HyPL@Entry[1]{}
\HyPL@Entry{0<</S/D>>}
\gdef \@abspage@last{2}
)";

}  // namespace

TEST_CASE("hyperref's constant .aux lines and the page count need no second pass") {
    CHECK(lines_kept(latexmk_aux_rules(false), kHyperrefAux).empty());
}

TEST_CASE("the page count counts when the document may read it") {
    CHECK(lines_kept(latexmk_aux_rules(true), kHyperrefAux) == "\\gdef \\@abspage@last{2}\n");
}

TEST_CASE("labels and page labels other than the default still cause a second pass") {
    const std::string aux = kHyperrefAux +
                            "\\newlabel{LastPage}{{}{2}{}{page.2}{}}\n"
                            "\\HyPL@Entry{0<</S/r>>}\n";
    CHECK(lines_kept(latexmk_aux_rules(false), aux) ==
          "\\newlabel{LastPage}{{}{2}{}{page.2}{}}\n\\HyPL@Entry{0<</S/r>>}\n");
}

TEST_CASE("documents that may read the page count are recognised") {
    CHECK_FALSE(may_read_page_total("\\documentclass{article}\\usepackage{hyperref}"));
    CHECK(may_read_page_total("page \\thepage\\ of \\PreviousTotalPages"));
    CHECK(may_read_page_total("\\usepackage{lastpage} \\pageref{LastPage}"));
    CHECK(may_read_page_total("\\AddToHook{shipout/lastpage}{x}"));
    CHECK(may_read_page_total("\\DocumentMetadata{}"));
    CHECK(may_read_page_total("\\usepackage[atend]{bookmark}"));
}

TEST_CASE("mkcv keeps the .aux lines latexmk's rules keep, as Perl runs them") {
    const std::string labels = kHyperrefAux +
                               "\\newlabel{education}{{}{1}{}{section*.2}{}}\r\n"
                               "\\gdef \\@abspage@last{12}\n"
                               "\\relax \\relax \n"
                               "\\HyPL@Entry{0<</S/r>>}";  // a last line without its end
    for (const std::string& aux : {kHyperrefAux, labels, std::string(kTrivialAux), std::string()})
        for (const bool page_total_matters : {false, true}) {
            INFO(aux << (page_total_matters ? " (page total matters)" : ""));
            CHECK(aux_lines_that_count(aux, page_total_matters) ==
                  lines_kept(latexmk_aux_rules(page_total_matters), aux));
        }
}

TEST_CASE(
    "latexmk's trivial .aux and hyperref's for a longer document differ only in lines "
    "that do not count") {
    CHECK(aux_lines_that_count(kTrivialAux, false) == aux_lines_that_count(kHyperrefAux, false));
    CHECK(aux_lines_that_count(kTrivialAux, true) != aux_lines_that_count(kHyperrefAux, true));
}
