// One function per command: each adds its subcommand and options to the app, and sets
// CliState::run when it is the command given. In the order `mkcv --help` lists them.
#pragma once

#include <CLI/CLI.hpp>

#include "cli/common.h"

namespace mkcv {

void add_build_command(CLI::App& app, CliState& state);      // build_command.cpp
void add_check_command(CLI::App& app, CliState& state);      // build_command.cpp
void add_watch_command(CLI::App& app, CliState& state);      // build_command.cpp
void add_apply_command(CLI::App& app, CliState& state);      // apply_command.cpp
void add_serve_command(CLI::App& app, CliState& state);      // serve_command.cpp
void add_report_command(CLI::App& app, CliState& state);     // build_command.cpp
void add_render_command(CLI::App& app, CliState& state);     // cv_commands.cpp
void add_validate_command(CLI::App& app, CliState& state);   // cv_commands.cpp
void add_context_command(CLI::App& app, CliState& state);    // cv_commands.cpp
void add_templates_command(CLI::App& app, CliState& state);  // template_commands.cpp
void add_template_command(CLI::App& app, CliState& state);   // template_commands.cpp
void add_schema_command(CLI::App& app, CliState& state);     // cv_commands.cpp
void add_export_command(CLI::App& app, CliState& state);     // cv_commands.cpp
void add_site_command(CLI::App& app, CliState& state);       // site_command.cpp
void add_import_command(CLI::App& app, CliState& state);     // import_command.cpp
void add_sync_command(CLI::App& app, CliState& state);       // sync_command.cpp
void add_new_command(CLI::App& app, CliState& state);        // new_command.cpp
void add_init_command(CLI::App& app, CliState& state);       // init_command.cpp
void add_doctor_command(CLI::App& app, CliState& state);     // doctor_command.cpp

// `mkcv` alone is `mkcv build`.
int run_build(CliState& state);

// `mkcv check`'s look at the applications of cv.toml (apply_command.cpp): 0 when every
// document and packet is up to date, 3 when not, 2 when they cannot be planned.
int check_applications_of(CliState& state);

}  // namespace mkcv
