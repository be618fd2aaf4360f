#include "tex/machine_probe.h"

#include <cctype>
#include <chrono>
#include <filesystem>

#include "util/process.h"

namespace fs = std::filesystem;

namespace mkcv {
namespace {

// Letters, digits, . _ - and not starting with -: kpsewhich reads it as a file, not an option.
bool plain_file_name(const std::string& name) {
    if (name.empty() || name.front() == '-')
        return false;
    for (const char c : name)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '_' && c != '-')
            return false;
    return true;
}

// kpsewhich consults its file databases, fc-list its caches: both answer in milliseconds,
// unless the installation is broken.
constexpr std::chrono::seconds kProbeTimeout{10};

}  // namespace

std::optional<std::set<std::string>> missing_tex_packages(const std::set<std::string>& names) {
    std::set<std::string> missing;
    ProcessSpec spec;
    spec.program = find_program("kpsewhich");
    if (spec.program.empty())
        return std::nullopt;
    spec.timeout = kProbeTimeout;
    for (const auto& name : names) {
        if (plain_file_name(name))
            spec.args.push_back(name + ".sty");
        else
            missing.insert(name);
    }
    if (spec.args.empty())
        return missing;
    const ProcessOutcome outcome = run_process(spec);
    // kpsewhich exits 1 when any file is missing, and prints the path of each one found.
    if (outcome.status != ProcessOutcome::Status::Exited || outcome.exit_code > 1)
        return std::nullopt;
    std::set<std::string> found;
    std::size_t start = 0;
    while (start < outcome.output.size()) {
        std::size_t end = outcome.output.find('\n', start);
        if (end == std::string::npos)
            end = outcome.output.size();
        found.insert(fs::path(outcome.output.substr(start, end - start)).filename().string());
        start = end + 1;
    }
    for (const auto& file : spec.args)
        if (!found.count(file))
            missing.insert(file.substr(0, file.size() - 4));
    return missing;
}

std::string fontconfig_family_pattern(const std::string& family) {
    std::string pattern;
    for (const char c : family) {
        if (c == '\\' || c == '-' || c == ':' || c == ',')
            pattern += '\\';
        pattern += c;
    }
    return pattern;
}

std::optional<bool> font_installed(const std::string& family) {
    ProcessSpec spec;
    spec.program = find_program("fc-list");
    if (spec.program.empty())
        return std::nullopt;
    spec.args = {"-q", fontconfig_family_pattern(family)};
    spec.timeout = kProbeTimeout;
    const ProcessOutcome outcome = run_process(spec);
    if (outcome.status != ProcessOutcome::Status::Exited || outcome.exit_code > 1)
        return std::nullopt;
    return outcome.exit_code == 0;
}

}  // namespace mkcv
