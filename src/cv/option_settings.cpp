#include "cv/option_settings.h"

namespace mkcv {

std::string describe(const OptionSetting& setting) {
    switch (setting.kind) {
        case OptionSetting::Kind::String:
            return "a string";
        case OptionSetting::Kind::Integer:
            return "an integer";
        case OptionSetting::Kind::Float:
            return "a number";
        case OptionSetting::Kind::Bool:
            return "true or false";
        case OptionSetting::Kind::Table:
            return "a table";
        case OptionSetting::Kind::Other:
            break;
    }
    return "a date, an array or a nested table";
}

}  // namespace mkcv
