#include "cv/photo.h"

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

void load_photo(Cv& cv, const fs::path& cv_path, Diagnostics& diagnostics) {
    Photo& photo = cv.person.photo;
    if (photo.path.empty())
        return;
    const std::string file = cv_path.string();
    const auto refuse = [&](const std::string& message, const std::string& hint = "") {
        diagnostics.error(file, photo.path.pos, "photo", message, hint);
    };
    const fs::path written(photo.path.value);
    if (written.is_absolute() || photo.path.value.find('\0') != std::string::npos)
        return refuse(
            "`photo` must be a path relative to the folder of " + cv_path.filename().string(),
            "put the picture beside cv.toml and write photo = \"photo.jpg\"");
    std::error_code ec;
    const fs::path folder =
        fs::canonical(cv_path.parent_path().empty() ? fs::path(".") : cv_path.parent_path(), ec);
    if (ec)
        return refuse("cannot find the folder of " + cv_path.filename().string());
    const fs::path resolved = fs::canonical(folder / written, ec);
    if (ec)
        return refuse(
            "cannot read the photo \"" + photo.path.value + "\": " + ec.message(),
            "paths in `photo` are relative to the folder of " + cv_path.filename().string());
    const fs::path inside = resolved.lexically_relative(folder);
    if (inside.empty() || *inside.begin() == "..")
        return refuse("the photo \"" + photo.path.value + "\" is outside the folder of " +
                          cv_path.filename().string() + " (symbolic links resolved)",
                      "copy the picture into that folder");
    std::string bytes;
    if (const std::string why = read_regular_file(resolved, bytes, kMaxPhotoBytes); !why.empty())
        return refuse("cannot use the photo \"" + photo.path.value + "\": it " + why,
                      "a photo is a PNG or JPEG file of at most 5 MiB");
    const std::string type = photo_type_of(bytes);
    if (type.empty())
        return refuse("the photo \"" + photo.path.value + "\" is not a PNG or JPEG file",
                      "mkcv reads the file's first bytes, not its name; convert the picture to "
                      "PNG or JPEG");
    photo.bytes = std::move(bytes);
    photo.type = type;
}

}  // namespace mkcv
