#include "pipeline/build_report.h"

#include <nlohmann/json.hpp>

#include "util/version.h"

namespace fs = std::filesystem;

namespace mkcv {
namespace {

using Json = nlohmann::ordered_json;

const char* status_name(OutputStatus status) {
    switch (status) {
        case OutputStatus::Built:
            return "built";
        case OutputStatus::UpToDate:
            return "up-to-date";
        case OutputStatus::Stale:
            return "stale";
        case OutputStatus::Failed:
            return "failed";
    }
    return "failed";
}

bool placed(OutputStatus status) {
    return status == OutputStatus::Built || status == OutputStatus::UpToDate;
}

Failure not_a_report(const std::string& why) {
    return {{Severity::Error, "--report", {}, "report", "not a report of mkcv build: " + why, ""}};
}

}  // namespace

std::string build_report_json(const BuildReport& report, std::string_view command,
                              const fs::path& out_dir) {
    Json j;
    j["mkcv_report"] = kBuildReportVersion;
    j["mkcv_version"] = kVersion;
    j["command"] = std::string(command);
    j["ok"] = report.ok;
    j["out"] = out_dir.string();
    j["paths"] = out_dir.is_absolute() ? "absolute" : "relative to the current folder";
    Json outputs = Json::array(), files = Json::array();
    for (const OutputReport& o : report.outputs) {
        Json entry;
        entry["name"] = o.name;
        entry["template"] = o.template_name;
        entry["language"] = o.language;
        entry["format"] = o.format;
        entry["status"] = status_name(o.status);
        entry["output"] = o.output.string();
        Json these = Json::array();
        for (const fs::path& file : o.files)
            these.push_back(file.string());
        entry["files"] = std::move(these);
        if (o.format == "pdf")
            entry["pages"] = o.pages;
        Json dropped = Json::array();
        for (const DroppableEntry& d : o.dropped)
            dropped.push_back({{"section", d.section}, {"entry", d.label}, {"reason", d.reason}});
        entry["dropped"] = std::move(dropped);
        if (placed(o.status) && !o.files.empty())
            files.push_back(o.files.front().string());
        outputs.push_back(std::move(entry));
    }
    j["outputs"] = std::move(outputs);
    j["files"] = std::move(files);
    Json diagnostics = Json::array();
    for (const Diagnostic& d : report.diagnostics.items())
        diagnostics.push_back({{"file", d.file},
                               {"line", d.pos.line},
                               {"column", d.pos.column},
                               {"severity", severity_name(d.severity)},
                               {"code", d.code},
                               {"message", d.message},
                               {"hint", d.hint}});
    j["diagnostics"] = std::move(diagnostics);
    // A byte that is not UTF-8 (in a file name) becomes U+FFFD: such a path is then not
    // one that exists, and a reader checks that each file does.
    return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

Result<std::vector<std::string>> files_in_build_report(const std::string& json, bool pdfs_only) {
    const Json j = Json::parse(json, nullptr, false);
    if (j.is_discarded() || !j.is_object())
        return not_a_report("not a JSON object");
    if (!j.contains("mkcv_report") || j["mkcv_report"] != kBuildReportVersion)
        return not_a_report("no \"mkcv_report\": " + std::to_string(kBuildReportVersion));
    if (!j.contains("outputs") || !j["outputs"].is_array())
        return not_a_report("no \"outputs\" list");
    std::vector<std::string> files;
    for (const Json& output : j["outputs"]) {
        if (!output.is_object() || !output.contains("status") || !output["status"].is_string() ||
            !output.contains("files") || !output["files"].is_array() ||
            !output.contains("format") || !output["format"].is_string())
            return not_a_report("an output without its status, format and files");
        const std::string status = output["status"];
        if ((status != "built" && status != "up-to-date") || output["files"].empty())
            continue;
        if (pdfs_only && output["format"] != "pdf")
            continue;
        const Json& first = output["files"].front();
        if (!first.is_string())
            return not_a_report("a file that is not a string");
        const std::string path = first;
        for (std::size_t i = 0; i < path.size();) {
            std::size_t length = 1;
            if (is_invisible_control(path, i, length))
                return Failure{{Severity::Error,
                                "--report",
                                {},
                                "report",
                                "the path \"" + visible(path) +
                                    "\" holds a control character: it cannot be one line",
                                "rename the CV or the template"}};
            i += length;
        }
        files.push_back(path);
    }
    return files;
}

}  // namespace mkcv
