// A stand-in TeX for unit tests of the compile step, the pipeline and the page budget
// (compile_step.h BuildProcesses::run_tex): it writes the PDF and log TeX would, as far as
// mkcv can see, in milliseconds. Shared by the tests of pipeline/, so each says only what
// its build does.
#pragma once

#include <algorithm>
#include <filesystem>
#include <stdexcept>
#include <string>

#include <catch2/catch.hpp>

#include "pipeline/compile_step.h"
#include "util/file_io.h"

#include "test_support.h"

namespace mkcv::test {

// A PDF that pdf_file.h takes as whole, carrying `text` so a test can tell PDFs apart.
inline std::string stand_in_pdf(const std::string& text) {
    std::string pdf = "%PDF-1.4\n1 0 obj\n<</Type/Catalog>>\nendobj\n% " + text + "\n";
    const std::size_t xref = pdf.size();
    pdf += "xref\n0 2\n0000000000 65535 f \n0000000009 00000 n \ntrailer\n<</Size 2/Root 1 0 R>>\n";
    pdf += "startxref\n" + std::to_string(xref) + "\n%%EOF";
    return pdf;
}

// What TeX would do, as far as the compile step can see: the PDF and the log in the build
// folder, or a failure. Counts its runs and can stop the build mid-run (a kill). With
// `lines_per_page`, the .tex's lines holding "LINE" fill its pages, for the page budget.
struct StandInTex {
    int runs = 0;
    TexResult::Status status = TexResult::Status::Ok;
    bool killed = false;     // throws once the PDF is half there, as a killed build stops
    int lines_per_page = 0;  // 0: every PDF is one page
    int kill_at_run = 0;     // > 0: that run is killed (a page budget's later attempt)
    std::string log_text = "This is a stand-in TeX\n";  // what the log says
    std::string seen;  // what was in the build folder when it started, besides the .tex

    TexResult operator()(const TexJob& job) {
        ++runs;
        seen.clear();
        for (const auto& entry : std::filesystem::directory_iterator(job.work_dir))
            if (entry.path().filename() != job.tex_file &&
                entry.path().filename().string()[0] != '.')
                seen += entry.path().filename().string() + " ";
        const std::string stem = std::filesystem::path(job.tex_file).stem().string();
        TexResult result;
        result.runner = job.latexmk ? "latexmk" : job.engine;  // named as the real runner
        result.log = job.work_dir / (stem + ".log");
        REQUIRE(write_file_atomically(result.log, log_text));
        if (killed || runs == kill_at_run) {
            REQUIRE(write_file_atomically(job.work_dir / (stem + ".aux"), "half"));
            throw std::runtime_error("killed");
        }
        result.status = status;
        if (status != TexResult::Status::Ok) {
            result.explanation = "the stand-in failed";
            return result;
        }
        std::string tex;
        REQUIRE(read_file(job.work_dir / job.tex_file, tex));
        result.pdf = job.work_dir / (stem + ".pdf");
        REQUIRE(write_file_atomically(result.pdf, stand_in_pdf(tex)));
        result.passes = 1;
        result.pages = 1;
        if (lines_per_page > 0) {
            int lines = 0;
            for (std::size_t at = tex.find("LINE"); at != std::string::npos;
                 at = tex.find("LINE", at + 1))
                ++lines;
            result.pages = std::max(1, (lines + lines_per_page - 1) / lines_per_page);
        }
        return result;
    }
};

// A LaTeX output of template `name` whose .tex holds `body`.
inline RenderedTemplate stand_in_latex(const std::string& body, const std::string& name = "long") {
    RenderedTemplate r;
    r.tmpl.manifest.name = name;
    r.tmpl.manifest.format = TextFormat::Latex;
    r.tmpl.manifest.engine = "xelatex";
    r.tmpl.dir = name;
    r.tmpl.main = {name + "/cv.tex.mustache", "template"};
    r.tex = "\\documentclass{article}\\begin{document}" + body + "\\end{document}\n";
    return r;
}

// Build options for <dir>/out with `tex` in place of TeX, and no detached format maker.
inline BuildOptions stand_in_options(const std::filesystem::path& dir, StandInTex& tex) {
    BuildOptions options;
    options.out_dir = dir / "out";
    options.processes.run_tex = [&tex](const TexJob& job) { return tex(job); };
    options.processes.request_format = [](const PreambleFormat&, const TexJob&,
                                          const std::filesystem::path&, const std::string&,
                                          std::string& why) {
        why = "a unit test starts no process";
        return false;
    };
    return options;
}

}  // namespace mkcv::test
