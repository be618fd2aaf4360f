# bash completion for mkcv. Installed as /usr/share/bash-completion/completions/mkcv.
# tests/integration/package_test.sh checks that it names every subcommand of `mkcv --help`.

_mkcv_templates() {
    # The first word of each line of `mkcv templates` is a template's name.
    mkcv templates 2> /dev/null | awk 'NF && $1 !~ /:$/ {print $1}'
}

_mkcv() {
    local cur prev words cword
    if declare -F _init_completion > /dev/null; then
        _init_completion || return
    else
        cur="${COMP_WORDS[COMP_CWORD]}"
        prev="${COMP_WORDS[COMP_CWORD - 1]}"
        words=("${COMP_WORDS[@]}")
        cword=$COMP_CWORD
    fi
    local commands="build check report watch apply serve render validate context templates template schema export site import sync new init doctor"
    local command="" i
    for ((i = 1; i < cword; i++)); do
        if [[ " $commands " == *" ${words[i]} "* ]]; then
            command="${words[i]}"
            break
        fi
    done

    case "$prev" in
        -t | --template)
            COMPREPLY=($(compgen -W "$(_mkcv_templates)" -- "$cur"))
            return
            ;;
        --options)
            COMPREPLY=($(compgen -W "$(_mkcv_templates)" -- "$cur"))
            return
            ;;
        --template-dir | -o | --out)
            COMPREPLY=($(compgen -d -- "$cur"))
            return
            ;;
        --diagnostics)
            COMPREPLY=($(compgen -W "text json github" -- "$cur"))
            return
            ;;
        --from)
            if [[ "$command" == import ]]; then
                COMPREPLY=($(compgen -W "jsonresume rendercv yamlresume generic" -- "$cur"))
            else
                COMPREPLY=($(compgen -W "$(_mkcv_templates)" -- "$cur"))
            fi
            return
            ;;
        -j | --jobs)
            return
            ;;
    esac

    local options="--help"
    case "$command" in
        "")
            options="--help --version"
            if [[ "$cur" != -* ]]; then
                COMPREPLY=($(compgen -W "$commands" -- "$cur"))
                return
            fi
            ;;
        build) options+=" -t --template --template-dir --builtin-templates-only -o --out -j --jobs -q --quiet -v --verbose --strict-pages -f --force --no-wait --latexmk --diagnostics --report" ;;
        check) options+=" -t --template --template-dir --builtin-templates-only -o --out -q --quiet --latexmk --diagnostics --report" ;;
        report) options+=" --pdfs" ;;
        apply) options+=" --lang --template-dir -o --out -j --jobs -q --quiet -v --verbose --strict-pages -f --force --diagnostics" ;;
        watch) options+=" -t --template --template-dir --builtin-templates-only -o --out -j --jobs -q --quiet -v --verbose --no-wait --latexmk --diagnostics" ;;
        serve) options+=" -t --template --template-dir --builtin-templates-only --lang -o --out --build-dir --port -f --force -j --jobs -q --quiet -v --verbose --diagnostics" ;;
        render | context) options+=" -t --template --template-dir --builtin-templates-only --diagnostics" ;;
        validate) options+=" --diagnostics" ;;
        templates) options+=" --template-dir --builtin-templates-only --options" ;;
        template)
            if [[ "$cur" != -* && " ${words[*]} " != *" new "* ]]; then
                COMPREPLY=($(compgen -W "new" -- "$cur"))
                return
            fi
            options+=" --from --template-dir"
            ;;
        export)
            if [[ "$cur" != -* && " ${words[*]} " != *" bib "* ]]; then
                COMPREPLY=($(compgen -W "bib" -- "$cur"))
                return
            fi
            options+=" -o --out --force --diagnostics"
            ;;
        site) options+=" -t --template --template-dir --builtin-templates-only --lang -o --out --build-dir -f --force -q --quiet -v --verbose --diagnostics" ;;
        import) options+=" -o --out --from --force --diagnostics" ;;
        sync) options+=" --offline --dry-run --check --api-base --timeout --diagnostics" ;;
        new) options+=" -o --out --force" ;;
        doctor) options+=" -t --template --template-dir --builtin-templates-only -o --out --diagnostics --warm --lang" ;;
    esac
    if [[ "$cur" == -* ]]; then
        COMPREPLY=($(compgen -W "$options" -- "$cur"))
    else
        COMPREPLY=($(compgen -f -- "$cur"))
    fi
}
complete -o filenames -F _mkcv mkcv
