// Times mkcv's own work on one cv.toml, for benchmarks/run.sh:
//   mkcv_bench toml FILE REPEATS   toml++ parsing alone, the floor
//   mkcv_bench mkcv FILE REPEATS [T,T...]  load + validate + render of the templates named
//                                          (default long,short; they render side by side)
// Prints medians in milliseconds and the peak resident memory of the process, as
// "key=value" pairs on one line. (toml++ is included here only to measure it.)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include <sys/resource.h>

#include <toml++/toml.h>

#include "pipeline/pipeline.h"
#include "util/file_io.h"

namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point start) {
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

long peak_kb() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 4 && argc != 5) {
        std::cerr << "usage: mkcv_bench toml|mkcv FILE REPEATS [TEMPLATE,TEMPLATE...]\n";
        return 2;
    }
    const std::string mode = argv[1];
    const std::string file = argv[2];
    const int repeats = std::max(1, std::atoi(argv[3]));
    std::string text;
    if (!mkcv::read_file(file, text)) {
        std::cerr << "cannot read " << file << '\n';
        return 2;
    }

    if (mode == "toml") {
        std::vector<double> parse;
        for (int i = 0; i < repeats; ++i) {
            try {
                const auto start = Clock::now();
                const toml::table table = toml::parse(std::string_view(text));
                parse.push_back(ms_since(start));
            } catch (const toml::parse_error& error) {
                std::cerr << error << '\n';
                return 1;
            }
        }
        std::printf("bytes=%zu toml_ms=%.3f peak_kb=%ld\n", text.size(), median(parse), peak_kb());
        return 0;
    }

    ::setenv("GIT_DIR", "/nonexistent", 1);  // time mkcv, not git
    std::vector<std::string> templates;
    for (std::string list = argc == 5 ? argv[4] : "long,short"; !list.empty();) {
        const auto comma = list.find(',');
        templates.push_back(list.substr(0, comma));
        list = comma == std::string::npos ? "" : list.substr(comma + 1);
    }
    const auto search = mkcv::TemplateSearchPath{{{mkcv::builtin_template_root(), "built-in"}}};
    std::vector<double> load, render, total;
    for (int i = 0; i < repeats; ++i) {
        mkcv::Diagnostics diagnostics;
        const auto start = Clock::now();
        const mkcv::LoadedCv loaded = mkcv::load_and_validate(file, diagnostics);
        load.push_back(ms_since(start));
        if (!loaded.cv) {
            std::cerr << file << ": invalid\n";
            return 1;
        }
        const auto render_start = Clock::now();
        const auto rendered = mkcv::render_all(*loaded.cv, templates, search, diagnostics);
        render.push_back(ms_since(render_start));
        total.push_back(ms_since(start));
        if (!rendered) {
            std::cerr << file << ": render failed\n";
            return 1;
        }
    }
    std::printf("bytes=%zu load_validate_ms=%.3f render_ms=%.3f total_ms=%.3f peak_kb=%ld\n",
                text.size(), median(load), median(render), median(total), peak_kb());
    return 0;
}
