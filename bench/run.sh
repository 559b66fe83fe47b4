#!/usr/bin/env bash
# Runs ttd's benchmark harness (ttd.bench.BenchMain) on JDK 17 and, when installed, on JDK 25.
# It builds the project first if ttd.jar or the bench classes are missing. It only prints
# figures: a missed goal or a failed run is reported in the table, not as an exit status.
#
# usage: bench/run.sh [harness options, e.g. --runs 3]   (see: bench/run.sh --help)
set -u
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
ttd_jar="$root/dist/target/ttd.jar"
classes="$here/target/classes"
jdk25="/usr/lib/jvm/temurin-25-jdk-amd64/bin/java"

if [ ! -f "$ttd_jar" ] || [ ! -f "$classes/ttd/bench/BenchMain.class" ]; then
  echo "bench/run.sh: building (mvn -B -q install -DskipTests)" >&2
  (cd "$root" && mvn -B -q install -DskipTests) || {
    echo "bench/run.sh: the build failed; nothing to benchmark" >&2
    exit 1
  }
fi

java17="${JAVA_HOME:+$JAVA_HOME/bin/java}"
java17="${java17:-$(command -v java)}"

status=0
for java in "$java17" "$jdk25"; do
  if [ ! -x "$java" ]; then
    echo "bench/run.sh: $java is not installed; skipped" >&2
    continue
  fi
  echo
  "$java17" -cp "$classes" ttd.bench.BenchMain --java "$java" --ttd-jar "$ttd_jar" "$@" || status=$?
done
exit $status
