// Forms for the common JSON Schemas of a success information, and the raw JSON view for the others.
import { useEffect, useState } from "preact/hooks";
import { Field } from "../components.js";
import { useI18n } from "../i18n.js";
import type { MessageKey } from "../i18n.js";
import { numberOrUndefined, parseList } from "./shared.js";

export type Schema = Record<string, unknown>;
export const KINDS = ["number", "integer", "date", "boolean", "enum", "enum_multiple", "text", "custom"] as const;
export type Kind = (typeof KINDS)[number];

const KIND_LABEL: Record<Kind, MessageKey> = {
  number: "kind_number",
  integer: "kind_integer",
  date: "kind_date",
  boolean: "kind_boolean",
  enum: "kind_enum",
  enum_multiple: "kind_enum_multiple",
  text: "kind_text",
  custom: "kind_custom",
};

function stringEnum(value: unknown): string[] | null {
  return Array.isArray(value) && value.every((v) => typeof v === "string") ? value : null;
}

export function kindOf(schema: Schema): Kind {
  const keys = Object.keys(schema).sort().join();
  if ((schema.type === "number" || schema.type === "integer") && /^(maximum,)?(minimum,)?type$/.test(keys)) return schema.type;
  if (schema.type === "string" && schema.format === "date" && keys === "format,type") return "date";
  if (schema.type === "boolean" && keys === "type") return "boolean";
  if (schema.type === "string" && keys === "enum,type" && stringEnum(schema.enum)) return "enum";
  const items = schema.items as Schema | undefined;
  if (schema.type === "array" && items?.type === "string" && stringEnum(items.enum) && Object.keys(items).length === 2)
    return "enum_multiple";
  if (schema.type === "string" && keys === "type") return "text";
  return "custom";
}

export function enumValues(schema: Schema): string[] {
  return stringEnum(schema.enum) ?? stringEnum((schema.items as Schema | undefined)?.enum) ?? [];
}

export function schemaOf(kind: Kind, values: string[], bounds: { minimum?: number; maximum?: number }, previous: Schema): Schema {
  switch (kind) {
    case "number":
    case "integer":
      return { type: kind, ...bounds };
    case "date":
      return { type: "string", format: "date" };
    case "boolean":
      return { type: "boolean" };
    case "enum":
      return { type: "string", enum: values };
    case "enum_multiple":
      return { type: "array", items: { type: "string", enum: values }, minItems: 1, uniqueItems: true };
    case "text":
      return { type: "string" };
    default:
      return previous;
  }
}

interface Props {
  schema: Schema;
  onChange: (schema: Schema) => void;
  name: string;
}

export function SchemaForm({ schema, onChange, name }: Props) {
  const { t } = useI18n();
  const [kind, setKind] = useState<Kind>(() => kindOf(schema));
  const [showRaw, setShowRaw] = useState(kind === "custom");
  const values = enumValues(schema);
  const bound = (field: "minimum" | "maximum") => (e: { currentTarget: HTMLInputElement }) => {
    const copy: Schema = { ...schema };
    const value = numberOrUndefined(e.currentTarget.value);
    if (value === undefined) delete copy[field];
    else copy[field] = value;
    onChange(copy);
  };
  return (
    <div class="schema-form">
      <div class="grid">
        <Field label={t("schema_kind")}>
          <select
            name={`${name}_kind`}
            value={kind}
            onChange={(e) => {
              const next = e.currentTarget.value as Kind;
              setKind(next);
              if (next === "custom") setShowRaw(true);
              else onChange(schemaOf(next, values.length ? values : ["a", "b"], {}, schema));
            }}
          >
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {t(KIND_LABEL[k])}
              </option>
            ))}
          </select>
        </Field>
        {(kind === "number" || kind === "integer") && (
          <>
            <Field label={t("minimum")}>
              <input
                name={`${name}_minimum`}
                type="number"
                value={(schema.minimum as number | undefined) ?? ""}
                onInput={bound("minimum")}
              />
            </Field>
            <Field label={t("maximum")}>
              <input
                name={`${name}_maximum`}
                type="number"
                value={(schema.maximum as number | undefined) ?? ""}
                onInput={bound("maximum")}
              />
            </Field>
          </>
        )}
      </div>
      {(kind === "enum" || kind === "enum_multiple") && (
        <Field label={t("enum_values")}>
          <textarea
            name={`${name}_values`}
            rows={Math.max(2, values.length)}
            value={values.join("\n")}
            onInput={(e) => onChange(schemaOf(kind, parseList(e.currentTarget.value, /\n/) ?? [], {}, schema))}
          />
        </Field>
      )}
      <label class="check">
        <input type="checkbox" checked={showRaw} onChange={(e) => setShowRaw(e.currentTarget.checked)} />
        {t("show_raw")}
      </label>
      {showRaw && <RawSchema schema={schema} onChange={onChange} name={name} />}
    </div>
  );
}

function RawSchema({ schema, onChange, name }: Props) {
  const { t } = useI18n();
  const printed = JSON.stringify(schema, null, 2);
  const [text, setText] = useState(printed);
  const [invalid, setInvalid] = useState(false);
  useEffect(() => setText(printed), [printed]);
  const apply = () => {
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new Error("not an object");
      setInvalid(false);
      onChange(parsed as Schema);
    } catch {
      setInvalid(true);
    }
  };
  return (
    <div class="raw-schema">
      <Field label={t("raw_schema")}>
        <textarea
          name={`${name}_raw`}
          class="mono"
          rows={6}
          value={text}
          onInput={(e) => setText(e.currentTarget.value)}
          aria-invalid={invalid}
        />
      </Field>
      {invalid && <p class="issue">{t("invalid_json")}</p>}
      <button type="button" class="secondary" onClick={apply}>
        {t("apply_schema")}
      </button>
    </div>
  );
}
