# Sourced by the .ci scripts: `section NAME` prints "== NAME ==" and, for the section before
# it, its wall time; the last one's is printed when the script exits.
SECTION=""
SECTION_T=$(date +%s)
section() {
    local now
    now=$(date +%s)
    [ -z "$SECTION" ] || echo "== ($SECTION: $((now - SECTION_T)) s) =="
    SECTION=$1
    SECTION_T=$now
    [ -z "$1" ] || echo "== $1 =="
}
trap 'section ""' EXIT
