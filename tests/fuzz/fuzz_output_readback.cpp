// libFuzzer target: the read-back of an HTML or Markdown output (render/html_check.h,
// render/markdown_check.h) and the scan of a template's own markup (render/template_markup.h).
// The bytes before the first NUL are the template's text, the rest the output, which a
// template may fill with anything a CV holds. A crash, sanitizer report or hang is a bug.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "render/html_check.h"
#include "render/markdown_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace mkcv;
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    const std::size_t nul = bytes.find('\0');
    const std::string_view tmpl = bytes.substr(0, nul);
    const std::string_view output = nul == std::string_view::npos ? bytes : bytes.substr(nul + 1);
    TemplateMarkup markup;
    add_markup_of(tmpl, markup);
    (void)html_problem(output, markup);
    (void)markdown_problem(output, markup);
    return 0;
}
