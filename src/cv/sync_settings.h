// The values of `[sync]` (cv/model.h: SyncSettings), checked one by one: why an id cannot
// be one of its source's, or nothing when it can. The loader reports each at its position.
#pragma once

#include <optional>
#include <string>

namespace mkcv {

// A DBLP person id: "l/MichaelLey", "12/3456", "12/3456-1" (what follows dblp.org/pid/).
std::optional<std::string> dblp_pid_problem(const std::string& pid);
// An OpenAlex author id: "A" and digits, "A5023888391" (a URL to it is refused: give the id).
std::optional<std::string> openalex_id_problem(const std::string& id);
// A Semantic Scholar author id: digits, "1723755".
std::optional<std::string> semantic_scholar_id_problem(const std::string& id);
// An arXiv author query: a name, no search syntax (":", quotes, parentheses).
std::optional<std::string> arxiv_query_problem(const std::string& query);
// `[sync] file`: a .bib path relative to cv.toml's folder and inside it.
std::optional<std::string> sync_file_problem(const std::string& path);

}  // namespace mkcv
