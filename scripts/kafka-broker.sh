#!/usr/bin/env bash
# A real Apache Kafka broker for the tests, from the broker's jars on Maven Central (no Docker needed).
#
#   scripts/kafka-broker.sh fetch     resolves the broker's jars with Maven (cached in ~/.m2 and in
#                                     ~/.cache/lorawatch-kafka/<version>/lib); does nothing when they are there
#   scripts/kafka-broker.sh status    exit 0 when a broker can start here (java and the jars), else 1 and the reason
#   scripts/kafka-broker.sh start [--port N] [--segment-bytes N] [--dir DIR] [--watch-pid PID] [--cluster N]
#                                 [--sasl] [--tls]
#                                     formats a KRaft store in DIR (default: a new temporary folder) and starts one
#                                     node, broker and controller, on loopback only; waits until it serves, then prints
#                                       KAFKA_BROKERS=127.0.0.1:<port>
#                                       KAFKA_DIR=<dir>
#                                     --segment-bytes: log.segment.bytes of new topics (small, to roll segments);
#                                     --watch-pid: stop the broker when that process is gone (a test runner killed
#                                     before it could call stop leaves no broker behind);
#                                     --cluster N: N nodes (1 to 5), each a broker and a controller (a KRaft quorum
#                                     of N), in DIR/node-1 .. DIR/node-N on free loopback ports; internal topics and
#                                     topics created without their own settings get min(N, 3) copies, and
#                                     min.insync.replicas 2 from 3 copies. KAFKA_BROKERS then lists every node
#                                     (--port is the first node's)
#                                     --sasl (one broker): a SASL_PLAINTEXT listener beside the plain one, with the
#                                     mechanisms PLAIN, SCRAM-SHA-256 and SCRAM-SHA-512 and one user (PLAIN's from
#                                     the JAAS line in server.properties, SCRAM's stored when the store is formatted);
#                                     prints KAFKA_SASL_BROKERS, KAFKA_SASL_USERNAME and KAFKA_SASL_PASSWORD (drawn
#                                     at each start)
#                                     --tls (one broker): an SSL listener with a self-signed key pair made with
#                                     keytool in DIR/tls (for 127.0.0.1 and localhost); prints KAFKA_TLS_BROKERS and
#                                     KAFKA_TLS_CA_FILE (the certificate as PEM, the CA a client trusts). With
#                                     --sasl as well, a SASL_SSL listener too: KAFKA_SASL_TLS_BROKERS
#   scripts/kafka-broker.sh stop DIR  stops the broker (every node) started in DIR and deletes DIR
#   scripts/kafka-broker.sh halt DIR [--node N]
#                                     stops the broker started in DIR (every node, or node N of a cluster) and keeps
#                                     its store (an outage)
#   scripts/kafka-broker.sh restart DIR [--node N]
#                                     starts the halted broker of DIR (every node, or node N) again, on the same
#                                     ports and store; waits until it serves
#
# KAFKA_VERSION (default 3.9.1, the version of docker-compose.yml; 4.1.1 also runs the Kafka suites, see the README's
# "Scaling out") and LORAWATCH_KAFKA_CACHE (default ${XDG_CACHE_HOME:-~/.cache}/lorawatch-kafka) choose what and where.
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

# Starts the node of a formatted folder in the background (its pid in broker.pid); await_node waits until it serves.
spawn_node() {
  local dir="$1" java_opts
  java_options "$dir"
  [ -f "$dir/server.log" ] && mv "$dir/server.log" "$dir/server.log.previous"
  nohup java "${java_opts[@]}" -cp "$lib/*" kafka.Kafka "$dir/server.properties" \
    >"$dir/server.log" 2>&1 </dev/null &
  echo "$!" >"$dir/broker.pid"
}

