#include "tex/direct_passes.h"

#include <regex>
#include <sstream>

#include "tex/aux_rerun.h"

namespace mkcv {
namespace {

// A name of the recorder list as a file of the build folder `pwd`, or "" for a file outside.
std::string in_build_folder(std::string name, const std::string& pwd) {
    if (!pwd.empty() && name.size() > pwd.size() + 1 && name.compare(0, pwd.size(), pwd) == 0 &&
        name[pwd.size()] == '/')
        name.erase(0, pwd.size() + 1);
    while (name.rfind("./", 0) == 0)
        name.erase(0, 2);
    // Absolute, in a parent folder or in a subfolder: not a file of this folder.
    if (name.empty() || name[0] == '/' || name.find('/') != std::string::npos)
        return "";
    return name;
}

}  // namespace

PassFiles pass_files_from_recorder(const std::string& fls) {
    PassFiles files;
    std::istringstream in(fls);
    std::string line, pwd;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        if (line.rfind("PWD ", 0) == 0) {
            pwd = line.substr(4);
        } else if (line.rfind("INPUT ", 0) == 0) {
            if (std::string name = in_build_folder(line.substr(6), pwd); !name.empty())
                files.read.insert(name);
        } else if (line.rfind("OUTPUT ", 0) == 0) {
            // Any write outside the folder (the sandbox forbids them) is a reason to stop.
            std::string name = in_build_folder(line.substr(7), pwd);
            files.written.insert(name.empty() ? line.substr(7) : name);
        }
    }
    return files;
}

std::set<std::string> files_not_found(const std::string& log) {
    // LaTeX's \@input: "No file cv-long.toc." on a line of its own.
    static const std::regex no_file(R"((?:^|\n)No file ([^\n]+)\.(?:\r?\n|$))");
    std::set<std::string> names;
    for (auto it = std::sregex_iterator(log.begin(), log.end(), no_file);
         it != std::sregex_iterator(); ++it)
        names.insert((*it)[1].str());
    return names;
}

NextPass next_pass(const std::string& base, const PassFiles& files, const std::string& log,
                   const std::string& aux_before, const std::string& aux_after,
                   bool page_total_matters) {
    const std::string aux = base + ".aux";
    // A recorder list that does not name the log (missing, cut short) tells nothing.
    if (files.written.count(base + ".log") == 0)
        return NextPass::Latexmk;
    // Allow-list: the pass wrote only its .aux, its log and its .xdv ...
    const std::set<std::string> may_write = {aux, base + ".log", base + ".xdv"};
    for (const auto& name : files.written)
        if (may_write.count(name) == 0)
            return NextPass::Latexmk;
    // ... and the only file it both wrote and read, or missed, is the .aux.
    for (const auto& name : files.read)
        if (name != aux && files.written.count(name) > 0)
            return NextPass::Latexmk;
    for (const auto& name : files_not_found(log))
        if (name != aux)
            return NextPass::Latexmk;
    // BibTeX's input (latexmk runs BibTeX when the .aux names a database).
    if (aux_after.find("\\bibdata") != std::string::npos)
        return NextPass::Latexmk;
    return aux_lines_that_count(aux_before, page_total_matters) ==
                   aux_lines_that_count(aux_after, page_total_matters)
               ? NextPass::None
               : NextPass::Again;
}

}  // namespace mkcv
