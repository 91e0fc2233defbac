import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Serious and critical axe violations (WCAG 2.1 A and AA) of the page as it is now, one line each (empty when none).
 * @param within a CSS selector to scan only that part (a dialog opened over a page already scanned: on the result page
 *   with every section open, the colour-contrast rule alone takes about 10 s of the browser's time per full scan)
 */
export async function seriousViolations(page: Page, within?: string): Promise<string[]> {
  // Only violations are read: axe then keeps one node of each passing rule instead of serialising every node it passed.
  // Legacy mode runs axe.run in the page itself. The default mode runs each frame's part, then opens a second page to
  // merge them: on the result page with every section open that took 24-26 s against 11-14 s, with the same
  // violations. The app has no frames, so the default mode's one gain (cross-origin frames) is not needed here.
  const builder = new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ resultTypes: ['violations'] });
  const { violations } = await (within ? builder.include(within) : builder).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.length}x, e.g. ${v.nodes[0]?.target.join(' ')}: ${v.nodes[0]?.failureSummary?.replace(/\s+/g, ' ')})`);
}
