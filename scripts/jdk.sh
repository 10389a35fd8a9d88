# Sourced by ./mutexlab, ./test and .ci/run: finds a JDK 25 or newer and exports JAVA_HOME (its bin
# first on PATH), after saving the caller's PATH, JAVA_HOME and MAVEN_OPTS (below).
# Looks at JAVA_HOME first, then every JDK under /usr/lib/jvm (newest first).

mutexlab_java_major() {
    "$1/bin/java" -XshowSettings:properties -version 2>&1 \
        | awk -F'= ' '/java.specification.version/ { print $2; exit }' | cut -d. -f1
}

mutexlab_find_jdk() {
    local candidate major
    for candidate in "${JAVA_HOME:-}" $(ls -d /usr/lib/jvm/*/ 2>/dev/null | sort -rV); do
        candidate="${candidate%/}"
        [ -n "$candidate" ] && [ -x "$candidate/bin/java" ] && [ -x "$candidate/bin/javac" ] || continue
        major="$(mutexlab_java_major "$candidate")"
        if [ -n "$major" ] && [ "$major" -ge 25 ] 2>/dev/null; then
            echo "$candidate"
            return 0
        fi
    done
    return 1
}

# The caller's own values of what this file changes: the lab runs a user's command (mutexlab profile --
# CMD) with them, on the user's java, not on the JDK found here. MUTEXLAB_USER_ENV names the variables
# saved; MUTEXLAB_USER_<NAME> holds each one the caller had set (absent: the caller had none). Saved
# once: a second sourcing (./test or .ci/run, then ./mutexlab from within) keeps the first caller's.
if [ -z "${MUTEXLAB_USER_ENV:-}" ]; then
    export MUTEXLAB_USER_ENV="PATH JAVA_HOME MAVEN_OPTS"
    for mutexlab_name in $MUTEXLAB_USER_ENV; do
        if [ -n "${!mutexlab_name+set}" ]; then
            export "MUTEXLAB_USER_$mutexlab_name=${!mutexlab_name}"
        else
            unset "MUTEXLAB_USER_$mutexlab_name"
        fi
    done
    unset mutexlab_name
fi

if ! MUTEXLAB_JDK="$(mutexlab_find_jdk)"; then
    echo "mutexlab: needs a JDK 25 or newer, and found none in JAVA_HOME or /usr/lib/jvm/*." >&2
    echo "mutexlab: install one (for example Temurin 25) or point JAVA_HOME at it." >&2
    exit 1
fi
export JAVA_HOME="$MUTEXLAB_JDK"
export PATH="$JAVA_HOME/bin:$PATH"
# Maven's own libraries call sun.misc.Unsafe; keep JDK 25's warnings about that out of our output.
export MAVEN_OPTS="${MAVEN_OPTS:-} --sun-misc-unsafe-memory-access=allow"
