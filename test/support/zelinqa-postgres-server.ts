// Starts a throwaway PostgreSQL cluster for manual runs of the Zelinqa tests, prints its URL on stdout and
// stops it on SIGTERM or SIGINT: `node --import tsx test/support/zelinqa-postgres-server.ts`.
import { startPostgresCluster } from "../../scripts/postgres-cluster.js";

const cluster = await startPostgresCluster();
if (!cluster) {
  process.stderr.write("no PostgreSQL binaries found\n");
  process.exit(1);
}
process.stdout.write(`${cluster.url}\n`);
const stop = () => {
  cluster.stop();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
setInterval(() => undefined, 1 << 30);
