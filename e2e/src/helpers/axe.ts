import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { animationsDone } from './pages.ts';

/**
 * axe-core, injected from the installed package (nothing is downloaded), run against the page
 * as it is: the WCAG 2.x A and AA rules plus WCAG 2.2's.
 */
const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export type AxeViolation = {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string; html: string }[];
};

declare global {
  interface Window {
    axe?: { run: (context: unknown, options: unknown) => Promise<{ violations: AxeViolation[] }> };
  }
}

/** The critical and serious findings on the page (or inside `include`, e.g. an open dialog). */
export async function seriousViolations(page: Page, include?: string): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.evaluate(AXE_SOURCE);
  // A dialog still fading in has its text at part opacity, which axe reads as low contrast.
  await animationsDone(page);
  const result = await page.evaluate(
    async ({ include }) =>
      window.axe!.run(include ? { include: [include] } : document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
        resultTypes: ['violations'],
      }),
    { include },
  );
  return result.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
}

/** One line per finding and element, so a failing test says what to fix and where. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .flatMap((v) =>
      v.nodes.map((n) => `[${v.impact}] ${v.id}: ${v.help} at ${n.target.join(' ')} ${n.html.slice(0, 160)}`),
    )
    .join('\n');
}
