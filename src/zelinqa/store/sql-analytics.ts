// [ext] The studio's charts (issue 15): one SQL statement per chart over the session facts, written once for
// SQLite and PostgreSQL. Every query is bounded by domain, creation time and version, and reads an index whose
// leading columns are (domain_id, config_version_id, ...) or (domain_id, created_at, ...).
import type { SqlExecutor, SqlParam, SqlRow } from "./sql-executor.js";
import type { AnalyticsChart, AnalyticsQuery, AnalyticsRow, StudioStoreOperations } from "./studio-port.js";

/** The filter every chart shares; `created` names the creation-time column of the table read. */
function scope(query: AnalyticsQuery, created: string, alias = ""): { where: string; params: SqlParam[] } {
  const col = (name: string) => `${alias}${name}`;
  const params: SqlParam[] = [query.domainId, query.from, query.to];
  let where = `${col("domain_id")} = $1 AND ${col(created)} >= $2 AND ${col(created)} < $3`;
  if (query.configurationVersion === undefined) where += ` AND ${col("config_version_id")} NOT LIKE 'draft:%'`;
  else {
    params.push(query.configurationVersion);
    where += ` AND ${col("config_version_id")} = $4`;
  }
  return { where, params };
}

type ChartSql = (query: AnalyticsQuery) => { sql: string; params: SqlParam[] };

export const CHART_SQL: Readonly<Record<AnalyticsChart, ChartSql>> = {
  "objective-rate": (query) => {
    const { where, params } = scope(query, "created_at");
    return {
      sql: `SELECT config_version_id AS configuration_version, COUNT(*) AS sessions, SUM(objective_reached) AS reached
            FROM session_facts WHERE ${where} GROUP BY config_version_id ORDER BY config_version_id`,
      params,
    };
  },
  "turns-to-objective": (query) => {
    const { where, params } = scope(query, "created_at");
    return {
      sql: `SELECT objective_reached_turn AS turns, COUNT(*) AS sessions FROM session_facts
            WHERE ${where} AND objective_reached_turn IS NOT NULL GROUP BY objective_reached_turn ORDER BY objective_reached_turn`,
      params,
    };
  },
  "question-dropoff": (query) => {
    const outcomes = scope(query, "session_created_at");
    const facts = scope(query, "created_at");
    // Both halves take the same parameters in the same order, so one list serves the statement.
    return {
      sql: `SELECT question_id, SUM(asked) AS asked, SUM(answered) AS answered, SUM(refused) AS refused,
              SUM(dropped) AS dropped_after
            FROM (
              SELECT question_id, 1 AS asked, CASE WHEN outcome = 'asked_answered' THEN 1 ELSE 0 END AS answered,
                CASE WHEN outcome = 'refused' THEN 1 ELSE 0 END AS refused, 0 AS dropped
              FROM session_outcomes WHERE ${outcomes.where}
              UNION ALL
              SELECT pending_question_id AS question_id, 1 AS asked, 0 AS answered, 0 AS refused,
                CASE WHEN status = 'active' THEN 1 ELSE 0 END AS dropped
              FROM session_facts WHERE ${facts.where} AND pending_question_id IS NOT NULL
            ) asks GROUP BY question_id ORDER BY question_id`,
      params: outcomes.params,
    };
  },
  "dimension-coverage": (query) => {
    const { where, params } = scope(query, "session_created_at");
    return {
      sql: `SELECT dimension_id, COUNT(*) AS sessions, AVG(coverage) AS mean_coverage, AVG(complete * 1.0) AS complete_rate
            FROM session_dimension_coverage WHERE ${where} GROUP BY dimension_id ORDER BY dimension_id`,
      params,
    };
  },
  "stop-reasons": (query) => {
    const { where, params } = scope(query, "created_at");
    return {
      sql: `SELECT stop_reason, COUNT(*) AS sessions FROM session_facts WHERE ${where}
            GROUP BY stop_reason ORDER BY COUNT(*) DESC, COALESCE(stop_reason, '')`,
      params,
    };
  },
};

const TEXT_COLUMNS = new Set(["configuration_version", "question_id", "dimension_id", "stop_reason"]);

/** PostgreSQL returns COUNT/SUM as strings and AVG as numeric strings: numbers on both backends. */
function numeric(row: SqlRow): AnalyticsRow {
  const out: AnalyticsRow = {};
  for (const [key, value] of Object.entries(row)) {
    if (typeof value === "number" || value === null) out[key] = value;
    else if (typeof value === "bigint") out[key] = Number(value);
    else if (typeof value === "string") out[key] = TEXT_COLUMNS.has(key) ? value : Number(value);
    else throw new Error(`column ${key} is neither text nor a number`);
  }
  return out;
}

export function analyticsOperations(db: SqlExecutor): Pick<StudioStoreOperations, "analytics"> {
  return {
    async analytics(chart: AnalyticsChart, query: AnalyticsQuery) {
      const { sql, params } = CHART_SQL[chart](query);
      return (await db.all(sql, params)).map(numeric);
    },
  };
}
