// What a build (or a check) did with each output, as data: for tools, which must never
// read it from the lines printed for people (a title there may hold anything). `mkcv build
// --report FILE` writes it as JSON (docs/diagnostics.md#the-build-report---report-file);
// `mkcv report FILE` prints the files it names, one a line, for scripts without a JSON
// reader (the GitHub Action's action/run.sh).
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "pipeline/page_budget.h"
#include "util/diagnostics.h"
#include "util/result.h"

namespace mkcv {

enum class OutputStatus {
    Built,     // made by this build, now at its path
    UpToDate,  // already the one these inputs make: left as it was
    Stale,     // (check) not the one these inputs make, or missing
    Failed,    // not made; the file at its path, if any, is the one from before
};

struct OutputReport {
    std::string name;              // as progress lines name it: "long", "long.zh"
    std::string template_name;     // "long"
    std::string language;          // empty for the CV's own
    std::string format;            // "pdf", "html", "markdown", "json"
    std::filesystem::path output;  // <out>/<stem>-<name>.pdf, whatever the status
    OutputStatus status = OutputStatus::Failed;
    // The files now at their paths that this run built or found up to date: the output
    // first, then the .tex beside a PDF. Empty unless Built or UpToDate.
    std::vector<std::filesystem::path> files;
    int pages = 0;                        // a PDF compiled by this build
    std::vector<DroppableEntry> dropped;  // what the page budget left out (max_pages)
};

struct BuildReport {
    bool ok = false;                    // every output is in place (check: up to date)
    Diagnostics diagnostics;            // every failure (TeX, page budget, I/O), and notes
    std::vector<OutputReport> outputs;  // in the order of the templates
    // Nothing was built: the output folder holds what mkcv does not follow or replace (a
    // symbolic link in out/.mkcv, a pipe at an output: output_folder_problems).
    bool refused = false;
};

inline constexpr int kBuildReportVersion = 1;

// The report as JSON text: the exact strings, JSON-escaped, paths as mkcv opened them
// (under --out as given: relative to the current folder unless --out is absolute).
// `command` is "build" or "check".
std::string build_report_json(const BuildReport& report, std::string_view command,
                              const std::filesystem::path& out_dir);

// The outputs (the first of each output's files: PDF, HTML, Markdown, JSON) a report in
// `json` names as built or up to date; only the PDFs when `pdfs_only`. Fails (code
// "report") when the text is not such a report, or a path holds a control character and so
// cannot be one line of a list.
Result<std::vector<std::string>> files_in_build_report(const std::string& json, bool pdfs_only);

}  // namespace mkcv
