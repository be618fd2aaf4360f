#include "tex/debian_packages.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "render/template_set.h"
#include "tex/requirements.h"

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

namespace {

// A CMake list of packaging/package.cmake: set(NAME a b c), over several lines.
std::set<std::string> cmake_list(const std::string& name) {
    std::ifstream in(std::filesystem::path(MKCV_TEST_SOURCE_DIR) / "packaging" / "package.cmake");
    std::stringstream text;
    text << in.rdbuf();
    const std::string all = text.str();
    const auto start = all.find("set(" + name);
    REQUIRE(start != std::string::npos);
    const auto end = all.find(')', start);
    std::istringstream words(all.substr(start + 4 + name.size(), end - start - 4 - name.size()));
    std::set<std::string> packages;
    for (std::string word; words >> word;)
        packages.insert(word);
    return packages;
}

// Every built-in LaTeX template, loaded, by name.
std::vector<std::pair<std::string, Template>> builtin_latex_templates() {
    const TemplateSearchPath search{{{builtin_template_root(), "built-in"}}};
    std::vector<std::pair<std::string, Template>> out;
    for (const TemplateListing& listing : list_templates(search)) {
        Diagnostics d;
        auto tmpl = load_template(listing.name, search, d);
        REQUIRE(tmpl);
        if (tmpl->manifest.format == TextFormat::Latex)
            out.emplace_back(listing.name, std::move(*tmpl));
    }
    return out;
}

// What a built-in template's files load and name, as `mkcv doctor` reads them.
TexRequirements needs_of(const Template& tmpl) {
    TexRequirements needs;
    scan_tex_requirements(tmpl.main.text, needs);
    for (const auto& [name, file] : tmpl.partials)
        scan_tex_requirements(file.text, needs);
    for (const auto& option : tmpl.manifest.options)
        if (option.type == OptionType::Font && !option.default_value.text.empty())
            needs.fonts.insert(option.default_value.text);
    return needs;
}

}  // namespace

// What `apt-get install --no-install-recommends` of the package gives must build every
// built-in template; what only CJK text loads may be a Recommends. Checked from the
// templates' own text, as `mkcv doctor` reads it, against the package's lists, so a
// \usepackage or a font added to a template without its Debian package fails here.
TEST_CASE("every built-in TeX template's packages and fonts come with the Debian package") {
    const std::set<std::string> depends = cmake_list("MKCV_RUNTIME_PACKAGES");
    const std::set<std::string> recommends = cmake_list("MKCV_RECOMMENDED_PACKAGES");
    REQUIRE(depends.count("texlive-xetex") == 1);
    // What texlive-xetex itself depends on (geometry, hyperref, graphicx, bookmark).
    std::set<std::string> installed = depends;
    installed.insert({"texlive-latex-base", "texlive-base"});
    const auto templates = builtin_latex_templates();
    std::set<std::string> used;  // the Debian packages the templates need
    for (const auto& [template_name, tmpl] : templates) {
        const TexRequirements needs = needs_of(tmpl);
        used.insert(package_for_program(tmpl.manifest.engine));
        for (const auto& package : needs.packages) {
            INFO(template_name << ": \\usepackage{" << package << "}");
            CHECK(installed.count(package_for_tex_package(package)) == 1);
            used.insert(package_for_tex_package(package));
        }
        for (const auto& font : needs.fonts) {
            INFO(template_name << ": font " << font);
            CHECK(depends.count(package_for_font(font)) == 1);
            used.insert(package_for_font(font));
        }
        // Fork Awesome's icons are loaded by file (fontspec's Path=), which is no font name.
        std::string text = tmpl.main.text;
        for (const auto& [name, file] : tmpl.partials)
            text += file.text;
        if (text.find("Path=/usr/share/fonts/truetype/fork-awesome/") != std::string::npos) {
            INFO(template_name << ": Fork Awesome by file");
            CHECK(depends.count("fonts-fork-awesome") == 1);
            used.insert("fonts-fork-awesome");
        }
        for (const auto& package : needs.cjk_packages) {
            std::vector<std::string> all = tex_packages_loaded_by(package);
            all.push_back(package);
            for (const auto& name : all) {
                INFO(template_name << ": for CJK text, " << name);
                const std::string debian = package_for_tex_package(name);
                CHECK((depends.count(debian) == 1 || recommends.count(debian) == 1));
                used.insert(debian);
            }
        }
        for (const auto& font : needs.cjk_fonts) {
            INFO(template_name << ": for CJK text, font " << font);
            CHECK((depends.count(package_for_font(font)) == 1 ||
                   recommends.count(package_for_font(font)) == 1));
            used.insert(package_for_font(font));
        }
    }
    CHECK(templates.size() >= 8);
    // Nothing in Depends or Recommends that no template needs, but what runs or is loaded
    // without a \usepackage: latexmk (the passes mkcv does not judge, [build] tex),
    // mylatexformat (the precompiled preamble), extarticle (\documentclass), hyperref's
    // pzdr.tfm (texlive-fonts-recommended).
    used.insert({"latexmk", package_for_tex_package("mylatexformat"),
                 package_for_tex_package("extsizes"), "texlive-fonts-recommended"});
    for (const auto& package : depends) {
        INFO("Depends: " << package);
        CHECK(used.count(package) == 1);
    }
    for (const auto& package : recommends) {
        INFO("Recommends: " << package);
        CHECK(used.count(package) == 1);
    }
}

// A CV without CJK text needs no Noto CJK (89 MB installed), so fonts-noto-cjk is a
// Recommends, as xeCJK's packages are: no built-in template names it for every CV, and
// each names it for CJK text, which `mkcv doctor` reports on a line of its own.
TEST_CASE("fonts-noto-cjk is a debian Recommends: only a CV with CJK text loads Noto CJK") {
    const std::set<std::string> depends = cmake_list("MKCV_RUNTIME_PACKAGES");
    const std::set<std::string> recommends = cmake_list("MKCV_RECOMMENDED_PACKAGES");
    CHECK(recommends.count("fonts-noto-cjk") == 1);
    CHECK(depends.count("fonts-noto-cjk") == 0);
    const auto templates = builtin_latex_templates();
    for (const auto& [template_name, tmpl] : templates) {
        const TexRequirements needs = needs_of(tmpl);
        INFO(template_name);
        for (const auto& font : needs.fonts) {
            INFO("font for every CV: " << font);
            CHECK(package_for_font(font) != "fonts-noto-cjk");
        }
        std::set<std::string> cjk;
        for (const auto& font : needs.cjk_fonts)
            cjk.insert(package_for_font(font));
        CHECK(cjk == std::set<std::string>{"fonts-noto-cjk"});
    }
    CHECK(templates.size() >= 8);
}
