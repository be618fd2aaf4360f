#include "cv/cv_folder.h"

namespace fs = std::filesystem;

namespace mkcv {

fs::path inside_cv_folder(const fs::path& cv_path, const std::string& written, PathProblem& problem,
                          std::string& error) {
    problem = PathProblem::None;
    if (fs::path(written).is_absolute() || written.find('\0') != std::string::npos) {
        problem = PathProblem::Absolute;
        return {};
    }
    std::error_code ec;
    const fs::path folder =
        fs::canonical(cv_path.parent_path().empty() ? fs::path(".") : cv_path.parent_path(), ec);
    if (ec) {
        problem = PathProblem::NoFolder;
        return {};
    }
    const fs::path resolved = fs::canonical(folder / written, ec);
    if (ec) {
        problem = PathProblem::Unreadable;
        error = ec.message();
        return {};
    }
    const fs::path inside = resolved.lexically_relative(folder);
    if (inside.empty() || *inside.begin() == "..") {
        problem = PathProblem::Outside;
        return {};
    }
    return resolved;
}

}  // namespace mkcv
