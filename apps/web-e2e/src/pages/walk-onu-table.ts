import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/** Page helpers for the ONU table walk: layout checks by bounding boxes, and optional screenshots. */

/**
 * What is wrong with the ONU table's layout, as sentences (empty when nothing is): every header cell and
 * every cell of the first `rows` rows must lie inside the table's visible box and the window, no cell may
 * overlap another, and nothing drawn inside a cell may stick out of it (so no column covers another).
 */
export async function tableLayoutProblems(page: Page, rows = 5): Promise<string[]> {
  return page.evaluate((rowCount) => {
    const problems: string[] = [];
    const table = document.querySelector('table[aria-label="ONU list"]');
    const container = table?.closest('.MuiTableContainer-root');
    if (!table || !container) return ['no ONU table on the page'];
    const box = container.getBoundingClientRect();
    if (box.left < -0.5 || box.right > window.innerWidth + 0.5)
      problems.push(`the table's box ${box.left}–${box.right} is outside the window (${window.innerWidth})`);
    if (container.scrollWidth > container.clientWidth + 1)
      problems.push(`the table scrolls sideways: ${container.scrollWidth} > ${container.clientWidth}`);
    const lines = [
      table.querySelector('thead tr'),
      ...Array.from(table.querySelectorAll('tbody tr[data-testid="onu-row"]')).slice(0, rowCount),
    ].filter((r): r is HTMLTableRowElement => !!r);
    if (lines.length < 2) problems.push('the table shows no rows');
    const name = (cell: Element, line: number) =>
      `${line === 0 ? 'header' : `row ${line}`} ${cell.getAttribute('data-column') ?? cell.textContent}`;
    lines.forEach((tr, line) => {
      const cells = Array.from(tr.children);
      const rects = cells.map((c) => c.getBoundingClientRect());
      cells.forEach((cell, i) => {
        const r = rects[i];
        if (r.width < 1 || r.height < 1) problems.push(`${name(cell, line)} has no size`);
        if (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.right > window.innerWidth + 0.5)
          problems.push(`${name(cell, line)} (${r.left}–${r.right}) is outside the table's view`);
        for (let j = i + 1; j < cells.length; j++) {
          const o = rects[j];
          const w = Math.min(r.right, o.right) - Math.max(r.left, o.left);
          const h = Math.min(r.bottom, o.bottom) - Math.max(r.top, o.top);
          if (w > 0.5 && h > 0.5) problems.push(`${name(cell, line)} overlaps ${name(cells[j], line)}`);
        }
        // Whatever the cell draws stays inside it (a chip or a long text would otherwise spill over).
        for (const el of Array.from(cell.querySelectorAll('*'))) {
          if (getComputedStyle(el).visibility === 'hidden') continue;
          // What is drawn is clipped by any ancestor (inside the cell) that hides its overflow.
          let e = el.getBoundingClientRect();
          for (let a = el.parentElement; a && a !== cell; a = a.parentElement) {
            if (getComputedStyle(a).overflowX === 'visible') continue;
            const c = a.getBoundingClientRect();
            e = new DOMRect(
              Math.max(e.left, c.left),
              e.top,
              Math.max(0, Math.min(e.right, c.right) - Math.max(e.left, c.left)),
              e.height,
            );
          }
          if (e.width < 1 || e.height < 1) continue;
          if (e.left < r.left - 1 || e.right > r.right + 1)
            problems.push(
              `${name(cell, line)}: its ${el.tagName.toLowerCase()} "${(el.textContent ?? '').slice(0, 30)}" (${Math.round(e.left)}–${Math.round(e.right)}) sticks out of the cell (${Math.round(r.left)}–${Math.round(r.right)})`,
            );
        }
      });
    });
    return problems;
  }, rows);
}

/** The right edge of the docked sidebar (0 when it is not docked). */
export async function pinnedSidebarRight(page: Page): Promise<number> {
  return page.evaluate(() => {
    const paper = document.querySelector('#app-sidebar.MuiDrawer-docked .MuiDrawer-paper');
    return paper ? paper.getBoundingClientRect().right : 0;
  });
}

/**
 * For each ONU card on a phone: the parts an operator needs (OLT and port, status, RX, TX, PPPoE or
 * description, Get) that are not fully inside the window, and whether the page scrolls sideways.
 */
export async function cardProblems(page: Page): Promise<{ cards: number; problems: string[] }> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = window.innerWidth;
    if (document.documentElement.scrollWidth > width + 1)
      problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
    const cards = Array.from(document.querySelectorAll('[data-testid="onu-card"]'));
    cards.forEach((card, i) => {
      const parts: [string, Element | null][] = [
        ['port', card.querySelector('[data-testid="onu-card-port"]')],
        ['status', card.querySelector('[data-testid="onu-status"]')],
        ['rx', card.querySelector('[data-rx]')],
        ['tx', card.querySelector('[data-field="TX"]')],
        ['get', card.querySelector('button[aria-label^="Get the signal of"]')],
        ['actions', card.querySelector('button[aria-label^="Actions for"]')],
      ];
      for (const [part, el] of parts) {
        if (!el) {
          problems.push(`card ${i + 1} has no ${part}`);
          continue;
        }
        const r = el.getBoundingClientRect();
        if (r.width < 1 || r.left < -0.5 || r.right > width + 0.5)
          problems.push(`card ${i + 1}: ${part} (${r.left}–${r.right}) is not inside the window`);
      }
    });
    return { cards: cards.length, problems };
  });
}

/** Saves a screenshot under WALK_SCREENS_DIR when that is set (for a person to look at); else nothing. */
export async function screenshot(page: Page, name: string, fullPage = false): Promise<void> {
  const dir = process.env.WALK_SCREENS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage });
}
