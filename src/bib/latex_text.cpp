#include "bib/latex_text.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "text/latex_escape.h"
#include "util/ascii.h"

namespace mkcv {
namespace {

// Accent commands and the combining marks they stand for. Precomposed letters come from the
// table below; a letter without one gets the combining mark, which fonts place well.
const std::map<std::string, std::string>& accent_marks() {
    static const std::map<std::string, std::string> marks{
        {"'", "\u0301"}, {"`", "\u0300"}, {"^", "\u0302"}, {"\"", "\u0308"},
        {"~", "\u0303"}, {"=", "\u0304"}, {".", "\u0307"}, {"u", "\u0306"},
        {"v", "\u030C"}, {"H", "\u030B"}, {"c", "\u0327"}, {"k", "\u0328"},
        {"r", "\u030A"}, {"d", "\u0323"}, {"b", "\u0331"}, {"t", "\u0361"}};
    return marks;
}

// Accent + letter → precomposed letter, for the accents people write in names and titles.
const std::map<std::string, std::string>& precomposed() {
    static const std::map<std::string, std::string> table = [] {
        std::map<std::string, std::string> t;
        auto add = [&](const char* accent, const char* letters, const char* composed) {
            // `composed` holds one UTF-8 character per letter, in order.
            std::string_view rest(composed);
            for (const char* l = letters; *l; ++l) {
                std::size_t n = 1;
                while (n < rest.size() && (static_cast<unsigned char>(rest[n]) & 0xC0) == 0x80)
                    ++n;
                t[std::string(accent) + *l] = std::string(rest.substr(0, n));
                rest.remove_prefix(n);
            }
        };
        add("'", "aeiouyAEIOUYcCnNsSzZlLrR", "áéíóúýÁÉÍÓÚÝćĆńŃśŚźŹĺĹŕŔ");
        add("`", "aeiouAEIOU", "àèìòùÀÈÌÒÙ");
        add("^", "aeiouAEIOUcCgGhHjJsSwWyY", "âêîôûÂÊÎÔÛĉĈĝĜĥĤĵĴŝŜŵŴŷŶ");
        add("\"", "aeiouyAEIOUY", "äëïöüÿÄËÏÖÜŸ");
        add("~", "anoANO", "ãñõÃÑÕ");
        add("=", "aeiouAEIOU", "āēīōūĀĒĪŌŪ");
        add(".", "zZeEIgG", "żŻėĖİġĠ");
        add("u", "aAgGuU", "ăĂğĞŭŬ");
        add("v", "cCsSzZrReEnNdDtT", "čČšŠžŽřŘěĚňŇďĎťŤ");
        add("H", "oOuU", "őŐűŰ");
        add("c", "cCsStT", "çÇşŞţŢ");
        add("k", "aAeE", "ąĄęĘ");
        add("r", "aAuU", "åÅůŮ");
        return t;
    }();
    return table;
}

// Commands that stand for a character or a word.
const std::map<std::string, std::string>& symbols() {
    static const std::map<std::string, std::string> table{{"i", "ı"},
                                                          {"j", "ȷ"},
                                                          {"o", "ø"},
                                                          {"O", "Ø"},
                                                          {"l", "ł"},
                                                          {"L", "Ł"},
                                                          {"ss", "ß"},
                                                          {"SS", "SS"},
                                                          {"ae", "æ"},
                                                          {"AE", "Æ"},
                                                          {"oe", "œ"},
                                                          {"OE", "Œ"},
                                                          {"aa", "å"},
                                                          {"AA", "Å"},
                                                          {"dh", "ð"},
                                                          {"DH", "Ð"},
                                                          {"th", "þ"},
                                                          {"TH", "Þ"},
                                                          {"ng", "ŋ"},
                                                          {"NG", "Ŋ"},
                                                          {"dj", "đ"},
                                                          {"DJ", "Đ"},
                                                          {"textendash", "–"},
                                                          {"textemdash", "—"},
                                                          {"ldots", "…"},
                                                          {"dots", "…"},
                                                          {"textellipsis", "…"},
                                                          {"textquoteleft", "‘"},
                                                          {"textquoteright", "’"},
                                                          {"textquotedblleft", "“"},
                                                          {"textquotedblright", "”"},
                                                          {"textregistered", "®"},
                                                          {"texttrademark", "™"},
                                                          {"copyright", "©"},
                                                          {"textcopyright", "©"},
                                                          {"textdegree", "°"},
                                                          {"S", "§"},
                                                          {"P", "¶"},
                                                          {"textbackslash", "\\"},
                                                          {"textasciitilde", "~"},
                                                          {"textasciicircum", "^"},
                                                          {"textasciigrave", "`"},
                                                          {"textquotesingle", "'"},
                                                          {"textquotedbl", "\""},
                                                          {"textbraceleft", "{"},
                                                          {"textbraceright", "}"},
                                                          {"textunderscore", "_"},
                                                          {"textbar", "|"},
                                                          {"textless", "<"},
                                                          {"textgreater", ">"},
                                                          {"euro", "€"},
                                                          {"pounds", "£"},
                                                          {"LaTeX", "LaTeX"},
                                                          {"TeX", "TeX"},
                                                          {"BibTeX", "BibTeX"},
                                                          {"slash", "/"},
                                                          {"textbullet", "•"},
                                                          {"textperiodcentered", "·"},
                                                          {"textsection", "§"},
                                                          {"quad", " "},
                                                          {"qquad", " "},
                                                          {"enspace", " "},
                                                          {"space", " "},
                                                          {"relax", ""},
                                                          {"protect", ""},
                                                          {"noopsort", ""},
                                                          {"xspace", ""},
                                                          {"textnormal", ""},
                                                          {"nobreak", ""},
                                                          {"break", ""},
                                                          {"mkcvbreak", ""},  // escape_latex's
                                                          {"mkcvbrk", ""},
                                                          {"newblock", " "}};
    return table;
}

// Commands with one argument whose text is kept and whose look needs LaTeX.
const std::set<std::string>& formatting() {
    static const std::set<std::string> names{
        "emph",   "textit", "textbf",    "textsc", "texttt",          "textsf",       "textrm",
        "textup", "textsl", "underline", "textmd", "textsuperscript", "textsubscript"};
    return names;
}

// The meaning a formatting command has outside LaTeX.
Mark mark_of(const std::string& command) {
    if (command == "emph" || command == "textit" || command == "textsl")
        return Mark::Emphasis;
    if (command == "textbf")
        return Mark::Strong;
    return Mark::Style;
}

// The meaning a font switch ({\em …}) has outside LaTeX, for the rest of its group.
Mark declared_mark(const std::string& declaration) {
    if (declaration == "em" || declaration == "it" || declaration == "sl" ||
        declaration == "itshape" || declaration == "slshape")
        return Mark::Emphasis;
    if (declaration == "bf" || declaration == "bfseries")
        return Mark::Strong;
    return Mark::Group;
}

// Commands with one argument printed as plain text.
const std::set<std::string>& transparent() {
    static const std::set<std::string> names{"mbox",      "text",         "hbox",         "url",
                                             "nolinkurl", "NoCaseChange", "MakeUppercase"};
    return names;
}

// Font switches inside a group: {\em word}, {\sc Name}.
const std::set<std::string>& declarations() {
    static const std::set<std::string> names{
        "em",      "it",         "bf",       "sc",       "tt",       "sf",
        "rm",      "sl",         "itshape",  "bfseries", "scshape",  "upshape",
        "slshape", "normalfont", "ttfamily", "sffamily", "rmfamily", "mdseries"};
    return names;
}

// Commands allowed in math: a closed list of names TeX and LaTeX define to print a symbol
// or format their argument. Nothing here reads, writes, defines or changes catcodes.
const std::set<std::string>& math_commands() {
    static const std::set<std::string> names{
        "alpha",      "beta",      "gamma",      "delta",  "epsilon", "varepsilon", "zeta",
        "eta",        "theta",     "vartheta",   "iota",   "kappa",   "lambda",     "mu",
        "nu",         "xi",        "pi",         "varpi",  "rho",     "sigma",      "tau",
        "upsilon",    "phi",       "varphi",     "chi",    "psi",     "omega",      "Gamma",
        "Delta",      "Theta",     "Lambda",     "Xi",     "Pi",      "Sigma",      "Upsilon",
        "Phi",        "Psi",       "Omega",      "times",  "cdot",    "cdots",      "ldots",
        "le",         "leq",       "ge",         "geq",    "ne",      "neq",        "approx",
        "sim",        "simeq",     "equiv",      "infty",  "pm",      "mp",         "to",
        "rightarrow", "leftarrow", "Rightarrow", "mapsto", "in",      "notin",      "subset",
        "subseteq",   "cup",       "cap",        "log",    "exp",     "sqrt",       "frac",
        "sum",        "prod",      "mathcal",    "mathbb", "mathbf",  "mathrm",     "mathit",
        "mathsf",     "mathtt",    "text",       "ell",    "partial", "nabla",      "star",
        "ast",        "circ",      "prime",      "min",    "max",     "lfloor",     "rfloor",
        "lceil",      "rceil",     "langle",     "rangle", "left",    "right",      "big",
        "Big",        "sin",       "cos",        "tilde",  "hat",     "bar",        "vec",
        "dagger",     "ddagger",   "mid",        "colon",  "ldotp",   "lvert",      "rvert"};
    return names;
}

// Control symbols allowed in math (`\,` is a thin space, `\{` a brace, `\%` a percent sign).
bool is_math_symbol(char c) {
    return std::string_view(",;:! {}|%#&_$").find(c) != std::string_view::npos;
}

// Characters a formula may hold as they are. Everything else TeX treats specially in math
// is refused: % (comment), # (parameter), & (alignment), ~ and " (active characters in
// some languages), ` and control characters. Bytes from 0x80 are UTF-8 text.
bool is_math_character(char c) {
    const auto u = static_cast<unsigned char>(c);
    return u >= 0x80 || std::isalnum(u) ||
           std::string_view(" +-*/=<>()[],.;:!?'|^_{}@").find(c) != std::string_view::npos;
}

// Plain-text forms of math commands, for matching and pdftotext; the PDF gets the LaTeX.
std::string math_plain(const std::string& name) {
    static const std::map<std::string, std::string> table{
        {"alpha", "α"},      {"beta", "β"},       {"gamma", "γ"}, {"delta", "δ"},
        {"epsilon", "ε"},    {"varepsilon", "ε"}, {"zeta", "ζ"},  {"eta", "η"},
        {"theta", "θ"},      {"iota", "ι"},       {"kappa", "κ"}, {"lambda", "λ"},
        {"mu", "μ"},         {"nu", "ν"},         {"xi", "ξ"},    {"pi", "π"},
        {"rho", "ρ"},        {"sigma", "σ"},      {"tau", "τ"},   {"upsilon", "υ"},
        {"phi", "φ"},        {"varphi", "φ"},     {"chi", "χ"},   {"psi", "ψ"},
        {"omega", "ω"},      {"Gamma", "Γ"},      {"Delta", "Δ"}, {"Theta", "Θ"},
        {"Lambda", "Λ"},     {"Xi", "Ξ"},         {"Pi", "Π"},    {"Sigma", "Σ"},
        {"Phi", "Φ"},        {"Psi", "Ψ"},        {"Omega", "Ω"}, {"times", "×"},
        {"cdot", "·"},       {"le", "≤"},         {"leq", "≤"},   {"ge", "≥"},
        {"geq", "≥"},        {"ne", "≠"},         {"neq", "≠"},   {"approx", "≈"},
        {"sim", "∼"},        {"infty", "∞"},      {"pm", "±"},    {"to", "→"},
        {"rightarrow", "→"}, {"in", "∈"},         {"log", "log"}, {"exp", "exp"},
        {"min", "min"},      {"max", "max"},      {"sin", "sin"}, {"cos", "cos"},
        {"ell", "ℓ"},        {"partial", "∂"},    {"nabla", "∇"}, {"ldots", "…"},
        {"cdots", "⋯"},      {"sum", "∑"},        {"prod", "∏"},  {"sqrt", "√"},
        {"%", "%"},          {"#", "#"},          {"&", "&"},     {"_", "_"},
        {"$", "$"},          {"{", "{"},          {"}", "}"},     {" ", " "},
        {",", " "},          {";", " "},          {":", " "},     {"|", "‖"}};
    const auto found = table.find(name);
    return found == table.end() ? "" : found->second;
}

// Named in the error message: these read or write files or change how TeX reads its input.
const std::set<std::string>& dangerous() {
    static const std::set<std::string> names{"input",
                                             "include",
                                             "includeonly",
                                             "write",
                                             "openin",
                                             "openout",
                                             "closein",
                                             "closeout",
                                             "read",
                                             "readline",
                                             "catcode",
                                             "def",
                                             "edef",
                                             "gdef",
                                             "xdef",
                                             "let",
                                             "futurelet",
                                             "csname",
                                             "endcsname",
                                             "immediate",
                                             "newcommand",
                                             "renewcommand",
                                             "providecommand",
                                             "DeclareRobustCommand",
                                             "makeatletter",
                                             "makeatother",
                                             "usepackage",
                                             "RequirePackage",
                                             "documentclass",
                                             "special",
                                             "shipout",
                                             "output",
                                             "everypar",
                                             "everymath",
                                             "uccode",
                                             "lccode",
                                             "mathcode",
                                             "endinput",
                                             "expandafter",
                                             "scantokens",
                                             "detokenize",
                                             "write18",
                                             "ShellEscape",
                                             "directlua",
                                             "luaexec",
                                             "pdfprimitive",
                                             "input@path",
                                             "jobname",
                                             "end",
                                             "begin",
                                             "verb",
                                             "newenvironment",
                                             "renewenvironment",
                                             "href",
                                             "include",
                                             "loop",
                                             "newif",
                                             "count",
                                             "advance",
                                             "lowercase",
                                             "uppercase",
                                             "special",
                                             "message",
                                             "errmessage",
                                             "typeout",
                                             "IfFileExists",
                                             "InputIfFileExists",
                                             "openany",
                                             "outer",
                                             "afterassignment",
                                             "aftergroup",
                                             "everypar",
                                             "everymath",
                                             "number",
                                             "string",
                                             "meaning",
                                             "noexpand",
                                             "unexpanded",
                                             "pdffilemodtime",
                                             "filemodtime",
                                             "pdffiledump",
                                             "filedump",
                                             "pdfstrcmp",
                                             "ifeof",
                                             "active"};
    return names;
}

class LatexConverter {
  public:
    explicit LatexConverter(std::string_view in) : in_(in) {}

