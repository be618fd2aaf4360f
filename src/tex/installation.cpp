#include "tex/installation.h"

#include <cstdlib>
#include <filesystem>
#include <vector>

#include <sys/stat.h>
#include <unistd.h>

#include "util/process.h"

namespace fs = std::filesystem;

namespace mkcv {
namespace {

// "path size mtime" of each that exists; one line each.
std::string describe(const std::vector<fs::path>& paths) {
    std::string out;
    for (const auto& path : paths) {
        struct stat info {};
        if (::stat(path.c_str(), &info) != 0)
            continue;
        out += path.string() + ' ' + std::to_string(info.st_size) + ' ' +
               std::to_string(info.st_mtim.tv_sec) + '.' + std::to_string(info.st_mtim.tv_nsec) +
               '\n';
    }
    return out;
}

// The program as PATH finds it, symbolic links followed; empty when it is not there.
fs::path real_program(const std::string& name) {
    const fs::path found = find_program(name);
    std::error_code ec;
    const fs::path real = found.empty() ? found : fs::canonical(found, ec);
    return ec ? found : real;
}

// The folder of web2c formats an engine's format is made in ("xetex" for xelatex).
std::string format_folder(const std::string& engine) {
    if (engine == "xelatex")
        return "xetex";
    if (engine == "pdflatex")
        return "pdftex";
    if (engine == "lualatex")
        return "luahbtex";
    return engine;
}

fs::path home() {
    const char* value = std::getenv("HOME");
    return value ? fs::path(value) : fs::path();
}

}  // namespace

std::string tex_installation_identity(const std::string& engine) {
    const fs::path program = real_program(engine);
    std::vector<fs::path> files{program, real_program("latexmk")};
    const std::string format = format_folder(engine) + "/" + engine + ".fmt";
    // Debian's texlive packages, then a TeX Live installed by its own installer, whose
    // binaries live in <root>/bin/<platform>/.
    files.push_back("/var/lib/texmf/web2c/" + format);
    files.push_back("/usr/share/texlive/texmf-dist/ls-R");
    files.push_back("/usr/share/texmf/ls-R");
    files.push_back("/var/lib/texmf/ls-R");
    if (!program.empty()) {
        const fs::path root = program.parent_path().parent_path().parent_path();
        files.push_back(root / "texmf-var" / "web2c" / format);
        files.push_back(root / "texmf-dist" / "ls-R");
    }
    return describe(files);
}

std::string font_identity() {
    std::vector<fs::path> folders{"/usr/share/fonts", "/usr/local/share/fonts",
                                  "/var/cache/fontconfig"};
    const char* cache = std::getenv("XDG_CACHE_HOME");
    const fs::path user = home();
    folders.push_back(cache && *cache ? fs::path(cache) / "fontconfig"
                                      : user / ".cache" / "fontconfig");
    if (!user.empty()) {
        folders.push_back(user / ".local" / "share" / "fonts");
        folders.push_back(user / ".fonts");
    }
    return describe(folders);
}

}  // namespace mkcv
