// Types of check-budgets.mjs for its test (tests/scripts/check-budgets.test.ts).
export type ManifestChunk = { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[]; isEntry?: boolean };
export type Manifest = Record<string, ManifestChunk>;
export type Budget = { route: string; opens: string[]; budgetKiB: number; targetKiB?: number; only?: boolean };
export type Measure = { route: string; files: number; kib: number; budgetKiB: number; over: boolean; targetMissed: boolean };
export const BUDGETS: Budget[];
export function criticalFiles(manifest: Manifest, opens: string[]): Set<string>;
export function measure(manifest: Manifest, budget: Budget, sizeOf: (file: string) => number): Measure;
