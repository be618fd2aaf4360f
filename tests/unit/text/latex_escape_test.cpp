#include "text/latex_escape.h"

#include <catch2/catch.hpp>

using namespace mkcv;

TEST_CASE("every LaTeX special character is escaped") {
    CHECK(escape_latex("\\") == "\\textbackslash{}");
    CHECK(escape_latex("{") == "\\{");
    CHECK(escape_latex("}") == "\\}");
    CHECK(escape_latex("$") == "\\$");
    CHECK(escape_latex("&") == "\\&");
    CHECK(escape_latex("%") == "\\%");
    CHECK(escape_latex("#") == "\\#");
    CHECK(escape_latex("_") == "\\_");
    CHECK(escape_latex("^") == "\\textasciicircum{}");
    CHECK(escape_latex("~") == "\\textasciitilde{}");
    CHECK(escape_latex("[x]") == "{[}x{]}");
    CHECK(
        escape_latex("100% of $5 & #1_a^2~\\{}") ==
        "100\\% of \\$5 \\& \\#1\\_a\\textasciicircum{}2\\textasciitilde{}\\textbackslash{}\\{\\}");
}

TEST_CASE("TeX ligatures cannot change what was typed") {
    CHECK(escape_latex("a--b") == "a-{}-b");
    CHECK(escape_latex("a---b") == "a-{}-{}-b");
    CHECK(escape_latex("``q''") == "`{}`q'{}'");
    CHECK(escape_latex("<<>>") == "<{}<>{}>");
    CHECK(escape_latex("?`!`") == "?{}`!{}`");
    CHECK(escape_latex(",,") == ",{},");
    CHECK(escape_latex("a-b") == "a-b");
}

TEST_CASE("apostrophes and paired quotes of prose are set typographic") {
    // Between two letters, ' is the apostrophe ’; what the user typed stays the value.
    CHECK(escape_latex("Bachelor's degree") == "Bachelor\u2019s degree");
    CHECK(escape_latex("O'Brien, Zoë's lab") == "O\u2019Brien, Zoë\u2019s lab");
    // A pair of straight quotes around words: the locale's quotes (mkcv-base's macros).
    CHECK(escape_latex("the \"best\" paper") == "the \\mkcvlq{}best\\mkcvrq{} paper");
    CHECK(escape_latex("(\"A\" and \"B\")") == "(\\mkcvlq{}A\\mkcvrq{} and \\mkcvlq{}B\\mkcvrq{})");
    CHECK(escape_latex("\"赵\"") == "\\mkcvlq{}\\mkcvcjk{赵}\\mkcvrq{}");
    // Not at a word's edge, not an odd or misplaced number of quotes, not in a URL, an
    // address or code: the straight character, which is what it means there.
    CHECK(escape_latex("SIGCOMM '23") == "SIGCOMM '23");
    CHECK(escape_latex("the users' data") == "the users' data");
    CHECK(escape_latex("a 5\" screen") == "a 5\" screen");
    CHECK(escape_latex("\"a \"b\" c\"") == "\"a \"b\" c\"");
    CHECK(escape_latex("x\"y\"z") == "x\"y\"z");
    CHECK(escape_latex("zoe_o'brien@example.org") == "zoe\\_o'brien@example.org");
    CHECK(escape_latex("https://example.org/it's") == "https://example.org/it's");
    CHECK(escape_latex("key=\"v\" and \"w\"") == "key=\"v\" and \"w\"");
    // Nor in a right-to-left document (the quotes would need mirroring) or a PDF string.
    CHECK(escape_latex("it's", TextDirection::Rtl) == "it's");
    CHECK(escape_latex_pdf_string("it's \"x\"") == "it's \"x\"");
}

TEST_CASE("Unicode is kept, control characters are not") {
    CHECK(escape_latex("赵怡浩 Ελληνικά Кириллица café") ==
          "\\mkcvcjk{赵怡浩} \\mkcvsym{Ελληνικά} \\mkcvsym{Кириллица} café");
    CHECK(escape_latex("a\nb\tc\rd") == "a b c d");
    CHECK(escape_latex(std::string("a\x01\x7f") + "b") == "ab");
    CHECK(escape_latex("").empty());
}