    LatexText run() {
        convert_until(in_.size(), false);
        LatexText out;
        out.text = collapse_ascii_spaces(plain_);
        out.needs_latex = raw_;
        out.error = error_;
        if (raw_ || std::any_of(runs_.begin(), runs_.end(),
                                [](const TextRun& r) { return r.kind != TextRun::Kind::Text; }))
            out.runs = std::move(runs_);
        out.latex = render_text(out.text, out.runs, TextFormat::Latex);
        return out;
    }

  private:
    void fail(std::string message) {
        if (error_.empty())
            error_ = std::move(message);
    }

    // Plain text joins the Text run before it: render_text escapes it in one piece.
    void text(const std::string& s) {
        plain_ += s;
        text_run(s);
    }
    void text_run(const std::string& s) {
        if (s.empty())
            return;
        if (runs_.empty() || runs_.back().kind != TextRun::Kind::Text)
            runs_.push_back({TextRun::Kind::Text, Mark::Group, "", "", {}});
        runs_.back().text += s;
    }
    // LaTeX kept as it is, with `plain` standing in for it in the text.
    void raw(const std::string& latex, const std::string& plain) {
        plain_ += plain;
        runs_.push_back({TextRun::Kind::Latex, Mark::Group, plain, latex, {}});
        raw_ = true;
    }
    void open_mark(Mark mark, std::string command = {}, std::string url = {}) {
        runs_.push_back({TextRun::Kind::Open, mark, std::move(url), std::move(command), {}});
    }
    void close_mark(Mark mark) { runs_.push_back({TextRun::Kind::Close, mark, "", "", {}}); }
    // The runs of a converted argument, after this converter's own.
    void splice(LatexText inner) {
        plain_ += inner.text;
        if (inner.runs.empty())
            return text_run(inner.text);
        for (TextRun& run : inner.runs) {
            if (run.kind == TextRun::Kind::Text)
                text_run(run.text);
            else
                runs_.push_back(std::move(run));
        }
        raw_ = raw_ || inner.needs_latex;
    }

