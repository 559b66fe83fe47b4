#!/usr/bin/env bash
# Builds ttd, records a failing run of a sample, replays it three times, and shows the debugger
# console on it.
# The sample (a lottery draw) fails only for some random seeds, so it is recorded until a run
# fails; every replay then shows the same failure, because the seed comes from the recording.
set -euo pipefail
cd "$(dirname "$0")"

echo "== building ttd (mvn install, tests skipped) =="
mvn -B -q -DskipTests install

TTD=dist/target/ttd.jar
CP="samples/target/classes"
SAMPLE=ttd.samples.random.Lottery
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

echo
echo "== recording $SAMPLE until a run fails =="
for attempt in $(seq 1 30); do
  REC="$WORK/run-$attempt"
  set +e
  java -jar "$TTD" record --out "$REC" --quiet -- java -cp "$CP" "$SAMPLE" > "$WORK/out.txt" 2> "$WORK/err.txt"
  status=$?
  set -e
  if [ "$status" -ne 0 ]; then
    echo "attempt $attempt failed with exit status $status; this is the recorded run:"
    sed 's/^/    /' "$WORK/out.txt" "$WORK/err.txt"
    break
  fi
  echo "attempt $attempt succeeded; recording again"
done
if [ "$status" -eq 0 ]; then
  echo "no failing run in 30 attempts; try again"
  exit 1
fi

for i in 1 2 3; do
  echo
  echo "== replay $i of $REC =="
  set +e
  java -jar "$TTD" replay "$REC" > "$WORK/replay.out" 2> "$WORK/replay.err"
  replayed=$?
  set -e
  sed 's/^/    /' "$WORK/replay.out" "$WORK/replay.err"
  if cmp -s "$WORK/out.txt" "$WORK/replay.out" && cmp -s "$WORK/err.txt" "$WORK/replay.err" \
      && [ "$replayed" -eq "$status" ]; then
    echo "replay $i: same output, same failure, exit status $replayed"
  else
    echo "replay $i DIFFERS from the recording (exit status $replayed)"
    exit 1
  fi
done

KEPT=ttd-recordings/lottery-demo
rm -rf "$KEPT"
mkdir -p ttd-recordings
mv "$REC" "$KEPT"
echo
echo "== the debugger console on that recording: back from the crash to the last ticket numbered =="
printf '%s\n' "catch java.lang.IndexOutOfBoundsException" "run" \
    'watch ttd.samples.random.Lottery$Ticket.number' "reverse-continue" "quit" \
  | java -jar "$TTD" debug "$KEPT" --sourcepath samples/src/main/java
echo
echo "the recording is kept; explore it with:"
echo "  java -jar $TTD debug $KEPT --sourcepath samples/src/main/java"