TEST_CASE("long strings with no space may break where the Chicago Manual breaks URLs") {
    // Shorter than 30 characters: left alone.
    CHECK(escape_latex("https://x.org/a_b and a-b.c") == "https://x.org/a\\_b and a-b.c");
    // A URL: before . , - _ / ? # @ ; ~, after : = & and "//", never beside another of them
    // nor before the last character (a line never ends with a hyphen or a dot).
    CHECK(
        escape_latex("https://example.org/a_b/c-d?x=1&y=2.") ==
        "https://\\mkcvbreak{}example\\mkcvbreak{}.org\\mkcvbreak{}/a\\mkcvbreak{}\\_b\\mkcvbreak{}"
        "/c\\mkcvbreak{}-d\\mkcvbreak{}?x=\\mkcvbreak{}1\\&\\mkcvbreak{}y=\\mkcvbreak{}2.");
    // An e-mail address, in a sentence: only the long run gets break points.
    CHECK(escape_latex("Mail first.last.department@example-university.edu now") ==
          "Mail first\\mkcvbreak{}.last\\mkcvbreak{}.department\\mkcvbreak{}@example\\mkcvbreak{}"
          "-university\\mkcvbreak{}.edu now");
    // A part of more than 20 letters breaks after any letter; Latin-1 letters count as one.
    CHECK(escape_latex("Ääääääääääbbbbbbbbbbcccccccccc") ==
          "Ä\\mkcvbreak{}ä\\mkcvbreak{}ä\\mkcvbreak{}ä\\mkcvbreak{}ä\\mkcvbreak{}ä\\mkcvbreak{}"
          "ä\\mkcvbreak{}"
          "ä\\mkcvbreak{}ä\\mkcvbreak{}ä\\mkcvbreak{}b\\mkcvbreak{}b\\mkcvbreak{}b\\mkcvbreak{}"
          "b\\mkcvbreak{}"
          "b\\mkcvbreak{}b\\mkcvbreak{}b\\mkcvbreak{}b\\mkcvbreak{}b\\mkcvbreak{}b\\mkcvbreak{}"
          "c\\mkcvbreak{}"
          "c\\mkcvbreak{}c\\mkcvbreak{}c\\mkcvbreak{}c\\mkcvbreak{}c\\mkcvbreak{}c\\mkcvbreak{}"
          "c\\mkcvbreak{}"
          "c\\mkcvbreak{}c");
    // Ligature guards stay; no break beside a dash of "--".
    CHECK(escape_latex("aaaaaaaaaa.bbbbbbbbbb--cccccccccc") ==
          "aaaaaaaaaa\\mkcvbreak{}.bbbbbbbbbb-{}-cccccccccc");
    // CJK has no spaces and breaks between any two characters already (xeCJK or \mkcvcjk):
    // no break points.
    CHECK(escape_latex("赵怡浩赵怡浩赵怡浩赵怡浩赵怡浩赵怡浩赵怡浩赵怡浩赵怡浩赵怡浩赵怡浩") ==
          "\\mkcvcjk{赵怡浩赵怡浩赵怡浩赵怡浩赵怡浩赵怡浩赵怡浩赵怡浩赵怡浩赵怡浩赵怡浩}");
}

TEST_CASE("URLs keep their meaning inside href") {
    CHECK(escape_href("https://x.org/a_b~c?d=1&e=2") == "https://x.org/a_b~c?d=1&e=2");
    CHECK(escape_href("https://x.org/100%25#frag") == "https://x.org/100\\%25\\#frag");
    CHECK(escape_href("https://x.org/a b") == "https://x.org/a\\%20b");
    CHECK(escape_href("https://x.org/{x}^\\|\"<>`") ==
          "https://x.org/\\%7Bx\\%7D\\%5E\\%5C\\%7C\\%22\\%3C\\%3E\\%60");
    CHECK(escape_href("https://x.org/é") == "https://x.org/\\%C3\\%A9");
}

