#include "render/template_scaffold.h"

#include <regex>

#include "util/file_io.h"

namespace fs = std::filesystem;

namespace mkcv {

fs::path new_template(const ScaffoldRequest& request, const TemplateSearchPath& search,
                      Diagnostics& diagnostics) {
    if (!is_template_name(request.name)) {
        diagnostics.error(
            "mkcv", {}, "template",
            "\"" + request.name + "\" is not a template name (letters, digits, - and _)",
            "a name is a folder name, never a path");
        return {};
    }
    const fs::path root = request.root.empty() ? user_template_root() : request.root;
    if (root.empty()) {
        diagnostics.error("mkcv", {}, "template", "no user template folder: HOME is not set",
                          "give one with --template-dir DIR");
        return {};
    }
    const auto source = load_template(request.from, search, diagnostics);
    if (!source)
        return {};
    const fs::path target = root / request.name;
    std::error_code ec;
    // A link is copied by no one: a template holding one would copy whatever it points to
    // into the new template (fs::copy follows links).
    for (fs::recursive_directory_iterator it(source->dir, ec), end; !ec && it != end;
         it.increment(ec))
        if (it->is_symlink(ec)) {
            diagnostics.error(it->path().string(), {}, "template",
                              "is a symbolic link; mkcv template new copies no link",
                              "copy a template without links, or replace the link by its file");
            return {};
        }
    if (ec) {
        diagnostics.error(source->dir.string(), {}, "io",
                          "cannot read the template: " + ec.message());
        return {};
    }
    // The name itself, not where it leads: a link there (even to nothing) is refused too.
    if (fs::is_symlink(fs::symlink_status(target, ec))) {
        diagnostics.error(target.string(), {}, "template",
                          "is a symbolic link; mkcv template new follows no link",
                          "choose another name, or remove the link first");
        return {};
    }
    if (fs::exists(target, ec)) {
        diagnostics.error(target.string(), {}, "template",
                          "already exists; mkcv overwrites nothing",
                          "choose another name, or remove the folder first");
        return {};
    }
    // Copy into a temporary folder beside the target, then rename: never a half-made template.
    const fs::path temporary = root / ("." + request.name + ".new");
    fs::remove_all(temporary, ec);
    fs::create_directories(temporary, ec);
    if (!ec)
        fs::copy(source->dir, temporary, fs::copy_options::recursive, ec);
    std::string manifest;
    if (!ec && read_file(temporary / "template.toml", manifest)) {
        static const std::regex name_line(R"((^|\n)name\s*=\s*"[^"\n]*")");
        const std::string line = "name = \"" + request.name + "\"";
        manifest = std::regex_search(manifest, name_line)
                       ? std::regex_replace(manifest, name_line, "$1" + line,
                                            std::regex_constants::format_first_only)
                       : line + "\n" + manifest;
        if (!write_file_atomically(temporary / "template.toml", manifest))
            ec = std::make_error_code(std::errc::io_error);
    }
    if (!ec)
        fs::rename(temporary, target, ec);
    if (ec) {
        fs::remove_all(temporary, ec);
        diagnostics.error(target.string(), {}, "io", "cannot create the template: " + ec.message());
        return {};
    }
    return target;
}

}  // namespace mkcv
