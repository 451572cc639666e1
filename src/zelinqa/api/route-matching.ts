// Method matching for unknown-method answers (docs/zelinqa-api.md §3): a known path with another method is 405 with `Allow`.
export interface PathTemplate {
  method: string;
  path: string;
}

function templateRegex(path: string): RegExp {
  const pattern = path
    .split("/")
    .map((segment) => (segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${pattern}$`);
}

export function createMethodMatcher(templates: readonly PathTemplate[]) {
  const compiled = templates.map((t) => ({ method: t.method, regex: templateRegex(t.path) }));
  return {
    /** The methods registered for this raw path, empty when no route has it. */
    allowed(rawPath: string): string[] {
      const methods = compiled.filter((c) => c.regex.test(rawPath)).map((c) => c.method);
      return [...new Set(methods)].sort();
    },
  };
}
export type MethodMatcher = ReturnType<typeof createMethodMatcher>;
