#include "tex/tex_version.h"

#include <chrono>

#include "util/process.h"

namespace mkcv {

std::string version_line(const std::string& output) {
    constexpr std::size_t kMaxLength = 200;
    std::size_t start = 0;
    while (start < output.size()) {
        std::size_t end = output.find('\n', start);
        if (end == std::string::npos)
            end = output.size();
        std::string line = output.substr(start, end - start);
        const auto first = line.find_first_not_of(" \t\r");
        if (first != std::string::npos) {
            line = line.substr(first, line.find_last_not_of(" \t\r") - first + 1);
            return line.substr(0, kMaxLength);
        }
        start = end + 1;
    }
    return {};
}

std::string tex_version(const std::string& engine) {
    ProcessSpec spec;
    spec.program = find_program(engine);
    if (spec.program.empty())
        return {};
    spec.args = {"--version"};
    // A TeX engine answers at once; a broken installation must not hold `mkcv --version`.
    spec.timeout = std::chrono::seconds(5);
    const ProcessOutcome outcome = run_process(spec);
    if (outcome.status != ProcessOutcome::Status::Exited || outcome.exit_code != 0)
        return {};
    return version_line(outcome.output);
}

}  // namespace mkcv
