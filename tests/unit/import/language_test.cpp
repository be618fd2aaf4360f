#include "import/language.h"

#include <catch2/catch.hpp>

namespace mkcv {
namespace {

std::string guess(std::string_view text) {
    const auto g = language_of_script(text);
    return g ? g->tag + (g->unsure ? "?" : "") : "-";
}

}  // namespace

TEST_CASE("the script tells the language, even in short texts", "[import]") {
    CHECK(guess("こんにちは") == "ja");
    CHECK(guess("カタカナ") == "ja");
    CHECK(guess("東京大学 工学部 コンピュータサイエンス") == "ja");  // kanji with some kana
    CHECK(guess("東京大学大学院で修士") == "ja");                    // one kana among nine kanji
    CHECK(guess("한국어") == "ko");
    CHECK(guess("서울대학교 大學") == "ko");
    CHECK(guess("北京大学") == "zh");
    CHECK(guess("東") == "zh");
    CHECK(guess("ภาษาไทย") == "th");
    CHECK(guess("Иван") == "ru?");
    CHECK(guess("مرحبا") == "ar");
    CHECK(guess("دانشگاه تهران") == "fa");  // گ and ه: Persian letters
    CHECK(guess("پ") == "fa");
    CHECK(guess("שלום") == "he");
}

TEST_CASE("mixed texts: the script of a real share of the letters", "[import]") {
    // Latin says nothing; a few foreign letters in an English CV neither.
    CHECK(guess("Software Engineer at Google") == "-");
    CHECK(guess("") == "-");
    CHECK(guess("12345 -- 2020") == "-");
    CHECK(guess("Jane Doe (李) Software Engineer, Research Scientist, Machine Learning") == "-");
    // A Russian CV full of English technical words is still Russian.
    CHECK(guess("Разработчик бэкенда: Python, Go, Kubernetes") == "ru?");
    // Thai with English terms.
    CHECK(guess("วิศวกรซอฟต์แวร์ ที่ Google Bangkok") == "th");
    // Japanese with Latin names.
    CHECK(guess("ソフトウェアエンジニア at Sony, Tokyo") == "ja");
}

TEST_CASE("Ukrainian, Hindi and Vietnamese by their own letters", "[import]") {
    // Ukrainian's і ї є ґ, which Russian does not write; Russian's ы э ъ ё, which Ukrainian
    // does not.
    CHECK(guess("Київ") == "uk");
    CHECK(guess("Досвід роботи") == "uk");
    CHECK(guess("Інженер-програміст, Львівська політехніка") == "uk");
    CHECK(guess("Ґалаґан Євген") == "uk");
    CHECK(guess("Опыт работы") == "ru?");
    CHECK(guess("Москва") == "ru?");  // no letter of either: Russian, to be confirmed
    // A Russian CV that names a Ukrainian city once is still Russian.
    CHECK(guess("Работал в Київ: разработчик бэкенда, опыт пять лет, вы это знаете") == "ru?");
    // Belarusian writes і too, and ў, which Ukrainian does not.
    CHECK(guess("Беларускі дзяржаўны ўніверсітэт") == "ru?");
    // Devanagari: Hindi, to be confirmed (Marathi and Nepali share the script).
    CHECK(guess("कार्य अनुभव") == "hi?");
    CHECK(guess("सॉफ्टवेयर इंजीनियर, Google India") == "hi?");
    CHECK(language_of_script("हिन्दी")->others.find("\"mr\"") != std::string_view::npos);
    // Vietnamese: Latin with its own letters, precomposed or decomposed.
    CHECK(guess("Kinh nghiệm làm việc tại Hà Nội") == "vi");
    CHECK(guess("Đại học Bách khoa, Kỹ sư phần mềm") == "vi");
    CHECK(guess("Kinh nghie\u0323\u0302m la\u0300m vie\u0323\u0302c ta\u0323i") == "vi");
    // A Vietnamese name or university in an English CV is not enough.
    CHECK(guess("Nguyễn Văn An") == "-");
    CHECK(guess("Software engineer at FPT, Hà Nội. Studied at Đại học Quốc gia, then worked on "
                "distributed systems, machine learning platforms and developer tooling for "
                "several years") == "-");
    CHECK(guess("Crème brûlée, Ærø, Łódź, İstanbul, São Paulo") == "-");  // other Latin marks
}

TEST_CASE("a language as the source names it becomes a tag", "[import]") {
    CHECK(language_tag_of("en") == "en");
    CHECK(language_tag_of("pt_BR") == "pt-BR");
    CHECK(language_tag_of("zh-hans") == "zh-Hans");
    CHECK(language_tag_of("zh-hant-tw") == "zh-Hant-TW");
    CHECK(language_tag_of("zh-tw") == "zh-TW");
    CHECK(language_tag_of("sr-latn-rs") == "sr-Latn-RS");
    CHECK(language_tag_of("Japanese") == "ja");
    CHECK(language_tag_of(" english ") == "en");
    CHECK_FALSE(language_tag_of("Klingon language"));
    CHECK_FALSE(language_tag_of("Python"));  // a well-formed 6-letter tag, but a word
    CHECK_FALSE(language_tag_of(""));
}

}  // namespace mkcv
