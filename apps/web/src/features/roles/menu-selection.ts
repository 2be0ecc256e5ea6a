/** The role modal's menu checkboxes: none pre-checked for a new role; Check All toggles all. */
export function toggleCode(selected: readonly number[], code: number): number[] {
  return selected.includes(code)
    ? selected.filter((c) => c !== code)
    : [...selected, code].sort((a, b) => a - b);
}

export function allChecked(selected: readonly number[], all: readonly number[]): boolean {
  return all.length > 0 && all.every((c) => selected.includes(c));
}

/** Check All when anything is unchecked, else Uncheck All. */
export function toggleAll(selected: readonly number[], all: readonly number[]): number[] {
  return allChecked(selected, all) ? [] : [...all].sort((a, b) => a - b);
}
