import {
  OLT_BRAND_LABELS,
  OLT_BRANDS,
  OLT_MODES,
  type OltBrandCode,
  type OltModeCode,
  type ScanOlt,
} from '@pondesk/contracts';

/** How the OLT pickers of the search popup and the scanner show OLTs: by brand, then mode. */
export const modeLabel = (mode: OltModeCode): string => mode.toUpperCase();

/** 'BDCOM GPON', 'V-SOL EPON'. */
export const oltTypeLabel = (brand: OltBrandCode, mode: OltModeCode): string =>
  `${OLT_BRAND_LABELS[brand] ?? brand} ${modeLabel(mode)}`;

export interface ModeGroup {
  mode: OltModeCode;
  label: string;
  olts: ScanOlt[];
}

export interface BrandGroup {
  brand: OltBrandCode;
  label: string;
  modes: ModeGroup[];
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/**
 * Brands in the vocabulary's order, GPON/EPON in theirs, OLTs by name (digits by value: olt-2 before
 * olt-10). Empty groups are left out.
 */
export function groupOlts(olts: readonly ScanOlt[]): BrandGroup[] {
  const groups: BrandGroup[] = [];
  const brands = [...OLT_BRANDS, ...new Set(olts.map((o) => o.brand).filter((b) => !OLT_BRANDS.includes(b)))];
  for (const brand of brands) {
    const modes: ModeGroup[] = [];
    for (const mode of OLT_MODES) {
      const items = olts
        .filter((o) => o.brand === brand && o.mode === mode)
        .sort((a, b) => collator.compare(a.name, b.name));
      if (items.length) modes.push({ mode, label: modeLabel(mode), olts: items });
    }
    if (modes.length) groups.push({ brand, label: OLT_BRAND_LABELS[brand] ?? brand, modes });
  }
  return groups;
}

/** The OLTs in the order the pickers show them. */
export const orderedOlts = (groups: readonly BrandGroup[]): ScanOlt[] =>
  groups.flatMap((g) => g.modes.flatMap((m) => m.olts));

/** OLTs whose name, code, brand or mode contains the text (any case); all of them for blank text. */
export function filterOlts(olts: readonly ScanOlt[], text: string): ScanOlt[] {
  const q = text.trim().toLowerCase();
  if (!q) return [...olts];
  return olts.filter((o) =>
    [o.name, o.code, OLT_BRAND_LABELS[o.brand] ?? o.brand, o.brand, oltTypeLabel(o.brand, o.mode)].some((t) =>
      t.toLowerCase().includes(q),
    ),
  );
}