    bool at(char c) const { return pos_ < in_.size() && in_[pos_] == c; }

    // Reads `{...}` (or one character) after a command; returns its source.
    std::string_view argument_source() {
        while (pos_ < in_.size() && in_[pos_] == ' ')
            ++pos_;
        if (pos_ >= in_.size()) {
            fail("a command lacks its argument");
            return {};
        }
        if (in_[pos_] == '{') {
            const std::size_t end = matching_brace(pos_);
            if (end == std::string_view::npos) {
                fail("unbalanced braces");
                pos_ = in_.size();
                return {};
            }
            std::string_view arg = in_.substr(pos_ + 1, end - pos_ - 1);
            pos_ = end + 1;
            return arg;
        }
        if (in_[pos_] == '\\') {
            // \'{\i} written as \'\i
            std::size_t end = pos_ + 1;
            while (end < in_.size() && std::isalpha(static_cast<unsigned char>(in_[end])))
                ++end;
            std::string_view arg = in_.substr(pos_, std::max<std::size_t>(end - pos_, 2));
            pos_ += arg.size();
            return arg;
        }
        // One UTF-8 character.
        std::size_t n = 1;
        while (pos_ + n < in_.size() && (static_cast<unsigned char>(in_[pos_ + n]) & 0xC0) == 0x80)
            ++n;
        std::string_view arg = in_.substr(pos_, n);
        pos_ += n;
        return arg;
    }

