#include "tex/debian_packages.h"

#include <map>

namespace mkcv {

std::string package_for_program(const std::string& program) {
    static const std::map<std::string, std::string> known = {
        {"latexmk", "latexmk"},
        {"xelatex", "texlive-xetex"},
        {"lualatex", "texlive-luatex"},
        {"pdflatex", "texlive-latex-base"},
        {"kpsewhich", "texlive-binaries"},
        {"fc-list", "fontconfig"},
    };
    const auto found = known.find(program);
    return found != known.end() ? found->second : "the package holding " + program;
}

std::string package_for_tex_package(const std::string& name) {
    // Debian 12's texlive packages, as `dpkg -S $(kpsewhich NAME.sty)` answers.
    static const std::map<std::string, std::string> known = {
        {"geometry", "texlive-latex-base"},
        {"hyperref", "texlive-latex-base"},
        {"bookmark", "texlive-latex-base"},
        {"pdfpages", "texlive-latex-recommended"},
        {"graphicx", "texlive-latex-base"},
        {"amsmath", "texlive-latex-base"},
        {"url", "texlive-latex-base"},
        {"fontspec", "texlive-latex-recommended"},
        {"xcolor", "texlive-latex-recommended"},
        {"fancyhdr", "texlive-latex-base"},
        {"booktabs", "texlive-latex-recommended"},
        {"unicode-math", "texlive-latex-recommended"},
        {"polyglossia", "texlive-latex-recommended"},
        {"enumitem", "texlive-latex-extra"},
        {"etoolbox", "texlive-latex-recommended"},
        {"titlesec", "texlive-latex-extra"},
        {"tabularx", "texlive-latex-base"},
        {"xeCJK", "texlive-lang-cjk"},
        {"ctex", "texlive-lang-chinese"},
        {"fontawesome5", "texlive-fonts-extra"},
        {"mylatexformat", "texlive-latex-extra"},
        {"paracol", "texlive-latex-extra"},
        {"accsupp", "texlive-latex-extra"},
        {"needspace", "texlive-latex-extra"},
        {"extsizes", "texlive-latex-recommended"},
        {"ctexhook", "texlive-lang-chinese"},
    };
    const auto found = known.find(name);
    if (found != known.end())
        return found->second;
    return "the package holding " + name + ".sty (apt-file search " + name + ".sty)";
}

std::vector<std::string> tex_packages_loaded_by(const std::string& name) {
    // As `kpsewhich` and `dpkg -S` answer on Debian 12 for xeCJK.sty's \RequirePackage lines.
    if (name == "xeCJK")
        return {"ctexhook"};
    return {};
}

std::string package_for_font(const std::string& family) {
    const auto has = [&family](const char* part) { return family.find(part) != std::string::npos; };
    if (family.rfind("Noto", 0) == 0) {
        if (has("CJK"))
            return "fonts-noto-cjk";
        if (has("Emoji"))
            return "fonts-noto-color-emoji";
        return "fonts-noto-core";
    }
    if (family.rfind("Latin Modern", 0) == 0)
        return "fonts-lmodern";
    if (family.rfind("TeX Gyre", 0) == 0)
        return "tex-gyre";
    if (family.rfind("DejaVu", 0) == 0)
        return "fonts-dejavu-core";
    if (family == "Symbola")
        return "fonts-symbola";
    if (family.rfind("Liberation", 0) == 0)
        return "fonts-liberation2";
    if (family.rfind("Libertinus", 0) == 0)
        return "fonts-libertinus";
    if (family.rfind("EB Garamond", 0) == 0)
        return "fonts-ebgaramond";
    if (family.rfind("Source Han", 0) == 0)
        return "fonts-noto-cjk";
    return "a package with the font \"" + family + "\" (apt-cache search " + family + ")";
}

bool is_package_name(const std::string& answer) {
    return answer.find(' ') == std::string::npos;
}

}  // namespace mkcv
