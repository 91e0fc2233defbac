import { useEffect, useRef } from 'react';
import type { EChartsCoreOption } from 'echarts/core';
import { echarts } from './echarts.ts';

/**
 * Runs a drawing call; a canvas without a 2-D context (a test DOM, a locked-down browser) makes ECharts throw on its
 * first paint rather than at init, and the chart then stays blank: its summary and the table beside it carry the numbers.
 */
function drawn(draw: () => void): void {
  try {
    draw();
  } catch (error) {
    console.warn('Chart could not be drawn', error);
  }
}

/** Whether this page can draw on a canvas: a test DOM (jsdom, happy-dom) or a locked-down browser gives no 2-D context. */
let canvasDrawable: boolean | null = null;
function canDrawOnCanvas(): boolean {
  if (canvasDrawable === null) {
    try {
      canvasDrawable = document.createElement('canvas').getContext('2d') !== null;
    } catch {
      canvasDrawable = false;
    }
  }
  return canvasDrawable;
}

/**
 * One chart. The container is an image to assistive technology, described by `summary`; the numbers
 * themselves are in the table shown next to every chart.
 */
export function EChart({
  option,
  height,
  summary,
  testId,
  aspectRatio,
}: {
  option: EChartsCoreOption;
  height: number;
  summary: string;
  testId?: string;
  /** Width / height: the box follows its width (maps keep their shape); `height` is then unused. */
  aspectRatio?: number;
}) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof echarts.init> | null>(null);

  useEffect(() => {
    const element = container.current;
    // Without a 2-D context ECharts throws from its animation frames too, outside any call we could guard: the chart
    // is not started, and its summary and the table beside it carry the numbers.
    if (!element || !canDrawOnCanvas()) return;
    let instance: ReturnType<typeof echarts.init>;
    try {
      instance = echarts.init(element, undefined, { renderer: 'canvas' });
    } catch (error) {
      // No canvas (e.g. a test DOM): the summary and the table next to the chart still carry the numbers.
      console.warn('Chart could not be drawn', error);
      return;
    }
    chart.current = instance;
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => drawn(() => instance.resize()));
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      drawn(() => instance.dispose());
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const instance = chart.current;
    if (instance) drawn(() => instance.setOption(option, true));
  }, [option]);

  return <div ref={container} role="img" aria-label={summary} data-testid={testId} style={aspectRatio ? { width: '100%', aspectRatio: String(aspectRatio) } : { width: '100%', height }} />;
}
