#include "render/template_options.h"

#include <catch2/catch.hpp>

#include "cv/schema.h"
#include "render/template_input.h"
#include "render/template_manifest.h"
#include "render/template_set.h"
#include "test_support.h"

using namespace mkcv;

namespace {

OptionDeclarations declarations(const std::string& text, Diagnostics& d,
                                const OptionDeclarations& inherited = {}) {
    auto table = parse_toml(text, "template.toml", d);
    REQUIRE(table);
    return parse_option_declarations(*table, inherited, "template.toml", d);
}

// The shared set the built-in TeX templates take.
OptionDeclarations common_set() {
    Diagnostics d;
    const OptionDeclarations common = parse_common_options(
        test::source_file("builtin_templates/common/options.toml"), "options.toml", d);
    REQUIRE(d.empty());
    return common;
}

std::vector<std::string> messages(const Diagnostics& d) {
    std::vector<std::string> out;
    for (const auto& item : d.items())
        out.push_back(std::to_string(item.pos.line) + ":" + std::to_string(item.pos.column) + ": " +
                      item.message + (item.hint.empty() ? "" : " [" + item.hint + "]"));
    return out;
}

// For INFO: the messages one a line.
std::string lines(const std::vector<std::string>& items) {
    std::string out;
    for (const auto& item : items)
        out += item + "\n";
    return out;
}

Template template_with(const std::string& manifest) {
    Diagnostics d;
    Template t;
    t.manifest = parse_manifest(manifest, "template.toml", d, common_set());
    REQUIRE(d.empty());
    return t;
}

}  // namespace

TEST_CASE("the common option set declares the options the cv.toml schema lists") {
    const OptionDeclarations common = common_set();
    std::vector<std::string> names;
    for (const auto& d : common)
        names.push_back(d.name);
    CHECK(names == design_options_spec().names());
    for (const auto& d : common)
        CHECK_FALSE(d.description.empty());
}

TEST_CASE("a manifest takes the common options and changes their defaults") {
    Diagnostics d;
    const TemplateManifest m = parse_manifest(
        "common_options = true\n"
        "[options.accent]\ndefault = \"#7a1f1f\"\n"
        "[options.margins]\ndefault = { top = \"1cm\" }\n"
        "[options.columns]\ntype = \"number\"\nmin = 1\nmax = 3\ndefault = 2\n"
        "description = \"Columns\"\n",
        "template.toml", d, common_set());
    INFO(lines(messages(d)));
    REQUIRE(d.empty());
    REQUIRE(m.options.size() == 14);  // the thirteen common ones and its own
    const auto find = [&](const std::string& name) {
        return *std::find_if(m.options.begin(), m.options.end(),
                             [&](const OptionDeclaration& o) { return o.name == name; });
    };
    CHECK(find("accent").default_value.text == "7A1F1F");
    CHECK(find("margins").default_value.sides.at("top") == "1cm");
    CHECK(find("margins").default_value.sides.at("left") == "2cm");  // kept from the common set
    CHECK(find("columns").default_value.text == "2");
    CHECK(find("paper").default_value.text == "a4");
    // Without common_options the template has only its own.
    CHECK(parse_manifest("", "template.toml", d, common_set()).options.empty());
}

