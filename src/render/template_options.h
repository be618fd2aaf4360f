// Template options: what a template declares it can change (template.toml [options], the
// built-in TeX templates' common set in builtin_templates/common/options.toml) and the values
// one build gives them (the declaration's default, cv.toml [design], then
// [templates.NAME]), each checked against its declaration. Declarations come from template
// folders, which may be anyone's, so they are checked as untrusted input too.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "cv/option_settings.h"
#include "cv/toml_input.h"
#include "util/diagnostics.h"

namespace mkcv {

enum class OptionType { String, Enum, Bool, Number, Length, Colour, Font, Margins };

// "string", "enum" ... as template.toml names them; nullopt for another name.
std::optional<OptionType> option_type_named(const std::string& name);
const std::vector<std::string>& option_type_names();
std::string option_type_name(OptionType type);

// A value as templates see it. Number: as written ("11", "1.15"); Colour: six upper-case
// hex digits; Margins: `sides` top, bottom, left, right, each a length.
struct OptionValue {
    std::string text;
    bool flag = false;
    std::map<std::string, std::string> sides;
};

struct OptionDeclaration {
    std::string name;
    OptionType type = OptionType::String;
    std::string description;
    std::vector<std::string> values;  // Enum: its values; Number: the only ones allowed
    std::optional<double> min, max;   // Number; Length and Margins in points
    OptionValue default_value;
};

using OptionDeclarations = std::vector<OptionDeclaration>;

// Bounds on a declaration, which comes from a template folder.
inline constexpr std::size_t kMaxOptions = 64;
inline constexpr std::size_t kMaxOptionValues = 32;
inline constexpr std::size_t kMaxOptionStringBytes = 200;
inline constexpr std::size_t kMaxFontNameBytes = 64;

// An [options] table: each key an option. A key `inherited` declares only changes its
// default (`[options.paper] default = "letter"`); any other key needs `type`, `default`
// and `description`. Returns `inherited` with the changes, then the new options.
OptionDeclarations parse_option_declarations(const toml::table& table,
                                             const OptionDeclarations& inherited,
                                             const std::string& file_name,
                                             Diagnostics& diagnostics);

// A length "2cm", "0.75in", "18mm", "50pt", "1.2em", "3ex" in points (an em taken as 10pt);
// nullopt for anything else.
std::optional<double> length_in_points(const std::string& text);

// A font family name of ASCII letters, digits, spaces, '-', '_' and '.' (at most 64 bytes,
// no leading, trailing or double space): it is handed to fontconfig and fontspec, and with
// these characters it can be nothing but a name.
bool is_font_name(const std::string& text);

// `setting` as `declaration` takes it, or nullopt after reporting why not to `file`.
std::optional<OptionValue> check_option(const OptionDeclaration& declaration,
                                        const OptionSetting& setting, const std::string& file,
                                        Diagnostics& diagnostics);

// A font option cv.toml sets: fontconfig must know it before TeX runs.
struct FontRequest {
    std::string option;
    std::string family;
    SourcePos pos;
};

struct ResolvedOption {
    std::string name;
    OptionType type = OptionType::String;
    std::vector<std::string> values;  // an enum's values
    OptionValue value;
};

struct ResolvedOptions {
    std::vector<ResolvedOption> values;  // in declaration order
    std::vector<FontRequest> fonts;
    const OptionValue* find(const std::string& name) const;
};

// Defaults, then [design] (keys this template does not declare are left to the others),
// then [templates.NAME] (an unknown key is an error with a did-you-mean hint).
ResolvedOptions resolve_options(const OptionDeclarations& declarations,
                                const OptionSettings& design, const OptionSettings* own,
                                const std::string& cv_file, Diagnostics& diagnostics);

// One line per option for `mkcv templates --options`: name, type, default, allowed values,
// description.
std::string describe_options(const OptionDeclarations& declarations);

}  // namespace mkcv
