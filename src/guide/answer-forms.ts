// What the guide tells a person to type when an answer gave nothing: the expected form of a success
// information, taken from its JSON Schema ("a number, for example 1500", "a date, for example 15/01/2027",
// the labels of its choices). Plain text has no form: any words are recorded as they are.
import type { TargetInfo } from "./domain-labels.js";

const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);

function numberForm(schema: Record<string, unknown>, integer: boolean): string {
  const min =
    num(schema.minimum) ?? (num(schema.exclusiveMinimum) === undefined ? undefined : (num(schema.exclusiveMinimum) as number) + 1);
  const max =
    num(schema.maximum) ?? (num(schema.exclusiveMaximum) === undefined ? undefined : (num(schema.exclusiveMaximum) as number) - 1);
  // A count is small, an amount is large; the example always lies within the bounds.
  let example = integer ? 4 : 1500;
  if (max !== undefined && example > max) example = max;
  if (min !== undefined && example < min) example = min;
  const kind = integer ? "a whole number" : "a number";
  const bounds =
    min !== undefined && max !== undefined
      ? ` from ${min} to ${max}`
      : min !== undefined && min > 0
        ? ` of at least ${min}`
        : max !== undefined
          ? ` up to ${max}`
          : "";
  return `${kind}${bounds}, for example ${example}`;
}

/** A day and month that read the same in French and English day-first order, next year. */
function dateExample(today: Date): string {
  return `15/01/${today.getUTCFullYear() + 1}`;
}

function labelOf(target: TargetInfo, value: unknown): string {
  return target.valueLabels.get(JSON.stringify(value)) ?? String(value).replace(/[_-]/g, " ");
}

/** The expected form of one success information, or null when any text is a value (plain strings). */
export function expectedForm(target: TargetInfo, today: Date): string | null {
  const schema = target.schema;
  const items = typeof schema.items === "object" && schema.items !== null ? (schema.items as Record<string, unknown>) : undefined;
  if (schema.type === "array" && Array.isArray(items?.enum))
    return `one or more of: ${items.enum.map((v) => labelOf(target, v)).join(", ")}`;
  if (Array.isArray(schema.enum)) return `one of: ${schema.enum.map((v) => labelOf(target, v)).join(", ")}`;
  if (schema.type === "boolean") return `${labelOf(target, true)} or ${labelOf(target, false)}`.replace(/^true or false$/, "yes or no");
  if (schema.type === "integer") return numberForm(schema, true);
  if (schema.type === "number") return numberForm(schema, false);
  if (schema.type === "string" && (schema.format === "date" || schema.format === "date-time"))
    return `a date, for example ${dateExample(today)}`;
  return null;
}

/** The hint of a question: the forms of its success informations, each named when there are several. */
export function questionHint(targetIds: readonly string[], targets: ReadonlyMap<string, TargetInfo>, today: Date): string | null {
  const forms = targetIds.flatMap((id) => {
    const target = targets.get(id);
    const form = target ? expectedForm(target, today) : null;
    return target && form ? [{ label: target.label, form }] : [];
  });
  if (forms.length === 0) return null;
  if (forms.length === 1) return forms[0]?.form ?? null;
  return forms.map((f) => `${f.label}: ${f.form}`).join("; ");
}
