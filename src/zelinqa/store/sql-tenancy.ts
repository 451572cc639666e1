// Organisations, domains, API keys (hash only, docs/zelinqa-api.md §2.4), drafts and configuration versions over the SQL port.
import type { SqlExecutor, SqlParam, SqlRow } from "./sql-executor.js";
import { int, json, jsonParam, text, textOrNull } from "./sql-executor.js";
import type {
  ApiKeyRecord,
  ArtifactSeal,
  ConfigVersionHead,
  ConfigVersionRecord,
  DomainRecord,
  DraftRecord,
  Scope,
  StoreOperations,
} from "./store-port.js";

type TenancyOperations = Pick<
  StoreOperations,
  | "ensureOrganization"
  | "createDomain"
  | "getDomain"
  | "listDomains"
  | "insertApiKey"
  | "findApiKeyByHash"
  | "listApiKeys"
  | "revokeApiKey"
  | "getDraft"
  | "getDraftText"
  | "getDraftRevision"
  | "writeArtifactPart"
  | "deleteArtifactParts"
  | "saveDraft"
  | "getConfigVersion"
  | "getConfigVersionArtifact"
  | "getPublishedVersion"
  | "getPublishedVersionHead"
  | "publishConfigVersion"
>;

const DOMAIN_SELECT = `SELECT d.id, d.name, o.name AS organization, d.created_at, d.published_version_id
  FROM domains d JOIN organizations o ON o.id = d.organization_id`;

function toDomain(row: SqlRow): DomainRecord {
  return {
    id: text(row, "id"),
    name: text(row, "name"),
    organization: text(row, "organization"),
    createdAt: text(row, "created_at"),
    publishedVersionId: textOrNull(row, "published_version_id"),
  };
}

function toApiKey(row: SqlRow): ApiKeyRecord {
  return {
    id: text(row, "id"),
    keyHash: text(row, "key_hash"),
    domainId: text(row, "domain_id"),
    label: textOrNull(row, "label"),
    scopes: text(row, "scopes")
      .split(",")
      .filter((s) => s.length > 0) as Scope[],
    createdAt: text(row, "created_at"),
    expiresAt: textOrNull(row, "expires_at"),
    revokedAt: textOrNull(row, "revoked_at"),
  };
}

function toVersionHead(row: SqlRow): ConfigVersionHead {
  return {
    domainId: text(row, "domain_id"),
    id: text(row, "id"),
    draftRevision: int(row, "draft_revision"),
    engineVersion: text(row, "engine_version"),
    compilationId: textOrNull(row, "compilation_id"),
    publishedAt: text(row, "published_at"),
  };
}

function sealOf(row: SqlRow): ArtifactSeal | null {
  const sha256 = textOrNull(row, "artifact_sha256");
  const schema = textOrNull(row, "artifact_schema");
  return sha256 !== null && schema !== null ? { sha256, schema } : null;
}

function toVersion(row: SqlRow): ConfigVersionRecord {
  return { ...toVersionHead(row), content: json(row, "content"), artifact: json(row, "artifact_text"), artifactSeal: sealOf(row) };
}

/**
 * The artefact's text of the version row `v`: its `artifact` column, or the parts written under its compilation id
 * (writeArtifactPart), joined by the database; a part missing makes the text empty, which no load accepts.
 */
const ARTIFACT_TEXT_SQL = `CASE WHEN v.artifact_parts IS NULL THEN v.artifact ELSE COALESCE((
    SELECT CASE WHEN count(*) = v.artifact_parts THEN string_agg(p.text, '' ORDER BY p.part) ELSE '' END
    FROM artifact_parts p WHERE p.compilation_id = v.compilation_id), '') END`;

/** The columns and parameters of a version row, shared by published versions and try-it draft versions (sql-studio.ts). */
export const VERSION_INSERT_COLUMNS =
  "(domain_id, id, seq, draft_revision, content, artifact, artifact_sha256, artifact_schema, engine_version, compilation_id, published_at, artifact_parts)";
export const VERSION_INSERT_VALUES = "($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)";