TEST_CASE("URLs are shown without their scheme") {
    CHECK(display_url("https://rivendile.github.io") == "rivendile.github.io");
    CHECK(display_url("https://rivendile.github.io/") == "rivendile.github.io");
    CHECK(display_url("http://x.org/a/") == "x.org/a");
    CHECK(display_url("mailto:a@b.c") == "a@b.c");
    CHECK(display_url("ftp://x") == "ftp://x");
}

TEST_CASE("text in scripts the main fonts lack is wrapped for a font that has them") {
    CHECK(escape_latex("עברית: שלום עולם") ==
          "\\beginR{}\\mkcvscript{hebrew}{עברית}: \\mkcvscript{hebrew}{שלום עולם}\\endR{}");
    CHECK(escape_latex("مرحبا بالعالم!") ==
          "\\beginR{}\\mkcvscript{arabic}{مرحبا بالعالم}!\\endR{}");
    CHECK(escape_latex("नमस्ते 100%") == "\\mkcvscript{devanagari}{नमस्ते} 100\\%");
    CHECK(escape_latex("Müller 赵怡浩 내부 딜러") ==
          "Müller \\mkcvcjk{赵怡浩} \\mkcvcjk{내부} \\mkcvcjk{딜러}");  // main and CJK fonts
    CHECK(escape_latex("ok \xff bad") ==
          "ok \xff bad");  // invalid UTF-8 is passed on, not crashed on
}

TEST_CASE("runs of CJK characters come as mkcvcjk, for xeCJK or the light path") {
    // A run ends at a space and at any other character: the spaces are the text's own.
    CHECK(escape_latex("赵怡浩") == "\\mkcvcjk{赵怡浩}");
    CHECK(escape_latex("UI/UXデザイナー") == "UI/UX\\mkcvcjk{デザイナー}");
    CHECK(escape_latex("AI 基础设施，例如 GPU") == "AI \\mkcvcjk{基础设施，例如} GPU");
    CHECK(escape_latex("東京 (2020–2021)") == "\\mkcvcjk{東京} (2020–2021)");
    // Specials next to a run are escaped as ever; dashes and quotes stay outside it.
    CHECK(escape_latex("{赵}_“김”") == "\\{\\mkcvcjk{赵}\\}\\_“\\mkcvcjk{김}”");
    // Hangul jamo, a supplementary ideograph and a fullwidth letter are CJK too.
    CHECK(escape_latex("ᄀ𠀀Ａ") == "\\mkcvcjk{ᄀ𠀀Ａ}");
    // In a right-to-left document, a CJK run is a left-to-right one.
    CHECK(escape_latex("赵", TextDirection::Rtl) == "\\beginL{}\\mkcvcjk{赵}\\endL{}");
}

TEST_CASE("runs of symbols, Greek and Cyrillic are checked against the current font") {
    CHECK(escape_latex("a ∑ b") == "a \\mkcvsym{∑} b");
    CHECK(escape_latex("∀x ∈ ℝ") == "\\mkcvsym{∀}x \\mkcvsym{∈} \\mkcvsym{ℝ}");
    CHECK(escape_latex("™№℃ℓ①.") == "\\mkcvsym{™№℃ℓ①}.");
    CHECK(escape_latex("Ωμ Жар") == "\\mkcvsym{Ωμ} \\mkcvsym{Жар}");
    // A character with what extends it is one braced item, set in one font that has all of
    // it: a combining accent, a variation selector (U+FE0F), a skin tone, a joiner and the
    // character it joins.
    CHECK(escape_latex("α\xCC\x81") == "\\mkcvsym{{α\xCC\x81}}");
    CHECK(escape_latex("☎\xEF\xB8\x8F 😀") == "\\mkcvsym{{☎\xEF\xB8\x8F}} \\mkcvsym{😀}");
    // Dashes, quotes and combining marks after Latin are not: they stay with their text.
    CHECK(escape_latex("“a” – e\xCC\x81") == "“a” – e\xCC\x81");
}

