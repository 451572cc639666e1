// The studio's browser tests: the distribution's Chromium driven by playwright-core (no browser download), a
// fresh profile per run, screenshots at desktop and phone widths checked for content, and CSP violations caught.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import type { BrowserContext, Page } from "playwright-core";

export const CHROMIUM = "/usr/bin/chromium";
/** Git-ignored (.gitignore): the screenshots of the last run, for a person to look at. */
export const SCREENSHOT_DIR = fileURLToPath(new URL("../../test-artifacts/studio", import.meta.url));
export const WIDTHS = [1280, 360] as const;

const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface StudioBrowser {
  context: BrowserContext;
  page: Page;
  /** Console errors and CSP violations seen so far. */
  problems: string[];
  close(): Promise<void>;
}

export async function launchStudioBrowser(): Promise<StudioBrowser> {
  const profile = mkdtempSync(join(tmpdir(), "studio-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    viewport: { width: WIDTHS[0], height: 800 },
    locale: "en-GB",
    acceptDownloads: true,
  });
  await context.addInitScript({ content: LAYOUT_SHIFT_PROBE });
  const page = context.pages()[0] ?? (await context.newPage());
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return {
    context,
    page,
    problems,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

// Code run in the page: written as text, since the test code is typed without the DOM library.
const COUNT_COLOURS = `async (base64) => {
  const image = new Image();
  image.src = "data:image/png;base64," + base64;
  await image.decode();
  const canvas = document.createElement("canvas");
  canvas.width = image.naturalWidth;
  canvas.height = image.naturalHeight;
  const context = canvas.getContext("2d");
  context.drawImage(image, 0, 0);
  const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
  const colours = new Set();
  for (let i = 0; i < data.length; i += 4 * 7) colours.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
  return colours.size;
}`;
const TWO_FRAMES = "new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))";
const SIDEWAYS_OVERFLOW = "document.documentElement.scrollWidth - window.innerWidth";
/** Sums the layout shifts of the page not caused by input (as CLS counts them) into window.__studioShift, read and reset per screenshot. */
const LAYOUT_SHIFT_PROBE = `window.__studioShift = 0;
window.__studioShiftSources = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.hadRecentInput) continue;
    window.__studioShift += entry.value;
    for (const source of entry.sources || []) {
      const node = source.node;
      const name = node && node.nodeType === 1 ? node.tagName.toLowerCase() + (node.className ? "." + String(node.className).split(" ").join(".") : "") : "#text";
      window.__studioShiftSources.push(name + " " + source.previousRect.y + "→" + source.currentRect.y);
    }
  }
}).observe({ type: "layout-shift", buffered: true });`;
/** How many distinct colours a PNG has (sampled), computed by the browser on a blank page of its own. */
export async function distinctColours(context: BrowserContext, png: Buffer): Promise<number> {
  const scratch = await context.newPage();
  try {
    return await scratch.evaluate<number>(`(${COUNT_COLOURS})(${JSON.stringify(png.toString("base64"))})`);
  } finally {
    await scratch.close();
  }
}

export interface Shot {
  name: string;
  width: number;
  colours: number;
  /** The document's width beyond the viewport (a horizontal scroll bar when > 0). */
  overflow: number;
  /** The layout shift score since the previous screenshots (measured at the first width only), and what moved. */
  shift: number;
  shifted: string[];
}

/** Screenshots of the current page at each width, written to SCREENSHOT_DIR; back to the desktop width after. */
export async function screenshots(browser: StudioBrowser, name: string): Promise<Shot[]> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const shots: Shot[] = [];
  const shift = await browser.page.evaluate<number>("window.__studioShift");
  const shifted = await browser.page.evaluate<string[]>("window.__studioShiftSources");
  for (const width of WIDTHS) {
    await browser.page.setViewportSize({ width, height: 800 });
    await browser.page.evaluate(TWO_FRAMES);
    const png = await browser.page.screenshot({ fullPage: true });
    writeFileSync(join(SCREENSHOT_DIR, `${name}-${width}.png`), png);
    const overflow = await browser.page.evaluate<number>(SIDEWAYS_OVERFLOW);
    shots.push({
      name,
      width,
      colours: await distinctColours(browser.context, png),
      overflow,
      shift: width === WIDTHS[0] ? shift : 0,
      shifted,
    });
  }
  await browser.page.setViewportSize({ width: WIDTHS[0], height: 800 });
  await browser.page.evaluate(TWO_FRAMES);
  await browser.page.evaluate("window.__studioShift = 0; window.__studioShiftSources = []");
  return shots;
}