await_node() {
  local dir="$1" pid
  pid="$(cat "$dir/broker.pid")"
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

# Waits until every broker of the list ($1, comma-separated) names all $2 brokers in its metadata: "Kafka Server
# started" means a node is unfenced by its own account, but the others learn of it a moment later, and a client that
# counts the brokers then (the packet log choosing its topic's replication) would see fewer.
await_cluster() {
  local brokers="$1" count="$2"
  (cd "$here/.." && node -e '
    const { Kafka, logLevel } = require("kafkajs");
    const [brokers, count] = [process.argv[1].split(","), Number(process.argv[2])];
    const deadline = Date.now() + 60000;
    const known = async (broker) => {
      const admin = new Kafka({ brokers: [broker], logLevel: logLevel.NOTHING, retry: { retries: 0 } }).admin();
      try {
        await admin.connect();
        return (await admin.describeCluster()).brokers.length;
      } catch {
        return 0;
      } finally {
        await admin.disconnect().catch(() => undefined);
      }
    };
    (async () => {
      for (;;) {
        const seen = await Promise.all(brokers.map(known));
        if (seen.every((n) => n === count)) return;
        if (Date.now() > deadline) {
          console.error(`the brokers know ${seen.join(", ")} of the ${count} brokers after 60 s`);
          process.exit(1);
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    })();
  ' "$brokers" "$count") || die "the cluster did not come together"
}

# The client addresses of DIR's nodes, comma-separated (from their configuration).
brokers_of() {
  local dir="$1" node_dir list=""
  for node_dir in $(nodes_of "$dir"); do
    list="$list${list:+,}$(sed -n 's|^advertised.listeners=PLAINTEXT://\([^,]*\).*|\1|p' "$node_dir/server.properties")"
  done
  echo "$list"
}

# The node folders of DIR, one a line: DIR itself for one broker, DIR/node-<n> for a cluster (all, or node N only).
nodes_of() {
  local dir="$1" node="${2:-}"
  if [ ! -f "$dir/cluster" ]; then
    [ -z "$node" ] || [ "$node" = 1 ] || die "$dir holds one broker: there is no node $node"
    echo "$dir"
    return
  fi
  if [ -n "$node" ]; then
    [ -f "$dir/node-$node/server.properties" ] || die "$dir has no node $node"
    echo "$dir/node-$node"
    return
  fi
  local n
  for n in $(seq 1 "$(cat "$dir/cluster")"); do echo "$dir/node-$n"; done
}

# The configuration of one node. Arguments: folder, node id, client port, controller port, the quorum's voters,
# copies of internal topics, log.segment.bytes (or "").
write_node_config() {
  local dir="$1" id="$2" port="$3" controller_port="$4" voters="$5" copies="$6" segment_bytes="$7"
  local min_isr=1
  [ "$copies" -ge 3 ] && min_isr=2
  mkdir -p "$dir"
  cat >"$dir/server.properties" <<EOF
process.roles=broker,controller
node.id=$id
controller.quorum.voters=$voters
listeners=PLAINTEXT://127.0.0.1:$port,CONTROLLER://127.0.0.1:$controller_port
advertised.listeners=PLAINTEXT://127.0.0.1:$port
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
log.dirs=$dir/data
# Internal topics get a copy on each broker, up to 3 (one broker: one copy); few partitions make the first group
# join quick.
offsets.topic.replication.factor=$copies
offsets.topic.num.partitions=4
transaction.state.log.replication.factor=$copies
transaction.state.log.min.isr=$min_isr
transaction.state.log.num.partitions=4
# Topics created without their own replication (the packet log always sets its own).
default.replication.factor=$copies
min.insync.replicas=$min_isr
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
}

# Listeners with SASL and / or TLS beside the plain one of a one-broker folder ($1; $2 "sasl" or empty, $3 "tls" or
# empty): the plain listener, the controller and the tools keep talking in plain text. Writes what a client needs to
# DIR/security.env (printed by start) and the SCRAM credentials the store is formatted with to DIR/scram.
add_secure_listeners() {
  local dir="$1" sasl="$2" tls="$3" listeners="" protocols="" port password="" keystore_password listener
  : >"$dir/security.env"
  : >"$dir/scram"
  if [ -n "$sasl" ]; then
    password="$(node -e "console.log(require('crypto').randomBytes(12).toString('hex'))")"
    port="$(free_port)"
    listeners="$listeners,SASL_PLAINTEXT://127.0.0.1:$port"
    protocols="$protocols,SASL_PLAINTEXT:SASL_PLAINTEXT"
    printf 'KAFKA_SASL_BROKERS=127.0.0.1:%s\nKAFKA_SASL_USERNAME=lorawatch\nKAFKA_SASL_PASSWORD=%s\n' "$port" \
      "$password" >>"$dir/security.env"
    printf 'SCRAM-SHA-256=[name=lorawatch,password=%s]\nSCRAM-SHA-512=[name=lorawatch,password=%s]\n' \
      "$password" "$password" >"$dir/scram"
  fi
  if [ -n "$tls" ]; then
    keystore_password="$(node -e "console.log(require('crypto').randomBytes(12).toString('hex'))")"
    mkdir -p "$dir/tls"
    keytool -genkeypair -noprompt -alias broker -keyalg RSA -keysize 2048 -validity 7 -dname "CN=localhost" \
      -ext "SAN=IP:127.0.0.1,DNS:localhost" -keystore "$dir/tls/broker.p12" -storetype PKCS12 \
      -storepass "$keystore_password" -keypass "$keystore_password" >"$dir/tls/keytool.log" 2>&1 ||
      die "keytool could not make the broker's key pair: $(tail -3 "$dir/tls/keytool.log")"
    keytool -exportcert -rfc -alias broker -keystore "$dir/tls/broker.p12" -storetype PKCS12 \
      -storepass "$keystore_password" -file "$dir/tls/ca.pem" >>"$dir/tls/keytool.log" 2>&1 ||
      die "keytool could not export the broker's certificate: $(tail -3 "$dir/tls/keytool.log")"
    port="$(free_port)"
    listeners="$listeners,SSL://127.0.0.1:$port"
    protocols="$protocols,SSL:SSL"
    printf 'KAFKA_TLS_BROKERS=127.0.0.1:%s\nKAFKA_TLS_CA_FILE=%s\n' "$port" "$dir/tls/ca.pem" >>"$dir/security.env"
    cat >>"$dir/server.properties" <<EOF
ssl.keystore.location=$dir/tls/broker.p12
ssl.keystore.type=PKCS12
ssl.keystore.password=$keystore_password
ssl.key.password=$keystore_password
ssl.client.auth=none
EOF
    if [ -n "$sasl" ]; then
      port="$(free_port)"
      listeners="$listeners,SASL_SSL://127.0.0.1:$port"
      protocols="$protocols,SASL_SSL:SASL_SSL"
      echo "KAFKA_SASL_TLS_BROKERS=127.0.0.1:$port" >>"$dir/security.env"
    fi
  fi
  if [ -n "$sasl" ]; then
    echo "sasl.enabled.mechanisms=PLAIN,SCRAM-SHA-256,SCRAM-SHA-512" >>"$dir/server.properties"
    for listener in sasl_plaintext ${tls:+sasl_ssl}; do
      cat >>"$dir/server.properties" <<EOF
listener.name.$listener.plain.sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required user_lorawatch="$password";
listener.name.$listener.scram-sha-256.sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required;
listener.name.$listener.scram-sha-512.sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required;
EOF
    done
  fi
  sed -i -e "s|^listeners=.*|&$listeners|" -e "s|^advertised.listeners=.*|&$listeners|" \
    -e "s|^listener.security.protocol.map=.*|&$protocols|" "$dir/server.properties"
}

start() {
  local port="" segment_bytes="" dir="" watch_pid="" count=1 sasl="" tls=""
  while [ $# -gt 0 ]; do
    case "$1" in
      --port) port="$2"; shift 2 ;;
      --segment-bytes) segment_bytes="$2"; shift 2 ;;
      --dir) dir="$2"; shift 2 ;;
      --watch-pid) watch_pid="$2"; shift 2 ;;
      --cluster) count="$2"; shift 2 ;;
      --sasl) sasl=sasl; shift ;;
      --tls) tls=tls; shift ;;
      *) die "unknown option $1" ;;
    esac
  done
  case "$count" in
    [1-5]) ;;
    *) die "--cluster takes 1 to 5 nodes, not $count" ;;
  esac
  [ "$count" = 1 ] || [ -z "$sasl$tls" ] || die "--sasl and --tls take one broker, not --cluster $count"
  [ -z "$tls" ] || command -v keytool >/dev/null 2>&1 || die "--tls needs keytool (a JDK) on PATH"
  local why
  why="$(status)" || die "$why"
  [ -n "$dir" ] || dir="$(mktemp -d "${TMPDIR:-/tmp}/lorawatch-kafka.XXXXXX")"
  mkdir -p "$dir"

  local n ports=() controller_ports=() node_dirs=() voters="" copies=$((count < 3 ? count : 3))
  for n in $(seq 1 "$count"); do
    if [ "$n" = 1 ] && [ -n "$port" ]; then ports+=("$port"); else ports+=("$(free_port)"); fi
    controller_ports+=("$(free_port)")
    voters="$voters${voters:+,}$n@127.0.0.1:${controller_ports[$((n - 1))]}"
    # One broker keeps the layout it always had: its store in DIR itself.
    if [ "$count" = 1 ]; then node_dirs+=("$dir"); else node_dirs+=("$dir/node-$n"); fi
  done
  [ "$count" = 1 ] || echo "$count" >"$dir/cluster"

  # A KRaft cluster id is 16 random bytes in URL-safe base64, drawn again when it starts with "-" (as Kafka's own
  # Uuid.randomUuid does): the storage tool would read such an id as an option, one start in 64.
  local cluster_id java_opts node_dir scram credential
  cluster_id="$(node -e "const c=require('crypto');let id;do{id=c.randomBytes(16).toString('base64url')}while(id.startsWith('-'));console.log(id)")"
  for n in $(seq 1 "$count"); do
    node_dir="${node_dirs[$((n - 1))]}"
    write_node_config "$node_dir" "$n" "${ports[$((n - 1))]}" "${controller_ports[$((n - 1))]}" "$voters" \
      "$copies" "$segment_bytes"
    scram=()
    if [ -n "$sasl$tls" ]; then
      add_secure_listeners "$node_dir" "$sasl" "$tls"
      while IFS= read -r credential; do scram+=(--add-scram "$credential"); done <"$node_dir/scram"
    fi
    java_options "$node_dir"
    java "${java_opts[@]}" -cp "$lib/*" kafka.tools.StorageTool format -t "$cluster_id" \
      -c "$node_dir/server.properties" ${scram[@]+"${scram[@]}"} >"$node_dir/format.log" 2>&1 ||
      die "formatting the KRaft store failed: $(tail -3 "$node_dir/format.log")"
  done

  # Every node first, then the waits: a node of a quorum serves only once the controllers elected a leader.
  for node_dir in "${node_dirs[@]}"; do spawn_node "$node_dir"; done
  for node_dir in "${node_dirs[@]}"; do await_node "$node_dir"; done
  local brokers=""
  for port in "${ports[@]}"; do brokers="$brokers${brokers:+,}127.0.0.1:$port"; done
  [ "$count" = 1 ] || await_cluster "$brokers" "$count"
  if [ -n "$watch_pid" ]; then
    # Reads the pid files each time: a node halted and restarted keeps being watched; stop deletes DIR, which ends it.
    nohup bash -c "while kill -0 $watch_pid 2>/dev/null && [ -d '$dir' ]; do sleep 1; done
      for pidfile in '$dir'/broker.pid '$dir'/node-*/broker.pid; do
        [ -f \"\$pidfile\" ] && kill -9 \$(cat \"\$pidfile\") 2>/dev/null
      done
      rm -rf '$dir'" >/dev/null 2>&1 </dev/null &
  fi
  echo "KAFKA_BROKERS=$brokers"
  echo "KAFKA_DIR=$dir"
  [ ! -f "$dir/security.env" ] || cat "$dir/security.env"
}

