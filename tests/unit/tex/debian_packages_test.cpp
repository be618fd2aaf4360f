#include "tex/debian_packages.h"

#include <catch2/catch.hpp>

using namespace mkcv;

TEST_CASE("programs, LaTeX packages and fonts map to the Debian packages that bring them") {
    CHECK(package_for_program("latexmk") == "latexmk");
    CHECK(package_for_program("xelatex") == "texlive-xetex");
    CHECK(package_for_program("lualatex") == "texlive-luatex");
    CHECK(package_for_tex_package("xeCJK") == "texlive-lang-cjk");
    CHECK(package_for_tex_package("enumitem") == "texlive-latex-extra");
    CHECK(package_for_tex_package("fontspec") == "texlive-latex-recommended");
    CHECK(package_for_font("Noto Serif CJK SC") == "fonts-noto-cjk");
    CHECK(package_for_font("Noto Naskh Arabic") == "fonts-noto-core");
    CHECK(package_for_font("Latin Modern Roman") == "fonts-lmodern");
    CHECK(package_for_font("EB Garamond") == "fonts-ebgaramond");
    // The last fallback for emoji and symbols (mkcv-base's \mkcvfallbackfonts).
    CHECK(package_for_font("Symbola") == "fonts-symbola");
}

TEST_CASE("an unknown name says how to look its package up") {
    const std::string sty = package_for_tex_package("mystyle");
    CHECK(sty.find("apt-file search mystyle.sty") != std::string::npos);
    CHECK_FALSE(is_package_name(sty));
    CHECK(is_package_name(package_for_font("Noto Sans")));
    CHECK(package_for_font("Fancy Font").find("\"Fancy Font\"") != std::string::npos);
}
