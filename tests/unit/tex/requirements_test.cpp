#include "tex/requirements.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include <catch2/catch.hpp>

using namespace mkcv;

TEST_CASE("packages come from usepackage and RequirePackage, options and lists included") {
    TexRequirements found;
    scan_tex_requirements(
        "\\documentclass{article}\n"
        "\\usepackage[margin=2cm]{geometry}\n"
        "\\usepackage{xcolor, enumitem}\n"
        "\\RequirePackage [unicode,colorlinks] {hyperref}\n"
        "% \\usepackage{commented}\n"
        "\\usepackage{<<package>>}\n"
        "100\\% \\usepackage{afterpercent}\n",
        found);
    CHECK(found.packages ==
          std::set<std::string>{"geometry", "xcolor", "enumitem", "hyperref", "afterpercent"});
}

TEST_CASE("fonts come from fontspec's commands and mkcv's font macros, and macros are skipped") {
    TexRequirements found;
    scan_tex_requirements(
        "\\newcommand\\mkcvmainfont{Noto Serif}\n"
        "\\newcommand{\\mkcvsansfont}{Noto Sans}\n"
        "\\newcommand\\mkcvscriptfont[3]{\\newfontfamily#1{#2}}\n"
        "\\setmainfont{\\mkcvmainfont}[Ligatures=TeXOff]\n"
        "\\setCJKmainfont[BoldFont=X]{Noto Serif CJK SC}\n"
        "\\newfontfamily\\headingfont[Scale=1.1]{Latin Modern Roman}\n"
        "\\mkcvscriptfont{arabic}{Noto Naskh Arabic}{Script=Arabic}\n"
        "\\setsansfont{texgyreheros-regular.otf}\n"
        "\\newcommand\\othermacro{Not A Font}\n",
        found);
    CHECK(found.fonts == std::set<std::string>{"Noto Serif", "Noto Sans", "Noto Serif CJK SC",
                                               "Latin Modern Roman", "Noto Naskh Arabic"});
}

TEST_CASE(
    "a CJK font is a requirement of CJK text only: mkcv's CJK font macros, the xeCJK "
    "section") {
    TexRequirements found;
    scan_tex_requirements(
        "\\newcommand\\mkcvmainfont{Noto Serif}\n"
        "\\newcommand\\mkcvcjkmainfont{Noto Serif CJK \\mkcvcjkregion}\n"
        "\\renewcommand{\\mkcvcjksansfont}{Noto Sans CJK \\mkcvcjkregion}\n"
        "<<#meta.xecjk>>\\setCJKmonofont{Noto Sans Mono CJK SC}\n"
        "\\newfontfamily\\both{Noto Sans}<</meta.xecjk>>\n"
        "\\setsansfont{Noto Sans}\n",
        found);
    CHECK(found.fonts == std::set<std::string>{"Noto Serif", "Noto Sans"});
    // A font named both in and out of a CJK section is needed by every CV.
    CHECK(found.cjk_fonts ==
          std::set<std::string>{"Noto Serif CJK SC", "Noto Sans CJK SC", "Noto Sans Mono CJK SC"});
    // xeCJK's \setCJKmainfont outside the section loads its font in every build.
    TexRequirements always;
    scan_tex_requirements("\\usepackage{xeCJK}\\setCJKmainfont{Noto Serif CJK JP}", always);
    CHECK(always.fonts == std::set<std::string>{"Noto Serif CJK JP"});
    CHECK(always.cjk_fonts.empty());
}

TEST_CASE("the scan is bounded and survives unbalanced input") {
    TexRequirements found;
    scan_tex_requirements("\\usepackage{unclosed \\setmainfont{", found);
    scan_tex_requirements("\\usepackage{" + std::string(500, 'a') + "}", found);
    CHECK(found.packages.empty());
    CHECK(found.fonts.empty());
    std::string many;
    for (int i = 0; i < 2000; ++i)
        many += "\\usepackage{p" + std::to_string(i) + "}";
    scan_tex_requirements(many, found);
    CHECK(found.packages.size() == kMaxRequirements);
}

TEST_CASE("the built-in base preamble names the packages and fonts the templates need") {
    const std::filesystem::path base = std::filesystem::path(MKCV_TEST_SOURCE_DIR) /
                                       "builtin_templates" / "common" / "mkcv-base.tex.mustache";
    std::ifstream in(base);
    std::stringstream text;
    text << in.rdbuf();
    TexRequirements found;
    scan_tex_requirements(text.str(), found);
    CHECK(found.packages.count("fontspec") == 1);
    // Only a CV with CJK text of some length loads xeCJK (a <<#meta.xecjk>> section).
    CHECK(found.packages.count("xeCJK") == 0);
    CHECK(found.cjk_packages.count("xeCJK") == 1);
    CHECK(found.fonts.count("Noto Sans Arabic") == 1);
    CHECK(found.fonts.count("Noto Sans Math") == 1);
    // The page's CJK fonts (Noto CJK, fonts-noto-cjk) only for a CV with CJK text.
    std::ifstream page_in(base.parent_path() / "mkcv-page.tex.mustache");
    std::stringstream page;
    page << page_in.rdbuf();
    scan_tex_requirements(page.str(), found);
    CHECK(found.cjk_fonts == std::set<std::string>{"Noto Serif CJK SC", "Noto Sans CJK SC"});
    for (const auto& font : found.fonts)
        CHECK(font.find("CJK") == std::string::npos);
}
