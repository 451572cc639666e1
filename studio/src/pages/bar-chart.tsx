// A categorical bar chart drawn by uPlot (loaded with the analytics page only), in a box of fixed height so that
// nothing moves when the data arrives; a table with the same numbers is the accessible view.
import { useEffect, useRef } from "preact/hooks";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

export interface Series {
  label: string;
  values: number[];
  /** A CSS custom property holding the colour. */
  color: string;
}

const HEIGHT = 220;

function cssColor(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || "#4a6cf7";
}

function options(labels: string[], series: Series[], width: number, rate: boolean): uPlot.Options {
  const text = cssColor("--text");
  const grid = cssColor("--border");
  const bars = uPlot.paths.bars?.({ size: [0.7 / series.length, 60], align: 0 });
  return {
    width,
    height: HEIGHT,
    legend: { show: series.length > 1, live: false },
    cursor: { show: false },
    scales: { x: { time: false, range: [-0.5, labels.length - 0.5] }, ...(rate ? { y: { range: [0, 1] } } : {}) },
    axes: [
      {
        stroke: text,
        grid: { show: false },
        splits: () => labels.map((_, i) => i),
        values: (_u, splits) => splits.map((i) => shorten(labels[i] ?? "")),
      },
      { stroke: text, grid: { stroke: grid, width: 1 } },
    ],
    series: [
      {},
      ...series.map((s, index) => ({
        label: s.label,
        fill: cssColor(s.color),
        stroke: cssColor(s.color),
        width: 0,
        paths: bars,
        points: { show: false },
        ...(series.length > 1 ? { paths: uPlot.paths.bars?.({ size: [0.35, 40], align: index === 0 ? -1 : 1 }) } : {}),
      })),
    ],
  };
}

function shorten(label: string): string {
  return label.length > 14 ? `${label.slice(0, 13)}…` : label;
}

/** `rate`: the values are shares, drawn on a 0–1 axis. */
export function BarChart({ labels, series, title, rate = false }: { labels: string[]; series: Series[]; title: string; rate?: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element || labels.length === 0) return undefined;
    const data: uPlot.AlignedData = [labels.map((_, i) => i), ...series.map((s) => s.values)];
    const chart = new uPlot(options(labels, series, element.clientWidth || 300, rate), data, element);
    const observer = new ResizeObserver(() => chart.setSize({ width: element.clientWidth || 300, height: HEIGHT }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [JSON.stringify(labels), JSON.stringify(series), rate]);
  return <div class="chart" ref={box} role="img" aria-label={title} />;
}
