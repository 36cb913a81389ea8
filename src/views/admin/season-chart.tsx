/**
 * The season's chart of money collected and due by month (issue 33 point 4), drawn with uPlot: loaded only by the
 * console's home (season-picture-view.tsx imports this module lazily), never by a family's page. The canvas is an
 * image with a name; the table beside it has the same figures for screen readers and keyboard users.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useT } from '../../i18n/use-t';
import { monthText, type SeasonMonthRow } from '../../machines/admin-season.connect';

const HEIGHT = 240;
/** Collected (green) and still due (blue): each over 4.5:1 against white, as the text colours of the console. */
const COLLECTED = '#1a7f37';
const DUE = '#0b5cad';

export default function SeasonChart({ months }: { months: readonly SeasonMonthRow[] }) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const collectedLabel = t('season.collected');
  const dueLabel = t('season.due');
  const monthLabel = t('season.month');
  useEffect(() => {
    const element = box.current;
    if (element === null) return;
    const labels = months.map((month) => monthText(month.month));
    const bars = uPlot.paths.bars;
    const options: uPlot.Options = {
      width: Math.max(element.clientWidth, 240),
      height: HEIGHT,
      scales: { x: { time: false, auto: false, range: () => [-0.5, months.length - 0.5] } },
      axes: [
        {
          values: (_u, splits) => splits.map((split) => (Number.isInteger(split) ? (labels[split] ?? '') : '')),
          splits: () => months.map((_, index) => index),
        },
        { values: (_u, splits) => splits.map((split) => `$${Math.round(split).toLocaleString('en-US')}`), size: 70 },
      ],
      legend: { show: true, live: false },
      cursor: { show: false },
      series: [
        { label: monthLabel },
        {
          label: collectedLabel,
          stroke: COLLECTED,
          fill: COLLECTED,
          paths: bars?.({ size: [0.35, 48], align: -1 }),
          points: { show: false },
        },
        {
          label: dueLabel,
          stroke: DUE,
          fill: DUE,
          paths: bars?.({ size: [0.35, 48], align: 1 }),
          points: { show: false },
        },
      ],
    };
    const data: uPlot.AlignedData = [
      months.map((_, index) => index),
      months.map((month) => month.collectedCents / 100),
      months.map((month) => month.dueCents / 100),
    ];
    const plot = new uPlot(options, data, element);
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: Math.max(element.clientWidth, 240), height: HEIGHT }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [months, collectedLabel, dueLabel, monthLabel]);
  return <div ref={box} className="season-chart" role="img" aria-label={t('season.chartLabel')} />;
}