TEST_CASE("a declaration from a template folder is checked as untrusted input") {
    Diagnostics d;
    declarations(
        "[a]\ntype = \"enum\"\ndefault = \"x\"\n"            // no values
        "[b]\ntype = \"colour\"\ndefault = \"red\"\n"        // default not a colour
        "[c]\ntype = \"strnig\"\ndefault = \"x\"\n"          // unknown type
        "[d]\ntype = \"font\"\ndefault = \"X}\\\\input\"\n"  // not a font name
        "[e]\ntype = \"string\"\ndefault = \"x\"\ndefualt = 1\n"
        "[F]\ntype = \"bool\"\ndefault = true\n"  // not a lower-case word
        "[g]\ntype = \"enum\"\nvalues = [\"x\", \"Y Z\"]\ndefault = \"x\"\n"
        "[h]\ntype = \"length\"\nmax = \"1cm\"\ndefault = \"2cm\"\n"
        "[i]\ntype = \"bool\"\n",
        d);
    const auto m = messages(d);
    INFO(lines(m));
    REQUIRE(m.size() == 9);
    CHECK(m[0] == "1:2: option `a` is an enum and needs `values`");
    CHECK(m[1].find("`b` must be a hex colour") != std::string::npos);
    CHECK(m[2].find("`type` must be one of") != std::string::npos);
    CHECK(m[2].find("did you mean \"string\"?") != std::string::npos);
    CHECK(m[3].find("is not a font name") != std::string::npos);
    CHECK(m[4] == "16:1: unknown key `defualt` in option `e` [did you mean `default`?]");
    CHECK(m[5].find("option name `F` must be lower-case") != std::string::npos);
    CHECK(m[6].find("an enum's values are lower-case words") != std::string::npos);
    CHECK(m[7].find("`h` must be a length of at most 28.453pt") != std::string::npos);
    CHECK(m[8].find("option `i` lacks `default`") != std::string::npos);
}

TEST_CASE("lengths and font names are allow-listed") {
    CHECK(length_in_points("2cm") == Approx(56.9052));
    CHECK(length_in_points("0.75in") == Approx(54.2025));
    CHECK(length_in_points("10pt") == Approx(10));
    CHECK(length_in_points(".5em") == Approx(5));
    for (const char* bad :
         {"", "cm", "2", "2 cm", "-1cm", "2.cm", "1e3pt", "2CM", "1cm\\relax", "99999cm", "2cm}"})
        CHECK_FALSE(length_in_points(bad));
    CHECK(is_font_name("Noto Serif"));
    CHECK(is_font_name("TeX Gyre Termes"));
    CHECK(is_font_name("Source_Sans-3.0"));
    for (const char* bad : {"", " Noto", "Noto ", "Noto  Serif", "A}\\input{/etc/passwd",
                            "Noto%Serif", "Noto:style=Bold", "Noto,Serif", "Ünï"})
        CHECK_FALSE(is_font_name(bad));
    CHECK_FALSE(is_font_name(std::string(65, 'a')));
}

TEST_CASE("options resolve: defaults, then [design], then [templates.NAME]") {
    Template t = template_with("common_options = true\n[options.accent]\ndefault = \"7A1F1F\"\n");
    t.manifest.name = "short";
    const Cv cv = test::load_ok(std::string(test::kMinimal) +
                                "[design]\npaper = \"letter\"\naccent = \"#00aa00\"\n"
                                "margins = \"1in\"\npage_numbers = \"name\"\n"
                                "[templates.short]\naccent = \"123456\"\n"
                                "margins = { left = \"1cm\" }\nline_spacing = 1.15\n"
                                "date_format = \"iso\"\nshow_last_updated = false\n");
    Diagnostics d;
    const TemplateInput input = template_input(cv, t, PartialDate{2025, 8, 0, false}, d);
    INFO(lines(messages(d)));
    REQUIRE(d.empty());
    const auto context = to_json(template_context(input.filtered.cv, input));
    const auto& options = context["options"];
    CHECK(options["paper"] == "letter");
    CHECK(options["paper_is"]["letter"] == true);
    CHECK(options["paper_is"]["a4"] == false);
    CHECK(options["accent"] == "123456");  // [templates.short] wins over [design]
    CHECK(options["margins"]["left"] == "1cm");
    CHECK(options["margins"]["top"] == "1in");  // [design]'s: a table replaces only its keys
    CHECK(options["line_spacing"] == "1.15");
    CHECK(options["font_size"] == "11");
    CHECK(options["page_numbers_is"]["name"] == true);
    CHECK(options["show_last_updated"] == false);
    CHECK(context["meta"]["updated"].is_null());  // show_last_updated = false
    CHECK(input.options.date_style == DateStyle::Iso);
    CHECK(input.design.fonts.empty());  // only fonts cv.toml names are asked of fontconfig
}