    std::size_t matching_brace(std::size_t open) const {
        int depth = 0;
        for (std::size_t i = open; i < in_.size(); ++i) {
            if (in_[i] == '\\') {
                ++i;
                continue;
            }
            if (in_[i] == '{')
                ++depth;
            else if (in_[i] == '}' && --depth == 0)
                return i;
        }
        return std::string_view::npos;
    }

    LatexText sub(std::string_view source) {
        LatexConverter inner(source);
        LatexText result = inner.run_inner();
        if (!result.error.empty())
            fail(result.error);
        return result;
    }

    // An argument's conversion: its text untrimmed, and its runs (Text runs included).
    LatexText run_inner() {
        convert_until(in_.size(), false);
        LatexText out;
        out.text = plain_;
        out.runs = std::move(runs_);
        out.needs_latex = raw_;
        out.error = error_;
        return out;
    }

    void command() {
        ++pos_;  // the backslash
        if (pos_ >= in_.size()) {
            text("\\");
            return;
        }
        std::string name;
        if (std::isalpha(static_cast<unsigned char>(in_[pos_]))) {
            while (pos_ < in_.size() &&
                   (std::isalpha(static_cast<unsigned char>(in_[pos_])) || in_[pos_] == '@'))
                name += in_[pos_++];
        } else {
            name = in_[pos_++];
        }
        const bool letters = std::isalpha(static_cast<unsigned char>(name[0]));
        // A space after a command word only ends the word.
        if (letters)
            while (at(' '))
                ++pos_;

        if (static const std::string kSpecial = "&%$#_{}";
            name.size() == 1 && kSpecial.find(name[0]) != std::string::npos)
            return text(name);
        if (name == " " || name == "," || name == ";" || name == ":" || name == "\\")
            return text(" ");
        if (name == "-" || name == "/" || name == "@")
            return;
        if (accent_marks().count(name)) {
            const std::string_view arg = argument_source();
            LatexText base = sub(arg);
            // \^{} and \~{} print the accent alone, as TeX does (and as escape_text's BibTeX
            // mode writes ^ and ~, so that `mkcv export bib` and mkcv sync's list read back).
            if (base.text.empty() && !base.needs_latex && (name == "^" || name == "~"))
                return text(name);
            if (base.text == "ı" || base.text == "ȷ")  // \'{\i}: the accent replaces the dot
                base.text = base.text == "ı" ? "i" : "j";
            if (base.needs_latex) {
                const std::string latex = render_text(base.text, base.runs, TextFormat::Latex);
                return raw("\\" + name + "{" + latex + "}", base.text);
            }
            const auto composed = precomposed().find(name + base.text);
            if (composed != precomposed().end())
                return text(composed->second);
            return text(base.text + accent_marks().at(name));
        }
        if (const auto symbol = symbols().find(name); symbol != symbols().end()) {
            if (at('{') && pos_ + 1 < in_.size() && in_[pos_ + 1] == '}')
                pos_ += 2;  // \ss{}
            return text(symbol->second);
        }
        if (formatting().count(name)) {
            LatexText inner = sub(argument_source());
            open_mark(mark_of(name), name);
            splice(std::move(inner));
            close_mark(mark_of(name));
            raw_ = true;
            return;
        }
        if (name == "url" || name == "nolinkurl") {  // a URL is not LaTeX: ~ and _ stay
            const std::string url(argument_source());
            open_mark(Mark::Link, {}, url);
            text(url);
            return close_mark(Mark::Link);
        }
        if (name == "href") {  // \href{url}{text}: a link; LaTeX prints the text
            const std::string url(argument_source());
            LatexText inner = sub(argument_source());
            open_mark(Mark::Link, {}, url);
            splice(std::move(inner));
            return close_mark(Mark::Link);
        }
        if (transparent().count(name))
            return splice(sub(argument_source()));
        // What escape_latex wraps text of other scripts in: the renderer converts marked
        // values again, and this must read back as the text it came from.
        if (name == "mkcvscript" || name == "mkcvscriptrtl") {
            argument_source();
            return splice(sub(argument_source()));
        }
        // Where escape_latex marks right-to-left and left-to-right runs (TeX--XeT, written
        // `\beginR{}`): they print nothing, and escape_latex writes them again from the text.
        if (name == "beginR" || name == "endR" || name == "beginL" || name == "endL") {
            if (in_.substr(pos_, 2) == "{}")
                pos_ += 2;
            return;
        }
        // escape_latex's typographic quotes: the user's straight " in the text, the locale's
        // quotes in the LaTeX.
        if (name == "mkcvlq" || name == "mkcvrq") {
            if (in_.substr(pos_, 2) == "{}")
                pos_ += 2;
            return raw("\\" + name + "{}", "\"");
        }
        // A symbol set in a fallback font when the current one lacks it; CJK text.
        if (name == "mkcvsym" || name == "mkcvcjk")
            return splice(sub(argument_source()));
        if (declarations().count(name)) {
            raw("\\" + name + " ", "");
            runs_.back().mark = declared_mark(name);
            return;
        }
        if (dangerous().count(name))
            return fail("\\" + name +
                        " is not allowed in BibTeX text: it could read or write files or change "
                        "how TeX reads the document");
        fail("\\" + name + " is not a command mkcv prints from BibTeX text");
    }

