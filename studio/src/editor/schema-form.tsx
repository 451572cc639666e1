// Forms for the common JSON Schemas of a success information, and the raw JSON view for the others.
import { useEffect, useState } from "preact/hooks";
import { Field } from "../components.js";
import { useI18n } from "../i18n.js";
import type { MessageKey } from "../i18n.js";
import { KINDS, enumValues, kindOf, schemaOf } from "./schema-kinds.js";
import type { Kind, Schema } from "./schema-kinds.js";
import { numberOrUndefined, parseList } from "./shared.js";

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