# Stops one node (a controlled shutdown, killed past 20 s); its store stays.
halt_node() {
  local dir="$1" pid
  [ -f "$dir/broker.pid" ] || return 0
  pid="$(cat "$dir/broker.pid")"
  if kill -0 "$pid" 2>/dev/null; then
    kill "$pid"
    local deadline=$((SECONDS + 20))
    while kill -0 "$pid" 2>/dev/null && [ $SECONDS -lt $deadline ]; do sleep 0.2; done
    kill -9 "$pid" 2>/dev/null || true
  fi
}

# The node folders that `halt` or `restart` DIR [--node N] acts on.
nodes_asked() {
  local command="$1" dir="${2:-}" node=""
  [ -n "$dir" ] && { [ -f "$dir/server.properties" ] || [ -f "$dir/cluster" ]; } ||
    die "usage: $command DIR [--node N] (the KAFKA_DIR that start printed)"
  shift 2
  while [ $# -gt 0 ]; do
    case "$1" in
      --node) node="$2"; shift 2 ;;
      *) die "unknown option $1" ;;
    esac
  done
  nodes_of "$dir" "$node"
}

# Stops the broker of DIR (every node, one after the other, or node N); the store stays.
halt() {
  local node_dirs node_dir
  node_dirs="$(nodes_asked halt "$@")"
  for node_dir in $node_dirs; do halt_node "$node_dir"; done
}