    // $...$ or $$...$$: kept as LaTeX (printed inline), after checking every character
    // and command of the formula against the allow-lists above.
    void math() {
        const bool display = in_.substr(pos_, 2) == "$$";
        const std::string_view delimiter = display ? "$$" : "$";
        const std::size_t open = pos_ + delimiter.size();
        std::size_t close = open;
        for (; close < in_.size(); ++close) {
            if (in_[close] == '\\') {
                ++close;
                continue;
            }
            if (in_[close] == '$')
                break;
        }
        if (close >= in_.size() || in_.substr(close, delimiter.size()) != delimiter) {
            fail("a math formula (" + std::string(delimiter) + "..." + std::string(delimiter) +
                 ") is not closed");
            pos_ = in_.size();
            return;
        }
        std::string body(in_.substr(open, close - open));
        pos_ = close + delimiter.size();
        for (char& c : body)  // BibTeX values are one line; a line end inside ends nothing
            if (c == '\n' || c == '\r' || c == '\t')
                c = ' ';
        std::string plain;
        for (std::size_t i = 0; i < body.size(); ++i) {
            const char c = body[i];
            if (c == '\\') {
                std::string name;
                std::size_t j = i + 1;
                if (j < body.size() && std::isalpha(static_cast<unsigned char>(body[j]))) {
                    while (j < body.size() && std::isalpha(static_cast<unsigned char>(body[j])))
                        name += body[j++];
                } else if (j < body.size()) {
                    name = body[j++];
                }
                const bool allowed =
                    name.size() == 1 && !std::isalpha(static_cast<unsigned char>(name[0]))
                        ? is_math_symbol(name[0])
                        : math_commands().count(name) > 0;
                if (!allowed) {
                    fail(name.empty() ? "a math formula ends with a backslash"
                         : dangerous().count(name)
                             ? "\\" + name +
                                   " is not allowed in BibTeX text: it could read or "
                                   "write files or change how TeX reads the document"
                             : "\\" + name + " is not a math command mkcv prints from BibTeX text");
                    return;
                }
                i = j - 1;
                plain += math_plain(name);
                // "\log n": the space ends the command in TeX; keep one in the text.
                if (std::isalpha(static_cast<unsigned char>(name[0])) && j < body.size() &&
                    body[j] == ' ')
                    plain += ' ';
                continue;
            }
            if (!is_math_character(c)) {
                fail(static_cast<unsigned char>(c) < 0x20 || c == 0x7F
                         ? std::string("a control character cannot appear in a math formula")
                         : std::string("`") + c + "` cannot appear in a math formula");
                return;
            }
            if (c == ' ' && !plain.empty() && plain.back() == ' ')
                continue;
            if (c != '{' && c != '}' && c != '^' && c != '_')
                plain += c;
        }
        // Braces inside math must balance or TeX would read past the formula.
        int depth = 0;
        for (std::size_t i = 0; i < body.size(); ++i) {
            if (body[i] == '\\') {
                ++i;
                continue;
            }
            depth += body[i] == '{' ? 1 : body[i] == '}' ? -1 : 0;
            if (depth < 0)
                break;
        }
        if (depth != 0)
            return fail("unbalanced braces in a math formula");
        raw("$" + body + "$", plain);
    }

