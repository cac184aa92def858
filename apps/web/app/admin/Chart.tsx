/**
 * A daily line chart of the back office, drawn by uPlot (a small, well-kept canvas charting
 * library, loaded only under /admin) on KST days, with the same numbers as a table beside it for
 * keyboards and screen readers.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import styles from './admin.module.css';

export type ChartSeries = { label: string; values: number[]; color: string; format: (v: number) => string };

const HEIGHT = 220;
const short = (v: number) =>
  v >= 100_000_000
    ? `${Math.round(v / 10_000_000) / 10}억`
    : v >= 10_000
      ? `${Math.round(v / 1000) / 10}만`
      : String(v);

export function DailyChart({
  title,
  days,
  series,
}: {
  title: string;
  days: string[];
  series: ChartSeries[];
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const xs = days.map((d) => Date.parse(`${d}T00:00:00+09:00`) / 1000);
    const plot = new uPlot(
      {
        width: el.clientWidth || 600,
        height: HEIGHT,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Asia/Seoul'),
        scales: { x: { time: true } },
        axes: [{}, { values: (_u, vals) => vals.map(short), size: 60 }],
        series: [
          { label: '날짜' },
          ...series.map((s) => ({
            label: s.label,
            stroke: s.color,
            width: 2,
            value: (_u: uPlot, v: number | null) => (v === null ? '—' : s.format(v)),
          })),
        ],
      },
      [xs, ...series.map((s) => s.values)],
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height: HEIGHT }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, series]);
  return (
    <figure className={styles.chart}>
      <figcaption>{title}</figcaption>
      <div ref={box} aria-hidden="true" />
      <details>
        <summary>표로 보기</summary>
        <table className={styles.table} aria-label={title}>
          <thead>
            <tr>
              <th>날짜</th>
              {series.map((s) => (
                <th key={s.label}>{s.label}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((d, i) => (
              <tr key={d}>
                <th scope="row">{d}</th>
                {series.map((s) => (
                  <td key={s.label}>{s.format(s.values[i] ?? 0)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
