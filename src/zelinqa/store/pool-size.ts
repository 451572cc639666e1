// The one default for how many PostgreSQL connections a process opens: `zelinqa serve` (ZELINQA_DATABASE_POOL_SIZE),
// openStore and the benchmark all use it. A /next holds a connection only while its statements run, so a pool
// larger than PostgreSQL's cores only adds backends competing for them (deploy/zelinqa-postgres.md §"Pool sizes").
export const DEFAULT_DATABASE_POOL_SIZE = 8;
