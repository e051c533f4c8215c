#!/usr/bin/env bash
# A real Apache Kafka broker for the tests, from the broker's jars on Maven Central (no Docker needed).
#
#   scripts/kafka-broker.sh fetch     resolves the broker's jars with Maven (cached in ~/.m2 and in
#                                     ~/.cache/lorawatch-kafka/<version>/lib); does nothing when they are there
#   scripts/kafka-broker.sh status    exit 0 when a broker can start here (java and the jars), else 1 and the reason
#   scripts/kafka-broker.sh start [--port N] [--segment-bytes N] [--dir DIR] [--watch-pid PID]
#                                     formats a KRaft store in DIR (default: a new temporary folder) and starts one
#                                     node, broker and controller, on loopback only; waits until it serves, then prints
#                                       KAFKA_BROKERS=127.0.0.1:<port>
#                                       KAFKA_DIR=<dir>
#                                     --segment-bytes: log.segment.bytes of new topics (small, to roll segments);
#                                     --watch-pid: stop the broker when that process is gone (a test runner killed
#                                     before it could call stop leaves no broker behind)
#   scripts/kafka-broker.sh stop DIR  stops the broker started in DIR and deletes DIR
#   scripts/kafka-broker.sh halt DIR  stops the broker started in DIR and keeps its store (an outage)
#   scripts/kafka-broker.sh restart DIR
#                                     starts the broker of DIR again, on the same ports and store; waits until it
#                                     serves
#
# KAFKA_VERSION (default 3.9.1, the version of docker-compose.yml: kafkajs speaks protocol versions that Kafka 4
# removed) and LORAWATCH_KAFKA_CACHE (default ${XDG_CACHE_HOME:-~/.cache}/lorawatch-kafka) choose what and where.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
version="${KAFKA_VERSION:-3.9.1}"
cache="${LORAWATCH_KAFKA_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/lorawatch-kafka}"
lib="$cache/$version/lib"
# Written last by fetch: a folder without it is an interrupted fetch.
ready="$cache/$version/complete"

die() {
  echo "kafka-broker: $*" >&2
  exit 1
}

status() {
  command -v java >/dev/null 2>&1 || { echo "no java on PATH"; return 1; }
  [ -f "$ready" ] || { echo "no Kafka $version jars in $lib: run scripts/kafka-broker.sh fetch (needs Maven)"; return 1; }
  echo "$lib"
}

fetch() {
  [ -f "$ready" ] && { echo "Kafka $version jars already in $lib"; return 0; }
  command -v mvn >/dev/null 2>&1 || die "mvn is not on PATH: cannot fetch the Kafka jars"
  local started=$SECONDS tmp="$cache/$version/lib.partial"
  rm -rf "$tmp"
  mkdir -p "$tmp"
  mvn -B -q -Dstyle.color=never -f "$here/kafka-broker/pom.xml" -Dkafka.version="$version" \
    dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory="$tmp" ||
    die "Maven could not resolve org.apache.kafka:kafka_2.13:$version"
  rm -rf "$lib"
  mv "$tmp" "$lib"
  touch "$ready"
  echo "Kafka $version jars in $lib ($(ls "$lib" | wc -l) jars, $((SECONDS - started)) s)"
}

free_port() {
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

# A small heap, one GC thread, and the quick JIT only: the tests push megabytes, and start time counts more.
java_options() {
  java_opts=(-Xms128m -Xmx512m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Djava.awt.headless=true
    "-Dlog4j.configuration=file:$1/log4j.properties")
}

# Starts the broker of a formatted DIR in the background and waits until it serves.
launch() {
  local dir="$1" java_opts
  java_options "$dir"
  [ -f "$dir/server.log" ] && mv "$dir/server.log" "$dir/server.log.previous"
  nohup java "${java_opts[@]}" -cp "$lib/*" kafka.Kafka "$dir/server.properties" \
    >"$dir/server.log" 2>&1 </dev/null &
  local pid=$!
  echo "$pid" >"$dir/broker.pid"
  local deadline=$((SECONDS + 90))
  until grep -q "Kafka Server started" "$dir/server.log" 2>/dev/null; do
    if ! kill -0 "$pid" 2>/dev/null; then
      die "the broker exited while starting: $(grep -m3 -E 'ERROR|Exception' "$dir/server.log" || tail -3 "$dir/server.log")"
    fi
    if [ $SECONDS -ge $deadline ]; then
      kill -9 "$pid" 2>/dev/null || true
      die "the broker did not start within 90 s (log: $dir/server.log)"
    fi
    sleep 0.2
  done
}

start() {
  local port="" segment_bytes="" dir="" watch_pid=""
  while [ $# -gt 0 ]; do
    case "$1" in
      --port) port="$2"; shift 2 ;;
      --segment-bytes) segment_bytes="$2"; shift 2 ;;
      --dir) dir="$2"; shift 2 ;;
      --watch-pid) watch_pid="$2"; shift 2 ;;
      *) die "unknown option $1" ;;
    esac
  done
  local why
  why="$(status)" || die "$why"
  [ -n "$port" ] || port="$(free_port)"
  local controller_port
  controller_port="$(free_port)"
  [ -n "$dir" ] || dir="$(mktemp -d "${TMPDIR:-/tmp}/lorawatch-kafka.XXXXXX")"
  mkdir -p "$dir"

  cat >"$dir/server.properties" <<EOF
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$controller_port
listeners=PLAINTEXT://127.0.0.1:$port,CONTROLLER://127.0.0.1:$controller_port
advertised.listeners=PLAINTEXT://127.0.0.1:$port
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
log.dirs=$dir/data
# One broker: internal topics cannot have more replicas; few partitions make the first group join quick.
offsets.topic.replication.factor=1
offsets.topic.num.partitions=4
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
transaction.state.log.num.partitions=4
# As docker-compose.yml: members joining one after the other get their partitions at once; no accidental topics.
group.initial.rebalance.delay.ms=0
auto.create.topics.enable=false
num.partitions=1
# Deleted segments go at once, so that tests of retention and prune see them gone.
log.segment.delete.delay.ms=1000
EOF
  [ -n "$segment_bytes" ] && echo "log.segment.bytes=$segment_bytes" >>"$dir/server.properties"

  cat >"$dir/log4j.properties" <<'EOF'
