#include "render/locale_files.h"

#include "cv/locale.h"
#include "cv/locale_file.h"
#include "util/file_io.h"

namespace fs = std::filesystem;

namespace mkcv {

std::vector<fs::path> locale_files(const std::string& language, const TemplateSearchPath& search) {
    std::vector<std::string> tags{"en"};
    if (!language.empty() && is_language_tag(language)) {
        std::vector<std::string> chain = locale_fallbacks(language);
        for (auto it = chain.rbegin(); it != chain.rend(); ++it)
            if (*it != "en")
                tags.push_back(*it);
    }
    std::vector<fs::path> out;
    for (const auto& tag : tags)
        for (auto it = search.roots.rbegin(); it != search.roots.rend(); ++it) {
            std::error_code ec;
            const fs::path file = it->first / "locales" / (tag + ".toml");
            if (fs::is_regular_file(file, ec))
                out.push_back(file);
        }
    return out;
}

LocaleTexts find_locale_texts(const LocaleSettings& locale, const TemplateSearchPath& search,
                              Diagnostics& diagnostics) {
    LocaleTexts texts;
    for (const fs::path& file : locale_files(locale.language, search)) {
        std::string text;
        if (const std::string why = read_regular_file(file, text, kMaxLocaleFileBytes + 1);
            !why.empty()) {
            diagnostics.error(file.string(), {}, "io", file.string() + " " + why);
            continue;
        }
        if (auto read = parse_locale_file(text, file.string(), diagnostics))
            texts.overlay(*read);
    }
    if (locale.overrides)
        texts.overlay(*locale.overrides);
    return texts;
}

void localize(Cv& cv, const TemplateSearchPath& search, Diagnostics& diagnostics) {
    cv.locale.texts =
        std::make_shared<const LocaleTexts>(find_locale_texts(cv.locale, search, diagnostics));
}

}  // namespace mkcv