    void convert_until(std::size_t end, bool) {
        while (pos_ < end && error_.empty()) {
            const char c = in_[pos_];
            switch (c) {
                case '\\':
                    command();
                    break;
                case '{': {
                    const std::size_t close = matching_brace(pos_);
                    if (close == std::string_view::npos) {
                        fail("unbalanced braces");
                        return;
                    }
                    LatexText inner = sub(in_.substr(pos_ + 1, close - pos_ - 1));
                    pos_ = close + 1;
                    const bool group = inner.needs_latex;  // braces matter only around LaTeX
                    if (group)
                        open_mark(Mark::Group);
                    splice(std::move(inner));
                    if (group)
                        close_mark(Mark::Group);
                    break;
                }
                case '}':
                    fail("unbalanced braces");
                    return;
                case '$':
                    math();
                    break;
                case '~':
                    text(" ");
                    ++pos_;
                    break;
                case '-':
                    if (in_.substr(pos_, 3) == "---") {
                        text("—");
                        pos_ += 3;
                    } else if (in_.substr(pos_, 2) == "--") {
                        text("–");
                        pos_ += 2;
                    } else {
                        text("-");
                        ++pos_;
                    }
                    break;
                case '`':
                    if (in_.substr(pos_, 2) == "``") {
                        text("“");
                        pos_ += 2;
                    } else {
                        text("‘");
                        ++pos_;
                    }
                    break;
                case '\'':
                    if (in_.substr(pos_, 2) == "''") {
                        text("”");
                        pos_ += 2;
                    } else {
                        text("’");
                        ++pos_;
                    }
                    break;
                default:
                    text(std::string(1, c));
                    ++pos_;
            }
        }
    }

