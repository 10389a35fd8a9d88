# Sourced by the scripts that measure an OLD checkout against this one (measure-lock-ab.sh,
# measure-harness-ab.sh): their shared arguments, OLD_CHECKOUT OUTDIR [ROUNDS].
# ab_args DEFAULT_ROUNDS HELP_LAST_LINE "$@" answers -h/--help with the caller's opening comment
# (its lines 2 to HELP_LAST_LINE, exit 0), refuses bad arguments with one line and exit 2, and
# sets old (the OLD checkout), new (this one), out (OUTDIR, made) and rounds.
ab_args() {
    local default_rounds="$1" help_last="$2" name
    name="$(basename "$0")"
    shift 2
    case "${1:-}" in
        -h|--help) sed -n "2,${help_last}p" "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    esac
    if [ $# -lt 2 ] || [ ! -x "$1/mutexlab" ]; then
        echo "$name: usage: OLD_CHECKOUT OUTDIR [ROUNDS] (OLD_CHECKOUT must hold a mutexlab launcher; see --help)" >&2
        exit 2
    fi
    old="$(cd "$1" && pwd)"
    new="$(cd "$(dirname "$0")/.." && pwd)"
    out="$2"
    rounds="${3:-$default_rounds}"
    case "$rounds" in
        ''|*[!0-9]*|0*) echo "$name: ROUNDS must be a whole number of at least 1, not '$rounds'" >&2; exit 2 ;;
    esac
    mkdir -p "$out"
}
