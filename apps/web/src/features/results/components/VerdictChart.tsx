import { useTranslation } from 'react-i18next';
import type { Interval } from '@indicata/contracts';
import { scoreFormat, wrapLabel } from '../verdict.ts';
import { useReaderLocale } from '../../../lib/i18n.ts';

export interface VerdictBar {
  label: string;
  value: number | null;
  interval?: Interval | null;
  chosen?: boolean;
}

const ROW = 34;
const LABEL_WIDTH = 150;
const WIDTH = 460;
const PLOT = WIDTH - LABEL_WIDTH - 48;
/** Characters of a 12 px label that fit the label column (about 6.5 px each), and the lines a row holds. */
const LABEL_CHARS = 20;
const LABEL_LINES = 2;

/**
 * The verdict's one chart: test macro-F1 of the chosen model (with its bootstrap interval) and of each
 * baseline, as horizontal bars on a 0..1 scale. Plain SVG that scales to its box (no chart library to load),
 * described in words for screen readers. Long names wrap onto two lines; longer ones end in an ellipsis, with the
 * whole name as the label's tooltip.
 */
export function VerdictChart({ bars, level, summary }: { bars: VerdictBar[]; level: number; summary: string }) {
  const { t } = useTranslation('results');
  const formatScore = scoreFormat(useReaderLocale());
  const height = bars.length * ROW + 34;
  const x = (value: number) => LABEL_WIDTH + Math.max(0, Math.min(1, value)) * PLOT;
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${height}`}
      width="100%"
      style={{ maxWidth: WIDTH, display: 'block' }}
      role="img"
      aria-label={summary}
      data-testid="verdict-chart"
    >
      {[0, 0.25, 0.5, 0.75, 1].map((tick) => (
        <g key={tick}>
          <line x1={x(tick)} x2={x(tick)} y1={4} y2={bars.length * ROW + 4} stroke="var(--mantine-color-gray-4)" strokeDasharray="2 3" />
          <text x={x(tick)} y={bars.length * ROW + 18} fontSize={11} textAnchor="middle" fill="var(--mantine-color-text)">
            {formatScore(tick, String(tick).split('.')[1]?.length ?? 0)}
          </text>
        </g>
      ))}
      {bars.map((bar, i) => {
        const y = 8 + i * ROW;
        const value = bar.value ?? 0;
        const label = wrapLabel(bar.label, LABEL_CHARS, LABEL_LINES);
        const firstLine = label.lines.length > 1 ? y + 9 : y + 15;
        return (
          <g key={bar.label}>
            <text x={LABEL_WIDTH - 8} y={firstLine} fontSize={12} textAnchor="end" fontWeight={bar.chosen ? 700 : 400} fill="var(--mantine-color-text)" data-testid="verdict-chart-label">
              <title>{bar.label}</title>
              {label.lines.map((line, index) => (
                <tspan key={index} x={LABEL_WIDTH - 8} dy={index === 0 ? 0 : 13}>
                  {line}
                </tspan>
              ))}
            </text>
            <rect
              x={LABEL_WIDTH}
              y={y + 3}
              width={Math.max(0, x(value) - LABEL_WIDTH)}
              height={ROW - 14}
              rx={3}
              fill={bar.chosen ? 'var(--mantine-color-cyan-8)' : 'var(--mantine-color-gray-6)'}
            />
            {bar.interval && (
              <g stroke="var(--mantine-color-dark-7)" strokeWidth={2}>
                <line x1={x(bar.interval.low)} x2={x(bar.interval.high)} y1={y + 13} y2={y + 13} />
                <line x1={x(bar.interval.low)} x2={x(bar.interval.low)} y1={y + 7} y2={y + 19} />
                <line x1={x(bar.interval.high)} x2={x(bar.interval.high)} y1={y + 7} y2={y + 19} />
              </g>
            )}
            <text x={WIDTH - 4} y={y + 17} fontSize={12} fill="var(--mantine-color-text)" textAnchor="end" fontWeight={bar.chosen ? 700 : 400}>
              {formatScore(bar.value)}
            </text>
          </g>
        );
      })}
      <text x={LABEL_WIDTH} y={height - 2} fontSize={11} fill="var(--mantine-color-text)">
        {t('verdict.intervalLegend', { level: Math.round(level * 100) })}
      </text>
    </svg>
  );
}