TEST_CASE("a bad option in cv.toml is an error at its position, with a hint") {
    Template t = template_with("common_options = true\n");
    t.manifest.name = "long";
    const Cv cv = test::load_ok(std::string(test::kMinimal) +                   // lines 1 and 2
                                "[design]\n"                                    // 3
                                "paper = \"leter\"\n"                           // 4
                                "font_size = 15\n"                              // 5
                                "[templates.long]\n"                            // 6
                                "acent = \"123456\"\n"                          // 7
                                "margins = { top = \"9cm\", lft = \"1cm\" }\n"  // 8
                                "main_font = \"EB Garamond\"\n"                 // 9
                                "show_last_updated = \"no\"\n"                  // 10
                                "line_spacing = 3\n");                          // 11
    Diagnostics d;
    const TemplateInput input = template_input(cv, t, std::nullopt, d);
    d.sort();
    const auto m = messages(d);
    INFO(lines(m));
    REQUIRE(m.size() == 7);
    CHECK(m[0] ==
          "4:9: `paper` must be one of a4, letter, legal, found \"leter\" [did you mean "
          "\"letter\"?]");
    CHECK(m[1] == "5:13: `font_size` must be one of 9, 10, 11, 12, found 15");
    CHECK(m[2] == "7:1: unknown option `acent` for this template [did you mean `accent`?]");
    CHECK(m[3] == "8:19: `margins.top` must be a length from 14.226pt to 170.716pt, found \"9cm\"");
    CHECK(m[4] ==
          "8:26: unknown side `lft` in `margins`: top, bottom, left or right [did you "
          "mean `left`?]");
    CHECK(m[5] ==
          "10:21: `show_last_updated` must be true or false, found a string [write true "
          "or false, without quotes]");
    CHECK(m[6] == "11:16: `line_spacing` must be a number from 0.8 to 2, found 3");
    REQUIRE(input.design.fonts.size() == 1);
    CHECK(input.design.fonts[0].family == "EB Garamond");
    CHECK(input.design.fonts[0].pos.line == 9);
}

TEST_CASE("design keys neither common nor declared are errors, others wait for their template") {
    Template tex = template_with("common_options = true\n");
    Template markdown = template_with(
        "[options.date_format]\ntype = \"enum\"\n"
        "values = [\"short\", \"iso\"]\ndefault = \"short\"\n"
        "description = \"Dates\"\n");
    const Cv cv = test::load_ok(std::string(test::kMinimal) +
                                "[design]\npaper = \"letter\"\npapr = \"a4\"\n");
    Diagnostics d;
    template_input(cv, markdown, std::nullopt, d);  // paper: not markdown's, and not an error
    CHECK(d.empty());
    check_design_keys(cv, {&tex, &markdown}, d);
    const auto m = messages(d);
    REQUIRE(m.size() == 1);
    CHECK(m[0] == "5:1: unknown option `papr` in [design] [did you mean `paper`?]");
    // paper is a common option: no mistake in a build of the Markdown output alone.
    Diagnostics markdown_only;
    check_design_keys(cv, {&markdown}, markdown_only);
    CHECK(messages(markdown_only) == std::vector<std::string>{m[0]});
}

TEST_CASE("dates print in the style date_format names") {
    const PartialDate month{2025, 8, 0, false};
    const PartialDate day{2025, 8, 3, false};
    CHECK(format_date(month, DateStyle::Short) == "Aug. 2025");
    CHECK(format_date(month, DateStyle::Long) == "August 2025");
    CHECK(format_date(month, DateStyle::Numeric) == "08/2025");
    CHECK(format_date(day, DateStyle::Numeric) == "03/08/2025");
    CHECK(format_date(month, DateStyle::Iso) == "2025-08");
    CHECK(format_date(PartialDate{2019, 0, 0, false}, DateStyle::Numeric) == "2019");
    CHECK(format_range(month, PartialDate{0, 0, 0, true}, DateStyle::Iso) == "2025-08 – Present");
}

TEST_CASE("mkcv templates --options describes each option") {
    const std::string text = describe_options(common_set());
    CHECK(text.find("paper (enum)\n    Paper size") != std::string::npos);
    CHECK(text.find("default: a4; one of a4, letter, legal") != std::string::npos);
    CHECK(text.find("default: top 2cm, bottom 2cm, left 2cm, right 2cm") != std::string::npos);
}
