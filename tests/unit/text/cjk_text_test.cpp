#include "text/cjk_text.h"

#include <catch2/catch.hpp>

#include <string>

using namespace mkcv;

namespace {

CjkCensus census_of(std::initializer_list<const char*> texts) {
    CjkCensus census;
    for (const char* text : texts)
        census.add(text);
    return census;
}

}  // namespace

TEST_CASE("CJK characters are those xeCJK sets in the CJK font", "[cjk]") {
    for (const char32_t cjk : {U'赵', U'デ', U'ー', U'가', U'ᄀ', U'ㄅ', U'，', U'。', U'Ａ', U'　',
                               U'\U00020000', U'\U0001B000', U'\U000E0100'})
        CHECK(is_cjk(cjk));
    // Dashes, curly quotes, the ellipsis and the middle dot stay in the Latin font
    // (mkcv-base), and so do Latin, Greek and other scripts.
    for (const char32_t other : {U'a', U'é', U'–', U'“', U'…', U'·', U'α', U'א', U'\uFE0F', U'😀'})
        CHECK_FALSE(is_cjk(other));
}

TEST_CASE("a census counts CJK characters, runs and those xeCJK sets by its own rules", "[cjk]") {
    const CjkCensus census = census_of({"Yihao Zhao", "赵怡浩", "UI/UXデザイン (東京)"});
    CHECK(census.characters == 3 + 4 + 2);
    CHECK(census.longest_run == 4);
    CHECK_FALSE(census.special);
    // A space ends a run; runs never join across values.
    CHECK(census_of({"내부 딜러"}).longest_run == 2);
    CHECK(census_of({"赵怡", "浩"}).longest_run == 2);
    CHECK(census_of({"AI 基础设施，例如"}).special);
    CHECK(census_of({"「東京」"}).special);
    CHECK(census_of({"ＧＰＵ"}).special);  // fullwidth forms
    // Small kana, the prolonged sound mark and iteration marks are in xeCJK's FullRight
    // class, Hangul jamo in a class of its own; kana letters and syllables are plain CJK.
    CHECK(census_of({"ジョン"}).special);
    CHECK(census_of({"デザイナー"}).special);
    CHECK(census_of({"佐々木"}).special);
    CHECK(census_of({"ᄀ"}).special);
    CHECK_FALSE(census_of({"さとう けんいち", "サトウ", "김철수", "國立臺灣大學"}).special);
    // Invalid UTF-8 counts as no CJK.
    CHECK(census_of({"\xe8\xb5"}).characters == 0);
}

TEST_CASE("xeCJK comes with CJK punctuation, long runs or much CJK text", "[cjk]") {
    // A name in an English CV, and a few places: the light path.
    CHECK_FALSE(wants_xecjk(census_of({"赵怡浩", "北京大学", "東京", "김철수"})));
    CHECK(wants_xecjk(census_of({"ジョン・スミス"})));  // small kana, the katakana middle dot
    CHECK(wants_xecjk(census_of({"AI 基础设施的调度与管理，例如 GPU 集群调度"})));
    std::string light;
    for (std::size_t i = 0; i < kMaxLightRun; ++i)
        light += "赵";
    const std::string heavy = light + "赵";
    CHECK_FALSE(wants_xecjk(census_of({light.c_str()})));
    CHECK(wants_xecjk(census_of({heavy.c_str()})));
    // Many short runs (Korean words, spaces between them) add up.
    CjkCensus words;
    for (std::size_t i = 0; i < kMaxLightCharacters / 2; ++i)
        words.add("내부");
    CHECK_FALSE(wants_xecjk(words));
    words.add("딜");
    CHECK(wants_xecjk(words));
}