    std::string_view in_;
    std::size_t pos_ = 0;
    std::string plain_;
    RichText runs_;
    bool raw_ = false;
    std::string error_;
};

// What TeX will see, checked before any conversion: TeX turns ^^5c into a backslash while
// it reads a line, so no later check of commands could see it; and nesting is bounded, so
// the converter's recursion (one level per brace) is too.
std::string vet_source(std::string_view latex) {
    if (latex.find("^^") != std::string_view::npos)
        return "`^^` is not allowed in BibTeX text: TeX reads ^^5c as a backslash, so it "
               "could spell any command";
    int depth = 0;
    for (std::size_t i = 0; i < latex.size(); ++i) {
        if (latex[i] == '\\') {
            ++i;
            continue;
        }
        if (latex[i] == '{' && ++depth > kMaxBraceDepth)
            return "braces nest more than " + std::to_string(kMaxBraceDepth) + " levels deep";
        if (latex[i] == '}' && --depth < 0)
            return "unbalanced braces";
    }
    return depth == 0 ? "" : "unbalanced braces";
}

// The text less its C0 control characters (tab, line feed and carriage return stay).
std::string without_control_characters(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte >= 0x20 || c == '\t' || c == '\n' || c == '\r')
            out += c;
    }
    return out;
}

}  // namespace

