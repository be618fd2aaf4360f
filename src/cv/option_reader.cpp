#include "cv/option_reader.h"

#include <algorithm>

namespace mkcv {
namespace {

OptionSettings read_table(const toml::table& table, const std::vector<std::string>& skip,
                          int depth) {
    OptionSettings out;
    for (const auto& [key_pointer, node_pointer] : in_file_order(table)) {
        const toml::key& key = *key_pointer;
        const toml::node& node = *node_pointer;
        std::string name(key.str());
        if (std::find(skip.begin(), skip.end(), name) != skip.end())
            continue;
        OptionSetting setting = read_option_setting(node, depth);
        setting.key_pos = source_pos_of(key.source());
        out.push_back({std::move(name), std::move(setting)});
    }
    return out;
}

}  // namespace

std::vector<std::pair<const toml::key*, const toml::node*>> in_file_order(
    const toml::table& table) {
    std::vector<std::pair<const toml::key*, const toml::node*>> entries;
    for (const auto& [key, node] : table)
        entries.emplace_back(&key, &node);
    std::sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) {
        const auto& x = a.first->source().begin;
        const auto& y = b.first->source().begin;
        return x.line != y.line ? x.line < y.line : x.column < y.column;
    });
    return entries;
}

OptionSetting read_option_setting(const toml::node& node, int depth) {
    OptionSetting setting;
    setting.pos = source_pos_of(node.source());
    setting.key_pos = setting.pos;
    if (const auto* s = node.as_string()) {
        setting.kind = OptionSetting::Kind::String;
        setting.text = s->get();
    } else if (const auto* i = node.as_integer()) {
        setting.kind = OptionSetting::Kind::Integer;
        setting.number = static_cast<double>(i->get());
    } else if (const auto* f = node.as_floating_point()) {
        setting.kind = OptionSetting::Kind::Float;
        setting.number = f->get();
    } else if (const auto* b = node.as_boolean()) {
        setting.kind = OptionSetting::Kind::Bool;
        setting.flag = b->get();
    } else if (const auto* t = node.as_table(); t && depth == 0) {
        setting.kind = OptionSetting::Kind::Table;
        setting.fields = read_table(*t, {}, depth + 1);
    }
    return setting;
}

OptionSettings read_option_settings(const toml::table& table,
                                    const std::vector<std::string>& skip) {
    return read_table(table, skip, 0);
}

}  // namespace mkcv
