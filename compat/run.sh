#!/usr/bin/env bash
# The corpus benchmark: records each corpus program, replays it N times, and prints a pass table with
# per-program recorded/plain and replay/plain wall ratios (the plain run measured in the same run),
# their geometric means and log bytes per second of plain run time. It builds the project first if
# ttd.jar, the corpus or the harness is missing. It only prints figures: a failed replay shows in
# the table, not in the exit status (e2e CorpusReplayTest is the test).
#
# usage: compat/run.sh [--replays N] [--only NAME[,NAME...]] [--jdk 17|25] [--timeout-s N]
set -u
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
ttd_jar="$root/dist/target/ttd.jar"
harness="$root/bench/target/classes"
jdk17="${JAVA_HOME:+$JAVA_HOME/bin/java}"
jdk17="${jdk17:-$(command -v java)}"
jdk25="/usr/lib/jvm/temurin-25-jdk-amd64/bin/java"

jdks=("$jdk17" "$jdk25")
args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --jdk)
      case "${2:-}" in
        17) jdks=("$jdk17") ;;
        25) jdks=("$jdk25") ;;
        *) echo "compat/run.sh: --jdk takes 17 or 25" >&2; exit 2 ;;
      esac
      shift 2 ;;
    *) args+=("$1"); shift ;;
  esac
done

if [ ! -f "$ttd_jar" ] || [ ! -f "$harness/ttd/bench/CorpusBench.class" ] || [ ! -d "$here/target/lib" ]; then
  echo "compat/run.sh: building (mvn -B -q install -DskipTests)" >&2
  (cd "$root" && mvn -B -q install -DskipTests) || { echo "compat/run.sh: the build failed" >&2; exit 1; }
fi

status=0
for java in "${jdks[@]}"; do
  if [ ! -x "$java" ]; then
    echo "compat/run.sh: $java is not installed; skipped" >&2
    continue
  fi
  echo
  "$jdk17" -cp "$harness:$here/target/classes" ttd.bench.CorpusBench --java "$java" --ttd-jar "$ttd_jar" \
    --corpus "$here/target" --known "$here/known-failures.txt" ${args[@]+"${args[@]}"} || status=$?
done
exit $status
