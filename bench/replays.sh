#!/usr/bin/env bash
# Records each program of bench/issue12 (issue 12's Uuids, Urandom, Plugins, CommonPool, HookHang) once per JDK and
# replays it N times, counting the replays whose stdout, stderr and exit status equal the
# recording's. Prints a table; it never fails a build (exit 0 unless its own usage is wrong).
#
# usage: bench/replays.sh [--replays N] [--only NAME[,NAME...]]
#        (default 10 replays of every program; JDK 17 from PATH/JAVA_HOME, and JDK 25 if installed)
set -u
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
ttd_jar="$root/dist/target/ttd.jar"
replays=10
programs="Uuids Urandom Plugins CommonPool HookHang"
while [ $# -gt 0 ]; do
  case "$1" in
    --replays) [ -n "${2:-}" ] || { echo "usage: bench/replays.sh [--replays N] [--only NAME[,NAME...]]" >&2; exit 2; }
      replays="$2"; shift 2 ;;
    --only) [ -n "${2:-}" ] || { echo "usage: bench/replays.sh [--replays N] [--only NAME[,NAME...]]" >&2; exit 2; }
      programs="${2//,/ }"; shift 2 ;;
    *) echo "usage: bench/replays.sh [--replays N] [--only NAME[,NAME...]]" >&2; exit 2 ;;
  esac
done
[ -f "$ttd_jar" ] || { echo "bench/replays.sh: build first (mvn -B -q install -DskipTests)" >&2; exit 2; }

java17="${JAVA_HOME:+$JAVA_HOME/bin/java}"
java17="${java17:-$(command -v java)}"
jdks=("$java17")
[ -x /usr/lib/jvm/temurin-25-jdk-amd64/bin/java ] && jdks+=(/usr/lib/jvm/temurin-25-jdk-amd64/bin/java)

work="$(mktemp -d "${TMPDIR:-/tmp}/ttd-replays-XXXXXX")"
trap 'rm -rf "$work"' EXIT
"$(dirname "$java17")/javac" --release 17 -d "$work/classes" "$here"/issue12/*.java || exit 1

echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
printf "%-10s %-8s %-12s %-10s %s\n" program jdk "record exit" identical "first difference"
for java in "${jdks[@]}"; do
  jdk="$("$java" -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.specification.version/ {print $2}')"
  for program in $programs; do
    rec="$work/$program-$jdk"
    (cd "$work" && "$java" -javaagent:"$ttd_jar"=out="$rec",quiet -cp "$work/classes" "$program" \
      > "$rec.out" 2> "$rec.err"; echo $? > "$rec.rc")
    same=0
    first=""
    for i in $(seq 1 "$replays"); do
      (cd "$work" && "$java" -jar "$ttd_jar" replay "$rec" > "$rec.$i.out" 2> "$rec.$i.err"; echo $? > "$rec.$i.rc")
      if cmp -s "$rec.out" "$rec.$i.out" && cmp -s "$rec.err" "$rec.$i.err" && cmp -s "$rec.rc" "$rec.$i.rc"; then
        same=$((same + 1))
      elif [ -z "$first" ]; then
        first="replay $i: exit $(cat "$rec.$i.rc"), $(grep -m1 'ttd:' "$rec.$i.err" || head -c 120 "$rec.$i.out")"
      fi
    done
    printf "%-10s %-8s %-12s %-10s %s\n" "$program" "$jdk" "$(cat "$rec.rc")" "$same/$replays" "$first"
  done
done
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
