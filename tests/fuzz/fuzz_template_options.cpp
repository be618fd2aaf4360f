// libFuzzer target: arbitrary bytes as a template's template.toml (a template folder may be
// anyone's) through parse_manifest, with the built-in TeX templates' common option set
// (builtin_templates/common/options.toml) for `common_options = true`; then each declared
// option resolved with no settings (its default checked against its own declaration) and
// described as `mkcv templates --options` prints it. Bad input must only ever produce
// diagnostics.
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>

#include "fuzz_common.h"
#include "render/template_manifest.h"

namespace {

const mkcv::OptionDeclarations& common_options() {
    static const mkcv::OptionDeclarations common = [] {
        const std::string path =
            (mkcv::builtin_template_root() / "common" / "options.toml").string();
        std::ifstream in(path);
        std::stringstream text;
        text << in.rdbuf();
        mkcv::Diagnostics diagnostics;
        auto declarations = mkcv::parse_common_options(text.str(), path, diagnostics);
        if (declarations.empty() || diagnostics.has_errors())
            __builtin_trap();  // without the common set, common_options = true tests nothing
        return declarations;
    }();
    return common;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace mkcv;
    const std::string text(reinterpret_cast<const char*>(data), size);
    Diagnostics diagnostics;
    const TemplateManifest manifest =
        parse_manifest(text, "template.toml", diagnostics, common_options());
    if (manifest.options.size() > kMaxOptions + common_options().size())
        __builtin_trap();  // declarations are bounded
    (void)describe_options(manifest.options);
    const OptionSettings none;
    Diagnostics resolve_diagnostics;
    (void)resolve_options(manifest.options, none, &none, "cv.toml", resolve_diagnostics);
    fuzz::print_all_formats(diagnostics, {{"template.toml", text}});
    return 0;
}