LatexText latex_to_text(std::string_view latex) {
    LatexText out;
    if (std::string problem = vet_source(latex); !problem.empty())
        out.error = std::move(problem);
    else
        out = LatexConverter(latex).run();
    // Defence in depth: what goes to TeX as it is never holds ^^, however it was put together.
    if (out.error.empty() && out.needs_latex && out.latex.find("^^") != std::string::npos)
        out.error = "`^^` is not allowed in BibTeX text";
    if (!out.error.empty()) {
        // Refused: the source itself, shown as text. Nothing of it is read by TeX as LaTeX.
        // Cut short when long: 13,000 braces are one 26 KB word, which crashes XeTeX.
        out.text = collapse_ascii_spaces(latex);
        if (out.text.size() > kMaxRefusedTextBytes) {
            std::size_t cut = kMaxRefusedTextBytes;
            while (cut > 0 && (static_cast<unsigned char>(out.text[cut]) & 0xC0) == 0x80)
                --cut;  // not inside a UTF-8 character
            out.text = out.text.substr(0, cut) + "…";
        }
        out.latex = escape_latex(out.text);
        out.needs_latex = false;
        out.runs.clear();
    }
    // Control characters print as nothing useful: the plain text never carries them.
    if (std::string cleaned = without_control_characters(out.text); cleaned != out.text) {
        out.text = std::move(cleaned);
        if (!out.needs_latex)
            out.latex = escape_latex(out.text);
    }
    return out;
}

// Defence in depth: the runs' LaTeX is converted again by the same vetting and that
// conversion is what reaches the document (for the converter's own runs, the same text; a
// refused one prints literally), so runs put together any other way cannot smuggle LaTeX in.
std::string latex_of_text(std::string_view plain, const RichText& runs) {
    if (!needs_latex(runs))
        return escape_latex(plain);
    // Inline Markdown's marks (text/inline_markup.h) are escaped text and fixed commands
    // (\emph, \textbf, \texttt, \href with an escaped URL): nothing to vet, and \href is
    // no command BibTeX text may bring.
    if (is_markup_only(runs))
        return render_text(plain, runs, TextFormat::Latex);
    return latex_to_text(render_text(plain, runs, TextFormat::Latex)).latex;
}

}  // namespace mkcv