TEST_CASE("mixed right-to-left and left-to-right runs nest as the bidi algorithm orders them") {
    // A Persian value: right to left as a whole (its first letter), Latin words and the
    // final full stop where a Persian reader expects them.
    CHECK(escape_latex("طراحی پلتفرم PaaS با Django و بهبود API.") ==
          "\\beginR{}\\mkcvscript{arabic}{طراحی پلتفرم} \\beginL{}PaaS\\endL{} "
          "\\mkcvscript{arabic}{با} \\beginL{}Django\\endL{} \\mkcvscript{arabic}{و بهبود} "
          "\\beginL{}API\\endL{}.\\endR{}");
    // An English value with Persian inside: left to right, brackets on the outside.
    CHECK(escape_latex("Built the site (سایت فارسی) in 3 weeks.") ==
          "Built the site (\\beginR{}\\mkcvscript{arabic}{سایت فارسی}\\endR{}) in 3 weeks.");
    // Arabic-Indic digits run left to right inside Arabic.
    CHECK(escape_latex("شركة ٢٠٢٣") ==
          "\\beginR{}\\mkcvscript{arabic}{شركة} \\beginL{}\\mkcvscript{arabic}{٢٠٢٣}\\endL{}"
          "\\endR{}");
    // Brackets inside a right-to-left run are drawn as their mirror images.
    CHECK(escape_latex("نص (فارسی)") ==
          "\\beginR{}\\mkcvscript{arabic}{نص} )\\mkcvscript{arabic}{فارسی}(\\endR{}");
    // Nothing to order: text without a right-to-left character stays as it was.
    CHECK(escape_latex("Django 5 – 2024") == "Django 5 – 2024");
    CHECK(escape_latex("") == "");
}

TEST_CASE("in a right-to-left document every value says its direction") {
    CHECK(escape_latex("Django 5", TextDirection::Rtl) == "\\beginL{}Django 5\\endL{}");
    // No letter: the document's direction, digits left to right inside it.
    CHECK(escape_latex("2023 – 2024", TextDirection::Rtl) ==
          "\\beginR{}\\beginL{}2023\\endL{} – \\beginL{}2024\\endL{}\\endR{}");
    CHECK(escape_latex("שלום", TextDirection::Rtl) ==
          "\\beginR{}\\mkcvscript{hebrew}{שלום}\\endR{}");
    CHECK(escape_latex("", TextDirection::Rtl) == "");
    // One left-to-right word needs no run: TeX never reverses a word's letters.
    CHECK(escape_latex("SC", TextDirection::Rtl) == "SC");
    CHECK(escape_latex("2024", TextDirection::Rtl) == "2024");
    // Unless it gets breaks between its parts, which would be set in reverse order.
    const std::string url = escape_latex(
        "research.example-university.edu/people/maximiliana-wolkenstein", TextDirection::Rtl);
    CHECK(url.starts_with("\\beginL{}research\\mkcvbreak{}."));
    CHECK(url.ends_with("wolkenstein\\endL{}"));
    CHECK(escape_latex("research.example-university.edu/people/maximiliana-wolkenstein",
                       TextDirection::Ltr)
              .starts_with("research\\mkcvbreak{}."));
    // The escaping is the same inside a run.
    CHECK(escape_latex("a_b {x}", TextDirection::Rtl) == "\\beginL{}a\\_b \\{x\\}\\endL{}");
}

TEST_CASE("emoji with variation selectors, skin tones and joiners are one item each") {
    // From a real CV: U+2665 U+FE0F.
    CHECK(escape_latex("Capybara = ♥️") == "Capybara = \\mkcvsym{{♥️}}");
    CHECK(escape_latex("♥️★") == "\\mkcvsym{{♥️}★}");
    CHECK(escape_latex("★♥︎") == "\\mkcvsym{★{♥︎}}");  // U+FE0E, the text form
    CHECK(escape_latex("👍🏽!") == "\\mkcvsym{{👍🏽}}!");
    CHECK(escape_latex("a 👨‍👩‍👧 b") == "a \\mkcvsym{{👨‍👩‍👧}} b");
    CHECK(escape_latex("🏳️‍🌈") == "\\mkcvsym{{🏳️‍🌈}}");
    // After a joiner, ASCII is never taken into the run (it is TeX syntax) ...
    CHECK(escape_latex("★\u200d}") == "\\mkcvsym{{★\u200d}}\\}");
    // ... nor CJK or a script, which have commands of their own.
    CHECK(escape_latex("★\u200d赵") == "\\mkcvsym{{★\u200d}}\\mkcvcjk{赵}");
    CHECK(escape_latex("★\u200dन") == "\\mkcvsym{{★\u200d}}\\mkcvscript{devanagari}{न}");
}

