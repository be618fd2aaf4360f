# fish completion for mkcv. Installed as /usr/share/fish/vendor_completions.d/mkcv.fish.
# tests/integration/package_test.sh checks that it names every subcommand of `mkcv --help`.

function __mkcv_templates
    mkcv templates 2>/dev/null | awk 'NF && $1 !~ /:$/ {print $1}'
end

set -l commands build check report watch apply serve render validate context templates template schema export site import sync new init doctor
complete -c mkcv -f
complete -c mkcv -n "not __fish_seen_subcommand_from $commands" -l version -d 'Print the version and exit'
complete -c mkcv -n "not __fish_seen_subcommand_from $commands" -a build -d 'Render and compile each template'
complete -c mkcv -n "not __fish_seen_subcommand_from $commands" -a check -d 'Exit 0 when every output is up to date'
complete -c mkcv -n "not __fish_seen_subcommand_from $commands" -a watch -d 'Build again on every change'
complete -c mkcv -n "not __fish_seen_subcommand_from $commands" -a apply -d 'Build each application: letter, statements, tailored CV, packet'
complete -c mkcv -n "not __fish_seen_subcommand_from $commands" -a serve -d 'Site, watched and previewed on 127.0.0.1'
complete -c mkcv -n "not __fish_seen_subcommand_from $commands" -a render -d 'Write the LaTeX source only'
complete -c mkcv -n "not __fish_seen_subcommand_from $commands" -a validate -d 'Check the CV, print every problem'
complete -c mkcv -n "not __fish_seen_subcommand_from $commands" -a context -d 'Print the data a template sees'
complete -c mkcv -n "not __fish_seen_subcommand_from $commands" -a templates -d 'List the templates mkcv can find'
complete -c mkcv -n "not __fish_seen_subcommand_from $commands" -a template -d 'Make your own template'
complete -c mkcv -n "not __fish_seen_subcommand_from $commands" -a schema -d 'Print the JSON Schema of cv.toml'
complete -c mkcv -n "not __fish_seen_subcommand_from $commands" -a export -d 'Write the publications as .bib'
complete -c mkcv -n "not __fish_seen_subcommand_from $commands" -a import -d 'Make a cv.toml from another format'
complete -c mkcv -n "not __fish_seen_subcommand_from $commands" -a sync -d 'Update the publication list from DBLP, ORCID and others'
complete -c mkcv -n "__fish_seen_subcommand_from sync" -l offline -r -d 'Merge these files, no network'
complete -c mkcv -n "__fish_seen_subcommand_from sync" -l dry-run -d 'Write nothing'
complete -c mkcv -n "__fish_seen_subcommand_from sync" -l check -d 'Exit 3 when a source has a paper the CV lacks'
complete -c mkcv -n "__fish_seen_subcommand_from sync" -l api-base -x -d 'NAME=URL of a source'
complete -c mkcv -n "__fish_seen_subcommand_from sync" -l timeout -x -d 'Seconds per request'
complete -c mkcv -n "not __fish_seen_subcommand_from $commands" -a new -d 'Write a starter cv.toml'
complete -c mkcv -n "not __fish_seen_subcommand_from $commands" -a init -d 'Set up this folder for a CV built in CI'
complete -c mkcv -n "not __fish_seen_subcommand_from $commands" -a site -d 'Write a folder to publish on GitHub Pages'
complete -c mkcv -n "not __fish_seen_subcommand_from $commands" -a doctor -d 'Check that TeX and the fonts are installed'
complete -c mkcv -n "not __fish_seen_subcommand_from $commands" -a report -d 'Print the outputs a --report file names'
complete -c mkcv -n "__fish_seen_subcommand_from build check" -l report -r -d 'Write what became of each output, as JSON'
complete -c mkcv -n "__fish_seen_subcommand_from report" -l pdfs -d 'Only the PDFs'
complete -c mkcv -n "__fish_seen_subcommand_from serve" -l port -x -d 'Port to listen on; 0 for any free one'

set -l with_templates build check watch render context doctor
complete -c mkcv -n "__fish_seen_subcommand_from $with_templates" -s t -l template -x -a '(__mkcv_templates)' -d 'Template name or folder'
complete -c mkcv -n "__fish_seen_subcommand_from $with_templates templates" -l template-dir -x -a '(__fish_complete_directories)' -d 'Look for templates here first'
complete -c mkcv -n "__fish_seen_subcommand_from $with_templates templates" -l builtin-templates-only -d 'Use only the built-in templates'
complete -c mkcv -n "__fish_seen_subcommand_from templates" -l options -x -a '(__mkcv_templates)' -d 'List the options of a template'
complete -c mkcv -n "__fish_seen_subcommand_from $with_templates validate import export" -l diagnostics -x -a 'text json github' -d 'How problems are printed'
complete -c mkcv -n "__fish_seen_subcommand_from doctor" -l warm -d 'Make the precompiled preambles into the machine cache'
complete -c mkcv -n "__fish_seen_subcommand_from build check watch doctor" -s o -l out -x -a '(__fish_complete_directories)' -d 'Output folder'
complete -c mkcv -n "__fish_seen_subcommand_from build watch serve" -s j -l jobs -x -d 'Templates compiled at once'
complete -c mkcv -n "__fish_seen_subcommand_from build check watch serve" -s q -l quiet -d 'Print only problems'
complete -c mkcv -n "__fish_seen_subcommand_from build watch serve" -s v -l verbose -d "Show TeX's output"
complete -c mkcv -n "__fish_seen_subcommand_from build" -l strict-pages -d 'Fail when a PDF exceeds max_pages'
complete -c mkcv -n "__fish_seen_subcommand_from build watch check" -l latexmk -d 'Run every template through latexmk'
complete -c mkcv -n "__fish_seen_subcommand_from build" -s f -l force -d 'Compile every PDF from scratch'
complete -c mkcv -n "__fish_seen_subcommand_from build watch" -l no-wait -d 'Fail when another build holds the folder'
complete -c mkcv -n "__fish_seen_subcommand_from import export new" -s o -l out -r -d 'Output file'
complete -c mkcv -n "__fish_seen_subcommand_from import new export" -l force -d 'Replace the output file'
complete -c mkcv -n "__fish_seen_subcommand_from import" -l from -x -a 'jsonresume rendercv yamlresume generic' -d 'Source format'
complete -c mkcv -n "__fish_seen_subcommand_from template" -a new -d 'Copy a template to edit'
complete -c mkcv -n "__fish_seen_subcommand_from site serve" -s t -l template -x -a 'academic homepage' -d 'Theme'
complete -c mkcv -n "__fish_seen_subcommand_from site serve" -s o -l out -x -a '(__fish_complete_directories)' -d 'Site folder'
complete -c mkcv -n "__fish_seen_subcommand_from site serve" -l lang -x -d 'Languages of the pages (en,zh)'
complete -c mkcv -n "__fish_seen_subcommand_from site serve" -l build-dir -x -a '(__fish_complete_directories)' -d 'Where the PDFs are built'
complete -c mkcv -n "__fish_seen_subcommand_from site serve" -s f -l force -d 'Replace a folder mkcv did not make'
complete -c mkcv -n "__fish_seen_subcommand_from export" -a bib -d 'One .bib of every paper'
# A CV file for the commands that read one, and the file mkcv import reads.
complete -c mkcv -n "__fish_seen_subcommand_from $with_templates validate templates export import" -F