export function versionInsertParams(v: Omit<ConfigVersionRecord, "id">, id: string, seq: number): SqlParam[] {
  const seal = v.artifactSeal ?? null;
  const parts = v.artifactParts ?? null;
  return [
    v.domainId,
    id,
    seq,
    v.draftRevision,
    jsonParam(v.content),
    parts === null ? jsonParam(v.artifact) : "",
    seal?.sha256 ?? null,
    seal?.schema ?? null,
    v.engineVersion,
    v.compilationId,
    v.publishedAt,
    parts,
  ];
}

/** The domain's published version, with the columns given (never its artefact: getConfigVersion reads that). */
const publishedVersionSql = (columns: string) =>
  `SELECT v.domain_id, v.id, v.draft_revision, v.engine_version, v.compilation_id, v.published_at${columns}
   FROM configuration_versions v JOIN domains d ON d.id = v.domain_id AND d.published_version_id = v.id
   WHERE d.id = $1`;

export function configVersionId(seq: number): string {
  return `cfg_${String(seq).padStart(5, "0")}`;
}

export function tenancyOperations(db: SqlExecutor): TenancyOperations {
  return {
    ...domainOperations(db),
    ...apiKeyOperations(db),
    ...configurationOperations(db),
    ...draftTextOperations(db),
    ...artifactPartOperations(db),
  };
}

/** The draft unparsed: its text, or its revision alone (a largest draft is 15 MB of JSON). */
function draftTextOperations(db: SqlExecutor): Pick<TenancyOperations, "getDraftText" | "getDraftRevision"> {
  return {
    async getDraftText(domainId) {
      const row = await db.get(`SELECT revision, content FROM drafts WHERE domain_id = $1`, [domainId]);
      return row ? { revision: int(row, "revision"), text: text(row, "content") } : null;
    },
    async getDraftRevision(domainId) {
      const row = await db.get(`SELECT revision FROM drafts WHERE domain_id = $1`, [domainId]);
      return row ? int(row, "revision") : null;
    },
  };
}

function artifactPartOperations(db: SqlExecutor): Pick<TenancyOperations, "writeArtifactPart" | "deleteArtifactParts"> {
  return {
    async writeArtifactPart(input) {
      await db.run(
        `INSERT INTO artifact_parts (compilation_id, part, text) VALUES ($1, $2, $3)
         ON CONFLICT (compilation_id, part) DO UPDATE SET text = excluded.text`,
        [input.compilationId, input.part, input.text],
      );
    },
    async deleteArtifactParts(compilationId) {
      await db.run(`DELETE FROM artifact_parts WHERE compilation_id = $1`, [compilationId]);
    },
  };
}

function domainOperations(db: SqlExecutor): Pick<TenancyOperations, "ensureOrganization" | "createDomain" | "getDomain" | "listDomains"> {
  return {
    async ensureOrganization(name, now) {
      await db.run(`INSERT INTO organizations (id, name, created_at) VALUES ($1, $1, $2) ON CONFLICT DO NOTHING`, [name, now]);
      const row = await db.get(`SELECT id FROM organizations WHERE name = $1`, [name]);
      if (!row) throw new Error("organisation insert failed");
      return text(row, "id");
    },
    async createDomain(input) {
      await db.run(`INSERT INTO domains (id, organization_id, name, created_at) VALUES ($1, $2, $3, $4)`, [
        input.id,
        input.organizationId,
        input.name,
        input.now,
      ]);
      const row = await db.get(`${DOMAIN_SELECT} WHERE d.id = $1`, [input.id]);
      if (!row) throw new Error("domain insert failed");
      return toDomain(row);
    },
    async getDomain(id) {
      const row = await db.get(`${DOMAIN_SELECT} WHERE d.id = $1`, [id]);
      return row ? toDomain(row) : null;
    },
    async listDomains() {
      return (await db.all(`${DOMAIN_SELECT} ORDER BY d.created_at, d.id`)).map(toDomain);
    },
  };
}

