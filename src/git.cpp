#include "git.h"

#include <cstdlib>
#include <string>

#include <boost/process.hpp>

namespace bp = boost::process;
namespace fs = std::filesystem;

namespace mkcv {

std::optional<long long> last_commit_time(const fs::path& file) {
    const boost::filesystem::path git = bp::search_path("git");
    if (git.empty())
        return std::nullopt;
    std::error_code ec;
    const fs::path absolute = fs::absolute(file, ec);
    if (ec)
        return std::nullopt;
    bp::ipstream out;
    std::error_code start_error;
    // -C: ask about the repository holding the file, wherever mkcv runs from.
    bp::child child(git,
                    bp::args({"-C", absolute.parent_path().string(), "log", "-1", "--format=%ct",
                              "--", absolute.filename().string()}),
                    bp::std_in<bp::null, bp::std_out> out, bp::std_err > bp::null, start_error);
    if (start_error)
        return std::nullopt;
    std::string line, text;
    while (std::getline(out, line))
        text += line;
    child.wait(ec);
    if (ec || child.exit_code() != 0 || text.empty())
        return std::nullopt;
    char* end = nullptr;
    const long long seconds = std::strtoll(text.c_str(), &end, 10);
    if (!end || *end != '\0' || seconds < 0)
        return std::nullopt;
    return seconds;
}

}  // namespace mkcv
