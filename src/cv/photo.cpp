#include "cv/photo.h"

#include "cv/cv_folder.h"
#include "util/ascii.h"
#include "util/file_io.h"

namespace fs = std::filesystem;

namespace mkcv {

std::string photo_type_of(const std::string& bytes) {
    if (bytes.rfind("\x89PNG\r\n\x1a\n", 0) == 0)
        return "png";
    if (bytes.size() > 3 && bytes.rfind("\xFF\xD8\xFF", 0) == 0)
        return "jpeg";
    return "";
}

std::string photo_file_name(const Photo& photo) {
    return photo.type == "png" ? "mkcv-photo.png" : "mkcv-photo.jpg";
}

std::string photo_data_uri(const Photo& photo) {
    static constexpr char kDigits[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    const std::string& in = photo.bytes;
    std::string out = "data:image/" + photo.type + ";base64,";
    out.reserve(out.size() + (in.size() + 2) / 3 * 4);
    std::size_t i = 0;
    for (; i + 2 < in.size(); i += 3) {
        const unsigned n = static_cast<unsigned char>(in[i]) << 16 |
                           static_cast<unsigned char>(in[i + 1]) << 8 |
                           static_cast<unsigned char>(in[i + 2]);
        out += kDigits[n >> 18 & 63];
        out += kDigits[n >> 12 & 63];
        out += kDigits[n >> 6 & 63];
        out += kDigits[n & 63];
    }
    if (i < in.size()) {
        unsigned n = static_cast<unsigned char>(in[i]) << 16;
        if (i + 1 < in.size())
            n |= static_cast<unsigned char>(in[i + 1]) << 8;
        out += kDigits[n >> 18 & 63];
        out += kDigits[n >> 12 & 63];
        out += i + 1 < in.size() ? kDigits[n >> 6 & 63] : '=';
        out += '=';
    }
    return out;
}

void load_picture(Photo& photo, const std::string& what, const fs::path& cv_path,
                  Diagnostics& diagnostics) {
    const std::string file = cv_path.string();
    const std::string cv_name = cv_path.filename().string();
    const auto refuse = [&](const std::string& message, const std::string& hint = "") {
        diagnostics.error(file, photo.path.pos, what, message, hint);
    };
    PathProblem problem;
    std::string error;
    const fs::path resolved = inside_cv_folder(cv_path, photo.path.value, problem, error);
    switch (problem) {
        case PathProblem::Absolute:
            return refuse("`" + what + "` must be a path relative to the folder of " + cv_name,
                          "put the picture beside cv.toml and write " + what + " = \"" +
                              (what == "photo" ? "photo.jpg" : "img/paper.png") + "\"");
        case PathProblem::NoFolder:
            return refuse("cannot find the folder of " + cv_name);
        case PathProblem::Unreadable:
            return refuse("cannot read the " + what + " \"" + photo.path.value + "\": " + error,
                          "paths in `" + what + "` are relative to the folder of " + cv_name);
        case PathProblem::Outside:
            return refuse("the " + what + " \"" + photo.path.value +
                              "\" is outside the folder of " + cv_name +
                              " (symbolic links resolved)",
                          "copy the picture into that folder");
        case PathProblem::None:
            break;
    }
    std::string bytes;
    if (const std::string why = read_regular_file(resolved, bytes, kMaxPhotoBytes); !why.empty())
        return refuse("cannot use the " + what + " \"" + photo.path.value + "\": it " + why,
                      "a " + what + " is a PNG or JPEG file of at most 5 MiB");
    const std::string type = photo_type_of(bytes);
    if (type.empty())
        return refuse("the " + what + " \"" + photo.path.value + "\" is not a PNG or JPEG file",
                      "mkcv reads the file's first bytes, not its name; convert the picture to "
                      "PNG or JPEG");
    photo.bytes = std::move(bytes);
    photo.type = type;
}

bool is_local_bibtex(const Link& link) {
    if (ascii_lower(link.label.value) != "bibtex")
        return false;
    const std::string& url = link.url.value;
    return url.find(':') == std::string::npos && url.size() > 4 &&
           ascii_lower(url.substr(url.size() - 4)) == ".bib";
}

void load_photo(Cv& cv, const fs::path& cv_path, Diagnostics& diagnostics) {
    if (!cv.person.photo.path.empty())
        load_picture(cv.person.photo, "photo", cv_path, diagnostics);
}

void load_paper_files(Cv& cv, const fs::path& cv_path, Diagnostics& diagnostics) {
    for (Publication& p : cv.publications) {
        if (!p.thumbnail.path.empty())
            load_picture(p.thumbnail, "thumbnail", cv_path, diagnostics);
        for (const Link& link : p.links) {
            if (!is_local_bibtex(link))
                continue;
            PathProblem problem;
            std::string why;
            const fs::path resolved = inside_cv_folder(cv_path, link.url.value, problem, why);
            if (problem == PathProblem::None)
                if (std::string not_read =
                        read_regular_file(resolved, p.bibtex_file, kMaxBibtexFileBytes);
                    !not_read.empty())
                    why = "it " + not_read;
            if (problem == PathProblem::Outside)
                why = "it is outside the folder of " + cv_path.filename().string() +
                      " (symbolic links resolved)";
            else if (problem == PathProblem::Absolute)
                why = "it is not a path relative to the folder of " + cv_path.filename().string();
            else if (problem == PathProblem::NoFolder)
                why = "cannot find the folder of " + cv_path.filename().string();
            if (!why.empty())
                diagnostics.error(cv_path.string(), link.url.pos, "url",
                                  "link `" + link.label.value + "` names the file \"" +
                                      link.url.value + "\", which cannot be used: " + why,
                                  "a `bibtex` link is a URL (https://...) or a .bib file in "
                                  "the folder of " +
                                      cv_path.filename().string() +
                                      ", its path relative to it: bibtex = \"paper.bib\"");
        }
    }
}

}  // namespace mkcv