TEST_CASE("a symbol right after CJK text is a run of its own") {
    CHECK(escape_latex("LINEグループ→HubSpot") == "LINE\\mkcvcjk{グループ}\\mkcvsym{→}HubSpot");
}

TEST_CASE("text for a PDF string has no break points, font or direction commands") {
    const std::string name = "Anna Mueller-Luedenscheidt-Hohenzollern-Sigmaringen";
    CHECK(escape_latex(name).find("\\mkcvbreak{}") != std::string::npos);
    CHECK(escape_latex_pdf_string(name) == name);
    CHECK(escape_latex_pdf_string("赵怡浩 ♥️ नमस्ते שלום") ==
          "赵怡浩 ♥️ नमस्ते שלום");
    CHECK(escape_latex_pdf_string("100% of $5 & #1_a^2~\\{}[x]--") ==
          "100\\% of \\$5 \\& \\#1\\_a\\textasciicircum{}2\\textasciitilde{}"
          "\\textbackslash{}\\{\\}{[}x{]}-{}-");
    CHECK(escape_latex_pdf_string("a\nb\x01"
                                  "c") == "a bc");
    const std::string url(5000, 'x');
    CHECK(escape_latex_pdf_string(url) == url);
}

TEST_CASE("an unbroken run of any length gets break points") {
    // More than 10,000 characters (only a .bib value can be that long): a break every 20,
    // not after every letter, which would make a 64 KiB value 11 times as long.
    const std::string run(20000, 'a');
    const std::string out = escape_latex(run);
    std::size_t breaks = 0;
    for (std::size_t at = out.find("\\mkcvbrk{}"); at != std::string::npos;
         at = out.find("\\mkcvbrk{}", at + 1))
        ++breaks;
    CHECK(breaks == 999);
    CHECK(out.size() == run.size() + breaks * 10);
    CHECK(out.starts_with(std::string(20, 'a') + "\\mkcvbrk{}" + std::string(20, 'a') +
                          "\\mkcvbrk{}"));
    CHECK(out.ends_with("\\mkcvbrk{}" + std::string(20, 'a')));
    // Never after a hyphen or a full stop (pdftotext would join the lines as a hyphenated
    // word), nor before the last character.
    std::string dashes;
    for (int i = 0; i < 600; ++i)
        dashes += "abcdefghij-klmnopqrs.";
    const std::string broken = escape_latex(dashes);
    CHECK(broken.find("-\\mkcvbrk{}") == std::string::npos);
    CHECK(broken.find(".\\mkcvbrk{}") == std::string::npos);
    CHECK(broken.find("\\mkcvbrk{}") != std::string::npos);
    std::string plain = broken;
    for (std::size_t at; (at = plain.find("\\mkcvbrk{}")) != std::string::npos;)
        plain.erase(at, 10);
    CHECK(plain == escape_latex_pdf_string(dashes));
    // Up to 10,000 characters (any cv.toml value), the Chicago Manual's rules: a part of more
    // than 20 letters breaks after every letter, so TeX can fill every line. (Up to 4,096
    // characters once; longer runs had no break point at all, and TeX failed on them.)
    CHECK(escape_latex(std::string(10000, 'b')).size() == 10000 + 9999 * 10);
    // Beyond 1,000 characters the break is \mkcvbrk{}, cheap: \mkcvbreak{}'s 5000 on each of
    // so many lines would add up past what TeX's line breaking counts.
    CHECK(escape_latex(std::string(1000, 'c')) == [] {
        std::string s = "c";
        for (int i = 1; i < 1000; ++i)
            s += "\\mkcvbreak{}c";
        return s;
    }());
    CHECK(escape_latex(std::string(1001, 'c')).starts_with("c\\mkcvbrk{}c\\mkcvbrk{}"));
    // In a right-to-left document, such a run is a left-to-right one.
    CHECK(escape_latex(std::string(1001, 'c'), TextDirection::Rtl).starts_with("\\beginL{}c"));
}