log4j.rootLogger=INFO, out
log4j.appender.out=org.apache.log4j.ConsoleAppender
log4j.appender.out.layout=org.apache.log4j.PatternLayout
log4j.appender.out.layout.ConversionPattern=[%d] %p %m (%c)%n
log4j.logger.kafka=INFO
log4j.logger.org.apache.kafka=INFO
log4j.logger.state.change.logger=WARN
EOF

  local java_opts
  java_options "$dir"
  # A KRaft cluster id is 16 random bytes in URL-safe base64, drawn again when it starts with "-" (as Kafka's own
  # Uuid.randomUuid does): the storage tool would read such an id as an option, one start in 64.
  local cluster_id
  cluster_id="$(node -e "const c=require('crypto');let id;do{id=c.randomBytes(16).toString('base64url')}while(id.startsWith('-'));console.log(id)")"
  java "${java_opts[@]}" -cp "$lib/*" kafka.tools.StorageTool format -t "$cluster_id" \
    -c "$dir/server.properties" >"$dir/format.log" 2>&1 || die "formatting the KRaft store failed: $(tail -3 "$dir/format.log")"

  launch "$dir"
  if [ -n "$watch_pid" ]; then
    # Reads the pid file each time: a broker halted and restarted keeps being watched; stop deletes DIR, which ends it.
    nohup bash -c "while kill -0 $watch_pid 2>/dev/null && [ -f '$dir/broker.pid' ]; do sleep 1; done
      [ -f '$dir/broker.pid' ] && kill -9 \$(cat '$dir/broker.pid') 2>/dev/null; rm -rf '$dir'" >/dev/null 2>&1 </dev/null &
  fi
  echo "KAFKA_BROKERS=127.0.0.1:$port"
  echo "KAFKA_DIR=$dir"
}

# Stops the broker of DIR (a controlled shutdown, killed past 20 s); the store stays.
halt() {
  local dir="${1:-}"
  [ -n "$dir" ] && [ -f "$dir/broker.pid" ] || die "usage: halt DIR (the KAFKA_DIR that start printed)"
  local pid
  pid="$(cat "$dir/broker.pid")"
  if kill -0 "$pid" 2>/dev/null; then
    kill "$pid"
    local deadline=$((SECONDS + 20))
    while kill -0 "$pid" 2>/dev/null && [ $SECONDS -lt $deadline ]; do sleep 0.2; done
    kill -9 "$pid" 2>/dev/null || true
  fi
}

restart() {
  local dir="${1:-}"
  [ -n "$dir" ] && [ -f "$dir/server.properties" ] || die "usage: restart DIR (the KAFKA_DIR that start printed)"
  local why
  why="$(status)" || die "$why"
  local pid
  pid="$(cat "$dir/broker.pid" 2>/dev/null || true)"
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && die "the broker of $dir is running"
  launch "$dir"
  echo "KAFKA_DIR=$dir"
}

stop() {
  local dir="${1:-}"
  [ -n "$dir" ] && [ -f "$dir/broker.pid" ] || die "usage: stop DIR (the KAFKA_DIR that start printed)"
  halt "$dir"
  rm -rf "$dir"
}

case "${1:-}" in
  fetch) fetch ;;
  status) status ;;
  start) shift; start "$@" ;;
  stop) shift; stop "$@" ;;
  halt) shift; halt "$@" ;;
  restart) shift; restart "$@" ;;
  *) die "usage: $0 fetch | status | start [--port N] [--segment-bytes N] [--dir DIR] [--watch-pid PID] | stop DIR | halt DIR | restart DIR" ;;
esac
