// Hash routing (#/editor, #/conversations/ses_…): the server serves one index.html and needs no route of its own.
import { useEffect, useState } from "preact/hooks";

export interface Route {
  page: string;
  param: string | null;
}

export function parseRoute(hash: string): Route {
  // A one-time sign-in link (#code=…, session.ts) names no page: the app exchanges the code, then goes to the first
  // page the key opens. Read as a page, it stayed one after the exchange (replaceState fires no hashchange) and showed
  // "no access" to a browser that opened the link first.
  if (hash.startsWith("#code=")) return { page: "", param: null };
  const parts = hash.replace(/^#\/?/, "").split("/").filter(Boolean);
  return { page: parts[0] ?? "", param: parts[1] ? decodeURIComponent(parts[1]) : null };
}

export function navigate(path: string): void {
  location.hash = `#/${path}`;
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  useEffect(() => {
    const onChange = () => setRoute(parseRoute(location.hash));
    window.addEventListener("hashchange", onChange);
    return () => window.removeEventListener("hashchange", onChange);
  }, []);
  return route;
}