function apiKeyOperations(db: SqlExecutor): Pick<TenancyOperations, "insertApiKey" | "findApiKeyByHash" | "listApiKeys" | "revokeApiKey"> {
  return {
    async insertApiKey(key) {
      await db.run(
        `INSERT INTO api_keys (id, key_hash, domain_id, label, scopes, created_at, expires_at, revoked_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [key.id, key.keyHash, key.domainId, key.label, key.scopes.join(","), key.createdAt, key.expiresAt, key.revokedAt],
      );
    },
    async findApiKeyByHash(hash) {
      const row = await db.get(`SELECT * FROM api_keys WHERE key_hash = $1`, [hash]);
      return row ? toApiKey(row) : null;
    },
    async listApiKeys(domainId) {
      const rows =
        domainId === undefined
          ? await db.all(`SELECT * FROM api_keys ORDER BY created_at, id`)
          : await db.all(`SELECT * FROM api_keys WHERE domain_id = $1 ORDER BY created_at, id`, [domainId]);
      return rows.map(toApiKey);
    },
    async revokeApiKey(id, now) {
      return (await db.run(`UPDATE api_keys SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL`, [id, now])) > 0;
    },
  };
}

function configurationOperations(
  db: SqlExecutor,
): Pick<
  TenancyOperations,
  | "getDraft"
  | "saveDraft"
  | "getConfigVersion"
  | "getConfigVersionArtifact"
  | "getPublishedVersion"
  | "getPublishedVersionHead"
  | "publishConfigVersion"
> {
  return {
    async getDraft(domainId): Promise<DraftRecord | null> {
      const row = await db.get(`SELECT * FROM drafts WHERE domain_id = $1`, [domainId]);
      return row ? { domainId, revision: int(row, "revision"), content: json(row, "content"), updatedAt: text(row, "updated_at") } : null;
    },
    async saveDraft(input) {
      const content = jsonParam(input.content);
      if (input.expectedRevision === 0) {
        const inserted = await db.run(
          `INSERT INTO drafts (domain_id, revision, content, updated_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
          [input.domainId, input.revision, content, input.now],
        );
        if (inserted > 0) return true;
      }
      const updated = await db.run(
        `UPDATE drafts SET revision = $2, content = $3, updated_at = $4 WHERE domain_id = $1 AND revision = $5`,
        [input.domainId, input.revision, content, input.now, input.expectedRevision],
      );
      return updated > 0;
    },
    async getConfigVersion(domainId, id) {
      const row = await db.get(
        `SELECT v.*, ${ARTIFACT_TEXT_SQL} AS artifact_text FROM configuration_versions v WHERE v.domain_id = $1 AND v.id = $2`,
        [domainId, id],
      );
      return row ? toVersion(row) : null;
    },
    async getConfigVersionArtifact(domainId, id) {
      const row = await db.getLarge(
        `SELECT ${ARTIFACT_TEXT_SQL} AS artifact, v.artifact_sha256, v.artifact_schema
         FROM configuration_versions v WHERE v.domain_id = $1 AND v.id = $2`,
        [domainId, id],
      );
      return row ? { text: text(row, "artifact"), seal: sealOf(row) } : null;
    },
    async getPublishedVersion(domainId) {
      const row = await db.get(publishedVersionSql(", v.content"), [domainId]);
      return row ? { ...toVersionHead(row), content: json(row, "content") } : null;
    },
    async getPublishedVersionHead(domainId) {
      const row = await db.get(publishedVersionSql(""), [domainId]);
      return row ? toVersionHead(row) : null;
    },
    async publishConfigVersion(input) {
      // The increment locks the domain row, which serialises concurrent publishers of one domain.
      const seqRow = await db.get(
        `UPDATE domains SET config_version_seq = config_version_seq + 1 WHERE id = $1 RETURNING config_version_seq`,
        [input.domainId],
      );
      if (!seqRow) throw new Error(`unknown domain ${input.domainId}`);
      const seq = int(seqRow, "config_version_seq");
      const id = configVersionId(seq);
      await db.run(
        `INSERT INTO configuration_versions ${VERSION_INSERT_COLUMNS} VALUES ${VERSION_INSERT_VALUES}`,
        versionInsertParams(input, id, seq),
      );
      await db.run(`UPDATE domains SET published_version_id = $2 WHERE id = $1`, [input.domainId, id]);
      return { ...input, id };
    },
  };
}