restart() {
  local why
  why="$(status)" || die "$why"
  local node_dirs node_dir pid
  node_dirs="$(nodes_asked restart "$@")"
  for node_dir in $node_dirs; do
    pid="$(cat "$node_dir/broker.pid" 2>/dev/null || true)"
    [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && die "the broker of $node_dir is running"
  done
  for node_dir in $node_dirs; do spawn_node "$node_dir"; done
  for node_dir in $node_dirs; do await_node "$node_dir"; done
  [ -f "$1/cluster" ] && await_cluster "$(brokers_of "$1")" "$(cat "$1/cluster")"
  echo "KAFKA_DIR=$1"
}

stop() {
  local dir="${1:-}"
  [ -n "$dir" ] && { [ -f "$dir/broker.pid" ] || [ -f "$dir/cluster" ]; } ||
    die "usage: stop DIR (the KAFKA_DIR that start printed)"
  local node_dirs node_dir
  node_dirs="$(nodes_of "$dir")"
  for node_dir in $node_dirs; do halt_node "$node_dir"; done
  rm -rf "$dir"
}

case "${1:-}" in
  fetch) fetch ;;
  status) status ;;
  start) shift; start "$@" ;;
  stop) shift; stop "$@" ;;
  halt) shift; halt "$@" ;;
  restart) shift; restart "$@" ;;
  *) die "usage: $0 fetch | status | start [--port N] [--segment-bytes N] [--dir DIR] [--watch-pid PID] [--cluster N] [--sasl] [--tls] | stop DIR | halt DIR [--node N] | restart DIR [--node N]" ;;
esac
