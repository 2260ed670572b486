/**
 * Draws one ECharts option (issue 13). ECharts is fetched on first use (echarts-runtime.ts, a chunk of its own). The
 * drawing is hidden from assistive technology: the card's table is the accessible form of the same data. Where
 * ECharts cannot draw (a test DOM, a chunk that failed to load) nothing is drawn and the table still works.
 */
import type { EChartsType } from 'echarts/core';
import { useEffect, useRef, useState } from 'react';
import type { ChartOption } from './chart-options';

type Runtime = typeof import('./echarts-runtime');
let runtime: Promise<Runtime> | null = null;

/** One fetch for every chart on the page; a failed fetch is tried again by the next chart. */
function loadRuntime(): Promise<Runtime> {
  runtime ??= import('./echarts-runtime').catch((error: unknown) => {
    runtime = null;
    throw error;
  });
  return runtime;
}

export interface EChartProps {
  option: ChartOption;
  /** Fixed height in px; the width follows the container. */
  height?: number;
}

export function EChart({ option, height = 320 }: EChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  // the option to draw once ECharts has arrived (it may change while it loads)
  const latest = useRef(option);
  latest.current = option;
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let gone = false;
    let observer: ResizeObserver | undefined;
    const resize = () => chart.current?.resize();
    const dispose = () => {
      try {
        chart.current?.dispose();
      } catch {
        // a chart that never drew has nothing to free
      }
      chart.current = null;
    };
    loadRuntime()
      .then(({ init }) => {
        const el = host.current;
        if (gone || !el) return;
        const instance = init(el, undefined, { renderer: 'svg' });
        chart.current = instance;
        instance.setOption(latest.current, { notMerge: true });
        // jsdom/happy-dom and old browsers lack ResizeObserver: follow the window instead
        if (typeof ResizeObserver === 'function') {
          observer = new ResizeObserver(resize);
          observer.observe(el);
        } else window.addEventListener('resize', resize);
      })
      .catch(() => {
        dispose();
        if (!gone) setFailed(true);
      });
    return () => {
      gone = true;
      observer?.disconnect();
      window.removeEventListener('resize', resize);
      dispose();
    };
  }, []);

  useEffect(() => {
    try {
      chart.current?.setOption(option, { notMerge: true });
    } catch {
      setFailed(true);
    }
  }, [option]);

  if (failed) return null;
  return <div ref={host} aria-hidden="true" data-testid="echart" style={{ width: '100%', height }} />;
}
