#include "cv/sync_settings.h"

#include <algorithm>
#include <filesystem>

namespace mkcv {
namespace {

bool ascii_alnum(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

bool digits(const std::string& s) {
    return !s.empty() &&
           std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace

std::optional<std::string> dblp_pid_problem(const std::string& pid) {
    const std::string hint =
        "a DBLP person id is the part after dblp.org/pid/, e.g. \"l/MichaelLey\" or \"12/3456\"";
    const std::size_t slash = pid.find('/');
    if (pid.size() > 128 || slash == std::string::npos || slash == 0 || slash + 1 == pid.size() ||
        pid.find('/', slash + 1) != std::string::npos)
        return hint;
    const std::string head = pid.substr(0, slash), tail = pid.substr(slash + 1);
    if (!std::all_of(head.begin(), head.end(),
                     [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); }))
        return hint;
    if (!std::all_of(tail.begin(), tail.end(),
                     [](char c) { return ascii_alnum(c) || c == '-' || c == '_'; }) ||
        tail.front() == '-' || tail.back() == '-')
        return hint;
    return std::nullopt;
}

std::optional<std::string> openalex_id_problem(const std::string& id) {
    if (id.size() >= 2 && id.size() <= 20 && (id[0] == 'A' || id[0] == 'a') && digits(id.substr(1)))
        return std::nullopt;
    return "an OpenAlex author id is A and digits, e.g. \"A5023888391\" (the end of "
           "https://openalex.org/A5023888391)";
}

std::optional<std::string> semantic_scholar_id_problem(const std::string& id) {
    if (id.size() <= 32 && digits(id))
        return std::nullopt;
    return "a Semantic Scholar author id is digits, e.g. \"1723755\" (the end of the author "
           "page's address)";
}

std::optional<std::string> arxiv_query_problem(const std::string& query) {
    if (query.empty() || query.size() > 200)
        return "write the author's name, e.g. \"Adrian Del Maestro\"";
    for (char c : query)
        if (c == ':' || c == '"' || c == '(' || c == ')' || static_cast<unsigned char>(c) < 0x20)
            return "write only the author's name, e.g. \"Adrian Del Maestro\": mkcv makes the "
                   "query";
    return std::nullopt;
}

std::optional<std::string> sync_file_problem(const std::string& path) {
    const std::filesystem::path p(path);
    if (path.empty() || p.is_absolute() || path.find('\\') != std::string::npos ||
        path.find('\0') != std::string::npos)
        return "`file` is a path relative to cv.toml's folder, e.g. \"publications.sync.bib\"";
    for (const auto& part : p)
        if (part == "..")
            return "`file` must stay inside cv.toml's folder (no \"..\")";
    if (p.extension() != ".bib")
        return "`file` is a BibTeX file: its name ends in .bib";
    return std::nullopt;
}

}  // namespace mkcv
