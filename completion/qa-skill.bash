# bash completion for qa-skill and qa-skill-hook. Installed as
# share/bash-completion/completions/qa-skill (and a link named qa-skill-hook), where
# bash-completion loads it on first use; or source it from ~/.bashrc.
# Needs bash only (compgen), not the bash-completion package's helpers.

# The options of each command, as `qa-skill <command> --help` prints them (a test compares).
_qa_skill_options() {
    case "$1" in
        run) echo "--base --head --staged --all-files --input --lens --format --run-mode --jobs --no-artifacts --config --trust --verify-determinism --color --quiet --verbose -v --log-level --log-file --help" ;;
        plan) echo "--base --head --all-files --format --lens --help" ;;
        drift-check) echo "--all --allow-provider-calls --jobs --help" ;;
        "config show") echo "--format --help" ;;
        "config check") echo "--format --help" ;;
        "config lenses") echo "--format --help" ;;
        "rules list") echo "--format --ids --help" ;;
        "rules show") echo "--format --help" ;;
        fix) echo "--dry-run --help" ;;
        "baseline create") echo "--output --jobs --help" ;;
        "baseline check") echo "--baseline --jobs --help" ;;
        "schema validate") echo "--map-url --help" ;;
        "schema list") echo "--help" ;;
        "skill validate") echo "--format --strict --help" ;;
        "skill check-input") echo "--format --help" ;;
        "skill check-output") echo "--format --inputs --help" ;;
        "skill chain-check") echo "--format --skills-dir --help" ;;
        "skill index") echo "--help" ;;
        "cache stats" | "cache prune" | "cache verify" | "cache push") echo "--help" ;;
        audit) echo "--all --format --jobs --no-artifacts --color --quiet --verbose -v --log-level --log-file --help" ;;
        consistency-init) echo "--rev --format --help" ;;
        consistency-approve) echo "--format --help" ;;
        trust) echo "--check --dir --help" ;;
        phase-validate) echo "--input --profile --trust --audit --help" ;;
        install | uninstall) echo "--help" ;;
        hook) echo "--dry-run --format --jobs --color --quiet --verbose -v --log-level --log-file --help --version" ;;
    esac
}

# The values an option takes: a fixed list, or a kind of word (file, dir, revision).
_qa_skill_option_values() {
    case "$1" in
        --format)
            case "$2" in
                run | hook | audit) echo "text json sarif" ;;
                consistency-*) echo "text json" ;;
                plan) echo "text json" ;;
                "config show") echo "json" ;;
                "rules "*) echo "text json" ;;
                skill*) echo "yaml json" ;;
            esac ;;
        --run-mode) echo "strict best_effort" ;;
        --color) echo "always never auto" ;;
        --log-level) echo "debug info warn off" ;;
        --profile) echo "read_only exec_sandboxed exec_sandboxed_network_off" ;;
        --jobs) echo "1 2 4 8" ;;
        --base | --head | --rev) echo "@rev" ;;
        --config | --output | --baseline | --inputs | --audit | --log-file) echo "@file" ;;
        --input) echo "@file -" ;;
        --dir | --skills-dir) echo "@dir" ;;
        --map-url) echo "@none" ;;
        --lens) echo "@lens" ;;
    esac
}

_qa_skill_revisions() {
    git for-each-ref --format='%(refname:short)' refs/heads refs/remotes refs/tags 2>/dev/null
    echo HEAD
}

# Fills COMPREPLY for the word being completed, given the command ("run", "skill validate", ...).
_qa_skill_complete_for() {
    local command=$1 cur=$2 prev=$3
    local values
    values=$(_qa_skill_option_values "$prev" "$command")
    if [[ -n $values ]]; then
        local words="" w
        for w in $values; do
            case "$w" in
                @rev) words+=" $(_qa_skill_revisions)" ;;
                @file) mapfile -t COMPREPLY < <(compgen -f -- "$cur") ;;
                @dir) mapfile -t COMPREPLY < <(compgen -d -- "$cur") ;;
                @none) ;;
                @lens)
                    # ID[,ID...]: the ids the binary knows here, after those already typed.
                    local typed="" part=$cur
                    if [[ $cur == *,* ]]; then
                        typed=${cur%,*},
                        part=${cur##*,}
                    fi
                    mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(compgen -P "$typed" -W "$(qa-skill config lenses 2>/dev/null)" -- "$part") ;;
                *) words+=" $w" ;;
            esac
        done
        if [[ -n ${words// /} ]]; then
            mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(compgen -W "$words" -- "$cur")
        fi
        return 0
    fi
    if [[ $cur == -* ]]; then
        mapfile -t COMPREPLY < <(compgen -W "$(_qa_skill_options "$command")" -- "$cur")
        return 0
    fi
    case "$command" in
        "schema validate")
            # The first operand is an embedded schema id or a schema file.
            mapfile -t COMPREPLY < <(compgen -W "$(qa-skill schema list 2>/dev/null)" -- "$cur")
            mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(compgen -f -- "$cur") ;;
        "rules show")
            # The rule ids the binary knows here: built-in, and this repository's own.
            mapfile -t COMPREPLY < <(compgen -W "$(qa-skill rules list --ids 2>/dev/null)" -- "$cur") ;;
        "config show" | "config check" | "skill "* ) mapfile -t COMPREPLY < <(compgen -f -- "$cur") ;;
    esac
    return 0
}

_qa_skill() {
    local cur=${COMP_WORDS[COMP_CWORD]} prev=""
    ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
    COMPREPLY=()
    if ((COMP_CWORD == 1)); then
        mapfile -t COMPREPLY < <(compgen -W "run plan drift-check config rules fix audit baseline cache schema skill consistency-init consistency-approve trust phase-validate install uninstall --help --version" -- "$cur")
        return 0
    fi
    local command=${COMP_WORDS[1]}
    local -A subcommands=(
        [config]="show check lenses"
        [rules]="list show"
        [baseline]="create check"
        [cache]="stats prune verify push"
        [schema]="validate list"
        [skill]="validate check-input check-output chain-check index"
    )
    if [[ -n ${subcommands[$command]:-} ]]; then
        if ((COMP_CWORD == 2)); then
            mapfile -t COMPREPLY < <(compgen -W "${subcommands[$command]} --help" -- "$cur")
            return 0
        fi
        command="$command ${COMP_WORDS[2]}"
    fi
    _qa_skill_complete_for "$command" "$cur" "$prev"
}

_qa_skill_hook() {
    local cur=${COMP_WORDS[COMP_CWORD]} prev=""
    ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
    COMPREPLY=()
    if ((COMP_CWORD == 1)) && [[ $cur != -* ]]; then
        mapfile -t COMPREPLY < <(compgen -W "pre-commit pre-merge-commit pre-push pre-receive" -- "$cur")
        return 0
    fi
    if ((COMP_CWORD == 2)) && [[ ${COMP_WORDS[1]} == pre-push && $cur != -* ]]; then
        mapfile -t COMPREPLY < <(compgen -W "$(git remote 2>/dev/null)" -- "$cur")
        return 0
    fi
    if ((COMP_CWORD >= 2)) && [[ ${COMP_WORDS[1]} == pre-commit && $cur != -* ]] &&
        [[ -z $(_qa_skill_option_values "$prev" hook) ]]; then
        mapfile -t COMPREPLY < <(compgen -f -- "$cur")  # the files to judge
        return 0
    fi
    _qa_skill_complete_for hook "$cur" "$prev"
}

complete -F _qa_skill qa-skill
complete -F _qa_skill_hook qa-skill-hook
