// The common JSON Schemas of a success information, as the kinds its form offers, and back.
export type Schema = Record<string, unknown>;
export const KINDS = ["number", "integer", "date", "boolean", "enum", "enum_multiple", "text", "custom"] as const;
export type Kind = (typeof KINDS)[number];

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
  const arrayKeys = /^(items,)?(minItems,)?type(,uniqueItems)?$/.test(keys);
  if (schema.type === "array" && arrayKeys && items?.type === "string" && stringEnum(items.enum) && Object.keys(items).length === 2)
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
