// `mkcv import`: a JSON Resume, RenderCV or YAMLResume file → the text of a cv.toml, with a
// summary of what went where. The format is given or detected from the file's top-level
// keys; the written text is loaded and validated by the real cv loader before it is handed
// back, so an import that succeeds gives a cv.toml mkcv builds as it is.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "import/mapping.h"
#include "util/diagnostics.h"

namespace mkcv {

enum class ImportFormat { JsonResume, RenderCv, YamlResume, Generic };

// "jsonresume", "rendercv", "yamlresume", "generic".
std::string_view import_format_name(ImportFormat format);
std::optional<ImportFormat> parse_import_format(std::string_view name);

struct ImportOutcome {
    std::optional<std::string> toml;  // set when there was no error
    std::optional<ImportFormat> format;
    bool detected = false;  // the format was told from the file, not --from
    std::string evidence;   // why it was told so: "has cv.sections"; empty with --from
    std::vector<MappedValue> summary;
    std::size_t values_imported = 0;
    Diagnostics diagnostics;  // about `file`, and about the cv.toml when it failed
    SourceTexts sources;      // for printing them with their lines
};

// `file` names the input in messages; `text` is its content; `written_name` is how the
// cv.toml is named in messages if it fails to validate.
ImportOutcome import_cv(const std::string& file, const std::string& text,
                        std::optional<ImportFormat> from, const std::string& written_name);

// The summary as printed on standard error: one `from → to` line per move, then the count.
std::string format_import_summary(const ImportOutcome& outcome);

}  // namespace mkcv
