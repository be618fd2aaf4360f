#include "text/script_punctuation.h"

#include <catch2/catch.hpp>

using namespace mkcv;

TEST_CASE("text ends in the script of its last letter, digit or CJK mark", "[punctuation]") {
    CHECK(text_end("最佳论文奖", TextEnd::None) == TextEnd::Cjk);
    CHECK(text_end("デザイン", TextEnd::None) == TextEnd::Cjk);
    CHECK(text_end("论文（CCF-A）", TextEnd::None) == TextEnd::Cjk);  // fullwidth bracket
    CHECK(text_end("2024年", TextEnd::None) == TextEnd::Cjk);
    // Closing brackets, quotes and spaces leave the script before them in charge.
    CHECK(text_end("Workshop (MoNeTec)", TextEnd::None) == TextEnd::Other);
    CHECK(text_end("“Worth It?” ", TextEnd::None) == TextEnd::Other);
    CHECK(text_end("中文“引号” ", TextEnd::None) == TextEnd::Cjk);
    // Digits have no script: a year ends whatever text came before it.
    CHECK(text_end("2024", TextEnd::Cjk) == TextEnd::Cjk);
    CHECK(text_end("计算机学报，2023", TextEnd::None) == TextEnd::Cjk);
    CHECK(text_end("(MoNeTec), 2024", TextEnd::None) == TextEnd::Other);
    CHECK(text_end("Zürich", TextEnd::None) == TextEnd::Other);
    CHECK(text_end("서울대학교", TextEnd::None) == TextEnd::Other);  // Hangul: Latin punctuation
    // Nothing with a script: the text before decides.
    CHECK(text_end(" – ", TextEnd::Cjk) == TextEnd::Cjk);
    CHECK(text_end("", TextEnd::Other) == TextEnd::Other);
    CHECK(text_end("\xff\xfe", TextEnd::None) == TextEnd::None);
    CHECK(text_end("中\x80", TextEnd::None) == TextEnd::Cjk);  // a stray byte is skipped
}

TEST_CASE("a CJK separator gives way to the Latin one after text in another script",
          "[punctuation]") {
    CHECK(punctuation_after(TextEnd::Other, "，", ", ") == ", ");
    CHECK(punctuation_after(TextEnd::Other, "。", ".") == ".");
    CHECK(punctuation_after(TextEnd::Other, "、", ", ") == ", ");
    CHECK(punctuation_after(TextEnd::Cjk, "，", ", ") == "，");
    CHECK(punctuation_after(TextEnd::None, "，", ", ") == "，");
    // A Latin locale's forms stay whatever precedes them, and so do other scripts' own.
    CHECK(punctuation_after(TextEnd::Cjk, ", ", ", ") == ", ");
    CHECK(punctuation_after(TextEnd::Other, "، ", ", ") == "، ");
    CHECK(is_cjk_punctuation("，"));
    CHECK(is_cjk_punctuation("。"));
    CHECK_FALSE(is_cjk_punctuation(", "));
    CHECK_FALSE(is_cjk_punctuation("، "));
}

TEST_CASE("a sentence ends at a full stop, question or exclamation mark, through closing marks",
          "[punctuation]") {
    for (const char* ended :
         {"et al.", "Worth It?", "“Worth It?”", "Really!)", "结束。", "好吗？」", "and so on…"})
        CHECK(ends_sentence(ended));
    for (const char* open : {"Xin Jin", "(Extended Abstract)", "2024", "最佳论文奖", "", "Ph.D"})
        CHECK_FALSE(ends_sentence(open));
}
