import type { Explanation } from '@indicata/contracts';

/** One step of the waterfall: a bar from `start` to `end` (the probability before and after this input). */
export interface WaterfallStep {
  label: string;
  /** Signed change (the first and last bars: the probability itself). */
  value: number;
  start: number;
  end: number;
  kind: 'expected' | 'up' | 'down' | 'others' | 'predicted';
}

/**
 * The steps of a row's explanation from the probability knowing no input to the row's probability: the listed
 * contributions in order (largest first), the rest summed into one step when some are left out, then the total.
 * @param explanation the row's explanation (its contributions largest first)
 * @param probability the predicted class's probability (the last bar)
 * @param names indicator label of a column
 * @param labels the first, the rest's and the last bar's labels
 */
export function waterfallSteps(
  explanation: Explanation,
  probability: number,
  names: (column: string) => string,
  labels: { expected: string; others: (count: number) => string; predicted: string },
  inputs: number,
): WaterfallStep[] {
  const steps: WaterfallStep[] = [{ label: labels.expected, value: explanation.expected, start: 0, end: explanation.expected, kind: 'expected' }];
  let at = explanation.expected;
  for (const c of explanation.contributions) {
    steps.push({ label: names(c.feature), value: c.value, start: at, end: at + c.value, kind: c.value >= 0 ? 'up' : 'down' });
    at += c.value;
  }
  const rest = probability - at;
  const left = inputs - explanation.contributions.length;
  // Below a millionth the rest is rounding (or inputs that did not move it), not a bar anyone could see.
  if (left > 0 && Math.abs(rest) > 1e-6) steps.push({ label: labels.others(left), value: rest, start: at, end: probability, kind: 'others' });
  steps.push({ label: labels.predicted, value: probability, start: 0, end: probability, kind: 'predicted' });
  return steps;
}

/**
 * An axis name of an input the row lacked: the mark inside a trailing parenthetical, which shortAxisLabel keeps when
 * it cuts a long label (the target's history columns differ only there: "(previous known value, filled in)"), else
 * after the name.
 * @param name the input's short name
 * @param word the mark ("filled in")
 * @param marked the name with the mark after it, in the reader's language
 */
export function filledAxisName(name: string, word: string, marked: (name: string) => string): string {
  return name.endsWith(')') ? `${name.slice(0, -1)}, ${word})` : marked(name);
}

/**
 * A bar's label short enough for the axis, keeping a trailing parenthetical: the target's history columns differ
 * only there ("... (previous known value)", "... (previous class)"), which a cut at the end would make identical.
 * @param label the indicator's full label (the table under the chart keeps it whole)
 * @param max the most characters shown
 */
export function shortAxisLabel(label: string, max = 42): string {
  if (label.length <= max) return label;
  const tail = /\s(\([^()]*\))$/.exec(label)?.[1] ?? '';
  if (!tail || tail.length > max) return `${label.slice(0, max - 1).trimEnd()}…`;
  // A long parenthetical ("(previous known value, filled in)") still gets ten letters of the name before it: the
  // label runs a little over `max`, which the axis's room allows.
  const room = Math.max(10, max - tail.length - 2);
  return `${label.slice(0, room).trimEnd()}… ${tail}`;
}

const COLORS: Record<WaterfallStep['kind'], string> = { expected: '#868e96', up: '#2f9e44', down: '#c92a2a', others: '#adb5bd', predicted: '#1c7ed6' };

/** Room for the bars' labels, in pixels: a wide dialog shows a shortened label whole; a phone keeps room for the bars. */
export const WATERFALL_LABEL_WIDTH = { wide: 340, narrow: 140 } as const;

/**
 * The ECharts option of a horizontal waterfall: an invisible bar up to each step's lower end, stacked under a
 * visible one as long as the step (the usual way to float bars in ECharts), first step on top.
 * @param steps waterfallSteps
 * @param format a probability or change as the reader writes numbers
 * @param labelWidth the labels' room in pixels (longer labels end in an ellipsis)
 */
export function waterfallOption(steps: WaterfallStep[], format: (value: number) => string, labelWidth: number = WATERFALL_LABEL_WIDTH.wide): Record<string, unknown> {
  const font = { fontFamily: 'inherit', fontSize: 11 };
  return {
    animation: false,
    grid: { left: 8, right: 56, top: 8, bottom: 8, containLabel: true },
    xAxis: { type: 'value', min: 0, max: Math.max(1, ...steps.map((s) => Math.max(s.start, s.end))), axisLabel: { ...font, formatter: format } },
    yAxis: { type: 'category', inverse: true, data: steps.map((s) => shortAxisLabel(s.label)), axisLabel: { ...font, width: labelWidth, overflow: 'truncate', ellipsis: '…' } },
    tooltip: { show: false },
    series: [
      { type: 'bar', stack: 'w', silent: true, itemStyle: { color: 'transparent' }, data: steps.map((s) => Math.min(s.start, s.end)) },
      {
        type: 'bar',
        stack: 'w',
        barMaxWidth: 18,
        data: steps.map((s) => ({ value: Math.abs(s.end - s.start), itemStyle: { color: COLORS[s.kind] } })),
        label: {
          show: true,
          position: 'right',
          ...font,
          formatter: (p: { dataIndex: number }) => {
            const s = steps[p.dataIndex];
            return s.kind === 'expected' || s.kind === 'predicted' ? format(s.value) : `${s.value >= 0 ? '+' : '−'}${format(Math.abs(s.value))}`;
          },
        },
      },
    ],
  };
}
