// libFuzzer target: arbitrary bytes as a locale file (builtin_templates/locales/<tag>.toml, or
// one beside a template, which may be anyone's) through parse_locale_file, then every text,
// pattern and date of what it gives, as the context builder uses them. A bad file must only
// ever produce diagnostics; what it gives must stay within its bounds.
#include <cstddef>
#include <cstdint>
#include <string>

#include "cv/locale_file.h"
#include "fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace mkcv;
    const std::string text(reinterpret_cast<const char*>(data), size);
    Diagnostics diagnostics;
    const auto texts = parse_locale_file(text, "fr.toml", diagnostics);
    fuzz::print_all_formats(diagnostics, {{"fr.toml", text}});
    if (!texts)
        return 0;
    LocaleTexts words = *texts;
    for (const LocaleKey& key : locale_keys()) {
        if (key.kind == LocaleKeyKind::Text) {
            if (words.text(key.name).size() > kMaxLocaleTextBytes)
                __builtin_trap();  // the reader bounds every value
        } else if (key.kind == LocaleKeyKind::Pattern) {
            std::map<std::string_view, std::string> values;
            for (const auto placeholder : key.placeholders)
                values[placeholder] = "{name}";  // a value is never read as a placeholder
            (void)words.fill(key.name, values);
        }
    }
    for (const DateStyle style :
         {DateStyle::Short, DateStyle::Long, DateStyle::Numeric, DateStyle::Iso}) {
        words.set_date_style(style);
        for (int month = 0; month <= 12; ++month) {
            (void)words.date({2025, month, month == 0 ? 0 : 28, false});
            (void)words.range(PartialDate{2024, month, 0, false}, PartialDate{0, 0, 0, true});
        }
    }
    (void)words.join({});
    (void)words.join({"A"});
    (void)words.join({"A", "B", "C"});
    LocaleTexts english;
    english.overlay(words);
    return 0;
}
